"""The one markdown-aware passage splitter: page text → passages, for snippets and answers.

A passage is a sentence, a list item, a `Key: value` line, a table row with its header or a
frontmatter field; a lead-in ("Print only lines common to both files:"), a list item or a
caption ("Force decompression") and the code after it are one passage, and so is each "# what
it does" comment in a code block with the command under it. Headings are not passages: they
are the context of the passages under them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from swarm.wiki.captions import as_lead_in, introduces_list, leads_in, prose_captions
from swarm.wiki.code_comments import commented_commands
from swarm.wiki.frontmatter_keys import NOT_FACTS, fact_text, key_name
from swarm.wiki.html_text import html_block_lines, placeholder_in
from swarm.wiki.inline_marks import MNEMONIC, WIKILINK, WIKILINK_ALIAS, split_sentences

__all__ = [
    "Passage",
    "snippet_passages",
    "split_passages",
]

# Built once: parsing is the splitter's main cost. CommonMark plus GFM tables.
_MARKDOWN = MarkdownIt("commonmark", {"html": True}).enable("table")

# A list joins the item or paragraph introducing it ("Options:", "以下：") up to this size,
# else it stands alone (a long nested list is many facts, not one).
MAX_JOINED_CHARS = 600
_KEY_VALUE_LINE = re.compile(r"^\s*[A-Z][\w /&()'-]{0,40}:\s+\S")
_MID_SENTENCE = re.compile(r"(,|\b(of|the|a|an|and|or|to|in|on|at|for|with|by|from))\s*$", re.I)
_HAS_ALNUM = re.compile(r"[^\W_]").search  # one pass: what `any(map(str.isalnum, text))` says


# "[!note] Definition", "[!warning]- Careful": an Obsidian callout's type and title line.
_CALLOUT = re.compile(r"^\s*\[!([\w-]+)\][+-]?[ \t]*([^\n]*)(?:\n|$)")


@dataclass(frozen=True, slots=True)
class Passage:
    """One sentence, list item, table row or fact of a page, with its heading context."""

    page: str
    order: int
    text: str
    context: str  # page title and the headings above it
    block: int = 0  # the paragraph, list item or table row it comes from
    code: str = ""  # the command or code it carries (inline code or the block after a lead-in)


@dataclass(slots=True)
class _Block:
    """A paragraph, list item, table row or code block, as plain text lines."""

    kind: str  # "text", "item", "row", "code", "heading", "fact"
    lines: list[str]
    context: tuple[str, ...]
    code: str = ""
    depth: int = 0  # list nesting
    label: bool = False  # a bold-only line introducing what follows
    inline: bool = False  # a code block that is a paragraph of inline code ("`tar -tf x`")
    captioned: bool = False  # a code block after it has been joined to it

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.lines).split())

    def leads_in(self) -> bool:
        """A lead-in: the code or sub-list after it belongs to it."""
        return not self.code and (leads_in(self.text) or self.label)

    def takes_more(self, code: str) -> bool:
        """Captioned, it takes a code block right after its own, up to a joined block's size."""
        return self.captioned and bool(code) and len(self.text) + len(code) <= MAX_JOINED_CHARS

    def captions(self) -> bool:
        """A caption of the code right after it: a lead-in, a list item ("- Bring up interface
        x"), or a short paragraph saying what it does (`prose_captions`)."""
        if self.kind not in ("text", "item") or len(self.text) > MAX_JOINED_CHARS:
            return False
        if self.leads_in() or self.kind == "item":
            return True
        return prose_captions(self.text, MAX_JOINED_CHARS)


def _inline_text(token: Token) -> tuple[str, str, bool]:
    """(plain text with newlines at line breaks, inline code it holds, is a bold-only label)."""
    parts: list[str] = []
    code: list[str] = []
    strong = 0
    label = True
    for child in token.children or []:
        kind = child.type
        if kind == "text":
            parts.append(MNEMONIC.sub(lambda m: m.group(1) or m.group(2), child.content))
            if strong == 0 and child.content.strip():
                label = False
        elif kind == "code_inline":
            parts.append(child.content)
            code.append(child.content)
            label = label and strong > 0
        elif kind in ("softbreak", "hardbreak"):
            parts.append("\n")
        elif kind == "html_inline" and placeholder_in(child.content, token.children or []):
            parts.append(child.content)  # `<file-1>`: what the reader fills in, not HTML
            label = label and strong > 0
        elif kind == "image":
            parts.append(child.content)
        elif kind == "strong_open":
            strong += 1
        elif kind == "strong_close":
            strong -= 1
    text = "".join(parts)
    text = WIKILINK.sub(r"\1", WIKILINK_ALIAS.sub(r"\1", text))
    return text, " ".join(code), label and bool(text.strip()) and strong == 0


def _key_value_lines(text: str) -> list[str]:
    """A paragraph's lines, regrouped: a `Key: value` line starts a new passage unless the
    line before stopped mid-sentence ("...a survey of\\nEngland: who held what")."""
    groups: list[str] = []
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            continue
        if groups and not (_KEY_VALUE_LINE.match(line) and not _MID_SENTENCE.search(groups[-1])):
            groups[-1] += " " + line
        else:
            groups.append(line)
    return groups


def _code_blocks(content: str, context: tuple[str, ...], depth: int) -> Iterator[_Block]:
    """A fenced or indented code block: one block, or, when comments describe its commands,
    each description (as a lead-in) followed by its command."""
    pairs = commented_commands(content)
    if not pairs:
        yield _Block("code", [content.strip("\n")], context, depth=depth)
        return
    for comment, command in pairs:
        if comment:
            lead_in = comment if comment.endswith(":") else comment.rstrip(" .") + ":"
            yield _Block("text", [lead_in], context, depth=depth)
        yield _Block("code", [command], context, depth=depth)


def _blocks(text: str) -> Iterator[_Block]:
    """The page's blocks in order, each with its heading path."""
    headings: dict[int, str] = {}
    depth = 0
    in_item: list[bool] = []  # per open list item: has its first paragraph been seen
    row: list[str] = []
    row_code: list[str] = []  # the row's cells that are only inline code (`-k`, `ls -l`)
    header: list[str] = []
    in_head = False
    # Per open blockquote: its callout's title ("> [!note] Definition"), "" when it has none
    # or is a plain quote; None until its first paragraph is seen.
    quotes: list[str | None] = []
    tokens = _MARKDOWN.parse(text)
    index = 0

    def context() -> tuple[str, ...]:
        titles = tuple(title for title in quotes if title)
        return tuple(headings[level] for level in sorted(headings)) + titles

    while index < len(tokens):
        token = tokens[index]
        kind = token.type
        if kind == "heading_open":
            level = int(token.tag[1:])
            inline = tokens[index + 1]
            heading = " ".join(_inline_text(inline)[0].split())
            headings = {k: v for k, v in headings.items() if k < level}
            if heading:
                headings[level] = heading
                yield _Block("heading", [heading], context())
            index += 3
            continue
        if kind in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif kind in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif kind == "list_item_open":
            in_item.append(False)
        elif kind == "list_item_close" and in_item:
            in_item.pop()
        elif kind == "thead_open":
            in_head, header = True, []
        elif kind == "thead_close":
            in_head = False
        elif kind == "tr_open":
            row, row_code = [], []
        elif kind == "tr_close" and not in_head:
            cells = row
            if len(header) == len(cells) and any(header):
                pairs = zip(header, cells, strict=True)
                line = "; ".join(f"{h}: {c}" if h and c else h or c for h, c in pairs)
            else:
                line = " | ".join(cells)
            if any(ch.isalnum() for ch in line):
                yield _Block("row", [line], context(), code=row_code[0] if row_code else "")
        elif kind == "inline" and tokens[index - 1].type in ("th_open", "td_open"):
            cell, cell_code, _ = _inline_text(token)
            (header if in_head else row).append(" ".join(cell.split()))
            if cell_code and not in_head and " ".join(cell.split()) == " ".join(cell_code.split()):
                row_code.append(cell_code)
        elif kind == "blockquote_open":
            quotes.append(None)
        elif kind == "blockquote_close" and quotes:
            quotes.pop()
        elif kind == "inline":
            plain, code, label = _inline_text(token)
            if quotes and quotes[-1] is None:
                # An Obsidian callout's marker line is its title, the context of its text.
                callout = _CALLOUT.match(plain)
                quotes[-1] = (
                    (callout.group(2).strip() or callout.group(1).title()) if callout else ""
                )
                plain = plain[callout.end() :] if callout else plain
                if not plain.strip():
                    index += 1
                    continue
            starts_item = bool(in_item) and not in_item[-1]
            if in_item:
                in_item[-1] = True
            if code and " ".join(plain.split()) == " ".join(code.split()):
                # A paragraph that is only inline code: the command of the lead-in above.
                yield _Block("code", [code], context(), code=code, depth=depth, inline=True)
                index += 1
                continue
            groups = _key_value_lines(plain)
            for position, group in enumerate(groups):
                is_item = starts_item and position == 0
                yield _Block(
                    "item" if is_item else "text",
                    [group],
                    context(),
                    code=code if len(groups) == 1 else "",
                    depth=depth,
                    label=label,
                )
        elif kind in ("fence", "code_block"):
            yield from _code_blocks(token.content, context(), depth)
        elif kind == "html_block":  # a Jekyll page's table of facts, a <div> of prose
            for line_kind, line in html_block_lines(token.content):
                yield _Block(line_kind, [line], context(), depth=depth)
        index += 1


def _joined_blocks(text: str, blocks: Iterable[_Block] | None = None) -> Iterator[_Block]:
    """Blocks with each caption (a lead-in, a list item, an unfinished one-line paragraph)
    joined to the code block or sub-list that follows it, and a code block right under a
    heading kept (the heading says what it does); other code is not prose and is dropped."""
    pending: _Block | None = None
    previous_kind = ""
    sub_list = False  # pending is an item ending in ":" gathering its sub-list
    for block in _blocks(text) if blocks is None else blocks:
        gathers = (
            pending is not None
            and block.depth > pending.depth
            and (sub_list or introduces_list(pending.kind, pending.text))
            and len(pending.text) + len(block.text) <= MAX_JOINED_CHARS
        )
        # Names in inline code listed under a lead-in that writes code itself: its sub-list.
        if block.kind == "code" and not (gathers and block.inline and pending and pending.code):
            code = block.text  # its whitespace runs made single spaces
            if pending is not None and not pending.captioned and pending.captions() and code:
                pending.lines[-1] = as_lead_in(pending.lines[-1])
                pending.lines.append(code)
                pending.code = code
                pending.captioned = True
                sub_list = False
            elif previous_kind == "code" and pending is not None and pending.takes_more(code):
                # "Save:" over `git stash`, then a block `git stash -m 'note'`: a code block
                # right after a captioned one is the same caption's other form.
                pending.lines.append(code)
                pending.code = f"{pending.code} {code}"
            elif previous_kind == "heading" and code and block.context:
                # "## Delete a remote branch" over its command: the heading is its caption.
                lines = [f"{block.context[-1]}:", code]
                pending = _Block("code", lines, block.context, code=code, captioned=True)
            elif (previous_kind == "heading" or block.inline) and code:
                if pending is not None:
                    yield pending
                    pending = None
                yield _Block("code", [code], block.context, code=code)
            previous_kind = "code"
            continue
        if gathers and pending is not None and block.kind in ("item", "code"):
            if sub_list and not pending.lines[-1].endswith((".", ";", ",", ":", "!", "?")):
                pending.lines[-1] += ";"  # the sub-list's items stay apart: "A 1 km; B 2 km"
            pending.lines.append(block.text)
            previous_kind = "item"
            sub_list = True
            continue
        sub_list = False
        if pending is not None:
            yield pending
        previous_kind = block.kind
        if block.kind == "heading":
            pending = None
            yield block
        else:
            pending = block
    if pending is not None:
        yield pending


def _summary(blocks: Sequence[_Block]) -> str:
    """The page's summary: the first sentence of its first paragraph, when that comes before
    any command and is prose (not a `Key: value` line), under no heading but the title's."""
    for block in blocks:
        if block.captioned or block.kind in ("item", "row", "code") or len(block.context) > 1:
            return ""
        if block.kind == "text" and not block.label and not _KEY_VALUE_LINE.match(block.text):
            sentences = split_sentences(block.text)
            return sentences[0] if sentences else ""
    return ""


def split_passages(
    text: str,
    *,
    page: str = "",
    title: str = "",
    metadata: Mapping[str, Any] | None = None,
    blocks: Iterable[_Block] | None = None,
    joined: Sequence[_Block] | None = None,
) -> list[Passage]:
    """Markdown → passages: frontmatter fields (`key: value`), sentences of paragraphs, list
    items, `Key: value` lines, table rows (`Header: cell; ...`), lead-ins with their code. The
    context: the page title, the headings above, and for a passage carrying a command the page's
    summary ("comm — compare two sorted files line by line."). `blocks`: read already, if given;
    `joined`: the same after `_joined_blocks` (read only)."""
    passages: list[Passage] = []
    block_number = 0
    # A fact is about the page: its title (and the frontmatter's own title, which names the
    # page even when an index links it by a shorter label: "The tapestry" for "The Bayeux
    # Tapestry") is its context, and the context of every passage.
    names = [title, str((metadata or {}).get("title") or "").strip()]
    fact_context = " ".join(dict.fromkeys(name for name in names if name)).strip()
    for key, value in (metadata or {}).items():
        fact = fact_text(value).strip()
        if key_name(key) in NOT_FACTS or not fact or not any(c.isalnum() for c in fact):
            continue
        line = " ".join(f"{key}: {fact}".split())
        passages.append(Passage(page, len(passages), line, fact_context, block_number))
        block_number += 1
    if joined is None:
        joined = list(_joined_blocks(text, blocks))
    summary = _summary(joined)
    for block in joined:
        if block.kind == "heading":
            continue
        about = [summary] if block.code and summary else []
        context = " ".join(dict.fromkeys([fact_context, *block.context, *about])).strip()
        body = " ".join(" ".join(block.lines[:1]).split())
        rest = " ".join(block.lines[1:])
        if block.code and rest:
            # A lead-in and its code: one passage, never split between them.
            pieces = [f"{body} {rest}"]
        elif block.kind in ("row", "code"):
            pieces = [body]
        else:
            pieces = split_sentences(body)
            if rest:
                pieces[-1:] = [f"{pieces[-1]} {rest}" if pieces else rest]
        for piece in pieces:
            if _HAS_ALNUM(piece):
                code = block.code if block.code and block.code in piece else ""
                passages.append(Passage(page, len(passages), piece, context, block_number, code))
        block_number += 1
    return passages


def snippet_passages(
    text: str, blocks: Iterable[_Block] | None = None, *, joined: Sequence[_Block] | None = None
) -> list[tuple[str, bool]]:
    """(passage text, is_heading) in page order: what query snippets are cut from (`blocks`:
    the page's blocks already read, by `swarm.wiki.snippet_split`; `joined`: the same after
    `_joined_blocks`, read only)."""
    out: list[tuple[str, bool]] = []
    for block in _joined_blocks(text, blocks) if joined is None else joined:
        if block.kind == "heading":
            out.append((block.text, True))
            continue
        body = " ".join(" ".join(block.lines).split())
        whole = block.kind in ("row", "code") or bool(block.code)
        pieces: Sequence[str] = [body] if whole else split_sentences(body)
        out.extend([(piece, False) for piece in pieces if _HAS_ALNUM(piece)])
    return out

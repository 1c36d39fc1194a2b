"""A fast path for the snippet passages of simple pages: the blocks markdown-it would give the
splitter (`swarm.wiki.passages`), read line by line, for pages written in the plain subset of
markdown most wiki pages use. Anything else is None, and the caller runs the full splitter.

The subset: ATX and setext headings, paragraphs, block quotes, bullet and ordered lists
(nested, each line of an item indented to its content), fenced and indented code, thematic
breaks; inline: text, code spans, a paragraph opening with a `**bold**` run, `_` inside a word,
brackets that are no link. Not handled (None): tabs and other whitespace than spaces and
newlines, tables, HTML, links and images, reference definitions, entities, backslash escapes,
other emphasis, lazy continuation lines, empty list items. The contract is equality: for every
page it handles, `split_snippet_passages(text)` is `passages.snippet_passages(text)` and
`split_page_passages(text, ...)` is `passages.split_passages(text, ...)` (the answer step's
passages; tests/wiki/test_snippet_split.py checks hypothesis-made pages and every fixture page).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from swarm.wiki.passages import (
    Passage,
    _Block,
    _code_blocks,
    _joined_blocks,
    _key_value_lines,
    snippet_passages,
    split_passages,
)
from swarm.wiki.snippet_inline import Unsupported as _Unsupported
from swarm.wiki.snippet_inline import inline_text as _inline
from swarm.wiki.snippet_shared import share_blocks, shared_blocks
from swarm.wiki.snippet_table import table_rows

__all__ = ["fast_snippet_passages", "split_page_passages", "split_snippet_passages"]


# Whitespace other than space and newline (tabs, CR, NBSP, ideographic space...) and NUL.
_ODD_SPACE = re.compile(r"[^\S \n]|\x00")
# The ASCII characters it matches: an ASCII page is searched for each (`str.find`, a few
# instructions per 16 bytes) rather than by the class tried at every character.
_ASCII_ODD_SPACES = tuple(chr(code) for code in range(128) if _ODD_SPACE.match(chr(code)))
# A line that may be a table's delimiter row, after a line holding a pipe.
_DELIMITER_ROW = re.compile(r"^[ >|:-]*-[ >|:-]*$")
# A line holding a pipe over a line that may be a delimiter row, found in one pass over a page
# (a lookahead: each line is tried, and a delimiter row may itself start a table).
_TABLE_START = re.compile(r"^(?=([^\n]*\|[^\n]*)\n([ >|:-]*-[ >|:-]*)$)", re.MULTILINE)
_HR = re.compile(r"^(?:(?:\* *){3,}|(?:- *){3,}|(?:_ *){3,})$")
_ATX = re.compile(r"^(#{1,6})(?: +(.*?))? *$")
_UNDERLINE = re.compile(r"^(=+|-+) *$")
_MARKER = re.compile(r"^(?:[-*+]|(\d{1,9})[.)])( +|$)")
_FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")
_MAX_NESTING = 5  # lists and quotes inside each other: far under markdown-it's limit
# The first characters each of those can start with (most lines start with none: no match).
_HR_FIRST = frozenset("*-_")
_FENCE_FIRST = frozenset("`~")
_MARKER_FIRST = frozenset("-*+")  # or a digit (`str.isdigit` holds for every `\d`)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _interrupts(line: str) -> bool:
    """Whether `line` (not blank, indented at most 3 within its container) ends the
    paragraph above it."""
    text = line.lstrip(" ")
    first = text[0]
    if first == "<":
        raise _Unsupported  # an HTML block may start here
    if first == "#":
        return _ATX.match(text) is not None
    if first == ">" or (first in _HR_FIRST and _HR.match(text)):
        return True
    if first in _FENCE_FIRST and _FENCE.match(text):
        return True
    marker = _MARKER.match(text) if first in _MARKER_FIRST or first.isdigit() else None
    if marker is None:
        return False
    if not text[marker.end() :].strip(" "):
        return False  # an empty item does not interrupt a paragraph
    return marker.group(1) is None or int(marker.group(1)) == 1


def _ends_item(line: str, indent: int) -> bool:
    """Whether `line`, right under a list item's line and indented less than its content,
    ends the item (a lazy continuation line is not read)."""
    if indent >= 4:
        raise _Unsupported
    text = line[indent:]
    if text[0] == "<":
        raise _Unsupported
    first = text[0]
    if first == "#":
        return _ATX.match(text) is not None
    return first == ">" or bool(
        (first in _HR_FIRST and _HR.match(text))
        or (first in _FENCE_FIRST and _FENCE.match(text))
        or ((first in _MARKER_FIRST or first.isdigit()) and _MARKER.match(text))
    )


class _Scanner:
    """The splitter's block stream (`passages._blocks`) for one page, line by line."""

    def __init__(self) -> None:
        self.headings: dict[int, str] = {}
        self.in_item: list[bool] = []
        self.blocks: list[_Block] = []
        self._context: tuple[str, ...] = ()  # the headings over the next block, outermost first
        self.nesting = 0  # lists and quotes open (markdown-it stops reading at 20 levels)
        self.tables = False  # the page may hold a table
        self.open_fence = False  # a fence runs to the end: its body keeps the last blank lines

    def context(self) -> tuple[str, ...]:
        return self._context

    def heading(self, level: int, lines: list[str]) -> None:
        heading = " ".join(_inline(lines)[0].split()) if lines else ""
        self.headings = {k: v for k, v in self.headings.items() if k < level}
        if heading:
            self.headings[level] = heading
        self._context = tuple(self.headings[k] for k in sorted(self.headings))
        if heading:
            self.blocks.append(_Block("heading", [heading], self.context()))

    def paragraph(self, lines: list[str], depth: int) -> None:
        plain, code, label = _inline(lines)
        starts_item = bool(self.in_item) and not self.in_item[-1]
        if self.in_item:
            self.in_item[-1] = True
        context = self._context
        if code and " ".join(plain.split()) == " ".join(code.split()):
            self.blocks.append(_Block("code", [code], context, code=code, depth=depth, inline=True))
            return
        if "\n" in plain:
            groups = _key_value_lines(plain)
        else:  # one line: one group (as `_key_value_lines` gives it), or none when blank
            line = plain.strip()
            groups = [line] if line else []
        for position, group in enumerate(groups):
            is_item = starts_item and position == 0
            self.blocks.append(
                _Block(
                    "item" if is_item else "text",
                    [group],
                    context,
                    code=code if len(groups) == 1 else "",
                    depth=depth,
                    label=label,
                )
            )

    def code(self, lines: list[str], depth: int) -> None:
        content = "\n".join(lines) + "\n" if lines else ""
        self.blocks.extend(_code_blocks(content, self.context(), depth))

    def scan(self, lines: list[str], depth: int) -> None:
        """The blocks of `lines`, a container's content with its indentation removed."""
        index = 0
        count = len(lines)
        while index < count:
            line = lines[index]
            stripped = line.lstrip(" ")
            indent = len(line) - len(stripped)
            if not stripped:
                index += 1
            elif indent >= 4:
                index = self._indented_code(lines, index, depth)
            else:
                index = self._block(lines, index, indent, depth)

    def _nested(self, lines: list[str], depth: int) -> None:
        if self.nesting >= _MAX_NESTING:
            raise _Unsupported
        self.nesting += 1
        self.scan(lines, depth)
        self.nesting -= 1

    def _indented_code(self, lines: list[str], index: int, depth: int) -> int:
        end = index
        last = index
        while end < len(lines) and (not lines[end].strip(" ") or _indent(lines[end]) >= 4):
            if lines[end].strip(" "):
                last = end
            end += 1
        self.code([line[4:] if len(line) > 4 else "" for line in lines[index : last + 1]], depth)
        return last + 1

    def _table_here(self, lines: list[str], index: int) -> bool:
        """Whether a table may start at `lines[index]` (only a top-level one is read)."""
        if not self.tables or index + 1 >= len(lines) or "|" not in lines[index]:
            return False
        if not _DELIMITER_ROW.match(lines[index + 1]):
            return False
        if self.nesting:
            raise _Unsupported
        return True

    def _block(self, lines: list[str], index: int, indent: int, depth: int) -> int:
        text = lines[index][indent:]
        first = text[0]
        if self.tables and self._table_here(lines, index):
            rows, end = table_rows(lines, index)
            context = self.context()
            self.blocks.extend(_Block("row", [row], context, code=code) for row, code in rows)
            return end
        if first == "<":
            raise _Unsupported
        if first == "#":
            atx = _ATX.match(text)
            if atx is not None:
                content = atx.group(2) or ""
                if content.endswith("#"):
                    raise _Unsupported  # a closing sequence
                self.heading(len(atx.group(1)), [content] if content else [])
                return index + 1
        if first == ">":
            return self._quote(lines, index, depth)
        if first in _HR_FIRST and _HR.match(text):
            return index + 1
        fence = _FENCE.match(text) if first in _FENCE_FIRST else None
        if fence is not None:
            return self._fence(lines, index, indent, fence, depth)
        marker = _MARKER.match(text) if first in _MARKER_FIRST or first.isdigit() else None
        if marker is not None:
            return self._item(lines, index, indent, marker, depth)
        return self._paragraph(lines, index, depth)

    def _paragraph(self, lines: list[str], index: int, depth: int) -> int:
        end = index + 1
        while end < len(lines):
            line = lines[end]
            stripped = line.lstrip(" ")
            if not stripped:
                break
            indent = len(line) - len(stripped)
            if indent < 4:
                underline = _UNDERLINE.match(stripped) if stripped[0] in "=-" else None
                if underline is not None:
                    level = 1 if underline.group(1)[0] == "=" else 2
                    self.heading(level, lines[index:end])
                    return end + 1
                if self._table_here(lines, end):
                    raise _Unsupported  # a table interrupting the paragraph
                if _interrupts(line):
                    break
            end += 1
        self.paragraph(lines[index:end], depth)
        return end

    def _quote(self, lines: list[str], index: int, depth: int) -> int:
        inner: list[str] = []
        end = index
        while end < len(lines):
            line = lines[end]
            indent = _indent(line)
            if indent == len(line):
                break
            if indent >= 4 or line[indent] != ">":
                raise _Unsupported  # a lazy continuation line
            rest = line[indent + 1 :]
            inner.append(rest[1:] if rest.startswith(" ") else rest)
            end += 1
        if inner and inner[0].lstrip(" ").startswith("[!"):
            raise _Unsupported  # an Obsidian callout: its title line is read by the splitter
        self._nested(inner, depth)
        return end

    def _fence(
        self, lines: list[str], index: int, indent: int, fence: re.Match[str], depth: int
    ) -> int:
        marker = fence.group(1)
        if marker[0] == "`" and "`" in fence.group(2):
            raise _Unsupported
        body: list[str] = []
        end = index + 1
        count = len(lines)
        while end < count:
            line = lines[end]
            stripped = line.lstrip(" ")
            line_indent = len(line) - len(stripped)
            if (
                line_indent < 4
                and stripped.startswith(marker)
                and not stripped.rstrip(" ").strip(marker[0])
            ):
                end += 1
                break
            body.append(line[line_indent if line_indent < indent else indent :])
            end += 1
        else:
            self.open_fence = True
        self.code(body, depth)
        return end

    def _item(
        self, lines: list[str], index: int, indent: int, marker: re.Match[str], depth: int
    ) -> int:
        spaces = len(marker.group(2))
        first = lines[index][indent + marker.end() :]
        if not first.strip(" ") or spaces > 4:
            raise _Unsupported  # an empty item, or one opening with indented code
        width = indent + marker.end()
        content = [first]
        end = index + 1
        while end < len(lines):
            line = lines[end]
            line_indent = len(line) - len(line.lstrip(" "))
            if line_indent == len(line):
                content.append("")
            elif line_indent >= width:
                content.append(line[width:])
            elif content[-1] == "" or _ends_item(line, line_indent):
                break
            else:
                raise _Unsupported  # a lazy continuation line
            end += 1
        while content and content[-1] == "":
            content.pop()
            end -= 1
        # The item's own markdown-it blocks: a list opened (depth + 1), the item entered.
        self.in_item.append(False)
        self._nested(content, depth + 1)
        self.in_item.pop()
        return end


def _blocks(text: str) -> list[_Block] | None:
    scanner = _scan(text)
    return None if scanner is None else scanner.blocks


def _odd_space(text: str) -> bool:
    """Whether `_ODD_SPACE` matches somewhere in `text`."""
    if text.isascii():
        return any(char in text for char in _ASCII_ODD_SPACES)
    return _ODD_SPACE.search(text) is not None


def _scan(text: str) -> _Scanner | None:
    if "]:" in text or _odd_space(text):  # "]:": a reference definition may be here
        return None
    lines = text.split("\n")
    scanner = _Scanner()
    for table in _TABLE_START.finditer(text) if "|" in text else ():
        # A table may start here: read only at the top level, not indented or quoted.
        if table.group(1).startswith((" ", ">")) or table.group(2).startswith((" ", ">")):
            return None
        scanner.tables = True
    try:
        scanner.scan(lines, 0)
    except _Unsupported:
        return None
    return scanner


def _joined_and_shared(text: str, share: bool) -> list[_Block] | None:
    """The fast path's joined blocks of `text` (None outside its subset), kept for
    `split_page_passages` of the same text less its surrounding newlines."""
    scanner = _scan(text)
    if scanner is None:
        return None
    joined = list(_joined_blocks(text, scanner.blocks))
    if share and not scanner.open_fence:  # its code would keep the blank lines after it
        share_blocks(text, joined)
    return joined


def fast_snippet_passages(text: str, *, share: bool = True) -> list[tuple[str, bool]] | None:
    """`snippet_passages(text)` read without markdown-it, or None when the page uses markdown
    outside the fast path's subset. `share`: keep its blocks for the answer step's split."""
    joined = _joined_and_shared(text, share)
    return None if joined is None else snippet_passages(text, joined=joined)


def split_snippet_passages(text: str, *, share: bool = True) -> list[tuple[str, bool]]:
    """(passage text, is_heading) in page order, as `passages.snippet_passages` gives them:
    by the fast path when the page allows it, else by the full splitter (`share`: see
    `fast_snippet_passages`)."""
    fast = fast_snippet_passages(text, share=share)
    return fast if fast is not None else snippet_passages(text)


def split_page_passages(
    text: str, *, page: str = "", title: str = "", metadata: Mapping[str, Any] | None = None
) -> list[Passage]:
    """`passages.split_passages` (the answer step's passages), its blocks read by the fast
    path when the page allows it (or as the snippet path last read the page: `snippet_shared`),
    else by markdown-it: the same passages either way."""
    shared = shared_blocks(text)
    if shared is not None:
        return split_passages(text, page=page, title=title, metadata=metadata, joined=shared)
    return split_passages(text, page=page, title=title, metadata=metadata, blocks=_blocks(text))

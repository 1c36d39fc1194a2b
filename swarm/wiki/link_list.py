"""A fast path for the common index.md: headings over plain link lists, read line by line.

`- [Title](path.md): what it is` and `- [[path|Title]] — what it is` lines under `#`
headings, with plain paragraphs between, parse to exactly what markdown-it gives, about 20×
faster (markdown-it is 0.4 s of a 4,000-page first start, 8 s at 100,000). Anything this
reader is not sure about (emphasis or escape characters, tables, quotes, code, HTML, a second
link on a line, deep indentation, CR line ends, frontmatter) makes it give up on the whole
text, and `swarm.wiki.index` parses it with markdown-it instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["LinkRow", "link_list_rows"]

# (raw link target, link text, is a wikilink, description, section): one per link, as
# `swarm.wiki.index` makes them from markdown-it's tokens (description only on a line's
# first link).
LinkRow = tuple[str, str, bool, str, str]

# Characters that never start or change markdown inline syntax in the commonmark preset
# (html off, no linkify); `_` is literal only inside a word (checked apart, `_EMPHASIS_RISK`);
# `#` matters only in a heading line.
_PLAIN = r"[^\x00-\x1f\x7f\\`*\[\]<>&!~]"
_TEXT = rf"{_PLAIN}*"
_HEADING_TEXT = r"[^\x00-\x1f\x7f\\`*\[\]<>&!~#]*"
_EMPHASIS_RISK = re.compile(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
# Link targets that markdown-it's link normaliser leaves as they are (ASCII, valid %-escapes)
# or %-encodes as UTF-8 (other letters), which `normalise_page_path` decodes again.
# Possessive runs (no ")" is in them, so a shorter run never lets the ")" after it match):
# the same targets as one character at a time, in fewer regex steps and never backtracking.
_TARGET = r"(?:[A-Za-z0-9._~/+,@=#?-]++|%[0-9A-Fa-f]{2}|[^\x00-\x7f\s]++)++"
_WIKI_CHARS = r"[^\[\]|\x00-\x1f\x7f\\`<>&]"
_HEADING = re.compile(rf"#{{1,6}}(?:[ ]+({_HEADING_TEXT}))?")
_ITEM = re.compile(
    rf"(?P<indent>(?:[ ]{{2}}|[ ]{{4}})?)[-*][ ]"
    rf"(?:\[(?P<text>{_TEXT})\]\((?P<target>{_TARGET})\)"
    rf"|\[\[(?P<wiki>{_WIKI_CHARS}{{1,400}}?)(?:\|(?P<alias>{_WIKI_CHARS}{{0,100}}))?\]\])"
    rf"(?P<after>{_TEXT})"
)
# The start of a list item this reader leaves to markdown-it, one line at a time.
_OTHER_ITEM = re.compile(r"[-*][ ]+\S")
_PARAGRAPH = re.compile(rf"[A-Za-z(\"'\u00c0-\uffff]{_TEXT}")
# `|` is plain text unless a table delimiter row (`|---|---|`, `--- | ---`) makes a table.
_DELIMITER_ROW = re.compile(r"[ |:-]*-[ |:-]*")  # a whole line, when it holds a "|"
# A link reference definition anywhere changes what `[x]` means everywhere: no fast path.
_DEFINITION = re.compile(r"^[ ]{0,3}(?:[-*+>][ ]+)*\[[^\]]+\]:", re.MULTILINE)
_SEPARATORS = " \t-–—:|·•,;>"


def _clean(text: str) -> str:
    return " ".join(text.split())


def link_list_rows(text: str, parse_line: Callable[[str], list[LinkRow]]) -> list[LinkRow] | None:
    """The index's link rows when `text` is a plain link-list index, else None.

    A top-level list line this reader is unsure of (emphasis, code, brackets in its text)
    is handed to `parse_line` (markdown-it on that line alone: it is a block of its own when
    the next line is blank, a heading or another list line); any other unsure line gives up
    on the whole text."""
    if "\r" in text or "\t" in text or text.startswith("\ufeff"):
        return None
    # Both regexes try every position of the text: a substring check first ("]:" ends every
    # definition; a delimiter row is a line holding "|") keeps them off most indexes.
    if "]:" in text and _DEFINITION.search(text):
        return None
    if "|" in text and _has_table_delimiter(text):
        return None
    rows: list[LinkRow] = []
    section = ""
    previous = "blank"  # what the line before was: blank, heading, paragraph, item
    pending: str | None = None  # an unsure list line, parsed once the next line is known
    for line in text.split("\n"):
        stripped = line.rstrip(" ")
        kind, item = _kind(stripped, previous)
        if kind is None:
            return None
        if pending is not None:
            if kind == "paragraph" or (kind == "item" and item is not None and item["indent"]):
                return None  # it could continue the unsure line: not a block of its own
            rows += [(*row[:4], section) for row in parse_line(pending)]
            pending = None
        if kind == "heading":
            section = _clean(_HEADING.fullmatch(stripped).group(1) or "")  # type: ignore[union-attr]
        elif kind == "item" and item is not None:
            _, link_text, link_target, wiki, alias, after = item.groups()
            if link_target is not None:
                link: tuple[str, str, bool] = (link_target, link_text, False)
            else:
                target, alias = wiki.strip(), (alias or "").strip()
                link = (target, alias or target, True)
            description = _clean(after).strip(_SEPARATORS).strip()
            rows.append((*link, description, section))
        elif kind == "item":
            pending = stripped
        previous = kind
    if pending is not None:
        rows += [(*row[:4], section) for row in parse_line(pending)]
    return rows


def _has_table_delimiter(text: str) -> bool:
    """Whether a line of `text` holding a "|" is all spaces, "|", ":" and "-" with a "-" in
    it (a table's delimiter row), each found by `str.find` rather than a regex tried at every
    position of the text."""
    bar = text.find("|")
    while bar >= 0:
        start = text.rfind("\n", 0, bar) + 1
        end = text.find("\n", bar)
        end = len(text) if end < 0 else end
        if _DELIMITER_ROW.fullmatch(text, start, end):
            return True
        bar = text.find("|", end)
    return False


def _kind(line: str, previous: str) -> tuple[str | None, re.Match[str] | None]:
    """(blank | heading | item | paragraph, the item's match) or (None, None): unsure."""
    if not line:
        return "blank", None
    if "_" in line and _EMPHASIS_RISK.search(line):
        return ("item", None) if _OTHER_ITEM.match(line) else (None, None)
    if line[0] == "#":
        return ("heading" if _HEADING.fullmatch(line) else None), None
    item = _ITEM.fullmatch(line)
    if item is not None:
        if item["indent"] and previous != "item":
            return None, None  # indented after a paragraph or blank: maybe code
        return "item", item
    if _OTHER_ITEM.match(line):
        return "item", None
    if _PARAGRAPH.fullmatch(line):
        return "paragraph", None
    return None, None

"""Markdown → passages: the sentences, list items, `Key: value` lines and table rows of a page.

Pure text handling for the extractive (offline) answers and digests; headings become context.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Passage", "split_passages", "strip_inline_markdown"]

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_CODE_FENCE = re.compile(r"^\s*(```|~~~)")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+(.*)$")
_KEY_VALUE_LINE = re.compile(r"^\s*[A-Z][\w /&()'-]{0,40}:\s+\S")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?[\s:|-]+\|?\s*$")
_INLINE_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"!\[([^\]]*)\]\([^)]*\)"), r"\1"),
    (re.compile(r"\[\[[^\]|]*\|([^\]]+)\]\]"), r"\1"),
    (re.compile(r"\[\[([^\]]+)\]\]"), r"\1"),
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),
    (re.compile(r"<[^>\n]{1,200}>"), ""),
    (re.compile(r"(\*\*|__|~~)(.+?)\1"), r"\2"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"\1"),
    (re.compile(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)"), r"\1"),
    (re.compile(r"`([^`]*)`"), r"\1"),
)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]?\s+(?=[\"'“(\[]?[A-Z0-9$€£])")
_ABBREVIATION_END = re.compile(
    r"\b(e\.g|i\.e|etc|vs|mr|mrs|ms|dr|inc|ltd|co|no|approx|cf|fig|st)\.$", re.IGNORECASE
)


def strip_inline_markdown(text: str) -> str:
    for pattern, replacement in _INLINE_RULES:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


def _sentences(paragraph: str) -> list[str]:
    pieces = _SENTENCE_END.split(paragraph)
    sentences: list[str] = []
    for piece in pieces:
        piece = piece.strip()
        if not piece:
            continue
        if sentences and _ABBREVIATION_END.search(sentences[-1]):
            sentences[-1] += " " + piece
        else:
            sentences.append(piece)
    return sentences


def _table_cells(line: str) -> list[str]:
    return [strip_inline_markdown(cell) for cell in line.strip().strip("|").split("|")]


@dataclass(frozen=True, slots=True)
class Passage:
    """One sentence, list item or table row of a page, with its heading context."""

    page: str
    order: int
    text: str
    context: str  # page title and the headings above it
    block: int = 0  # the paragraph, list item or table row it comes from


def split_passages(text: str, *, page: str = "", title: str = "") -> list[Passage]:
    """Markdown → passages: sentences of paragraphs, list items, `Key: value` lines and table
    rows (rendered `Header: cell; ...`). Headings and code blocks are not passages; headings
    become the context of the passages under them."""
    headings: dict[int, str] = {}
    paragraphs: list[tuple[str, str]] = []  # (raw text, context)
    current: list[str] = []
    table_header: list[str] | None = None
    in_code = False
    lines = text.splitlines()

    def context() -> str:
        return " ".join([title, *(headings[level] for level in sorted(headings))])

    def flush() -> None:
        if current:
            paragraphs.append((" ".join(current), context()))
            current.clear()

    for index, line in enumerate(lines):
        if _CODE_FENCE.match(line):
            flush()
            in_code = not in_code
            continue
        if in_code:
            continue
        if not line.strip():
            flush()
            table_header = None
            continue
        heading = _HEADING.match(line)
        if heading:
            flush()
            level = len(heading.group(1))
            headings = {k: v for k, v in headings.items() if k < level}
            headings[level] = strip_inline_markdown(heading.group(2))
            continue
        if _TABLE_ROW.match(line):
            flush()
            if _TABLE_SEPARATOR.match(line):
                continue
            cells = _table_cells(line)
            next_line = lines[index + 1] if index + 1 < len(lines) else ""
            if table_header is None and _TABLE_SEPARATOR.match(next_line) and "-" in next_line:
                table_header = cells
                continue
            if table_header and len(table_header) == len(cells):
                pairs = zip(table_header, cells, strict=True)
                row = "; ".join(f"{h}: {c}" if h else c for h, c in pairs)
            else:
                row = " | ".join(cells)
            paragraphs.append((row, context()))
            continue
        item = _LIST_ITEM.match(line)
        if item:
            flush()
            current.append(item.group(1))
            continue
        if _KEY_VALUE_LINE.match(line) and current:
            flush()
        current.append(line.strip().lstrip(">").strip())
    flush()

    passages: list[Passage] = []
    for block, (raw, passage_context) in enumerate(paragraphs):
        for sentence in _sentences(strip_inline_markdown(raw)):
            if any(ch.isalnum() for ch in sentence):
                passages.append(Passage(page, len(passages), sentence, passage_context, block))
    return passages

"""GFM tables for the snippet splitter's fast path (`swarm.wiki.snippet_split`): the rows
`passages._blocks` makes of a table at the top level of a page, read as markdown-it's table
rule (rules_block/table.py) reads it. What it cannot read exactly raises `Unsupported`."""

from __future__ import annotations

import re

from swarm.wiki.snippet_inline import Unsupported, inline_text

__all__ = ["table_rows"]

_ALIGN = re.compile(r"^:?-+:?$")
_OPENS_BLOCK = re.compile(r"^(?:#|>|<|```|~~~|[-*+](?: |$)|\d{1,9}[.)](?: |$))")
_HR = re.compile(r"^(?:(?:\* *){3,}|(?:- *){3,}|(?:_ *){3,})$")
_MAX_SHORT_CELLS = 1_000  # markdown-it stops a table after 65,536 missing cells


def _escaped_split(line: str) -> list[str]:
    """markdown-it's `escapedSplit`: cells split at pipes, an escaped pipe kept (unescaped)."""
    result: list[str] = []
    current = ""
    last = 0
    escaped = False
    for position, char in enumerate(line):
        if char == "|":
            if not escaped:
                result.append(current + line[last:position])
                current = ""
                last = position + 1
            else:
                current += line[last : position - 1]
                last = position
        escaped = char == "\\"
    result.append(current + line[last:])
    return result


def _cells(line: str) -> list[str]:
    cells = _escaped_split(line)
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return cells


def _column_count(header: str, delimiter: str) -> int:
    """The table's columns, when `header` over `delimiter` starts a table; else raise."""
    if len(delimiter) < 2 or delimiter[0] not in "|-:" or delimiter[1] not in "|-: ":
        raise Unsupported
    if (delimiter[0] == "-" and delimiter[1] == " ") or delimiter.strip("|-: "):
        raise Unsupported
    columns = delimiter.split("|")
    aligns = 0
    for number, column in enumerate(columns):
        cell = column.strip(" ")
        if not cell and number in (0, len(columns) - 1):
            continue
        if not _ALIGN.match(cell):
            raise Unsupported
        aligns += 1
    header = header.strip(" ")
    if "|" not in header or len(_cells(header)) != aligns or aligns == 0:
        raise Unsupported
    return aligns


def _cell_text(cell: str) -> tuple[str, str]:
    """(the cell's text, whitespace-normalised; its inline code)."""
    plain, code, _ = inline_text([cell.strip(" ")])
    return " ".join(plain.split()), code


def table_rows(lines: list[str], index: int) -> tuple[list[tuple[str, str]], int]:
    """The (row line, its code) pairs of the table whose header is `lines[index]`, as the
    splitter writes rows ("Header: cell; ..."), and the line after the table."""
    count = _column_count(lines[index], lines[index + 1])
    header = [_cell_text(cell)[0] for cell in _cells(lines[index].strip(" "))]
    rows: list[tuple[str, str]] = []
    short = 0
    end = index + 2
    while end < len(lines):
        line = lines[end]
        text = line.strip(" ")
        if not text:
            break
        if line.startswith("    ") or _OPENS_BLOCK.match(text) or _HR.match(text):
            raise Unsupported  # the table may end here: not read
        found = _cells(text)
        short += count - len(found)
        if short > _MAX_SHORT_CELLS:
            raise Unsupported
        cells: list[str] = []
        codes: list[str] = []
        for number in range(count):
            cell, code = _cell_text(found[number]) if number < len(found) else ("", "")
            cells.append(cell)
            if code and cell == " ".join(code.split()):
                codes.append(code)
        if any(header):
            pairs = zip(header, cells, strict=True)
            row = "; ".join(f"{h}: {c}" if h and c else h or c for h, c in pairs)
        else:
            row = " | ".join(cells)
        if any(char.isalnum() for char in row):
            rows.append((row, codes[0] if codes else ""))
        end += 1
    return rows, end

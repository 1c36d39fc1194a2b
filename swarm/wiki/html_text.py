"""The text of a raw HTML block inside a markdown page, as passage lines.

Wikis published with Jekyll, Hugo or MkDocs often open a page with an HTML table of facts
(`<td><strong>Location</strong></td><td>Floor 55 ...</td>`) or wrap prose in `<div>`s. Markdown
parsers hand such a block over as raw HTML; its text is the page's text all the same. A table
row gives one line (`Key: value` for a two-cell row, the cells joined by " | " otherwise); any
other block gives its text. Comments, scripts and styles give nothing.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

__all__ = ["html_block_lines"]

_SKIPPED = ("script", "style", "template", "noscript")
# Text nodes are joined by spaces (a `<br/>` or a link must not glue words), then the space
# that lands before closing punctuation or after an opening bracket is taken out.
_SPACE_BEFORE = re.compile(r"\s+(?=[,.;:!?)\]])")
_SPACE_AFTER = re.compile(r"(?<=[(\[])\s+")


def _text(node: LexborNode) -> str:
    text = " ".join(node.text(separator=" ", strip=True).split())
    return _SPACE_AFTER.sub("", _SPACE_BEFORE.sub("", text))


def html_block_lines(content: str) -> list[tuple[str, str]]:
    """`(kind, line)` pairs of an HTML block: `("row", ...)` per table row with text, then
    `("text", ...)` for the text outside tables; nothing for a comment-only block."""
    tree = LexborHTMLParser(content)
    root = tree.body
    if root is None:
        return []
    for node in root.css(", ".join(_SKIPPED)):
        node.decompose()
    lines: list[tuple[str, str]] = []
    for row in root.css("tr"):
        cells = [text for cell in row.css("th, td") if (text := _text(cell))]
        if len(cells) == 2:
            lines.append(("row", f"{cells[0]}: {cells[1]}"))
        elif cells:
            lines.append(("row", " | ".join(cells)))
    for table in root.css("table"):
        table.decompose()
    rest = _text(root)
    if any(char.isalnum() for char in rest):
        lines.append(("text", rest))
    return lines

"""The text of a raw HTML block inside a markdown page, as passage lines.

Wikis published with Jekyll, Hugo or MkDocs often open a page with an HTML table of facts
(`<td><strong>Location</strong></td><td>Floor 55 ...</td>`) or wrap prose in `<div>`s. Markdown
parsers hand such a block over as raw HTML; its text is the page's text all the same. A table
row gives one line (`Key: value` for a two-cell row, the cells joined by " | " otherwise); any
other block gives its text. Comments, scripts and styles give nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from markdown_it.token import Token
from selectolax.lexbor import LexborHTMLParser, LexborNode

__all__ = ["html_block_lines", "placeholder_in", "placeholder_name"]

_SKIPPED = ("script", "style", "template", "noscript")
# Text nodes are joined by spaces (a `<br/>` or a link must not glue words), then the space
# that lands before closing punctuation or after an opening bracket is taken out.
_SPACE_BEFORE = re.compile(r"\s+(?=[,.;:!?)\]])")
_SPACE_AFTER = re.compile(r"(?<=[(\[])\s+")


# An inline tag with no attributes and no closing tag after it in its paragraph is no HTML
# but a placeholder written in angle brackets, as cheat sheets and how-tos write what the
# reader fills in ("Print lines appearing in both <file-1> and <file-2>", "tree <dir>"): it is
# text. Markup closes its tags (`<kbd>Ctrl</kbd>`), bar the few void ones written bare.
_VOID = frozenset({"br", "hr", "wbr", "img"})
_PLACEHOLDER = re.compile(r"<([a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*)>")


def placeholder_name(tag: str) -> str:
    """The name of `tag` (an inline HTML tag as markdown reads it) when it may be a
    placeholder: an opening tag in lowercase with no attributes, not a void element ("" if
    not); it is one when no `</name>` follows in its paragraph."""
    match = _PLACEHOLDER.fullmatch(tag)
    return match.group(1) if match is not None and match.group(1) not in _VOID else ""


def placeholder_in(tag: str, children: Sequence[Token]) -> bool:
    """`tag`, an html_inline token among a paragraph's inline `children` (markdown-it's), is a
    placeholder: `placeholder_name` gives it a name no closing tag among them closes."""
    name = placeholder_name(tag)
    if not name:
        return False
    closing = re.compile(rf"</\s*{re.escape(name)}\s*>", re.IGNORECASE)
    return not any(c.type == "html_inline" and closing.fullmatch(c.content) for c in children)


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

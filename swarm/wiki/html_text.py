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

__all__ = ["html_block_lines", "placeholder_tag"]

_SKIPPED = ("script", "style", "template", "noscript")
# Text nodes are joined by spaces (a `<br/>` or a link must not glue words), then the space
# that lands before closing punctuation or after an opening bracket is taken out.
_SPACE_BEFORE = re.compile(r"\s+(?=[,.;:!?)\]])")
_SPACE_AFTER = re.compile(r"(?<=[(\[])\s+")


# The elements of HTML (WHATWG, and the obsolete ones pages still hold): an inline tag naming
# none of them is no HTML but a placeholder written in angle brackets, as cheat sheets and
# how-tos write what the reader fills in ("Print lines appearing in both <file-1> and
# <file-2>", "List packages matching <phrase>"): it is text.
_ELEMENTS = frozenset(
    """a abbr acronym address applet area article aside audio b base basefont bdi bdo big blink
    blockquote body br button canvas caption center cite code col colgroup data datalist dd del
    details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame
    frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend
    li link main map mark marquee math menu meta meter nav nobr noembed noframes noscript object
    ol optgroup option output p param picture plaintext pre progress q rb rp rt rtc ruby s samp
    script search section select slot small source span strike strong style sub summary sup svg
    table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr
    xmp""".split()
)
_PLACEHOLDER = re.compile(r"<([a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*)>")


def placeholder_tag(tag: str) -> bool:
    """`tag` (an inline HTML tag as markdown reads it) is a placeholder: an opening tag with no
    attributes, in lowercase, naming no HTML element (`<file-1>`, `<package>`)."""
    match = _PLACEHOLDER.fullmatch(tag)
    return match is not None and match.group(1) not in _ELEMENTS


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

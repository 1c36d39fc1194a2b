"""The inline half of the snippet splitter's fast path (`swarm.wiki.snippet_split`): what
`passages._inline_text` makes of the inline tokens markdown-it would give a paragraph, read
without markdown-it, for text, code spans, a paragraph opening with a `**bold**` run, `_`
inside a word and brackets that are no link; anything else raises `Unsupported`."""

from __future__ import annotations

import re

from markdown_it.common.html_re import HTML_TAG_RE

from swarm.wiki.html_text import placeholder_name
from swarm.wiki.inline_marks import MNEMONIC, WIKILINK, WIKILINK_ALIAS

__all__ = ["Unsupported", "inline_text"]


class Unsupported(Exception):
    """The page uses markdown the fast path does not read: the full splitter must (never
    leaves the fast path: `snippet_split` turns it into None)."""


_BACKTICKS = re.compile(r"`+")
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_INLINE_SPECIAL = re.compile(r"[\\<*]|\]\(")
_UNDERSCORES = re.compile(r"_+")
_BOLD_END = frozenset(" \n.,:;!?)")
# What makes a paragraph's inline text more than its lines: escapes, tags, emphasis, code
# spans, entities, underscores, brackets (mnemonics, wikilinks, links).
_MARKS = re.compile(r"[\\<*`&_\[\]]")
# What a backslash escapes (ASCII punctuation, markdown-it's rules_inline/escape.py); before
# any other character it is a backslash. In the text the checks read, an escaped character
# and a literal "<" are "\x00", which starts nothing (pages holding NUL never get here).
_ESCAPABLE = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_TAG_START = frozenset("!?/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _check_plain(text: str) -> None:
    """Raise unless markdown-it reads `text` (no code spans, no line breaks) as plain text."""
    if _INLINE_SPECIAL.search(text) or ("&" in text and _ENTITY.search(text)):
        raise Unsupported
    if "_" in text:
        for run in _UNDERSCORES.finditer(text):
            start, end = run.span()
            if start == 0 or end == len(text):
                raise Unsupported
            if not (text[start - 1].isalnum() and text[end].isalnum()):
                raise Unsupported


def _unbracket(match: re.Match[str]) -> str:
    return match.group(1) or match.group(2)


class _Inline:
    """What `passages._inline_text` makes of a paragraph's inline tokens, built as they are
    read: (plain text with newlines at line breaks, the inline code, is a bold-only label)."""

    __slots__ = ("code", "label", "paragraph", "parts", "strong")

    def __init__(self, paragraph: str = "") -> None:
        self.paragraph = paragraph  # all its lines: does a tag in it close?
        self.parts: list[str] = []
        self.code: list[str] = []
        self.strong = 0
        self.label = True

    def text(self, content: str, breaks: bool = False) -> None:
        """A run of text between code spans; `breaks`: a line break follows it."""
        if not content:
            return
        if "\\" not in content and "<" not in content:
            self._plain(content, content)
            return
        piece: list[str] = []
        checked: list[str] = []
        index = 0
        size = len(content)
        while index < size:
            char = content[index]
            if char == "\\":
                if index + 1 < size:
                    escaped = content[index + 1]
                    piece.append(escaped if escaped in _ESCAPABLE else "\\" + escaped)
                    checked.append("\x00")
                    index += 2
                    continue
                if not breaks:
                    piece.append(char)  # a backslash ending the paragraph is itself
                    checked.append("\x00")
                index += 1  # before a line break, it makes that break a hard one
                continue
            if char == "<":
                end = content.find(">", index)
                between = content[index + 1 : end] if end > 0 else ""
                if ":" in between or "@" in between:
                    raise Unsupported  # maybe an autolink
                if index + 1 < size and content[index + 1] in _TAG_START:
                    tag = HTML_TAG_RE.match(content, index)
                    if (
                        tag is None
                        or content[index + 1] in "!?"
                        or any(quote in tag.group() for quote in "'\"")
                    ):
                        raise Unsupported
                    if name := placeholder_name(tag.group()):  # `<file-1>`: see html_text
                        if f"</{name}" in self.paragraph.lower():
                            raise Unsupported  # closed (maybe in a code span): markdown-it's
                        piece.append(tag.group())
                        checked.append("\x00" * len(tag.group()))
                        index = tag.end()
                        continue
                    # Inline HTML: markdown-it's html_inline token, which the splitter skips.
                    self._plain("".join(piece), "".join(checked))
                    piece, checked = [], []
                    index = tag.end()
                    continue
                piece.append(char)
                checked.append("\x00")
                index += 1
                continue
            piece.append(char)
            checked.append(char)
            index += 1
        self._plain("".join(piece), "".join(checked))

    def _plain(self, content: str, checked: str) -> None:
        """A text token's `content`; `checked`: the same with its escaped characters hidden."""
        if not content:
            return
        _check_plain(checked)
        self.parts.append(MNEMONIC.sub(_unbracket, content) if "[" in content else content)
        if self.strong == 0 and content.strip():
            self.label = False

    def code_span(self, raw: str) -> None:
        content = raw.replace("\n", " ")
        if len(content) > 2 and content[0] == " " and content[-1] == " " and content.strip(" "):
            content = content[1:-1]
        self.parts.append(content)
        self.code.append(content)
        self.label = self.label and self.strong > 0

    def line(self, line: str, breaks: bool = False) -> None:
        """One line: text and code spans; `breaks`: a line break follows it."""
        if "`" not in line:
            self.text(line, breaks)
            return
        if "\\`" in line:
            raise Unsupported  # an escaped backtick opens no code span
        if "``" not in line and line.count("`") % 2 == 0:
            # Single backticks only: each one closes the span the one before it opened.
            pieces = line.split("`")
            for index in range(0, len(pieces) - 1, 2):
                self.text(pieces[index])
                self.code_span(pieces[index + 1])
            self.text(pieces[-1], breaks)
            return
        position = 0
        runs = list(_BACKTICKS.finditer(line))
        index = 0
        while index < len(runs):
            opener = runs[index]
            size = opener.end() - opener.start()
            closer = next(
                (i for i in range(index + 1, len(runs)) if runs[i].end() - runs[i].start() == size),
                None,
            )
            if closer is None:
                raise Unsupported  # an unmatched backtick run is literal text: not handled
            self.text(line[position : opener.start()])
            self.code_span(line[opener.end() : runs[closer].start()])
            position = runs[closer].end()
            index = closer + 1
        self.text(line[position:], breaks)

    def result(self) -> tuple[str, str, bool]:
        text = "".join(self.parts)
        if "[[" in text:
            text = WIKILINK.sub(r"\1", WIKILINK_ALIAS.sub(r"\1", text))
        return text, " ".join(self.code), self.label and bool(text.strip()) and self.strong == 0


def _closing(line: str, marker: str) -> int:
    """Where the `marker` ("**" or "*") after the opening one starts, outside code spans; -1
    when none."""
    if "`" not in line:
        return line.find(marker, len(marker))
    spans: list[tuple[int, int]] = []
    runs = list(_BACKTICKS.finditer(line))
    index = 0
    while index < len(runs):
        size = runs[index].end() - runs[index].start()
        closer = next(
            (i for i in range(index + 1, len(runs)) if runs[i].end() - runs[i].start() == size),
            None,
        )
        if closer is None:
            raise Unsupported
        spans.append((runs[index].start(), runs[closer].end()))
        index = closer + 1
    position = len(marker)
    while (end := line.find(marker, position)) >= 0:
        inside = next((stop for start, stop in spans if start <= end < stop), None)
        if inside is None:
            return end
        position = inside
    return -1


def inline_text(lines: list[str]) -> tuple[str, str, bool]:
    """`passages._inline_text` of the inline token markdown-it makes of a paragraph's (or
    heading's) lines."""
    paragraph = "\n".join(lines)
    if _MARKS.search(paragraph) is None:
        # Plain text (most paragraphs): its lines, stripped, joined at their line breaks.
        return "\n".join([line.strip(" ") for line in lines]), "", False
    inline = _Inline(paragraph)
    for line in lines[:-1]:
        if line.endswith(" ") and line.rstrip(" ").endswith("\\"):
            raise Unsupported  # a backslash before trailing spaces, then a line break
    first = lines[0].strip(" ")
    if first.startswith("**"):
        end = _closing(first, "**")
        bold = first[2:end] if end > 2 else ""
        after = first[end + 2 : end + 3] if end > 2 else ""
        if (
            not bold
            or bold[0].isspace()
            or bold[-1].isspace()
            or bold[-1] == "\\"  # "\\**": an escaped "*", then one more
            or (after and after not in _BOLD_END)
        ):
            raise Unsupported
        inline.strong = 1
        inline.line(bold)  # a "*" in it, outside code, raises there
        inline.strong = 0
        first = first[end + 2 :]
    elif first.startswith("*"):
        # A paragraph opening with an *emphasised* run: its marks make no text.
        end = _closing(first, "*")
        emphasis = first[1:end] if end > 1 else ""
        after = first[end + 1 : end + 2] if end > 1 else ""
        if (
            not emphasis
            or emphasis[0].isspace()
            or emphasis[-1].isspace()
            or emphasis[-1] == "\\"
            or (after and after not in _BOLD_END)
        ):
            raise Unsupported
        inline.line(emphasis)
        first = first[end + 1 :]
    last = len(lines) - 1
    inline.line(first, last > 0)
    for number in range(1, last + 1):
        inline.parts.append("\n")
        inline.line(lines[number].strip(" "), number < last)
    return inline.result()

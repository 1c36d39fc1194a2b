"""Inline markdown read as text, and prose cut into sentences: the passage splitter's and
the fast snippet splitter's shared pieces."""

from __future__ import annotations

import re

__all__ = ["MNEMONIC", "WIKILINK", "WIKILINK_ALIAS", "split_sentences", "strip_inline_markdown"]

# A cheat sheet's mnemonic letters ("[c]reate an archive", "E[x]tract", "[v]erbosely"): the
# word without its brackets.
MNEMONIC = re.compile(r"(?<=\w)\[(\w{1,2})\]|\[(\w{1,2})\](?=\w)")
WIKILINK_ALIAS = re.compile(r"\[\[[^\]|]*\|([^\]]+)\]\]")
WIKILINK = re.compile(r"\[\[([^\]]+)\]\]")
_INLINE_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"!\[([^\]]*)\]\([^)]*\)"), r"\1"),
    (WIKILINK_ALIAS, r"\1"),
    (WIKILINK, r"\1"),
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),
    (re.compile(r"<[^>\n]{1,200}>"), ""),
    (re.compile(r"(\*\*|__|~~)(.+?)\1"), r"\2"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"\1"),
    (re.compile(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)"), r"\1"),
    (re.compile(r"`([^`]*)`"), r"\1"),
)
_SENTENCE_END = re.compile(
    r"(?<=[.!?])[\"')\]]?\s+(?=[\"'“(\[]?[A-Z0-9$€£\u3040-\u9fff])|(?<=[。！？])\s*(?=\S)"
)
_ABBREVIATION_END = re.compile(
    r"\b(e\.g|i\.e|etc|vs|mr|mrs|ms|dr|inc|ltd|co|no|approx|cf|fig|st|mt)\.$", re.IGNORECASE
)


def strip_inline_markdown(text: str) -> str:
    """Markdown inline marks (links, wikilinks, emphasis, code ticks, tags) removed."""
    for pattern, replacement in _INLINE_RULES:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


def split_sentences(paragraph: str) -> list[str]:
    """`paragraph` cut into sentences (an abbreviation's full stop ends none)."""
    sentences: list[str] = []
    for piece in _SENTENCE_END.split(paragraph):
        piece = piece.strip()
        if not piece:
            continue
        if sentences and _ABBREVIATION_END.search(sentences[-1]):
            sentences[-1] += " " + piece
        else:
            sentences.append(piece)
    return sentences

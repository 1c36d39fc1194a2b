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
# A full stop that ends an abbreviation, not its sentence: the Latin and English
# abbreviations that never close one ("e.g.", "viz.", "q.v.", "Mr.", "St.")...
_ABBREVIATION_END = re.compile(
    r"\b(e\.g|i\.e|etc|vs|viz|cf|q\.v|mr|mrs|ms|dr|prof|rev|gen|col|capt|sr|jr|inc|ltd|co|"
    r"no|nos|approx|fig|figs|vol|ch|pp|st|mt|ft|ca)\.$",
    re.IGNORECASE,
)
# ...an initial ("J. Watt", "in 1763 J. Watt", "George W. Bush"), not a letter labelling
# the lowercase noun before it ("vitamin C.", "group B.")...
_INITIAL_END = re.compile(r"(?:^|(\S*)\s)[A-Z]\.$")
_LABELLED_NOUN = re.compile(r"[a-z]{5,}")
# ...and, before a figure, any short or dotted abbreviation: "A.D. 394", "c. 600", "p. 12",
# "Nov. 5" (a sentence seldom starts with a bare figure after one).
_ABBREVIATION_BEFORE_FIGURE = re.compile(
    r"(?:(?<![\w.])[^\W\d_]{1,4}|\b(?:[^\W\d_]\.){1,3}[^\W\d_])\.$"
)
_FIGURE_START = re.compile(r"[\"'“(\[]?\d")
# What `_SENTENCE_END` needs before a cut: without one, a paragraph is one sentence.
_ANY_END = re.compile(r"[.!?。！？]").search


def strip_inline_markdown(text: str) -> str:
    """Markdown inline marks (links, wikilinks, emphasis, code ticks, tags) removed."""
    for pattern, replacement in _INLINE_RULES:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


def _abbreviation_end(sentence: str) -> bool:
    """`_ABBREVIATION_END` finds a match in `sentence` (stripped). Its longest abbreviation
    is 7 characters with the stop, so only the end is searched: a search from a position
    still reads the characters before it for its `\\b`."""
    if not sentence.endswith("."):
        return False
    return _ABBREVIATION_END.search(sentence, max(0, len(sentence) - 8)) is not None


def _abbreviation_before_figure(sentence: str) -> bool:
    """`_ABBREVIATION_BEFORE_FIGURE` finds a match in `sentence` (stripped): at most 8
    characters with the stop, searched at the end only (as `_abbreviation_end`)."""
    if not sentence.endswith("."):
        return False
    return _ABBREVIATION_BEFORE_FIGURE.search(sentence, max(0, len(sentence) - 9)) is not None


def _initial_end(sentence: str) -> bool:
    # `_INITIAL_END` needs a capital and a full stop last (its search tries every position).
    if len(sentence) < 2 or sentence[-1] != "." or not "A" <= sentence[-2] <= "Z":
        return False
    initial = _INITIAL_END.search(sentence)
    return initial is not None and not _LABELLED_NOUN.fullmatch(initial.group(1) or "")


def split_sentences(paragraph: str) -> list[str]:
    """`paragraph` cut into sentences (an abbreviation's full stop ends none)."""
    if not _ANY_END(paragraph):  # no full stop, "!" or "?": one sentence (a heading, a command)
        piece = paragraph.strip()
        return [piece] if piece else []
    sentences: list[str] = []
    for piece in _SENTENCE_END.split(paragraph):
        piece = piece.strip()
        if not piece:
            continue
        if sentences and (
            _abbreviation_end(sentences[-1])
            or _initial_end(sentences[-1])
            or (_FIGURE_START.match(piece) and _abbreviation_before_figure(sentences[-1]))
        ):
            sentences[-1] += " " + piece
        else:
            sentences.append(piece)
    return sentences

"""A modifier swapped for its opposite on the same noun: the question asks about the "closed
beta", the passage about the "open-beta"; "part-time staff" against "full-time staff". The
passage then speaks of the other kind of the thing, whatever else it shares with the question.

Pure functions over English text: a modifier and its noun, written apart or joined by a hyphen.
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile
from swarm.wiki.tokens import STOPWORDS

__all__ = ["modifier_swapped", "opposite_modifier"]

# Modifiers of general English that name one of two opposite kinds of a thing (each side may
# hold several spellings: "close" and "closed" beta).
_PAIRS: tuple[tuple[str, str], ...] = (
    ("open", "close|closed"),
    ("public", "private"),
    ("internal", "external"),
    ("inbound", "outbound"),
    ("incoming", "outgoing"),
    ("upper", "lower"),
    ("full", "part"),
    ("inner", "outer"),
    ("primary", "secondary"),
    ("major", "minor"),
    ("upstream", "downstream"),
    ("paid", "unpaid"),
    ("online", "offline"),
    ("remote", "onsite|on-site|in-office"),
    ("front", "back|rear"),
    ("northern", "southern"),
    ("eastern", "western"),
)
_OPPOSITES: dict[str, str] = {}
for _one, _other in _PAIRS:
    for _word in _one.split("|"):
        _OPPOSITES[_word] = _other
    for _word in _other.split("|"):
        _OPPOSITES[_word] = _one
_MODIFIERS = "|".join(sorted(_OPPOSITES, key=len, reverse=True))
# A modifier and the noun after it ("close beta", "part-time staff", "open-beta").
_MODIFIED = lazy_compile(rf"(?<![\w-])({_MODIFIERS})[\s-]+([a-z][a-z]{{2,}})\b", re.IGNORECASE)


def opposite_modifier(word: str) -> str | None:
    """The first spelling of `word`'s opposite kind ("public" -> "private"), or None."""
    other = _OPPOSITES.get(word.lower())
    return other.split("|")[0] if other else None


def _writes(text: str, modifiers: str, noun: str) -> bool:
    """`text` writes one of `modifiers` ("a|b") before `noun` (or its plural), apart or
    joined by a hyphen."""
    stem = re.escape(noun.removesuffix("s"))
    pattern = rf"(?<![\w-])(?:{modifiers})[\s-]+{stem}(?:s|es)?\b"
    return re.search(pattern, text, re.IGNORECASE) is not None


def modifier_swapped(question: str, text: str) -> bool:
    """`question` modifies a noun with one of an opposite pair ("close beta") and `text`
    modifies the same noun with the other ("open-beta"), never with the asked one."""
    for match in _MODIFIED.finditer(question):
        modifier, noun = match.group(1).lower(), match.group(2).lower()
        if noun in STOPWORDS:
            continue  # "open the file": a verb and its object's article, no modified noun
        asked = "|".join(
            re.escape(word) for word, other in _OPPOSITES.items() if other == _OPPOSITES[modifier]
        )
        opposite = "|".join(re.escape(word) for word in _OPPOSITES[modifier].split("|"))
        if _writes(text, opposite, noun) and not _writes(text, asked, noun):
            return True
    return False

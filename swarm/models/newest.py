"""Does a passage say which one is the newest? ("the latest release is 3.13", "3.13, the
current version"). A question asking for the latest of a series is answered only by that,
not by a release calendar ("currently scheduled for 2020-02-02") or a list of versions none
of which is called the newest ("Currently versions 3.6 to 3.9 are supported").

Pure functions over English text.
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["oldest_not_said", "says_newest"]

_I = re.IGNORECASE
_SAYS_NEWEST = lazy_compile(
    r"\b(latest|newest|most\s+recent|current|currently|now|as\s+of|today|last)\b", _I
)
# A plan's status, not the newest thing: "currently scheduled for", "the current schedule",
# "the latest planned date", "now expected in May".
_PLAN_STATUS = lazy_compile(
    r"\b(latest|newest|most\s+recent|current|currently|now|as\s+of\s+now)\s+(?:\w+\s+)?"
    r"(scheduled|planned|expected|due|targeted|projected|proposed|schedule|schedules|plan|"
    r"plans|target|targets|estimate|estimates|forecast|roadmap|timeline|calendar)\b",
    _I,
)
# The words that call one thing the newest (adverbs such as "currently" qualify the whole
# sentence: "Currently versions 3.6 to 3.9 are supported" calls none of them the newest).
_NEWEST_WORD = r"(?:latest|newest|most\s+recent|current|last)"
_VERSION = r"(?<![\w.])v?\d+(?:\.\d+)+[a-z]*\d*(?![\w.])"
_VERSIONS = lazy_compile(_VERSION, _I)
_GAP = r"(?:[^\w.]+[\w']+){0,3}?[^\w.]+"
_CALLED_NEWEST = lazy_compile(
    rf"\b{_NEWEST_WORD}\b{_GAP}{_VERSION}|{_VERSION}{_GAP}{_NEWEST_WORD}\b", _I
)


def says_newest(text: str) -> bool:
    """`text` says something is the newest: a word for it (latest, current, now, as of...)
    that is not a plan's status ("currently scheduled"), and, when it names several
    versions, one of them called the newest right next to it ("3.13 is the latest")."""
    bare = _PLAN_STATUS.sub(" ", text)
    if not _SAYS_NEWEST.search(bare):
        return False
    if len(set(_VERSIONS.findall(bare))) < 2:
        return True
    return bool(_CALLED_NEWEST.search(bare))


# "The least recent release", "the oldest version", "the earliest edition": the oldest of a
# series, answered only by a passage calling one the oldest or the first.
_ASKS_OLDEST = lazy_compile(r"\b(least\s+recent|oldest|earliest)\b", _I)
_SAYS_OLDEST = lazy_compile(
    r"\b(least\s+recent|oldest|earliest|first|initial|initially|original|originally|ever|"
    r"since|began|begun|founded)\b",
    _I,
)


def oldest_not_said(question: str, text: str) -> bool:
    """`question` asks for the oldest of a series ("the least recent release", "the oldest
    surviving book") and `text` calls nothing the oldest or the first (a changelog's 3.x
    entries say nothing of the first release)."""
    return bool(_ASKS_OLDEST.search(question)) and not _SAYS_OLDEST.search(text)

"""Names and places in a passage, for the offline evidence rule: capitalised words that are
not months, weekdays or parts of a document, and capitalised words after "in", "at"..."""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile
from swarm.models.evidence import MONTHS
from swarm.wiki.tokens import tokenize

__all__ = [
    "capitalised_names",
    "named_places",
    "personal_names",
    "titled_personal_names",
    "untitled_personal_names",
]

_PLACE_PREFIX = re.compile(r"\b(at|in|near|from|into|on|to)\s+(?:the\s+)?$", re.IGNORECASE)
_CALENDAR_NAME = re.compile(
    rf"^({MONTHS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$", re.IGNORECASE
)


# A part of a document ("in Chapter 21", "see Table 3", "Appendix B"): no name, no place.
_DOCUMENT_PART = re.compile(
    r"(?:Chapter|Section|Part|Appendix|Figure|Fig|Table|Listing|Step|Page|Volume|Vol|"
    r"Paragraph|Example|Exhibit)\.?\s+(?:\d|[IVXLC]+\b|[A-Z]\b)"
)


# A capital after a letter or an apostrophe is inside a word ("don'T", "McD"), except after
# an elided French or Italian article: "l'IGN", "d'Etalab", "dell'INPS" name IGN, Etalab, INPS.
_CAPITALISED = re.compile(r"(?:(?<![\w'’])|(?<=(?<!\w)[lLdD]['’]))[A-Z][\w'-]*")


def _stripped_end(text: str, end: int) -> int:
    """`len(text[:end].rstrip())`, without copying the text before `end`."""
    while end and text[end - 1].isspace():
        end -= 1
    return end


def _run_start(text: str, end: int) -> int:
    """Where the run of non-space characters ending at `end` starts."""
    while end and not text[end - 1].isspace():
        end -= 1
    return end


def _place_before(text: str, start: int, written: int) -> bool:
    """`_PLACE_PREFIX.search(text[:start])` (`written`: `_stripped_end(text, start)`), read
    from the start of the last two runs of non-space characters before `start`: a match is
    "in", "at"... and perhaps "the" there, then spaces. Searching the whole text before each
    capitalised word made a passage's names cost its length times its names."""
    earliest = _run_start(text, _stripped_end(text, _run_start(text, written)))
    return _PLACE_PREFIX.search(text, earliest, start) is not None


def capitalised_names(text: str, *, sentence_start: bool = False) -> set[str]:
    """Capitalised words (opening a sentence too, with `sentence_start`: "Tom covers..."),
    not months, weekdays or places after "in"/"at", as stemmed tokens."""
    found: set[str] = set()
    for match in _CAPITALISED.finditer(text):
        start = match.start()
        written = _stripped_end(text, start)  # len(text[:start].rstrip())
        if (not written or text[written - 1] in ".!?:;\n") and not sentence_start:
            continue
        if _CALENDAR_NAME.match(match.group()) or _place_before(text, start, written):
            continue
        if _DOCUMENT_PART.match(text, match.start()):
            continue
        found.update(tokenize(match.group()))
    return found


def named_places(text: str) -> set[str]:
    """Capitalised words after "at", "in", "near"... (not months or weekdays), as tokens."""
    found: set[str] = set()
    for match in re.finditer(r"\b(?:at|in|near|from|into|on|to)\s+(?:the\s+)?([A-Z][\w'-]*)", text):
        if not _CALENDAR_NAME.match(match.group(1)) and not _DOCUMENT_PART.match(
            text, match.start(1)
        ):
            found.update(tokenize(match.group(1)))
    return found


# A given name and a surname ("George Westinghouse", "Jule Schneider", "Ada K. Byron"):
# capitalised words in a run, each written in lower case after its capital.
_PERSONAL_NAME = lazy_compile(r"(?<![\w'])[A-Z][a-z'-]+(?:\s+(?:[A-Z]\.\s+)?[A-Z][a-z'-]+)+")


def personal_names(text: str) -> list[set[str]]:
    """Runs of two or more capitalised words that may name a person, each as its tokens
    (months, weekdays and document parts are no names)."""
    found = []
    for match in _PERSONAL_NAME.finditer(text):
        parts = match.group().split()
        if any(_CALENDAR_NAME.match(part) for part in parts) or _DOCUMENT_PART.match(match.group()):
            continue
        found.append(set(tokenize(match.group())))
    return found


# Titles of rank and office written before a name ("Pope Leo IX", "King Harold", "Emperor
# Babur", "President Lincoln"): general English, each saying what the person is ("Mr", "Dr",
# "Sir", "Lord" say nothing of a role a question may name: no such titles here).
_TITLE = lazy_compile(
    r"(?:Pope|King|Queen|Emperor|Empress|Prince|Princess|Duke|Duchess|Earl|Count|Countess|"
    r"Baron|Baroness|Bishop|Archbishop|Cardinal|President|"
    r"Chancellor|Governor|Senator|General|Admiral|Captain|Colonel|Sultan|Tsar|Czar|Shah|"
    r"Caliph|Pharaoh)\s"
)


def titled_personal_names(text: str) -> list[set[str]]:
    """The name runs a title of rank or office opens ("Pope Leo IX"), each as its tokens."""
    return [
        set(tokenize(match.group()))
        for match in _PERSONAL_NAME.finditer(text)
        if _TITLE.match(match.group())
    ]


def untitled_personal_names(text: str) -> list[set[str]]:
    """`personal_names` less the runs a title of rank or office opens ("Pope Leo IX": the
    title says the person is a pope, whatever else a question calls them)."""
    titled = titled_personal_names(text)
    return [name for name in personal_names(text) if name not in titled]

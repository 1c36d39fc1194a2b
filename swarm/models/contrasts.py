"""Near misses by role, for the offline evidence rule: a question that has a move the other
way ("off Hetzner" against "from AWS to Hetzner"), and a question's word that a passage says
only of what it contrasts ("Unlike fail_after, the timer starts..." says nothing of
fail_after). General English.
"""

from __future__ import annotations

import re

from swarm.wiki.tokens import tokenize

__all__ = ["contrasted", "direction_swapped"]

_FROM = re.compile(r"\b(?:from|off|out\s+of)\s+(?:the\s+)?([A-Z][\w'&.-]*)")
_TO = re.compile(r"\b(?:to|into|onto|towards?)\s+(?:the\s+)?([A-Z][\w'&.-]*)")
_CONTRAST = re.compile(
    r"\b(?:unlike|except(?:\s+for)?|excluding|other\s+than|rather\s+than|instead\s+of|"
    r"as\s+opposed\s+to|in\s+contrast\s+to)\s+((?:[^\s,;.]+\s+){0,2}[^\s,;.]+)",
    re.IGNORECASE,
)


def _named(pattern: re.Pattern[str], text: str) -> set[str]:
    return {token for match in pattern.finditer(text) for token in tokenize(match.group(1))}


def direction_swapped(question: str, text: str) -> bool:
    """The question moves a name one way and `text` only the other: "off Hetzner" (from)
    against "to Hetzner", or "to Lisbon" against "from Lisbon"."""
    asked_from, asked_to = _named(_FROM, question), _named(_TO, question)
    said_from, said_to = _named(_FROM, text), _named(_TO, text)
    return bool((asked_from & said_to) - said_from or (asked_to & said_from) - said_to)


def contrasted(question: str, question_words: frozenset[str], text: str) -> bool:
    """A question word `text` writes only in what it contrasts ("unlike X", "except X",
    "rather than X"); not when the question contrasts too ("Portuguese rather than...")."""
    if _CONTRAST.search(question):
        return False
    inside = {token for match in _CONTRAST.finditer(text) for token in tokenize(match.group(1))}
    outside = set(tokenize(_CONTRAST.sub(" ", text)))
    return bool(question_words & inside - outside)

"""An ordinal of the question said of another noun, for the offline evidence rule: "the
second musette" is not stated by "The second class of instruments ... the musette", nor "the
first abbot" by "the first house of the order ... its abbot". The passage writes the same
ordinal, so the check that a passage names no other ordinal (`typed_values.other_ordinal`)
lets it pass; the ordinal must stand before the question's noun (a word or two between:
"the second, larger musette", "the first Cluniac abbot").
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile
from swarm.models.question_words import BROAD_TYPES, GENERIC
from swarm.wiki.tokens import STOPWORDS, tokenize

__all__ = ["ordinal_on_another_noun"]

_ORDINAL_WORDS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split()
)
# A spelled ordinal and the two words after it ("second musette", "first ARPANET message").
_ORDINAL_AND_NEXT = lazy_compile(
    r"\b(" + "|".join(_ORDINAL_WORDS) + r")\s+([^\W\d_][\w'’-]*)(?:\s+([^\W\d_][\w'’-]*))?",
    re.IGNORECASE,
)
# Content words read after the ordinal in the passage ("the second, larger musette"), within
# this many characters.
_WITHIN = 3
_REACH = 60


def _noun_after(question: str) -> list[tuple[str, frozenset[str]]]:
    """Each spelled ordinal of `question` with the tokens of the (one or two) words after it
    ("first ARPANET message"), when the first is a content word naming its own kind: not
    "the first to...", nor a broad type ("the first person given penicillin" is answered by
    "the first patient")."""
    found = []
    for match in _ORDINAL_AND_NEXT.finditer(question):
        head = frozenset(tokenize(match.group(2))) - STOPWORDS
        if not head or head & (BROAD_TYPES | GENERIC):
            continue
        tail = frozenset(tokenize(match.group(3) or "")) - STOPWORDS - BROAD_TYPES - GENERIC
        found.append((match.group(1).lower(), head | tail))
    return found


def ordinal_on_another_noun(question: str, text: str) -> bool:
    """`question` puts an ordinal before a noun ("the second musette"), `text` writes that
    ordinal, and nowhere with the noun within a few words after it."""
    asked = _noun_after(question)
    if not asked:
        return False
    lowered = text.lower()
    for ordinal, noun in asked:
        places = [m.end() for m in re.finditer(rf"\b{ordinal}\b", lowered)]
        if not places:
            continue  # the passage says no such ordinal: the coverage test weighs that
        if not any(noun & set(tokenize(lowered[at : at + _REACH])[:_WITHIN]) for at in places):
            return True
    return False

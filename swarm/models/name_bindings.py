"""A name of the question bound to a word there, for the offline evidence rule: "Thasos'
father", "the governor of the Cape", "the seas on Titan", "Solomon de Caus". A passage
writing the name and the word, but never near each other, speaks of the name in another
role ("Thucydides' father Olorus ... the Thracian coast opposite Thasos" says nothing of
Thasos' father): the near miss that swaps a question's name for another the same page
writes. Names are read by their capitals, so the check is for Latin-script questions; the
bindings (a possessive, of/at/on/in) are English, a name run ("Solomon de Caus") any such
language's. A name before a noun ("the Etruscan inscription") is left out: a nationality or
a style is written apart from its noun too often ("in Early English work, a circular deeply
moulded abacus").
"""

from __future__ import annotations

import re
from functools import lru_cache

from swarm.lazy_re import lazy_compile
from swarm.models.question_words import BROAD_TYPES, GENERIC
from swarm.wiki.tokens import tokenize

__all__ = ["name_unbound"]

_NAME = r"[A-Z][\w-]*[a-z][\w-]*"
# "Thasos' father", "Hadrian's Wall".
_POSSESSIVE = lazy_compile(rf"(?<![\w'’])({_NAME})(?:['’]s?)\s+([A-Za-z][\w-]+)")
# "the governor of the Cape", "the seas on Titan", "the reformed abbey at Cluny": a noun
# after a determiner or a copula ("was governor of the Cape"; not "did the Normans capture at
# Civitate", a verb and where it was done); not "the acid of the Kent hops" (the name is the
# next noun's), nor "Magellan in the Philippines" (a name).
_FUNCTION_NEXT = r"(?:from|in|on|at|to|for|by|with|and|or|during|between|until|since|before|after)"
_OF_NAME = lazy_compile(
    r"\b(?:the|a|an|its|his|her|their|our|my|your|whose|which|what|was|is|were|are|became|"
    r"become|as)\s+(?:[a-z][\w-]*\s+)?"
    r"([a-z][\w-]+)\s+(?:of|at|on|in)\s+"
    rf"(?:the\s+(?={_NAME}\b(?!\s+(?!{_FUNCTION_NEXT}\b)[a-z])))?({_NAME})\b"
)
# "Solomon de Caus", "William the Conqueror", "Isaac Newton": a run of names.
_NAME_RUN = lazy_compile(
    rf"(?<![\w'’])({_NAME})\s+(?:(?:de|du|des|la|le|von|van|der|da|di|the|of)\s+)?({_NAME})\b"
)
# Where the bound word may stand from the name, in content words of one sentence: before it
# within six ("a fleet of three small vessels under Jan van Riebeek" is his fleet), after it
# within four ("Thucydides' father", "Halcyon Pro to €2.10 per million input tokens"); a
# run's second name after the first, a particle between at most ("Solomon de Caus"; "Newton
# ... at Woolsthorpe" is no "Woolsthorpe Newton").
_EITHER_SIDE = (-6, 4)
_NEXT = (1, 2)
_UNBOUND = BROAD_TYPES | GENERIC
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
# A table row or a record as a passage writes it: "Name: Jonas Lindqvist; Team: Payments; ...".
_RECORD = re.compile(r"[^\W\d_][\w ./()-]{0,40}:\s[^;\n]+;\s[^\W\d_][\w ./()-]{0,40}:\s")


def _opens(question: str, at: int) -> bool:
    """A capital at `at` opens the question or a sentence of it: no sign of a name."""
    before = question[:at].rstrip()
    return not before or before[-1] in ".!?:;\"'“(¿¡"


def _one(word: str) -> str:
    tokens = tokenize(word)
    return tokens[0] if len(tokens) == 1 else ""


@lru_cache(maxsize=1024)  # a question's bindings are read against each of its passages
def _bindings(question: str) -> tuple[tuple[str, str, tuple[int, int]], ...]:
    """Each (name token, bound word token, where the word may stand) of `question`."""
    found: list[tuple[str, str, tuple[int, int]]] = []
    for pattern, name_group, reach in (
        (_POSSESSIVE, 1, _EITHER_SIDE),
        (_OF_NAME, 2, _EITHER_SIDE),
        (_NAME_RUN, 1, _NEXT),
    ):
        for match in pattern.finditer(question):
            if _opens(question, match.start(name_group)):
                continue
            name, word = _one(match.group(name_group)), _one(match.group(3 - name_group))
            # "the name of Thasos", "which kind of X": a word saying nothing of the name's role.
            if name and word and name != word and word not in _UNBOUND:
                found.append((name, word, reach))
    return tuple(found)


def _near(name: str, word: str, reach: tuple[int, int], text: str) -> bool:
    low, high = reach
    for sentence in _SENTENCE.split(text):
        tokens = tokenize(sentence)
        names = [at for at, token in enumerate(tokens) if token == name]
        if names and any(
            low <= at - where <= high
            for at, token in enumerate(tokens)
            if token == word
            for where in names
        ):
            return True
    return False


def name_unbound(question: str, text: str, context: str = "") -> bool:
    """`text` (with its headings, `context`) writes a name of `question` and the word the
    question binds it to ("Thasos' father", "governor of the Cape"), and nowhere the two
    within a few words of each other in one sentence."""
    bindings = _bindings(question)
    if not bindings:  # most questions bind no name: the passage need not be read
        return False
    if _RECORD.search(text):  # a record's row binds all its cells ("Name: Jonas; Mobile: ...")
        return False
    raw = f"{context}\n{text}"
    written = set(tokenize(raw))
    # A name in the headings binds all below it ("## Brazil" over "President Luiz ..."), and so
    # does the word, unless the headings bind it to another name themselves ("# Mobile phones"
    # over a table's row for Jonas; not "Hadrian's Wall" over a sentence naming Bowness). A
    # run's two names are one person's only side by side ("Della Porta" heading a page on
    # Solomon de Caus).
    headed = set(tokenize(context))
    return any(
        name in written
        and word in written
        and (reach == _NEXT or not (name in headed or _headed_alone(word, context)))
        and not _near(name, word, reach, raw)
        for name, word, reach in bindings
    )


# A heading binding a word to a name: "Hadrian's Wall", "Marquis of Worcester (1663)".
_HEADING_OF_NAME = lazy_compile(rf"\b([A-Za-z][\w-]+)\s+(?:of|at|on|in)\s+(?:the\s+)?({_NAME})")


def _headed_alone(word: str, context: str) -> bool:
    """The headings (`context`) write `word`, and bind it to no name ("Land borders", not
    "Hadrian's Wall")."""
    if word not in tokenize(context):
        return False
    bound = [(m.group(2), m.group(1)) for m in _POSSESSIVE.finditer(context)]
    bound += [(m.group(1), m.group(2)) for m in _HEADING_OF_NAME.finditer(context)]
    return not any(_one(bound_word) == word and _one(name) for bound_word, name in bound)

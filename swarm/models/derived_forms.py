"""Derived forms of a question word in the excerpts' vocabulary: words sharing its stem once
a derivational ending is off ("defend" ~ "defender"), and a short verb's act noun ("pay" ~
"payment"). The offline Reasoner's alternatives (`swarm.models.passage_scorer`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["derived_forms"]

# General English derivational endings: "defend" is stated by "defenders", "exist" by
# "existence", "announcement" by "announced", "graduate" by "graduation" (the stems share
# all but these endings; a doubled final consonant is one: "babysitter", "babysit").
_DERIVED = re.compile(
    r"(ment|ence|ance|enc|anc|ant|ers?|ors?|ation|ion|at|al|ity|ness|ing|ed|ly|ure|ur|e|s|y)$"
)
_MIN_DERIVED_STEM = 5
# The suffix stemmer leaves "apply" but makes "applied" into "appli": a final y and i agree.
_FINAL_Y = re.compile(r"y$")
_DOUBLED = re.compile(r"([b-df-hj-np-tv-z])\1$")
# A noun made from a short verb by a suffix that names its act ("pay" -> "payment", "form"
# -> "formation", "ship" -> "shipment"): the verb itself, not another word on its stem
# ("former", "formal").
_ACT_NOUN = re.compile(r"^(?P<verb>[a-z]{3,4}?)e?(?:ment|ation)$")


def _root(word: str) -> str:
    """`word` without up to two derivational endings ("announcement" -> "announc"), its
    final y written i and a doubled final consonant single."""
    root = _FINAL_Y.sub("i", word)
    for _ in range(2):
        shorter = _DERIVED.sub("", root)
        if len(shorter) < 4:
            break
        root = shorter
    return _DOUBLED.sub(r"\1", root)


def _act_noun_of(noun: str, verb: str) -> bool:
    match = _ACT_NOUN.match(noun)
    return match is not None and match.group("verb") in {verb, verb.removesuffix("e")}


def derived_forms(
    question_words: Iterable[str], vocabulary: Iterable[str]
) -> dict[str, list[frozenset[str]]]:
    """For each question word, the words of `vocabulary` that share its stem of at least five
    letters once a derivational ending is taken off either ("defend" ~ "defender"), and a
    short verb's act noun ("pay" ~ "payment", "formation" ~ "form")."""
    roots = {word: _root(word) for word in question_words if word.isascii()}
    found: dict[str, list[frozenset[str]]] = {}
    for other in vocabulary:
        if not other.isascii() or len(other) < 3:
            continue
        other_root = _root(other) if len(other) >= _MIN_DERIVED_STEM else ""
        for word, root in roots.items():
            if other == word:
                continue
            if _act_noun_of(other, word) or _act_noun_of(word, other):
                found.setdefault(word, []).append(frozenset({other}))
            elif len(root) >= _MIN_DERIVED_STEM and len(other_root) >= 4 and other_root == root:
                found.setdefault(word, []).append(frozenset({other}))
    return found

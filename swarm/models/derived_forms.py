"""Derived forms of a question word in the excerpts' vocabulary: words sharing its stem once
a derivational ending is off ("defend" ~ "defender"), and a short verb's act noun ("pay" ~
"payment"). The offline Reasoner's alternatives (`swarm.models.passage_scorer`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

__all__ = ["derived_forms"]

# General English derivational endings: "defend" is stated by "defenders", "exist" by
# "existence", "announcement" by "announced", "graduate" by "graduation", "independent" by
# "independence", "famous" by "famously" (the stems share all but these endings; a doubled
# final consonant is one: "babysitter", "babysit"; an adverb's "-ly" is "-li" once its final
# y is written i).
_DERIVED = re.compile(
    r"(ment|ence|ance|enc|anc|ant|ent|ers?|ors?|ation|ion|at|al|ity|ness|ing|ed|ly|li|ure|ur|"
    r"e|s|y)$"
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


@lru_cache(maxsize=65_536)
def _derived_parts(word: str) -> tuple[str, str | None]:
    """`_root(word)` and the verb `word` is the act noun of (`_ACT_NOUN`; None if it is
    none): what `derived_forms` reads of a word, memoised (the vocabularies recur)."""
    match = _ACT_NOUN.match(word)
    return _root(word), match.group("verb") if match is not None else None


@lru_cache(maxsize=65_536)
def _vocabulary_parts(word: str) -> tuple[str, str | None, str] | None:
    """`_derived_parts` of a vocabulary word and the word without a final e (None for a word
    `derived_forms` does not read: not ASCII, or under three letters)."""
    if not word.isascii() or len(word) < 3:
        return None
    return (*_derived_parts(word), word.removesuffix("e"))


def derived_forms(
    question_words: Iterable[str], vocabulary: Iterable[str]
) -> dict[str, list[frozenset[str]]]:
    """For each question word, the words of `vocabulary` that share its stem of at least five
    letters once a derivational ending is taken off either ("defend" ~ "defender"), and a
    short verb's act noun ("pay" ~ "payment", "formation" ~ "form")."""
    # Indexes of the asked words, by what a vocabulary word must be to state one: its root
    # (five letters or more), the verb an act noun names ("payment" -> "pay"), an act noun's
    # verb (the asked "formation": "form", "forme").
    asked = list(dict.fromkeys(word for word in question_words if word.isascii()))
    by_root: dict[str, list[int]] = {}
    by_verb: dict[str, list[int]] = {}
    by_act: dict[str, list[int]] = {}
    for at, word in enumerate(asked):
        root, verb = _derived_parts(word)
        if len(root) >= _MIN_DERIVED_STEM:
            by_root.setdefault(root, []).append(at)
        for form in dict.fromkeys((word, word.removesuffix("e"))):
            by_verb.setdefault(form, []).append(at)
        if verb is not None:
            by_act.setdefault(verb, []).append(at)
    found: dict[str, list[frozenset[str]]] = {}
    for other in vocabulary:
        parts = _vocabulary_parts(other)
        if parts is None:
            continue
        other_root, other_verb, bare = parts
        # (a root is never longer than its word: a root of five letters has a word of five)
        if not (
            other in by_act
            or bare in by_act
            or other_root in by_root
            or (other_verb is not None and other_verb in by_verb)
        ):
            continue  # most words: no asked word to state
        hits = [*by_act.get(other, ()), *by_act.get(bare, ())]
        if other_verb is not None:
            hits += by_verb.get(other_verb, ())
        if len(other) >= _MIN_DERIVED_STEM and len(other_root) >= 4:
            hits += by_root.get(other_root, ())
        for at in sorted(set(hits)):  # in the asked words' order, each once
            if asked[at] != other:
                found.setdefault(asked[at], []).append(frozenset({other}))
    return found

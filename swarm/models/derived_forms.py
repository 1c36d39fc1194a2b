"""Derived forms of a question word in the excerpts' vocabulary: words sharing its stem once
a derivational ending is off ("defend" ~ "defender"), a word and its base with a chain of
derivational endings after it ("active" ~ "activity", "reimburse" ~ "reimbursement",
"decide" ~ "decision"), and a short verb's act noun ("pay" ~ "payment"). The offline
Reasoner's alternatives (`swarm.models.passage_scorer`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from swarm.lazy_re import lazy_compile

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
# English derivational endings, one after another after a base word ("retire" + "ment",
# "prospect" + "ive", "recover" + "y", "compet" + "itive", "national" + "ly"). Not "-less"
# (it negates), "-ee" (the one acted on: "employer", "employee"), "-age" or "-ary" (another
# thing: "short", "shortage"; "mission", "missionary"), nor "-ic", "-ist", "-ism" (a person
# or a doctrine of the field: "the first diabetic" is no one "diabetes" is said of).
_CHAIN = lazy_compile(
    r"(?:e?ment|(?:i|a|it)?tion|s?ion|ance|ence|ancy|ency|ant|ent|ial|al|ity|iv(?:e|ity)?|"
    r"ativ(?:e|ity)?|itiv(?:e|ity)?|[ai]bl(?:e|y)?|ness|er|or|i[sz](?:e|ation)?|ful|ous|ly|y|ure|e)+"
)
# How a base is written before an ending: its final e or y changed ("happy" + "ness" ->
# "happiness"), "-able" + "ity" -> "-ability", "decide" + "ion" -> "decision", "permit" +
# "ion" -> "permission", "describe" + "tion" -> "description".
_BASE_SPELLINGS = (
    (lazy_compile(r"e$"), ""),
    (lazy_compile(r"y$"), "i"),
    (lazy_compile(r"([ai])ble?$"), r"\1bil"),
    (lazy_compile(r"de?$"), "s"),
    (lazy_compile(r"t$"), "ss"),
    (lazy_compile(r"be?$"), "pt"),
)
_MIN_BASE = 5


# `_DERIVED`'s endings by length, longest first: its leftmost match is the longest ending.
_DERIVED_ENDINGS = (
    "ment ence ance enc anc ant ent er ers or ors ation ion at al ity ness ing ed ly li ure ur "
    "e s y"
).split()
_ENDINGS = tuple(
    (size, frozenset(ending for ending in _DERIVED_ENDINGS if len(ending) == size))
    for size in range(max(map(len, _DERIVED_ENDINGS)), 0, -1)
)
_DOUBLING = frozenset("bcdfghjklmnpqrstvwxyz")  # `_DOUBLED`'s letters


def _without_ending(root: str) -> str:
    """`_DERIVED.sub("", root)` for a word without a newline, by string slices (a regex
    search at every letter, for every new word of the excerpts' vocabulary, cost more)."""
    for size, endings in _ENDINGS:
        if root[-size:] in endings:
            return root[:-size]
    return root


def _root(word: str) -> str:
    """`word` without up to two derivational endings ("announcement" -> "announc"), its
    final y written i and a doubled final consonant single."""
    if "\n" in word:  # `$` matches before a final newline: the regexes say what it does
        root = _FINAL_Y.sub("i", word)
        for _ in range(2):
            shorter = _DERIVED.sub("", root)
            if len(shorter) < 4:
                break
            root = shorter
        return _DOUBLED.sub(r"\1", root)
    root = word[:-1] + "i" if word.endswith("y") else word
    for _ in range(2):
        shorter = _without_ending(root)
        if len(shorter) < 4:
            break
        root = shorter
    if len(root) > 1 and root[-1] == root[-2] and root[-1] in _DOUBLING:
        return root[:-1]
    return root


@lru_cache(maxsize=65_536)
def _derived_parts(word: str) -> tuple[str, str | None]:
    """`_root(word)` and the verb `word` is the act noun of (`_ACT_NOUN`; None if it is
    none): what `derived_forms` reads of a word, memoised (the vocabularies recur)."""
    # (an act noun ends "-ment" or "-ation": no match to try otherwise; `$` also matches
    # before a final newline)
    noun = word.endswith(("ment", "ation")) or "\n" in word
    match = _ACT_NOUN.match(word) if noun else None
    return _root(word), match.group("verb") if match is not None else None


@lru_cache(maxsize=65_536)
def _base_of(base: str, word: str) -> bool:
    """`word` is `base` (five letters or more) with a chain of derivational endings after it
    (`_CHAIN`), the base written as it is before them (`_BASE_SPELLINGS`)."""
    if len(base) < _MIN_BASE or len(word) <= len(base) or not base.isalpha():
        return False
    if base.endswith("or") and word.startswith("ity", len(base)):
        return False  # "author" / "authority", "prior" / "priority": another thing
    spellings = [base, *(rule.sub(spelled, base) for rule, spelled in _BASE_SPELLINGS)]
    for spelling in dict.fromkeys(spellings):
        if len(spelling) >= _MIN_BASE - 1 and word.startswith(spelling):
            if _CHAIN.fullmatch(word, len(spelling)):
                return True
    return False


@lru_cache(maxsize=65_536)
def _vocabulary_parts(word: str) -> tuple[str, str | None, str, str] | None:
    """`_derived_parts` of a vocabulary word, the word without a final e and its first four
    letters (None for a word `derived_forms` does not read: not ASCII, or under three
    letters)."""
    if not word.isascii() or len(word) < 3:
        return None
    return (*_derived_parts(word), word.removesuffix("e"), word[: _MIN_BASE - 1])


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
    by_prefix: dict[str, list[int]] = {}
    for at, word in enumerate(asked):
        if len(word) >= _MIN_BASE:
            by_prefix.setdefault(word[: _MIN_BASE - 1], []).append(at)
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
        other_root, other_verb, bare, prefix = parts
        # A word and its base share their first four letters (a base has five or more).
        bucket = by_prefix.get(prefix)
        chained = (
            [at for at in bucket if _base_of(asked[at], other) or _base_of(other, asked[at])]
            if bucket
            else ()
        )
        # (a root is never longer than its word: a root of five letters has a word of five)
        if not (
            chained
            or other in by_act
            or bare in by_act
            or other_root in by_root
            or (other_verb is not None and other_verb in by_verb)
        ):
            continue  # most words: no asked word to state
        hits = [*chained, *by_act.get(other, ()), *by_act.get(bare, ())]
        if other_verb is not None:
            hits += by_verb.get(other_verb, ())
        if len(other) >= _MIN_DERIVED_STEM and len(other_root) >= 4:
            hits += by_root.get(other_root, ())
        for at in sorted(set(hits)):  # in the asked words' order, each once
            if asked[at] != other:
                found.setdefault(asked[at], []).append(frozenset({other}))
    return found

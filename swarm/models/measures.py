"""Measures, for the offline answers: figures with a unit (length, duration, mass, size, age)
and what states the adjective of a "how deep / long / big..." question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from swarm.lazy_re import lazy_compile
from swarm.wiki.tokens import tokenize

__all__ = ["Measure", "measure_kinds", "measures_asked"]


def _one_token(word: str) -> str:
    tokens = tokenize(word)
    return tokens[0] if tokens else word


# A figure with a unit: what "how long / wide / heavy..." asks for. General SI, imperial and
# calendar units; not a rate ("km/h", "m3 per second"); an age ("aged 36", "36 years old").
_MEASURE = r"(?<![$€£¥\d.,])\d(?:[\d.,]*\d)?\s?(?:-\s?)?"
_MEASURE_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "length",
        lazy_compile(
            rf"{_MEASURE}(km|kilomet(re|er)s?|m|met(re|er)s?|cm|centimet(re|er)s?|mm|"
            r"millimet(re|er)s?|miles?|mi|feet|foot|ft|inch(es)?|yards?|yd|"
            r"nautical miles?|light[- ]years?)\b(?!\s?/|\s?per\b)",
            re.IGNORECASE,
        ),
    ),
    (
        "duration",
        lazy_compile(
            rf"{_MEASURE}(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|"
            r"wks?|months?|years?|yrs?|decades?|centuries|century)\b|"
            r"\b(every|each|per|a|an|once a|twice a)\s+(second|minute|hour|day|night|week|"
            r"fortnight|month|quarter|year|decade)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "mass",
        lazy_compile(
            rf"{_MEASURE}(kg|kilograms?|g|grams?|tonnes?|tons?|lbs?|pounds|oz|ounces?)\b"
            r"(?!\s?/|\s?per\b)",
            re.IGNORECASE,
        ),
    ),
    (
        "age",
        lazy_compile(
            r"\b(aged|age of)\s+\d+|\b\d+[\s-]years?[\s-]old\b|\b\d+(st|nd|rd|th) birthday\b",
            re.IGNORECASE,
        ),
    ),
    (
        "size",
        lazy_compile(
            rf"{_MEASURE}(l|litres?|liters?|ml|gallons?|gal|m2|m²|km2|km²|sq\.?\s?\w+|"
            r"square \w+|acres?|hectares?|ha|cubic \w+|m3|m³)\b(?!\s?/|\s?per\b)",
            re.IGNORECASE,
        ),
    ),
)
# The one kind written without a figure ("every week", "once a month").
_WORDS_ONLY = frozenset({"duration"})
# "How long / wide / big...": the adjective is stated by a figure with a unit of one of
# these kinds (length, duration...).
_HOW_MEASURE = {
    "long": ("length", "duration"),
    "wide": ("length",),
    "broad": ("length",),
    "deep": ("length",),
    "high": ("length",),
    "tall": ("length",),
    "far": ("length",),
    "big": ("size", "mass", "money"),
    "large": ("size", "mass", "money"),
    "heavy": ("mass",),
    "old": ("age",),
    "soon": ("duration",),
    "often": ("duration",),
}
# The words naming each dimension of length: "40 km long" does not say how deep a lake is.
_DIMENSION_GROUPS = (
    "deep deeper deepest depth",
    "long longer longest length",
    "wide wider widest width broad breadth across diameter",
    "high higher highest height tall taller tallest altitude elevation",
    "far farther farthest further furthest distance away",
)


def same_degree_forms() -> dict[str, frozenset[str]]:
    """Each superlative or comparative of a dimension and the others of the same degree that
    name that dimension: "tallest" is stated by "highest", "taller" by "higher", "farthest"
    by "furthest" (a degree is not stated by the plain word: "height" is not "tallest")."""
    forms: dict[str, frozenset[str]] = {}
    for group in _DIMENSION_GROUPS:
        words = group.split()
        superlatives = frozenset(word for word in words if word.endswith("est"))
        comparatives = frozenset(
            word
            for word in words
            if word.endswith("er") and {word[:-2] + "est", word[:-1] + "st"} & superlatives
        )
        for same in (superlatives, comparatives):
            for word in same:
                if same - {word}:
                    forms[word] = same - {word}
    return forms


# A bare length ("a 50-kilometre tunnel") says how long a thing is; its depth, width, height
# or distance only with the dimension's own word ("1,642 m deep").
_NEEDS_DIMENSION_WORD = frozenset("deep wide broad high tall far".split())
_HOW_ADJECTIVE = re.compile(rf"\bhow\s+({'|'.join(_HOW_MEASURE)})\b", re.IGNORECASE)
# "How far back can we restore...", "how far ahead of the window do we tell...", "how far in
# advance": a span of time, not a length; a duration states the adjective and its adverb.
_HOW_FAR_IN_TIME = re.compile(r"\bhow\s+far\s+(back|ahead|in\s+advance)\b", re.IGNORECASE)


def measure_kinds(text: str, digit: bool = True) -> frozenset[str]:
    """The measures `text` writes with their unit: length, duration, mass, size, age
    (`digit` False: `text` has no digit, so only a duration's "every week" can be there)."""
    return frozenset(
        kind
        for kind, rule in _MEASURE_KINDS
        if (digit or kind in _WORDS_ONLY) and rule.search(text)
    )


@dataclass(frozen=True, slots=True)
class Measure:
    """What states the adjective of "how deep...": a figure with a unit of one of `kinds`
    and this dimension's word (`own`), or, unless `needs_word`, no other dimension's word."""

    kinds: frozenset[str]
    own: frozenset[str]
    others: frozenset[str]
    needs_word: bool = False

    def stated(self, kinds: frozenset[str], words: frozenset[str]) -> bool:
        if not self.kinds & kinds:
            return False
        if self.own & words:
            return True
        return not self.needs_word and not self.others & words


def measures_asked(question: str) -> dict[str, Measure]:
    """ "How deep is...": the adjective's token and what states it."""
    groups = [frozenset(_one_token(word) for word in group.split()) for group in _DIMENSION_GROUPS]
    found: dict[str, Measure] = {}
    for match in _HOW_ADJECTIVE.finditer(question):
        adjective = match.group(1).lower()
        token = _one_token(adjective)
        own = next((group for group in groups if token in group), frozenset({token}))
        others = frozenset().union(*(group for group in groups if token not in group))
        needs_word = adjective in _NEEDS_DIMENSION_WORD
        found[token] = Measure(frozenset(_HOW_MEASURE[adjective]), own, others - own, needs_word)
    for match in _HOW_FAR_IN_TIME.finditer(question):
        span = Measure(frozenset({"duration"}), frozenset(), frozenset())
        for word in ("far", *match.group(1).split()):
            for token in tokenize(word):
                found[token] = span
    return found

"""Near-miss questions derived from a wiki's own answerable lookups: each lookup perturbed in a
named way (another entity, a flipped negation, before and after swapped, another number, another
asked type, a qualifier the page lacks, a modifier's opposite), so that the page's sentence no
longer answers it. A perturbed question the wiki still answers `high` is a candidate wrong high
to read: a perturbation can stay answerable by accident, so the list is not a verdict.

Pure and deterministic: the same question, page text and names always give the same
perturbations, at most `cap` per question, the rarer kinds first.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from swarm.models.modifier_opposites import opposite_modifier

__all__ = [
    "NEAR_MISS_KINDS",
    "NearMiss",
    "derive_near_misses",
    "names_written",
]

_I = re.IGNORECASE


@dataclass(frozen=True)
class NearMiss:
    """One perturbed question and the kind of perturbation that made it."""

    kind: str
    question: str


def _stable_pick(key: str, choices: Sequence[str]) -> str:
    """One of `choices`, the same for the same `key` on every run (not Python's salted hash)."""
    return choices[zlib.crc32(key.encode("utf-8")) % len(choices)]


def _writes_word(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, _I) is not None


def _keep_case(template: str, word: str) -> str:
    return word[:1].upper() + word[1:] if template[:1].isupper() else word


# --- before / after ---------------------------------------------------------------------------

# The generator keeps its own pairs rather than the answerer's (`negations.OPPOSITE`,
# `modifier_opposites`' kinds aside): it tests the answerer, so it must not perturb only in the
# ways the answerer already knows.

_ORDER_PAIRS = (
    ("before", "after"),
    ("since", "until"),
    ("earlier", "later"),
    ("earliest", "latest"),
    ("first", "last"),
    ("preceded", "followed"),
    ("predecessor", "successor"),
)
_ORDER_SWAP = {a: b for a, b in _ORDER_PAIRS} | {b: a for a, b in _ORDER_PAIRS}
_ORDER_WORD = re.compile(rf"\b({'|'.join(_ORDER_SWAP)})\b", _I)


def _before_after(question: str, page: str) -> str | None:
    match = _ORDER_WORD.search(question)
    if match is None:
        return None
    word = match.group(1)
    swapped = _keep_case(word, _ORDER_SWAP[word.lower()])
    return question[: match.start()] + swapped + question[match.end() :]


# --- a modifier's opposite ----------------------------------------------------------------------

# Superlatives and comparatives of general English, on top of the kind-naming modifiers that
# `modifier_opposites` already pairs ("public" and "private").
_DEGREE_PAIRS = (
    ("largest", "smallest"),
    ("biggest", "smallest"),
    ("highest", "lowest"),
    ("longest", "shortest"),
    ("oldest", "youngest"),
    ("most", "least"),
    ("maximum", "minimum"),
    ("larger", "smaller"),
    ("higher", "lower"),
    ("north", "south"),
    ("east", "west"),
    ("won", "lost"),
)
_DEGREE_SWAP = {a: b for a, b in _DEGREE_PAIRS} | {b: a for a, b in _DEGREE_PAIRS}
_WORD = re.compile(r"[A-Za-z][\w-]*")


def _opposite(question: str, page: str) -> str | None:
    for match in _WORD.finditer(question):
        word = match.group(0)
        other = _DEGREE_SWAP.get(word.lower()) or opposite_modifier(word)
        if other:
            swapped = _keep_case(word, other)
            return question[: match.start()] + swapped + question[match.end() :]
    return None


# --- another number ------------------------------------------------------------------------------

_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?![\w,]|\.\d)")


def _number(question: str, page: str) -> str | None:
    match = _NUMBER.search(question)
    if match is None:
        return None
    written = match.group(1)
    value = int(written.replace(",", ""))
    # The nearest changed value the answering page does not write, so the page can't answer it.
    for delta in (1, 2, 3, 5, 7, 10, 13, 20):
        changed = value + delta
        shown = f"{changed:,}" if "," in written else str(changed)
        if not _writes_word(page, shown) and not _writes_word(page, str(changed)):
            return question[: match.start()] + shown + question[match.end() :]
    return None


# --- another asked type ---------------------------------------------------------------------------

# The type a "which X" / "what X" question asks for, swapped for one whose instances differ: a
# city is not a country, a month is not a year, a company is not a person.
_TYPE_SWAP = {
    "city": "country",
    "town": "country",
    "village": "country",
    "country": "city",
    "nation": "city",
    "state": "city",
    "province": "city",
    "region": "city",
    "county": "city",
    "capital": "country",
    "continent": "country",
    "island": "city",
    "river": "mountain",
    "mountain": "river",
    "lake": "city",
    "sea": "river",
    "year": "month",
    "month": "year",
    "day": "year",
    "date": "year",
    "century": "month",
    "decade": "month",
    "season": "year",
    "company": "person",
    "firm": "person",
    "organisation": "person",
    "organization": "person",
    "person": "company",
    "man": "company",
    "woman": "company",
    "king": "company",
    "queen": "company",
    "emperor": "company",
    "pope": "company",
    "author": "company",
    "team": "person",
    "language": "country",
    "university": "company",
    "museum": "company",
    "church": "company",
    "building": "company",
    "book": "person",
    "war": "city",
    "battle": "city",
}
_ASKED_TYPE = re.compile(r"\b(which|what)\s+([a-z]+)\b", _I)


def _asked_type(question: str, page: str) -> str | None:
    for match in _ASKED_TYPE.finditer(question):
        noun = match.group(2)
        other = _TYPE_SWAP.get(noun.lower())
        if other:
            return question[: match.start(2)] + _keep_case(noun, other) + question[match.end(2) :]
    return None


# --- another entity ---------------------------------------------------------------------------

_NAME = re.compile(r"\b[A-Z][a-z]{2,}\b")
# Capitalised words that are not names of things (a question's opening, a pronoun).
_NOT_NAMES = frozenset(
    "the this that these those what which who whom whose where when why how and but for with "
    "from into does did was were are is can could should would will has have had".split()
)
# A capitalised word after a lowercase word or a comma: mid-sentence, so a name, not an opening.
_NAME_IN_TEXT = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]{2,}\b")


def names_written(texts: Iterable[str]) -> tuple[str, ...]:
    """The capitalised words `texts` write mid-sentence (names), sorted, each once."""
    found = {
        name
        for text in texts
        for name in _NAME_IN_TEXT.findall(text)
        if name.lower() not in _NOT_NAMES
    }
    return tuple(sorted(found))


def _entity(question: str, page: str, names: Sequence[str]) -> str | None:
    for match in _NAME.finditer(question):
        name = match.group(0)
        if match.start() == 0 or name.lower() in _NOT_NAMES or not _writes_word(page, name):
            continue
        # A name the wiki writes elsewhere but the answering page and the question don't.
        others = [
            other
            for other in names
            if other != name and not _writes_word(page, other) and other not in question
        ]
        if others:
            other = _stable_pick(name, others)
            return question[: match.start()] + other + question[match.end() :]
    return None


# --- a flipped negation ------------------------------------------------------------------------

_CONTRACTED = re.compile(
    r"\b(is|are|was|were|does|do|did|has|have|had|could|should|would)n't\b", _I
)
_SPELLED_NOT = re.compile(r"\s+(?:not|never)\b", _I)
_AUXILIARY = re.compile(
    r"^([^?]*?\b(?:what|which|who|whom|where|when|why|how)\b[^?]*?"
    r"\b(?:is|are|was|were|does|do|did|can|could|should|would|will|has|have|had))\b",
    _I,
)


def _negation(question: str, page: str) -> str | None:
    if _CONTRACTED.search(question):
        return _CONTRACTED.sub(lambda m: m.group(1), question, count=1)
    if re.search(r"\bcan't\b|\bwon't\b", question, _I):
        return re.sub(
            r"\b(ca|wo)n't\b", lambda m: "can" if m.group(1) == "ca" else "will", question, count=1
        )
    if _SPELLED_NOT.search(question):
        return _SPELLED_NOT.sub("", question, count=1)
    match = _AUXILIARY.search(question)
    if match is None:
        return None
    return question[: match.end()] + " not" + question[match.end() :]


# --- a qualifier the page lacks -----------------------------------------------------------------

_ORDINALS = re.compile(r"\b(?:first|second|third|fourth|fifth|last|\d+(?:st|nd|rd|th))\b", _I)
_NOUN_AFTER_THE = re.compile(r"\bthe\s+(?=([a-z][a-z-]{2,})\b)", _I)


def _qualifier(question: str, page: str) -> str | None:
    if _ORDINALS.search(question):
        return None
    for match in _NOUN_AFTER_THE.finditer(question):
        if match.group(1).lower() in _NOT_NAMES:
            continue
        # "second" before a noun the page never qualifies so: the page speaks of the one it has.
        if _writes_word(page, f"second {match.group(1)}"):
            return None
        return question[: match.end()] + "second " + question[match.end() :]
    return None


# --- all kinds ----------------------------------------------------------------------------------

_Perturb = Callable[[str, str], "str | None"]

# Rarer kinds first, so that the cap keeps them when a question offers many.
NEAR_MISS_KINDS: tuple[str, ...] = (
    "before-after",
    "opposite",
    "number",
    "asked-type",
    "entity",
    "negation",
    "qualifier",
)


def derive_near_misses(
    question: str, *, page_text: str, names: Sequence[str] = (), cap: int = 3
) -> list[NearMiss]:
    """Up to `cap` perturbations of `question` (a lookup `page_text` answers), one per kind, in
    the order of `NEAR_MISS_KINDS`; a kind the question offers no handle for is skipped."""
    makers: dict[str, _Perturb] = {
        "before-after": _before_after,
        "opposite": _opposite,
        "number": _number,
        "asked-type": _asked_type,
        "entity": lambda q, page: _entity(q, page, names),
        "negation": _negation,
        "qualifier": _qualifier,
    }
    found: list[NearMiss] = []
    for kind in NEAR_MISS_KINDS:
        if len(found) >= cap:
            break
        perturbed = makers[kind](question, page_text)
        if perturbed and perturbed != question:
            found.append(NearMiss(kind, perturbed))
    return found

"""Names that are no instance of what a "which X" question asks, for the offline evidence
rule: an acronym of the question's own words ("single sign-on" → "SSO"), and the names most
of the pages read write (the product, company or family a wiki is about: "Plausible
Analytics" on every page of its help centre names no plan, no role, no setting). And a
"which X" answered by X in the plural only ("a list of keyboard shortcuts"), which names
none either."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from swarm.models.text_names import capitalised_names, named_places
from swarm.wiki.passages import Passage
from swarm.wiki.tokens import tokenize

__all__ = ["background_names", "kind_in_plural_only", "question_acronyms"]

_WORD = re.compile(r"[^\W\d_]+")
_ACRONYM_WORDS = (2, 5)  # an acronym spells the initials of this many words in a row
# A name on at least this share of the pages read, and on this many pages at least, is the
# wiki's own subject rather than something a passage picks out.
BACKGROUND_PAGE_SHARE = 0.6
BACKGROUND_MIN_PAGES = 3


def question_acronyms(question: str) -> frozenset[str]:
    """The tokens an acronym of consecutive question words would be ("single sign-on": sso,
    "two-factor authentication": tfa), lowercase as `tokenize` gives them."""
    letters = [word[0].lower() for word in _WORD.findall(question)]
    low, high = _ACRONYM_WORDS
    found = {
        "".join(letters[start : start + size])
        for size in range(low, high + 1)
        for start in range(len(letters) - size + 1)
    }
    return frozenset(token for text in found for token in tokenize(text))


def background_names(passages: Iterable[Passage]) -> frozenset[str]:
    """Capitalised-name tokens (places included) written on most of the pages read
    (`BACKGROUND_PAGE_SHARE`, at least `BACKGROUND_MIN_PAGES` of them), in their text."""
    names_by_page: dict[str, set[str]] = {}
    for passage in passages:
        names_by_page.setdefault(passage.page, set()).update(_names_in(passage.text))
    if len(names_by_page) < BACKGROUND_MIN_PAGES:
        return frozenset()
    pages_with: dict[str, int] = {}
    for names in names_by_page.values():
        for name in names:
            pages_with[name] = pages_with.get(name, 0) + 1
    needed = max(BACKGROUND_MIN_PAGES, BACKGROUND_PAGE_SHARE * len(names_by_page))
    return frozenset(name for name, count in pages_with.items() if count >= needed)


@lru_cache(maxsize=8192)
def _names_in(text: str) -> frozenset[str]:
    """Capitalised names and places of one passage ("sign in to Acme Cloud": a place to the
    reader); memoised, as the same passages are read query after query."""
    return frozenset(capitalised_names(text, sentence_start=True) | named_places(text))


def _plural_of(word: str, singulars: set[str]) -> bool:
    return (word.endswith("s") and word[:-1] in singulars) or (
        word.endswith("es") and word[:-2] in singulars
    )


@lru_cache(maxsize=64)
def _asked_singular(question: str, type_words: frozenset[str]) -> frozenset[str]:
    """The question's words for its type words, when each is singular (else none)."""
    asked = {w for w in _WORD.findall(question.lower()) if set(tokenize(w)) & type_words}
    return frozenset() if any(w.endswith("s") for w in asked) else frozenset(asked)


def kind_in_plural_only(question: str, type_words: frozenset[str], text: str) -> bool:
    """A "which X" question asking for one X ("which keyboard shortcut") and `text` writing X
    only in the plural ("a full list of keyboard shortcuts for..."): it speaks of the kind,
    not of the one asked for."""
    asked = _asked_singular(question, type_words) if type_words else frozenset()
    if not asked:
        return False
    lowered = text.lower()
    if not any(word in lowered for word in asked):
        return False  # neither form written: the type word's own rule decides
    written = [w for w in _WORD.findall(lowered) if set(tokenize(w)) & type_words]
    return bool(written) and all(_plural_of(w, set(asked)) for w in written)

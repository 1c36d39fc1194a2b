"""A qualifier swapped for its siblings, for the offline evidence rule: the question picks one
of several things of a kind by the word before their noun ("the integration environment",
"the Android app", "the EU region") and the passage names only others of that kind before the
same noun ("in the production or staging environments", "the iOS app"). General English: a
determiner, a qualifier, a noun; and a passage's qualifiers joined by "or", "and", commas.
"""

from __future__ import annotations

from swarm.lazy_re import lazy_compile
from swarm.models.question_words import GENERIC
from swarm.wiki.tokens import STOPWORDS, tokenize

__all__ = ["qualifier_swapped"]

_DETERMINERS = frozenset(
    "the a an my our your their its his her this that these those each every".split()
)
# Words before a noun that take in every one of its kind, or none in particular ("all
# environments", "separate environments"): no sibling of the asked one.
_QUANTIFIERS = frozenset(
    "all every each any both other others different multiple several many various same such "
    "separate new existing own whole entire given specific particular relevant following "
    "respective certain individual".split()
)
_SIBLINGS_LISTED = 2
_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve twenty hundred thousand "
    "single double dozen half".split()
)
_JOINERS = frozenset({"or", "and", ",", "/"})
# Words (hyphened ones whole: "multi-site") and each mark between them: a qualifier sits
# right before its noun, no colon or semicolon between ("Tier: Multi-site; Price: ...").
_WORD = lazy_compile(r"[^\W_](?:[\w.-]*[^\W_])?|[^\w\s]")
# A question's words that rank or date what it asks rather than pick one of its kind ("the
# latest news", "the default port"): a passage's qualifiers are no siblings of them.
_RANKING = frozenset(
    "latest current newest recent upcoming next last first previous best default usual "
    "typical standard right correct exact".split()
)


def _sequence(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _stem(word: str) -> str:
    tokens = tokenize(word)
    return tokens[-1] if tokens else ""


def _qualifier(word: str) -> bool:
    return (
        word not in STOPWORDS
        and word not in _QUANTIFIERS
        and word not in _JOINERS
        and word not in _NUMBER_WORDS
        and not any(character.isdigit() for character in word)
        and bool(_stem(word))
    )


def _asked(question: str) -> list[tuple[str, str]]:
    """(qualifier, noun) stems of the question's "the <qualifier> <noun>" phrases."""
    sequence = _sequence(question)
    found: list[tuple[str, str]] = []
    for at in range(1, len(sequence) - 1):
        if sequence[at - 1] not in _DETERMINERS:
            continue
        qualifier, noun = sequence[at], sequence[at + 1]
        after = sequence[at + 2] if at + 2 < len(sequence) else ""
        # "the app run faster": a verb after a noun, no "the <qualifier> <noun>" phrase.
        if after and _qualifier(after):
            continue
        if qualifier in _RANKING or _stem(qualifier) in GENERIC:
            continue
        if _qualifier(qualifier) and _qualifier(noun):
            found.append((_stem(qualifier), _stem(noun)))
    return found


def _qualifiers_of(noun: str, sequence: list[str]) -> set[str]:
    """The stems of the qualifiers `sequence` lists before each `noun`, two or more joined
    ("production or staging environments"): a list of siblings. One qualifier alone may say
    another thing of it ("a 12-month SaaS contract" for "its annual contract")."""
    found: set[str] = set()
    for at, word in enumerate(sequence):
        if at == 0 or _stem(word) != noun:
            continue
        listed: set[str] = set()
        back = at - 1
        while back >= 0 and _qualifier(sequence[back]) and _stem(sequence[back]) != noun:
            listed.add(_stem(sequence[back]))
            joined = back - 1
            while joined >= 0 and sequence[joined] in _JOINERS:
                joined -= 1
            if joined == back - 1:
                break
            back = joined
        if len(listed) >= _SIBLINGS_LISTED:
            found |= listed
    return found


def qualifier_swapped(question: str, text: str, context: str) -> bool:
    """The question's "the <qualifier> <noun>" (integration environment) is in neither `text`
    nor `context`, and `text` writes that noun with other qualifiers only (production,
    staging): it speaks of the asked one's siblings."""
    asked = _asked(question)
    if not asked:
        return False
    stated = set(tokenize(f"{context}\n{text}"))
    sequence = _sequence(text)
    for qualifier, noun in asked:
        if qualifier in stated:
            continue
        if _qualifiers_of(noun, sequence) - {qualifier}:
            return True
    return False

"""A qualifier swapped for its siblings, for the offline evidence rule: the question picks one
of several things of a kind by the word before their noun ("the integration environment",
"the Android app", "the EU region") and the passage names only others of that kind before the
same noun ("in the production or staging environments", "the iOS app"). General English: a
determiner, a qualifier, a noun; and a passage's qualifiers joined by "or", "and", commas.
The same phrases (`compound_problem`) are not vouched for by a passage that names the noun
only under "most" / "some" (a part of its kind), puts another noun after the qualifier ("the
global query" for "the global filter"), or lists the qualifier as one of several values
("high, medium or low" for "a low priority task").
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

from swarm.lazy_re import lazy_compile
from swarm.models.question_words import GENERIC
from swarm.wiki.tokens import STOPWORDS, tokenize

__all__ = ["compound_problem", "heading_narrows", "qualifier_swapped"]

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


# Words before a noun that take in an unnamed part of its kind ("most of the settings"): the
# passage says nothing of the particular one the question names.
_PART_QUANTIFIERS = frozenset("most some many several few certain".split())
_PHRASE_WORDS = 4  # a determiner's phrase: at most this many words before a function word
_QUANTIFIER_REACH = 4  # "most of the Tasks settings": the quantifier up to 4 words back
_LISTED_VALUES = 3  # "high, medium or low": three values or more
# Articles and possessives open a noun phrase; "that", "this" may stand alone or open a
# relative clause ("the box that serves models": no "serves models" compound).
_PHRASE_OPENERS = _DETERMINERS - {"this", "that", "these", "those"}


def _compounds(question: str) -> list[tuple[str, str]]:
    """(qualifier, noun) stems of adjacent content words in the question's determiner
    phrases ("the global filter setting": global filter, filter setting)."""
    sequence = _sequence(question)
    pairs: list[tuple[str, str]] = []
    for at, word in enumerate(sequence):
        if word not in _PHRASE_OPENERS:
            continue
        run: list[str] = []
        for following in sequence[at + 1 : at + 1 + _PHRASE_WORDS]:
            if not _qualifier(following) or following in _RANKING:
                break
            run.append(_stem(following))
        pairs += [(q, n) for q, n in pairwise(run) if q != n and n not in GENERIC]
    return pairs


def _part_quantified(noun: str, sequence: list[str]) -> bool:
    """`sequence` writes `noun` and always under a quantifier of part ("most of the Tasks
    settings", "some settings")."""
    found = [at for at, word in enumerate(sequence) if _stem(word) == noun]
    return bool(found) and all(
        any(w in _PART_QUANTIFIERS for w in sequence[max(0, at - _QUANTIFIER_REACH) : at])
        for at in found
    )


def _head_swapped(
    qualifier: str, noun: str, sequence: list[str], asked: set[str], context: str
) -> bool:
    """`sequence` puts another content word after the qualifier, one the question does not
    write, and the passage's headings name that other thing ("global query" under "Global
    Query" for the asked "global filter"): the section is about another thing of the same
    qualifier. Not "Library card renewals" under "Reading list" for "the library books": one
    wording of the asked thing."""
    headed = list(pairwise(_sequence(context)))
    return any(
        _stem(word) == qualifier
        and _qualifier(after)
        and _stem(after) not in asked
        and _stem(after) != noun
        and any(_stem(a) == qualifier and _stem(b) == _stem(after) for a, b in headed)
        for word, after in pairwise(sequence)
    )


def _listed_only(qualifier: str, noun: str, sequence: list[str]) -> bool:
    """Every time `sequence` writes the qualifier, it is one of three or more values joined by
    commas, "or", "and", "|", and not before the noun ("high, medium or low" for a low
    priority; "production, staging or integration environments" is of the noun)."""
    found = [at for at, word in enumerate(sequence) if _stem(word) == qualifier]
    # The qualifier written elsewhere too, in a word of its own or a hyphened one
    # ("govuk-integration-developer"): the passage singles it out there.
    if not found or tokenize(" ".join(sequence)).count(qualifier) > len(found):
        return False
    for at in found:
        start, end = at, at
        while (
            start >= 2
            and sequence[start - 1] in _JOINERS | {"|"}
            and _qualifier(sequence[start - 2])
        ):
            start -= 2
        while (
            end + 2 < len(sequence)
            and sequence[end + 1] in _JOINERS | {"|"}
            and _qualifier(sequence[end + 2])
        ):
            end += 2
        listed = (end - start) // 2 + 1
        after = sequence[end + 1] if end + 1 < len(sequence) else ""
        if listed < _LISTED_VALUES or _stem(after) == noun:
            return False
    return True


def compound_problem(question: str, text: str, context: str, polar: bool = False) -> str:
    """Why `text` does not speak of the question's "<qualifier> <noun>" ("" when it may):
    the noun only under "most" / "some", the qualifier before another noun with the asked
    noun unwritten, or the qualifier only as one of a list of values (unless the question is
    `polar`: "can I pick low?" is answered by the list of what can be picked)."""
    pairs = _compounds(question)
    if not pairs:
        return ""
    stated = set(tokenize(f"{context}\n{text}"))
    asked = set(tokenize(question))
    sequence = _sequence(text)
    for qualifier, noun in pairs:
        if qualifier not in stated and _part_quantified(noun, sequence):
            return "the passage speaks of most or some of the asked kind, not the asked one"
        if noun not in stated and _head_swapped(qualifier, noun, sequence, asked, context):
            return "the passage puts another noun after the question's qualifier"
        if not polar and _listed_only(qualifier, noun, sequence):
            return "the passage lists the question's qualifier as one of several values"
    return ""


@lru_cache(maxsize=64)
def _question_compounds(question: str) -> tuple[tuple[str, str], ...]:
    return tuple(_compounds(question))  # ranking asks it of every passage read: once a question


@lru_cache(maxsize=1024)
def _context_sequence(context: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The headings' words and their stems (the passages of a section share them)."""
    sequence = tuple(_sequence(context))
    return sequence, tuple(_stem(word) for word in sequence)


def heading_narrows(question: str, text: str, context: str) -> bool:
    """The question's "<qualifier> <noun>" ("the traffic drop notification") is written in the
    passage's headings only where they list it with siblings ("Traffic spike or drop
    notifications"), and the nearest heading after that writes the noun with one of those
    siblings alone ("Set the threshold for the traffic spike notifications"): the passage's
    section is about the sibling, and `text` does not name the asked qualifier itself."""
    pairs = _question_compounds(question)
    if not pairs:
        return False
    sequence, stems = _context_sequence(context)
    for qualifier, noun in pairs:
        at = [n for n, stem in enumerate(stems) if stem == noun]
        if len(at) < 2:
            continue
        last = at[-1]
        before = stems[last - 1] if last and _qualifier(sequence[last - 1]) else ""
        if not before or before == qualifier:
            continue
        if qualifier in stems[at[-2] + 1 : last]:
            continue  # named again after the list: the nearer heading may be about it too
        listed = _qualifiers_of(noun, list(sequence[: at[-2] + 1]))
        if {qualifier, before} <= listed and qualifier not in tokenize(text):
            return True
    return False

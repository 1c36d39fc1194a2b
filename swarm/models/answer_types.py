"""What kind of instance a question's answer is: a set ("which packages...", "what are the
rules...") wants every member, which one page's passage rarely holds when other pages match
as well; a value ("what grade", "which floor", "what size") is a figure or a code, never a
name ("at MIT" names a place, not a grade).

Pure functions over text, in English wording.
"""

from __future__ import annotations

import re
from collections.abc import Set

from swarm.lazy_re import lazy_compile
from swarm.models.measures import measure_kinds
from swarm.models.place_kinds import place_type_unfit
from swarm.models.question_words import (
    AUXILIARY_WORDS,
    agent_type_words,
    free_type_words,
    type_heads,
)
from swarm.models.text_names import (
    capitalised_names,
    named_places,
    titled_personal_names,
    untitled_personal_names,
)
from swarm.wiki.tokens import tokenize

__all__ = [
    "TypeWords",
    "asks_for_set",
    "asks_for_value",
    "glossed_only",
    "value_of_noun",
    "value_stated",
]

_I = re.IGNORECASE
_AUX = "|".join(AUXILIARY_WORDS)
# "Which packages does mypy ignore", "which services page the secondary": a plural noun
# after "which" (at most one word between: "which two moons").
_OPENING = r"(?:^|[,;:]\s*|\b(?:in|at|on|for|from|to|by|of|with|during|into|under)\s+)"
_COUNT = r"(?:(?:two|three|four|five|six|seven|eight|nine|ten|\d+|other|main)\s+)?"
_PLURAL_AFTER_WHICH = lazy_compile(
    rf"{_OPENING}which\s+{_COUNT}([a-z][\w'-]{{2,}}s)\b",
    _I,
)
# "What tools do we use", "what days is it open": after "what", followed by an auxiliary, a
# preposition, a pronoun or the question's end. ("What causes the flood": a verb.)
_PLURAL_AFTER_WH = lazy_compile(
    rf"{_OPENING}what\s+{_COUNT}([a-z][\w'-]{{2,}}s)"
    rf"(?=\s+(?:{_AUX}|of|in|on|at|for|from|by|with|to|under|did|we|i|you|they|he|she|it|"
    r"came|come|went|get|got)\b|\s*[?.!]?\s*$)",
    _I,
)
# "What are the house rules?", "list the ports", "name all the moons": the answer is a list.
_PLURAL_LISTED = lazy_compile(
    r"^\W*(?:what|which)\s+(?:are|were)\s+(?:the|all\s+the|our|my|its|their)\s+"
    r"(?:[\w'-]+\s+){0,2}?[a-z][\w'-]{2,}s\b(?!\s+(?:of|for)\s+(?:the\s+)?(?:first|one)\b)|"
    r"^\W*(?:list|name)\s+(?:all\s+)?(?:the\s+)?(?:[\w'-]+\s+){0,2}?[a-z][\w'-]{2,}s\b",
    _I,
)
# Plural-looking words that are not plurals.
_NOT_PLURAL = lazy_compile(r"(ss|us|is|ics|ous|news|series|species|'s|^has|^does|^was)$", _I)
# "Which of the packages": one of them, not the set.
_ONE_OF = lazy_compile(r"\b(?:which|what)\s+(?:one\s+)?of\b", _I)


def asks_for_set(question: str) -> bool:
    """`question` asks for a set of things ("which packages", "what are the rules"), not
    one ("which package", "which of the packages")."""
    if not isinstance(question, str) or _ONE_OF.search(question):
        return False
    if _PLURAL_LISTED.search(question):
        return True
    found = [*_PLURAL_AFTER_WHICH.finditer(question), *_PLURAL_AFTER_WH.finditer(question)]
    return any(not _NOT_PLURAL.search(match.group(1)) for match in found)


# Nouns whose instances are values rather than named things: a grade is "A-" or "87", a floor
# "3rd" or "55", a size "XL" or "12 mm". General English, singular and plural; not the nouns
# a name answers as often ("which room": the Lovelace room; "what level", "which tier",
# "what issue", "which edition").
_VALUE_NOUNS = frozenset(
    tokenize(
        "grade grades score scores floor floors size sizes rate rates version versions year "
        "years percentage percent number numbers height weight length width depth temperature "
        "speed dose dosage page pages chapter chapters capacity amount total quantity count "
        "price cost fee salary budget limit ratio resolution voltage frequency altitude "
        "elevation distance port"
    )
)
# A figure or a code: a token holding a digit, a letter grade ("B+", "an A."), a size
# ("XL") or an ordinal word ("the third floor").
_VALUE = lazy_compile(
    r"(?<![\w])(?:[\w.+-]*\d[\w.+-]*|[A-F][+-](?![\w])|[A-F](?=[.,;:!?)]|\s*$)|X{1,3}[SL]|"
    r"(?i:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|ground|top|"
    r"basement))(?![\w])"
)


def asks_for_value(type_words: Set[str]) -> bool:
    """Every answer-type word (`answer_type_words`' stems) is a value noun: "what grade"."""
    return bool(type_words) and all(word in _VALUE_NOUNS for word in type_words)


def value_stated(text: str, numbers: Set[str]) -> bool:
    """`text` writes a figure or a code that is not one of the question's `numbers`."""
    return any(m.group() not in numbers for m in _VALUE.finditer(text))


# Sentences and ";"-clauses: "Grade: A-" and "the 3rd floor, above the bakery" stay whole.
_SENTENCE = lazy_compile(r"[;!?\n]|\.\s")


# Value nouns measured in a unit: their value is a figure with that unit ("19 °C", not
# "25 L"); `measure_kinds`' kinds, and temperature's own.
_UNIT_OF = {
    **dict.fromkeys(tokenize("temperature temperatures"), "temperature"),
    **dict.fromkeys(tokenize("height length width depth distance altitude elevation"), "length"),
    **dict.fromkeys(tokenize("weight"), "mass"),
}
_TEMPERATURE = lazy_compile(r"\d\s?(?:°|º|degrees?\b|deg\b|[CF]\b)", _I)


def _in_unit(nouns: Set[str], text: str) -> bool:
    units = {_UNIT_OF[noun] for noun in nouns if noun in _UNIT_OF}
    if not units:
        return True
    kinds = measure_kinds(text) | ({"temperature"} if _TEMPERATURE.search(text) else set())
    return bool(units & kinds)


def value_of_noun(nouns: Set[str], text: str, numbers: Set[str]) -> bool:
    """A figure or a code in `text` for the value asked, in the noun's unit when it has one
    ("19 °C" for a temperature, not "25 L"): in a sentence writing the value noun (`nouns`,
    stems) when the text writes it ("Temperature control: an old fridge" gives none),
    anywhere in `text` when it does not."""
    sentences = [part for part in _SENTENCE.split(text) if nouns & set(tokenize(part))]
    return any(
        value_stated(part, numbers) and _in_unit(nouns, part) for part in sentences or [text]
    )


_BRACKETED = lazy_compile(r"\([^()]*\)|\[[^\[\]]*\]")


def glossed_only(names: Set[str], text: str) -> bool:
    """Some of `names` (tokens) is in `text` only inside brackets: a gloss on something else
    ("runs in AWS eu-west-2 (London)" is where the servers are, not the London office)."""
    outside = set(tokenize(_BRACKETED.sub(" ", text)))
    inside = set(tokenize(" ".join(m.group() for m in _BRACKETED.finditer(text))))
    return bool(names & inside - outside)


class TypeWords:
    """Which of a "which X" question's type words a named instance lets off."""

    def __init__(self, question: str, asks_value: bool) -> None:
        self.asks_value = asks_value
        self.free = free_type_words(question)
        self.agents = agent_type_words(question)
        self.heads = type_heads(question)

    def let_off(
        self,
        type_words: frozenset[str],
        stated: frozenset[str],
        span: tuple[str, str, str],
        asked: Set[str],
    ) -> frozenset[str]:
        """`type_words` a named instance lets off, `span` being the answer's prose, its code
        and its page's title: all for a value ("what temperature": the rule wants its
        figure); else the broad ones and a compound's head (`free_type_words`), an agent noun
        ("which industrialist") when the prose names a person (a name not among the
        question's words, `asked`), and those the answering page writes (`stated`); all when
        the kind is written into the instance's own name ("ValueError" for "which error"),
        the instance is written in the code too ("pip install django celery": a program's
        or package's name) or the page is the instance's own (`title`: the page's file name,
        a line break, its title and headings; `_own_page`). A name on a page never saying
        "dynasty", in none of those ways, is no dynasty."""
        text, code, title = span
        if self.asks_value or _kind_in_name(self.heads, text) or _named_in(text, code, asked):
            return type_words
        if _own_page(title, text, asked) and not _other_kind_titled(self.heads, title):
            return type_words
        # "Which country" answered by a city, "which city" by a country: no instance of either.
        free = (self.free | stated) - place_type_unfit(type_words, text, asked)
        # "Which company did they capture": a titled person ("Pope Leo IX") is none.
        if type_words & _NOT_PEOPLE and _only_titled_people(text, asked):
            free -= _NOT_PEOPLE
        # A person titled ("Pope Leo IX") is what the title says, not any agent asked.
        if self.agents and any(name - set(asked) for name in untitled_personal_names(text)):
            free |= self.agents
        return type_words & free


# Words a place's or an institution's name holds that say what kind of thing it is ("Mount
# Fuji", "Lake Ngami", "the Gregorian Museum"), each with the kind a question names it by.
_KIND_OF_NAME = {
    "mount": "mountain",
    "mountain": "mountain",
    "lake": "lake",
    "river": "river",
    "desert": "desert",
    "island": "island",
    "isle": "island",
    "sea": "sea",
    "ocean": "ocean",
    "bay": "bay",
    "museum": "museum",
    "university": "university",
    "college": "college",
    "church": "church",
    "cathedral": "cathedral",
    "abbey": "abbey",
    "castle": "castle",
    "palace": "palace",
    "bridge": "bridge",
}
_KINDS = frozenset(_KIND_OF_NAME.values())


# Broad types a person is no instance of.
_NOT_PEOPLE = frozenset(
    tokenize(
        "company companies firm firms business businesses organisation organisations "
        "organization organizations country countries city cities town towns place places "
        "location locations"
    )
)


_REGNAL = re.compile(r"[ivxlc]+")


def _only_titled_people(text: str, asked: Set[str]) -> bool:
    """Every name `text` writes beyond the question's (`asked`) is a titled person's ("the
    Normans captured Pope Leo IX"), and there is one."""
    titled = titled_personal_names(text)
    names = capitalised_names(text) | named_places(text)
    # A regnal number ("Leo IX", "Henry VIII") is the titled name's own.
    names = {name for name in names if not _REGNAL.fullmatch(name)}
    return bool(titled) and not names - set(asked) - set().union(*titled)


def _other_kind_titled(heads: Set[str], title: str) -> bool:
    """The page's file name says its thing is of a kind ("mount-fuji": a mountain), and the
    question asks for another kind of thing ("which river"): the page is not that one's own."""
    named = {
        _KIND_OF_NAME[word]
        for word in re.split(r"[\W_]+", title.partition("\n")[0].lower())
        if word in _KIND_OF_NAME
    }
    asked = {head for head in heads if head in _KINDS}
    return bool(named and asked and not asked & named)


def _kind_in_name(heads: Set[str], text: str) -> bool:
    """A camel-case word of `text` ends in one of `heads` ("ValueError" for "error")."""
    return any(
        re.search(rf"\b[A-Z]\w*?[a-z0-9]{re.escape(head[:1].upper() + head[1:])}s?\b", text)
        for head in heads
    )


_NAME = lazy_compile(r"(?<![\w'])[A-Z][\w.+-]*")


def _named_in(text: str, code: str, asked: Set[str]) -> bool:
    """A name of the prose, not the question's, written in the code too; a capital opening a
    sentence is no name ("Set the default namespace: kubectl config set-context")."""
    code_words = set(tokenize(code))
    return bool(code) and any(
        set(tokenize(name)) <= code_words and not set(tokenize(name)) & set(asked)
        for match in _NAME.finditer(text)
        if tokenize(name := match.group()) and not _opens_sentence(text, match.start())
    )


def _opens_sentence(text: str, at: int) -> bool:
    before = text[:at].rstrip()
    return not before or before[-1] in ".!?:;\n"


_NAME_RUN = lazy_compile(r"(?<![\w'])[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*")


def _own_page(title: str, text: str, asked: Set[str]) -> bool:
    """The page is the instance's own: its title and headings (after the file name and a line
    break in `title`) hold a name `text` writes, the question does not ask about, sharing a
    word with the page's file name (messenger.md: "The Russian Messenger")."""
    name, _, headings = title.partition("\n")
    named = set(tokenize(name))
    for run in _NAME_RUN.findall(headings):
        run = re.sub(r"^(?:The|A|An)\s+", "", run)
        tokens = set(tokenize(run))
        if tokens & named and run in text and not tokens & set(asked):
            return True
    return False

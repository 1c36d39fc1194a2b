"""Other ways English writes a question's words, for the offline answers (general grammar, the
same for any wiki): a rate ("nightly" is "a night", "per night", "/night"), a limit ("limit",
"cap", "maximum" is "up to", "no more than", "capped at" next to a figure), a compound split
or joined ("co-op" is "coop", "set up" is "setup"), a unit by name or symbol next to a
figure ("kilos" is "9 kg"), and a mountain by its name's title ("Mt. Fuji").

`written_forms` marks what a passage writes (tokens starting with "_", which the tokenizer
never makes, or a compound's joined token); `question_forms` offers them as alternatives for
the question's words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from swarm.lazy_re import lazy_compile
from swarm.wiki.tokens import tokenize, words

__all__ = ["MARK", "question_forms", "states_limit", "written_forms"]

MARK = "_"
_I = re.IGNORECASE


def _one_token(word: str) -> str:
    tokens = tokenize(word)
    return tokens[0] if tokens else word


# --- rates ----------------------------------------------------------------------------------

# The adjectives English writes a rate with, by the unit they are "per" ("nightly"), and
# the Latin of common wiki writing ("per diem", "per annum", "p.a.").
_RATE_ADJECTIVES = {
    "second": "",
    "minute": "",
    "hour": "hourly",
    "day": "daily",
    "night": "nightly",
    "week": "weekly",
    "fortnight": "fortnightly",
    "month": "monthly",
    "quarter": "quarterly",
    "year": "yearly annual annually",
}
_LATIN = {"day": r"per\s+diem", "month": r"per\s+mensem", "year": r"per\s+annum|\bp\.\s?a\.(?!\w)"}
# Abbreviations written after a slash ("€14/hour", "$2,900/mo", "$150/yr").
_SLASH_UNITS = {
    "second": "s sec",
    "minute": "min",
    "hour": "h hr",
    "day": "d",
    "night": "",
    "week": "wk",
    "fortnight": "",
    "month": "mo mth",
    "quarter": "qtr",
    "year": "yr y",
}
_NUMBER = (
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|million|once|twice|times)\b"
)
# "a night" is a rate after a figure ("$210 a night", "twice a day", "20 days a year"), not
# in "a day later", "a year ago".
_NOT_A_RATE = (
    r"(?!\s+(?:ago|later|earlier|after|before|since|old|long|or\s+two|and\s+a|of|when|that|"
    r"which|where)\b)"
)


def _rate_pattern(unit: str) -> re.Pattern[str]:
    slash = "|".join(re.escape(a) for a in [unit, *_SLASH_UNITS[unit].split()])
    phrases = [
        rf"\b(?:per|each|every)\s+{unit}\b",
        rf"(?:{_NUMBER})[^.;:\n\d]{{0,30}}?\s(?:a|an)\s+{unit}\b{_NOT_A_RATE}",
        rf"(?<=[\w)])\s?/\s?(?:{slash})s?\b",
    ]
    if _RATE_ADJECTIVES[unit]:
        phrases.append(rf"\b(?:{'|'.join(_RATE_ADJECTIVES[unit].split())})\b")
    if unit in _LATIN:
        phrases.append(rf"\b(?:{_LATIN[unit]})")
    return lazy_compile("|".join(phrases), _I)


_RATES = {unit: _rate_pattern(unit) for unit in _RATE_ADJECTIVES}
# The words one of a rate's forms holds (its unit, adjectives, slash abbreviations, Latin).
_RATE_TRIGGERS = {
    unit: frozenset(
        [unit, f"{unit}s", *_RATE_ADJECTIVES[unit].split(), *_SLASH_UNITS[unit].split()]
        + [f"{abbreviation}s" for abbreviation in _SLASH_UNITS[unit].split()]
        + {"day": ["diem"], "month": ["mensem"], "year": ["annum", "p"]}.get(unit, [])
    )
    for unit in _RATE_ADJECTIVES
}
_ANY_RATE_TRIGGER = frozenset().union(*_RATE_TRIGGERS.values())
_RATE_MARK = {unit: f"{MARK}per_{unit}" for unit in _RATE_ADJECTIVES}
# Question tokens naming a rate -> its unit ("nightly" -> night, "annual" -> year).
_RATE_ADJECTIVE = {
    _one_token(word): unit for unit, spelled in _RATE_ADJECTIVES.items() for word in spelled.split()
}
_UNIT_NAMES = "|".join(_RATE_ADJECTIVES)
# "How much is the hotel per night / a night?": the unit is asked as a rate.
_QUESTION_RATE = lazy_compile(
    rf"\b(?:per|each|every|a|an)\s+({_UNIT_NAMES})\b{_NOT_A_RATE}|/\s?({_UNIT_NAMES})\b", _I
)

# --- limits ---------------------------------------------------------------------------------

# Words a question asks for a limit with: stated by a limit phrase next to a figure.
_LIMIT_WORDS = frozenset(_one_token(w) for w in "limit cap maximum max ceiling".split())
_FIGURE = r"[$€£¥]?\s?\d"
_LIMIT_PHRASE = lazy_compile(
    rf"\b(?:up\s+to|at\s+(?:the\s+)?most|no\s+(?:more|higher|greater)\s+than|"
    rf"not\s+(?:more|higher|greater)\s+than|never\s+(?:more\s+than|beyond|above|over|exceeds?)|"
    rf"(?:must|may|shall|should|does|do|will)\s+not\s+exceed|not\s+to\s+exceed|"
    rf"(?:a|the)\s+maximum\s+of|maximum(?:\s+is)?:?|max\.?:?|capped\s+at|"
    rf"(?:a|the)\s+(?:cap|ceiling|limit)\s+(?:of|is)|limit(?:ed)?\s+(?:of|to|is)|"
    rf"ceiling\s+of)\s+{_FIGURE}|"
    # "We capped Growth at 12 clients", "capped it at $500"
    rf"\bcap(?:ped|s)?\s+(?:[\w'-]+\s+){{1,3}}?at\s+{_FIGURE}|"
    rf"{_FIGURE}[\d.,]*\s?\S{{0,4}}\s+(?:max(?:imum)?|at\s+(?:the\s+)?most)\b",
    _I,
)
_LIMIT_MARK = f"{MARK}limit"
_LIMIT_TRIGGERS = frozenset(
    "up most more higher greater never exceed exceeds maximum max capped cap caps ceiling "
    "limit limited".split()
)


def states_limit(text: str) -> bool:
    """`text` gives a limit next to a figure ("up to $210", "never beyond 20%", "capped
    Growth at 12", "400 max")."""
    return bool(_LIMIT_PHRASE.search(text))


# --- units ----------------------------------------------------------------------------------

# A unit's names and symbols: "how many kilos" is stated by "9 kg". Not "m" (also million)
# nor "lb" / "pound" (also money), nor "in" (a word), nor "%" for "percentage" or "share"
# (any percentage would state it: "grows 11% a year" is no share of the market).
_UNITS = (
    "kg kgs kilo kilos kilogram kilograms kilogramme kilogrammes",
    "g gram grams gramme grammes",
    "mg milligram milligrams",
    "km kms kilometre kilometres kilometer kilometers",
    "cm centimetre centimetres centimeter centimeters",
    "mm millimetre millimetres millimeter millimeters",
    "mi mile miles",
    "ft foot feet",
    "l litre litres liter liters",
    "ml millilitre millilitres milliliter milliliters",
    "h hr hrs hour hours",
    "min mins minute minutes",
    "s sec secs second seconds",
    "ms millisecond milliseconds",
    "kwh kilowatt-hour kilowatt-hours",
    "kb kilobyte kilobytes",
    "mb megabyte megabytes",
    "gb gigabyte gigabytes",
    "tb terabyte terabytes",
)
_UNIT_OF: dict[str, str] = {}
_UNIT_SPELLING: dict[str, str] = {}
for _group in _UNITS:
    _name = _group.split()[0]
    for _spelled in _group.split():
        _UNIT_SPELLING[_spelled.replace("-", " ")] = _name
        for _token in tokenize(_spelled.replace("-", "")):
            _UNIT_OF.setdefault(_token, _name)
# The word after a figure ("9 kg", "12gb", "3:55 h", "29 minutes"): a unit if spelled so.
_AFTER_FIGURE = lazy_compile(r"(?<![\w.])\d(?:[\d.,:]*\d)?\s?(?:-\s?)?([^\W\d_]+)")
_DIGIT = re.compile(r"\d")


def _unit_mark(name: str) -> str:
    return f"{MARK}unit_{name}"


# --- compounds ------------------------------------------------------------------------------

# Particles joined to their verb in a noun ("set up" / "setup", "log in" / "login").
_PARTICLES = frozenset("up in out off down back".split())
_HYPHENATED = lazy_compile(r"\b([^\W\d_]+)-([^\W\d_]+)\b")
# A letter, a hyphen, a letter: in every `_HYPHENATED` match. Led by the hyphen, so the
# search jumps from hyphen to hyphen (`_HYPHENATED` tries a word boundary at every letter:
# ~0.3 ms a 1,500-character page of commands).
_LETTER_HYPHEN_LETTER = lazy_compile(r"-(?<=[^\W\d_]-)(?=[^\W\d_])")


def hyphenated(text: str) -> list[tuple[str, str]]:
    """`_HYPHENATED.findall(text)`: tried only at the letters before each hyphen that has a
    letter on both sides (where a match's first half starts), left to right, a match's end
    the first place the next may start, as findall tries them."""
    found: list[tuple[str, str]] = []
    resume = 0
    for hyphen in _LETTER_HYPHEN_LETTER.finditer(text):
        start = hyphen.start()
        while start and _letter(text[start - 1]):
            start -= 1
        if start < resume:
            continue
        match = _HYPHENATED.match(text, start)
        if match is not None:
            found.append((match.group(1), match.group(2)))
            resume = match.end()
    return found


def _letter(char: str) -> bool:
    """`char` is one `[^\\W\\d_]` matches (alphanumeric, not a decimal digit)."""
    return char.isalnum() and not char.isdecimal()


def _joined(first: str, second: str) -> str:
    tokens = tokenize(first + second)
    return tokens[0] if len(tokens) == 1 else ""


# --- names' titles --------------------------------------------------------------------------

# A name's title, written in full or short, says what it names: "Mount Logan", "Mt. Fuji" are
# mountains (the capitalised title before a capitalised name, not the verb "mount").
_MOUNTAIN_TITLE = lazy_compile(r"\b(?:Mount|Mt\.?)\s+(?=[A-Z])")
_MOUNTAIN_MARK = MARK + _one_token("mountain")


# --- the two sides --------------------------------------------------------------------------


# "in both files" writes "two": what a question's "two" is stated by (`question_forms` offers
# every word's mark), "both" being a stopword no passage's tokens hold.
_BOTH_MARK = MARK + "two"


def written_forms(text: str) -> frozenset[str]:
    """What `text` writes another way than as its own tokens: its rates, a limit next to a
    figure, its units next to a figure, "two" in "both" (each a mark), a mountain a name's
    title names ("Mt. Fuji"), and its compounds joined ("co-op" -> the marked token of "coop",
    "set up" -> of "setup")."""
    sequence = words(text)
    present = frozenset(sequence)  # which rules could apply: each needs one of its words
    found: set[str] = set()
    if not present.isdisjoint(_ANY_RATE_TRIGGER):
        found.update(
            _RATE_MARK[unit]
            for unit, rule in _RATES.items()
            if present & _RATE_TRIGGERS[unit] and rule.search(text)
        )
    if not present.isdisjoint(_LIMIT_TRIGGERS) and states_limit(text):
        found.add(_LIMIT_MARK)
    if "both" in present:
        found.add(_BOTH_MARK)
    if _DIGIT.search(text):  # what `_AFTER_FIGURE` needs (one search, not a loop per character)
        for match in _AFTER_FIGURE.finditer(text):
            if name := _UNIT_SPELLING.get(match.group(1).lower()):
                found.add(_unit_mark(name))
    if "-" in text:
        for first, second in hyphenated(text):
            if joined := _joined(first, second):
                found.add(MARK + joined)
    if ("mount" in present or "mt" in present) and _MOUNTAIN_TITLE.search(text):
        found.add(_MOUNTAIN_MARK)
    if not present.isdisjoint(_PARTICLES):
        for first, second in zip(sequence, sequence[1:], strict=False):
            if second in _PARTICLES and first.isalpha() and (joined := _joined(first, second)):
                found.add(MARK + joined)
    return frozenset(found)


def question_forms(question: str, question_words: Iterable[str]) -> dict[str, list[frozenset[str]]]:
    """For each question word, the other ways a passage may state it: a rate's mark for a
    rate adjective ("nightly") or a unit the question writes as a rate ("per night"); the
    limit mark for "limit", "cap", "maximum"; a unit's mark for its name or symbol; and, for
    a compound, its joined token ("co-op" ~ "coop") or its split form's mark ("setup" ~ "set
    up")."""
    asked = frozenset(question_words)
    found: dict[str, list[frozenset[str]]] = {}

    def add(word: str, alternative: str) -> None:
        if word in asked:
            found.setdefault(word, []).append(frozenset({alternative}))

    for word in asked:
        if word in _RATE_ADJECTIVE:
            add(word, _RATE_MARK[_RATE_ADJECTIVE[word]])
        if word in _LIMIT_WORDS:
            add(word, _LIMIT_MARK)
        if word in _UNIT_OF:
            add(word, _unit_mark(_UNIT_OF[word]))
        if word.isalpha():
            add(word, MARK + word)  # "setup" asked, "set up" / "set-up" written
    for match in _QUESTION_RATE.finditer(question):
        unit = (match.group(1) or match.group(2)).lower()
        add(_one_token(unit), _RATE_MARK[unit])
    pairs = hyphenated(question)  # "e-mail", "co-op": whatever the halves
    sequence = words(question)
    for first, second in zip(sequence, sequence[1:], strict=False):
        # "set up", "co op": two words, or a word and its particle ("a part" is not "apart")
        if not (first.isalpha() and second.isalpha() and tokenize(first)):
            continue
        if tokenize(second) or second in _PARTICLES:
            pairs.append((first, second))
    for first, second in pairs:
        if not (joined := _joined(first, second)):
            continue
        for part in (*tokenize(first), *tokenize(second)):
            add(part, joined)  # "set up" asked, "setup" written
            add(part, MARK + joined)  # "co-op" asked, "co-op" elsewhere or "coop"
    return {word: list(dict.fromkeys(alts)) for word, alts in found.items()}

"""When and where a passage says, for the offline evidence rule: which shapes of answer a
when-question or a where-question takes, by how it is asked (general English and the ways
wikis write times, schedules, addresses, paths and apps).

A when-question about one past occasion ("when did", "in what year") is answered by a date.
One about a schedule or a routine ("when does the job run", "at what time does...") is also
answered by a clock time ("at 21:00") or a recurrence ("every Sunday", "nightly"), and one
asking when to do a step ("when do the raisins go in") by the event it follows ("after
baking", "once the dough rests"). A where-question is answered by a named place, an address,
a path, a file, a URL or an app ("in 1Password", "under ~/.cache/git"), a "Location:"-style
key, and, for where something is kept now, a container ("in the password manager").
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile
from swarm.models.evidence import MONTHS, answer_kinds
from swarm.models.question_words import GENERIC
from swarm.wiki.tokens import STOPWORDS, tokenize, words

__all__ = ["place_stated", "when_problem"]

_I = re.IGNORECASE
_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_SEASON = r"spring|summer|autumn|fall|winter"
# A time of day: 21:00, 7.30 am, 21h00, 9pm, noon; not a duration ("3:55 h", "1:30 min").
_CLOCK = lazy_compile(
    r"(?<![\w:.,])(?:[01]?\d|2[0-3])(?::[0-5]\d(?::[0-5]\d)?|h[0-5]\d)(?![\w:])"
    r"(?!\s?(?:h|hrs?|hours?|min|mins|minutes|s|secs?|seconds)\b)|"
    r"(?<![\w:.,])(?:1[0-2]|0?[1-9])(?:[:.][0-5]\d)?\s?(?:am|pm|a\.m\.|p\.m\.)(?!\w)|"
    r"\b(?:noon|midday|midnight|o'clock)\b",
    _I,
)
# A time in a day, a week or a year: "every Sunday", "on Mondays", "nightly", "in the
# evening", "in early March", "on the 10th".
_IN_CYCLE = lazy_compile(
    r"\b(?:every|each)\s+(?:other\s+|second\s+)?"
    rf"(?:night|morning|afternoon|evening|weekend|weekday|weeknight|{_SEASON}|{_DAY}|{MONTHS})s?"
    r"\b|\b(?:nightly|weekdays|weekends|weeknights|mornings|evenings|afternoons)\b|"
    rf"\b{_DAY}\b|"
    r"\b(?:in|on)\s+the\s+(?:morning|afternoon|evening|night)s?\b|"
    r"\bat\s+(?:night|dawn|dusk|weekends?|the\s+weekend)\b|"
    rf"\b(?:in|by|from|until|till|before|after|during|through)\s+(?:early\s+|late\s+|mid-?)?"
    rf"(?:(?-i:(?=[A-Z]))(?:{MONTHS})\b|{_SEASON}\b)|"
    r"\bon\s+the\s+\d{1,2}(?:st|nd|rd|th)\b|\bthe\s+\d{1,2}(?:st|nd|rd|th)\s+of\b",
    _I,
)
# How often, not when in the cycle ("every 12 months", "weekly", "twice a year"): the answer
# to when a step is done ("when do I change the filter"), not to when something is held.
_FREQUENCY = lazy_compile(
    r"\b(?:every|each)\s+(?:other\s+|second\s+|few\s+|\d+\s+|[a-z]+\s+)?"
    r"(?:day|week|month|quarter|year|hour|minute)s?\b|"
    r"\b(?:daily|weekly|fortnightly|monthly|quarterly|yearly|annually|hourly)\b|"
    r"\b(?:once|twice|\w+\s+times)\s+(?:a|an|per|each|every)\s+"
    r"(?:day|night|week|month|quarter|year|hour)\b",
    _I,
)
# The event a step follows or waits for: "after baking", "once the dough rests", "when this
# function is called"; the words after it must say something the question does not.
_EVENT = lazy_compile(
    r"\b(after|before|once|when|whenever|until|till|upon|while|during|as\s+soon\s+as)\s+"
    r"((?:[\w'-]+\s+){0,3}[\w'-]+)",
    _I,
)
# A time or a place the passage does not know ("its location is unknown", "the date is
# uncertain"): what else it writes is a guess, not the answer.
_UNSURE = lazy_compile(
    r"\b(unknown|unclear|uncertain|undetermined|disputed|not\s+(?:yet\s+)?(?:known|clear|"
    r"certain|fixed|decided|set)|tbd|to\s+be\s+(?:confirmed|decided|determined))\b",
    _I,
)
_NEGATED_BEFORE = lazy_compile(r"(?:\b(?:not|never|no)|n['’]t)\s+(?:[\w'-]+\s+){0,2}$", _I)

# How the when-question is asked.
_ASKS_YEAR = lazy_compile(r"\b(what|which|in\s+what)\s+(year|date|month|decade|century)\b", _I)
_ASKS_MONTH = lazy_compile(r"\b(what|which)\s+months?\b", _I)
# "In which century...": an ordinal century ("the 10th century", "8th, 9th and 10th
# centuries") answers it, as a year does; it answers no year asked ("in 969").
_ASKS_CENTURY = lazy_compile(r"\b(what|which)\s+centur(y|ies)\b", _I)
_CENTURY = lazy_compile(r"\b\d{1,2}(?:st|nd|rd|th)\s+centur(?:y|ies)\b", _I)
# "In January", "by early March": a month named, for "what month".
_MONTH = lazy_compile(
    rf"\b(?:in|by|from|until|till|since|during|every|each|early|late|mid-?)\s+"
    rf"(?-i:(?=[A-Z]))(?:{MONTHS})\b",
    _I,
)
# "When joining two files, how do I...": a when-clause opening another question.
_WHEN_CLAUSE = lazy_compile(
    r"^\W*when\b[^?]*?,\s*(?:how|what|which|who|whom|where|why|can|could|should|do|does|"
    r"is|are)\b",
    _I,
)
# A time finer than a year, for "what month": a month or a weekday named, a
# date with its month (2025-11-18, 18/11, 18.11.2025), a day of the month (the 1st), a day
# in a cycle (daily, every day, weekends), a day relative to today.
_FINER = lazy_compile(
    rf"\b(?:(?-i:(?=[A-Z]))(?:{MONTHS})|{_DAY}|daily|weekdays?|weekends?|weeknights?|today|"
    r"tomorrow|yesterday|every\s+day|each\s+day)\b|\b\d{1,4}[-/.]\d{1,2}\b|"
    # a day of the month ("the 15th"), not a century ("the 7th century")
    r"\b\d{1,2}(?:st|nd|rd|th)\b(?!\s+centur)",
    _I,
)
# A day: `_FINER` but for a month named alone ("8 December", "December 8" are days).
_A_DAY = lazy_compile(
    rf"\b(?:{_DAY}|daily|weekdays?|weekends?|weeknights?|today|tomorrow|yesterday|"
    r"every\s+day|each\s+day)\b|\b\d{1,4}[-/.]\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)\b|"
    rf"\b\d{{1,2}}\s+(?-i:(?=[A-Z]))(?:{MONTHS})\b|\b(?-i:(?=[A-Z]))(?:{MONTHS})\s+\d{{1,2}}\b",
    _I,
)
_ASKS_DAY = lazy_compile(r"\b(what|which)\s+days?\b", _I)
# "What day of the month": a date in the month (the 15th, 8 December, 2026-12-08, "day 3"),
# which a weekday ("Wednesdays") or a cycle ("daily") does not give.
_ASKS_MONTH_DAY = lazy_compile(r"\b(what|which)\s+days?\s+of\s+(the|each|every)\s+month\b", _I)
_A_MONTH_DAY = lazy_compile(
    r"\b\d{1,4}[-/.]\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)\b|\bday\s+\d{1,2}\b|"
    rf"\b\d{{1,2}}\s+(?-i:(?=[A-Z]))(?:{MONTHS})\b|\b(?-i:(?=[A-Z]))(?:{MONTHS})\s+\d{{1,2}}\b|"
    r"\b(?:first|last|second|third|fourth|final)\s+(?:\w+day|day|weekday|working\s+day)\b",
    _I,
)
_ASKS_TIME = lazy_compile(r"\b(what|which)\s+time\b", _I)
_PAST_WHEN = lazy_compile(r"\bwhen\s+(did|was|were|had)\b", _I)
_STEP_WHEN = lazy_compile(r"\bwhen\s+(do|does|should|can|must|to)\b", _I)


# Words that only frame a time or a place ("every", "twice a", "early"): the time word or the
# place itself must be one the question does not write.
_FRAMING = frozenset(
    tokenize("every each other second few once twice times per early late mid the a an")
)


def _new(phrase: str, question_words: frozenset[str]) -> bool:
    tokens = {token for token in tokenize(phrase) if token not in STOPWORDS}
    return bool(tokens - _FRAMING - question_words)


def _stated(pattern: re.Pattern[str], text: str, question_words: frozenset[str]) -> bool:
    """A match of `pattern` in `text`, not negated ("not on Sundays") and not only the
    question's own words ("nightly" for "the nightly job")."""
    return any(
        _new(match.group(), question_words) and not _NEGATED_BEFORE.search(text[: match.start()])
        for match in pattern.finditer(text)
    )


# Clauses: a time said in one ("Next step: call after the pilot review") is not the time of
# what another says ("Stage: pilot ending").
_CLAUSE = lazy_compile(r"[;,!?()\[\]\n]|\.\s|\s[—–-]\s")


def _tied(clause: str, match: re.Match[str], question_words: frozenset[str]) -> bool:
    """The rest of the clause writes a question word: the time is the asked event's ("the
    timer starts when...", "internet off 21:00", "Raisins ... after baking"); not a generic
    word ("usually")."""
    rest = clause[: match.start()] + " " + clause[match.end() :]
    return bool(set(tokenize(rest)) & question_words - GENERIC)


def _when_stated(
    pattern: re.Pattern[str], text: str, question_words: frozenset[str], *, event: bool = False
) -> bool:
    """A match of `pattern` (for an `event`: the words after its connective) saying something
    the question does not, not negated, in a clause about the asked event (or in a passage
    writing no question word at all: a value under its heading)."""
    untied = not set(tokenize(text)) & question_words
    for clause in _CLAUSE.split(text):
        for match in pattern.finditer(clause):
            said = match.group(2) if event else match.group()
            if event and (match.group(1).lower() in question_words or said[0].isdigit()):
                continue
            if not _new(said, question_words) or _NEGATED_BEFORE.search(clause[: match.start()]):
                continue
            if untied or _tied(clause, match, question_words):
                return True
    return False


def when_problem(question: str, text: str, new_numbers: set[str], asked: frozenset[str]) -> str:
    """Why `text` (the question's own numbers blanked) does not say when ("" when it does,
    or the question only opens with a when-clause): a date for a past occasion or a year
    asked, a month named for a month asked; also a clock time for a time asked or a
    schedule; also a time in a day, week or year for a schedule or a day asked; also how
    often, or the event a step follows, for "when do I / does X..."; each in a clause about
    the asked event (`asked`: the question's words; `new_numbers`: the figures `text` adds
    to the question's)."""
    if _WHEN_CLAUSE.search(question):
        return ""
    text = _without_asides(text, asked - GENERIC)
    if _ASKS_MONTH.search(question) and not _FINER.search(text):
        return _NO_WHEN  # "in what month..." answered "in 911": a year is no month
    if _ASKS_DAY.search(question) and not _A_DAY.search(text):
        return _NO_WHEN  # "what day..." answered "in January": a month is no day
    if _ASKS_MONTH_DAY.search(question) and not _A_MONTH_DAY.search(text):
        return _NO_WHEN  # "what day of the month" answered "Wednesdays": no date in a month
    if _ASKS_CENTURY.search(question) and _when_stated(_CENTURY, text, asked):
        return ""
    if new_numbers and "date" in answer_kinds(text) and _date_of_asked(question, text, asked):
        return ""
    if _UNSURE.search(text):
        return _NO_WHEN
    if _ASKS_MONTH.search(question) and _when_stated(_MONTH, text, asked):
        return ""
    if not _ASKS_YEAR.search(question):
        asks_time, asks_day = bool(_ASKS_TIME.search(question)), bool(_ASKS_DAY.search(question))
        past = bool(_PAST_WHEN.search(question))
        if (asks_time or not past) and not asks_day and _when_stated(_CLOCK, text, asked):
            return ""
        if (asks_day or not (past or asks_time)) and _when_stated(_IN_CYCLE, text, asked):
            return ""
        if _STEP_WHEN.search(question) and not asks_time:
            if _when_stated(_FREQUENCY, text, asked):
                return ""
            return "" if _when_stated(_EVENT, text, asked, event=True) else _NO_WHEN
    return _NO_WHEN


_NO_WHEN = "no date for a when-question"
_DATE_NUMBER = lazy_compile(r"(?<![\w.,])\d[\d,./:-]*\d(?![\w])|(?<![\w.,])\d(?![\w.,])")
_HABITUAL_WHEN = lazy_compile(r"\bwhen\s+(do|does)\b", _I)


def _date_of_asked(question: str, text: str, asked: frozenset[str]) -> bool:
    """A date in `text` is the asked event's: for "when does X happen" (what happens again
    and again, or is still to come), in a clause about X ("the Aswan dam, completed in 1970,
    ended the annual flood" dates the dam, not the flood); for other questions, in a sentence
    writing a word of the question ("The conference opened in Berlin. Its act was signed in
    1885." gives no year of the opening), or anywhere in a passage writing none (a value
    under its heading)."""
    if _HABITUAL_WHEN.search(question):
        return _when_stated(_DATE_NUMBER, text, asked)
    wanted = asked - GENERIC
    sentences = [set(tokenize(part)) for part in _SENTENCE.split(text)]
    dated = [bool(_DATE_NUMBER.search(part)) for part in _SENTENCE.split(text)]
    if not any(tokens & wanted for tokens in sentences):
        return True
    return any(
        tokens & wanted and has_date for tokens, has_date in zip(sentences, dated, strict=True)
    )


# Sentences: a full stop before a capital, a semicolon, a line break ("A.D. 1066" stays whole).
_SENTENCE = lazy_compile(r"(?<=[.!?])\s+(?=[A-Z\"“‘(\[])|;\s*|\n+")
_ASIDE = lazy_compile(r"\(([^()]*)\)")


def _without_asides(text: str, asked: frozenset[str]) -> str:
    """`text` without the bracketed asides that write no question word (`asked`) and follow
    none: "(equivalent to $22 billion in March 2023)" dates the sum, not the independence the
    sentence is about; "Hastings (14 October 1066)" keeps its date."""

    def keep(match: re.Match[str]) -> str:
        before = text[: match.start()].split()
        near = set(tokenize(before[-1])) if before else set()
        return match.group() if (set(tokenize(match.group(1))) | near) & asked else " "

    return _ASIDE.sub(keep, text)


# --- where ----------------------------------------------------------------------------------

_PLACE_PREPOSITION = (
    r"(?:at|in|inside|into|on|onto|under|underneath|beneath|behind|beside|near|next\s+to|"
    r"within|from)"
)
# A path, a file, a URL or an app after a preposition: "in ~/.pypirc", "under
# ~/.cache/git/credential/socket", "at https://...", "in `config/ci.yml`", "in 1Password".
_LOCATOR = lazy_compile(
    rf"\b{_PLACE_PREPOSITION}\s+(?:the\s+|your\s+|my\s+|our\s+)?[\"'`“‘]?"
    r"(https?://\S+|www\.\S+|~?/[\w.@%+-]+(?:/[\w.@%+-]*)*|~/[\w.-]+|\.[A-Za-z_][\w-]*"
    r"(?:/[\w.-]+)*|[\w.-]*[A-Za-z][\w.-]*(?:/[\w.-]+)+|[\w-]{2,}\.[a-z][a-z0-9]{1,4}\b|"
    r"\d+[A-Z][a-z][\w-]*|[a-z]+[A-Z][\w-]*)",
)
# A name after a preposition of place ("under "PyPI upload token"", "inside the Finance
# folder"): not a month or a weekday.
_NAMED = lazy_compile(
    rf"\b{_PLACE_PREPOSITION}\s+(?:the\s+|your\s+|my\s+|our\s+)?[\"'`“‘]?([A-Z][\w'&-]*)"
)
_CALENDAR = lazy_compile(rf"^(?:{MONTHS}|{_DAY})$", _I)
# A street address, a floor, a postcode: "41 Queen Square", "3rd floor", "Hauptstraße 12",
# "BS1 4QS".
_ADDRESS = lazy_compile(
    r"\b\d+[a-zA-Z]?,?\s+(?:[A-Z][\w'.-]*\s+){1,3}(?:Street|St|Road|Rd|Square|Sq|Avenue|Ave|"
    r"Lane|Ln|Way|Place|Pl|Drive|Dr|Boulevard|Blvd|Court|Ct|Close|Terrace|Row|Gardens|"
    r"Parkway|Crescent|Quay|Wharf|Mews|Hill)\b|"
    r"\b\d+,?\s+(?i:rue|avenue|boulevard|place|calle|via|viale|piazza|avenida)\s+\w|"
    r"\b[A-ZÄÖÜ][\w-]*(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm)\s*\d+|"
    r"\b\d+(?:st|nd|rd|th)\s+(?i:floor)\b|\b(?i:floor|suite|room|building)\s+\d+\b|"
    r"\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|\b[A-Z]{2}\s\d{5}(?:-\d{4})?\b"
)
# A container where a thing is kept, lowercase: "in the password manager", "under the sink";
# not a time or a manner ("in the end", "at the moment", "in the same way").
_CONTAINER = lazy_compile(
    rf"\b{_PLACE_PREPOSITION}\s+(?:the|a|an|my|our|your|his|her|their)\s+"
    r"((?:[\w'-]+\s+){0,2}[\w'-]+)",
    _I,
)
_NOT_CONTAINERS = frozenset(
    "morning afternoon evening night day week month year time moment end beginning start "
    "middle meantime past future case way same first last long short run meanwhile process "
    "course event form order sense meantime fact hope interest name favour favor spirit light "
    "context face wake absence presence hand whole wild".split()
)
# "Location: ...", "Address: ...", "Stored in: ..." (a fact's key names a place); "From: ..."
# and "Source: ..." answer where something comes from.
_PLACE_KEY = lazy_compile(
    r"(?:^|[;\n]\s*|\)\s*)(?:location|address|where|venue|site|room|path|folder|directory|"
    r"dir|url|stored(?:\s+in)?|kept(?:\s+in)?|lives?(?:\s+in)?|found\s+in)\s*:\s*([^;\n]+)",
    _I,
)
_ORIGIN_KEY = lazy_compile(
    r"(?:^|[;\n]\s*)(?:from|source|origin|comes?\s+from|upstream)\s*:\s*([^;\n]+)", _I
)
_ASKS_ORIGIN = lazy_compile(r"\bfrom\W*$", _I)
_PAST_WHERE = lazy_compile(r"\bwhere\s+(did|was|were|had)\b", _I)


def place_stated(question: str, text: str, question_words: frozenset[str]) -> bool:
    """`text` says where, beyond the question's own words: a path, file, URL or app after a
    preposition, an address, a place key's value; for where something is now ("where do I
    keep", "where is"), a container ("in the password manager") too. A place after "not" or
    "never" says where it is not; a passage saying it does not know says nothing here."""
    if _UNSURE.search(text):
        return False
    if _stated(_ADDRESS, text, question_words):
        return True
    # A path or a URL is new unless the question writes it ("~/.cache/git" for "git cache").
    for match in _LOCATOR.finditer(text):
        if match.group(1).lower() not in question.lower() and not _NEGATED_BEFORE.search(
            text[: match.start()]
        ):
            return True
    for match in _NAMED.finditer(text):
        if _CALENDAR.match(match.group(1)) or _NEGATED_BEFORE.search(text[: match.start()]):
            continue
        if _new(match.group(1), question_words):
            return True
    keys = [_PLACE_KEY, _ORIGIN_KEY] if _ASKS_ORIGIN.search(question) else [_PLACE_KEY]
    if any(_new(m.group(1), question_words) for key in keys for m in key.finditer(text)):
        return True
    if _PAST_WHERE.search(question):
        return False
    for match in _CONTAINER.finditer(text):
        nouns = [word for word in words(match.group(1)) if word not in STOPWORDS]
        if not nouns or set(nouns) & _NOT_CONTAINERS or any(n[0].isdigit() for n in nouns):
            continue
        if _new(" ".join(nouns), question_words) and not _NEGATED_BEFORE.search(
            text[: match.start()]
        ):
            return True
    return False

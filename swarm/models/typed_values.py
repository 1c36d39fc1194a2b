"""Values with a shape: a question asking for a phone number, an email address, a web
address, a version, a port, a password or an entry code (alarm, door, key safe) is answered
only by a passage holding a value of that shape ("password on the card on the fridge" says
where it is, not what it is); and a question about the second of something is not answered
by a passage about the first (the ordinal checks live in `ordinals`).

Pure functions over text, in English, German, French and Spanish wording.
"""

from __future__ import annotations

import re
from collections.abc import Set

from swarm.lazy_re import lazy_compile
from swarm.models.evidence import answer_kinds, text_words
from swarm.models.newest import oldest_not_said, says_newest
from swarm.models.ordinals import ordinal_on_another_noun, other_ordinal
from swarm.models.word_forms import question_forms, states_limit

__all__ = [
    "asked_values",
    "counted_not_stated",
    "limit_not_asked",
    "missing_value",
    "newest_not_said",
    "only_dates",
    "value_problem",
    "without_numbers",
]

_I = re.IGNORECASE
# What the question asks for -> the shape a passage must hold.
_ASKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "a phone number",
        # the noun, not the verb: "who do I phone" asks for a person
        lazy_compile(
            r"\b(phone|telephone|mobile|cell|landline|tel)\s*(number|no\b|#)|"
            r"(?:'s|s'|\bmy|\bhis|\bher|\btheir|\bour|\byour)\s+(?:phone|mobile|cell)\b|"
            r"\b(telefon|handy)nummer|num[ée]ro\s+de\s+t[ée]l[ée]phone|"
            r"n[uú]mero\s+de\s+(tel[ée]fono|m[oó]vil)|"
            # "el teléfono del casero", "son portable", "il suo cellulare": the number
            r"\b(el|su|sus|mi|tu|le|son|mon|ton|il|suo|mio|tuo|o|seu|meu|teu)\s+(tel[ée]fono|"
            r"m[oó]vil|t[ée]l[ée]phone|portable|cellulare|telem[oó]vel|celular)\b|"
            r"\bnumber\s+(to|I\s+can)\s+(call|ring|text)\b",
            _I,
        ),
    ),
    (
        "an email address",
        lazy_compile(
            r"\be-?mail\s+(address|adress|id)\b|(?:'s|s'|\bmy|\bhis|\bher|\btheir|\bour|"
            r"\byour|\bthe|\bwork|\bpersonal|\bprivate)\s+e-?mail\b(?!\s+(?:to|about|from)\b)|"
            r"\bcourriel|\bcorreo\s+electr[oó]nico|\be-?mail-?adresse",
            _I,
        ),
    ),
    (
        "a web address",
        lazy_compile(r"\b(url|urls|website|web\s*site|web\s+address|homepage|web\s*page)\b", _I),
    ),
    ("a version", lazy_compile(r"\b(version|versions|versi[oó]n)\b", _I)),
    ("a port number", lazy_compile(r"\b(port|ports|puerto)\b", _I)),
    (
        "an entry code",
        lazy_compile(
            r"\b(?:alarm|door|gate|entry|access|lock|safe|keypad|building|garage|key\s*safe)\s*"
            r"codes?\b|\b(?:combination|lock\s+combo)\b",
            _I,
        ),
    ),
    (
        "a password",
        lazy_compile(
            r"\b(password|passwords|passcode|passphrase|pin|passwort|mot\s+de\s+passe|"
            r"contrase[ñn]a|wi-?fi\s+key)\b(?!\s+(?:policy|policies|manager|reset|rules?|length|"
            r"requirements?|change|expiry|vault)\b)",
            _I,
        ),
    ),
)
_DIGITS = lazy_compile(r"\d")
_PHONE = lazy_compile(r"(?<![\w.])\+?\(?\d[\d\s().\-/]{5,}\d(?![\w.])")
# A date has a phone number's digits and separators: "1953-01-30", "30/01/1953", "30.01.53".
_DATE_ONLY = lazy_compile(
    r"(?<![\d.])(?:\d{4}-\d\d-\d\d|\d{1,2}([./-])\d{1,2}\1(?:\d{4}|\d{2}))(?![\d])"
)
_EMAIL = lazy_compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
_WEB = lazy_compile(
    r"https?://\S+|\bwww\.\S+|\b[\w-]+(\.[\w-]+)*\.(com|org|net|io|dev|app|co|uk|de|fr|es|eu|"
    r"info|edu|gov|ch|at|nl|be|it)\b(/\S*)?",
    _I,
)
_VERSION = lazy_compile(r"(?<![\w.])v?\d+(\.\d+)+([a-z]+\d*)?(?!\w|\.\w)|\bv\d+\b", _I)
# An entry code is digits (and letters, #, *) written out: "4471#", "C1234", "12-34-56".
_ENTRY_CODE = lazy_compile(r"(?<![\w.])[#*]?(?=[\w#*-]*\d)[A-Z\d][\w#*-]{2,}(?![\w.])", _I)
_PORT = lazy_compile(r"(?<![\w.])(:\d{2,5}|\d{2,5})(?![\w.])")
# A password is written after its word ("password: hunter2", "PIN is 4711", "Passwort =
# x9") or in quotes / code right after it; "password on the card" names no password.
_PASSWORD = lazy_compile(
    r"\b(password|passcode|passphrase|pin|passwort|mot\s+de\s+passe|contrase[ñn]a|key)\b"
    r"\s*(?:\([^)]*\)\s*)?(?::|=|\bis\b|\best\b|\bist\b|\bes\b)\s*[`\"'“«]?[^\s`\"'”»]{3,}",
    _I,
)


def asked_values(question: str) -> list[str]:
    """The shaped values `question` asks for ("a phone number", "a version"...), if any."""
    if not isinstance(question, str):
        return []
    return [name for name, asks in _ASKS if asks.search(question)]


def _holds(name: str, text: str) -> bool:
    if name == "a phone number":
        dates = [(d.start(), d.end()) for d in _DATE_ONLY.finditer(text)]
        return any(
            len(_DIGITS.findall(m.group())) >= 6
            and not any(start < m.end() and m.start() < end for start, end in dates)
            for m in _PHONE.finditer(text)
        )
    if name == "an email address":
        return bool(_EMAIL.search(text))
    if name == "a web address":
        return bool(_WEB.search(text))
    if name == "a version":
        return bool(_VERSION.search(text))
    if name == "a port number":
        return bool(_PORT.search(text))
    if name == "an entry code":  # "the alarm code is kept by the office manager": none
        return bool(_ENTRY_CODE.search(text))
    return bool(_PASSWORD.search(text))


def missing_value(question: str, text: str) -> str:
    """The shaped value `question` asks for that `text` does not hold ("" when every one
    asked is there, or none is asked)."""
    for name in asked_values(question):
        if not _holds(name, text):
            return name
    return ""


# A figure that is only a date: "how much did she get" is not answered by "1813".
_DATE_FIGURE = lazy_compile(
    r"\b(1\d{3}|20\d{2})-\d{2}(-\d{2})?\b|\b(1\d{3}|20\d{2})\s*[–-]\s*\d{2,4}\b|"
    r"\b\d{1,2}(st|nd|rd|th)?\s+[A-Z][a-z]+\s+\d{4}\b|"
    r"\b[A-Z][a-z]+\s+\d{1,2}(st|nd|rd|th)?,?\s+\d{4}\b|(?<![\d.,])(1[0-9]|20)\d{2}(?![\d.,])"
)
# A limit, not a count: "Up to 1,000 subscribers on this plan".
_LIMIT = lazy_compile(
    r"\b(up\s+to|at\s+most|no\s+more\s+than|maximum(\s+of)?|max\.?|capped\s+at|"
    r"limit(ed)?\s+(of|to)|bis\s+zu|jusqu'à|hasta)\s+[$€£]?\d",
    _I,
)
_ASKS_LIMIT = lazy_compile(
    r"\b(max|maximum|most|limit|limits|up\s+to|allowed|allowance|cap|capacity|at\s+most)\b", _I
)


def only_dates(text: str) -> bool:
    """Every number in `text` is part of a date or a year."""
    rest = _DATE_FIGURE.sub(" ", text)
    return bool(_DIGITS.search(text)) and not _DIGITS.search(rest)


def limit_not_asked(question: str, text: str) -> bool:
    """`text` gives a limit ("up to 1,000", "capped at 12") and `question` does not ask for
    one."""
    limit = bool(_LIMIT.search(text)) or states_limit(text)
    return limit and not _ASKS_LIMIT.search(question)


def value_problem(question: str, kinds: Set[str], text: str) -> str:
    """Why `text` (the question's own numbers blanked) does not hold the value `question`
    asks for, by its kinds ("money", "count", "figure", "date"): money for a price, an amount
    that is not only dates, a count rather than a limit, a phone number, a version... of its
    own shape, the same ordinal. "" when nothing is wrong."""
    if "money" in kinds and "money" not in answer_kinds(text):
        return "no amount of money for a price question"
    if kinds & {"count", "figure", "money"} and "date" not in kinds:
        if only_dates(text):
            return "only dates for a how-much question"
        if kinds & {"count"} and "money" not in kinds and limit_not_asked(question, text):
            return "a limit ('up to ...'), not the figure asked"
    if missing := missing_value(question, text):
        return f"no {missing.split(' ', 1)[1]} in the passage"
    if other_ordinal(question, text) or ordinal_on_another_noun(question, text):
        return "the passage is about another one (first vs second...)"
    if counted := counted_not_stated(question, text):
        return f"the passage does not say how many {counted}"
    if newest_not_said(question, text, kinds):
        return "the question asks for the latest, and the passage does not say it is"
    if oldest_not_said(question, text):
        return "the question asks for the oldest, and the passage does not say it is"
    return ""


# "What's the latest version right now?": the newest version is answered only by a passage
# saying it is the newest ("latest", "current", "as of"), not by any version found.
_ASKS_NEWEST = lazy_compile(r"\b(latest|newest|most\s+recent|right\s+now)\b", _I)
# "What is the latest Python release?", "the newest model", "the most recent edition": the
# newest of a series, whatever the series; "right now" asks what holds now, not the newest.
_ASKS_NEWEST_OF = lazy_compile(r"\b(latest|newest|most\s+recent)\b", _I)
# Kinds of value a wiki states once, as of its page's date ("Pro plan: $20 a month"): the
# freshness rules judge "the latest price", not this.
_AS_OF_PAGE = frozenset({"money", "count", "figure"})


def newest_not_said(question: str, text: str, kinds: Set[str] = frozenset()) -> bool:
    """`question` asks for the newest or the present version, or the newest of any series
    ("the latest release", "the newest model"), and `text` does not say it is (`says_newest`):
    "version 1.2.3" in a how-to is an example, a release calendar or a list of releases names
    none as the newest. A price or a figure asked "latest" (its `kinds`) is the wiki's as of its
    page's date: the freshness rules judge that, not this."""
    if says_newest(text):
        return False
    if "a version" in asked_values(question) and _ASKS_NEWEST.search(question):
        return True
    return bool(_ASKS_NEWEST_OF.search(question)) and not _AS_OF_PAGE & set(kinds)


# "How many tomato plants…": what is counted, up to the verb or a preposition.
_HOW_MANY = lazy_compile(
    r"\bhow\s+many\s+((?:[\w'-]+\s+){1,3}?)(?=(?:do|does|did|is|are|was|were|have|has|had|"
    r"can|could|will|would|should|must|of|in|on|at|for|per|to|from|with|we|i|you|they|there|"
    r"it|he|she)\b)",
    _I,
)


_MEASURE_WORDS = text_words(
    "long wide deep high tall far old big large heavy thick away more less ago later earlier"
)


def counted_not_stated(question: str, text: str) -> str:
    """What a "how many" question counts ("tomato plants") when `text` does not state all of
    it: "3 plants" of zucchini is no count of tomato plants. "" otherwise."""
    match = _HOW_MANY.search(question)
    if not match:
        return ""
    # "how many kilometres long": a measure's adjective is not what is counted
    counted = text_words(match.group(1)) - _MEASURE_WORDS
    written = text_words(text)
    forms = question_forms(question, counted)  # "how many kilos" is stated by "9 kg"
    unstated = {
        word
        for word in counted - written
        if not any(form <= written for form in forms.get(word, ()))
    }
    return match.group(1).strip() if unstated else ""


def without_numbers(text: str, numbers: set[str]) -> str:
    """`text` with the question's own numbers blanked (a date must be a new one)."""
    for number in numbers:
        text = re.sub(rf"(?<![\w.]){re.escape(number)}\b", " ", text)
    return text

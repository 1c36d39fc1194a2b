"""Which one of several a question asks about, for the offline evidence rule: "the second
ledger", "its fourth café", "la deuxième édition" is answered only by a passage that says it
is about that one ("the second ledger", "café #4"); a passage about the ledger, or the
second-largest sheet of ice, says nothing of a second ledger or a second ocean. "First" is
left out: a wiki writes the first of a thing as the thing itself ("the iPhone launched in
2007" answers "the first iPhone"). English, French, Spanish and German; Japanese 第N / N番目.

Two narrower English checks share the vocabulary: a passage naming only other ordinals ("the
first printing ran to 1,250 copies" for "the second printing", `other_ordinal`), and a passage
writing the question's ordinal of another noun ("The second class of instruments ... the
musette" for "the second musette", `ordinal_on_another_noun`).
"""

from __future__ import annotations

import re
import unicodedata

from swarm.lazy_re import lazy_compile
from swarm.models.question_words import BROAD_TYPES, GENERIC
from swarm.wiki.tokens import STOPWORDS, tokenize

__all__ = ["ordinal_on_another_noun", "ordinal_unstated", "other_ordinal"]

_I = re.IGNORECASE
# Each ordinal word with its number, one row a number, the English word first on its row.
_ORDINAL_ROWS = [
    "first",
    "second deuxième seconde segundo segunda zweite zweiter zweites zweiten zweitem",
    "third troisième tercer tercero tercera dritte dritter drittes dritten drittem",
    "fourth quatrième cuarto cuarta vierte vierter viertes vierten viertem",
    "fifth cinquième quinto quinta fünfte fünfter fünftes fünften fünftem",
    "sixth sixième sexto sexta sechste sechster sechstes sechsten sechstem",
    "seventh septième séptimo séptima siebte siebter siebtes siebten siebtem",
    "eighth huitième octavo octava achte achter achtes achten achtem",
    "ninth neuvième noveno novena neunte neunter neuntes neunten neuntem",
    "tenth dixième décimo décima zehnte zehnter zehntes zehnten zehntem",
    "eleventh",
    "twelfth",
]
_ORDINAL_NUMBER = {
    word: number for number, forms in enumerate(_ORDINAL_ROWS, start=1) for word in forms.split()
}
# The English words, "first" to "twelfth", for the two English checks.
_ENGLISH_ORDINALS = [forms.split()[0] for forms in _ORDINAL_ROWS]
# "First" is left out of the asked ordinals (see above).
_WORDS = "|".join(sorted((w for w, n in _ORDINAL_NUMBER.items() if n >= 2), key=len, reverse=True))
# An ordinal word, or a figure written as one ("2nd", "4th", "2e", "2ème", "2º", "2ª").
_ORDINAL = lazy_compile(
    rf"(?<![\w-])(?:({_WORDS})|(\d{{1,3}})(?:st|nd|rd|th|e|ème|eme|º|ª))(?![\w-])", _I
)
# A determiner before the ordinal ("the second ledger", "sa deuxième édition", "la segunda
# edición", "die zweite Auflage"): the ordinal picks one of the noun after it.
_DETERMINER = lazy_compile(
    r"(?:the|a|an|its|our|my|your|their|his|her|this|that|le|la|l['’]|sa|son|notre|votre|"
    r"leur|un|une|el|su|nuestro|nuestra|una|der|die|das|den|dem|des|ein|eine|einen|einem|"
    r"unser|unsere|ihr|ihre|sein|seine)\s+$",
    _I,
)
# What an ordinal counts that is no thing of the wiki: a century, a time, a half; and the
# function words after which no noun follows ("a second or two", "the second of May").
_NOT_COUNTED = frozenset(
    """century centuries millennium time times half ago later earlier siècle siècles fois
    moitié siglo siglos vez veces mitad jahrhundert jahrhunderts mal hälfte of or and to in on
    at per for de du des et ou à en y o a del que und oder von zu im am für""".split()
)
_NOUN_WORDS = 3  # words after the ordinal that may name what it counts ("second weekly 1-1")
_LABEL = r"\s*(?:#|no\.?|nr\.?|n[º°])?\s*"
_CJK_ORDINAL = lazy_compile(
    r"第\s*([0-9０-９一二三四五六七八九十]+)|([0-9０-９一二三四五六七八九十]+)\s*番目"
)


def _number(match: re.Match[str]) -> int:
    word, figure = match.group(1), match.group(2)
    return _ORDINAL_NUMBER[word.lower()] if word else int(figure)


def _asked(question: str) -> list[tuple[int, frozenset[str]]]:
    """Each ordinal of `question` picking one of a noun, as (number, the tokens of the words
    after it that may be the noun)."""
    found = []
    for match in _ORDINAL.finditer(question):
        number = _number(match)
        if number < 2 or not _DETERMINER.search(question[: match.start()]):
            continue
        after = question[match.end() :].split()[:_NOUN_WORDS]
        if not after or after[0].lower().strip("?.,;:!") in _NOT_COUNTED:
            continue
        nouns = frozenset(t for word in after for t in tokenize(word) if t not in STOPWORDS)
        if nouns:
            found.append((number, nouns))
    return found


def _stated(number: int, nouns: frozenset[str], text: str) -> bool:
    """`text` writes the ordinal `number` before one of `nouns` (within a few words: "the
    second, larger ledger"), or one of `nouns` labelled with the figure ("café #4", "Step 2")."""
    for match in _ORDINAL.finditer(text):
        if _number(match) == number:
            after = text[match.end() :].split()[: _NOUN_WORDS + 1]
            if nouns & {t for word in after for t in tokenize(word)}:
                return True
    for noun_match in re.finditer(r"[^\W\d_][\w'’-]*", text):
        if nouns & set(tokenize(noun_match.group())) and re.match(
            rf"{_LABEL}{number}(?![\d.,]\d)\b", text[noun_match.end() :], _I
        ):
            return True
    return False


_KANJI_DIGITS = {char: value for value, char in enumerate("〇一二三四五六七八九", start=0)}


def _cjk_number(written: str) -> int:
    """A Japanese ordinal's figure ("2", "２", "二", "十二") as a number."""
    written = unicodedata.normalize("NFKC", written)
    if written.isdigit():
        return int(written)
    tens, _, units = written.partition("十")
    if "十" not in written:
        return _KANJI_DIGITS.get(written, -1)
    return (_KANJI_DIGITS.get(tens, -1) if tens else 1) * 10 + (
        _KANJI_DIGITS.get(units, -1) if units else 0
    )


def _cjk_ordinals(text: str) -> set[int]:
    return {_cjk_number(m.group(1) or m.group(2)) for m in _CJK_ORDINAL.finditer(text)}


def ordinal_unstated(question: str, text: str) -> bool:
    """`question` asks about one of several by its ordinal ("the second ledger", "la
    deuxième édition", "第2レベル") and `text` (a passage with its headings) does not say
    it is about that one."""
    for number, nouns in _asked(question):
        if not _stated(number, nouns, text):
            return True
    asked_cjk = _cjk_ordinals(question) - {1}
    return bool(asked_cjk) and not asked_cjk & _cjk_ordinals(text)


# An English ordinal, spelled or a figure ("first", "2nd"), for `other_ordinal`.
_ENGLISH_ORDINAL = lazy_compile(
    r"\b(" + "|".join(_ENGLISH_ORDINALS) + r"|\d+(?:st|nd|rd|th))\b", _I
)


def _english_ordinals(text: str) -> set[str]:
    found: set[str] = set()
    for match in _ENGLISH_ORDINAL.finditer(text):
        word = match.group(1).lower()
        if word[0].isdigit():
            word = _ENGLISH_ORDINALS[int(word[:-2]) - 1] if 0 < int(word[:-2]) <= 12 else word
        found.add(word)
    return found


def other_ordinal(question: str, text: str) -> bool:
    """`text` names an ordinal (first, 2nd...) and none of those `question` names: "the
    second printing" is not answered by "the first printing ran to 1,250 copies"."""
    asked = _english_ordinals(question)
    if not asked:
        return False
    stated = _english_ordinals(text)
    return bool(stated) and not asked & stated


# A spelled ordinal and the two words after it ("second musette", "first ARPANET message").
_ORDINAL_AND_NEXT = lazy_compile(
    r"\b(" + "|".join(_ENGLISH_ORDINALS) + r")\s+([^\W\d_][\w'’-]*)(?:\s+([^\W\d_][\w'’-]*))?",
    _I,
)
# Content words read after the ordinal in the passage ("the second, larger musette"), within
# this many characters.
_WITHIN = 3
_REACH = 60


def _noun_after(question: str) -> list[tuple[str, frozenset[str]]]:
    """Each spelled ordinal of `question` with the tokens of the (one or two) words after it
    ("first ARPANET message"), when the first is a content word naming its own kind: not
    "the first to...", nor a broad type ("the first person given penicillin" is answered by
    "the first patient")."""
    found = []
    for match in _ORDINAL_AND_NEXT.finditer(question):
        head = frozenset(tokenize(match.group(2))) - STOPWORDS
        if not head or head & (BROAD_TYPES | GENERIC):
            continue
        tail = frozenset(tokenize(match.group(3) or "")) - STOPWORDS - BROAD_TYPES - GENERIC
        found.append((match.group(1).lower(), head | tail))
    return found


def ordinal_on_another_noun(question: str, text: str) -> bool:
    """`question` puts an ordinal before a noun ("the second musette"), `text` writes that
    ordinal, and nowhere with the noun within a few words after it: "the first abbot" is not
    stated by "the first house of the order ... its abbot" (`other_ordinal` lets it pass, the
    passage writing the same ordinal)."""
    asked = _noun_after(question)
    if not asked:
        return False
    lowered = text.lower()
    for ordinal, noun in asked:
        places = [m.end() for m in re.finditer(rf"\b{ordinal}\b", lowered)]
        if not places:
            continue  # the passage says no such ordinal: the coverage test weighs that
        if not any(noun & set(tokenize(lowered[at : at + _REACH])[:_WITHIN]) for at in places):
            return True
    return False

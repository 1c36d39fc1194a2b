"""Which one of several a question asks about, for the offline evidence rule: "the second
ledger", "its fourth café", "la deuxième édition" is answered only by a passage that says it
is about that one ("the second ledger", "café #4"); a passage about the ledger, or the
second-largest sheet of ice, says nothing of a second ledger or a second ocean. "First" is
left out: a wiki writes the first of a thing as the thing itself ("the iPhone launched in
2007" answers "the first iPhone"). English, French, Spanish and German; Japanese 第N / N番目.
"""

from __future__ import annotations

import re
import unicodedata

from swarm.lazy_re import lazy_compile
from swarm.wiki.tokens import STOPWORDS, tokenize

__all__ = ["ordinal_unstated"]

_I = re.IGNORECASE
# Each ordinal word from "second" up, with its number.
_ORDINAL_NUMBER = {
    word: number
    for number, forms in enumerate(
        [
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
        ],
        start=2,
    )
    for word in forms.split()
}
_WORDS = "|".join(sorted(_ORDINAL_NUMBER, key=len, reverse=True))
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

"""Questions in a language the offline evidence rule cannot read. The rule checks a passage
against the question's negations, opposites and question words in English, Spanish, French,
German, Italian, Portuguese, Chinese and Japanese. A Russian question ("Неиспользованные дни
отпуска переносятся на следующий год?") matches every word of a passage saying the opposite
("... не переносятся ..."): in a language whose "not" it does not know, the rule cannot tell,
so it cannot vouch for `high`. Korean too: its question words and particles are known
(`cjk_question`), its negations (열지 않아요, 예매할 수 없어요) are not.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from bm25s import stopwords as _lists

from swarm.wiki.tokens import STOPWORDS, words

__all__ = ["unread_language"]

# Scripts whose languages the rule reads (Latin for the European ones, Han and kana for
# Chinese and Japanese; full- and half-width forms are those scripts' letters too).
_READ_SCRIPTS = frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA", "FULLWIDTH", "HALFWIDTH"})
# Latin-script languages with a stopword list at hand and no rules of the evidence rule.
_UNREAD_LATIN = {
    "Dutch": frozenset(_lists.STOPWORDS_DUTCH),
    "Danish": frozenset(_lists.STOPWORDS_DANISH),
    "Norwegian": frozenset(_lists.STOPWORDS_NORWEGIAN),
    "Swedish": frozenset(_lists.STOPWORDS_SWEDISH),
    "Turkish": frozenset(_lists.STOPWORDS_TURKISH),
}
_ENGLISH = frozenset(STOPWORDS) | frozenset(_lists.STOPWORDS_EN_PLUS)
_MIN_HITS = 2  # function words of one language, as `question_language` asks of its own
_MIN_WORDS = 3


def _script(char: str) -> str:
    """The first word of the character's Unicode name: its script ("CYRILLIC", "LATIN")."""
    return unicodedata.name(char, "UNKNOWN").split(" ", 1)[0]


@lru_cache(maxsize=1024)
def unread_language(question: str, read_codes: tuple[str, ...] = ()) -> str:
    """What the question is written in when the rule cannot read it (a script, "Cyrillic",
    or a Latin-script language, "Dutch"), else "". `read_codes`: the languages
    `question_language` found (any one means the rule reads it). Most of the question's
    letters must be of the unread script: an English question naming "Чехов" is English."""
    if read_codes:
        return ""
    scripts: dict[str, int] = {}
    for char in question:
        if char.isalpha():
            script = _script(char)
            scripts[script] = scripts.get(script, 0) + 1
    letters = sum(scripts.values())
    unread = {script: n for script, n in scripts.items() if script not in _READ_SCRIPTS}
    if unread and 2 * sum(unread.values()) > letters:
        return max(unread, key=lambda script: unread[script]).capitalize()
    tokens = [word.lower() for word in words(question)]
    english = sum(token in _ENGLISH for token in tokens)
    hits = {name: sum(token in stop for token in tokens) for name, stop in _UNREAD_LATIN.items()}
    best = max(hits, key=lambda name: hits[name])
    if hits[best] >= _MIN_HITS and hits[best] > english:
        return best
    # A question ("...?") of a few words none of which is an English function word, in no
    # language above: Polish, Finnish, Indonesian... ("Czy parking jest otwarty w weekend?").
    # English keywords ("postgres max connections") ask no question mark.
    if not english and len(tokens) >= _MIN_WORDS and question.rstrip().endswith("?"):
        return "another language"
    return ""

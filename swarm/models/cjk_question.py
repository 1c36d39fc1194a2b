"""CJK question wording, for the offline answers: the bigrams of a Chinese, Japanese or Korean
question that ask rather than name (question phrases, particles, words spanning a boundary).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["cjk_junctions", "cjk_scaffold"]

# Chinese and Japanese function characters (particles, question marks, copulas) and the
# question phrases of both: a CJK bigram holding one spans a word boundary ("坐高", "票能",
# "車は") or asks rather than names ("多少", "现在"), so it is no content word of a question.
_CJK_FUNCTION = frozenset("的了吗呢吧么什怎哪谁几是还和与把被给们我你呀啊嗎麼")
_HIRAGANA = re.compile("[\u3040-\u309f]")
_CJK_QUESTION_BIGRAMS = frozenset("多少 少钱 现在 可以 能买 何か いく くら".split())


def cjk_scaffold(token: str) -> bool:
    """A CJK bigram of question wording: a function character or a question phrase."""
    return token in _CJK_QUESTION_BIGRAMS or any(char in _CJK_FUNCTION for char in token)


def cjk_junctions(question_words: Iterable[str], vocabulary: frozenset[str]) -> frozenset[str]:
    """CJK bigrams of the question on no page read that share a character with one that is
    ("坐高" next to "高铁"), or that hold hiragana (a Japanese particle or ending: "での"):
    they span a word boundary, so they are no word the wiki could state. A bigram with no
    found neighbour ("洛阳" absent) stays."""
    cjk = [word for word in question_words if len(word) == 2 and not word.isascii()]
    found_chars = {char for word in cjk if word in vocabulary for char in word}
    return frozenset(
        word
        for word in cjk
        if word not in vocabulary and (set(word) & found_chars or _HIRAGANA.search(word))
    )

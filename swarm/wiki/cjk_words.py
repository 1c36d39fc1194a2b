"""Fullwidth and halfwidth forms read as their usual characters, for words of any text.

Japanese, Chinese and Korean text writes Latin letters and digits in their fullwidth forms
(ＰＴＯ, ２５日) beside the usual ones, and katakana in halfwidth forms (ｶﾞｲﾄﾞ): a page
writing one and a question the other hold the same words.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["usual_width"]

# The Halfwidth and Fullwidth Forms block, less its ideographic space (not in the block).
_WIDTH_FORMS = re.compile("[\uff01-\uffef]+")


def usual_width(text: str) -> str:
    """`text` with its fullwidth and halfwidth forms as their usual characters (NFKC):
    ＰＴＯ → PTO, ２５ → 25, ｶﾞｲﾄﾞ → ガイド. Other characters are unchanged."""
    if not _WIDTH_FORMS.search(text):
        return text
    return _WIDTH_FORMS.sub(lambda match: unicodedata.normalize("NFKC", match.group()), text)

"""What a Japanese question and its evidence must agree on, for the offline evidence rule: a
negation (〜ない, 〜ません), and for a who-question (誰, だれ, どなた) someone the passage
names beyond the question's own words.
"""

from __future__ import annotations

from swarm.lazy_re import lazy_compile
from swarm.models.cjk_question import cjk_asks_twice, cjk_polar, japanese

__all__ = ["japanese_problem", "kana_negated"]

# Japanese negation, written in hiragana after its verb or adjective: 〜ない, 〜なかった,
# 〜なく(て), 〜ません (not the adjectives 少ない, 危ない), less the frames of obligation that
# negate twice and say "must" (〜ないといけない, 〜なければならない, 〜なくてはいけません)
# and the condition 〜ない限り ("unless").
_KANA_NEGATION = lazy_compile("(?<![少危])な(?:い|かっ|く|けれ)|ません")
_KANA_OBLIGATION = lazy_compile(
    "な(?:いと|ければ|くては|くちゃ|きゃ)(?:いけ(?:ない|ません)|なら(?:ない)|なりません|だめ)?|"
    "ない(?:限り|かぎり)"
)


def kana_negated(text: str) -> bool:
    """`text` says "not" in Japanese (PTO を代用することはできません; 申請しなくてもいい), not
    counting a double negation that says "must" (取り終えないといけませんか)."""
    return _KANA_NEGATION.search(_KANA_OBLIGATION.sub("", text)) is not None


# A lone kanji before a katakana or Latin word is its prefix (副リーダー "vice leader",
# 新メンバー, 元 CEO, 各チーム, 非エンジニア): it changes what the word names, and its
# bigram with the word is on no page that writes the word alone, so it must be written.
_KANJI_PREFIX = lazy_compile(
    "(?<![\u3400-\u4dbf\u4e00-\u9fff])(?!何)[\u3400-\u4dbf\u4e00-\u9fff](?=\\s?[\u30a0-\u30ffA-Za-z])"
)
# A katakana word of the question (a loanword, or loanwords written together: オンボーディング
# バディ) is written whole in its evidence: a passage writing part of it (オンボーディング)
# names something else. The long-vowel mark is read as optional (メンテナー, メンテナ).
_KATAKANA_WORD = lazy_compile("[\u30a1-\u30fa\u30fc]{2,}")


def _katakana_unstated(question: str, raw: str) -> bool:
    written = raw.replace("ー", "")
    return any(
        word.group().replace("ー", "") not in written for word in _KATAKANA_WORD.finditer(question)
    )


# Someone a passage names: a full name in Latin letters (Sarah Walker), a handle
# (@sre-oncall), or a role noun: a katakana one (マネージャー, リーダー, メンテナ...) or a
# kanji word ending in a role (承認者, 部長, 担当者, 委員会). A role noun built from the
# question's own words (承認者 for 誰の承認, 出張者 for 出張) restates the question.
_WHO = lazy_compile("誰|だれ|どなた")
_FULL_NAME = lazy_compile("[A-Z][a-z]+(?:[ \u00a0][A-Z][a-z]+)+|@[\\w.-]+")
_KATAKANA_ROLE = lazy_compile(
    "[\u30a0-\u30ff]*(?:マネージャー|マネジャー|リーダー|メンテナ|オーナー|ディレクター|"
    "エンジニア|スペシャリスト|パートナー|コーディネーター|チーム|メンバー|ヘッド)"
)
_KANJI_ROLE = lazy_compile(
    "([\u3400-\u4dbf\u4e00-\u9fff]+)(者|長|員|担当|上司|委員会|部|課|室|係)(?![\u4e00-\u9fff])"
)


def _names_someone(question: str, text: str) -> bool:
    if _FULL_NAME.search(text):
        return True
    if any(m.group() not in question for m in _KATAKANA_ROLE.finditer(text)):
        return True
    return any(
        m.group(1) not in question and m.group() not in question for m in _KANJI_ROLE.finditer(text)
    )


def japanese_problem(question: str, text: str, context: str, negated: bool) -> str:
    """Why `text` (under its heading `context`) is no evidence for the Japanese `question`
    ("" when it may be): the question asks two things (`cjk_asks_twice`); a kanji prefix
    of its word (副リーダー, 新メンバー, 元 CEO) or one of its katakana words is not
    written; `text` says "not" and the question, asking what, who or when, does not (where
    a Japanese negation bears is not read: a yes-or-no question may be answered "no"); or
    the question asks who and `text` names nobody but the question's own words."""
    if not japanese(question):
        return ""
    if cjk_asks_twice(question):
        return (
            "the question asks two things (いくつ..., 何...): one passage is not checked for both"
        )
    raw = f"{context}\n{text}"
    if any(prefix not in raw for prefix in _KANJI_PREFIX.findall(question)):
        return "a prefix of the question's word is not stated (副, 新, 元...)"
    if _katakana_unstated(question, raw):
        return "a katakana word of the question is not written whole"
    if not negated and not cjk_polar(question) and kana_negated(text):
        return "the negation differs"
    if _WHO.search(question) and not _names_someone(question, text):
        return "no one named for a who-question"
    return ""

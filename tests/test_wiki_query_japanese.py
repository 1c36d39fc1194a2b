"""Japanese questions through `query(model="offline")`: the polite ending that asks (ですか,
されますか) is no word a passage must state, a kanji of a Japanese question is no Chinese
function character (必要), a negation must agree, a who-question needs someone named, and a
kanji prefix (副リーダー) must be written. Each rule: a question it lets earn high, and a
near-miss it keeps below high."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from fakes import ask_offline, assert_level

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
FRONT = "---\nupdated: 2026-11-28\n---\n"

ONBOARDING = FRONT + (
    "# オンボーディング\n\n"
    "各オンボーディング Issue には、すべてのチームメンバーに関連するタスクと 30 日の期限を"
    "含むメインセクションがあります。\n"
)
# A page among those read that writes the asking too (its headings are questions): the
# ending ですか is then a word of the pages read, which the answer need not state.
FAQ = FRONT + (
    "# よくある質問\n\n## オンボーディング Issue はどこにありますか？\n\n"
    "プロジェクトの Issue 一覧にあります。\n\n## 誰に質問できますか？\n\nバディです。\n"
)
ROTATION = FRONT + "# オンコール\n\n## Tier 1\n\n- ローテーションリーダー: Sarah Walker\n"
TRAVEL = FRONT + (
    "# 出張\n\n出張者は、NexTravel アカウントを通じて適切な承認者から事前承認を"
    "取得しなければなりません。\n"
)
BADGE = FRONT + "# 入館\n\n入館カードの色は青で、受付で受け取ります。\n"
PASS = FRONT + "# JR パス\n\nJR パスでは、のぞみとみずほには乗れません。ひかりには乗れます。\n"
EXPENSES = FRONT + "# 経費\n\n経費精算の締め切りは、月末から 30 日以内ではありません。\n"


_ask = partial(ask_offline, now=NOW)


def test_the_polite_ending_of_a_question_is_no_word_to_state(tmp_path: Path) -> None:
    pages = {"onboarding.md": ONBOARDING, "faq.md": FAQ}
    result = _ask(tmp_path, pages, "オンボーディング Issue の期限は何日ですか？")

    assert_level(result, "high", "30 日")


def test_another_entity_than_the_page_names_is_not_high(tmp_path: Path) -> None:
    pages = {"onboarding.md": ONBOARDING, "faq.md": FAQ}
    result = _ask(tmp_path, pages, "オフボーディング Issue の期限は何日ですか？")

    assert_level(result, "not high", "30 日")


def test_a_who_question_is_answered_by_a_name(tmp_path: Path) -> None:
    result = _ask(
        tmp_path, {"oncall.md": ROTATION}, "Tier 1 のローテーションのリーダーは誰ですか？"
    )

    assert_level(result, "high", "Sarah Walker")


def test_a_kanji_prefix_the_page_does_not_write_is_not_high(tmp_path: Path) -> None:
    result = _ask(
        tmp_path, {"oncall.md": ROTATION}, "Tier 1 のローテーションの副リーダーは誰ですか？"
    )

    assert_level(result, "not high", "Sarah Walker")


def test_a_role_made_of_the_questions_own_word_names_no_one(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"travel.md": TRAVEL}, "出張を予約する前に誰の承認が必要ですか？")

    assert_level(result, "not high", "承認者")


def test_necessary_in_a_japanese_question_is_a_word_to_state(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"badge.md": BADGE}, "入館に必要なカードの色は何ですか？")

    assert_level(result, "not high", "青")


def test_a_yes_or_no_question_is_answered_by_the_passage_saying_not(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"pass.md": PASS}, "JR パスでのぞみに乗れますか？")

    assert_level(result, "high", "乗れません")


def test_a_negated_question_needs_a_negated_passage(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"badge.md": BADGE}, "入館カードは受付で受け取らなくてもいいですか？")

    assert_level(result, "not high", "受付")


def test_a_passage_saying_not_does_not_answer_a_what_question_high(tmp_path: Path) -> None:
    result = _ask(
        tmp_path, {"expenses.md": EXPENSES}, "経費精算の締め切りは月末から何日以内ですか？"
    )

    assert_level(result, "not high", "30 日")


TIERS = FRONT + (
    "# オンコール\n\nオンコールのローテーションにはティアとカバレッジターゲットがあります。\n\n"
    "各ローテーションには 3 つのティアがあります。\n"
)
VALUES = FRONT + (
    "# パープルチーミング\n\nコラボレーションと透明性が GitLab のコアバリューの 2 つであり、"
    "一般にパープルチーミングと呼ばれる演習を好みます。\n"
)


def test_how_many_in_japanese_asks_and_is_answered_by_the_count(tmp_path: Path) -> None:
    pages = {"oncall.md": TIERS, "faq.md": FAQ}
    result = _ask(tmp_path, pages, "オンコールのローテーションにはいくつのティアがありますか？")

    assert_level(result, "high", "3 つのティア")


def test_a_question_asking_two_things_is_not_high(tmp_path: Path) -> None:
    pages = {"purple.md": VALUES, "faq.md": FAQ}
    result = _ask(
        tmp_path, pages, "GitLab のバリューはいくつあって、まとめて何と呼ばれていますか？"
    )

    assert_level(result, "not high", "2 つ")


# A page among those read that writes the grammar a question is asked with (とき, たら).
TIPS = FRONT + "# ヒント\n\n困ったときは、オンコールのバディに聞いてみたら解決します。\n"
MENTION = FRONT + "# SRE オンコール\n\n- 呼び出し: Slack で @sre-oncall メンションを使います。\n"
FIRST_WEEKS = FRONT + (
    "# オンボーディング\n\nオンボーディングには少なくとも 2 週間を確保し、最初の 2 週間は"
    "チームの業務に参加することを推奨します。\n"
)


def test_grammar_inside_a_question_is_no_word_to_state(tmp_path: Path) -> None:
    pages = {"sre.md": MENTION, "tips.md": TIPS}
    result = _ask(tmp_path, pages, "SRE のオンコールを Slack で呼ぶときのメンションは？")

    assert_level(result, "high", "@sre-oncall")


def test_a_katakana_word_written_only_in_part_is_not_high(tmp_path: Path) -> None:
    pages = {"onboarding.md": FIRST_WEEKS, "tips.md": TIPS}
    result = _ask(tmp_path, pages, "オンボーディングバディになったら最初に何をすればいいですか？")

    assert_level(result, "not high", "2 週間")

"""A Japanese "when" (いつ) asks for a date, through `query(model="offline")`: a passage
that names the day answers it; one that only restates the question's words does not earn
high."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from fakes import assert_level, page_wiki

from swarm.wiki_query import query

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

DATED = """---
updated: 2026-11-28
---
# 社内イベント

社員旅行の出発日は 2027-03-12 です。集合場所は本社ロビーです。
"""

UNDATED = """---
updated: 2026-11-28
---
# 社内イベント

社員旅行の出発日についての追加情報は社内ブログに掲載されています。
"""


def test_when_in_japanese_is_answered_by_the_date(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"events.md": DATED})

    result = query("社員旅行の出発日はいつですか？", model="offline", wiki_dir=wiki, now=NOW)

    assert_level(result, "high", "2027-03-12")


def test_a_passage_restating_the_when_question_is_not_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"events.md": UNDATED})

    result = query("社員旅行の出発日はいつですか？", model="offline", wiki_dir=wiki, now=NOW)

    assert_level(result, "not high", "社員旅行")

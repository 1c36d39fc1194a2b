"""Time-sensitivity of Japanese questions through `query(model="offline")`: 今 / いま ask
about now, but the polite verb ending います ("使います") does not; いくら asks a price,
but "up to how much" (いくらまで) and "at least how much" (最低いくら) ask a rule's limit."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from fakes import page_wiki

from swarm.wiki_query import query

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

ROTA = """---
updated: 2026-11-28
---
# オンコール

今週のオンコール担当は佐藤です。経費精算には Navan を使います。
"""

CARD = """---
updated: 2026-11-28
---
# 会社カード

会社カードは 1 回 5,000 ドルまで使えます。年会費は 95 ドルです。
"""


def test_now_in_japanese_is_time_sensitive(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"oncall.md": ROTA})

    result = query("今の担当は誰ですか？", model="offline", wiki_dir=wiki, now=NOW)

    assert result.time_sensitive is True
    assert result.go_external is True


def test_the_polite_ending_imasu_is_no_now(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"oncall.md": ROTA})

    result = query("経費精算にはどのツールを使いますか？", model="offline", wiki_dir=wiki, now=NOW)

    assert result.time_sensitive is False
    assert "Navan" in result.answer


def test_a_price_in_japanese_is_time_sensitive(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"card.md": CARD})

    result = query("会社カードの年会費はいくらですか？", model="offline", wiki_dir=wiki, now=NOW)

    assert result.time_sensitive is True


def test_up_to_how_much_asks_a_limit_not_a_price(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"card.md": CARD})

    question = "会社カードは1回にいくらまで使えますか？"
    result = query(question, model="offline", wiki_dir=wiki, now=NOW)

    assert result.time_sensitive is False
    assert "5,000" in result.answer

"""Scripts written without spaces (Chinese, Japanese) and Hangul are found by their words."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki.tokens import tokenize
from swarm.wiki_query import query


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("学生券", ["学生", "生券"], id="chinese-bigrams"),
        pytest.param("券", ["券"], id="lone-character"),
        pytest.param("東京駅", ["東京", "京駅"], id="japanese-kanji"),
        pytest.param("チケット", ["チケ", "ケッ", "ット"], id="katakana"),
        pytest.param("학생 할인", ["학생", "할인"], id="hangul"),
        pytest.param("JR学生券 prices", ["jr", "学生", "生券", "pric"], id="mixed"),
        pytest.param("students", ["student"], id="english-unchanged"),
    ],
)
def test_cjk_runs_become_bigrams(text: str, expected: list[str]) -> None:
    assert tokenize(text) == expected


def _wiki(tmp_path: Path) -> Path:
    pages = {
        "tickets.md": "# 火车票\n\n学生券的价格是成人票的一半，需要学生证。\n",
        "food.md": "# 美食\n\n北京烤鸭很好吃。上海的小笼包也很有名。\n",
        "jr.md": "# JRパス\n\n新幹線の乗り放題。7日間で50,000円。\n",
        "english.md": "# Trains\n\nThe night train leaves at 22:10 from platform 4.\n",
    }
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    index = "\n".join(f"- [{name[:-3]}]({name})" for name in pages)
    (tmp_path / "index.md").write_text(f"# 索引\n\n{index}\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("question", "page"),
    [
        pytest.param("学生券", "tickets.md", id="bare-term"),
        pytest.param("学生券多少钱？", "tickets.md", id="question-around-the-term"),
        pytest.param("新幹線の乗り放題は何日間？", "jr.md", id="japanese"),
        pytest.param("小笼包", "food.md", id="chinese-food"),
    ],
)
def test_a_cjk_question_finds_its_cjk_page(tmp_path: Path, question: str, page: str) -> None:
    result = query(question, wiki_dir=_wiki(tmp_path), model="offline")
    assert result.error is None
    assert page in result.pages_read[:5]
    assert page in result.pages_consulted


@pytest.mark.parametrize(
    ("question", "found"),
    [
        pytest.param("ＡＸＡの免責は？", {"axa.md", "fullwidth.md"}, id="fullwidth-latin-question"),
        pytest.param("AXA の免責は？", {"axa.md", "fullwidth.md"}, id="fullwidth-latin-page"),
        pytest.param("ガイドはどこ？", {"halfwidth.md"}, id="halfwidth-katakana-page"),
    ],
)
def test_fullwidth_and_halfwidth_forms_are_their_usual_characters(
    tmp_path: Path, question: str, found: set[str]
) -> None:
    pages = {
        "axa.md": "# 保険\n\nAXA の自己負担額は年 100 ポンドです。\n",
        "fullwidth.md": "# 免責\n\nＡＸＡ の免責は 50 ポンドです。\n",
        "halfwidth.md": "# 案内\n\nｶﾞｲﾄﾞは受付にあります。\n",
        "other.md": "# その他\n\n免責の説明は別のページです。\n",
    }
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    index = "\n".join(f"- [{name[:-3]}]({name})" for name in pages)
    (tmp_path / "index.md").write_text(f"# 索引\n\n{index}\n", encoding="utf-8")

    result = query(question, wiki_dir=tmp_path, model="offline")

    assert result.error is None
    assert set(result.pages_read[: len(found)]) == found

"""More of the offline evidence rule, through `query(model="offline")`: the verb a
who-question asks about, a measure asked for by name, superseded pages, figures that differ."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

OFFICE = """# Kestrel Labs opens a Lisbon office

Kestrel Labs opened a second office in Lisbon, Portugal, with two engineers.
"""
FOUNDING = """# Kestrel Labs

Kestrel Labs was founded in 2011 by Ana Duarte.
"""
COINED = """# Silk Road

The name Silk Road was coined in 1877 by the geographer Ferdinand von Richthofen.
"""
ISLAND = """# Vellmar

Vellmar is an island nation. Its capital is Port Adel, home to about two-thirds of the
population.
"""
ISLAND_FIGURE = """# Vellmar

Vellmar is an island nation with a population of 412,000 people.
"""
OLD_CARD = """# 2025 rate card (superseded)

- Day rate: $1,600
"""
DEFENDERS = """# Siege of Varn

The defenders of Varn were led by the captain Iosif Brand in 1402.
"""
ERUPTION = """# Mount Keld

Its last eruption, the Sorn eruption, began on 16 December 1707 and lasted two weeks.
"""
TICKET_ZH = """# 学生票

动车、高铁：只有二等座有学生票，是全价的 75%。
"""
PASS_JA = """# パス

## 値段（2023年の値上げ後）

- 14日間: 80,000円
"""
CARD_2025 = "# 2025 rate card\n\n- Day rate: $1,600\n"
CARD_2026 = "# 2026 rate card\n\n- Day rate: $1,850\n"


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"office.md": OFFICE},
            "Who founded Kestrel Labs?",
            "not high",
            "",
            id="who-founded-answered-by-a-passage-that-never-says-founded",
        ),
        pytest.param(
            {"office.md": OFFICE, "kestrel.md": FOUNDING},
            "Who founded Kestrel Labs?",
            "high",
            "Ana Duarte",
            id="who-founded-answered-by-the-founding-sentence",
        ),
        pytest.param(
            {"silk.md": COINED},
            "Who came up with the name Silk Road?",
            "high",
            "Richthofen",
            id="a-phrasal-verb-need-not-be-written",
        ),
        pytest.param(
            {"vellmar.md": ISLAND},
            "What is Vellmar's population?",
            "not high",
            "",
            id="a-measure-asked-for-needs-a-figure",
        ),
        pytest.param(
            {"vellmar.md": ISLAND_FIGURE},
            "What is Vellmar's population?",
            "high",
            "412,000",
            id="a-measure-with-its-figure-at-high",
        ),
        pytest.param(
            {"card.md": OLD_CARD},
            "What's the day rate?",
            "not high",
            "$1,600",
            id="a-superseded-page-does-not-answer-the-present",
        ),
        pytest.param(
            {"card.md": OLD_CARD},
            "What was the day rate in 2025?",
            "high",
            "$1,600",
            id="a-superseded-page-answers-the-past",
        ),
        pytest.param(
            {"varn.md": DEFENDERS},
            "Who led those defending Varn in 1402?",
            "high",
            "Iosif Brand",
            id="a-derived-form-defenders-states-defending",
        ),
        pytest.param(
            {"keld.md": ERUPTION},
            "When did Mount Keld erupt before the Sorn eruption?",
            "not high",
            "",
            id="a-date-relative-to-another-event-needs-the-relation",
        ),
        pytest.param(
            {"ticket.md": TICKET_ZH},
            "坐高铁用学生票是全价的多少？",
            "high",
            "75%",
            id="cjk-bigrams-across-word-boundaries-are-not-content-words",
        ),
        pytest.param(
            {"pass.md": PASS_JA},
            "値上げ前のパス14日間はいくらでしたか？",
            "not high",
            "",
            id="cjk-before-is-not-answered-under-after",
        ),
        pytest.param(
            {"a.md": CARD_2025, "b.md": CARD_2026},
            "What's the day rate?",
            "not high",
            "",
            id="two-pages-with-different-figures",
        ),
    ],
)
def test_the_evidence_rule_round_two(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

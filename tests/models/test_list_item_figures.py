"""A figure answers for the list item it is attached to, through `query(model="offline")`: a
list of (name, figure) items ("Borders: China 2,659 km; Nepal 1,770 km") on a third name's
page answers for each item, not for a relation between two items the question names ("Nepal's
border with China", "between Nepal and China"), in a sentence or a sub-list; a table row is
answered, its cells being one record ("Country: India; Neighbour: Nepal; Length: 1,770 km").
Each near miss has its answered twin."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

INDIA = """# India

## At a glance

India is a federal republic governed from New Delhi. Land neighbours (with border lengths):
Bangladesh 4,142 km; Bhutan 659 km; China 2,659 km; Nepal 1,770 km; Pakistan 3,190 km.
"""
BHUTAN = """# Bhutan

- Borders:
  - China 477 km
  - India 659 km
"""
BORDERS = """# Land borders

| Country | Neighbour | Length |
|---|---|---|
| India | Nepal | 1,770 km |
| Bhutan | China | 477 km |
"""
OFFICES = """# Travel

Distances from the Lisbon office: Porto 313 km, Coimbra 205 km, Faro 278 km.
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"india.md": INDIA},
            "How long is India's border with Nepal?",
            "high",
            "Nepal 1,770 km",
            id="the-item-and-the-page-it-is-on",
        ),
        pytest.param(
            {"india.md": INDIA},
            "How long is Nepal's border with China?",
            "not high",
            "",
            id="two-items-of-a-third-page-list",
        ),
        pytest.param(
            {"india.md": INDIA},
            "How long is the border between Nepal and China?",
            "not high",
            "",
            id="two-items-between-which-the-question-asks",
        ),
        pytest.param(
            {"india.md": INDIA},
            "How many kilometres of border do Nepal and China share?",
            "not high",
            "",
            id="two-items-the-question-says-share",
        ),
        pytest.param(
            {"travel.md": OFFICES},
            "How far is Porto from the Lisbon office?",
            "high",
            "Porto 313 km",
            id="an-item-after-a-lead-in-with-commas",
        ),
        pytest.param(
            {"travel.md": OFFICES},
            "How far is Porto from Coimbra?",
            "not high",
            "",
            id="two-items-after-a-lead-in-with-commas",
        ),
        pytest.param(
            {"india.md": INDIA},
            "How long is the India-Nepal border?",
            "high",
            "Nepal 1,770 km",
            id="a-hyphenated-pair-the-page-and-an-item",
        ),
        pytest.param(
            {"india.md": INDIA},
            "How long is the Nepal-China border?",
            "not high",
            "",
            id="a-hyphenated-pair-of-two-items",
        ),
        pytest.param(
            {"bhutan.md": BHUTAN},
            "How long is Bhutan's border with India?",
            "high",
            "India 659 km",
            id="an-item-of-a-sub-list",
        ),
        pytest.param(
            {"bhutan.md": BHUTAN},
            "How long is India's border with China?",
            "not high",
            "",
            id="two-items-of-a-sub-list",
        ),
        pytest.param(
            {"borders.md": BORDERS},
            "How long is India's border with Nepal?",
            "high",
            "1,770 km",
            id="a-table-row-relates-its-cells",
        ),
    ],
)
def test_list_item_figures(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

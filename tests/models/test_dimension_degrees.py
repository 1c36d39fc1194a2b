"""Degrees of one dimension and a name's title, through `query(model="offline")`: "the
tallest mountain" is stated by a row "Highest point | Mount Logan 5,959 m" (tallest and
highest are one dimension's superlatives, with a length beside; "Mount" / "Mt." names a
mountain), not by a row that names no mountain, nor by a "highest" with no length ("Highest
scorer: Bo (31 points)"), nor by the plain dimension ("Height: 330 m" says nothing of the
tallest). Each near miss has its answered twin."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

CANADA = """# Canada

| | |
|---|---|
| Capital | Ottawa |
| Highest point | Mount Logan 5,959 m |
"""
JAPAN = """# Japan

- Capital: Tokyo
- Highest point: Mt. Fuji 3,776 m
"""
TEAM = """# Team

- Players: Ana, Bo, Cy
- Highest scorer: Bo (31 points)
"""
TOWER = """# Eiffel Tower

The tower stands on the Champ de Mars in Paris. Height: 330 m.
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"canada.md": CANADA},
            "What's the tallest mountain in Canada?",
            "high",
            "Mount Logan",
            id="tallest-is-highest-and-mount-a-mountain",
        ),
        pytest.param(
            {"canada.md": CANADA},
            "What's the tallest building in Canada?",
            "not high",
            "",
            id="a-building-the-row-does-not-name",
        ),
        pytest.param(
            {"japan.md": JAPAN},
            "What is Japan's tallest mountain?",
            "high",
            "Mt. Fuji",
            id="mt-abbreviated",
        ),
        pytest.param(
            {"japan.md": JAPAN},
            "What is Japan's tallest volcano?",
            "not high",
            "",
            id="a-volcano-the-item-does-not-name",
        ),
        pytest.param(
            {"team.md": TEAM},
            "Who is the team's tallest player?",
            "not high",
            "",
            id="highest-without-a-length-is-no-height",
        ),
        pytest.param(
            {"eiffel-tower.md": TOWER},
            "Which is the tallest tower in Paris?",
            "not high",
            "",
            id="the-plain-height-is-no-superlative",
        ),
    ],
)
def test_dimension_degrees(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

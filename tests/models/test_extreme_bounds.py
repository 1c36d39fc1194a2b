"""The least asked is not answered high by a ceiling ("up to €220"), nor the most by a floor
("at least €500"): the passage gives the other extreme."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.models.contrasts import extreme_swapped
from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

PAGES = {
    # "least" is written on the page, elsewhere: only the bound's direction tells them apart.
    "travel.md": (
        "# Travel policy\n\n- Hotels: up to €160 a night; €220 in London and Paris.\n"
        "- Book at least two weeks ahead; the least busy trains are the cheapest.\n"
    ),
    "lisbon.md": (
        "# Lisbon flat\n\nDeposit for the Lisbon flat: at least €500, paid by bank transfer.\n"
    ),
}


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        pytest.param(
            "What's the most I can spend on a hotel night in London?",
            "high",
            "€220",
            id="the-most-by-a-ceiling",
        ),
        pytest.param(
            "What's the least I can spend on a hotel night in London?",
            "not high",
            "€220",
            id="the-least-by-a-ceiling",
        ),
        pytest.param(
            "What's the least I pay as a deposit for the Lisbon flat?",
            "high",
            "€500",
            id="the-least-by-a-floor",
        ),
        pytest.param(
            "What's the most I pay as a deposit for the Lisbon flat?",
            "not high",
            "€500",
            id="the-most-by-a-floor",
        ),
    ],
)
def test_the_extreme_asked(tmp_path: Path, question: str, confidence: str, must_hold: str) -> None:
    wiki = page_wiki(tmp_path, PAGES)
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, must_hold)


# French, Spanish and German price questions rarely reach high offline (their money words
# are weighed apart), so the rule's wording in those languages is pinned on the function.
@pytest.mark.parametrize(
    ("question", "text", "swapped"),
    [
        ("Combien coûte au minimum une nuit à Paris ?", "Hôtels : jusqu'à 220 € la nuit.", True),
        ("Combien coûte au maximum une nuit à Paris ?", "Hôtels : jusqu'à 220 € la nuit.", False),
        ("¿Cuánto cuesta como mínimo una noche?", "Hoteles: hasta 200 € por noche.", True),
        ("¿Cuánto cuesta como máximo una noche?", "Hoteles: al menos 90 € por noche.", True),
        ("Wie viel kostet ein Hotel mindestens?", "Hotels: bis zu 180 Euro pro Nacht.", True),
        ("Wie viel kostet ein Hotel höchstens?", "Hotels: bis zu 180 Euro pro Nacht.", False),
        # a range or a change bounds neither way
        ("What was the maximum before 7.5.0?", "It was changed from 6 to 20 in 7.5.0.", False),
        # "the least expensive" asks for a thing, not a bound
        ("What is the least expensive plan?", "Plans cost up to $40 a month.", False),
    ],
)
def test_extreme_words_in_four_languages(question: str, text: str, swapped: bool) -> None:
    assert extreme_swapped(question, text) is swapped

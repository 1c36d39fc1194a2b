"""Derivational endings a question and its passage differ by, through `query(model="offline")`:
"-ent" ("independent" is stated by "independence") and an adverb's "-ly" ("famous" by
"famously"). Their near misses: the same passage asked about another country, or another
artist."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

HAITI = """# Haiti

After a long struggle led by Jean-Jacques Dessalines, Haiti declared its independence from
France in 1804.

The island was called Saint-Domingue under French rule. Sugar and coffee were its main
exports. Port-au-Prince is the capital. Creole and French are the official languages.
"""
FUJI = """# Mount Fuji

Fuji is a sacred site and a subject of art, most famously in Hokusai's print series Thirty-six
Views of Mount Fuji.

The volcano last erupted in 1707. The climbing season runs from July to early September.
Its summit is 3,776 metres above sea level.
"""
PAGES = {"haiti.md": HAITI, "fuji.md": FUJI}


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        pytest.param(
            "What year did Haiti declare itself independent?",
            "high",
            "1804",
            id="independent-stated-by-independence",
        ),
        pytest.param(
            "What year did Jamaica declare itself independent?",
            "not high",
            "",
            id="independent-of-another-country",
        ),
        pytest.param(
            "Which mountain is the subject of Hokusai's famous print series?",
            "high",
            "Fuji",
            id="famous-stated-by-famously",
        ),
        pytest.param(
            "Which mountain is the subject of Hiroshige's famous print series?",
            "not high",
            "",
            id="famous-of-another-artist",
        ),
    ],
)
def test_derived_endings(tmp_path: Path, question: str, confidence: str, must_hold: str) -> None:
    wiki = page_wiki(tmp_path, PAGES)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

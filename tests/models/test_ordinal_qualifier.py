"""A question about one of several by its ordinal ("the second ledger", "its fourth café")
is answered high only by a passage saying it is about that one."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.models.ordinals import ordinal_unstated
from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

PAGES = {
    # "second" is written on the page, elsewhere: only the ordinal rule tells the passage
    # about the one café from a question about a second one.
    "cafe.md": (
        "# Copperline café\n\nThe Copperline café on Quay Street pays a rent of €2,400 a month."
        "\n\nCopperline may open a second site in 2027; no second lease is signed.\n"
    ),
    "cafes.md": (
        "# Harbour cafés\n\nThe fourth Harbour café, on Mill Lane, pays a rent of €1,900 a month.\n"
    ),
}


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        pytest.param("What rent does the Copperline café pay?", "high", "2,400", id="no-ordinal"),
        pytest.param(
            "What rent does the second Copperline café pay?",
            "not high",
            "2,400",
            id="an-ordinal-the-page-never-writes",
        ),
        pytest.param(
            "What rent does the fourth Harbour café pay?",
            "high",
            "1,900",
            id="the-ordinal-stated-before-the-noun",
        ),
    ],
)
def test_ordinal_qualifier(tmp_path: Path, question: str, confidence: str, must_hold: str) -> None:
    wiki = page_wiki(tmp_path, PAGES)
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, must_hold)


@pytest.mark.parametrize(
    ("question", "text", "unstated"),
    [
        # the ordinal must qualify the asked noun: "second-largest" is no second ocean
        ("How much would the second oceans rise?", "the second-largest ice sheet", True),
        ("What rent does its fourth café pay?", "Café #4 pays €1,900.", False),
        ("Quand parut la deuxième édition ?", "La deuxième édition parut en 1860.", False),
        ("Quand parut la deuxième édition ?", "L'édition parut en 1859.", True),
        ("¿Cuándo salió la segunda edición?", "La edición salió en 1859.", True),
        ("Wann erschien die zweite Auflage?", "Die zweite Auflage erschien 1860.", False),
        ("第2レベルの担当は誰ですか?", "第二レベルの担当は SME です。", False),
        ("第2レベルの担当は誰ですか?", "レベルの担当は SME です。", True),
        # no ordinal picking one of a noun: a century, a unit of time
        ("What did the abacus look like in the 14th century?", "It was octagonal.", False),
        ("How much water does the Amazon pour out each second?", "About 209,000 m3.", False),
    ],
)
def test_ordinal_words(question: str, text: str, unstated: bool) -> None:
    assert ordinal_unstated(question, text) is unstated

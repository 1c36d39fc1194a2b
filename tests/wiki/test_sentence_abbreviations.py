"""Sentences of encyclopedic prose, cut where they end and not at an abbreviation's full stop:
"A.D. 394", "c. 600", "J. Watt", "viz.", while "650 m. The" and "before 1000 B.C. Carthage"
still end theirs; and the year after "A.D." reaches the offline answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki.inline_marks import split_sentences
from swarm.wiki_query import query


@pytest.mark.parametrize(
    ("paragraph", "sentences"),
    [
        pytest.param(
            "The games went on until about A.D. 394. Not only were they held at Delphi.",
            ["The games went on until about A.D. 394.", "Not only were they held at Delphi."],
            id="a-dotted-abbreviation-before-a-year",
        ),
        pytest.param(
            "Necho, king of Egypt, c. 600 B.C., sent a fleet. It sailed for three years.",
            ["Necho, king of Egypt, c. 600 B.C., sent a fleet.", "It sailed for three years."],
            id="circa-before-a-year",
        ),
        pytest.param(
            "In 1763 J. Watt repaired a model. President George W. Bush spoke. Then it rained.",
            [
                "In 1763 J. Watt repaired a model.",
                "President George W. Bush spoke.",
                "Then it rained.",
            ],
            id="initials",
        ),
        pytest.param(
            "Some strings, viz. Gut and Wire, were used. Others were not.",
            ["Some strings, viz. Gut and Wire, were used.", "Others were not."],
            id="viz",
        ),
        pytest.param(
            "A distance of some 650 m. The interior was ill defined.",
            ["A distance of some 650 m.", "The interior was ill defined."],
            id="a-unit-ending-its-sentence",
        ),
        pytest.param(
            "Settlements were made before 1000 B.C. Carthage grew fast.",
            ["Settlements were made before 1000 B.C.", "Carthage grew fast."],
            id="a-dotted-abbreviation-ending-its-sentence",
        ),
        pytest.param(
            "I take vitamin C. It helps. It was 1889. 1890 came next.",
            ["I take vitamin C.", "It helps.", "It was 1889.", "1890 came next."],
            id="a-letter-labelling-a-noun-and-a-year-ending-a-sentence",
        ),
    ],
)
def test_sentences_end_where_they_end(paragraph: str, sentences: list[str]) -> None:
    assert split_sentences(paragraph) == sentences


def test_the_year_after_ad_is_in_the_answer(tmp_path: Path) -> None:
    wiki = page_wiki(
        tmp_path,
        {
            "games.md": "# Pythian Games\n\nThe Pythian Games survived the classic Greek period "
            "and were continued under Roman sway until about A.D. 394. Not only were these "
            "games held at Delphi, but smaller contests were instituted in the provinces.\n"
        },
    )

    result = query(
        "Until when did the Pythian Games go on under Roman sway?", model="offline", wiki_dir=wiki
    )

    assert "394" in result.answer

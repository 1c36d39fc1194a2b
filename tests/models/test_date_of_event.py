"""A date answers "when" / "what year" / "what month" only as the asked event's: in a clause
or sentence writing a word of the question, not in a bracketed aside about something else
("(equivalent to $22 billion in March 2023)") nor in another clause's event."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

PAGES = {
    "haiti.md": (
        "# Haiti\n\nHaiti declared its independence in 1804 and paid France an indemnity of 100"
        " million francs (equivalent to $22 billion in March 2023) for more than a century.\n"
    ),
    "hastings.md": (
        "# Hastings\n\nThe battle of Hastings (14 October 1066) was fought on Senlac Hill.\n"
    ),
    "congress.md": (
        "# Vienna congress\n\nThe Vienna congress assembled amid great festivities; peace was"
        " signed by eight powers in 1815.\n"
    ),
}


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        pytest.param(
            "What year did Haiti declare its independence?", "high", "1804", id="the-event's-year"
        ),
        pytest.param(
            "What month did Haiti declare its independence?",
            "not high",
            "1804",
            id="a-month-in-an-aside-about-a-sum",
        ),
        pytest.param(
            "In what month was the battle of Hastings fought?",
            "high",
            "October",
            id="a-bracket-right-after-the-asked-name-is-its-date",
        ),
        pytest.param(
            "In what year was peace signed by the eight powers?",
            "high",
            "1815",
            id="the-year-in-the-event's-clause",
        ),
        pytest.param(
            "In what year did the Vienna congress assemble?",
            "not high",
            "1815",
            id="the-year-in-another-clause's-event",
        ),
    ],
)
def test_date_of_the_asked_event(
    tmp_path: Path, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, PAGES)
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, must_hold)

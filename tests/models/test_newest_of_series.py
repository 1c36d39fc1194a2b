"""A question asking for the newest of a series ("What is the latest Python release?"),
through `query(model="offline")`: `high` needs a passage saying which one is the newest, not
a release calendar, a plan's date ("currently scheduled for...") or a list of releases none
of which it calls the newest. A price or a figure asked "latest" is the wiki's as of its
page's date (the freshness rules judge it). Each answered case has its near miss."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

LATEST = "# Python releases\n\nThe latest Python release is 3.13.1, out in December 2024.\n"
CURRENT_ONE = "# Python releases\n\nPython release 3.13 is the current one; 3.14 is in beta.\n"
CALENDAR = (
    "# Python releases\n\nPython feature releases come out every October, starting with "
    "Python 3.9.\n"
)
SUPPORTED = "# Python releases\n\nPython releases 3.11, 3.12 and 3.13 are currently supported.\n"
SCHEDULED = (
    "# Python releases\n\nThe Python 3.14.0 release is currently scheduled for 2025-10-07.\n"
)
PRICE = "# Hosting\n\nThe Pro plan costs $20 a month.\n"


@pytest.mark.parametrize(
    ("page", "question", "level", "must_hold"),
    [
        pytest.param(LATEST, "What is the latest Python release?", "high", "3.13.1", id="said"),
        pytest.param(
            LATEST, "What's the newest Python release?", "high", "3.13.1", id="said-newest"
        ),
        pytest.param(
            CURRENT_ONE,
            "What is the latest Python release?",
            "high",
            "3.13",
            id="one-of-two-called-current",
        ),
        pytest.param(
            CALENDAR, "What is the latest Python release?", "not high", "3.9", id="calendar"
        ),
        pytest.param(
            SUPPORTED,
            "What is the latest Python release?",
            "not high",
            "3.13",
            id="list-none-called-newest",
        ),
        pytest.param(
            SCHEDULED,
            "What is the latest Python release?",
            "not high",
            "3.14.0",
            id="a-plan-currently-scheduled",
        ),
        pytest.param(
            PRICE,
            "What's the latest price of the Pro plan?",
            "high",
            "$20",
            id="a-price-as-of-its-page",
        ),
    ],
)
def test_the_newest_must_be_said(
    tmp_path: Path, page: str, question: str, level: str, must_hold: str
) -> None:
    result = query(question, wiki_dir=page_wiki(tmp_path, {"page.md": page}), model="offline")
    assert result.error is None
    assert_level(result, level, must_hold)

""" "Which time zone do the Jest tests run in?" asks for a zone, not a time, and is an object
question: its names after "do" are the subject, so a passage writing them before its verb
("Our Jest tests fix the time zone to UTC") is no swap of who did what. "What time do the
tests run?" still asks for a time, which that passage does not give."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

TESTING = (
    "# Testing\n\n## Time zones\n\nOur Jest tests fix the time zone to UTC at run time, in the "
    "global setup file.\n\nThe nightly build runs the Jest tests on Linux.\n"
)


@pytest.mark.parametrize(
    ("question", "confidence"),
    [
        pytest.param("Which time zone do the Jest tests run in?", "high", id="which-time-zone"),
        pytest.param("What time do the Jest tests run?", "not high", id="what-time-is-a-time"),
    ],
)
def test_a_time_zone_is_asked_by_an_object_question(
    tmp_path: Path, question: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {"testing.md": TESTING})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, "UTC")

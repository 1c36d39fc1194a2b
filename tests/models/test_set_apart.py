"""A question is not answered high by a sentence that writes its word only as what the
sentence's matter is set apart from: "To sort the results differently from the default, add a
sort by line" tells how to leave the default, not how to get it."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

SORTING = (
    "# Sorting\n\n## Default sort order\n\nThe default sort order is by status, then "
    "urgency, then due date, and it is appended to the end of every search.\n\n"
    "> [!tip]\n> To sort the results of a query differently from the default, you must add at "
    "least one `sort by` line to the query. The sort instructions you supply take priority "
    "over the appended defaults.\n"
)
VIEWS = (
    "# Views\n\nThe default board view groups the cards by their owner. To group the cards "
    "differently from the default, pick a field in the view menu.\n"
)


@pytest.mark.parametrize(
    ("page", "question", "confidence", "must_hold"),
    [
        pytest.param(
            SORTING,
            "What do I need to add to a query so its results are sorted differently from "
            "the default?",
            "high",
            "sort by",
            id="the-question-sets-apart-too",
        ),
        pytest.param(
            SORTING,
            "What do I need to add to a query so its results are ordered by the default sort?",
            "not high",
            "sort by",
            id="the-sentence-sets-the-asked-default-apart",
        ),
        pytest.param(
            VIEWS,
            "What does the default board view group the cards by?",
            "high",
            "owner",
            id="another-sentence-answers-with-the-word",
        ),
    ],
)
def test_a_word_set_apart_is_no_answer(
    tmp_path: Path, page: str, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"notes.md": page})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)

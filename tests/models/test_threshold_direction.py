"""A threshold asked one way ("below what amount", "under how many days") is not answered
high by a passage bounding the figure only the other way ("over $25")."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

RECEIPTS = "Itemized receipts must be included for any reimbursement request over $25.\n"


@pytest.mark.parametrize(
    ("question", "confidence"),
    [
        pytest.param(
            "Above what amount does a reimbursement request need an itemized receipt?",
            "high",
            id="the-bound-asked-as-stated",
        ),
        pytest.param(
            "Below what amount does a reimbursement request need an itemized receipt?",
            "not high",
            id="the-bound-asked-the-other-way",
        ),
    ],
)
def test_threshold_direction(tmp_path: Path, question: str, confidence: str) -> None:
    wiki = page_wiki(tmp_path, {"expenses.md": "# Expenses\n\n" + RECEIPTS})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, "$25")

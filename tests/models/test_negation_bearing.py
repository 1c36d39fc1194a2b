"""A negated question ("which X does not ...") is answered high only by a passage whose own
negation bears on what the question negates: a "not" about something else in the passage
("he did not expect much interest") is no answer to "which newsgroup did he not post to"."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

FERRY = "The Blue Line ferry does not run on Sundays; the Red Line runs every day.\n"
LINUX = (
    "Torvalds posted the announcement to the comp.os.minix newsgroup in August 1991; he did "
    "not expect much interest.\n"
)


@pytest.mark.parametrize(
    ("page", "question", "confidence", "must_hold"),
    [
        pytest.param(
            FERRY,
            "Which ferry line does not run on Sundays?",
            "high",
            "Blue Line",
            id="the-negation-bears-on-the-asked-verb",
        ),
        pytest.param(
            LINUX,
            "Which newsgroup did Torvalds not post the announcement to?",
            "not high",
            "comp.os.minix",
            id="the-negation-bears-on-something-else",
        ),
        pytest.param(
            LINUX,
            "Which newsgroup did Torvalds post the announcement to?",
            "high",
            "comp.os.minix",
            id="no-negation-asked",
        ),
    ],
)
def test_negation_bears_on_the_asked_words(
    tmp_path: Path, page: str, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"notes.md": "# Notes\n\n" + page})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)

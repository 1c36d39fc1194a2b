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


# A code block's lines are joined by spaces in a passage: its `not` is an operator on the next
# word (`not done`), not on the next line's `due before ...`.
DUE_THIS_WEEK = (
    "## Due this week\n\nTo find the tasks with a due date this week, this search gave the "
    "results I wanted:\n\n```tasks\nnot done\ndue before 2022-09-15\n```\n"
)
UNDATED = (
    "## Undated\n\nTo find tasks without a due date, search with:\n\n```tasks\nno due date\n```\n"
)


@pytest.mark.parametrize(
    ("page", "confidence", "must_hold"),
    [
        pytest.param(UNDATED, "high", "no due date", id="no-due-date-stated"),
        pytest.param(DUE_THIS_WEEK, "not high", "not done", id="code-not-bears-on-its-operand"),
    ],
)
def test_a_code_negation_bears_on_its_operand(
    tmp_path: Path, page: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"searches.md": "# Searches\n\n" + page})
    result = query("How do I find tasks that have no due date?", wiki_dir=wiki, model="offline")
    assert_level(result, confidence, must_hold)

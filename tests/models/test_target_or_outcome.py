"""A question asking what a value came out at is answered by the result, not by the target
set beforehand."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

QUESTION = "What acceptance rate did dispatchers give the explanations in the shadow run?"
TARGET = (
    "The shadow run of the explanations starts on 23 March. Success criterion: dispatchers "
    "accept at least 80% of explanations.\n"
)
RESULT = "Shadow run result: dispatchers accepted 84% of the explanations.\n"


@pytest.mark.parametrize(
    ("page", "question", "confidence", "must_hold"),
    [
        pytest.param(RESULT, QUESTION, "high", "84%", id="the-result"),
        # the value agreed beforehand is no outcome
        pytest.param(TARGET, QUESTION, "not high", "80%", id="the-target"),
        # asked for the target, the target answers
        pytest.param(
            TARGET,
            "What acceptance rate was the success criterion for the shadow run?",
            "high",
            "80%",
            id="the-target-asked",
        ),
    ],
)
def test_a_target_does_not_answer_for_the_outcome(
    tmp_path: Path, page: str, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"clients/veldkamp/shadow-run.md": "# Shadow run\n\n" + page})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)

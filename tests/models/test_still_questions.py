"""A question asking whether a state still holds is answered by the state's time (since,
until, a date, replaced...), not by its terms restated."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

TERMS = "Every Cody deal that closes earns a closing bonus of $2,000 per account executive.\n"
# "still" is a common word of the wiki, so a passage may lack it and still cover the question
OTHER = (
    "# Sales notes\n\nWe still meet on Mondays. Deals still need a signed order form.\n"
    "Renewals still go through the account executive. Events still run on Kafka.\n"
)


@pytest.mark.parametrize(
    ("page", "question", "confidence", "must_hold"),
    [
        pytest.param(
            "The Cody closing bonus ran through 24 May 2024, at $2,000 per account executive.\n",
            "Is the Cody closing bonus still running?",
            "high",
            "24 May 2024",
            id="the-state-dated",
        ),
        # the bonus's terms say nothing of whether it still runs
        pytest.param(
            TERMS,
            "Is the Cody closing bonus still running?",
            "not high",
            "$2,000",
            id="only-its-terms",
        ),
        pytest.param(
            "# ADR-0009: Kafka replaces RabbitMQ\n\nEvents go through Kafka topics.\n",
            "Are we still on RabbitMQ for events?",
            "high",
            "Kafka",
            id="replaced",
        ),
        # not a still-question: the terms are the answer
        pytest.param(
            TERMS,
            "How much is the Cody closing bonus per account executive?",
            "high",
            "$2,000",
            id="no-still-asked",
        ),
    ],
)
def test_a_still_question_needs_the_states_time(
    tmp_path: Path, page: str, question: str, confidence: str, must_hold: str
) -> None:
    pages = {"sales/cody-bonus.md": "# Cody bonus\n\n" + page, "sales/notes.md": OTHER}
    wiki = page_wiki(tmp_path, pages)
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)


def test_a_bonus_s_terms_do_not_say_it_is_still_on() -> None:
    # the handbook page gives the bonus's terms first; whether it still runs is further down
    fixtures = Path(__file__).resolve().parents[2] / "wiki_fixtures"
    result = query(
        "Is the Cody bonus for closing deals still on?",
        wiki_dir=fixtures / "company-handbook",
        model="offline",
    )
    assert result.confidence != "high", result.answer
    assert result.go_external

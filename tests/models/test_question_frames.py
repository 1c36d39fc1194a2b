"""The frames a question asks with, through `query(model="offline")`: a modal ("How long
must a host be unreachable?"), a duty or permission in a wh-question ("What am I supposed to
ship?", "Who is allowed to publish?") and "end up" ("Did we end up fine-tuning?") need not
be written by the answering passage. Their near misses: a yes/no question asking the
permission itself, "May" the month, and the same frame asked of another client."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

LIBRARY = "# Design library\n\nOnly editors can publish library updates: Aiko and Priya.\n"
DEPLOYS = "# Deploys\n\nProduction deploys from a laptop: Tomasz did one on Friday.\n"
PINGDOM = "# Monitoring\n\nPingdom alerts when a host is unreachable for 5 minutes.\n"
VAT = "# VAT\n\nThe VAT submission broke in March 2026 after the portal changed its login.\n"
ONBOARDING = "# Onboarding\n\nIn your first week, ship one small change to production.\n"
TESSELLATE = (
    "# Tessellate\n\nDecision on fine-tuning: no fine-tuning; prompting with 400 examples "
    "matched the fine-tuned model.\n"
)


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"library.md": LIBRARY},
            "Who is allowed to publish library updates?",
            "high",
            "Aiko",
            id="allowed-to-in-a-wh-question",
        ),
        pytest.param(
            {"deploys.md": DEPLOYS},
            "Am I allowed to deploy to production from a laptop?",
            "not high",
            "Tomasz",
            id="near-miss-a-yes-no-question-asks-the-permission",
        ),
        pytest.param(
            {"monitoring.md": PINGDOM},
            "How long must a host be unreachable before Pingdom alerts?",
            "high",
            "5 minutes",
            id="a-modal-is-no-word-to-state",
        ),
        pytest.param(
            {"vat.md": VAT},
            "What broke the VAT submission in May 2026?",
            "not high",
            "March 2026",
            id="near-miss-may-the-month",
        ),
        pytest.param(
            {"onboarding.md": ONBOARDING},
            "What am I supposed to ship in my first week?",
            "high",
            "one small change",
            id="supposed-to-in-a-wh-question",
        ),
        pytest.param(
            {"tessellate.md": TESSELLATE},
            "Did we end up fine-tuning a model for Tessellate?",
            "high",
            "no fine-tuning",
            id="end-up-is-no-word-to-state",
        ),
        pytest.param(
            {"tessellate.md": TESSELLATE},
            "Did we end up fine-tuning a model for Orla?",
            "not high",
            "",
            id="near-miss-end-up-of-another-client",
        ),
    ],
)
def test_question_frames(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

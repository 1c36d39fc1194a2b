"""Near misses the relaxed answer types must not let through, through `query(model="offline")`:
a move the other way ("off Hetzner" against "from AWS to Hetzner"), a reason whose event is
tied only by a date, a question's word said only of what a passage contrasts ("Unlike
fail_after, ..."), and a one-letter name ("the B rule prefix") the passage never writes.
Each has its answered twin."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

MOVE = """# Decisions log

2025-09-18 — Move production from AWS to Hetzner. To cut hosting costs by about 60%.
"""
OUTAGE = """# TLS outage

On 2025-11-14 the ingestion API was down for 47 minutes because the TLS certificate on the
ingestion endpoint had expired.
"""
TIMER = """# anyio.move_on_after

Unlike with fail_after, the timer starts when this function is called.
"""
PREFIXES = """# Ruff rules

| rule prefix | from |
|---|---|
| E, W | pycodestyle |
| SIM | flake8-simplify |
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"decisions.md": MOVE},
            "Why did we move production off AWS?",
            "high",
            "To cut hosting costs",
            id="the-move-as-asked",
        ),
        pytest.param(
            {"decisions.md": MOVE},
            "Why did we move production off Hetzner?",
            "not high",
            "",
            id="the-move-the-other-way",
        ),
        pytest.param(
            {"outage.md": OUTAGE},
            "Why did the TLS certificate expire in November 2025?",
            "not high",
            "",
            id="a-reason-tied-to-the-event-only-by-its-date",
        ),
        pytest.param(
            {"timer.md": TIMER},
            "With move_on_after, when does the timer start?",
            "high",
            "when this function is called",
            id="the-function-the-passage-is-about",
        ),
        pytest.param(
            {"timer.md": TIMER},
            "With fail_after, when does the timer start?",
            "not high",
            "",
            id="the-function-it-contrasts",
        ),
        pytest.param(
            {"ruff.md": PREFIXES},
            "Where does the SIM rule prefix come from?",
            "high",
            "flake8-simplify",
            id="a-prefix-the-table-holds",
        ),
        pytest.param(
            {"ruff.md": PREFIXES},
            "Where does the B rule prefix come from?",
            "not high",
            "",
            id="a-one-letter-prefix-the-table-lacks",
        ),
    ],
)
def test_near_misses_by_role(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

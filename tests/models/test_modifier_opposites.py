"""A modifier swapped for its opposite on the same noun ("close beta" against a passage on
the "open-beta", "part-time staff" against "full-time staff"), through `query()`: not high;
the asked kind written, or both kinds, keeps high."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

TRIAL = """# Cloud processes

## Closing down a customer's organization

During the {}-beta, customers receive 30 days to try out Cloud with Organizations.
"""
LEAVE = "# Leave\n\n{} staff get 25 vacation days a year.\n"


@pytest.mark.parametrize(
    ("page", "beta", "question", "confidence", "must_hold"),
    [
        pytest.param(
            TRIAL,
            "open",
            "During the closed beta, how long could a customer try out Organizations?",
            "not high",
            "30 days",
            id="closed-beta-from-open-beta",
        ),
        pytest.param(
            TRIAL,
            "open",
            "During the open beta, how long could a customer try out Organizations?",
            "high",
            "30 days",
            id="open-beta-from-open-beta",
        ),
        pytest.param(
            LEAVE,
            "Full-time",
            "How many vacation days do part-time staff get?",
            "not high",
            "25",
            id="part-time-from-full-time",
        ),
        pytest.param(
            LEAVE,
            "Full-time and part-time",
            "How many vacation days do part-time staff get?",
            "high",
            "25",
            id="both-kinds-written",
        ),
    ],
)
def test_an_opposite_modifier_on_the_same_noun(
    tmp_path: Path, page: str, beta: str, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"page.md": page.format(beta)})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)

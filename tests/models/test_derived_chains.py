"""A word and its base with derivational endings after it, through `query(model="offline")`:
"reimburse" is stated by "reimbursement", "expire" by "expiry", "decide" by "decision" (its
final d written s), "subscribe" by "subscription" (its b written pt). Their near misses: the
same page with another word there ("discount", "issued", "panel"), and endings that make a
person or another thing ("the first diabetic" is no one "diabetes" is said of, an "authority"
is no "author")."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

PERKS = "# Perks\n\nGym memberships: reimbursement up to €40 a month, claimed in the app.\n"
PERKS_DISCOUNT = "# Perks\n\nGym memberships: a discount of €40 a month at Fitland.\n"
TOKENS = "# Tokens\n\nStaging API token expiry: 30 June 2027; rotate it a week before.\n"
TOKENS_ISSUED = "# Tokens\n\nStaging API token issued: 30 June 2027; rotate it a week before.\n"
HIRING = "# Hiring\n\nThe final hiring decision is made by Dana Okafor, head of people.\n"
HIRING_PANEL = "# Hiring\n\nThe hiring panel is chosen by Dana Okafor, head of people.\n"
LEDGER = "# Ledger\n\nLedger subscription: €29 a month for the whole team.\n"
LEDGER_SEATS = "# Ledger\n\nLedger seats: €29 a month for the whole team.\n"
INSULIN = (
    "# Insulin\n\nInsulin was first used to treat diabetes in January 1922, by Frederick "
    "Banting in Toronto.\n"
)
STYLE = "# Style guide\n\nThe final authority on the style guide is Mira Patel.\n"


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"perks.md": PERKS},
            "How much do we reimburse for a gym membership?",
            "high",
            "€40",
            id="reimburse-stated-by-reimbursement",
        ),
        pytest.param(
            {"perks.md": PERKS_DISCOUNT},
            "How much do we reimburse for a gym membership?",
            "not high",
            "€40",
            id="near-miss-a-discount-is-no-reimbursement",
        ),
        pytest.param(
            {"tokens.md": TOKENS},
            "When does the staging API token expire?",
            "high",
            "30 June 2027",
            id="expire-stated-by-expiry",
        ),
        pytest.param(
            {"tokens.md": TOKENS_ISSUED},
            "When does the staging API token expire?",
            "not high",
            "30 June 2027",
            id="near-miss-issued-is-no-expiry",
        ),
        pytest.param(
            {"hiring.md": HIRING},
            "Who decides on hiring?",
            "high",
            "Dana Okafor",
            id="decide-stated-by-decision",
        ),
        pytest.param(
            {"hiring.md": HIRING_PANEL},
            "Who decides on hiring?",
            "not high",
            "Dana Okafor",
            id="near-miss-choosing-the-panel-is-no-decision",
        ),
        pytest.param(
            {"ledger.md": LEDGER},
            "What does it cost to subscribe to Ledger?",
            "high",
            "€29",
            id="subscribe-stated-by-subscription",
        ),
        pytest.param(
            {"ledger.md": LEDGER_SEATS},
            "What does it cost to subscribe to Ledger?",
            "not high",
            "€29",
            id="near-miss-seats-are-no-subscription",
        ),
        pytest.param(
            {"insulin.md": INSULIN},
            "Who was the first diabetic to be treated with insulin?",
            "not high",
            "Banting",
            id="near-miss-a-diabetic-is-a-person",
        ),
        pytest.param(
            {"style.md": STYLE},
            "Who is the author of the style guide?",
            "not high",
            "Mira Patel",
            id="near-miss-an-authority-is-no-author",
        ),
    ],
)
def test_derived_chains(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

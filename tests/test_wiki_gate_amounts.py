"""The gate through `query(model="offline")`: an answer quoting an amount of money from a
page of fast-moving facts (a pricing folder, a competitor's page) is time-sensitive whatever
the question's words; the same amount on a page with no such label, a pricing page's
answer with no amount in it, and a low answer's guessed amounts are not."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from fakes import page_wiki

from swarm.wiki_query import query

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

DISCOUNTS = """---
updated: 2026-11-20
---
# Discount policy

Referral credit: $500 off the referrer's next invoice when a referred client signs.

Stacked offers never take more than 25% off a retainer.
"""

CLIENT = """---
updated: 2026-11-20
---
# Fennel Hill

Fennel Hill came to us through Magpie & Ember, so Magpie gets the $500 referral credit.
"""

PROPOSAL = """---
updated: 2026-11-20
---
# Proposal: Acme Roasters

Acme Roasters was referred to us by Birch Coffee.

Tier quoted: Multi-site at $7,900 a month.
"""


def test_an_amount_from_a_pricing_page_is_time_sensitive(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"pricing/discount-policy.md": DISCOUNTS})

    # No price word in the question: the amount the answer quotes is the price.
    result = query(
        "What do we give a client who refers another?", model="offline", wiki_dir=wiki, now=NOW
    )

    assert "$500" in result.answer
    assert result.pages_consulted[:1] == ["pricing/discount-policy.md"]
    assert (result.time_sensitive, result.stale, result.go_external) == (True, False, True)


def test_the_same_amount_on_an_unlabelled_page_is_not(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"clients/fennel-hill.md": CLIENT})

    result = query(
        "Who gets the referral credit for Fennel Hill?", model="offline", wiki_dir=wiki, now=NOW
    )

    assert "Magpie" in result.answer
    assert result.time_sensitive is False


def test_a_pricing_page_answer_without_an_amount_is_not(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"pricing/proposals/acme.md": PROPOSAL})

    result = query("Who referred Acme Roasters to us?", model="offline", wiki_dir=wiki, now=NOW)

    assert result.confidence == "high"
    assert "Birch Coffee" in result.answer and "$7,900" not in result.answer
    assert (result.time_sensitive, result.go_external) == (False, False)


def test_a_pages_own_time_sensitive_false_still_wins(tmp_path: Path) -> None:
    settled = DISCOUNTS.replace("updated: 2026-11-20", "updated: 2026-11-20\ntime_sensitive: false")
    wiki = page_wiki(tmp_path, {"pricing/discount-policy.md": settled})

    result = query(
        "What do we give a client who refers another?", model="offline", wiki_dir=wiki, now=NOW
    )

    assert "$500" in result.answer
    assert result.time_sensitive is False


def test_a_low_answers_amounts_are_no_price(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"pricing/proposals/acme.md": PROPOSAL})

    # A guess: the tier line shares a word, so its amount is quoted, but it answers nothing.
    result = query("Which multi-site cafés did Acme open?", model="offline", wiki_dir=wiki, now=NOW)

    assert result.confidence == "low"
    assert "$7,900" in result.answer
    assert result.time_sensitive is False

"""A rate asked for a period ("paying us a month") is answered high only by a figure for
that period, not by a one-off sum ("a discovery sprint at €14,000")."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.models.rate_period import period_unstated
from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

PAGES = {
    "harbour.md": (
        "# Harbour Ferries\n\n- Retainer: Harbour Ferries pays us €3,000 a month for support.\n"
        "- Proposal sent in November: a discovery sprint at €14,000.\n"
    ),
    "brook.md": (
        "# Brook Mills\n\nCommercials: proposal sent in November, a discovery sprint for Brook"
        " Mills at €14,000; decision expected in December.\n"
    ),
}


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        pytest.param(
            "How much is Harbour Ferries paying us a month?", "high", "€3,000", id="a-monthly-fee"
        ),
        pytest.param(
            "How much is Brook Mills paying us a month?",
            "not high",
            "€14,000",
            id="a-one-off-sum-for-a-monthly-rate",
        ),
    ],
)
def test_rate_period(tmp_path: Path, question: str, confidence: str, must_hold: str) -> None:
    wiki = page_wiki(tmp_path, PAGES)
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, must_hold)


def test_a_heading_naming_the_period_states_it(tmp_path: Path) -> None:
    rates = (
        "# Rate card\n\n## Retainers (per month)\n\n| Tier | Price | Includes |\n|---|---|---|\n"
        "| Pilot | $2,900 | quarterly visit |\n| Multi-site | $8,750 | named consultant |\n"
    )
    wiki = page_wiki(tmp_path, {"rates.md": rates})
    question = "What's the monthly price of the Multi-site tier?"
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, "high", "$8,750")


@pytest.mark.parametrize(
    ("question", "text", "unstated"),
    [
        ("What do we pay Tom by the hour?", "Tom: $95/h for development.", False),
        ("What do we pay Tom by the hour?", "Tom: $4,000 for the migration.", True),
        ("Combien payons-nous par mois ?", "Abonnement : 30 € par mois.", False),
        ("Combien payons-nous par mois ?", "Atelier : 3 000 €.", True),
        ("¿Cuánto pagamos al mes?", "Cuota: 30 € al mes.", False),
        ("Wie viel zahlen wir pro Monat?", "Gebühr: 30 Euro monatlich.", False),
        ("Wie viel zahlen wir pro Monat?", "Workshop: 3.000 Euro.", True),
        # no period asked
        ("How much did the workshop cost?", "Workshop: €3,000.", False),
    ],
)
def test_period_words(question: str, text: str, unstated: bool) -> None:
    assert period_unstated(question, text) is unstated

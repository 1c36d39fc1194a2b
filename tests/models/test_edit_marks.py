"""Marks a personal wiki leaves on what no longer holds or is not done (`edit_marks`): a
struck-out value (`~~old~~`) and an open task (`- [ ] ...`) are no facts the bot may state at
`high`, nor is a placeholder written where a value goes (`YOUR_API_KEY_HERE`); a ticked task
and a sentence without strike-through still are."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from fakes import ask_offline, assert_level

OFFICE = """# Office

The wifi password is ~~sunflower42~~ (changed in March, ask Priya for the new one).

The printer on the second floor is a Brother HL-L2350.
"""
TRIP = """# Lisbon trip

- [x] Book the hotel: Casa Azul, three nights
- [ ] Buy travel insurance from Allianz
"""
API = """# API

Our staging API key: YOUR_API_KEY_HERE (ask Sam for the real one).

The API base URL is https://api.example.com/v2.
"""
RATES = """# Rates

Our hourly rate for clients is ~~£85~~ £95 since January.
"""


_ask = partial(ask_offline, time_sensitive=False)


@pytest.mark.parametrize(
    ("pages", "question", "level", "must_hold"),
    [
        ({"office.md": OFFICE}, "What is the wifi password?", "not high", "sunflower42"),
        ({"office.md": OFFICE}, "Which printer is on the second floor?", "high", "HL-L2350"),
        ({"rates.md": RATES}, "What is our hourly rate for clients?", "not high", "£95"),
        (
            {"trip.md": TRIP},
            "Which company did we buy travel insurance from?",
            "not high",
            "Allianz",
        ),
        ({"trip.md": TRIP}, "Which hotel did we book in Lisbon?", "high", "Casa Azul"),
        ({"api.md": API}, "What is our staging API key?", "not high", "YOUR_API_KEY_HERE"),
        ({"api.md": API}, "What is the API base URL?", "high", "api.example.com/v2"),
    ],
)
def test_struck_values_and_open_tasks_are_not_stated_as_fact(
    tmp_path: Path, pages: dict[str, str], question: str, level: str, must_hold: str
) -> None:
    assert_level(_ask(tmp_path, pages, question), level, must_hold)

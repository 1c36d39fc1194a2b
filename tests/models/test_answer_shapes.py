"""The value a question asks for, through `query(model="offline")`: a passage stating the
question's words but not a value of the shape asked (a phone number, a password, an amount of
money, a count rather than a limit, the same ordinal, the latest one, what is counted) is no
`high` answer; nor is a page that lacks a word the other pages read hold ("the tumble dryer"
answered from the dishwasher's page). Each near miss has its answered twin."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki_query import query

FAMILY = """# Grandparents

Oma Ingrid and Opa Klaus live in Karlsruhe, 1 h 15 by train. Opa had a hip operation in
September 2026.
"""
FAMILY_PHONE = FAMILY + "\nOma Ingrid's phone number: +49 721 555 0182.\n"
WIFI = """# Wi-Fi

Guest network: "Gaeste", the guest Wi-Fi password is on the card on the fridge.
"""
WIFI_SET = """# Wi-Fi

Guest network "Gaeste". Guest Wi-Fi password: blue-otter-42.
"""
NIMBRA = """# Nimbra Cloud

Our hosting runs on Nimbra Cloud: two app servers and a managed database.

Egress above 1 TB a month is billed at €0.04 per GB.
"""
NIMBRA_TOTAL = """# Nimbra Cloud

Our Nimbra Cloud bill comes to about €1,150 a month.
"""
ALARM = """# Office

The office alarm code is kept by the office manager.
"""
CABIN = """# Cabin

The door code for the cabin is 4471#.
"""
STATUS = """# Status page

Plan: Startup. Up to 1,000 subscribers on this plan.
"""
STATUS_COUNT = """# Status page

Plan: Startup. We have 412 subscribers on the status page.
"""
PRINTINGS = """# On the Origin

Published in 1859; the first printing ran to 1,250 copies.
"""
SEATS = """# GitHub

Plan: Team plan, 48 seats for the engineering org.
"""
SEATS_PRICED = """# GitHub

Plan: Team plan, 48 seats, at USD 4 per seat per month.
"""
GARDEN = """# Garden 2025

- 2025-07-04 Zucchini glut: 3 plants is too many for four people.
- 2025-08-30 Blight on the tomatoes, pulled them all by early September.
"""
DISHWASHER = """# Dishwasher

Error codes:
- code E:15; meaning: water in the base tray; fixed by drying it.
"""
DRYER = """# Tumble dryer

The tumble dryer is a heat-pump model; clean the lint filter after every load.
"""
CLI = """# Cloud CLI

To pin the Cloud CLI to version 1.2.3: cloud components update --version=1.2.3
"""


@pytest.mark.parametrize(
    ("pages", "question", "high"),
    [
        pytest.param({"family.md": FAMILY}, "What's Oma Ingrid's phone number?", False, id="phone"),
        # a date has a phone number's digits and dashes: it is no number to call
        pytest.param(
            {"family.md": FAMILY + "\nOma Ingrid's phone number changed on 2026-01-30.\n"},
            "What's Oma Ingrid's phone number?",
            False,
            id="phone-a-date",
        ),
        pytest.param(
            {"family.md": FAMILY_PHONE}, "What's Oma Ingrid's phone number?", True, id="phone-ok"
        ),
        pytest.param({"wifi.md": WIFI}, "What's the guest Wi-Fi password?", False, id="password"),
        pytest.param(
            {"wifi.md": WIFI_SET}, "What's the guest Wi-Fi password?", True, id="password-ok"
        ),
        # a price per GB is no monthly bill; the bill itself, or a per-GB question, is
        pytest.param(
            {"nimbra.md": NIMBRA}, "How much is our monthly Nimbra Cloud bill?", False, id="total"
        ),
        pytest.param(
            {"nimbra.md": NIMBRA_TOTAL},
            "How much is our monthly Nimbra Cloud bill?",
            True,
            id="total-ok",
        ),
        pytest.param(
            {"nimbra.md": NIMBRA},
            "How much does Nimbra charge per GB of egress?",
            True,
            id="unit-price-ok",
        ),
        pytest.param({"office.md": ALARM}, "What is the office alarm code?", False, id="code"),
        pytest.param(
            {"cabin.md": CABIN}, "What is the door code for the cabin?", True, id="code-ok"
        ),
        pytest.param(
            {"status.md": STATUS},
            "How many subscribers does the status page have?",
            False,
            id="a-limit",
        ),
        pytest.param(
            {"status.md": STATUS_COUNT},
            "How many subscribers does the status page have?",
            True,
            id="a-count",
        ),
        pytest.param(
            {"origin.md": PRINTINGS},
            "How many copies were in the second printing of the Origin?",
            False,
            id="another-ordinal",
        ),
        pytest.param(
            {"origin.md": PRINTINGS},
            "How many copies were in the first printing of the Origin?",
            True,
            id="same-ordinal",
        ),
        pytest.param(
            {"github.md": SEATS}, "How much do we pay per GitHub seat?", False, id="no-money"
        ),
        pytest.param(
            {"github.md": SEATS_PRICED}, "How much do we pay per GitHub seat?", True, id="money"
        ),
        pytest.param(
            {"garden.md": GARDEN},
            "How many tomato plants did we plant out in 2025?",
            False,
            id="what-is-counted",
        ),
        pytest.param(
            {"garden.md": GARDEN},
            "How many zucchini plants did we have in 2025?",
            True,
            id="counted",
        ),
        pytest.param(
            {"dishwasher.md": DISHWASHER, "dryer.md": DRYER},
            "What does error code E:15 mean on the tumble dryer?",
            False,
            id="another-appliance",
        ),
        pytest.param(
            {"dishwasher.md": DISHWASHER, "dryer.md": DRYER},
            "What does error code E:15 mean on the dishwasher?",
            True,
            id="the-appliance",
        ),
        pytest.param(
            {"cli.md": CLI},
            "What is the latest version of the Cloud CLI right now?",
            False,
            id="latest-not-said",
        ),
        pytest.param(
            {"cli.md": CLI}, "Which version is the Cloud CLI pinned to?", True, id="pinned"
        ),
    ],
)
def test_the_value_asked_must_be_there(
    tmp_path: Path, pages: dict[str, str], question: str, high: bool
) -> None:
    result = query(question, wiki_dir=page_wiki(tmp_path, pages), model="offline")
    assert result.error is None
    assert (result.confidence == "high") is high, (result.confidence, result.answer)

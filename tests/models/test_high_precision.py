"""Shapes of wrong `high` the offline answerer now keeps below high, through
`query(model="offline")`: a set asked for and answered from one of several pages, a value
asked for ("what grade") answered by a name, a page stating two prices, a date of another
event for "when does X happen", and a where-question's name only glossing something else.
Each with a near case that keeps its `high`."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

# --- a set asked for ------------------------------------------------------------------------
JANE = """# Jane Eyre (1847)

Published in October 1847 as "edited by Currer Bell". Charlotte Brontë's pseudonym; her
sisters used Ellis and Acton Bell.
"""
WUTHERING = """# Wuthering Heights (1847)

Emily Brontë, as Ellis Bell; published by Newby in December 1847.
"""
PACKAGES = """# Build config

Packages we vendor: attrs, click and httpx.
"""


def test_a_set_spread_over_pages_is_not_high_from_one(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"jane-eyre.md": JANE, "wuthering-heights.md": WUTHERING})
    result = query(
        "Which novels of 1847 were published under the Bell pseudonyms?",
        wiki_dir=wiki,
        model="offline",
    )
    assert_level(result, "not high", "Bell")


def test_one_thing_asked_is_not_a_set(tmp_path: Path) -> None:
    """ "Which novel..." (singular) is answered from the one page that states it."""
    wiki = page_wiki(tmp_path, {"jane-eyre.md": JANE, "wuthering-heights.md": WUTHERING})
    result = query("Which novel was edited by Currer Bell?", wiki_dir=wiki, model="offline")
    assert result.confidence != "low", result.answer
    assert "Currer Bell" in result.answer


# --- a value asked for is a figure or a code, not a name ------------------------------------
CLASS = """# Huffman coding

Written as a term paper in Robert Fano's information theory class at MIT: students could
take the final exam or write the paper.
"""
GRADES = """# Huffman coding

Huffman skipped Fano's final exam; the term paper earned him an A.
"""
VAN = """# Van

The van is insured by Harbor Mutual, renewed every March.
"""


# --- one page, two prices --------------------------------------------------------------------
TWO_PRICES = """# GitHub

- Plan: Team plan, 48 seats
- Cost: USD 4 per user per month

Copilot Business for 30 seats at USD 19 per user per month.
"""
ONE_PRICE = """# GitHub

- Plan: Team plan, 48 seats
- Cost: USD 4 per seat per month
- Renews: 2027-06-01
"""


# --- "when does X happen": a date of X, not of something else --------------------------------
NILE = """# Nile

In Egypt the Aswan High Dam, completed in 1970, ended the annual flood of the Nile.
"""
NILE_FLOOD = """# Nile

The Nile floods every year from June to September.
"""


# --- where: the asked name only in brackets glosses something else ---------------------------
OFFICES = """# Offices

- **Bristol** (HQ): 3rd floor, 41 Queen Square, Bristol BS1 4QS.

Data centres: none; everything runs in AWS eu-west-2 (London).
"""


FLOOR_WORDS = """# Office

The office is on the floor above the bakery on Mill Street.
"""
FLOOR_VALUE = """# Office

The office is on the 3rd floor above the bakery on Mill Street.
"""


KIT = """# Kit

Fermenter: 25 L plastic bucket with a tap. Temperature control: an old fridge with a heat
mat.
"""
BATCH = """# Kit

Fermenter: 25 L plastic bucket with a tap. Fermentation temperature: 19 °C for ten days.
"""


def _runbook(team: str) -> str:
    return f"# Runbook: {team} alerts\n\nPage the {team} secondary through PagerDuty.\n"


def test_which_things_do_it_is_not_high_from_one_of_several(tmp_path: Path) -> None:
    """ "Which services page the secondary?": each runbook says it of its own team."""
    pages = {f"{team.lower()}.md": _runbook(team) for team in ("Billing", "Web", "Identity")}
    wiki = page_wiki(tmp_path, pages)
    result = query("Which teams page the secondary?", wiki_dir=wiki, model="offline")
    assert_level(result, "not high", "secondary")


# One page (or a few), one question: the wrong-high shape stays below high, the right case
# next to it keeps high.
CASES = [
    pytest.param(
        {"build.md": PACKAGES, "jane-eyre.md": JANE},
        "Which packages do we vendor?",
        "high",
        "attrs, click and httpx",
        id="a-set-one-page-holds-keeps-high",
    ),
    pytest.param(
        {"huffman.md": CLASS},
        "What grade did Huffman get on Fano's final exam?",
        "not high",
        "MIT",
        id="a-name-does-not-answer-what-grade",
    ),
    pytest.param(
        {"huffman.md": GRADES},
        "What grade did Huffman get for the term paper?",
        "high",
        "an A",
        id="a-letter-grade-answers-what-grade",
    ),
    pytest.param(
        {"van.md": VAN},
        "Which company insures the van?",
        "high",
        "Harbor Mutual",
        id="a-name-still-answers-which-company",
    ),
    pytest.param(
        {"github.md": TWO_PRICES},
        "How much are we paying per GitHub seat?",
        "not high",
        "USD",
        id="two-prices-on-one-page-are-not-high",
    ),
    pytest.param(
        {"github.md": ONE_PRICE},
        "How much are we paying per GitHub seat?",
        "high",
        "USD 4",
        id="one-price-among-other-figures-keeps-high",
    ),
    pytest.param(
        {"nile.md": NILE},
        "When does the Nile flood?",
        "not high",
        "1970",
        id="another-events-year-does-not-say-when-x-happens",
    ),
    pytest.param(
        {"nile.md": NILE_FLOOD},
        "When does the Nile flood?",
        "high",
        "June to September",
        id="the-season-of-x-says-when-it-happens",
    ),
    pytest.param(
        {"offices.md": OFFICES},
        "Where is the London office?",
        "not high",
        "London",
        id="a-name-in-brackets-does-not-say-where-it-is",
    ),
    pytest.param(
        {"offices.md": OFFICES},
        "Where is the Bristol office?",
        "high",
        "41 Queen Square",
        id="the-office-named-outside-brackets-keeps-high",
    ),
    pytest.param(
        {"office.md": FLOOR_WORDS},
        "Which floor is the office on?",
        "not high",
        "bakery",
        id="a-value-asked-needs-a-figure-or-a-code",
    ),
    pytest.param(
        {"office.md": FLOOR_VALUE},
        "Which floor is the office on?",
        "high",
        "3rd floor",
        id="a-floor-number-answers-which-floor",
    ),
    pytest.param(
        {"kit.md": KIT},
        "What temperature do I ferment at?",
        "not high",
        "25 L",
        id="a-figure-in-another-unit-is-no-temperature",
    ),
    pytest.param(
        {"kit.md": BATCH},
        "What temperature do I ferment at?",
        "high",
        "19 °C",
        id="degrees-answer-what-temperature",
    ),
]


@pytest.mark.parametrize(("pages", "question", "confidence", "must_hold"), CASES)
def test_each_shape_and_its_right_case(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)

"""Shapes of wrong `high` the offline answerer now keeps below high, through
`query(model="offline")`: a set asked for and answered from one of several pages, a value
asked for ("what grade") answered by a name, a page stating two prices, a date of another
event for "when does X happen", and a where-question's name only glossing something else.
Each with a near case that keeps its `high`."""

from __future__ import annotations

from pathlib import Path

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


def test_a_set_one_page_holds_keeps_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"build.md": PACKAGES, "jane-eyre.md": JANE})
    result = query("Which packages do we vendor?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "attrs, click and httpx")


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


def test_a_name_does_not_answer_what_grade(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"huffman.md": CLASS})
    result = query(
        "What grade did Huffman get on Fano's final exam?", wiki_dir=wiki, model="offline"
    )
    assert_level(result, "not high", "MIT")


def test_a_letter_grade_answers_what_grade(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"huffman.md": GRADES})
    result = query("What grade did Huffman get for the term paper?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "an A")


def test_a_name_still_answers_which_company(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"van.md": VAN})
    result = query("Which company insures the van?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "Harbor Mutual")


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


def test_two_prices_on_one_page_are_not_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"github.md": TWO_PRICES})
    result = query("How much are we paying per GitHub seat?", wiki_dir=wiki, model="offline")
    assert_level(result, "not high", "USD")


def test_one_price_among_other_figures_keeps_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"github.md": ONE_PRICE})
    result = query("How much are we paying per GitHub seat?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "USD 4")


# --- "when does X happen": a date of X, not of something else --------------------------------
NILE = """# Nile

In Egypt the Aswan High Dam, completed in 1970, ended the annual flood of the Nile.
"""
NILE_FLOOD = """# Nile

The Nile floods every year from June to September.
"""


def test_another_events_year_does_not_say_when_x_happens(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"nile.md": NILE})
    result = query("When does the Nile flood?", wiki_dir=wiki, model="offline")
    assert_level(result, "not high", "1970")


def test_the_season_of_x_says_when_it_happens(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"nile.md": NILE_FLOOD})
    result = query("When does the Nile flood?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "June to September")


# --- where: the asked name only in brackets glosses something else ---------------------------
OFFICES = """# Offices

- **Bristol** (HQ): 3rd floor, 41 Queen Square, Bristol BS1 4QS.

Data centres: none; everything runs in AWS eu-west-2 (London).
"""


def test_a_name_in_brackets_does_not_say_where_it_is(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"offices.md": OFFICES})
    result = query("Where is the London office?", wiki_dir=wiki, model="offline")
    assert_level(result, "not high", "London")


def test_the_office_named_outside_brackets_keeps_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"offices.md": OFFICES})
    result = query("Where is the Bristol office?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "41 Queen Square")


FLOOR_WORDS = """# Office

The office is on the floor above the bakery on Mill Street.
"""
FLOOR_VALUE = """# Office

The office is on the 3rd floor above the bakery on Mill Street.
"""


def test_a_value_asked_needs_a_figure_or_a_code(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"office.md": FLOOR_WORDS})
    result = query("Which floor is the office on?", wiki_dir=wiki, model="offline")
    assert_level(result, "not high", "bakery")


def test_a_floor_number_answers_which_floor(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"office.md": FLOOR_VALUE})
    result = query("Which floor is the office on?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "3rd floor")


KIT = """# Kit

Fermenter: 25 L plastic bucket with a tap. Temperature control: an old fridge with a heat
mat.
"""
BATCH = """# Kit

Fermenter: 25 L plastic bucket with a tap. Fermentation temperature: 19 °C for ten days.
"""


def test_a_figure_in_another_unit_is_no_temperature(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"kit.md": KIT})
    result = query("What temperature do I ferment at?", wiki_dir=wiki, model="offline")
    assert_level(result, "not high", "25 L")


def test_degrees_answer_what_temperature(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"kit.md": BATCH})
    result = query("What temperature do I ferment at?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "19 °C")


def _runbook(team: str) -> str:
    return f"# Runbook: {team} alerts\n\nPage the {team} secondary through PagerDuty.\n"


def test_which_things_do_it_is_not_high_from_one_of_several(tmp_path: Path) -> None:
    """ "Which services page the secondary?": each runbook says it of its own team."""
    pages = {f"{team.lower()}.md": _runbook(team) for team in ("Billing", "Web", "Identity")}
    wiki = page_wiki(tmp_path, pages)
    result = query("Which teams page the secondary?", wiki_dir=wiki, model="offline")
    assert_level(result, "not high", "secondary")

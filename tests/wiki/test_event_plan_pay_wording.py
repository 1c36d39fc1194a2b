"""Time-sensitivity by wording, through `query(model="offline")`: a release or an
announcement its age marks as a past one ("an older release"), or the object of a
how-to ("How do I print the kernel release?"), is not the news; the asker's own plan told
before the question ("I'll be abroad this summer.") dates what the asker will do, not the
fact asked; "what do we pay per kWh" asks a price like "how much do we pay"."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

KERNEL = """# uname

To print the kernel release: `uname -r`

To print the kernel version: `uname -v`
"""

DEPLOYS = """# Roll back an app

To roll back, set the image tag to an older release in the charts repo and deploy it.
Re-running the deploy action with an old release works only in the integration environment.
"""

MOVING = """# Moving

Tell PeopleOps before you live in another state for more than 30 days.
The PeopleOps contact for moves is Dana Reyes.
"""

ELECTRICITY = """# Electricity contract

Working price: 31.9 ct/kWh. Base price: EUR 14.50 a month.
Meter: read it on the first Monday of each month; note the reading in the log.
"""


@pytest.mark.parametrize(
    ("question", "time_sensitive"),
    [
        pytest.param("How do I print the kernel release?", False, id="how-to-object"),
        # the latest one is what the command prints: a how-to, not news
        pytest.param("How do I print the latest kernel release?", False, id="how-to-latest"),
        pytest.param("Is there a new kernel release?", True, id="a-release"),
        pytest.param("What did the kernel release announcement say?", True, id="announcement"),
    ],
)
def test_a_release_in_a_how_to_is_no_news(
    tmp_path: Path, question: str, time_sensitive: bool
) -> None:
    wiki = page_wiki(tmp_path, {"uname.md": KERNEL})

    result = query(question, model="offline", wiki_dir=wiki)

    assert result.time_sensitive is time_sensitive, result.answer
    assert result.error is None


@pytest.mark.parametrize(
    ("question", "time_sensitive"),
    [
        pytest.param("Which tag do I set to put an older release back?", False, id="older"),
        pytest.param(
            "Where does re-running the deploy action with an old release work?", False, id="old"
        ),
        pytest.param("Which environment gets the next release first?", True, id="next"),
        pytest.param("Which environment gets the first release?", True, id="first-may-be-ahead"),
        pytest.param("Which environment gets a release first?", True, id="a-release"),
    ],
)
def test_a_past_release_is_no_news(tmp_path: Path, question: str, time_sensitive: bool) -> None:
    wiki = page_wiki(tmp_path, {"kubernetes/roll-back.md": DEPLOYS})

    result = query(question, model="offline", wiki_dir=wiki)

    assert result.time_sensitive is time_sensitive, result.answer
    assert result.pages_consulted[:1] == ["kubernetes/roll-back.md"]


def test_the_older_release_how_to_is_answered_from_the_wiki(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"kubernetes/roll-back.md": DEPLOYS})

    result = query(
        "In which environment does re-running the deploy action with an old release work?",
        model="offline",
        wiki_dir=wiki,
    )

    assert "integration" in result.answer
    assert (result.time_sensitive, result.stale) == (False, False)
    assert result.go_external is (result.confidence != "high")


@pytest.mark.parametrize(
    ("question", "time_sensitive"),
    [
        pytest.param(
            "I'll be living in another state this summer. Do I need to tell PeopleOps?",
            False,
            id="plan-then-question",
        ),
        pytest.param(
            "We're going to move this month. Who is the PeopleOps contact for moves?",
            False,
            id="going-to",
        ),
        pytest.param(
            "I'll be living in another state. Who is the PeopleOps contact for moves right now?",
            True,
            id="now-in-the-question",
        ),
        pytest.param(
            "Do I need to tell PeopleOps if I live in another state this summer?",
            True,
            id="one-sentence",
        ),
        pytest.param(
            "PeopleOps changed this month. Who is the contact for moves?",
            True,
            id="not-the-asker-s-plan",
        ),
    ],
)
def test_the_asker_s_plan_dates_no_fact(
    tmp_path: Path, question: str, time_sensitive: bool
) -> None:
    wiki = page_wiki(tmp_path, {"moving.md": MOVING})

    result = query(question, model="offline", wiki_dir=wiki)

    assert result.time_sensitive is time_sensitive, result.answer
    assert result.pages_consulted[:1] == ["moving.md"]


def test_what_we_pay_per_unit_is_a_price(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"electricity.md": ELECTRICITY})

    result = query("What do we pay per kWh of electricity?", model="offline", wiki_dir=wiki)

    assert_level(result, "high", "31.9 ct/kWh")
    # Found in the wiki at high, but a price moves: the gate sends it outside.
    assert (result.time_sensitive, result.go_external) == (True, True)


@pytest.mark.parametrize(
    "question",
    [
        pytest.param("What do I pay attention to when I read the meter?", id="pay-attention"),
        pytest.param("When do we read the electricity meter?", id="no-pay"),
    ],
)
def test_paying_attention_is_no_price(tmp_path: Path, question: str) -> None:
    wiki = page_wiki(tmp_path, {"electricity.md": ELECTRICITY})

    result = query(question, model="offline", wiki_dir=wiki)

    assert result.time_sensitive is False, result.answer
    assert "meter" in result.answer.lower()


INVOICES = """# Invoicing

An invoice still unpaid after 60 days goes to the collections agency, and work pauses.
Invoices are sent on the first working day of the month.
"""


@pytest.mark.parametrize(
    ("question", "time_sensitive"),
    [
        pytest.param(
            "What happens when an invoice is still unpaid after 60 days?", False, id="when-clause"
        ),
        pytest.param(
            "If an invoice is still unpaid after 60 days, where does it go?", False, id="if-clause"
        ),
        pytest.param("Is the March invoice still unpaid?", True, id="asks-the-present"),
        pytest.param(
            "When is an unpaid invoice still with us rather than with collections?",
            True,
            id="when-is-the-question-word",
        ),
    ],
)
def test_still_in_a_condition_is_no_present(
    tmp_path: Path, question: str, time_sensitive: bool
) -> None:
    wiki = page_wiki(tmp_path, {"invoicing.md": INVOICES})

    result = query(question, model="offline", wiki_dir=wiki)

    assert result.time_sensitive is time_sensitive, result.answer
    assert "collections" in result.answer

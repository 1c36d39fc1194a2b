""" "In what month..." and "on what day..." want a time finer than a year: a month or a weekday
named, a date with its month, a day of the month (a month alone is no day). A passage giving
only the year ("in 911") is no answer to them, though it answers "in what year"."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

YEAR_ONLY = "Rollo, a Viking leader, was granted land around Rouen by King Charles in 911.\n"
WITH_MONTH = "Rollo, a Viking leader, was granted land around Rouen by King Charles in July 911.\n"


@pytest.mark.parametrize(
    ("page", "question", "confidence", "must_hold"),
    [
        pytest.param(
            YEAR_ONLY,
            "In what year was Rollo granted land around Rouen?",
            "high",
            "911",
            id="a-year-for-a-year",
        ),
        pytest.param(
            WITH_MONTH,
            "In what month was Rollo granted land around Rouen?",
            "high",
            "July",
            id="a-month-for-a-month",
        ),
        pytest.param(
            YEAR_ONLY,
            "In what month was Rollo granted land around Rouen?",
            "not high",
            "911",
            id="a-year-for-a-month",
        ),
        pytest.param(
            YEAR_ONLY,
            "On what day was Rollo granted land around Rouen?",
            "not high",
            "911",
            id="a-year-for-a-day",
        ),
        pytest.param(
            WITH_MONTH,
            "On what day was Rollo granted land around Rouen?",
            "not high",
            "July",
            id="a-month-for-a-day",
        ),
        pytest.param(
            WITH_MONTH.replace("July", "10 July"),
            "On what day was Rollo granted land around Rouen?",
            "high",
            "10 July",
            id="a-day-for-a-day",
        ),
    ],
)
def test_a_month_or_day_asked(
    tmp_path: Path, page: str, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"rollo.md": "# Rollo\n\n" + page})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)


SESSIONS = """# Inés Calderón

Partner since 2022; runs the cupping lab.

- Leads the Oxbow account, reviewed each month
- Sends the roast report at the end of the month
- Visits Fennel Hill twice a month
- Cupping sessions: {} at 10:00 in the lab
"""


@pytest.mark.parametrize(
    ("when", "question", "confidence"),
    [
        pytest.param(
            "Wednesdays",
            "What day of the month are Inés's cupping sessions?",
            "not high",
            id="a-weekday-for-a-day-of-the-month",
        ),
        pytest.param(
            "on the 15th of each month",
            "What day of the month are Inés's cupping sessions?",
            "high",
            id="a-date-for-a-day-of-the-month",
        ),
        pytest.param(
            "Wednesdays",
            "What day of the week are Inés's cupping sessions?",
            "high",
            id="a-weekday-for-a-day-of-the-week",
        ),
    ],
)
def test_a_day_of_the_month_is_a_date_in_it(
    tmp_path: Path, when: str, question: str, confidence: str
) -> None:
    """A weekday answers "what day of the week", not "what day of the month"."""
    wiki = page_wiki(tmp_path, {"ines.md": SESSIONS.format(when)})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, "10:00")


FUJI = """# Mount Fuji

Mount Fuji is the highest mountain in Japan, an active stratovolcano 3,776 metres high.

Fuji has long been a sacred site and a subject of art, most famously in Katsushika Hokusai's
woodblock print series Thirty-six Views of Mount Fuji. It was registered as a UNESCO World
Heritage Site in 2013 as a cultural site.
"""


@pytest.mark.parametrize(
    ("question", "confidence"),
    [
        pytest.param(
            "Which century is the subject of Hokusai's famous print series?",
            "not high",
            id="a-century-asked-of-what-no-date-dates",
        ),
        pytest.param(
            "Which mountain is the subject of Hokusai's famous print series?",
            "high",
            id="the-mountain-asked",
        ),
    ],
)
def test_a_century_or_decade_asked_is_a_date(
    tmp_path: Path, question: str, confidence: str
) -> None:
    """ "Which century", "what decade" ask for a time: a date of the asked event answers."""
    wiki = page_wiki(tmp_path, {"geography/mount-fuji.md": FUJI})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, "Hokusai")

"""Times a wiki writes in ways the offline evidence rule used to miss, through
`query(model="offline")`: a year with its era's stops ("800 B.C.", "A.D. 226"), an ordinal
century for "in which century", a span of time for "how far back / ahead", and a question
framed by "is expected to" / "are expected in". Each with the near miss that must stay below
`high`: a century for a year asked, a span of time for a distance, a past expectation, an
abbreviation's stops that are no era, a page that gives no time."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

CARTHAGE = (
    "# Carthage\n\nCarthage, founded about 800 B.C., grew into the greatest port of the west.\n"
)
PERSIA = (
    "# Persia\n\nThe Pahlavi is the alphabet of the Sassanid kings who ruled Persia from "
    "A.D. 226 until the Arab conquest.\n"
)
DENTISTS = "# Dentists\n\nThe A.D.A. was founded by dentists who met in a hotel in New York.\n"
MUSETTE = (
    "# Bagpipes\n\nThe musette is said to have been evolved during the 15th century, a bagpipe "
    "blown by a small bellows.\n"
)
MUSETTE_SECOND_CLASS = (
    "# Bagpipes\n\nThe second class of bagpipes is blown by a small bellows; the musette is said "
    "to have been evolved during the 15th century.\n"
)
MUSETTE_UNDATED = (
    "# Bagpipes\n\nThe musette, a bagpipe blown by a small bellows, was played at court.\n"
)


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"carthage.md": CARTHAGE},
            "When was Carthage founded?",
            "high",
            "800 B.C.",
            id="year-before-christ-with-stops",
        ),
        pytest.param(
            {"persia.md": PERSIA},
            "From what year did the Sassanid kings rule Persia?",
            "high",
            "A.D. 226",
            id="anno-domini-with-stops-before-the-year",
        ),
        pytest.param(
            {"dentists.md": DENTISTS},
            "When was the A.D.A. founded?",
            "not high",
            "dentists",
            id="near-miss-an-abbreviation-is-no-era",
        ),
        pytest.param(
            {"bagpipes.md": MUSETTE},
            "In which century did the musette come about?",
            "high",
            "15th century",
            id="century-asked-ordinal-century",
        ),
        pytest.param(
            {"bagpipes.md": MUSETTE},
            "In what year did the musette come about?",
            "not high",
            "15th century",
            id="near-miss-a-century-is-no-year",
        ),
        pytest.param(
            {"persia.md": PERSIA},
            "From what month did the Sassanid kings rule Persia?",
            "not high",
            "A.D. 226",
            id="near-miss-a-year-and-a-century-are-no-month",
        ),
        pytest.param(
            {"bagpipes.md": MUSETTE_SECOND_CLASS},
            "In which century did the musette come about?",
            "high",
            "15th century",
            id="century-in-a-passage-with-another-ordinal",
        ),
        pytest.param(
            {"bagpipes.md": MUSETTE_SECOND_CLASS},
            "In which century did the second musette come about?",
            "not high",
            "15th century",
            id="near-miss-the-ordinal-said-of-another-noun",
        ),
        pytest.param(
            {"bagpipes.md": MUSETTE_UNDATED},
            "In which century did the musette come about?",
            "not high",
            "court",
            id="near-miss-no-century-written",
        ),
    ],
)
def test_era_years_and_centuries(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, must_hold)


BACKUPS = (
    "# Orders database\n\nBackups: nightly snapshots, and point-in-time restore for the last "
    "7 days.\n"
)
BACKUPS_UNTIMED = "# Orders database\n\nBackups: nightly snapshots, restored with pg_restore.\n"
OFFICE = "# Office\n\nThe office is open 7 days a week, next to the central station.\n"


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"orders.md": BACKUPS},
            "How far back can we restore the orders database?",
            "high",
            "7 days",
            id="how-far-back-a-span-of-time",
        ),
        pytest.param(
            {"orders.md": BACKUPS_UNTIMED},
            "How far back can we restore the orders database?",
            "not high",
            "pg_restore",
            id="near-miss-no-span-written",
        ),
        pytest.param(
            {"office.md": OFFICE},
            "How far is the office from the central station?",
            "not high",
            "7 days",
            id="near-miss-a-span-of-time-is-no-distance",
        ),
    ],
)
def test_how_far_back_is_a_span_of_time(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, must_hold)


SCHEDULE = (
    "# Python 3.16 release schedule\n\n- 3.16.0 beta 1: Tuesday, 2027-05-04\n"
    "- 3.16.0 final: Tuesday, 2027-10-05\n"
)
OFFICE_DAYS = (
    "# Remote work policy\n\nOffice days: Tuesday and Thursday, everyone in the Leeds office.\n"
)


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"schedule.md": SCHEDULE},
            "When is 3.16.0 final expected to be released?",
            "high",
            "2027-10-05",
            id="is-expected-to-a-forecast-as-it-stands",
        ),
        pytest.param(
            {"remote.md": OFFICE_DAYS},
            "Which days are we expected in the Leeds office?",
            "high",
            "Tuesday and Thursday",
            id="are-expected-in-a-duty",
        ),
        pytest.param(
            {"schedule.md": SCHEDULE},
            "When was 3.16.0 final expected to be released?",
            "not high",
            "2027-10-05",
            id="near-miss-a-past-expectation-against-the-outcome",
        ),
        pytest.param(
            {"remote.md": OFFICE_DAYS},
            "Which days are we expected in the Bristol office?",
            "not high",
            "",
            id="near-miss-the-frame-asked-of-another-office",
        ),
    ],
)
def test_expected_frames_a_wh_question(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, must_hold)

"""When and where, through `query(model="offline")`: a when-question about a schedule or a
step is answered by a clock time, a recurrence or the event it follows, one about a past
occasion or a year only by a date; a where-question by a path, a file, an app, an address, a
place key or (for where something is kept now) a container. Each answered case has its near
miss that must stay below high."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

WIFI = """# Wifi

Kids' devices: internet off 21:00–07:00 on school nights.
"""
OFFICE_HOURS = """# Lisbon office

The Lisbon office opens at 09:00 on weekdays.
"""
FESTIVAL = """# Harbour festival

The harbour festival starts at 10:00 on the quay.
"""
BINS = """# Bins

The recycling bin is collected every other Tuesday.
"""
FESTIVAL_YEARLY = """# Harbour festival

The harbour festival is held every year on the quay.
"""
FILTER = """# Cooker hood

Replace the cooker hood carbon filter every 12 months.
"""
TRAVEL = """# Teodor Vance

Teodor travels to origin twice a year (usually Ethiopia in January, Guatemala often).
"""
BREAD = """# Baking bread

Knead the dough for 10 minutes on a floured board.
"""
BACKUP = """# Backups

The nightly backup runs on the NAS in the cellar.
"""
MARKET = """# Market

The farmers' market is open, but never on Sundays.
"""
GRANOLA = """# Granola

Raisins go in after baking, otherwise they burn.
"""
PIPELINE = """# Pipeline

Prospect: Harbor Point; Stage: pilot ending; Next step: conversion call after the board review
"""
SOCKET = """# Git credentials

Git keeps the credential cache socket under ~/.cache/git/credential/socket.
"""
POLICY = """# Insurance

The home insurance policy documents are in 1Password.
"""
TOKEN = """# Release

The PyPI upload token is kept in the password manager.
"""
TOKEN_NOT = """# Release

Keep the PyPI upload token safe; never in .pypirc.
"""
KEY_LOST = """# Spare key

The spare key is kept somewhere unknown since the move; it was in the kitchen drawer.
"""
FRANKLIN = """# Rosalind Franklin

Franklin worked on viruses in the laboratory.
"""
OFFICES = """# Offices

Bristol (HQ): 3rd floor, 41 Queen Square, Bristol BS1 4QS.
"""
MEETING = """# Team meeting

The team meeting is in the afternoon.
"""
PYTHON = """# Python versions

Default for new projects: Python 3.11.
"""
PYTHON_NONE = """# Python versions

New projects use the default Python from the system.
"""
RUFF = """# Ruff rules

| rule prefix | from |
|---|---|
| SIM | flake8-simplify |
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"wifi.md": WIFI},
            "At what time does the kids' internet go off on school nights?",
            "high",
            "21:00",
            id="a-clock-time-answers-what-time",
        ),
        pytest.param(
            {"office.md": OFFICE_HOURS},
            "When did the Lisbon office open?",
            "not high",
            "",
            id="a-clock-time-does-not-date-a-past-occasion",
        ),
        pytest.param(
            {"festival.md": FESTIVAL},
            "In what year did the harbour festival start?",
            "not high",
            "",
            id="a-clock-time-is-no-year",
        ),
        pytest.param(
            {"bins.md": BINS},
            "When is the recycling bin collected?",
            "high",
            "every other Tuesday",
            id="a-recurrence-answers-a-schedule",
        ),
        pytest.param(
            {"festival.md": FESTIVAL_YEARLY},
            "When is the harbour festival held?",
            "not high",
            "",
            id="how-often-is-not-when-something-is-held",
        ),
        pytest.param(
            {"hood.md": FILTER},
            "When do I replace the cooker hood carbon filter?",
            "high",
            "every 12 months",
            id="how-often-answers-when-a-step-is-done",
        ),
        pytest.param(
            {"teodor.md": TRAVEL},
            "What month does Teodor usually travel to Ethiopia?",
            "high",
            "January",
            id="a-month-named-answers-what-month",
        ),
        pytest.param(
            {"teodor.md": TRAVEL},
            "What month does Teodor usually travel to Guatemala?",
            "not high",
            "",
            id="a-month-in-another-clause",
        ),
        pytest.param(
            {"bread.md": BREAD},
            "When baking bread, how long do I knead the dough?",
            "high",
            "10 minutes",
            id="a-when-clause-opening-another-question",
        ),
        pytest.param(
            {"bread.md": BREAD},
            "When do I knead the bread dough?",
            "not high",
            "",
            id="a-duration-is-no-when",
        ),
        pytest.param(
            {"backup.md": BACKUP},
            "When does the nightly backup run?",
            "not high",
            "",
            id="the-questions-own-recurrence-says-no-time",
        ),
        pytest.param(
            {"market.md": MARKET},
            "When is the farmers' market open?",
            "not high",
            "",
            id="a-negated-recurrence-says-when-it-is-not",
        ),
        pytest.param(
            {"granola.md": GRANOLA},
            "When do the raisins go into the granola?",
            "high",
            "after baking",
            id="the-event-a-step-follows-answers-when-to-do-it",
        ),
        pytest.param(
            {"pipeline.md": PIPELINE},
            "When does the Harbor Point pilot end?",
            "not high",
            "",
            id="an-event-in-another-clause-is-not-the-asked-ones",
        ),
        pytest.param(
            {"git.md": SOCKET},
            "Where is the git credential cache socket?",
            "high",
            "~/.cache/git/credential/socket",
            id="a-path-answers-where",
        ),
        pytest.param(
            {"insurance.md": POLICY},
            "Where are the home insurance policy documents?",
            "high",
            "1Password",
            id="an-app-answers-where",
        ),
        pytest.param(
            {"release.md": TOKEN},
            "Where do I keep the PyPI upload token?",
            "high",
            "password manager",
            id="a-container-answers-where-a-thing-is-kept",
        ),
        pytest.param(
            {"release.md": TOKEN_NOT},
            "Where do I keep the PyPI upload token?",
            "not high",
            "",
            id="where-it-is-never-kept-is-no-answer",
        ),
        pytest.param(
            {"key.md": KEY_LOST},
            "Where is the spare key kept?",
            "not high",
            "",
            id="a-place-the-passage-says-it-does-not-know",
        ),
        pytest.param(
            {"franklin.md": FRANKLIN},
            "Where did Franklin work on viruses?",
            "not high",
            "",
            id="a-container-does-not-name-where-a-past-event-was",
        ),
        pytest.param(
            {"offices.md": OFFICES},
            "Where is the Bristol office?",
            "high",
            "41 Queen Square",
            id="an-address-answers-where",
        ),
        pytest.param(
            {"meeting.md": MEETING},
            "Where is the team meeting?",
            "not high",
            "",
            id="a-time-of-day-is-no-place",
        ),
        pytest.param(
            {"ruff.md": RUFF},
            "Where does the SIM rule prefix come from?",
            "high",
            "flake8-simplify",
            id="a-from-key-answers-where-it-comes-from",
        ),
        pytest.param(
            {"python.md": PYTHON},
            "What's my default Python version for new projects?",
            "high",
            "3.11",
            id="a-version-ending-its-sentence",
        ),
        pytest.param(
            {"python.md": PYTHON_NONE},
            "What's my default Python version for new projects?",
            "not high",
            "",
            id="no-version-written",
        ),
    ],
)
def test_when_and_where_answers(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

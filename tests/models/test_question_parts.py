"""Questions that ask for several things, through `query(model="offline")`: `high` only when
every part is answered ("Who founded X, and when?", "when and where", "X and Y each", "both
X and Y", "the price and the duration", two questions in one message, a comparison); one part
answered is medium, with the answer still given. "And" inside a name ("Procter and Gamble",
"Tom and Jerry", "R&D") asks one thing; a fixed pair ("terms and conditions") is split but
still earns high from the passage writing the pair."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.models.question_parts import question_parts
from swarm.wiki_query import query

SEND_SYNC = """# Send and Sync

The Send marker trait means that ownership of a value can be transferred between threads.

The Sync marker trait means that a value can be referenced from multiple threads at once.
"""
SYNC_ONLY = """# Sync

Any type T implements the Sync marker trait if a reference to T implements Send, meaning the
reference can be sent safely to another thread.
"""
FOUNDED = """# Tidewater Labs

Tidewater Labs was founded by Mara Lindqvist in 2019.
"""
FOUNDED_NO_DATE = """# Tidewater Labs

Tidewater Labs was founded by Mara Lindqvist, a water engineer.
"""
FESTIVAL = """# Harbour festival

The harbour festival is on 14 June 2026 at the old quay in Porto.
"""
FESTIVAL_NO_PLACE = """# Harbour festival

The harbour festival is on 14 June 2026, with music all day.
"""
COURSE = """# Courses

| Course | Price | Duration |
|---|---|---|
| Sourdough | €120 | 6 weeks |
| Pastry | €90 | 4 weeks |
"""
COURSE_NO_DURATION = """# Courses

| Course | Price | Teacher |
|---|---|---|
| Sourdough | €120 | Ana |
| Pastry | €90 | Luis |
"""
MESSENGER = """# The Russian Messenger

The Russian Messenger serialised Anna Karenina by Tolstoy and Crime and Punishment by
Dostoevsky.
"""
MESSENGER_ONE = """# The Russian Messenger

The Russian Messenger serialised Anna Karenina by Tolstoy.
"""
DOSTOEVSKY = """# Dostoevsky

Dostoevsky lived in Saint Petersburg for most of his life.
"""
BAKERY = """# Corner bakery

The corner bakery, run by Ana Ruiz, sells sourdough loaves and pastries.
"""
BAKERY_GOODS = """# Corner bakery

The corner bakery sells sourdough loaves and pastries, and runs a stall at the weekend market.
"""
TEACHER_PRICE = """# Courses

| Course | Teacher | Cost |
|---|---|---|
| Sourdough | Ana Ruiz | €120 |
"""
TEACHER_NO_PRICE = """# Courses

| Course | Teacher | Cost |
|---|---|---|
| Sourdough | Ana Ruiz | to be announced |
"""
BUILDS = """# Builds

The difference between a debug build and a release build is optimisation: a release build is
optimised and slower to compile.
"""
RELEASE_ONLY = """# Builds

The difference of a release build is optimisation: it is optimised and slower to compile.
"""
PROCTER = """# Procter and Gamble

Procter and Gamble was founded by William Procter and James Gamble in 1837.
"""
GYM = """# Gym

The gym membership terms and conditions are kept in the blue folder in the study.
"""
BUDGET = """# Budget 2025

R&D spending in 2025: $1.2M, mostly salaries.
"""
CARTOON = """# Tom and Jerry

Tom and Jerry was created by William Hanna and Joseph Barbera in 1940.
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"send-and-sync.md": SEND_SYNC},
            "What do the Send and Sync marker traits each mean?",
            "high",
            "transferred between threads",
            id="each-part-defined-earns-high",
        ),
        pytest.param(
            {"sync.md": SYNC_ONLY},
            "What do the Send and Sync marker traits each mean?",
            "medium",
            "Sync",
            id="each-with-one-defined-is-medium",
        ),
        pytest.param(
            {"send-and-sync.md": SEND_SYNC},
            "What are Send and Sync?",
            "high",
            "referenced from multiple threads",
            id="two-names-defined-earn-high",
        ),
        pytest.param(
            {"sync.md": SYNC_ONLY},
            "What are Send and Sync?",
            "medium",
            "Sync",
            id="two-names-one-defined-is-medium",
        ),
        pytest.param(
            {"send-and-sync.md": SEND_SYNC},
            "Send and Sync: what are they?",
            "high",
            "transferred between threads",
            id="names-then-what-are-they-earn-high",
        ),
        pytest.param(
            {"sync.md": SYNC_ONLY},
            "Send and Sync: what are they?",
            "medium",
            "Sync",
            id="names-then-what-are-they-one-defined-is-medium",
        ),
        pytest.param(
            {"builds.md": BUILDS},
            "Debug build vs release build: what's the difference?",
            "high",
            "debug build",
            id="versus-stating-both-earns-high",
        ),
        pytest.param(
            {"builds.md": RELEASE_ONLY},
            "Debug build vs release build: what's the difference?",
            "not high",
            "release build",
            id="versus-stating-one-is-not-high",
        ),
        pytest.param(
            {"tidewater.md": FOUNDED},
            "Who founded Tidewater Labs, and when?",
            "high",
            "2019",
            id="who-and-when-answered-earns-high",
        ),
        pytest.param(
            {"tidewater.md": FOUNDED_NO_DATE},
            "Who founded Tidewater Labs, and when?",
            "medium",
            "Mara Lindqvist",
            id="who-without-when-is-medium",
        ),
        pytest.param(
            {"festival.md": FESTIVAL},
            "When and where is the harbour festival?",
            "high",
            "Porto",
            id="when-and-where-answered-earns-high",
        ),
        pytest.param(
            {"festival.md": FESTIVAL_NO_PLACE},
            "When and where is the harbour festival?",
            "not high",
            "14 June",
            id="when-without-where-is-not-high",
        ),
        pytest.param(
            {"course.md": COURSE},
            "What are the price and the duration of the sourdough course?",
            "high",
            "6 weeks",
            id="listed-items-answered-earn-high",
        ),
        pytest.param(
            {"course.md": COURSE_NO_DURATION},
            "What are the price and the duration of the sourdough course?",
            "not high",
            "€120",
            id="listed-items-one-answered-is-not-high",
        ),
        pytest.param(
            {"messenger.md": MESSENGER},
            "Which journal serialised both Tolstoy and Dostoevsky?",
            "high",
            "Russian Messenger",
            id="both-conditions-stated-earn-high",
        ),
        pytest.param(
            {"messenger.md": MESSENGER_ONE, "dostoevsky.md": DOSTOEVSKY},
            "Which journal serialised both Tolstoy and Dostoevsky?",
            "not high",
            "Russian Messenger",
            id="both-with-one-stated-is-not-high",
        ),
        pytest.param(
            {"bakery.md": BAKERY},
            "What does the corner bakery sell? Who runs it?",
            "high",
            "Ana Ruiz",
            id="two-questions-answered-earn-high",
        ),
        pytest.param(
            {"bakery.md": BAKERY_GOODS},
            "What does the corner bakery sell? Who runs it?",
            "medium",
            "sourdough loaves",
            id="two-questions-one-answered-is-medium",
        ),
        pytest.param(
            {"courses.md": TEACHER_PRICE},
            "Who teaches the sourdough course and what does it cost?",
            "high",
            "€120",
            id="who-and-what-cost-answered-earn-high",
        ),
        pytest.param(
            {"courses.md": TEACHER_NO_PRICE},
            "Who teaches the sourdough course and what does it cost?",
            "medium",
            "Ana Ruiz",
            id="who-without-the-cost-is-medium",
        ),
        pytest.param(
            {"builds.md": BUILDS},
            "What's the difference between a debug build and a release build?",
            "high",
            "debug build",
            id="comparison-stating-both-earns-high",
        ),
        pytest.param(
            {"builds.md": RELEASE_ONLY},
            "What's the difference between a debug build and a release build?",
            "not high",
            "release build",
            id="comparison-stating-one-is-not-high",
        ),
        pytest.param(
            {"procter.md": PROCTER},
            "Who founded Procter and Gamble?",
            "high",
            "William Procter",
            id="and-inside-a-company-name-asks-one-thing",
        ),
        pytest.param(
            {"cartoon.md": CARTOON},
            "Who created Tom and Jerry?",
            "high",
            "William Hanna",
            id="and-inside-a-title-asks-one-thing",
        ),
        pytest.param(
            {"gym.md": GYM},
            "Where are the terms and conditions of the gym membership kept?",
            "high",
            "blue folder",
            id="a-fixed-pair-written-as-a-pair-earns-high",
        ),
        pytest.param(
            {"budget.md": BUDGET},
            "How much was R&D spending in 2025?",
            "high",
            "$1.2M",
            id="an-ampersand-abbreviation-asks-one-thing",
        ),
    ],
)
def test_several_parts(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    result = query(question, wiki_dir=page_wiki(tmp_path, pages), model="offline")
    assert_level(result, confidence, must_hold)


@pytest.mark.parametrize(
    "question",
    [
        "Who founded Procter and Gamble?",
        "Who created Tom and Jerry?",
        "How much did R&D cost last year?",
        "What was Pride and Prejudice called in draft?",
        "Who holds the pager on Saturdays and Sundays?",
        "When copying, how do I make sure cp never overwrites a file?",
        "Who wrote The Lion and the Mouse?",
        "How soon after signing should a new utility be up and running?",
        "Should my library panic or return a Result?",
        "What is Tom and Jerry about?",
        "What do Procter and Gamble sell?",
        "Who built the Aswan dam, which ended the annual flood?",
        "What are the latest changes to the EPA Lead and Copper Rule?",
    ],
)
def test_one_thing_asked_has_no_parts(question: str) -> None:
    assert not question_parts(question)


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "Who released doctest to the public domain, and when?",
            [
                "Who released doctest to the public domain",
                "when released doctest to the public domain",
            ],
        ),
        ("When do you use 은 and when 는?", ["When do you use 은", "when do you use 는"]),
        (
            "What are the email address and phone number of Jonas?",
            ["What are the email address of Jonas", "What are the phone number of Jonas"],
        ),
        (
            "What are our monthly instalments for electricity and for gas?",
            [
                "What are our monthly instalments for electricity",
                "What are our monthly instalments for gas",
            ],
        ),
        (
            "uvicorn defaults to one port, but which one did I move the server to and why?",
            ["which one did I move the server to", "why did I move the server to"],
        ),
    ],
)
def test_parts_are_questions_of_their_own(question: str, parts: list[str]) -> None:
    assert [part.question for part in question_parts(question).parts] == parts


COURSE_LINES = """# Sourdough course

Price: €120. Duration: 6 weeks, one evening a week.
"""
BAKERY_LINES = """# Corner bakery

Ana Ruiz runs the corner bakery. The corner bakery opens at 07:00 every day.
"""
BAKERY_OTHER = """# Bakeries

Ana Ruiz runs the corner bakery. Her brother's bakery opens at 06:00 every day.
"""
TWO_JOURNALS = """# Journals

The Russian Messenger serialised the novels of Tolstoy. The Northern Herald serialised the
novels of Dostoevsky.
"""
BAKERY_SEASONS = """# Corner bakery

Ana Ruiz runs the corner bakery. The corner bakery opening hours change with the seasons.
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"course.md": COURSE_LINES},
            "What are the price and the duration of the sourdough course?",
            "high",
            "6 weeks",
            id="each-listed-item-on-its-own-line-earns-high",
        ),
        pytest.param(
            {"bakery.md": BAKERY_LINES},
            "Who runs the corner bakery, and when does it open?",
            "high",
            "07:00",
            id="each-clause-answered-by-its-own-sentence-earns-high",
        ),
        pytest.param(
            {"bakery.md": BAKERY_SEASONS},
            "Who runs the corner bakery, and when does it open?",
            "medium",
            "Ana Ruiz",
            id="a-neighbour-sharing-the-words-without-the-time-is-medium",
        ),
        pytest.param(
            {"bakeries.md": BAKERY_OTHER},
            "Who runs the corner bakery, and when does it open?",
            "medium",
            "Ana Ruiz",
            id="it-answered-about-another-bakery-is-medium",
        ),
        pytest.param(
            {"journals.md": TWO_JOURNALS},
            "Which journal serialised both Tolstoy and Dostoevsky?",
            "medium",
            "Russian Messenger",
            id="both-answered-by-two-journals-is-medium",
        ),
    ],
)
def test_parts_answered_by_neighbouring_sentences(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    result = query(question, wiki_dir=page_wiki(tmp_path, pages), model="offline")
    assert_level(result, confidence, must_hold)


MOONS = """# Moons

Ganymede and Titan are the two moons bigger than the planet Mercury.
"""
MOON_ONE = """# Moons

Ganymede is one of the two moons bigger than the planet Mercury.
"""


@pytest.mark.parametrize(
    ("pages", "confidence", "must_hold"),
    [
        pytest.param({"moons.md": MOONS}, "high", "Titan", id="two-named-earn-high"),
        pytest.param({"moons.md": MOON_ONE}, "medium", "Ganymede", id="one-named-is-medium"),
    ],
)
def test_which_two(tmp_path: Path, pages: dict[str, str], confidence: str, must_hold: str) -> None:
    question = "Which two moons are bigger than the planet Mercury?"
    result = query(question, wiki_dir=page_wiki(tmp_path, pages), model="offline")
    assert_level(result, confidence, must_hold)

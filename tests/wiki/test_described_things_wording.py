"""Time-sensitivity by wording, where the time word describes the thing asked about rather than
asking about now: a relative clause ("tasks that are still waiting"), a deadline ("at the
latest"), a how-to framed by its tool ("In SQLite, how do I ..."), an event the question puts
in the past ("did he post his announcement"), the costs a claim is for ("reimburse for
family-building costs"), a case the asker tells ("I want to keep the latest copy."). Each
beside the near case that still asks about the present or a price; and a funding round
named by its closing, which does."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki.freshness import detect_time_sensitive
from swarm.wiki_query import query

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        pytest.param(
            "Which filter hides tasks that are still waiting on another task?",
            False,
            id="relative-clause-still",
        ),
        pytest.param(
            "What is the oldest international organisation that still exists?",
            False,
            id="relative-clause-exists",
        ),
        pytest.param(
            "What do I write for the version of a feature that isn't released yet?",
            False,
            id="relative-clause-released",
        ),
        pytest.param(
            "docker-compose prints a message that Compose is now part of the CLI. What do I type?",
            False,
            id="message-that-now",
        ),
        pytest.param("Which clients are still on the old plan?", True, id="main-clause-still"),
        pytest.param("Is it true that the shop is still open?", True, id="true-that-still"),
        pytest.param("Tell me that the office is open now.", True, id="tell-me-that-now"),
        pytest.param("By what date at the latest must I file it?", False, id="at-the-latest"),
        pytest.param("What is the latest version?", True, id="the-latest"),
        pytest.param(
            "In SQLite, how do I fill a column with the current time?", False, id="framed-how-to"
        ),
        pytest.param("What is the current time in Tokyo?", True, id="current-time-asked"),
        pytest.param(
            "What filter finds tasks due within the next week?", False, id="filter-how-to"
        ),
        pytest.param("What is due next week?", True, id="next-week-asked"),
        pytest.param(
            "Which newsgroup did Linus post his kernel announcement to?", False, id="did-post-his"
        ),
        pytest.param("Did they release version 2 yet?", True, id="did-release-yet"),
        pytest.param("What is in the new release?", True, id="the-new-release"),
        pytest.param(
            "For a release with only bug fixes, which part of the version goes up?",
            False,
            id="a-release-with",
        ),
        pytest.param("What changes in every release?", False, id="every-release"),
        pytest.param("Is a new release out?", True, id="a-new-release"),
        pytest.param(
            "What's the most the company will reimburse for family-building costs?",
            False,
            id="reimbursed-costs",
        ),
        pytest.param("What does a family-building treatment cost?", True, id="what-does-it-cost"),
        pytest.param(
            "How much will the company reimburse me for moving costs?",
            True,
            id="how-much-reimbursed",
        ),
        pytest.param("What round had Cinder closed by mid-2025?", True, id="round-closed"),
        pytest.param("How many rounds of interviews are there?", False, id="interview-rounds"),
        pytest.param(
            "I only want to keep the latest copy. Which feature do I use?",
            False,
            id="told-case-want-to-do",
        ),
        pytest.param("I want the latest figures. Where are they?", True, id="wants-to-know"),
        pytest.param("健康診断の費用は何で請求すればいいですか？", False, id="ja-claimed-cost"),
        pytest.param("健康診断の費用はいくらですか？", True, id="ja-cost-asked"),
    ],
)
def test_time_words_that_describe_the_thing_asked(question: str, expected: bool) -> None:
    assert detect_time_sensitive(question, now=NOW) is expected


def dated(body: str) -> str:
    """A page updated ten days before `NOW` (fresh), holding `body`."""
    return f"---\nupdated: 2026-11-20\n---\n{body}"


# (the page, a question whose time word describes what it asks about, what its answer holds,
# the near question that asks about now or a price)
DESCRIBED_AND_ASKED = [
    pytest.param(
        "# Blocked tasks\n\n"
        "The filter `is not blocked` hides the tasks that wait on another unfinished task.\n",
        "Which filter hides the tasks that are still waiting on another unfinished task?",
        "is not blocked",
        "Does the filter still hide the tasks that wait on another unfinished task?",
        id="relative-clause",
    ),
    pytest.param(
        "# Latin alphabet\n\n"
        "Latin had no sound for Z after 300 BC; the letter came back for Greek words.\n",
        "After what date at the latest did Latin have no sound for Z?",
        "300 BC",
        "What is the latest sound Latin lost?",
        id="at-the-latest",
    ),
    pytest.param(
        "# Linux kernel\n\n"
        "Linus Torvalds posted his hobby kernel announcement to the comp.os.minix newsgroup.\n",
        "Which newsgroup did Linus Torvalds post his hobby kernel announcement to?",
        "comp.os.minix",
        "Which newsgroup carries the kernel announcement?",
        id="past-tense-event",
    ),
    pytest.param(
        "# Family support\n\n"
        "The company reimburses family-building costs such as IVF up to $25,000 per lifetime.\n",
        "What's the most the company will reimburse for IVF or other family-building costs?",
        "$25,000",
        "What do IVF family-building costs run to?",
        id="costs-reimbursed",
    ),
    pytest.param(
        "# sqlite\n\n- Fill a timestamp column with the current time by default:\n\n"
        "`created TEXT DEFAULT CURRENT_TIMESTAMP`\n",
        "In SQLite, how do I fill a timestamp column with the current time by default?",
        "CURRENT_TIMESTAMP",
        "In SQLite, what is the current default timestamp?",
        id="how-to-framed-by-its-tool",
    ),
]


@pytest.mark.parametrize(("page", "described", "must_hold", "asked_now"), DESCRIBED_AND_ASKED)
def test_a_time_word_describing_the_thing_asked_is_answered_from_the_wiki(
    tmp_path: Path, page: str, described: str, must_hold: str, asked_now: str
) -> None:
    wiki = page_wiki(tmp_path, {"page.md": dated(page)})

    answered = query(described, model="offline", wiki_dir=wiki, now=NOW)
    near = query(asked_now, model="offline", wiki_dir=wiki, now=NOW)

    assert answered.time_sensitive is False and must_hold in answered.answer
    assert near.time_sensitive is True and near.go_external is True


CINDER = dated("# Cinder AI\n\nCinder AI closed a Series A of €12M in March 2025.\n")


def test_a_round_named_by_its_closing_is_funding(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"cinder.md": CINDER})

    funding = query(
        "What round had Cinder AI closed by mid-2025?", model="offline", wiki_dir=wiki, now=NOW
    )
    other = query(
        "How many rounds of review did Cinder AI run?", model="offline", wiki_dir=wiki, now=NOW
    )

    assert funding.time_sensitive is True and funding.go_external is True
    assert other.time_sensitive is False

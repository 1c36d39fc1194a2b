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


TASKS = """---
updated: 2026-11-20
---
# Blocked tasks

The filter `is not blocked` hides the tasks that wait on another unfinished task.
"""


def test_a_relative_clause_still_is_answered_from_the_wiki(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"blocked.md": TASKS})

    described = query(
        "Which filter hides the tasks that are still waiting on another unfinished task?",
        model="offline",
        wiki_dir=wiki,
        now=NOW,
    )
    asked_now = query(
        "Does the filter still hide the tasks that wait on another unfinished task?",
        model="offline",
        wiki_dir=wiki,
        now=NOW,
    )

    assert described.time_sensitive is False
    assert "is not blocked" in described.answer
    assert asked_now.time_sensitive is True and asked_now.go_external is True


LATIN = """---
updated: 2026-11-20
---
# Latin alphabet

Latin had no sound for Z after 300 BC; the letter came back for Greek words.
"""


def test_at_the_latest_is_a_deadline_not_the_latest(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"latin.md": LATIN})

    deadline = query(
        "After what date at the latest did Latin have no sound for Z?",
        model="offline",
        wiki_dir=wiki,
        now=NOW,
    )
    latest = query("What is the latest sound Latin lost?", model="offline", wiki_dir=wiki, now=NOW)

    assert deadline.time_sensitive is False
    assert "300 BC" in deadline.answer
    assert latest.time_sensitive is True and latest.go_external is True


LINUX = """---
updated: 2026-11-20
---
# Linux kernel

Linus Torvalds posted his hobby kernel announcement to the comp.os.minix newsgroup.
"""


def test_an_event_asked_in_the_past_tense_is_history(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"linux.md": LINUX})

    past = query(
        "Which newsgroup did Linus Torvalds post his hobby kernel announcement to?",
        model="offline",
        wiki_dir=wiki,
        now=NOW,
    )
    news = query(
        "Which newsgroup carries the kernel announcement?", model="offline", wiki_dir=wiki, now=NOW
    )

    assert past.time_sensitive is False
    assert "comp.os.minix" in past.answer
    assert news.time_sensitive is True and news.go_external is True


FAMILY = """---
updated: 2026-11-20
---
# Family support

The company reimburses family-building costs such as IVF up to $25,000 per lifetime.
"""


def test_the_costs_a_reimbursement_is_for_are_no_price(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"family.md": FAMILY})

    claimed = query(
        "What's the most the company will reimburse for IVF or other family-building costs?",
        model="offline",
        wiki_dir=wiki,
        now=NOW,
    )
    priced = query(
        "What do IVF family-building costs run to?", model="offline", wiki_dir=wiki, now=NOW
    )

    assert claimed.time_sensitive is False
    assert "$25,000" in claimed.answer
    assert priced.time_sensitive is True and priced.go_external is True


SQLITE = """---
updated: 2026-11-20
---
# sqlite

- Fill a timestamp column with the current time by default:

`created TEXT DEFAULT CURRENT_TIMESTAMP`
"""


def test_a_how_to_framed_by_its_tool_is_a_how_to(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"sqlite.md": SQLITE})

    framed = query(
        "In SQLite, how do I fill a timestamp column with the current time by default?",
        model="offline",
        wiki_dir=wiki,
        now=NOW,
    )
    asked_now = query(
        "In SQLite, what is the current default timestamp?", model="offline", wiki_dir=wiki, now=NOW
    )

    assert framed.time_sensitive is False
    assert "CURRENT_TIMESTAMP" in framed.answer
    assert asked_now.time_sensitive is True and asked_now.go_external is True


CINDER = """---
updated: 2026-11-20
---
# Cinder AI

Cinder AI closed a Series A of €12M in March 2025.
"""


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

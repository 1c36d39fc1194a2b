"""Time-sensitivity by wording, through `query(model="offline")`: "at the moment", "these
days", "presently", "at present", "as things stand" ask for the present like "now"; a place
named by its present borders ("most of today's Indonesia", "present-day Iraq", "what is now
Turkey") does not, unless it qualifies a noun ("today's Premier League results") or owns one
("what is now Turkey's capital"); "in today's Daily Note" asks about today."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

SAUDI = """# Saudi Arabia

Chief of state: King Salman bin Abd al-Aziz Al Saud (since 23 January 2015).

The Majapahit empire of Java once ruled most of today's Indonesia and Malaysia.
"""


@pytest.mark.parametrize(
    ("question", "time_sensitive"),
    [
        pytest.param("Who is the Saudi king at the moment?", True, id="at-the-moment"),
        pytest.param("Who rules Saudi Arabia these days?", True, id="these-days"),
        pytest.param("Who is presently the Saudi king?", True, id="presently"),
        pytest.param("Who is the Saudi king at present?", True, id="at-present"),
        pytest.param("Who is king, as things stand?", True, id="as-things-stand"),
        pytest.param(
            "Which empire ruled most of today's Indonesia and Malaysia?",
            False,
            id="today-s-place",
        ),
        pytest.param("Who ruled present-day Saudi Arabia in 1800?", False, id="present-day"),
        pytest.param("Which city in what is now Turkey was Byzantium?", False, id="what-is-now"),
        pytest.param("What were today's Premier League results?", True, id="today-s-name-noun"),
        pytest.param("What is now Turkey's capital?", True, id="now-possessive"),
        pytest.param("What is today's date?", True, id="today-s-noun"),
        pytest.param("What did I log in today's Daily Note?", True, id="in-today-s-title"),
        pytest.param("Who ruled across today's Iran and Iraq?", False, id="across-today-s"),
    ],
)
def test_present_wording(tmp_path: Path, question: str, time_sensitive: bool) -> None:
    wiki = page_wiki(tmp_path, {"saudi-arabia.md": SAUDI})

    result = query(question, model="offline", wiki_dir=wiki)

    assert result.time_sensitive is time_sensitive, result.answer
    assert result.error is None


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        pytest.param("Who is presently the Saudi king?", "high", "Salman", id="presently"),
        pytest.param("Who is the Saudi king at present?", "high", "Salman", id="at-present"),
        pytest.param("Who is currently the Saudi king?", "high", "Salman", id="currently"),
        pytest.param("Who is presently the Saudi crown prince?", "not high", "", id="not-stated"),
    ],
)
def test_present_wording_asks_no_word_of_the_page(
    tmp_path: Path, question: str, confidence: str, must_hold: str
) -> None:
    """The words asking for the present are no words a passage must state."""
    wiki = page_wiki(tmp_path, {"saudi-arabia.md": SAUDI})

    result = query(question, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)
    assert result.time_sensitive is True

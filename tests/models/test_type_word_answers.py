"""A "which X" question is answered high only by a passage naming an X or saying "X": the
question's other words alone, restated, are not its answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

FIXTURES = Path(__file__).resolve().parents[2] / "wiki_fixtures"

NAMED = "The eprintln! macro prints an error message to stderr instead of stdout.\n"
INSURER = "The van is insured by Harbor Mutual; the policy renews every March.\n"


@pytest.mark.parametrize(
    ("page", "question", "confidence", "must_hold"),
    [
        pytest.param(
            NAMED,
            "Which macro prints an error message to stderr instead of stdout?",
            "high",
            "eprintln!",
            id="the-word-and-its-instance",
        ),
        pytest.param(
            INSURER, "Which company insures the van?", "high", "Harbor Mutual", id="instance"
        ),
    ],
)
def test_which_x_needs_an_x(
    tmp_path: Path, page: str, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"notes.md": "# Notes\n\n" + page})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)


@pytest.mark.parametrize(
    ("wiki", "question"),
    [
        # the page says what the program does with stderr; it names no macro
        ("rustbook", "Which macro prints an error message to stderr instead of stdout?"),
        # "the project in Chapter 21 will use...": a part of the book is no crate's name
        ("rustbook", "Which crate does the book have you use for its async examples?"),
        # the option's description; no package is named
        ("devnotes", "For which packages does mypy ignore missing imports?"),
    ],
)
def test_the_questions_other_words_restated_are_not_high(wiki: str, question: str) -> None:
    result = query(question, wiki_dir=FIXTURES / wiki, model="offline")
    assert result.confidence != "high", result.answer

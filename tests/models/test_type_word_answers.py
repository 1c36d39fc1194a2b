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


OZONE = (
    "In 1985 scientists of the British Antarctic Survey, Joseph Farman, Brian Gardiner and "
    "Jonathan Shanklin, reported the seasonal thinning of the ozone layer over Antarctica.\n"
)


@pytest.mark.parametrize(
    ("page", "question", "confidence"),
    [
        pytest.param(
            OZONE,
            "Which scientists reported the thinning of the ozone layer over Antarctica?",
            "high",
            id="plural-and-the-stated-verb",
        ),
        # after a plural type noun comes the verb, and the page does not say "study"
        pytest.param(
            OZONE,
            "Which scientists study the thinning of the ozone layer over Antarctica?",
            "not high",
            id="plural-and-another-verb",
        ),
        pytest.param(
            "Countries that border Chile: Peru, Bolivia and Argentina.\n",
            "Which countries border Chile?",
            "high",
            id="plural-verb-stated",
        ),
        # "border" is the verb the page must state, not part of the type "countries border"
        pytest.param(
            "Chile trades most with China, the United States and Brazil.\n",
            "Which countries border Chile?",
            "not high",
            id="plural-verb-missing",
        ),
    ],
)
def test_the_verb_after_a_which_x_is_stated_not_read_as_part_of_x(
    tmp_path: Path, page: str, question: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {"notes.md": "# Notes\n\n" + page})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, "")


TOMATOES = (
    "- variety: Phantasia F1; type: salad, blight-resistant; verdict: survived the wet July\n"
)


@pytest.mark.parametrize(
    ("question", "confidence"),
    [
        pytest.param("Which tomato variety resists blight?", "high", id="the-kind-stated"),
        # "variety" names the answer's type; "pepper" says which varieties, and no page does
        pytest.param("Which pepper variety resists blight?", "not high", id="another-kind"),
    ],
)
def test_a_word_qualifying_the_asked_type_is_stated(
    tmp_path: Path, question: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {"garden/tomatoes.md": "# Tomatoes\n\n" + TOMATOES})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, "")

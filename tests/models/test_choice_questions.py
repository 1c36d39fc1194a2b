"""A question asking which of two options to take ("single or double quotes?") is answered
high only by a passage that states the choice, through the public door (the offline backend
on a tiny wiki); an ordinary "or" keeps the level it had."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

QUOTES_QUESTION = "Should I use single or double quotes for strings in Ruby?"


@pytest.mark.parametrize(
    ("question", "page", "confidence", "must_hold"),
    [
        # The choice stated: one option is what the passage uses, over the other.
        (
            QUOTES_QUESTION,
            "- Use single quotes over double quotes for Ruby strings.\n- Indent with two spaces.\n",
            "high",
            "single quotes",
        ),
        # An option only mentioned inside another rule: every word is there, no choice.
        (
            QUOTES_QUESTION,
            "- Use `%()` for single-line Ruby strings containing double quotes that require"
            " interpolation.\n- Use heredocs for multi-line strings.\n",
            "not high",
            "",
        ),
        # Both options offered by the passage itself: no choice either.
        (
            QUOTES_QUESTION,
            "- Use single or double quotes for Ruby strings.\n- Indent with two spaces.\n",
            "not high",
            "",
        ),
        # A verbless choice question, an option avoided with the other named.
        (
            "Tabs or spaces for indentation in Python files?",
            "- Avoid tabs for indentation in Python files; use spaces.\n",
            "high",
            "tabs",
        ),
        # Both options named in another task (converting), neither chosen.
        (
            "Tabs or spaces for indentation in Python files?",
            "- Convert tabs to spaces for indentation in Python files with `expand`.\n",
            "not high",
            "",
        ),
    ],
)
def test_a_choice_question_needs_the_choice_stated(
    tmp_path: Path, question: str, page: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"style.md": "# Style\n\n" + page})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)


@pytest.mark.parametrize(
    ("question", "page", "must_hold"),
    [
        # "or later" offers no options to choose from.
        (
            "Does the tool support Python 3.11 or later?",
            "The tool supports Python 3.11 or later on Linux and macOS.\n",
            "3.11",
        ),
        # A wh-question's "or" joins two verbs: it asks who, not which.
        (
            "Who wrote or edited the style guide?",
            "The style guide was written by Ana Ruiz and edited by Tom Berg.\n",
            "Ana Ruiz",
        ),
        # "or" inside a quoted name.
        (
            'Who recorded "Now or Never"?',
            '"Now or Never" was recorded by Elvis Presley in 1960.\n',
            "Elvis Presley",
        ),
    ],
)
def test_an_ordinary_or_keeps_its_high(
    tmp_path: Path, question: str, page: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"page.md": "# Notes\n\n" + page})
    assert_level(query(question, wiki_dir=wiki, model="offline"), "high", must_hold)

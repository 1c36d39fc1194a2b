"""A tutorial's example, through `query(model="offline")`: a "which X" question's type word is
let off only by a name written in the prose (the identifiers and comments of the code block
after a lead-in, "# Ignore temporary files", `GlobSpec`, name no package, person or place),
and a sentence setting up an invented example ("Say you have a Projects directory...",
"Suppose that...") is no fact about the wiki's own things, unless the question supposes too.
Either way an example that shares the question's words is no answer at high."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

EXAMPLE = """# globmatch

Utility library for glob pattern matching of file paths.

Say you have a "Projects" directory and you want to back it up, but only certain files, and
ignore others depending on certain conditions::

    >>> from globmatch import GlobSpec
    >>> # Include several project directories relative to the current directory.
    >>> # Ignore temporary files ending with "~".
    >>> spec = GlobSpec.from_lines(["/project-a/", "!*~"])
"""
DEPENDENCIES = """# Dependencies

The project depends on Django and Celery, pinned in requirements.txt:

    pip install django celery
"""
LAMPS = """# Lamps

Suppose the hall lamp flickers: check the bulb first, then the switch.
"""


@pytest.mark.parametrize(
    ("pages", "confidence", "must_hold"),
    [
        pytest.param(
            {"dependencies.md": DEPENDENCIES},
            "high",
            "Django and Celery",
            id="names-in-the-lead-in-earn-high",
        ),
        pytest.param(
            {"globmatch.md": EXAMPLE},
            "not high",
            "Projects",
            id="names-only-in-the-example-code-are-not-high",
        ),
    ],
)
def test_which_packages(
    tmp_path: Path, pages: dict[str, str], confidence: str, must_hold: str
) -> None:
    question = "Which packages does the project depend on?"
    result = query(question, wiki_dir=page_wiki(tmp_path, pages), model="offline")
    assert_level(result, confidence, must_hold)


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"dependencies.md": DEPENDENCIES},
            "What does the project depend on?",
            "high",
            "Django and Celery",
            id="a-statement-earns-high",
        ),
        pytest.param(
            {"globmatch.md": EXAMPLE},
            "What does the project depend on?",
            "not high",
            "Projects",
            id="an-invented-example-is-not-high",
        ),
        pytest.param(
            {"lamps.md": LAMPS},
            "Suppose the hall lamp flickers: what do I check first?",
            "high",
            "the bulb",
            id="a-question-supposing-too-is-answered-by-a-supposition",
        ),
    ],
)
def test_invented_examples(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    result = query(question, wiki_dir=page_wiki(tmp_path, pages), model="offline")
    assert_level(result, confidence, must_hold)

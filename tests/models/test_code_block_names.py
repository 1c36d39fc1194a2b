"""Names in a code block, through `query(model="offline")`: a "which X" question's type word
is let off only by a name written in the prose. The identifiers and comments of the code
block after a lead-in ("# Ignore temporary files", `GlobSpec`) name no package, person or
place, so a tutorial's example that shares the question's words is no answer at high."""

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

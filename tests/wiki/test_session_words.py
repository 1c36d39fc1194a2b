"""Time-sensitivity by wording: "current" naming where a session is at (the current directory,
branch, user) and "minutes from now" ask nothing about the present moment; "the current
version", "the current price" and "now" still do."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki.freshness import detect_time_sensitive
from swarm.wiki_query import query


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        pytest.param(
            "How can I quickly serve the current folder over HTTP with Python 3?",
            False,
            id="current-folder",
        ),
        pytest.param(
            "How do I find the 20 biggest files under the current working directory?",
            False,
            id="current-working-directory",
        ),
        pytest.param("How do I rename the current git branch?", False, id="current-git-branch"),
        pytest.param("Which groups is the current user in?", False, id="current-user"),
        pytest.param(
            "How do I unpack a tar file into a different folder instead of the current one?",
            False,
            id="the-current-one-is-the-folder",
        ),
        pytest.param(
            "How do I give shutdown a clock time instead of minutes from now?",
            False,
            id="minutes-from-now",
        ),
        pytest.param("What is the current version of kubectl?", True, id="current-version"),
        pytest.param("What is the current one?", True, id="current-one-alone"),
        pytest.param("Which branch is deployed now?", True, id="now"),
        pytest.param("What is the current price per seat?", True, id="current-price"),
        pytest.param("Who is the current maintainer?", True, id="current-maintainer"),
    ],
)
def test_current_as_a_place_in_a_session(question: str, expected: bool) -> None:
    assert detect_time_sensitive(question) is expected


SHELL = """# python

- Serve the current folder over HTTP on port 8000:

`python3 -m http.server 8000`
"""


def test_a_current_folder_question_is_answered_from_the_wiki(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"python.md": SHELL})

    result = query(
        "How do I serve the current folder over HTTP with python?", model="offline", wiki_dir=wiki
    )
    asked_now = query("What is the current version of python?", model="offline", wiki_dir=wiki)

    assert result.time_sensitive is False
    assert (result.confidence, result.go_external) == ("high", False)
    assert "python3 -m http.server 8000" in result.answer
    assert asked_now.time_sensitive is True and asked_now.go_external is True

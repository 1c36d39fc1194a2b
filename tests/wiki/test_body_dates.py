"""Dates a page states in its text ("Last updated: April 29, 2022", "_Last updated
2021-01-05_", "Page last reviewed: ... Next review due: ...") date the page like its
frontmatter does, through `query`: an old stated date makes the answer stale, a recent one
does not, a newer frontmatter date wins, prose mentioning an update is no date line, and a
template's placeholder is no date."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki_query import query

NOW = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC)
BODY = "Reimburse a home-office chair up to 300 euros once every three years."


def _wiki(tmp_path: Path, text: str) -> Path:
    wiki = page_wiki(tmp_path, {"office-chair.md": text})
    old = dt.datetime(2020, 1, 1, tzinfo=dt.UTC).timestamp()  # the file's age says nothing
    os.utime(wiki / "office-chair.md", (old, old))
    return wiki


@pytest.mark.parametrize(
    ("text", "stale"),
    [
        pytest.param(f"# Office chair\n\nLast updated: April 29, 2022\n\n{BODY}\n", True, id="old"),
        pytest.param(
            f"# Office chair\n\n**Last Updated Date**: Nov 20, 2026\n\n{BODY}\n", False, id="recent"
        ),
        pytest.param(f"# Office chair\n\n{BODY}\n\n_Last updated 2021-01-05_\n", True, id="emph"),
        pytest.param(
            f"# Office chair\n\n{BODY}\n\nPage last reviewed: 20 November 2026\n"
            "Next review due: 1 March 2026\n",
            True,
            id="review-due-passed",
        ),
        pytest.param(
            f"# Office chair\n\n{BODY}\n\nPage last reviewed: 3 March 2024\n"
            "Next review due: 3 March 2027\n",
            False,
            id="review-due-ahead",
        ),
        pytest.param(
            f"---\nlast_updated: 2026-11-02\n---\n# Office chair\n\nLast updated: April 29, 2022"
            f"\n\n{BODY}\n",
            False,
            id="newer-frontmatter-wins",
        ),
        pytest.param(
            f"# Office chair\n\nThe allowance was last updated in 2019 by Finance.\n\n{BODY}\n",
            False,
            id="prose-is-no-date-line",
        ),
        pytest.param(
            f"# Office chair\n\n{BODY}\n\n**Last Updated:** [YYYY-MM-DD HH:MM UTC]\n",
            False,
            id="template-placeholder",
        ),
        pytest.param(
            f"# Office chair\n\nUpdated the docs for March 2022.\n\n{BODY}\n",
            False,
            id="a-sentence",
        ),
        pytest.param(
            f"# Office chair\n\n{BODY}\n\n> Quoting the vendor's spec:\n>\n>"
            "         Last modified: 2022-07-13 21:00+0300\n",
            False,
            id="quoted-code-is-another-document",
        ),
        pytest.param(
            f"# Office chair\n\n{BODY}\n\n```\nLast modified: 2022-07-13\n```\n",
            False,
            id="fenced-code",
        ),
    ],
)
def test_a_date_the_page_states(tmp_path: Path, text: str, stale: bool) -> None:
    wiki = _wiki(tmp_path, text)

    result = query(
        "How much can I get back for a home-office chair?",
        False,
        wiki_dir=wiki,
        model="offline",
        now=NOW,
    )

    assert "300 euros" in result.answer
    assert result.stale is stale
    assert result.go_external is (stale or result.confidence != "high")

"""A page filed in a folder of superseded copies (`_old/`, `Outdated/`, `deprecated/`) is
stale whatever its dates, through `query`; the same page elsewhere, or in `Archive/` (a true
record of its time), is not, and the page's own `outdated: false` wins."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki_query import query

NOW = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC)
PAGE = "# Corvid API\n\nRate limit on our agreement: 4,000 requests per minute for Corvid Large.\n"


@pytest.mark.parametrize(
    ("path", "frontmatter", "stale"),
    [
        pytest.param("Tooling/_old/corvid-api.md", "", True, id="underscore-old"),
        pytest.param("docs/Outdated/corvid-api.md", "", True, id="outdated-folder"),
        pytest.param(
            "deprecated/corvid-api.md",
            "---\nupdated: 2026-11-20\n---\n",
            True,
            id="deprecated-despite-date",
        ),
        pytest.param("Tooling/corvid-api.md", "", False, id="elsewhere"),
        pytest.param("Archive/corvid-api.md", "", False, id="archive-is-a-record"),
        pytest.param("Tooling/Gold/corvid-api.md", "", False, id="a-word-holding-old"),
        pytest.param(
            "Tooling/_old/corvid-api.md", "---\noutdated: false\n---\n", False, id="own-flag-wins"
        ),
    ],
)
def test_a_folder_of_superseded_copies(
    tmp_path: Path, path: str, frontmatter: str, stale: bool
) -> None:
    wiki = page_wiki(tmp_path, {path: frontmatter + PAGE})

    result = query(
        "What's our requests-per-minute limit on Corvid Large?",
        False,
        wiki_dir=wiki,
        model="offline",
        now=NOW,
    )

    assert "4,000 requests per minute" in result.answer
    assert result.stale is stale
    assert result.go_external is (stale or result.confidence != "high")

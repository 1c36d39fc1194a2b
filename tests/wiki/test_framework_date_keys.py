"""Page dates as documentation frameworks write them, through `query`: Docusaurus
`last_update: {date: ...}` and MkDocs Material `date: {created: ..., updated: ...}` hold the
date inside a mapping; Hugo's `expiryDate` and a policy page's `next_review` are the owner's
expiry, like `review_by`."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki_query import query

NOW = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC)
BODY = "# Backups\n\nNightly backups are kept for 35 days in the eu-west bucket.\n"


@pytest.mark.parametrize(
    ("frontmatter", "stale"),
    [
        pytest.param(
            "last_update:\n  date: 2024-02-01\n  author: ana\n", True, id="docusaurus-old"
        ),
        pytest.param(
            "last_update:\n  date: 2026-11-20\n  author: ana\n", False, id="docusaurus-new"
        ),
        pytest.param(
            "date:\n  created: 2023-01-05\n  updated: 2026-11-02\n", False, id="mkdocs-updated"
        ),
        pytest.param("date:\n  created: 2023-01-05\n", True, id="mkdocs-created-only"),
        pytest.param("date: 2026-11-20\nexpiryDate: 2026-06-30\n", True, id="hugo-expired"),
        pytest.param("date: 2024-01-01\nexpiryDate: 2027-06-30\n", False, id="hugo-not-yet"),
        pytest.param(
            "last_reviewed: 2026-11-01\nnext_review: 2026-10-01\n", True, id="next-review-passed"
        ),
        pytest.param("last_update:\n  author: ana\n", False, id="no-date-inside"),
    ],
)
def test_framework_date_keys(tmp_path: Path, frontmatter: str, stale: bool) -> None:
    wiki = page_wiki(tmp_path, {"backups.md": f"---\n{frontmatter}---\n{BODY}"})

    result = query(
        "How long are nightly backups kept?", False, wiki_dir=wiki, model="offline", now=NOW
    )

    assert "35 days" in result.answer
    assert result.stale is stale
    assert result.go_external is (stale or result.confidence != "high")

"""SWARM_STALE_FROM_MTIME: a page with no date is as old as its file, when asked for."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from swarm.wiki_query import query

NOW = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC)
OLD = dt.datetime(2024, 1, 15, tzinfo=dt.UTC).timestamp()


def _wiki(tmp_path: Path, frontmatter: str = "") -> Path:
    (tmp_path / "index.md").write_text("- [Rates](rates.md): consulting rates\n", "utf-8")
    page = tmp_path / "rates.md"
    page.write_text(f"{frontmatter}# Rates\n\nOur hourly consulting rate is 140 euros.\n", "utf-8")
    os.utime(page, (OLD, OLD))
    return tmp_path


@pytest.mark.parametrize(
    ("flag", "frontmatter", "stale"),
    [
        pytest.param(None, "", False, id="off-by-default-no-date-is-not-stale"),
        pytest.param("true", "", True, id="on-an-old-file-is-stale"),
        pytest.param("true", "---\nupdated: 2026-11-20\n---\n", False, id="frontmatter-wins"),
        pytest.param("true", "---\nreview_by: 2027-06-01\n---\n", False, id="review-by-wins"),
        pytest.param("false", "", False, id="explicitly-off"),
    ],
)
def test_stale_from_mtime(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: str | None, frontmatter: str, stale: bool
) -> None:
    if flag is not None:
        monkeypatch.setenv("SWARM_STALE_FROM_MTIME", flag)
    wiki = _wiki(tmp_path, frontmatter)
    result = query("What is our hourly consulting rate?", False, wiki_dir=wiki, now=NOW)
    assert "140 euros" in result.answer
    assert result.stale is stale
    assert result.go_external is (stale or result.confidence != "high")

"""An undated copy a note's editor or sync tool left beside it ("Faultline 1.md" next to
"🐞 Faultline.md", "Faultline copy.md", "Faultline (1).md") is out of date, through `query`:
its answer is stale and goes outside. A page named like a copy with no original beside it
("Chapter 1.md"), or a copy that records its own date, is judged as any other page."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from fakes import make_wiki

from swarm.wiki_query import query

NOW = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC)
ORIGINAL = "---\nupdated: 2026-11-20\n---\n# Faultline\n\nError tracking for the client apps.\n"
COPY = "# Faultline\n\nSet traces_sample_rate to 0.1 in production for error tracking.\n"
QUESTION = "What should traces_sample_rate be set to in production for error tracking?"


@pytest.mark.parametrize(
    ("pages", "stale"),
    [
        pytest.param(
            {"Tooling/🐞 Faultline.md": ORIGINAL, "Tooling/Faultline 1.md": COPY},
            True,
            id="obsidian-numbered-copy",
        ),
        pytest.param(
            {"Tooling/Faultline.md": ORIGINAL, "Tooling/Faultline copy.md": COPY},
            True,
            id="finder-copy",
        ),
        pytest.param(
            {"Tooling/Faultline.md": ORIGINAL, "Tooling/Faultline (1).md": COPY},
            True,
            id="windows-copy",
        ),
        pytest.param({"Tooling/Faultline 1.md": COPY}, False, id="no-original-beside-it"),
        pytest.param(
            {
                "Tooling/Faultline.md": ORIGINAL,
                "Tooling/Faultline 1.md": COPY,
                "Tooling/Faultline 2.md": "# Faultline 2\n\nSecond part.\n",
                "Tooling/Faultline 3.md": "# Faultline 3\n\nThird part.\n",
            },
            False,
            id="a-numbered-series",
        ),
        pytest.param(
            {"Tooling/Faultline.md": ORIGINAL, "Archive/Faultline 1.md": COPY},
            False,
            id="original-in-another-folder",
        ),
        pytest.param(
            {
                "Tooling/Faultline.md": ORIGINAL,
                "Tooling/Faultline 1.md": "---\nupdated: 2026-11-25\n---\n" + COPY,
            },
            False,
            id="a-dated-copy-is-judged-by-its-date",
        ),
    ],
)
def test_an_undated_leftover_copy_is_out_of_date(
    tmp_path: Path, pages: dict[str, str], stale: bool
) -> None:
    # Obsidian's index names its notes by wikilinks, spaces and emoji as they are.
    links = [f"- [[{path.removesuffix('.md')}]]" for path in pages]
    wiki = make_wiki(tmp_path, pages, links)

    result = query(QUESTION, wiki_dir=wiki, model="offline", now=NOW)

    assert "0.1" in result.answer
    assert result.stale is stale
    assert result.go_external is (stale or result.confidence != "high")

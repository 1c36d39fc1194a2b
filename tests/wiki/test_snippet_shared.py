"""The answer step's passages of a page the snippet path read first (the ranker splits a
candidate's whole body, then the answer step splits its excerpt, the body less its surrounding
newlines when the page is short) are the full splitter's, whatever blank lines were around it
and whether a fence runs to the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from swarm.wiki.page_text import strip_frontmatter
from swarm.wiki.pages import read_page
from swarm.wiki.passages import split_passages
from swarm.wiki.snippet_split import split_page_passages
from swarm.wiki.tokens import page_passages

FIXTURES = Path(__file__).resolve().parents[2] / "wiki_fixtures"

_LINES = st.sampled_from(
    [
        "# Tar", "## Options", "Compress a file.", "Options:", "- `-x` extract", "  - nested",
        "```", "```sh", "tar -xf a.tar", "~~~", "    indented code", "> quoted", "Key: value",
        "1. first", "| a | b |", "|---|---|", "| 1 | 2 |", "**Bold:** rest", "", "", "---",
        "# List files", "ls -la", "E[x]tract", "Done. Next one.",
    ]
)  # fmt: skip
_PAGE = st.lists(_LINES, min_size=1, max_size=12).map("\n".join)
_METADATA = st.sampled_from([{}, {"tags": ["cli"], "title": "Tar"}])


def _answer_passages_after_snippet(
    body: str, before: int, after: int, metadata: dict[str, object]
) -> None:
    page_passages("\n" * before + body + "\n" * after)  # the ranker reads the page first
    excerpt = body.strip("\n")
    shared = split_page_passages(excerpt, page="tar.md", title="Tar", metadata=metadata)
    assert shared == split_passages(excerpt, page="tar.md", title="Tar", metadata=metadata)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_PAGE, st.integers(0, 2), st.integers(0, 3), _METADATA)
@example("Run it:\n\n```sh\ntar -xf a.tar\n", 0, 2, {})  # a fence open to the end
@example("```\ncode\n", 1, 1, {})
@example("- Extract:\n\n  ```\n  tar -x\n", 0, 3, {})  # open in a list item
def test_answer_passages_of_a_page_split_for_its_snippet_are_the_full_splitters(
    body: str, before: int, after: int, metadata: dict[str, object]
) -> None:
    _answer_passages_after_snippet(body, before, after, metadata)


@pytest.mark.parametrize("fixture", ["cheatsheet", "vault", "rustbook", "peps"])
def test_fixture_excerpts_after_their_snippets_are_the_full_splitters(fixture: str) -> None:
    root = FIXTURES / fixture
    pages = sorted(root.rglob("*.md"))[::7]
    assert pages
    for page in pages:
        path = page.relative_to(root).as_posix()
        page_passages(strip_frontmatter(page.read_text(encoding="utf-8")))
        excerpt = read_page(root, path, title="T", max_chars=1500)
        if excerpt.error is not None:
            continue
        text, metadata = excerpt.text, excerpt.metadata
        shared = split_page_passages(text, page=path, title="T", metadata=metadata)
        assert shared == split_passages(text, page=path, title="T", metadata=metadata), path

"""The snippet splitter's fast path gives exactly the passages of the full (markdown-it)
splitter, on every page it reads: hypothesis-made markdown and every fixture page; and so do
the answer step's passages (`split_passages`) read from its blocks."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from swarm.wiki.page_text import strip_frontmatter
from swarm.wiki.pages import read_page
from swarm.wiki.passages import snippet_passages, split_passages
from swarm.wiki.snippet_split import (
    fast_snippet_passages,
    split_page_passages,
    split_snippet_passages,
)
from swarm.wiki.tokens import page_passages

FIXTURES = Path(__file__).resolve().parents[2] / "wiki_fixtures"
SCAN_CHARS = 200_000  # page_passages reads the first 200k characters of a page

_PREFIXES = [
    "", " ", "  ", "   ", "    ", "     ", "> ", ">", ">  ", "- ", "* ", "+ ", "1. ", "2) ",
    "10. ", "-", "  - ", "   - ", "    - ", "   > ", "  1. ", "-    ", "-      ", "> - ", "- > ",
    "  ", "1.", "#", "## ",
]  # fmt: skip
_PIECES = [
    "Compress a file", "Print only lines common to both files:", "Options:", "Key: value",
    "Support SLA: first response", "of", "e.g. this. Next sentence.", "Done.", "#", "# Title",
    "## Sub", "###### Deep", "####### seven", "#no-space", "# closed #", "===", "---", "- - -",
    "***", "___", "```", "```sh", "~~~", "````", "``` a`b", "`code`", "`tar -tf x.tar`",
    "``a ` b``", "` spaced `", "`", "**Bold**", "**Bold:** rest", "**a** b", "**a**b",
    "** a**", "**a*b**", "snake_case", "_em_", "*em*", "a*b*c", "[c]reate", "E[x]tract",
    "[[page]]", "[[page|alias]]", "[a](b)", "[ref]: http://x", "a | b", "|---|---|", "| x | y |",
    "--|--", "<div>", "a < b", "&amp;", "AT&T", "\\*", "\\", "# List all open files here",
    "tar -xf file.tar", ".", "2. second", "1) first", "- nested", "> quoted", "", "  ",
    "\\x", "a\\", "\\`", "\\*", "\\[c]", "\\\\", "x \\", "<b>", "</b>", "<a href=x>",
    "<a title='q'>", "<!-- c -->", "<?p?>", "<1@x.co>", "<http://x>", "i <= n", "<<EOF",
    "<path-to-file>", "**Runs `make clean` here**", "**a `**` b**", "**`x`**", "**a `b**",
    "**a\\**", "**E\\[x\\] <b> RFC**", "*safely update /etc/passwd*", "*a `*` b*", "*a*b",
    "* a*", "*a *", "| a \\| b |", "|:-:|--:|", "| - | x |", "a|b", "-|-",
    "*a\\*", "*E[x]tract*", "*a**", "*`x`*",
    "caf\u00e9", "\u5b66\u751f\u5238", "a\u00a0b", "a\tb", "x  ",
]  # fmt: skip

_LINE = st.builds(
    lambda prefix, pieces: prefix + " ".join(pieces),
    st.sampled_from(_PREFIXES),
    st.lists(st.sampled_from(_PIECES), min_size=0, max_size=3),
)
_PAGE = st.lists(_LINE, min_size=1, max_size=14).map("\n".join)

_CELL = st.sampled_from(
    ["a", " b ", "`-x`", "`a | b`", "\\|", "**k**", "Key: v", "", "E[x]tract", "c\\", "<b>", "-"]
)
_ROW = st.builds(
    lambda cells, lead, trail: ("|" if lead else "") + "|".join(cells) + ("|" if trail else ""),
    st.lists(_CELL, min_size=1, max_size=4),
    st.booleans(),
    st.booleans(),
)
_DELIMITER = st.sampled_from(
    ["|---|---|", "---|---", "|:-:|--:|", "|---|", "--|--|--", "| - | - |", "-|-", ": | -"]
)
_OTHER = st.sampled_from(["", "# H", "para", "- item", "> q", "```", "    code", "***", "<div>"])
_TABLE_PAGE = st.lists(st.one_of(_ROW, _DELIMITER, _OTHER), min_size=2, max_size=12).map("\n".join)


def _fixture_pages() -> list[Path]:
    return sorted(FIXTURES.rglob("*.md"))


def _same_or_none(text: str) -> bool:
    """The fast path declines (None) or gives the full splitter's passages."""
    fast = fast_snippet_passages(text)
    return fast is None or fast == snippet_passages(text)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_PAGE)
@example("# Tar\n\n- List an archive:\n\n`tar -tf x.tar`\n")
@example("bzip2\n=====\n\nForce decompression\n\n    bzip2 -d\n")
@example("- a\n2. b\n\n1. c\n2. d\n   - e\n     f\n")
@example("> Run a command.\n> Package: x.\n\n- x:\n\n  ```\n  # Say hi to the world\n  ```\n")
@example("**Where:** Spokane\n**When:** May\n\npara\n-\n\npara\n- \n\n- foo\n  ---\n")
def test_fast_path_gives_the_full_splitters_passages(text: str) -> None:
    assert _same_or_none(text)
    assert split_snippet_passages(text) == snippet_passages(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TABLE_PAGE)
@example("| a | b |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |\n\npara | x\n--|--\n")
def test_fast_path_reads_tables_as_the_full_splitter(text: str) -> None:
    assert _same_or_none(text)


@pytest.mark.parametrize(
    "text",
    [
        "# runcon\n\n> Run command with specified security context.\n> Package: coreutils.\n\n"
        "- Compute process transition context before modifying:\n\n"
        "`runcon --compute context command`\n\nSee also: `man 1 runcon`.\n",
        "# gcloud sql instances delete\n\n## Options\n\n"
        "**Return immediately, without waiting**\n\n```sh\ngcloud sql instances delete --async x\n"
        "```\n",
        "bzip2\n=====\n\nA block-sorting file compressor.\n\nForce decompression\n\n    bzip2 -d\n",
        "1. First step\n2. Second step\n   - a detail\n\nSome E[x]tract and snake_case words.\n",
        "Read <file> as input, if i < n, and E\\[x\\]tract \\*all\\*.\nNext line\\\n"
        "broken `a\\b` here.\n",
        "# update-passwd\n\n*safely update /etc/passwd* (base-passwd)\n\n## Options\n\n"
        "| option | meaning |\n|---|---|\n| `-p, --passwd-master=FILE` | Use FILE |\n"
        "| `-s` | \\| x |\n",
    ],
    ids=["tldr-style", "gcloud-style", "man-style", "lists", "tags-and-escapes", "table"],
)
def test_plain_pages_take_the_fast_path(text: str) -> None:
    fast = fast_snippet_passages(text)
    assert fast is not None
    assert fast == snippet_passages(text)


@pytest.mark.parametrize(
    "text",
    [
        "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n",
        "<div>html</div>\n",
        "See [the docs](http://x).\n",
        "- item\nlazy continuation\n",
        "Tab\there\n",
        "[ref]: http://example.com\n",
        "An *emphasised* word.\n",
    ],
    ids=["table-in-a-list", "html", "link", "lazy-line", "tab", "reference", "emphasis"],
)
def test_other_markdown_is_left_to_the_full_splitter(text: str) -> None:
    assert fast_snippet_passages(text) is None
    assert page_passages(text) == snippet_passages(text)


@pytest.mark.parametrize(
    "space",
    ["\x00", "\t", "\x0b", "\x0c", "\r", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0", "\u3000"],
)
@pytest.mark.parametrize("opening", ["Plain", "Café"], ids=["ascii-page", "other-page"])
def test_whitespace_other_than_space_and_newline_leaves_the_fast_path(
    space: str, opening: str
) -> None:
    """An ASCII page is searched for each odd space apart, any other by the regex: on both
    routes such a character sends the page to the full splitter, and without it the page
    stays on the fast path."""
    assert fast_snippet_passages(f"{opening} text here.\n\nMore text.\n") is not None
    text = f"{opening} text{space}here.\n\nMore text.\n"
    assert fast_snippet_passages(text) is None
    assert page_passages(text) == snippet_passages(text)


# Every page of the smaller fixtures; a fixed spread of 300 of the bigger ones (every page was
# checked when the fast path was written: raise this when changing it). The spread keeps the
# suite inside its time budget as fixtures are added and still reads every folder's kinds of
# page; the hypothesis tests here and in test_snippet_split_kinds.py generate the rest.
SAMPLED_PAGES = 300


def fixture_pages(root: Path) -> list[Path]:
    pages = sorted(root.rglob("*.md"))
    step = -(-len(pages) // SAMPLED_PAGES)  # ceiling: every page when there are <= 300
    return pages[::step]


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.iterdir() if p.is_dir()))
def test_every_fixture_page_gives_the_full_splitters_passages(fixture: str) -> None:
    pages = fixture_pages(FIXTURES / fixture)
    assert pages
    handled = 0
    for page in pages:
        raw = page.read_text(encoding="utf-8")
        for text in (strip_frontmatter(raw), raw):
            head = text[:SCAN_CHARS]
            fast = fast_snippet_passages(head)
            full = snippet_passages(head)
            if fast is not None:
                handled += 1
                assert fast == full, page
            assert page_passages(text) == full, page
    # The fast path is not a dead branch: it reads most pages of the real-text wikis.
    if fixture in ("cheatsheet", "vault"):
        assert handled >= 0.75 * 2 * len(pages)


_METADATA = st.sampled_from([{}, {"tags": ["cli", "files"], "title": "Tar", "aliases": ["t"]}])


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_PAGE, _TABLE_PAGE), _METADATA)
@example("# Tar\n\n- List an archive:\n\n`tar -tf x.tar`\n", {})
@example("Intro sentence. Second one.\n\n## Use\n\nOptions:\n\n- `-x` extract\n", {})
def test_answer_passages_from_the_fast_blocks_are_the_full_splitters(
    text: str, metadata: dict[str, object]
) -> None:
    fast = split_page_passages(text, page="tar.md", title="Tar", metadata=metadata)
    assert fast == split_passages(text, page="tar.md", title="Tar", metadata=metadata)


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.iterdir() if p.is_dir()))
def test_every_fixture_excerpt_gives_the_full_splitters_answer_passages(fixture: str) -> None:
    root = FIXTURES / fixture
    pages = fixture_pages(root)
    handled = 0
    for page in pages:
        # What the answer step splits: the page's first 1,500 characters, as read for it.
        excerpt = read_page(root, page.relative_to(root).as_posix(), title="T", max_chars=1500)
        if excerpt.error is not None:
            continue
        handled += fast_snippet_passages(excerpt.text) is not None
        text, path, metadata = excerpt.text, excerpt.path, excerpt.metadata
        fast = split_page_passages(text, page=path, title="T", metadata=metadata)
        assert fast == split_passages(text, page=path, title="T", metadata=metadata), path
    if fixture in ("cheatsheet", "vault"):  # the fast blocks are read, not a dead branch
        assert handled >= 0.75 * len(pages)

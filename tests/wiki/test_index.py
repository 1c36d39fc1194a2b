"""index.md parsing: every link form, sections, descriptions; the stat-keyed cache."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swarm.errors import IndexNotFound, WikiError
from swarm.wiki.index import (
    PageEntry,
    clear_page_map_cache,
    load_page_map,
    parse_index,
)
from swarm.wiki.links import normalise_page_path


def only(text: str) -> PageEntry:
    entries = parse_index(text)
    assert len(entries) == 1, entries
    return entries[0]


@pytest.mark.parametrize(
    ("line", "path", "title", "description"),
    [
        pytest.param(
            "- [CCW](ccw.md) — support client",
            "ccw.md",
            "CCW",
            "support client",
            id="md-link-em-dash",
        ),
        pytest.param(
            "- [CCW](ccw.md) - support client",
            "ccw.md",
            "CCW",
            "support client",
            id="md-link-hyphen",
        ),
        pytest.param(
            "- [CCW](ccw.md): support client", "ccw.md", "CCW", "support client", id="md-link-colon"
        ),
        pytest.param("- [CCW](ccw.md)", "ccw.md", "CCW", "", id="no-description"),
        pytest.param("- [[ccw]] — client", "ccw.md", "ccw", "client", id="wikilink"),
        pytest.param("- [[ccw.md]]", "ccw.md", "ccw.md", "", id="wikilink-with-extension"),
        pytest.param(
            "- [[ccw|Acme CCW]] the client", "ccw.md", "Acme CCW", "the client", id="wikilink-alias"
        ),
        pytest.param(
            "- [[notes/deep page]]",
            "notes/deep page.md",
            "notes/deep page",
            "",
            id="wikilink-folder",
        ),
        pytest.param("- [[ccw#SLA]]", "ccw.md", "ccw#SLA", "", id="wikilink-anchor"),
        pytest.param("- [[Mr. Smith]]", "Mr. Smith.md", "Mr. Smith", "", id="wikilink-dot-in-name"),
        pytest.param("- [X](My%20Page.md)", "My Page.md", "X", "", id="percent-encoded"),
        pytest.param("- [X](<My Page.md>)", "My Page.md", "X", "", id="angle-brackets-space"),
        pytest.param("- [X](caf%C3%A9.md)", "café.md", "X", "", id="percent-utf8"),
        pytest.param("- [SLA](ccw.md#sla)", "ccw.md", "SLA", "", id="anchor-dropped"),
        pytest.param("- [X](./x.md)", "x.md", "X", "", id="dot-slash"),
        pytest.param("- [X](sub/dir/x.md)", "sub/dir/x.md", "X", "", id="subfolder"),
        pytest.param("- [X](sub/../x.md)", "x.md", "X", "", id="dotdot-inside-normalised"),
        pytest.param("- [X](notes/x)", "notes/x.md", "X", "", id="no-extension"),
        pytest.param("- **Client**: [[lead]]", "lead.md", "lead", "Client", id="text-before-link"),
        pytest.param(
            "* [X](x.md) · what it is", "x.md", "X", "what it is", id="star-bullet-dot-sep"
        ),
        pytest.param("1. [X](x.md) — numbered", "x.md", "X", "numbered", id="ordered-list"),
        pytest.param("See [X](x.md) for details", "x.md", "X", "for details", id="paragraph"),
        pytest.param("- [`code` title](x.md)", "x.md", "code title", "", id="code-in-title"),
    ],
)
def test_link_forms(line: str, path: str, title: str, description: str) -> None:
    entry = only(line + "\n")
    assert (entry.path, entry.title, entry.description) == (path, title, description)


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("- [Ext](https://example.com/a.md)", id="https"),
        pytest.param("- [Ext](http://example.com)", id="http"),
        pytest.param("- [Mail](mailto:a@example.com)", id="mailto"),
        pytest.param("- [Proto](//example.com/x.md)", id="protocol-relative"),
        pytest.param("- [File](file:///etc/passwd)", id="file-url"),
        pytest.param("- [Abs](/etc/passwd.md)", id="absolute"),
        pytest.param("- [Up](../outside.md)", id="dotdot"),
        pytest.param("- [Up](sub/../../outside.md)", id="nested-dotdot"),
        pytest.param("- [[../outside]]", id="wikilink-dotdot"),
        pytest.param("- [[/etc/passwd]]", id="wikilink-absolute"),
        pytest.param("- [Img](pic.png)", id="image-target"),
        pytest.param("- ![alt](pic.png)", id="image"),
        pytest.param("- ![[pic.png]]", id="embed"),
        pytest.param("- [[doc.pdf]]", id="pdf"),
        pytest.param("- [Anchor only](#section)", id="anchor-only"),
        pytest.param("- [Index](index.md)", id="index-itself"),
        pytest.param("- [Win](C:\\\\x.md)", id="windows-drive"),
        pytest.param("- [[]]", id="empty-wikilink"),
        pytest.param("- plain text, no link", id="no-link"),
        pytest.param("`[[code]]` and `[x](x.md)`", id="code-spans"),
    ],
)
def test_dropped_links(line: str) -> None:
    assert parse_index(line + "\n") == []


def test_sections_nesting_and_duplicates() -> None:
    text = """---
title: My index
updated: 2026-01-01
---
# Clients

- [CCW](ccw.md) — support client
  - [[ccw]] — duplicate, first wins
  - [[clients/acme|Acme]]: nested entry

## Pricing

- [Plans](pricing/plans.md) — what we charge
1. [[market]]

Intro paragraph with [Overview](businesses-overview.md) and [[ccw]] again.
"""
    entries = parse_index(text)
    assert entries == [
        PageEntry("ccw.md", "CCW", "support client", "Clients"),
        PageEntry("clients/acme.md", "Acme", "nested entry", "Clients"),
        PageEntry("pricing/plans.md", "Plans", "what we charge", "Pricing"),
        PageEntry("market.md", "market", "", "Pricing"),
        PageEntry("businesses-overview.md", "Overview", "and ccw again.", "Pricing"),
    ]


def test_several_links_on_one_line_and_soft_breaks() -> None:
    entries = parse_index("[A](a.md) — first\n[B](b.md) · [C](c.md)\n")
    assert [(e.path, e.description) for e in entries] == [
        ("a.md", "first"),
        ("b.md", "C"),
        ("c.md", ""),
    ]


def test_table_rows_use_other_cells_as_description() -> None:
    text = "| Page | What |\n|---|---|\n| [[ccw]] | Support client |\n"
    assert parse_index(text) == [PageEntry("ccw.md", "ccw", "Support client", "")]


def test_frontmatter_is_not_a_heading() -> None:
    entry = only("---\ntitle: Index\n---\n- [[a]]\n")
    assert entry.section == ""


@pytest.mark.parametrize(
    ("raw", "wikilink", "expected"),
    [
        pytest.param("a.md", False, "a.md", id="plain"),
        pytest.param("a.MD", False, "a.MD", id="upper-extension"),
        pytest.param("a.md?x=1", False, "a.md", id="query-dropped"),
        pytest.param("a%00.md", False, None, id="nul-encoded"),
        pytest.param("a%2F..%2F..%2Fx.md", False, None, id="encoded-traversal"),
        pytest.param("javascript:alert(1)", False, None, id="javascript"),
        pytest.param("a\\b.md", False, None, id="backslash"),
        pytest.param("x^block", True, "x.md", id="wikilink-block-ref"),
        pytest.param(".md", True, None, id="bare-extension"),
    ],
)
def test_normalise_page_path(raw: str, wikilink: bool, expected: str | None) -> None:
    assert normalise_page_path(raw, wikilink=wikilink) == expected


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.text(max_size=80),
            st.sampled_from(
                [
                    "[[",
                    "]]",
                    "](",
                    ")",
                    "[",
                    "|",
                    "#",
                    "- ",
                    "\n",
                    "../",
                    "%2e%2e/",
                    ".md",
                    "<",
                    ">",
                ]
            ),
        ),
        max_size=30,
    ).map("".join)
)
def test_any_text_parses_to_safe_relative_md_paths(text: str) -> None:
    for entry in parse_index(text):
        assert entry.path.lower().endswith(".md")
        assert not entry.path.startswith("/")
        assert ".." not in entry.path.split("/")
        assert "\x00" not in entry.path


# --- load_page_map ------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    clear_page_map_cache()


def test_load_page_map_caches_until_the_index_changes(tmp_path: Path) -> None:
    index = tmp_path / "index.md"
    index.write_text("- [[a]]\n", encoding="utf-8")
    first = load_page_map(tmp_path)
    assert [e.path for e in first.entries] == ["a.md"]
    assert first.wiki_dir == tmp_path.resolve()
    assert load_page_map(tmp_path) is first

    index.write_text("- [[b]]\n", encoding="utf-8")  # same size, maybe same mtime tick
    stat = index.stat()
    os.utime(index, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    second = load_page_map(tmp_path)
    assert second is not first
    assert [e.path for e in second.entries] == ["b.md"]

    index.write_text("- [[b]]\n- [[c]]\n", encoding="utf-8")  # size changes
    assert [e.path for e in load_page_map(tmp_path).entries] == ["b.md", "c.md"]
    assert "c.md" in load_page_map(tmp_path)


def test_load_page_map_missing_index(tmp_path: Path) -> None:
    with pytest.raises(IndexNotFound):
        load_page_map(tmp_path)
    with pytest.raises(IndexNotFound):
        load_page_map(tmp_path / "nowhere")


def test_load_page_map_too_large(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("- [[a]]\n" * 500, encoding="utf-8")
    with pytest.raises(WikiError, match="too large"):
        load_page_map(tmp_path, max_bytes=1000)


def test_load_page_map_survives_bad_bytes(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_bytes(b"\xef\xbb\xbf- [[a]] \xff\xfe broken\n")
    assert [e.path for e in load_page_map(tmp_path).entries] == ["a.md"]


def test_page_map_disk_cache_skips_parsing_in_a_new_process(tmp_path: Path) -> None:
    wiki, cache = tmp_path / "wiki", tmp_path / "cache"
    wiki.mkdir()
    index = wiki / "index.md"
    index.write_text("# S\n- [[a]] — first\n", encoding="utf-8")
    first = load_page_map(wiki, cache_dir=cache)
    assert list((cache / "page-maps").glob("*.json"))
    clear_page_map_cache()

    # The cache is keyed on (mtime_ns, size): an edit that keeps both is not seen, so the
    # entries a new process gets come from the disk cache, not from parsing the file again.
    stat = index.stat()
    index.write_text("# S\n- [[z]] — first\n", encoding="utf-8")
    os.utime(index, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert index.stat().st_size == stat.st_size
    again = load_page_map(wiki, cache_dir=cache)
    assert again.entries == first.entries == (PageEntry("a.md", "a", "first", "S"),)
    assert again.text_chars == first.text_chars > 0

    clear_page_map_cache()
    index.write_text("# S\n- [[b]]\n", encoding="utf-8")
    assert [e.path for e in load_page_map(wiki, cache_dir=cache).entries] == ["b.md"]


def test_page_map_disk_cache_failures_are_silent(tmp_path: Path) -> None:
    wiki = tmp_path / "wiki"
    wiki.mkdir()
    (wiki / "index.md").write_text("- [[a]]\n", encoding="utf-8")
    before = sorted(p.name for p in wiki.rglob("*"))
    load_page_map(wiki, cache_dir=wiki / ".cache")  # inside the wiki: not used
    assert sorted(p.name for p in wiki.rglob("*")) == before

    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    clear_page_map_cache()
    assert len(load_page_map(wiki, cache_dir=blocker)) == 1  # cannot create the folder

    cache = tmp_path / "cache"
    load_page_map(wiki, cache_dir=cache)
    for cache_file in (cache / "page-maps").glob("*.json"):
        cache_file.write_text("{corrupt", encoding="utf-8")
    clear_page_map_cache()
    assert [e.path for e in load_page_map(wiki, cache_dir=cache).entries] == ["a.md"]


# --- Obsidian shortest-path wikilinks (review P2-2) ----------------------------------------


def obsidian_wiki(root: Path, index: str, files: list[str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "index.md").write_text(index)
    for name in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# {name}\n")
    return root


def paths_of(wiki: Path) -> list[str]:
    return [entry.path for entry in load_page_map(wiki).entries]


def test_bare_wikilink_resolves_to_the_unique_page_in_a_subfolder(tmp_path: Path) -> None:
    wiki = obsidian_wiki(
        tmp_path / "w",
        "- [[mill-creek|Mill Creek Water Co-op]] — former client\n- [[ccw]]\n",
        ["clients/mill-creek.md", "ccw.md", ".trash/mill-creek.md", ".obsidian/ccw.md"],
    )
    entries = load_page_map(wiki).entries
    assert entries[0] == PageEntry(
        "clients/mill-creek.md", "Mill Creek Water Co-op", "former client", ""
    )
    assert entries[1].path == "ccw.md"


@pytest.mark.parametrize(
    ("index", "files", "expected"),
    [
        pytest.param("- [[x]]\n", ["a/x.md", "b/x.md"], ["x.md"], id="ambiguous-left-as-written"),
        pytest.param("- [[x]]\n", ["x.md", "a/x.md"], ["x.md"], id="root-page-wins"),
        pytest.param("- [X](x.md)\n", ["a/x.md"], ["x.md"], id="markdown-link-not-rewritten"),
        pytest.param("- [[x]]\n", [".hidden/x.md"], ["x.md"], id="dot-folder-skipped"),
        pytest.param(
            "- [[x]]\n- [[a/x]]\n", ["a/x.md"], ["a/x.md"], id="already-listed-not-duplicated"
        ),
        pytest.param("- [[y/x]]\n", ["a/y/x.md"], ["y/x.md"], id="only-bare-names"),
    ],
)
def test_wikilink_resolution_edges(
    tmp_path: Path, index: str, files: list[str], expected: list[str]
) -> None:
    assert paths_of(obsidian_wiki(tmp_path / "w", index, files)) == expected


def test_wikilink_resolution_does_not_follow_symlinked_folders(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (outside / "sub").mkdir(parents=True)
    (outside / "sub" / "x.md").write_text("secret")
    wiki = obsidian_wiki(tmp_path / "w", "- [[x]]\n", [])
    (wiki / "linked").symlink_to(outside / "sub")
    assert paths_of(wiki) == ["x.md"]


def test_two_wikis_sharing_one_index_file_get_their_own_maps(tmp_path: Path) -> None:
    shared = tmp_path / "shared-index.md"
    shared.write_text("- [[a]]\n")
    maps = []
    for name in ("one", "two"):
        wiki = tmp_path / name
        wiki.mkdir()
        (wiki / "index.md").symlink_to(shared)
        maps.append(load_page_map(wiki))
    assert maps[0].wiki_dir == (tmp_path / "one").resolve()
    assert maps[1].wiki_dir == (tmp_path / "two").resolve()


@pytest.mark.parametrize(
    "raw", ["~/x", "~/notes/x.md", "~root/x", "C:x", "c:/x.md"], ids=lambda raw: raw
)
def test_home_and_drive_paths_are_not_pages(raw: str) -> None:
    assert normalise_page_path(raw, wikilink=True) is None
    assert normalise_page_path(raw) is None


def test_deeply_nested_entries_are_kept() -> None:
    depth = 30
    text = "\n".join("  " * level + f"- [p{level}](p{level}.md)" for level in range(depth))
    assert len(parse_index(text)) == depth

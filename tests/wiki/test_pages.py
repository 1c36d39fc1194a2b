"""Confined page reads: traversal and symlinks refused, bad files reported, excerpts cut."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from swarm.errors import PageOutsideWiki, PageUnreadable
from swarm.wiki.page_text import TRUNCATION_MARKER, split_frontmatter, truncate_with_marker
from swarm.wiki.pages import confine, read_page, read_page_text, read_page_texts


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    """A wiki folder, plus a secret file and folder next to it (outside the wiki)."""
    root = tmp_path / "wiki"
    (root / "notes").mkdir(parents=True)
    (root / "index.md").write_text("- [[ccw]]\n", encoding="utf-8")
    (root / "ccw.md").write_text(
        "---\ntitle: CCW\nupdated: 2026-05-08\ntags: [client, saas]\n---\n"
        "# CCW\n\nFirst-response SLA is 15 minutes.\n",
        encoding="utf-8",
    )
    (root / "notes" / "deep page.md").write_text("# Deep\n\nDeep text.\n", encoding="utf-8")
    (tmp_path / "secret.md").write_text("top secret\n", encoding="utf-8")
    (tmp_path / "secret-dir").mkdir()
    (tmp_path / "secret-dir" / "x.md").write_text("also secret\n", encoding="utf-8")
    os.symlink(tmp_path / "secret.md", root / "link-out.md")
    os.symlink(tmp_path / "secret-dir", root / "dir-out")
    os.symlink(root / "ccw.md", root / "link-in.md")
    return root


def test_confine_accepts_pages_inside(wiki: Path) -> None:
    assert confine(wiki, "ccw.md") == (wiki / "ccw.md").resolve()
    assert confine(wiki, "notes/deep page.md") == (wiki / "notes" / "deep page.md").resolve()
    assert confine(wiki, "./notes/../ccw.md") == (wiki / "ccw.md").resolve()
    # A symlink that stays inside the wiki is fine: its real path is a wiki page.
    assert confine(wiki, "link-in.md") == (wiki / "ccw.md").resolve()


@pytest.mark.parametrize(
    ("rel_path", "error"),
    [
        pytest.param("../secret.md", PageOutsideWiki, id="traversal"),
        pytest.param("notes/../../secret.md", PageOutsideWiki, id="nested-traversal"),
        pytest.param("..", PageOutsideWiki, id="dotdot"),
        pytest.param("/etc/passwd", PageOutsideWiki, id="absolute"),
        pytest.param("~/x.md", PageOutsideWiki, id="home"),
        pytest.param("C:\\x.md", PageOutsideWiki, id="windows-drive"),
        pytest.param("..\\secret.md", PageOutsideWiki, id="backslash-traversal"),
        pytest.param("link-out.md", PageOutsideWiki, id="symlink-file-out"),
        pytest.param("dir-out/x.md", PageOutsideWiki, id="symlink-dir-out"),
        pytest.param("ccw.md\x00.txt", PageOutsideWiki, id="nul-byte"),
        pytest.param("notes", PageUnreadable, id="directory"),
        pytest.param(".", PageOutsideWiki, id="wiki-dir-itself"),
        pytest.param("missing.md", PageUnreadable, id="missing"),
        pytest.param("", PageUnreadable, id="empty"),
    ],
)
def test_confine_refuses(wiki: Path, rel_path: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        confine(wiki, rel_path)
    excerpt = read_page(wiki, rel_path)  # never raises, never reads
    assert excerpt.error and excerpt.text == ""
    assert "secret" not in excerpt.text


def test_symlink_loop_is_unreadable(wiki: Path) -> None:
    os.symlink(wiki / "loop-b.md", wiki / "loop-a.md")
    os.symlink(wiki / "loop-a.md", wiki / "loop-b.md")
    with pytest.raises(PageUnreadable):
        confine(wiki, "loop-a.md")


def test_read_page_frontmatter_title_and_text(wiki: Path) -> None:
    excerpt = read_page(wiki, "ccw.md")
    assert excerpt.error is None
    assert excerpt.title == "CCW"
    assert excerpt.metadata == {
        "title": "CCW",
        "updated": dt.date(2026, 5, 8),
        "tags": ["client", "saas"],
    }
    assert "15 minutes" in excerpt.text and not excerpt.truncated
    assert not excerpt.text.startswith("---")
    assert read_page(wiki, "ccw.md", title="Given").title == "Given"


@pytest.mark.parametrize(
    ("content", "title"),
    [
        pytest.param("---\ntitle: From FM\n---\n# Heading\n", "From FM", id="frontmatter"),
        pytest.param("intro\n\n## Second level  ##\nx\n", "Second level", id="first-heading"),
        pytest.param("#hashtag only\nplain\n", "page", id="stem-not-hashtag"),
        pytest.param("plain text\n", "page", id="stem"),
    ],
)
def test_title_fallbacks(tmp_path: Path, content: str, title: str) -> None:
    (tmp_path / "page.md").write_text(content, encoding="utf-8")
    assert read_page(tmp_path, "page.md").title == title


def test_over_large_file_gives_its_first_excerpt_but_is_refused_for_ranking(
    tmp_path: Path,
) -> None:
    (tmp_path / "big.md").write_text("word " * 1000, encoding="utf-8")
    excerpt = read_page(tmp_path, "big.md", max_bytes=1024)
    assert excerpt.error is None and excerpt.truncated
    assert excerpt.text.endswith(TRUNCATION_MARKER) and len(excerpt.text) <= 1024
    assert set(excerpt.text.removesuffix(TRUNCATION_MARKER).split()) == {"word"}
    with pytest.raises(PageUnreadable, match="too large"):
        read_page_text(tmp_path, "big.md", max_bytes=1024)


def test_a_page_over_the_size_limit_is_read_as_a_bounded_prefix(tmp_path: Path) -> None:
    head = "---\ntitle: Huge\nupdated: 2026-05-08\n---\n# Huge\n\nThe answer is 42. "
    # Past the prefix: a binary tail. Only the prefix is read, so it never shows.
    tail = b"\x00\xff" * 1_200_000
    (tmp_path / "huge.md").write_bytes(head.encode() + b"filler " * 20_000 + tail)
    assert (tmp_path / "huge.md").stat().st_size > 2_000_000
    excerpt = read_page(tmp_path, "huge.md", max_chars=1500, max_bytes=2_000_000)
    assert excerpt.error is None and excerpt.truncated
    assert excerpt.title == "Huge" and excerpt.metadata["updated"] == dt.date(2026, 5, 8)
    assert excerpt.text.startswith("# Huge\n\nThe answer is 42.")
    assert len(excerpt.text) <= 1500


def test_a_utf8_sequence_cut_at_the_read_limit_is_dropped_not_an_error(tmp_path: Path) -> None:
    # 1 + 2 * 600 bytes: the 1,024-byte prefix ends inside an "é".
    (tmp_path / "accents.md").write_text("a" + "é" * 600, encoding="utf-8")
    excerpt = read_page(tmp_path, "accents.md", max_chars=5000, max_bytes=1024)
    assert excerpt.error is None and excerpt.truncated
    kept = excerpt.text.removesuffix(TRUNCATION_MARKER)
    assert kept and set(kept[1:]) == {"é"} and "\ufffd" not in kept


def test_invalid_utf8_inside_the_prefix_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bad.md").write_bytes(b"ok text \xff\xfe more" + b" word" * 1000)
    assert read_page(tmp_path, "bad.md", max_bytes=1024).error == "not UTF-8 text"


def test_binary_file(tmp_path: Path) -> None:
    (tmp_path / "bin.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00data")
    assert read_page(tmp_path, "bin.md").error == "binary file, not text"


def test_latin1_file_is_not_utf8(tmp_path: Path) -> None:
    (tmp_path / "latin.md").write_bytes("café crème brûlée".encode("latin-1"))
    excerpt = read_page(tmp_path, "latin.md")
    assert excerpt.error == "not UTF-8 text" and excerpt.text == ""


def test_utf8_bom_is_dropped(tmp_path: Path) -> None:
    (tmp_path / "bom.md").write_bytes("\ufeff---\ntitle: B\n---\nbody\n".encode())
    excerpt = read_page(tmp_path, "bom.md")
    assert excerpt.title == "B" and excerpt.text == "body"


@pytest.mark.parametrize(
    "content",
    [
        pytest.param("---\ntitle: [unclosed\n---\nBody text\n", id="bad-yaml"),
        pytest.param("---\njust a string\n---\nBody text\n", id="not-a-mapping"),
        pytest.param("---\ntitle: x\nBody text without end\n", id="unterminated"),
    ],
)
def test_broken_frontmatter_reads_as_plain_text(tmp_path: Path, content: str) -> None:
    (tmp_path / "broken.md").write_text(content, encoding="utf-8")
    excerpt = read_page(tmp_path, "broken.md")
    assert excerpt.error is None
    assert excerpt.metadata == {}
    assert excerpt.text == content.strip()
    assert split_frontmatter(content) == ({}, content)


def test_metadata_is_json_friendly() -> None:
    metadata, _ = split_frontmatter(
        "---\nwhen: 2026-01-02T03:04:05Z\n1: one\nnested: {a: [1, 2]}\nempty:\n---\nx"
    )
    assert metadata["when"] == dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC)
    assert metadata["1"] == "one"
    assert metadata["nested"] == {"a": [1, 2]}
    assert metadata["empty"] is None


def test_truncation_at_word_boundary_with_marker(tmp_path: Path) -> None:
    body = " ".join(f"word{i:03d}" for i in range(400))  # 8 chars a word incl. the space
    (tmp_path / "long.md").write_text(body, encoding="utf-8")
    excerpt = read_page(tmp_path, "long.md", max_chars=100)
    assert excerpt.truncated
    assert excerpt.text.endswith(TRUNCATION_MARKER)
    assert len(excerpt.text) <= 100
    kept = excerpt.text.removesuffix(TRUNCATION_MARKER)
    assert body.startswith(kept)
    assert kept.split(" ")[-1] in body.split(" ")  # the last word is whole


@pytest.mark.parametrize(
    ("text", "max_chars", "expected"),
    [
        pytest.param("short", 10, ("short", False), id="fits"),
        pytest.param("aaaa bbbb cccc", 12, ("aaaa bbbb …", True), id="boundary"),
        pytest.param("x" * 30, 10, ("x" * 8 + " …", True), id="no-boundary-hard-cut"),
    ],
)
def test_truncate_at_word(text: str, max_chars: int, expected: tuple[str, bool]) -> None:
    assert truncate_with_marker(text, max_chars) == expected


def test_read_page_texts_yields_none_for_unreadable(wiki: Path) -> None:
    texts = list(read_page_texts(wiki, ["ccw.md", "../secret.md", "missing.md"]))
    assert texts[0] is not None and "15 minutes" in texts[0] and "title:" not in texts[0]
    assert texts[1:] == [None, None]


def test_reads_never_write_to_the_wiki(wiki: Path) -> None:
    before = sorted((str(p), p.lstat().st_mtime_ns) for p in wiki.rglob("*"))
    read_page(wiki, "ccw.md")
    read_page_text(wiki, "notes/deep page.md")
    read_page(wiki, "../secret.md")
    assert sorted((str(p), p.lstat().st_mtime_ns) for p in wiki.rglob("*")) == before

"""`read_page_texts` (the index builder's bulk reader) confines exactly like `read_page_text`:
symlinked files and folders leading out of the wiki, traversal and odd files are refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from swarm.errors import WikiError
from swarm.wiki import pages
from swarm.wiki.page_paths import check_page_path, check_page_path_fast
from swarm.wiki.pages import read_page, read_page_text, read_page_texts, read_pages

CASES = [
    "ccw.md",
    "notes/deep page.md",
    "notes/./deep page.md",
    "./notes/../ccw.md",
    "link-in.md",
    "dir-in/deep page.md",
    "link-out.md",
    "dir-out/x.md",
    "notes/dir-out/x.md",
    "../secret.md",
    "notes/../../secret.md",
    "..",
    "notes/..",
    "notes/",
    "/etc/passwd",
    "missing.md",
    "missing-dir/x.md",
    "loop-a.md",
    "folder.md",
    "fifo.md",
    "big.md",
    "binary.md",
    "latin1.md",
    "a\x00b.md",
]


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    root = tmp_path / "wiki"
    (root / "notes").mkdir(parents=True)
    (root / "ccw.md").write_text("---\nx: 1\n---\n# CCW\n\nSLA is 15 minutes.\n", "utf-8")
    (root / "notes" / "deep page.md").write_text("# Deep\n\nDeep text.\n", encoding="utf-8")
    (tmp_path / "secret.md").write_text("top secret\n", encoding="utf-8")
    (tmp_path / "secret-dir").mkdir()
    (tmp_path / "secret-dir" / "x.md").write_text("also secret\n", encoding="utf-8")
    os.symlink(tmp_path / "secret.md", root / "link-out.md")
    os.symlink(tmp_path / "secret-dir", root / "dir-out")
    os.symlink(tmp_path / "secret-dir", root / "notes" / "dir-out")
    os.symlink(root / "ccw.md", root / "link-in.md")
    os.symlink(root / "notes", root / "dir-in")
    os.symlink(root / "loop-b.md", root / "loop-a.md")
    os.symlink(root / "loop-a.md", root / "loop-b.md")
    (root / "folder.md").mkdir()
    os.mkfifo(root / "fifo.md")
    (root / "big.md").write_text("x" * 500, encoding="utf-8")
    (root / "binary.md").write_bytes(b"abc\x00def")
    (root / "latin1.md").write_bytes("café".encode("latin-1"))
    return root


def one_by_one(wiki: Path, rel_path: str) -> str | None:
    try:
        return read_page_text(wiki, rel_path, max_bytes=400)
    except WikiError:
        return None


def test_bulk_reads_match_single_reads(wiki: Path) -> None:
    bulk = list(read_page_texts(wiki, CASES, max_bytes=400))
    expected = [one_by_one(wiki, rel_path) for rel_path in CASES]
    assert bulk == expected
    readable = {path for path, text in zip(CASES, bulk, strict=True) if text is not None}
    assert readable == {
        "ccw.md",
        "notes/deep page.md",
        "notes/./deep page.md",
        "./notes/../ccw.md",
        "link-in.md",
        "dir-in/deep page.md",
    }
    assert bulk[0] is not None and bulk[0].strip() == "# CCW\n\nSLA is 15 minutes."


def test_symlinked_file_takes_the_full_check(wiki: Path) -> None:
    """A symlinked file is followed only when it stays inside the wiki, among plain files read
    as usual: the same answers as `read_page_text` one page at a time."""
    paths = ["ccw.md", "notes/deep page.md", "link-out.md", "link-in.md", "dir-in/deep page.md"]
    texts = list(read_page_texts(wiki, paths))
    assert texts[2] is None  # leads out of the wiki
    assert texts[0] is not None and texts[3] == texts[0]  # link-in.md is ccw.md
    assert texts[1] is not None and texts[4] == texts[1]  # through a symlinked folder
    assert texts == [one_by_one(wiki, path) for path in paths]


def test_file_swapped_for_a_symlink_before_the_open_is_not_followed(
    wiki: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open = os.open

    def swap_then_open(path: str, flags: int, *args: int, **kwargs: int) -> int:
        if str(path).endswith("ccw.md") and not os.path.islink(path):
            os.unlink(path)
            os.symlink(tmp_path / "secret.md", path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", swap_then_open)  # the race, in the standard library
    assert list(read_page_texts(wiki, ["ccw.md"])) == [None]


def check_outcome(check: object, rel_path: str) -> str:
    assert callable(check)
    try:
        check(rel_path)
    except WikiError as error:
        return type(error).__name__
    return "ok"


@given(st.text(alphabet=st.sampled_from(list("ab./\\:~ \x00C\t")), max_size=12))
@example("C:x.md")
@example("a/../../b.md")
@example(" ")
def test_fast_path_check_agrees_with_the_full_check(rel_path: str) -> None:
    assert check_outcome(check_page_path_fast, rel_path) == check_outcome(check_page_path, rel_path)


def test_a_file_that_grows_while_read_is_cut_at_the_limit(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_bytes(b"x" * 300_000)
    descriptor = os.open(page, os.O_RDONLY)
    try:
        assert pages._read_upto(descriptor, 10, 200_001) == b"x" * 200_001
    finally:
        os.close(descriptor)
    descriptor = os.open(page, os.O_RDONLY)
    try:
        assert pages._read_upto(descriptor, 300_000, 400_000) == b"x" * 300_000
    finally:
        os.close(descriptor)


def test_read_pages_confines_each_page_of_a_batch_like_a_single_read(wiki: Path) -> None:
    # Every case in one batch, twice over and shuffled, so folders resolved for one page are
    # reused for the next: each excerpt reads exactly when the page's whole text can be read.
    batch = CASES + CASES[::-1]
    excerpts = read_pages(wiki, [(case, "") for case in batch], max_chars=1500)
    assert [excerpt.path for excerpt in excerpts] == batch
    for case, excerpt in zip(batch, excerpts, strict=True):
        try:
            expected: str | None = read_page_text(wiki, case)
        except WikiError:
            expected = None
        if expected is None:
            assert excerpt.error is not None and excerpt.text == "", case
            assert "secret" not in excerpt.text
        else:
            assert excerpt.error is None, (case, excerpt.error)
            assert excerpt.text == expected.strip(), case
            assert excerpt == read_page(wiki, case, max_chars=1500)


def test_read_pages_of_a_missing_wiki_says_so_for_each_page(tmp_path: Path) -> None:
    excerpts = read_pages(tmp_path / "nowhere", [("ccw.md", "CCW"), ("/etc/passwd", "")])
    assert [e.error for e in excerpts] == ["wiki folder not found", "page is outside the wiki"]


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        ("\ufeffbody\n".encode(), "body\n"),
        ("\ufeff\ufeffbody\n".encode(), "\ufeffbody\n"),  # one BOM is dropped, as utf-8-sig
        (b"\xef\xbb", None),  # a cut BOM is not UTF-8
        ("caf\u00e9".encode("latin-1"), None),
    ],
)
def test_texts_drop_one_utf8_bom(tmp_path: Path, raw: bytes, text: str | None) -> None:
    (tmp_path / "page.md").write_bytes(raw)
    assert list(read_page_texts(tmp_path, ["page.md"], keep_frontmatter=True)) == [text]
    expected = raw.decode("utf-8-sig") if text is not None else None
    assert text == expected

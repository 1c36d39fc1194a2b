"""Snippet passages on disk: a page split by one process is read back by the next one while
its (mtime, size) holds, an edited page is split again, and a damaged store file is a miss
(then replaced), never an error or a different ranking."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from swarm.config import Settings, get_settings
from swarm.wiki.index import load_page_map
from swarm.wiki.ranking import RankedPage, clear_ranker_cache, get_ranker
from swarm.wiki.snippet_store import PASSAGES_CACHE_FOLDER, STORE_FILENAME

QUESTION = "who rebuilt the castle at Falaise in stone"


def castle_wiki(folder: Path) -> Path:
    folder.mkdir(parents=True)
    lines = ["# Index", ""]
    for n in range(12):
        lines.append(f"- [Notes {n}](notes-{n}.md) — reading notes, part {n}")
        (folder / f"notes-{n}.md").write_text(f"Part {n}: a castle and its keep.\n" * 3)
    (folder / "notes-7.md").write_text("# Falaise\n\nThe castle at Falaise was rebuilt in stone.\n")
    (folder / "index.md").write_text("\n".join(lines) + "\n")
    return folder


def ranked(wiki: Path, settings: Settings) -> list[RankedPage]:
    """A ranking as a new process makes it (no ranker in memory; the disk cache as left)."""
    clear_ranker_cache()
    return get_ranker(load_page_map(wiki), settings=settings).rank(QUESTION, 5)


def store_path(settings: Settings) -> Path:
    (found,) = (settings.effective_cache_dir() / PASSAGES_CACHE_FOLDER).rglob(STORE_FILENAME)
    return found


def test_a_later_process_reads_the_passages_an_earlier_one_split(tmp_path: Path) -> None:
    wiki = castle_wiki(tmp_path / "wiki")
    settings = get_settings(cache_dir=tmp_path / "cache")
    first = ranked(wiki, settings)
    assert first[0].path == "notes-7.md" and "rebuilt in stone" in first[0].snippet
    # The same size and mtime with other words: the stored passages are what a later process
    # shows (the page is not read again), as the ranking index keys on the stat too.
    page = wiki / "notes-7.md"
    stat = page.stat()
    page.write_text(page.read_text().replace("rebuilt in stone", "rebuilt in flint"))
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert ranked(wiki, settings) == first
    # A real edit (a new mtime): split again.
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    again = ranked(wiki, settings)
    assert again[0].path == "notes-7.md" and "rebuilt in flint" in again[0].snippet


def test_a_damaged_store_is_a_miss_and_is_replaced(tmp_path: Path) -> None:
    wiki = castle_wiki(tmp_path / "wiki")
    settings = get_settings(cache_dir=tmp_path / "cache")
    expected = ranked(wiki, settings)
    store = store_path(settings)
    store.write_bytes(b"not a database at all" * 100)
    assert ranked(wiki, settings) == expected  # read and split again, nothing raised
    assert ranked(wiki, settings) == expected  # the next process makes a new store
    with sqlite3.connect(store) as connection:
        (count,) = connection.execute("SELECT count(*) FROM passages").fetchone()
    assert count >= 1


def test_an_unusable_store_folder_still_ranks(tmp_path: Path) -> None:
    wiki = castle_wiki(tmp_path / "wiki")
    settings = get_settings(cache_dir=tmp_path / "cache")
    expected = ranked(wiki, settings)
    store = store_path(settings)
    store.unlink()
    store.mkdir()  # a folder where the file should be
    assert ranked(wiki, settings) == expected


def test_a_page_now_over_the_size_limit_is_not_served_from_the_store(tmp_path: Path) -> None:
    wiki = castle_wiki(tmp_path / "wiki")
    page = wiki / "notes-7.md"
    page.write_text("# Falaise\n\nThe castle at Falaise was rebuilt in stone.\n" * 40)
    index = wiki / "index.md"  # its index line names the castle, not the stone
    index.write_text(index.read_text().replace("reading notes, part 7", "the castle at Falaise"))
    first = ranked(wiki, get_settings(cache_dir=tmp_path / "cache"))  # stored: default limit
    assert first[0].path == "notes-7.md" and "rebuilt in stone" in first[0].snippet
    limit = page.stat().st_size - 1  # now too large to read: ranked on its index line
    stored = ranked(wiki, get_settings(cache_dir=tmp_path / "cache", max_page_bytes=limit))
    fresh = ranked(wiki, get_settings(cache_dir=tmp_path / "other", max_page_bytes=limit))
    assert stored == fresh and stored[0].path == "notes-7.md"
    assert "rebuilt in stone" not in stored[0].snippet


def test_a_store_left_half_made_is_made_again(tmp_path: Path) -> None:
    """The file is created without waiting on the disk: what a machine crash mid-creation can
    leave (an empty file, a file without the table) is a store again at the next open."""
    wiki = castle_wiki(tmp_path / "wiki")
    settings = get_settings(cache_dir=tmp_path / "cache")
    expected = ranked(wiki, settings)
    store = store_path(settings)
    with sqlite3.connect(store) as connection:
        (mode,) = connection.execute("PRAGMA journal_mode").fetchone()
    assert mode == "wal"  # readers never wait for a writer
    for left in ("empty", "no table"):
        if left == "empty":
            for path in store.parent.iterdir():
                path.unlink()
            store.write_bytes(b"")
        else:
            with sqlite3.connect(store) as connection:
                connection.execute("DROP TABLE passages")
        assert ranked(wiki, settings) == expected
        with sqlite3.connect(store) as connection:
            (count,) = connection.execute("SELECT count(*) FROM passages").fetchone()
        assert count >= 1, left

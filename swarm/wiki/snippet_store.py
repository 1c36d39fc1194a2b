"""Snippet passages on disk, shared by every process using one cache folder: a page split
once (~0.3 ms) is read back (~0.02 ms) by any later process while its (mtime_ns, size) holds.

One SQLite file per wiki, `<cache>/passages/<wiki key>/snippets.sqlite`, in WAL mode (readers
never wait for a writer). A row is valid for the page's stat when it was read and for this
splitter's code (a hash of its source files and markdown-it's version), so an edited page or
another swarm version is a miss, never a stale hit. Filled lazily, as pages are split (the
first-ever build has no room to fill it up front); only pages read whole are stored. Every
failure (read-only or full disk, a lock held too long, a damaged file) is a miss, and the
file is left alone for 30 s: it is a cache, and ranking never depends on it.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

__all__ = ["PASSAGES_CACHE_FOLDER", "STORE_FILENAME", "SnippetStore", "splitter_version"]

PASSAGES_CACHE_FOLDER = "passages"
STORE_FILENAME = "snippets.sqlite"
# SQLite's limit on parameters in one statement is 999 in old builds.
_CHUNK = 500
# A writer holding the file longer than this makes the others skip (a miss, not a wait).
_BUSY_TIMEOUT_S = 0.05
# After a failure the file is left alone this long (a lock held at open, a full disk...).
_RETRY_AFTER_S = 30.0

Passages = list[tuple[str, bool]]
StatKey = tuple[int, int] | None

_version: str | None = None
_version_lock = threading.Lock()


def splitter_version() -> str:
    """A hash of the code that makes snippet passages: its modules' source and markdown-it's
    version (read once per process). Any change to the splitter makes every row a miss."""
    global _version
    with _version_lock:
        if _version is None:
            import markdown_it

            from swarm.wiki import (
                captions,
                code_comments,
                frontmatter_keys,
                html_text,
                inline_marks,
                page_text,
                pages,
                passages,
                snippet_inline,
                snippet_split,
                snippet_table,
                tokens,
            )

            digest = hashlib.sha256(f"{markdown_it.__version__} {sys.version_info[:2]}".encode())
            modules = (code_comments, page_text, pages, passages, snippet_inline, snippet_split)
            others = (snippet_table, tokens, html_text, inline_marks, frontmatter_keys, captions)
            for module in (*modules, *others):
                digest.update(Path(module.__file__ or "").read_bytes())
            _version = digest.hexdigest()[:24]
        return _version


def _parsed(data: str) -> Passages | None:
    try:
        value = json.loads(data)
    except ValueError:
        return None
    if not isinstance(value, list):
        return None
    out: Passages = []
    for item in value:
        if not (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], str)
            and isinstance(item[1], bool)
        ):
            return None
        out.append((item[0], item[1]))
    return out


class SnippetStore:
    """path -> the page's snippet passages as of its (mtime_ns, size), in one SQLite file.
    Thread-safe; the file is opened on first use."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._unusable_until = 0.0  # time.monotonic() before which the file is not tried

    def _connect(self) -> sqlite3.Connection | None:
        if self._connection is not None or time.monotonic() < self._unusable_until:
            return self._connection
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(
                self.path, timeout=_BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
            )
            # Creating the file (the switch to WAL, the table) with fsync cost 30-50 ms of
            # wall time on a first-ever query, waiting on the disk. Without it, a crash of
            # the machine mid-creation can at worst leave a damaged file, which the next
            # open removes (`_close_broken`) or a missing table, which it creates: a miss.
            connection.execute("PRAGMA synchronous=OFF")
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(
                "CREATE TABLE IF NOT EXISTS passages (path TEXT PRIMARY KEY, mtime_ns INTEGER,"
                " size INTEGER, version TEXT, data TEXT)"
            )
            connection.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.DatabaseError as error:
            self._close_broken(damaged=not isinstance(error, sqlite3.OperationalError))
            return None
        except OSError:
            self._unusable_until = time.monotonic() + _RETRY_AFTER_S
            return None
        self._connection = connection
        return connection

    def get_many(self, keys: Sequence[tuple[str, StatKey]]) -> dict[str, Passages]:
        """The stored passages of each (path, stat) whose row matches that stat and this
        splitter; the others are left out."""
        wanted = {path: stat for path, stat in keys if stat is not None}
        if not wanted:
            return {}
        version = splitter_version()
        found: dict[str, Passages] = {}
        with self._lock:
            connection = self._connect()
            if connection is None:
                return {}
            paths = list(wanted)
            try:
                for start in range(0, len(paths), _CHUNK):
                    chunk = paths[start : start + _CHUNK]
                    marks = ",".join("?" * len(chunk))
                    rows = connection.execute(
                        "SELECT path, mtime_ns, size, data FROM passages"
                        f" WHERE version = ? AND path IN ({marks})",
                        [version, *chunk],
                    ).fetchall()
                    for path, mtime_ns, size, data in rows:
                        if wanted.get(path) == (mtime_ns, size) and isinstance(data, str):
                            passages = _parsed(data)
                            if passages is not None:
                                found[path] = passages
            except sqlite3.DatabaseError as error:
                self._close_broken(damaged=not isinstance(error, sqlite3.OperationalError))
        return found

    def put_many(self, rows: Sequence[tuple[str, StatKey, Passages]]) -> None:
        """Store each page's passages under its stat (one transaction; skipped when another
        process holds the file)."""
        values = [
            (path, stat[0], stat[1], splitter_version(), json.dumps(passages))
            for path, stat, passages in rows
            if stat is not None
        ]
        if not values:
            return
        with self._lock:
            connection = self._connect()
            if connection is None:
                return
            try:
                connection.execute("BEGIN")
                connection.executemany(
                    "INSERT OR REPLACE INTO passages VALUES (?, ?, ?, ?, ?)", values
                )
                connection.execute("COMMIT")
            except sqlite3.OperationalError:  # locked by another writer: skip this time
                self._rollback(connection)
            except sqlite3.DatabaseError:
                self._close_broken(damaged=True)

    def _rollback(self, connection: sqlite3.Connection) -> None:
        try:
            connection.execute("ROLLBACK")
        except sqlite3.Error:
            pass

    def _close_broken(self, *, damaged: bool) -> None:
        """Leave the file alone for a while; a damaged one (not a database, malformed) is
        removed, so the next try starts a new one."""
        self._unusable_until = time.monotonic() + _RETRY_AFTER_S
        if self._connection is not None:
            try:
                self._connection.close()
            except sqlite3.Error:
                pass
            self._connection = None
        if damaged:
            for suffix in ("", "-wal", "-shm"):
                try:
                    self.path.with_name(self.path.name + suffix).unlink(missing_ok=True)
                except OSError:
                    pass

"""The cache admin (swarm/wiki/cache_admin.py): pruning stale temp files, never following
symlinks."""

from __future__ import annotations

import os
import time
from pathlib import Path

from swarm.wiki.cache_admin import STALE_TEMP_S, remove_entries, scan_cache


def test_prune_removes_stale_temp_files_and_never_follows_symlinks(tmp_path: Path) -> None:
    cache = tmp_path / "swarm-cache"
    outside = tmp_path / "precious"
    outside.mkdir()
    (outside / "keep.txt").write_text("not swarm's")
    ranking = cache / "ranking"
    (ranking / "0123456789abcdef").mkdir(parents=True)
    (ranking / "0123456789abcdef" / "index.npz").write_bytes(b"not an npz")
    temp = ranking / "0123456789abcdef" / ".tmp-abc123"
    (ranking / "fedcba9876543210").symlink_to(outside, target_is_directory=True)
    (cache / "page-maps").mkdir()
    staging = cache / "page-maps" / f".{'a' * 24}.json.42.tmp"
    for path in (temp, staging):
        path.write_bytes(b"x" * 10)
        old = time.time() - STALE_TEMP_S - 10
        os.utime(path, (old, old))
    scan = scan_cache(cache)
    reasons = {entry.path.name: entry.dead_because for entry in scan.entries}
    assert reasons == {"0123456789abcdef": "unreadable index file", staging.name: "left by a crash"}
    removal = remove_entries(scan.dead)
    assert removal.bytes_freed == 10 + 10 + len(b"not an npz") and not removal.failed
    assert (outside / "keep.txt").read_text() == "not swarm's"
    assert (ranking / "fedcba9876543210").is_symlink()


def test_snippet_passages_without_their_ranking_index_are_dead(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    orphan = cache / "passages" / "0123456789abcdef"
    orphan.mkdir(parents=True)
    (orphan / "snippets.sqlite").write_bytes(b"x" * 7)
    scan = scan_cache(cache)
    assert [(e.kind, e.dead_because, e.size_bytes) for e in scan.entries] == [
        ("passages", "its ranking index is gone", 7)
    ]
    assert remove_entries(scan.dead).bytes_freed == 7
    assert list(cache.iterdir()) == []  # the emptied `passages` folder goes too

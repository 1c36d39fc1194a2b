"""The cache folder as `swarm status` and `swarm cache` see it: the entries swarm wrote there
(ranking indexes, page vectors, parsed page maps, snippet passages, temporary files), their
sizes, and which ones are dead.

Only names in swarm's own layout are ever touched; symlinks are never followed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from swarm.wiki import embeddings
from swarm.wiki.bm25_store import STORE_FILENAME, STORE_FORMAT
from swarm.wiki.index import INDEX_FILENAME, PAGE_MAP_CACHE_FOLDER, PAGE_MAP_CACHE_FORMAT
from swarm.wiki.ranking import RANKING_CACHE_FOLDER
from swarm.wiki.snippet_store import PASSAGES_CACHE_FOLDER

__all__ = ["CacheEntry", "CacheScan", "Removal", "folder_bytes", "remove_entries", "scan_cache"]

EntryKind = Literal["ranking", "embeddings", "page map", "passages", "temporary file"]
_RANKING_KEY = re.compile(r"[0-9a-f]{16}")
_PAGE_MAP_FILE = re.compile(r"[0-9a-f]{24}\.json")
_PAGE_MAP_STAGING = re.compile(r"\.[0-9a-f]{24}\.json\.\d+\.tmp")
_RANKING_STAGING = re.compile(r"\.tmp-[A-Za-z0-9_]+")
# A temporary file younger than this may belong to a process writing right now.
STALE_TEMP_S = 3600.0


@dataclass(frozen=True, slots=True)
class CacheEntry:
    """One thing swarm wrote into the cache: its path, bytes, the wiki it belongs to (when
    recorded or recognised) and why `prune` removes it (None: it is still of use)."""

    kind: EntryKind
    path: Path
    size_bytes: int
    wiki_dir: str | None = None
    dead_because: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "path": str(self.path),
            "bytes": self.size_bytes,
            "wiki_dir": self.wiki_dir,
            "dead_because": self.dead_because,
        }


@dataclass(frozen=True)
class CacheScan:
    """The cache folder: swarm's entries in it and the size of everything it holds."""

    cache_dir: Path
    exists: bool
    entries: tuple[CacheEntry, ...]
    total_bytes: int

    @property
    def dead(self) -> tuple[CacheEntry, ...]:
        return tuple(entry for entry in self.entries if entry.dead_because is not None)

    def as_dict(self) -> dict[str, Any]:
        kinds: dict[str, dict[str, int]] = {}
        for entry in self.entries:
            row = kinds.setdefault(entry.kind, {"entries": 0, "bytes": 0})
            row["entries"] += 1
            row["bytes"] += entry.size_bytes
        return {
            "path": str(self.cache_dir),
            "exists": self.exists,
            "bytes": self.total_bytes,
            "kinds": kinds,
            "prunable": len(self.dead),
            "prunable_bytes": sum(entry.size_bytes for entry in self.dead),
        }


@dataclass
class Removal:
    """What `remove_entries` did: the entries removed, the bytes freed, what failed."""

    removed: list[CacheEntry] = field(default_factory=list)
    failed: list[tuple[CacheEntry, str]] = field(default_factory=list)

    @property
    def bytes_freed(self) -> int:
        return sum(entry.size_bytes for entry in self.removed)


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return path.lstat()
    except OSError:
        return None


def folder_bytes(path: Path) -> int:
    """The bytes of every file under `path` (or of `path` itself), symlinks not followed."""
    info = _lstat(path)
    if info is None:
        return 0
    if not stat.S_ISDIR(info.st_mode):
        return info.st_size
    total = 0
    for folder, _subfolders, files in os.walk(path, onerror=lambda _error: None):
        for name in files:
            file_info = _lstat(Path(folder) / name)
            total += file_info.st_size if file_info is not None else 0
    return total


def _real_folder(path: Path) -> bool:
    info = _lstat(path)
    return info is not None and stat.S_ISDIR(info.st_mode)


def _known_keys(known_wikis: Iterable[Path]) -> tuple[dict[str, str], dict[str, str]]:
    """Per known wiki, the keys `ranking` and `index` file their entries under."""
    ranking: dict[str, str] = {}
    page_maps: dict[str, str] = {}
    for wiki in known_wikis:
        try:
            root = Path(wiki).expanduser().resolve()
            index = (root / INDEX_FILENAME).resolve()
        except (OSError, RuntimeError):
            continue
        ranking[hashlib.sha256(str(root).encode("utf-8", "surrogatepass")).hexdigest()[:16]] = str(
            root
        )
        key = f"{root}\x00{index}".encode("utf-8", "surrogatepass")
        page_maps[hashlib.sha256(key).hexdigest()[:24]] = str(root)
    return ranking, page_maps


def _wiki_gone(wiki_dir: str) -> bool:
    return not (Path(wiki_dir) / INDEX_FILENAME).is_file()


def _stale_temp(info: os.stat_result, now: float) -> bool:
    return now - info.st_mtime >= STALE_TEMP_S


def _ranking_entries(folder: Path, known: dict[str, str], now: float) -> Iterator[CacheEntry]:
    for child in sorted(folder.iterdir()):
        if not _RANKING_KEY.fullmatch(child.name) or not _real_folder(child):
            continue
        store = child / STORE_FILENAME
        meta = _store_meta(store)
        wiki = meta.get("wiki_dir") or known.get(child.name) or None
        dead = _dead_reason(meta, wiki, "index file", STORE_FORMAT)
        yield from _entry_and_temps("ranking", child, wiki, dead, now)


def _dead_reason(
    meta: dict[str, Any], wiki: str | None, what: str, store_format: int
) -> str | None:
    """Why a stored entry can go (unreadable, another version's, its wiki gone), or None."""
    if meta.get("unreadable"):
        return f"unreadable {what}"
    if meta.get("format") != store_format:
        return "built by another swarm version"
    if wiki is not None and _wiki_gone(wiki):
        return "its wiki is gone"
    return None


def _entry_and_temps(
    kind: EntryKind, child: Path, wiki: str | None, dead: str | None, now: float
) -> Iterator[CacheEntry]:
    """The entry for the folder `child` (its size without stale temporary files) and those."""
    temps = [] if dead is not None else list(_stale_temps(child, wiki, now))
    size = folder_bytes(child) - sum(temp.size_bytes for temp in temps)
    yield CacheEntry(kind, child, size, wiki, dead)
    yield from temps


def _stale_temps(folder: Path, wiki: str | None, now: float) -> Iterator[CacheEntry]:
    """Temporary index files in a ranking folder left by a writer that died (`save_index`
    removes them too, but only when it next writes that wiki's index)."""
    for other in sorted(folder.iterdir()):
        info = _lstat(other)
        if info is None or not _RANKING_STAGING.fullmatch(other.name):
            continue
        if stat.S_ISREG(info.st_mode) and _stale_temp(info, now):
            yield CacheEntry("temporary file", other, info.st_size, wiki, "left by a crash")


def _embeddings_entries(folder: Path, known: dict[str, str], now: float) -> Iterator[CacheEntry]:
    """One entry per (wiki, model) vectors folder: `embeddings/<wiki key>/<model key>/`."""
    for wiki_folder in sorted(folder.iterdir()):
        if not _RANKING_KEY.fullmatch(wiki_folder.name) or not _real_folder(wiki_folder):
            continue
        for child in sorted(wiki_folder.iterdir()):
            if not _RANKING_KEY.fullmatch(child.name) or not _real_folder(child):
                continue
            meta = embeddings.stored_meta(child) or {"unreadable": True}
            wiki = meta.get("wiki_dir") or known.get(wiki_folder.name) or None
            dead = _dead_reason(meta, wiki, "vectors file", embeddings.STORE_FORMAT)
            yield from _entry_and_temps("embeddings", child, wiki, dead, now)


def _passages_entries(
    folder: Path, rankings: dict[str, CacheEntry], known: dict[str, str]
) -> Iterator[CacheEntry]:
    """One entry per wiki's snippet passages (`passages/<wiki key>/`): they serve that wiki's
    ranking index, so they are dead with it, or when it is gone."""
    for child in sorted(folder.iterdir()):
        if not _RANKING_KEY.fullmatch(child.name) or not _real_folder(child):
            continue
        ranking = rankings.get(child.name)
        wiki = (ranking.wiki_dir if ranking is not None else None) or known.get(child.name)
        dead = None
        if ranking is None:
            dead = "its ranking index is gone"
        elif ranking.dead_because is not None:
            dead = ranking.dead_because
        yield CacheEntry("passages", child, folder_bytes(child), wiki, dead)


def _store_meta(store: Path) -> dict[str, Any]:
    """The `meta` member of a ranking index file (read alone, no arrays)."""
    info = _lstat(store)
    if info is None or not stat.S_ISREG(info.st_mode):
        return {"unreadable": True}
    try:
        import numpy as np

        with store.open("rb") as handle, np.load(handle, allow_pickle=False) as archive:
            raw = bytes(archive["meta"].astype(np.uint8, copy=False))
        meta = json.loads(raw.decode("utf-8", "surrogatepass"))
        return meta if isinstance(meta, dict) else {"unreadable": True}
    except Exception:  # partial, corrupt or not ours at all: a dead entry
        return {"unreadable": True}


def _page_map_entries(folder: Path, known: dict[str, str], now: float) -> Iterator[CacheEntry]:
    for child in sorted(folder.iterdir()):
        info = _lstat(child)
        if info is None or not stat.S_ISREG(info.st_mode):
            continue
        if _PAGE_MAP_STAGING.fullmatch(child.name):
            if _stale_temp(info, now):
                yield CacheEntry("temporary file", child, info.st_size, None, "left by a crash")
            continue
        if not _PAGE_MAP_FILE.fullmatch(child.name):
            continue
        data = _page_map_head(child)
        wiki = data.get("wiki") or known.get(child.name[:24]) or None
        dead = None
        if data.get("unreadable"):
            dead = "unreadable page map"
        elif data.get("format") != PAGE_MAP_CACHE_FORMAT:
            dead = "written by another swarm version"
        elif wiki is not None and _wiki_gone(wiki):
            dead = "its wiki is gone"
        elif isinstance(data.get("index"), str) and _index_changed(data["index"], data):
            dead = "its index.md changed since (it is parsed again on next use)"
        yield CacheEntry("page map", child, info.st_size, wiki, dead)


def _page_map_head(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"unreadable": True}
    return data if isinstance(data, dict) else {"unreadable": True}


def _index_changed(index_path: str, data: dict[str, Any]) -> bool:
    try:
        info = os.stat(index_path)
    except OSError:
        return True
    return data.get("stat") != [info.st_mtime_ns, info.st_size]


def scan_cache(cache_dir: Path, *, known_wikis: Iterable[Path] = ()) -> CacheScan:
    """swarm's entries under `cache_dir` (see `CacheEntry`). An entry records its wiki; older
    ones are recognised by their key when they belong to one of `known_wikis`, else their
    owner is unknown and `prune` keeps them (`clear` removes them). Reads only."""
    root = Path(cache_dir).expanduser()
    if not _real_folder(root):
        return CacheScan(root, False, (), 0)
    ranking_keys, page_map_keys = _known_keys(known_wikis)
    now = time.time()
    entries: list[CacheEntry] = []
    ranking = root / RANKING_CACHE_FOLDER
    if _real_folder(ranking):
        entries += _ranking_entries(ranking, ranking_keys, now)
    vectors = root / embeddings.EMBEDDINGS_CACHE_FOLDER
    if _real_folder(vectors):
        entries += _embeddings_entries(vectors, ranking_keys, now)
    page_maps = root / PAGE_MAP_CACHE_FOLDER
    if _real_folder(page_maps):
        entries += _page_map_entries(page_maps, page_map_keys, now)
    passages = root / PASSAGES_CACHE_FOLDER
    if _real_folder(passages):
        rankings = {entry.path.name: entry for entry in entries if entry.kind == "ranking"}
        entries += _passages_entries(passages, rankings, ranking_keys)
    return CacheScan(root, True, tuple(entries), folder_bytes(root))


def remove_entries(entries: Iterable[CacheEntry]) -> Removal:
    """Remove these entries (a folder with what it holds, never through a symlink); the
    `ranking` / `page-maps` folders go too when left empty."""
    removal = Removal()
    parents: set[Path] = set()
    folders = ("ranking", "embeddings", "passages")
    ordered = sorted(entries, key=lambda entry: entry.kind in folders)  # temp files first
    for entry in ordered:
        try:
            info = entry.path.lstat()
            if stat.S_ISDIR(info.st_mode):
                shutil.rmtree(entry.path)  # refuses a symlink; unlinks links inside
            else:
                entry.path.unlink()
        except FileNotFoundError:
            pass  # removed with its folder, or by another process
        except OSError as error:
            removal.failed.append((entry, error.strerror or str(error)))
            continue
        removal.removed.append(entry)
        parents.add(entry.path.parent)
    vectors_folder = embeddings.EMBEDDINGS_CACHE_FOLDER
    for parent in parents:
        # A vectors folder's parent is its wiki's folder under `embeddings/`: both may go.
        chain = [parent, parent.parent] if parent.parent.name == vectors_folder else [parent]
        for folder in chain:
            if folder.name in (
                RANKING_CACHE_FOLDER,
                PAGE_MAP_CACHE_FOLDER,
                PASSAGES_CACHE_FOLDER,
                vectors_folder,
            ) or (folder.parent.name == vectors_folder):
                try:
                    folder.rmdir()  # only when empty
                except OSError:
                    pass
    return removal

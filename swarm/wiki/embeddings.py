"""Page vectors for hybrid ranking: the disk cache of one wiki's page embeddings under one
model, kept current incrementally, the nearest pages to a query vector, and the reciprocal
rank fusion of a BM25 ranking with a vector ranking. No network here: the vectors come from
the caller (`swarm.hybrid_ranking` asks the endpoint for them).

Cache: `<cache>/embeddings/<wiki key>/<model key>/` beside the BM25 cache's `ranking/`
folder, never inside the wiki. `pages.npz` holds, per page with a vector, its path, a key
of its (mtime_ns, size) and index line, and the hash of the text that was embedded;
`vectors-<generation>.npy` the unit-length float32 vectors, row for row, loaded as a memory
map (100,000 pages at 768 dimensions is ~300 MB: never Python lists). A page whose stat and
index line are unchanged is not read again; a changed page is re-read, and re-embedded only
when its text's hash changed; a page gone from the index loses its row at the next save.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from swarm.wiki.index import PageEntry, PageMap
from swarm.wiki.pages import read_page_texts

__all__ = [
    "EMBEDDINGS_CACHE_FOLDER",
    "EMBED_TEXT_CHARS",
    "RRF_K",
    "PageVectors",
    "VectorPlan",
    "embedding_text",
    "fuse_candidates",
    "plan_vectors",
    "store_folder",
    "stored_meta",
    "stored_vector_count",
]

EMBEDDINGS_CACHE_FOLDER = "embeddings"
# What is embedded of a page: its index line and the start of its body. ~500 tokens, inside
# the context of the small embedding models (512 tokens) as of the large ones.
EMBED_TEXT_CHARS = 2000
# The usual reciprocal rank fusion constant (Cormack et al. 2009).
RRF_K = 60
STORE_FORMAT = 1
_META_FILE = "pages.npz"
_HASH_BYTES = 16
# Another generation's vectors file younger than this may belong to a writer right now.
_KEEP_RECENT_S = 60.0

FloatMatrix = npt.NDArray[np.float32]
_GENERATION = re.compile(r"[0-9a-f]{1,40}")
_FILL_ROWS = 8192  # stored rows copied into a new vectors file at a time


def fuse_candidates(
    bm25_ranked: Sequence[str], vector_ranked: Sequence[str], *, k: int = RRF_K
) -> list[tuple[str, float]]:
    """Reciprocal rank fusion: each page scores the sum of 1 / (k + rank) over the rankings
    that hold it (ranks from 1), best first; ties go to the better single rank, then to the
    BM25 ranking's order. Returns (path, fused score) pairs."""
    scores: dict[str, float] = {}
    best: dict[str, tuple[int, int]] = {}
    for which, ranking in enumerate((bm25_ranked, vector_ranked)):
        for rank, path in enumerate(dict.fromkeys(ranking), start=1):
            scores[path] = scores.get(path, 0.0) + 1.0 / (k + rank)
            best[path] = min(best.get(path, (rank, which)), (rank, which))
    return sorted(scores.items(), key=lambda item: (-item[1], best[item[0]]))


def embedding_text(entry: PageEntry, body: str | None) -> str:
    """The text embedded for a page: title, description and the start of its body (the
    index line alone when the page can't be read), at most `EMBED_TEXT_CHARS`."""
    head = f"{entry.title}\n{entry.description}".strip()
    text = f"{head}\n\n{body.strip()}" if body and body.strip() else head
    return text[:EMBED_TEXT_CHARS]


def _text_hash(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=_HASH_BYTES).digest()


def store_folder(cache_dir: Path, wiki_dir: Path, model_key: str) -> Path | None:
    """The cache folder of this wiki's vectors under `model_key` (the model and endpoint it
    was asked of), or None when it would land in the wiki (never written into)."""
    try:
        cache = Path(cache_dir).expanduser().resolve()
        wiki = Path(wiki_dir).resolve()
    except (OSError, RuntimeError):
        return None
    if cache == wiki or cache.is_relative_to(wiki):
        return None
    wiki_key = hashlib.sha256(str(wiki).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    model_hash = hashlib.sha256(model_key.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return cache / EMBEDDINGS_CACHE_FOLDER / wiki_key / model_hash


# --- the stored vectors ---------------------------------------------------------------------


@dataclass(frozen=True)
class PageVectors:
    """Unit-length vectors of pages: row i of `matrix` (memory-mapped when read from the
    cache) belongs to `paths[i]`, embedded from text hashing to `hashes[i]`."""

    paths: list[str]
    matrix: FloatMatrix
    hashes: list[bytes] = field(default_factory=list)
    read_keys: list[bytes] = field(default_factory=list)
    generation: str = ""  # the vectors file's, when read from the cache

    def __len__(self) -> int:
        return len(self.paths)

    @property
    def dims(self) -> int:
        return int(self.matrix.shape[1]) if self.matrix.ndim == 2 else 0

    def nearest(self, query_vector: FloatMatrix, k: int) -> list[str]:
        """The `k` pages closest to `query_vector` (cosine), best first; none when the
        dimensions differ (a vector of another model)."""
        if not self.paths or k <= 0 or query_vector.shape != (self.dims,):
            return []
        norm = float(np.linalg.norm(query_vector))
        if not np.isfinite(norm) or norm == 0.0:
            return []
        scores = np.asarray(self.matrix @ (query_vector / norm).astype(np.float32))
        count = min(k, len(scores))
        top = np.argpartition(-scores, count - 1)[:count] if count < len(scores) else None
        rows = top.tolist() if top is not None else list(range(len(scores)))
        rows.sort(key=lambda row: (-float(scores[row]), row))
        return [self.paths[row] for row in rows]


def _load(folder: Path) -> PageVectors | None:
    """The stored vectors, memory-mapped; None when missing, partial or not ours."""
    try:
        with (folder / _META_FILE).open("rb") as handle, np.load(handle) as archive:
            meta = json.loads(bytes(archive["meta"]).decode("utf-8"))
            paths_blob = bytes(archive["paths"]).decode("utf-8", "surrogatepass")
            hash_blob, key_blob = bytes(archive["hashes"]), bytes(archive["read_keys"])
        generation = str(meta.get("generation", ""))
        if meta.get("format") != STORE_FORMAT or not _GENERATION.fullmatch(generation):
            return None
        rows, dims = int(meta["rows"]), int(meta["dims"])
        paths = paths_blob.split("\0") if rows else []
        if len(paths) != rows or not len(hash_blob) == len(key_blob) == rows * _HASH_BYTES:
            return None
        if rows == 0:
            return PageVectors([], _empty(), [], [])
        matrix = np.load(folder / f"vectors-{generation}.npy", mmap_mode="r", allow_pickle=False)
        if matrix.dtype != np.float32 or matrix.shape != (rows, dims):
            return None
        return PageVectors(paths, matrix, _split(hash_blob), _split(key_blob), generation)
    except Exception:  # missing, partial or corrupt: only a cache miss
        return None


def _split(blob: bytes) -> list[bytes]:
    return [blob[at : at + _HASH_BYTES] for at in range(0, len(blob), _HASH_BYTES)]


def _unit(vector: FloatMatrix | None) -> FloatMatrix | None:
    if vector is None or vector.ndim != 1:
        return None
    norm = float(np.linalg.norm(vector))
    if not np.isfinite(norm) or norm == 0.0:
        return None
    return (vector / norm).astype(np.float32)


def _empty() -> FloatMatrix:
    return np.zeros((0, 0), dtype=np.float32)


def _write_atomic(path: Path, write: Any) -> None:
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tmp-", delete=False) as handle:
        staging = Path(handle.name)
        try:
            write(handle)
        except BaseException:
            handle.close()
            staging.unlink(missing_ok=True)
            raise
    os.replace(staging, path)


def _save_meta(folder: Path, vectors: PageVectors, generation: str, model: str, wiki: str) -> None:
    meta = {
        "format": STORE_FORMAT,
        "model": model,
        "wiki_dir": wiki,
        "rows": len(vectors),
        "dims": vectors.dims,
        "generation": generation,
    }
    arrays: dict[str, Any] = {
        "meta": np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8),
        "paths": np.frombuffer(
            "\0".join(vectors.paths).encode("utf-8", "surrogatepass"), dtype=np.uint8
        ),
        "hashes": np.frombuffer(b"".join(vectors.hashes), dtype=np.uint8),
        "read_keys": np.frombuffer(b"".join(vectors.read_keys), dtype=np.uint8),
    }
    _write_atomic(folder / _META_FILE, lambda handle: np.savez(handle, **arrays))
    keep = f"vectors-{generation}.npy"
    for other in folder.glob("vectors-*.npy"):
        try:
            if other.name != keep and time.time() - other.stat().st_mtime > _KEEP_RECENT_S:
                other.unlink(missing_ok=True)
        except OSError:
            continue


def stored_meta(folder: Path) -> dict[str, Any] | None:
    """The `meta` of a vectors folder's pages file (format, model, wiki_dir, rows, dims),
    read alone; None when missing or unreadable."""
    try:
        with (folder / _META_FILE).open("rb") as handle, np.load(handle) as archive:
            meta = json.loads(bytes(archive["meta"]).decode("utf-8"))
        return meta if isinstance(meta, dict) else None
    except Exception:  # partial, corrupt or not ours
        return None


def stored_vector_count(folder: Path | None) -> int | None:
    """How many pages the cache folder holds vectors for (None: no readable cache)."""
    stored = _load(folder) if folder is not None else None
    return None if stored is None else len(stored)


# --- bringing the vectors up to date ----------------------------------------------------------


def _read_key(root: str, entry: PageEntry) -> bytes | None:
    """A key of the page's stat and index line: equal keys, same embedded text (no read)."""
    try:
        stat = os.stat(os.path.join(root, entry.path))
    except (OSError, ValueError):
        return None
    line = f"{entry.path}\0{stat.st_mtime_ns}\0{stat.st_size}\0{entry.title}\0{entry.description}"
    return _text_hash(line)


@dataclass
class VectorPlan:
    """One wiki's pages against its stored vectors: `texts` are what still needs embedding
    (`todo`: their page numbers in the map); `finish` takes their vectors and saves."""

    page_map: PageMap
    folder: Path | None
    model: str
    hashes: list[bytes]
    read_keys: list[bytes]
    stored: PageVectors | None
    todo: list[int]
    texts: list[str]

    def finish(self, fresh: Sequence[FloatMatrix | None]) -> PageVectors:
        """The vectors of every page that has one (stored, or in `fresh`: one per `todo`
        page, None where it was not embedded this time), in page-map order; written to the
        cache (and read back memory-mapped) when they differ from what was stored."""
        stored = self.stored
        reuse = {digest: row for row, digest in enumerate(stored.hashes)} if stored else {}
        new_rows = {
            doc: v for doc, v in zip(self.todo, map(_unit, fresh), strict=True) if v is not None
        }
        dims = (
            next(iter(new_rows.values())).shape[0] if new_rows else (stored.dims if stored else 0)
        )
        layout: list[tuple[int, int]] = []  # (page, stored row or -1 for a fresh vector)
        for doc in range(len(self.page_map.entries)):
            if doc in new_rows:
                if new_rows[doc].shape == (dims,):
                    layout.append((doc, -1))
            elif stored is not None and stored.dims == dims and self.hashes[doc] in reuse:
                layout.append((doc, reuse[self.hashes[doc]]))
        entries = self.page_map.entries
        paths = [entries[doc].path for doc, _ in layout]
        hashes = [self.hashes[doc] for doc, _ in layout]
        read_keys = [self.read_keys[doc] for doc, _ in layout]
        same_rows = (
            stored is not None
            and not new_rows
            and [row for _, row in layout] == list(range(len(stored)))
        )
        if stored is not None and same_rows:
            if (stored.paths, stored.read_keys) == (paths, read_keys):
                return stored  # nothing changed
            # Pages touched or renamed, their text unchanged: a new pages file only.
            vectors = PageVectors(paths, stored.matrix, hashes, read_keys, stored.generation)
        else:
            vectors = PageVectors(paths, _fill(layout, new_rows, stored, dims), hashes, read_keys)
        if self.folder is None:
            return vectors
        return _saved(self.folder, vectors, model=self.model, wiki=str(self.page_map.wiki_dir))


def _fill(
    layout: list[tuple[int, int]],
    new_rows: dict[int, FloatMatrix],
    stored: PageVectors | None,
    dims: int,
) -> FloatMatrix:
    if not layout:
        return _empty()
    matrix = np.empty((len(layout), dims), dtype=np.float32)
    rows = np.array([row for _, row in layout], dtype=np.int64)
    kept = np.flatnonzero(rows >= 0)
    for start in range(0, len(kept), _FILL_ROWS):  # a chunk at a time off the memory map
        chunk = kept[start : start + _FILL_ROWS]
        assert stored is not None
        matrix[chunk] = stored.matrix[rows[chunk]]
    for position in np.flatnonzero(rows < 0).tolist():
        matrix[position] = new_rows[layout[position][0]]
    return matrix


def _saved(folder: Path, vectors: PageVectors, *, model: str, wiki: str) -> PageVectors:
    """Write `vectors` (a new vectors file unless they carry the stored generation's, then
    the pages file naming it; each through a temporary file and a rename) and read them back
    as a memory map. Failures keep them in memory."""
    generation = vectors.generation or f"{time.time_ns():x}{os.getpid():x}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if len(vectors) and not vectors.generation:
            name = folder / f"vectors-{generation}.npy"
            _write_atomic(name, lambda handle: np.save(handle, vectors.matrix))
        _save_meta(folder, vectors, generation, model, wiki)
    except Exception:  # read-only or full disk: the vectors in memory still serve
        return vectors
    return _load(folder) or vectors


def plan_vectors(
    page_map: PageMap, *, folder: Path | None, model: str, max_page_bytes: int, dims: int = 0
) -> VectorPlan:
    """Which pages need embedding. A page whose read key (stat and index line) matches its
    stored row keeps that row's text hash, unread; the others are read and hashed, and
    reuse a stored vector of the same hash (a page renamed or touched). The rest are the
    plan's `texts`. Stored vectors of other than `dims` dimensions (when given: the query's)
    are of another model under the same name, and none is reused. Raises `PageUnreadable`
    when the wiki folder is gone."""
    stored = _load(folder) if folder is not None else None
    if stored is not None and dims and stored.dims not in (0, dims):
        stored = None
    known: dict[bytes, int] = {}
    reusable: set[bytes] = set()
    if stored is not None:
        known = {key: row for row, key in enumerate(stored.read_keys)}
        reusable = set(stored.hashes)
    root = str(page_map.wiki_dir)
    entries = page_map.entries
    read_keys = [_read_key(root, entry) or b"" for entry in entries]
    hashes: list[bytes] = [b""] * len(entries)
    unread: list[int] = []
    for doc, key in enumerate(read_keys):
        row = known.get(key) if key else None
        if stored is not None and row is not None and stored.paths[row] == entries[doc].path:
            hashes[doc] = stored.hashes[row]
        else:
            unread.append(doc)
    todo: list[int] = []
    texts: list[str] = []
    paths = (entries[doc].path for doc in unread)
    for doc, body in zip(
        unread, read_page_texts(Path(root), paths, max_bytes=max_page_bytes), strict=True
    ):
        text = embedding_text(entries[doc], body)
        hashes[doc] = _text_hash(text)
        if hashes[doc] not in reusable:
            todo.append(doc)
            texts.append(text)
    return VectorPlan(page_map, folder, model, hashes, read_keys, stored, todo, texts)

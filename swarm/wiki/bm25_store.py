"""The BM25 index's cache file: the term counts and the score matrix in one file, so a new
process re-reads only pages that changed.

The cache file is an uncompressed `.npz` (numpy arrays, loaded with `allow_pickle=False`):
the score matrix in bm25s's CSC layout (`data`, `indices`, `indptr`), each entry's term
frequency beside it (`tf`), each page's token count (`lengths`) and key (`keys`), and the
vocabulary. The counts by page, needed only for an update, are derived from `tf`.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import bm25s
import numpy as np
import numpy.typing as npt

from swarm.wiki.bm25_index import KEY_BYTES, BuiltIndex, StoredTerms, make_retriever
from swarm.wiki.bm25_layout import TermMajor

__all__ = [
    "STORE_FILENAME",
    "STORE_FORMAT",
    "load_matrix",
    "load_stored_terms",
    "save_index",
]

# Bump when tokenization, document layout or the file's members change.
STORE_FORMAT = 8  # 3: CJK bigrams; 4: stems (stopped = stop); 5: frontmatter names; 6: counts
# by term (`tf`), not by page; 7: CJK runs split where their script changes; 8: French -x plurals
STORE_FILENAME = "index.npz"
_STALE_TEMP_S = 3600.0


# --- the cache file -----------------------------------------------------------------------


def _meta(max_page_bytes: int) -> dict[str, Any]:
    return {"format": STORE_FORMAT, "bm25s": bm25s.__version__, "max_page_bytes": max_page_bytes}


def _text_blob(text: str) -> npt.NDArray[np.uint8]:
    return np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)


def _blob_text(blob: npt.NDArray[Any]) -> str:
    return bytes(blob.astype(np.uint8, copy=False)).decode("utf-8", "surrogatepass")


def _read_vocab(archive: Any, vocab_size: int) -> list[str]:
    vocab = _blob_text(archive["vocab"]).split("\n") if vocab_size else []
    if len(vocab) != vocab_size:
        raise ValueError("vocabulary size mismatch")
    return vocab


def save_index(
    path: Path, built: BuiltIndex, *, fingerprint: str, max_page_bytes: int, wiki_dir: str = ""
) -> None:
    """Write the cache file through a temporary file and a rename (readers never see half a
    file), and remove anything else in its folder. Failures are ignored: it is a cache.
    `wiki_dir` is recorded so `swarm cache prune` can tell an entry whose wiki is gone."""
    stored = built.stored
    counts = stored.counts
    meta = {
        **_meta(max_page_bytes),
        "wiki_dir": wiki_dir,
        "fingerprint": fingerprint,
        "vocab_size": len(stored.vocab),
        "num_docs": counts.num_docs,
    }
    arrays: dict[str, Any] = {
        "meta": _text_blob(json.dumps(meta)),
        "vocab": _text_blob("\n".join(stored.vocab)),
        "keys": np.frombuffer(b"".join(stored.keys), dtype=np.uint8),
        "lengths": counts.lengths,
        "indptr": counts.indptr,
        "indices": counts.docs,
        "tf": counts.tf,
    }
    if built.retriever is not None:
        arrays["data"] = built.retriever.scores["data"]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tmp-", delete=False) as handle:
            staging = Path(handle.name)
            try:
                np.savez(handle, **arrays)
            except BaseException:
                handle.close()
                staging.unlink(missing_ok=True)
                raise
        os.replace(staging, path)
        _remove_others(path)
    except Exception:  # read-only or full disk: the in-memory index still serves
        return


def _remove_others(path: Path) -> None:
    """Older cache layouts and temporary files left by crashed writers."""
    for other in path.parent.iterdir():
        if other == path:
            continue
        if other.name.startswith("."):
            try:
                if time.time() - other.stat().st_mtime < _STALE_TEMP_S:
                    continue  # maybe another process writing right now
            except OSError:
                continue
        if other.is_dir() and not other.is_symlink():
            shutil.rmtree(other, ignore_errors=True)
        else:
            other.unlink(missing_ok=True)


def load_matrix(
    path: Path, fingerprint: str, num_docs: int, max_page_bytes: int
) -> bm25s.BM25 | None:
    """The saved retriever when the file describes exactly this wiki (its fingerprint),
    else None. Reads only the matrix and vocabulary, not the per-page counts."""
    try:
        # Our own handle: np.load leaks its own when the zip directory is damaged.
        with path.open("rb") as handle, np.load(handle, allow_pickle=False) as archive:
            meta = json.loads(_blob_text(archive["meta"]))
            if meta.get("fingerprint") != fingerprint or meta.get("num_docs") != num_docs:
                return None
            if "data" not in archive.files:
                return None
            if any(meta.get(key) != value for key, value in _meta(max_page_bytes).items()):
                return None
            vocab_size = int(meta["vocab_size"])
            vocab = _read_vocab(archive, vocab_size)
            data, indices = archive["data"], archive["indices"]
            indptr = archive["indptr"]
        if (
            data.dtype != np.float32
            or indices.dtype != np.int32
            or len(indptr) != vocab_size + 1
            or len(data) != len(indices)
            or int(indptr[-1]) != len(data)
            or (len(indices) and not 0 <= int(indices.min()) <= int(indices.max()) < num_docs)
            or np.any(np.diff(indptr) < 0)
        ):
            return None
        matrix = {"data": data, "indices": indices, "indptr": indptr, "num_docs": num_docs}
        return make_retriever(matrix, dict(zip(vocab, range(vocab_size), strict=True)))
    except Exception:  # missing, partial or corrupt: only a cache miss
        return None


def load_stored_terms(path: Path, max_page_bytes: int) -> StoredTerms | None:
    """The per-page counts of the cache file, to reuse for unchanged pages; None when the
    file is missing, corrupt or was built with other settings."""
    try:
        # Our own handle: np.load leaks its own when the zip directory is damaged.
        with path.open("rb") as handle, np.load(handle, allow_pickle=False) as archive:
            meta = json.loads(_blob_text(archive["meta"]))
            if any(meta.get(key) != value for key, value in _meta(max_page_bytes).items()):
                return None
            vocab_size, num_docs = int(meta["vocab_size"]), int(meta["num_docs"])
            vocab = _read_vocab(archive, vocab_size)
            key_blob = bytes(archive["keys"])
            counts = TermMajor(
                archive["indptr"], archive["indices"], archive["tf"], archive["lengths"]
            )
        keys = [key_blob[at : at + KEY_BYTES] for at in range(0, len(key_blob), KEY_BYTES)]
        indptr, docs, tf = counts.indptr, counts.docs, counts.tf
        if (
            indptr.dtype != np.int64
            or docs.dtype != np.int32
            or tf.dtype not in (np.uint16, np.int32)
            or counts.lengths.dtype != np.int64
            or len(counts.lengths) != num_docs
            or len(key_blob) != KEY_BYTES * num_docs
            or len(indptr) != vocab_size + 1
            or indptr[0] != 0
            or np.any(np.diff(indptr) < 0)
            or int(indptr[-1]) != len(docs)
            or len(tf) != len(docs)
            or (len(tf) and int(tf.min()) < 1)
            or (len(docs) and not 0 <= int(docs.min()) <= int(docs.max()) < num_docs)
        ):
            return None
        return StoredTerms(keys, vocab, counts)
    except Exception:  # missing, partial or corrupt: rebuild from the pages
        return None

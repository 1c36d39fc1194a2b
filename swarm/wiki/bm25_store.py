"""The BM25 index's cache file: the term counts and the score matrix in one file, so a new
process re-reads only pages that changed.

The cache file is an uncompressed `.npz` (numpy arrays, loaded with `allow_pickle=False`).
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

from swarm.wiki.bm25_index import KEY_BYTES, BuiltIndex, DocTerms, StoredTerms, make_retriever

__all__ = [
    "STORE_FILENAME",
    "STORE_FORMAT",
    "load_matrix",
    "load_stored_terms",
    "save_index",
]

# Bump when tokenization, document layout or the file's members change.
STORE_FORMAT = 5  # 3: CJK bigrams; 4: stems (stopped = stop); 5: frontmatter names
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
    meta = {
        **_meta(max_page_bytes),
        "wiki_dir": wiki_dir,
        "fingerprint": fingerprint,
        "vocab_size": len(stored.vocab),
        "num_docs": stored.terms.num_docs,
    }
    arrays: dict[str, Any] = {
        "meta": _text_blob(json.dumps(meta)),
        "vocab": _text_blob("\n".join(stored.vocab)),
        "keys": np.frombuffer(b"".join(stored.keys), dtype=np.uint8),
        "offsets": stored.terms.offsets,
        "term_ids": stored.terms.term_ids,
        "counts": stored.terms.counts,
        "lengths": stored.terms.lengths,
    }
    if built.retriever is not None:
        scores = built.retriever.scores
        arrays.update(data=scores["data"], indices=scores["indices"], indptr=scores["indptr"])
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
            vocab_size = int(meta["vocab_size"])
            vocab = _read_vocab(archive, vocab_size)
            key_blob = bytes(archive["keys"])
            terms = DocTerms(
                archive["offsets"], archive["term_ids"], archive["counts"], archive["lengths"]
            )
        keys = [key_blob[at : at + KEY_BYTES] for at in range(0, len(key_blob), KEY_BYTES)]
        offsets = terms.offsets
        if (
            offsets.dtype != np.int64
            or terms.term_ids.dtype != np.int32
            or terms.counts.dtype != np.int32
            or terms.lengths.dtype != np.int64
            or len(terms.lengths) != terms.num_docs
            or len(key_blob) != KEY_BYTES * terms.num_docs
            or len(offsets) < 1
            or offsets[0] != 0
            or np.any(np.diff(offsets) < 0)
            or int(offsets[-1]) != len(terms.term_ids)
            or len(terms.counts) != len(terms.term_ids)
            or (len(terms.counts) and int(terms.counts.min()) < 1)
            or (
                len(terms.term_ids)
                and not 0 <= int(terms.term_ids.min()) <= int(terms.term_ids.max()) < vocab_size
            )
        ):
            return None
        return StoredTerms(keys, vocab, terms)
    except Exception:  # missing, partial or corrupt: rebuild from the pages
        return None

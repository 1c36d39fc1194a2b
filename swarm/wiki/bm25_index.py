"""The BM25 index's arrays: pages encoded to per-page term counts, the score matrix built from
them, and one cache file holding both so a new process re-reads only pages that changed.

The cache file is an uncompressed `.npz` (numpy arrays, loaded with `allow_pickle=False`).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bm25s
import numpy as np
import numpy.typing as npt

from swarm.wiki.index import PageEntry, PageMap
from swarm.wiki.pages import read_page_texts
from swarm.wiki.tokens import stem, words

__all__ = [
    "STORE_FILENAME",
    "BuiltIndex",
    "CorpusEncoder",
    "DocTerms",
    "StoredTerms",
    "bm25_matrix",
    "build_index",
    "document_head",
    "load_matrix",
    "load_stored_terms",
    "make_retriever",
    "save_index",
]

Int32Array = npt.NDArray[np.int32]
Int64Array = npt.NDArray[np.int64]
StatKey = tuple[int, int] | None

# Bump when tokenization, document layout or the file's members change.
STORE_FORMAT = 3  # 3: CJK runs as character bigrams
STORE_FILENAME = "index.npz"
_KEY_BYTES = 16
_COUNT_CHUNK_TOKENS = 1 << 21  # tokens buffered before they are counted into pairs
_STALE_TEMP_S = 3600.0


def document_head(entry: PageEntry) -> str:
    """The index line's part of a document. The title counts twice: it names the page, the
    body only mentions things. Ends with a newline, so no token spans head and body."""
    path_words = os.path.splitext(entry.path)[0]
    return f"{entry.title} {entry.title} {entry.description} {entry.section} {path_words}\n"


class CorpusEncoder:
    """Maps documents to vocabulary ids exactly as `tokenize` would, but per distinct word
    rather than per occurrence, so a 20 MB wiki encodes in a fraction of a second."""

    def __init__(self, vocab: dict[str, int] | None = None) -> None:
        self.vocab: dict[str, int] = vocab if vocab is not None else {}
        self._word_ids: dict[str, int] = {}

    def encode(self, text: str) -> Int32Array:
        page_words = words(text)
        word_ids = self._word_ids
        vocab = self.vocab
        for word in set(page_words).difference(word_ids):
            stemmed = stem(word)
            word_ids[word] = vocab.setdefault(stemmed, len(vocab)) if stemmed else -1
        ids = np.fromiter(map(word_ids.__getitem__, page_words), np.int32, len(page_words))
        return ids[ids >= 0]


@dataclass(frozen=True, slots=True)
class DocTerms:
    """Each document's distinct term ids (ascending) and how often each occurs: document
    `i` owns `term_ids[offsets[i]:offsets[i + 1]]` and the same slice of `counts`;
    `lengths[i]` is its number of tokens (the sum of that slice of `counts`)."""

    offsets: Int64Array
    term_ids: Int32Array
    counts: Int32Array
    lengths: Int64Array

    @property
    def num_docs(self) -> int:
        return len(self.offsets) - 1

    @staticmethod
    def concat(parts: Sequence[DocTerms]) -> DocTerms:
        offsets = [np.zeros(1, dtype=np.int64)]
        base = 0
        for part in parts:
            offsets.append(part.offsets[1:] + base)
            base += len(part.term_ids)
        return DocTerms(
            np.concatenate(offsets),
            np.concatenate([p.term_ids for p in parts] or [np.zeros(0, np.int32)]),
            np.concatenate([p.counts for p in parts] or [np.zeros(0, np.int32)]),
            np.concatenate([p.lengths for p in parts] or [np.zeros(0, np.int64)]),
        )

    def take(self, rows: Int64Array) -> DocTerms:
        """These documents, in this order (copied run by run: edits make few runs)."""
        if len(rows) == self.num_docs and np.array_equal(rows, np.arange(len(rows))):
            return self
        breaks = np.flatnonzero(np.diff(rows) != 1) + 1
        parts: list[DocTerms] = []
        for run in np.split(rows, breaks) if len(rows) else []:
            start, stop = self.offsets[run[0]], self.offsets[run[-1] + 1]
            offsets = self.offsets[run[0] : run[-1] + 2] - start
            lengths = self.lengths[run[0] : run[-1] + 1]
            parts.append(
                DocTerms(offsets, self.term_ids[start:stop], self.counts[start:stop], lengths)
            )
        return DocTerms.concat(parts)


def _count_terms(docs: list[Int32Array], vocab_size: int) -> DocTerms:
    """Encoded documents to distinct (term, count) pairs: one in-place sort of
    doc * vocab_size + term keys, then the lengths of equal runs."""
    lengths = np.fromiter((len(doc) for doc in docs), np.int64, len(docs))
    width = max(vocab_size, 1)
    # 32-bit keys sort about twice as fast; a chunk is small enough for them in most wikis.
    key_type = np.int32 if len(docs) * width < 2**31 else np.int64
    doc_bases = (np.arange(len(docs), dtype=np.int64) * width).astype(key_type)
    keys = np.repeat(doc_bases, lengths)
    keys += np.concatenate(docs) if docs else np.zeros(0, np.int32)
    keys.sort()
    starts = np.flatnonzero(np.diff(keys, prepend=-1))
    counts = np.diff(starts, append=len(keys)).astype(np.int32)
    doc_of_pair, term_ids = np.divmod(keys[starts], width)
    del keys, starts
    offsets = np.zeros(len(docs) + 1, dtype=np.int64)
    np.cumsum(np.bincount(doc_of_pair, minlength=len(docs)), out=offsets[1:])
    return DocTerms(offsets, term_ids.astype(np.int32), counts, lengths)


class _TermCounter:
    """Counts encoded documents a chunk at a time, so the flat token arrays of a whole
    wiki (8 bytes a token, ~30 million at 100,000 pages) never exist at once."""

    def __init__(self, encoder: CorpusEncoder) -> None:
        self._encoder = encoder
        self._pending: list[Int32Array] = []
        self._pending_tokens = 0
        self._parts: list[DocTerms] = []

    def add(self, text: str) -> None:
        ids = self._encoder.encode(text)
        self._pending.append(ids)
        self._pending_tokens += len(ids)
        if self._pending_tokens >= _COUNT_CHUNK_TOKENS:
            self._flush()

    def _flush(self) -> None:
        self._parts.append(_count_terms(self._pending, len(self._encoder.vocab)))
        self._pending, self._pending_tokens = [], 0

    def finish(self) -> DocTerms:
        """All documents' counts, the chunks copied out one by one and let go as they are:
        at 100,000 pages the chunks and their concatenation (~140 MB each) never coexist."""
        self._flush()
        parts, self._parts = self._parts, []
        total = sum(len(part.term_ids) for part in parts)
        offsets = [np.zeros(1, dtype=np.int64)]
        term_ids, counts = np.empty(total, np.int32), np.empty(total, np.int32)
        lengths = np.concatenate([part.lengths for part in parts] or [np.zeros(0, np.int64)])
        base = 0
        while parts:
            part = parts.pop(0)
            size = len(part.term_ids)
            offsets.append(part.offsets[1:] + base)
            term_ids[base : base + size] = part.term_ids
            counts[base : base + size] = part.counts
            base += size
            del part
        return DocTerms(np.concatenate(offsets), term_ids, counts, lengths)


def bm25_matrix(
    terms: DocTerms, vocab_size: int, *, k1: float, b: float, chunk_pairs: int = 1 << 20
) -> dict[str, Any]:
    """The BM25 (Lucene variant) score matrix in bm25s's CSC layout, computed in a few
    vectorised numpy passes; `bm25s.BM25.index` loops over documents in Python and takes
    several times longer at 5,000 pages. A test pins equality with `bm25s.BM25.index`.

    Documents are placed `chunk_pairs` (term, document) pairs at a time, each chunk's pairs
    sorted by term (stable, so each term's documents stay ascending: bm25s's CSC order) and
    written at their term's cursor: only the two output arrays are whole-wiki sized."""
    num_docs = terms.num_docs
    doc_freqs = np.bincount(terms.term_ids, minlength=vocab_size)
    idf = np.log1p((num_docs - doc_freqs + 0.5) / (doc_freqs + 0.5)).astype(np.float32)
    average_length = max(float(terms.lengths.mean()) if num_docs else 0.0, 1e-9)
    doc_norms = (k1 * (1 - b + b * (terms.lengths / average_length))).astype(np.float32)
    indptr = np.zeros(vocab_size + 1, dtype=np.int64)
    np.cumsum(doc_freqs, out=indptr[1:])
    indices = np.empty(len(terms.term_ids), dtype=np.int32)
    data = np.empty(len(terms.term_ids), dtype=np.float32)
    cursor = indptr[:-1].copy()  # where each term's next document goes
    first = 0
    while first < num_docs:
        start = int(terms.offsets[first])
        last = int(np.searchsorted(terms.offsets, start + max(1, chunk_pairs), side="left"))
        last = min(max(last - 1, first + 1), num_docs)  # documents first..last-1
        stop = int(terms.offsets[last])
        chunk_terms = terms.term_ids[start:stop]
        order = np.argsort(chunk_terms, kind="stable")
        sorted_terms = chunk_terms[order]
        per_term = np.bincount(chunk_terms, minlength=vocab_size)
        run_starts = np.cumsum(per_term) - per_term
        places = cursor[sorted_terms] + (np.arange(len(order)) - run_starts[sorted_terms])
        docs = np.repeat(
            np.arange(first, last, dtype=np.int32), np.diff(terms.offsets[first : last + 1])
        )[order]
        counts = terms.counts[start:stop][order].astype(np.float32)
        counts /= counts + doc_norms[docs]
        counts *= idf[sorted_terms]
        indices[places] = docs
        data[places] = counts
        cursor += per_term
        first = last
    return {"data": data, "indices": indices, "indptr": indptr, "num_docs": num_docs}


def make_retriever(matrix: dict[str, Any], vocab: dict[str, int]) -> bm25s.BM25:
    retriever = bm25s.BM25(method="lucene")
    retriever.scores = matrix
    retriever.vocab_dict = vocab
    retriever.unique_token_ids_set = set(vocab.values())
    retriever.nonoccurrence_array = None
    return retriever


# --- building, reusing unchanged pages ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredTerms:
    """The per-page part of a cache file: a key per page and its term counts."""

    keys: list[bytes]
    vocab: list[str]
    terms: DocTerms


@dataclass(frozen=True, slots=True)
class BuiltIndex:
    retriever: bm25s.BM25 | None
    stored: StoredTerms
    pages_encoded: int  # pages read and tokenized for this build (the rest were reused)


def _page_keys(entries: Sequence[PageEntry], heads: list[str], stats: list[StatKey]) -> list[bytes]:
    # A page is reused when its path, (mtime_ns, size) and index line are all unchanged.
    return [
        hashlib.blake2b(
            f"{entry.path}\0{stat}\0{head}".encode("utf-8", "surrogatepass"),
            digest_size=_KEY_BYTES,
        ).digest()
        for entry, head, stat in zip(entries, heads, stats, strict=True)
    ]


def build_index(
    wiki_dir: Path,
    page_map: PageMap,
    page_stats: list[StatKey],
    max_page_bytes: int,
    previous: StoredTerms | None = None,
) -> BuiltIndex:
    """The BM25 retriever for `page_map`: pages whose key is in `previous` are taken from
    it, the others read (unreadable ones ranked on their index line) and encoded."""
    entries = page_map.entries
    heads = [document_head(entry) for entry in entries]
    keys = _page_keys(entries, heads, page_stats)
    known: dict[bytes, int] = {}
    vocab: dict[str, int] = {}
    if previous is not None:
        known = {key: row for row, key in enumerate(previous.keys)}
        vocab = dict(zip(previous.vocab, range(len(previous.vocab)), strict=True))
    rows = np.fromiter((known.get(key, -1) for key in keys), np.int64, len(keys))
    todo = np.flatnonzero(rows < 0)
    encoder = CorpusEncoder(vocab)
    counter = _TermCounter(encoder)
    bodies = read_page_texts(
        wiki_dir, (entries[doc].path for doc in todo.tolist()), max_bytes=max_page_bytes
    )
    for doc, body in zip(todo.tolist(), bodies, strict=True):
        counter.add(heads[doc] + (body or ""))
    fresh = counter.finish()
    if previous is not None and len(todo) < len(entries):
        rows[todo] = previous.terms.num_docs + np.arange(len(todo))
        terms = DocTerms.concat([previous.terms, fresh]).take(rows)
    else:
        terms = fresh
    words_by_id = list(encoder.vocab)
    used = np.bincount(terms.term_ids, minlength=len(words_by_id)) > 0
    if not used.all():  # stems only deleted or edited pages had: drop them
        new_ids = np.cumsum(used, dtype=np.int64) - 1
        term_ids = new_ids[terms.term_ids].astype(np.int32)
        terms = DocTerms(terms.offsets, term_ids, terms.counts, terms.lengths)
        words_by_id = [word for word, keep in zip(words_by_id, used.tolist(), strict=True) if keep]
    stored = StoredTerms(keys, words_by_id, terms)
    if not words_by_id:
        return BuiltIndex(None, stored, len(todo))
    retriever = bm25s.BM25(method="lucene")
    matrix = bm25_matrix(terms, len(words_by_id), k1=retriever.k1, b=retriever.b)
    vocab_ids = dict(zip(words_by_id, range(len(words_by_id)), strict=True))
    return BuiltIndex(make_retriever(matrix, vocab_ids), stored, len(todo))


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
        keys = [key_blob[at : at + _KEY_BYTES] for at in range(0, len(key_blob), _KEY_BYTES)]
        offsets = terms.offsets
        if (
            offsets.dtype != np.int64
            or terms.term_ids.dtype != np.int32
            or terms.counts.dtype != np.int32
            or terms.lengths.dtype != np.int64
            or len(terms.lengths) != terms.num_docs
            or len(key_blob) != _KEY_BYTES * terms.num_docs
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

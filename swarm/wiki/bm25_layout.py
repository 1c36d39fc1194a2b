"""How the BM25 index's arrays are laid out and moved between layouts (build mechanics only:
what a page contributes and how it is scored live in `swarm.wiki.bm25_index`).

Layouts of the same (document, term, count) triples:
- `TermChunk`: a run of consecutive documents counted together (`count_chunk`), by term, in
  small integers: what a first build holds while it reads the wiki (~4 bytes a pair);
- `TermMajor`: the whole wiki by term, bm25s's CSC layout (each term's documents ascending)
  with the term frequency beside each entry. The score matrix is computed from it and shares
  its `indptr` and `docs` arrays, and the cache file stores it. `term_major` appends the
  chunks' runs at each term's cursor, letting each chunk go once placed;
- `DocTerms`, document-major: what an incremental update edits (drop, reorder and add
  documents), made from a `TermMajor` by `doc_major` and back by `by_term` (chunked: a
  chunk's pairs sorted, stable, and written at their target's cursor).
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "DocTerms",
    "TermChunk",
    "TermMajor",
    "by_term",
    "count_chunk",
    "doc_major",
    "read_chunks",
    "remap_chunk",
    "term_major",
    "trim_heap",
    "write_chunks",
]

Int32Array = npt.NDArray[np.int32]
Int64Array = npt.NDArray[np.int64]
CountArray = npt.NDArray[np.uint16 | np.int32]

_CHUNK_PAIRS = 1 << 20  # pairs sorted at a time while transposing


@dataclass(frozen=True, slots=True)
class DocTerms:
    """Each document's distinct term ids and how often each occurs: document `i` owns
    `term_ids[offsets[i]:offsets[i + 1]]` and the same slice of `counts`; `lengths[i]` is its
    number of tokens (the sum of that slice of `counts`)."""

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


@dataclass(frozen=True, slots=True)
class TermMajor:
    """The same counts by term: term `t` occurs in documents `docs[indptr[t]:indptr[t + 1]]`
    (ascending), `tf` times each; `lengths[d]` is document `d`'s number of tokens. `tf` is
    uint16 when every count fits, else int32."""

    indptr: Int64Array
    docs: Int32Array
    tf: CountArray
    lengths: Int64Array

    @property
    def num_docs(self) -> int:
        return len(self.lengths)

    @property
    def vocab_size(self) -> int:
        return len(self.indptr) - 1


@dataclass(frozen=True, slots=True)
class TermChunk:
    """Consecutive documents' counts by term: term `t` occurs in the chunk's documents
    `docs[ptr[t]:ptr[t + 1]]` (ascending, numbered from 0 in the chunk), `counts` times each;
    terms from `len(ptr) - 1` on (added to the vocabulary later) do not occur."""

    ptr: Int32Array
    docs: npt.NDArray[np.uint16 | np.int32]
    counts: CountArray
    lengths: Int64Array

    @property
    def num_docs(self) -> int:
        return len(self.lengths)


def trim_heap() -> None:
    """Hand memory freed inside the C heap back to the OS: glibc's `malloc_trim`, nothing
    elsewhere. Once a large array has been freed, glibc serves arrays of a few MB (counted
    chunks, sort keys) from its heap rather than by mmap, and freeing them there does not
    shrink the process: at 100,000 pages that is ~50-80 MB of a first build's peak RSS."""
    import ctypes  # only builds need it

    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError):
        return
    trim(0)


def _count_type(max_count: int) -> type[np.uint16] | type[np.int32]:
    return np.uint16 if max_count <= np.iinfo(np.uint16).max else np.int32


def count_chunk(docs: list[Int32Array], vocab_size: int) -> TermChunk:
    """Encoded documents (term ids per token) to distinct (term, document, count) triples:
    term * len(docs) + document keys put in order by term (`_by_term_order`), then the
    lengths of equal runs."""
    lengths = np.fromiter((len(doc) for doc in docs), np.int64, len(docs))
    num_docs = len(docs)
    ptr = np.zeros(vocab_size + 1, dtype=np.int32)  # a chunk holds far fewer than 2**31 pairs
    if not num_docs or not lengths.any():
        return TermChunk(ptr, np.zeros(0, np.uint16), np.zeros(0, np.uint16), lengths)
    # 32-bit keys are half the memory; a chunk is small enough for them in most wikis.
    key_type = np.int32 if num_docs * max(vocab_size, 1) < 2**31 else np.int64
    flat = np.concatenate(docs)
    keys: npt.NDArray[np.signedinteger[Any]] = flat.astype(key_type)
    keys *= num_docs
    keys += np.repeat(np.arange(num_docs, dtype=key_type), lengths)
    keys = keys[_stable_order(flat, vocab_size)]
    del flat
    starts = np.flatnonzero(np.diff(keys, prepend=-1))
    counts = np.diff(starts, append=len(keys))
    terms, chunk_docs = np.divmod(keys[starts], num_docs)
    del keys, starts
    np.cumsum(np.bincount(terms, minlength=vocab_size), out=ptr[1:])
    doc_type = np.uint16 if num_docs <= np.iinfo(np.uint16).max + 1 else np.int32
    count_type = _count_type(int(counts.max()))
    return TermChunk(ptr, chunk_docs.astype(doc_type), counts.astype(count_type), lengths)


def _stable_order(ids: npt.NDArray[np.integer], bound: int) -> Int64Array:
    """The stable order that sorts `ids` (non-negative, below `bound`). numpy sorts 16-bit
    keys stably by radix, so this is one radix pass over the low 16 bits and, for a larger
    bound, one over the high bits: about twice as fast as a comparison sort. (In
    `count_chunk` the tokens come document by document, so a stable order by term leaves
    each term's documents ascending: the keys end up sorted.)"""
    order = np.argsort((ids & 0xFFFF).astype(np.uint16), kind="stable")
    if bound > 1 << 16:
        high = (ids >> 16).astype(np.uint16)[order]
        order = order[np.argsort(high, kind="stable")]
    return order


def _place(
    ptr: Int64Array,
    minor: Int32Array,
    values: npt.NDArray[np.integer],
    *,
    major_base: int,
    cursor: Int64Array,
    out_major: Int32Array,
    out_values: npt.NDArray[np.integer],
    chunk_pairs: int,
) -> None:
    """Write the pairs of a major-ordered block into the minor-ordered outputs: each chunk's
    pairs sorted by minor id (stable, so each minor id's majors stay ascending) and placed at
    that id's cursor, which then moves on. Minor ids are below `len(cursor)`."""
    num_major = len(ptr) - 1
    first = 0
    while first < num_major:
        start = int(ptr[first])
        last = int(np.searchsorted(ptr, start + max(1, chunk_pairs), side="left"))
        last = min(max(last - 1, first + 1), num_major)  # majors first..last-1
        stop = int(ptr[last])
        chunk = minor[start:stop]
        order = _stable_order(chunk, len(cursor))
        sorted_minor = chunk[order]
        per_minor = np.bincount(chunk, minlength=len(cursor))
        run_starts = np.cumsum(per_minor) - per_minor
        places = cursor[sorted_minor] + (np.arange(len(order)) - run_starts[sorted_minor])
        majors = np.arange(first + major_base, last + major_base, dtype=np.int32)
        out_major[places] = np.repeat(majors, np.diff(ptr[first : last + 1]))[order]
        out_values[places] = values[start:stop][order]
        cursor += per_minor
        first = last


def _allocate(doc_freqs: Int64Array, max_count: int) -> tuple[Int64Array, Int32Array, CountArray]:
    indptr = np.zeros(len(doc_freqs) + 1, dtype=np.int64)
    np.cumsum(doc_freqs, out=indptr[1:])
    total = int(indptr[-1])
    return indptr, np.empty(total, dtype=np.int32), np.empty(total, dtype=_count_type(max_count))


def term_major(chunks: list[TermChunk], vocab_size: int) -> TermMajor:
    """The `chunks` (consecutive runs of documents, in order) as one `TermMajor`: each
    chunk's run of a term is written at that term's cursor, so each term's documents stay
    ascending. The list is emptied as it goes and each chunk let go once placed; the heap
    is trimmed before the output is allocated and after the chunks are gone."""
    trim_heap()
    doc_freqs = np.zeros(vocab_size, dtype=np.int64)
    max_count = 0
    for chunk in chunks:
        doc_freqs[: len(chunk.ptr) - 1] += np.diff(chunk.ptr)
        max_count = max(max_count, int(chunk.counts.max()) if len(chunk.counts) else 0)
    lengths = np.concatenate([chunk.lengths for chunk in chunks] or [np.zeros(0, np.int64)])
    indptr, docs, tf = _allocate(doc_freqs, max_count)
    cursor = indptr[:-1].copy()  # where each term's next document goes
    base = 0
    while chunks:
        chunk = chunks.pop(0)
        terms = len(chunk.ptr) - 1
        per_term = np.diff(chunk.ptr)
        places = np.repeat(cursor[:terms] - chunk.ptr[:-1], per_term)
        places += np.arange(len(chunk.docs))
        docs[places] = chunk.docs
        docs[places] += base
        tf[places] = chunk.counts
        cursor[:terms] += per_term
        base += chunk.num_docs
        del chunk, places
    trim_heap()
    return TermMajor(indptr, docs, tf, lengths)


def by_term(terms: DocTerms, vocab_size: int, *, chunk_pairs: int = _CHUNK_PAIRS) -> TermMajor:
    """`terms` laid out by term (chunked: see `_place`)."""
    max_count = int(terms.counts.max()) if len(terms.counts) else 0
    indptr, docs, tf = _allocate(np.bincount(terms.term_ids, minlength=vocab_size), max_count)
    _place(
        terms.offsets,
        terms.term_ids,
        terms.counts,
        major_base=0,
        cursor=indptr[:-1].copy(),
        out_major=docs,
        out_values=tf,
        chunk_pairs=chunk_pairs,
    )
    return TermMajor(indptr, docs, tf, terms.lengths)


def doc_major(matrix: TermMajor, *, chunk_pairs: int = _CHUNK_PAIRS) -> DocTerms:
    """`matrix` by document again (each document's term ids ascending), for an update."""
    num_docs = matrix.num_docs
    per_doc = np.bincount(matrix.docs, minlength=num_docs)
    offsets = np.zeros(num_docs + 1, dtype=np.int64)
    np.cumsum(per_doc, out=offsets[1:])
    term_ids = np.empty(len(matrix.docs), dtype=np.int32)
    counts = np.empty(len(matrix.docs), dtype=np.int32)
    _place(
        matrix.indptr,
        matrix.docs,
        matrix.tf,
        major_base=0,
        cursor=offsets[:-1].copy(),
        out_major=term_ids,
        out_values=counts,
        chunk_pairs=chunk_pairs,
    )
    return DocTerms(offsets, term_ids, counts, matrix.lengths)


def remap_chunk(chunk: TermChunk, new_ids: Int64Array, vocab_size: int) -> TermChunk:
    """`chunk` with each term `t` renamed `new_ids[t]` (distinct ids below `vocab_size`):
    the chunk of another process's vocabulary in this one's."""
    terms = len(chunk.ptr) - 1
    per_term = np.diff(chunk.ptr)
    order = np.argsort(new_ids[:terms], kind="stable")
    runs = per_term[order]
    new_per_term = np.zeros(vocab_size, dtype=np.int32)
    new_per_term[new_ids[:terms]] = per_term
    ptr = np.zeros(vocab_size + 1, dtype=np.int32)
    np.cumsum(new_per_term, out=ptr[1:])
    gather = np.repeat(chunk.ptr[:-1][order].astype(np.int64) - (np.cumsum(runs) - runs), runs)
    gather += np.arange(len(gather))
    return TermChunk(ptr, chunk.docs[gather], chunk.counts[gather], chunk.lengths)


def write_chunks(path: Path, chunks: Sequence[TermChunk], vocab: Sequence[str]) -> None:
    """`chunks` and the vocabulary their term ids index, as an uncompressed `.npz`."""
    arrays: dict[str, Any] = {
        "vocab": np.frombuffer("\n".join(vocab).encode("utf-8", "surrogatepass"), np.uint8),
        "chunks": np.array([len(chunks), len(vocab)], dtype=np.int64),
    }
    for number, chunk in enumerate(chunks):
        for name in ("ptr", "docs", "counts", "lengths"):
            arrays[f"{name}{number}"] = getattr(chunk, name)
    with path.open("wb") as handle:
        np.savez(handle, **arrays)


def read_chunks(path: Path) -> tuple[list[TermChunk], list[str]]:
    """What `write_chunks` wrote; raises ValueError when it is damaged or inconsistent
    (OSError when it cannot be read)."""
    try:
        with path.open("rb") as handle, np.load(handle, allow_pickle=False) as archive:
            count, vocab_size = (int(value) for value in archive["chunks"])
            blob = bytes(archive["vocab"]).decode("utf-8", "surrogatepass")
            vocab = blob.split("\n") if vocab_size else []
            names = ("ptr", "docs", "counts", "lengths")
            chunks = [TermChunk(*(archive[f"{name}{n}"] for name in names)) for n in range(count)]
    except (zipfile.BadZipFile, EOFError, KeyError, UnicodeDecodeError) as error:
        raise ValueError(f"damaged chunks file: {error}") from error
    if len(vocab) != vocab_size:
        raise ValueError("vocabulary size mismatch")
    for chunk in chunks:
        if (
            chunk.ptr.dtype != np.int32
            or len(chunk.ptr) > vocab_size + 1
            or chunk.docs.dtype not in (np.uint16, np.int32)
            or chunk.counts.dtype not in (np.uint16, np.int32)
            or chunk.lengths.dtype != np.int64
            or int(chunk.ptr[-1]) != len(chunk.docs)
            or len(chunk.counts) != len(chunk.docs)
            or np.any(np.diff(chunk.ptr) < 0)
            or (len(chunk.docs) and int(chunk.docs.max()) >= chunk.num_docs)
        ):
            raise ValueError("inconsistent chunk")
    return chunks, vocab

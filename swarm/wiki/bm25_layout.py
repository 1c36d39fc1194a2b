"""How the BM25 index's arrays are laid out and moved between layouts (build mechanics only:
what a page contributes and how it is scored live in `swarm.wiki.bm25_index`).

Two layouts of the same (document, term, count) triples:
- `DocTerms`, document-major: what counting a page gives, and what an incremental update
  edits (drop, reorder and add documents);
- `TermMajor`, term-major: bm25s's CSC layout (each term's documents ascending), with the
  term frequency beside each entry. The score matrix is computed from it and shares its
  `indptr` and `docs` arrays, and the cache file stores it, so a build never holds both
  layouts of the whole wiki at once.

The transposition between them is chunked: a chunk's pairs are sorted (stable) and written at
their target's cursor, so only the output arrays are whole-wiki sized.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["DocTerms", "TermMajor", "doc_major", "term_major"]

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


def _count_type(max_count: int) -> type[np.uint16] | type[np.int32]:
    return np.uint16 if max_count <= np.iinfo(np.uint16).max else np.int32


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
    that id's cursor, which then moves on."""
    num_major = len(ptr) - 1
    first = 0
    while first < num_major:
        start = int(ptr[first])
        last = int(np.searchsorted(ptr, start + max(1, chunk_pairs), side="left"))
        last = min(max(last - 1, first + 1), num_major)  # majors first..last-1
        stop = int(ptr[last])
        chunk = minor[start:stop]
        order = np.argsort(chunk, kind="stable")
        sorted_minor = chunk[order]
        per_minor = np.bincount(chunk, minlength=len(cursor))
        run_starts = np.cumsum(per_minor) - per_minor
        places = cursor[sorted_minor] + (np.arange(len(order)) - run_starts[sorted_minor])
        majors = np.arange(first + major_base, last + major_base, dtype=np.int32)
        out_major[places] = np.repeat(majors, np.diff(ptr[first : last + 1]))[order]
        out_values[places] = values[start:stop][order]
        cursor += per_minor
        first = last


def term_major(
    parts: list[DocTerms], vocab_size: int, *, chunk_pairs: int = _CHUNK_PAIRS
) -> TermMajor:
    """The document-major `parts` (consecutive documents) as one `TermMajor`. The list is
    emptied as it goes and each part let go once placed, so the parts and the output do not
    both exist in full (at 100,000 pages each is ~100 MB)."""
    doc_freqs = np.zeros(vocab_size, dtype=np.int64)
    max_count = 0
    for part in parts:
        doc_freqs += np.bincount(part.term_ids, minlength=vocab_size)
        max_count = max(max_count, int(part.counts.max()) if len(part.counts) else 0)
    lengths = np.concatenate([part.lengths for part in parts] or [np.zeros(0, np.int64)])
    indptr = np.zeros(vocab_size + 1, dtype=np.int64)
    np.cumsum(doc_freqs, out=indptr[1:])
    total = int(indptr[-1])
    docs = np.empty(total, dtype=np.int32)
    tf = np.empty(total, dtype=_count_type(max_count))
    cursor = indptr[:-1].copy()
    base = 0
    while parts:
        part = parts.pop(0)
        _place(
            part.offsets,
            part.term_ids,
            part.counts,
            major_base=base,
            cursor=cursor,
            out_major=docs,
            out_values=tf,
            chunk_pairs=chunk_pairs,
        )
        base += part.num_docs
        del part
    return TermMajor(indptr, docs, tf, lengths)


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

"""The BM25 index's arrays: pages encoded to per-page term counts and the score matrix built
from them, reusing the stored terms of pages that did not change (`bm25_store` keeps them).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import bm25s
import numpy as np
import numpy.typing as npt

from swarm.wiki.index import PageEntry, PageMap
from swarm.wiki.page_text import split_frontmatter_text
from swarm.wiki.pages import read_page_texts
from swarm.wiki.tokens import stem, words

__all__ = [
    "KEY_BYTES",
    "BuiltIndex",
    "CorpusEncoder",
    "DocTerms",
    "StoredTerms",
    "bm25_matrix",
    "build_index",
    "document_body",
    "document_head",
    "make_retriever",
]

Int32Array = npt.NDArray[np.int32]
Int64Array = npt.NDArray[np.int64]
StatKey = tuple[int, int] | None

KEY_BYTES = 16
_COUNT_CHUNK_TOKENS = 1 << 21  # tokens buffered before they are counted into pairs


def document_head(entry: PageEntry) -> str:
    """The index line's part of a document. The title counts twice: it names the page, the
    body only mentions things. Ends with a newline, so no token spans head and body."""
    path_words = os.path.splitext(entry.path)[0]
    return f"{entry.title} {entry.title} {entry.description} {entry.section} {path_words}\n"


# Frontmatter keys that name or file a page (Obsidian, Jekyll, Hugo, MkDocs): their values
# are indexed before the body; the rest of the block (dates, authors, ids) is not. Aliases are
# the page's other titles and count twice, as the title does in `document_head`.
_ALIAS_KEYS = frozenset({"aliases", "alias"})
_LABEL_KEYS = frozenset(
    {"title", "tags", "tag", "keywords", "category", "categories", "description", "summary"}
)
_TOP_LEVEL_KEY = re.compile(r"([A-Za-z_][\w-]*)[ \t]*:(.*)")


def document_body(text: str) -> str:
    """A page's own part of its document: the frontmatter's naming values (see
    `_frontmatter_names`), then the text after the frontmatter block."""
    block, body = split_frontmatter_text(text)
    return f"{_frontmatter_names(block)}\n{body}" if block else body


def _frontmatter_names(block: str) -> str:
    """The values of a raw frontmatter block's naming keys (`aliases` twice; `title`, `tags`,
    `keywords`, `categories`, `description`, `summary` once), inline (`tags: [a, b]`) or as
    an indented list, read line by line: parsing the YAML would dominate an index build."""
    values: list[str] = []
    key: str | None = None
    for line in block.splitlines():
        match = _TOP_LEVEL_KEY.fullmatch(line)
        if match:
            key, value = match.group(1).lower(), match.group(2)
        elif key is not None and line[:1] in (" ", "\t", "-"):
            value = line  # a list item or continuation of the key above
        else:
            key = None
            continue
        if key in _ALIAS_KEYS:
            values += [value, value]
        elif key in _LABEL_KEYS:
            values.append(value)
    return " ".join(values)


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
            digest_size=KEY_BYTES,
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
    texts = read_page_texts(
        wiki_dir,
        (entries[doc].path for doc in todo.tolist()),
        max_bytes=max_page_bytes,
        keep_frontmatter=True,
    )
    for doc, text in zip(todo.tolist(), texts, strict=True):
        counter.add(heads[doc] + (document_body(text) if text else ""))
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

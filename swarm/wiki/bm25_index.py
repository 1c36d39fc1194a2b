"""The BM25 index's arrays: pages encoded to per-page term counts and the score matrix built
from them, reusing the stored terms of pages that did not change (`bm25_store` keeps them).
The arrays' layouts and the moves between them are in `swarm.wiki.bm25_layout`.
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

from swarm.wiki.bm25_encode import encode_batch
from swarm.wiki.bm25_helper import HELPER_MIN_PAGES, HelperProcess, core_is_idle
from swarm.wiki.bm25_layout import (
    DocTerms,
    TermChunk,
    TermMajor,
    by_term,
    count_chunk,
    doc_major,
    term_major,
)
from swarm.wiki.index import PageEntry, PageMap
from swarm.wiki.page_text import split_frontmatter_text
from swarm.wiki.pages import read_page_texts
from swarm.wiki.tokens import stem, word_bytes

__all__ = [
    "KEY_BYTES",
    "BuiltIndex",
    "CorpusEncoder",
    "StoredTerms",
    "bm25_matrix",
    "bm25_scores",
    "build_index",
    "count_pages",
    "document_body",
    "document_head",
    "make_retriever",
]

Int32Array = npt.NDArray[np.int32]
Int64Array = npt.NDArray[np.int64]
StatKey = tuple[int, int] | None

KEY_BYTES = 16
_COUNT_CHUNK_TOKENS = 1 << 21  # tokens buffered before they are counted into pairs
_ENCODE_BATCH_BYTES = 1 << 20  # pages' words (bytes) read before they are encoded together


def document_head(entry: PageEntry) -> str:
    """The index line's part of a document. The title counts twice: it names the page, the
    body only mentions things. Ends with a newline, so no token spans head and body."""
    return f"{entry.title} {entry.title} {entry.description} {entry.section} {_root(entry.path)}\n"


def _root(path: str) -> str:
    """`os.path.splitext(path)[0]`, without its call for the common `.md` page."""
    if path.endswith(".md") and path[path.rfind("/") + 1] != ".":
        return path[:-3]  # the name's last dot is the one of ".md" (no leading dot to skip)
    return os.path.splitext(path)[0]


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
        if line[:1] in (" ", "\t", "-"):  # never a key: a list item or continuation
            if key is None:
                continue
            value = line
        else:
            match = _TOP_LEVEL_KEY.fullmatch(line)
            if match is None:
                key = None
                continue
            key, value = match.group(1).lower(), match.group(2)
        if key in _ALIAS_KEYS:
            values += [value, value]
        elif key in _LABEL_KEYS:
            values.append(value)
    return " ".join(values)


class _WordIds(dict[str, int]):
    """word → its stem's vocabulary id (-1: no token), a word seen for the first time
    stemmed on its lookup and its stem given the next id (`__missing__`)."""

    def __init__(self, vocab: dict[str, int]) -> None:
        super().__init__()
        self.vocab = vocab

    def __missing__(self, word: str) -> int:
        stemmed = stem(word)
        vocab = self.vocab
        known = vocab.setdefault(stemmed, len(vocab)) if stemmed else -1
        self[word] = known
        return known


class CorpusEncoder:
    """Maps documents to vocabulary ids exactly as `tokenize` would, but per distinct word
    rather than per occurrence, and a batch of pages at a time (`swarm.wiki.bm25_encode`),
    so a 20 MB wiki encodes in a fraction of a second."""

    def __init__(self, vocab: dict[str, int] | None = None) -> None:
        self.vocab: dict[str, int] = vocab if vocab is not None else {}
        self._word_ids = _WordIds(self.vocab)

    def encode(self, text: str) -> Int32Array:
        """One document's ids: a new stem gets the next id as it is met."""
        return self.encode_many([text])[0]

    def encode_many(self, texts: Sequence[str]) -> list[Int32Array]:
        """`encode` of each document, in order (the same ids, found in bulk)."""
        return self.encode_words([word_bytes(text) for text in texts])

    def encode_words(self, streams: Sequence[bytes]) -> list[Int32Array]:
        """`encode_many` of documents given as their `tokens.word_bytes`."""
        word_ids = self._word_ids
        flat, lengths = encode_batch(streams, word_ids.__getitem__, word_ids.__contains__)
        return np.split(flat, np.cumsum(lengths[:-1])) if len(streams) else []


class _TermCounter:
    """Counts encoded documents a chunk at a time, so the flat token arrays of a whole
    wiki (8 bytes a token, ~30 million at 100,000 pages) never exist at once; documents are
    encoded a batch of `_ENCODE_BATCH_BYTES` of words at a time."""

    def __init__(self, encoder: CorpusEncoder) -> None:
        self._encoder = encoder
        self._words: list[bytes] = []
        self._words_bytes = 0
        self._pending: list[Int32Array] = []
        self._pending_tokens = 0
        self._parts: list[TermChunk] = []

    def add(self, text: str) -> None:
        words = word_bytes(text)
        self._words.append(words)
        self._words_bytes += len(words)
        if self._words_bytes >= _ENCODE_BATCH_BYTES:
            self._encode()

    def _encode(self) -> None:
        for ids in self._encoder.encode_words(self._words):
            self._pending.append(ids)
            self._pending_tokens += len(ids)
            if self._pending_tokens >= _COUNT_CHUNK_TOKENS:
                self._flush()
        self._words, self._words_bytes = [], 0

    def _flush(self) -> None:
        self._parts.append(count_chunk(self._pending, len(self._encoder.vocab)))
        self._pending, self._pending_tokens = [], 0

    def parts(self) -> list[TermChunk]:
        """All documents' counts, as the chunks they were counted in (for `term_major`)."""
        if self._words:
            self._encode()
        if self._pending:
            self._flush()
        parts, self._parts = self._parts, []
        return parts

    def finish(self) -> DocTerms:
        """All documents' counts in one `DocTerms`."""
        return doc_major(term_major(self.parts(), len(self._encoder.vocab)))


def bm25_matrix(
    terms: DocTerms, vocab_size: int, *, k1: float, b: float, chunk_pairs: int = 1 << 20
) -> dict[str, Any]:
    """The BM25 score matrix of `terms` (see `bm25_scores`), `chunk_pairs` pairs placed at
    a time."""
    matrix = by_term(terms, vocab_size, chunk_pairs=chunk_pairs)
    return bm25_scores(matrix, k1=k1, b=b, chunk_pairs=chunk_pairs)


def bm25_scores(
    matrix: TermMajor, *, k1: float, b: float, chunk_pairs: int = 1 << 20
) -> dict[str, Any]:
    """The BM25 (Lucene variant) score matrix in bm25s's CSC layout, computed in a few
    vectorised numpy passes; `bm25s.BM25.index` loops over documents in Python and takes
    several times longer at 5,000 pages. A test pins equality with `bm25s.BM25.index`.

    The matrix shares `matrix.indptr` and `matrix.docs` (its `indices`); the scores are
    computed a run of terms (~`chunk_pairs` entries) at a time."""
    num_docs, vocab_size = matrix.num_docs, matrix.vocab_size
    indptr = matrix.indptr
    doc_freqs = np.diff(indptr)
    idf = np.log1p((num_docs - doc_freqs + 0.5) / (doc_freqs + 0.5)).astype(np.float32)
    average_length = max(float(matrix.lengths.mean()) if num_docs else 0.0, 1e-9)
    doc_norms = (k1 * (1 - b + b * (matrix.lengths / average_length))).astype(np.float32)
    data = np.empty(len(matrix.docs), dtype=np.float32)
    first = 0
    while first < vocab_size:
        start = int(indptr[first])
        last = int(np.searchsorted(indptr, start + max(1, chunk_pairs), side="left"))
        last = min(max(last - 1, first + 1), vocab_size)  # terms first..last-1
        stop = int(indptr[last])
        terms = np.repeat(np.arange(first, last), np.diff(indptr[first : last + 1]))
        scores = data[start:stop]
        scores[...] = matrix.tf[start:stop]
        scores /= scores + doc_norms[matrix.docs[start:stop]]
        scores *= idf[terms]
        first = last
    return {"data": data, "indices": matrix.docs, "indptr": indptr, "num_docs": num_docs}


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
    """The per-page part of a cache file: a key per page and the pages' term counts (by
    term, as the score matrix is laid out; `doc_major` gives them by page for an update)."""

    keys: list[bytes]
    vocab: list[str]
    counts: TermMajor


@dataclass(frozen=True, slots=True)
class BuiltIndex:
    retriever: bm25s.BM25 | None
    stored: StoredTerms
    pages_encoded: int  # pages read and tokenized for this build (the rest were reused)


def _page_keys(entries: Sequence[PageEntry], stats: list[StatKey]) -> list[bytes]:
    # A page is reused when its path, (mtime_ns, size) and index line are all unchanged.
    return [
        hashlib.blake2b(
            f"{entry.path}\0{stat}\0{document_head(entry)}".encode("utf-8", "surrogatepass"),
            digest_size=KEY_BYTES,
        ).digest()
        for entry, stat in zip(entries, stats, strict=True)
    ]


def count_pages(
    wiki_dir: Path, entries: Sequence[PageEntry], max_page_bytes: int, encoder: CorpusEncoder
) -> list[TermChunk]:
    """These pages read (an unreadable one ranked on its index line), encoded and counted,
    in order."""
    counter = _TermCounter(encoder)
    texts = read_page_texts(
        wiki_dir, (e.path for e in entries), max_bytes=max_page_bytes, keep_frontmatter=True
    )
    for entry, text in zip(entries, texts, strict=True):
        counter.add(document_head(entry) + (document_body(text) if text else ""))
    return counter.parts()


def build_index(
    wiki_dir: Path,
    page_map: PageMap,
    page_stats: list[StatKey],
    max_page_bytes: int,
    previous: StoredTerms | None = None,
    *,
    processes: int | None = None,
) -> BuiltIndex:
    """The BM25 retriever for `page_map`: pages whose key is in `previous` are taken from
    it, the others read (unreadable ones ranked on their index line) and encoded.

    A first build of a large wiki reads and encodes the second half of its pages in a
    second process (`processes`: 1 or 2; by default 2 from `HELPER_MIN_PAGES` pages when a
    core is idle, see `core_is_idle`), started before the page keys are made so that its
    start (~0.2-0.4 s) overlaps them; the index is the same either way."""
    entries = page_map.entries
    if processes is None:
        large = previous is None and len(entries) >= HELPER_MIN_PAGES
        processes = 2 if large and core_is_idle() else 1
    helped = processes > 1 and previous is None and len(entries) > 1
    split = len(entries) // 2 if helped else len(entries)
    with HelperProcess(wiki_dir, entries[split:], max_page_bytes) as helper:
        keys = _page_keys(entries, page_stats)
        rows = np.full(len(keys), -1, dtype=np.int64)
        if previous is not None:
            known = {key: row for row, key in enumerate(previous.keys)}
            rows = np.fromiter((known.get(key, -1) for key in keys), np.int64, len(keys))
        if previous is None or not (rows >= 0).any():
            counts, vocab = _fresh_counts(wiki_dir, entries, split, helper, max_page_bytes)
        else:
            counts, vocab = _updated_counts(wiki_dir, entries, rows, max_page_bytes, previous)
    stored = StoredTerms(keys, list(vocab), counts)
    pages_encoded = int((rows < 0).sum())
    if not vocab:
        return BuiltIndex(None, stored, pages_encoded)
    retriever = bm25s.BM25(method="lucene")
    matrix = bm25_scores(counts, k1=retriever.k1, b=retriever.b)
    return BuiltIndex(make_retriever(matrix, vocab), stored, pages_encoded)


def _fresh_counts(
    wiki_dir: Path,
    entries: Sequence[PageEntry],
    split: int,
    helper: HelperProcess,
    max_page_bytes: int,
) -> tuple[TermMajor, dict[str, int]]:
    """Every page read and counted: those from `split` on by `helper` (counted here when
    it fails or has none). The encoder's word table is let go before the counts are laid
    out by term, and each counted chunk as it is placed (`term_major`)."""
    encoder = CorpusEncoder()
    chunks = count_pages(wiki_dir, entries[:split], max_page_bytes, encoder)
    chunks += helper.chunks(encoder.vocab) or count_pages(
        wiki_dir, entries[split:], max_page_bytes, encoder
    )
    vocab = encoder.vocab
    del encoder
    return term_major(chunks, len(vocab)), vocab


def _updated_counts(
    wiki_dir: Path,
    entries: Sequence[PageEntry],
    rows: Int64Array,
    max_page_bytes: int,
    previous: StoredTerms,
) -> tuple[TermMajor, dict[str, int]]:
    """The counts of pages with a stored row (`rows[doc] >= 0`) taken from `previous`, the
    others read and counted; stems only deleted or edited pages had are dropped."""
    todo = np.flatnonzero(rows < 0)
    encoder = CorpusEncoder(dict(zip(previous.vocab, range(len(previous.vocab)), strict=True)))
    pages = [entries[doc] for doc in todo.tolist()]
    chunks = count_pages(wiki_dir, pages, max_page_bytes, encoder)
    fresh = doc_major(term_major(chunks, len(encoder.vocab)))
    old = doc_major(previous.counts)
    rows = rows.copy()
    rows[todo] = old.num_docs + np.arange(len(todo))
    terms = DocTerms.concat([old, fresh]).take(rows)
    del old, fresh
    words_by_id = list(encoder.vocab)
    used = np.bincount(terms.term_ids, minlength=len(words_by_id)) > 0
    if not used.all():
        new_ids = np.cumsum(used, dtype=np.int64) - 1
        term_ids = new_ids[terms.term_ids].astype(np.int32)
        terms = DocTerms(terms.offsets, term_ids, terms.counts, terms.lengths)
        words_by_id = [word for word, keep in zip(words_by_id, used.tolist(), strict=True) if keep]
    vocab = dict(zip(words_by_id, range(len(words_by_id)), strict=True))
    return by_term(terms, len(vocab)), vocab

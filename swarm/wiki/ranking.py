"""BM25 ranking of wiki pages (bm25s) over index lines and page text, with snippets.

Cached in memory and on disk under `settings.effective_cache_dir()`, never inside the wiki.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import bm25s
import numpy as np

from swarm.errors import WikiError
from swarm.wiki.index import PageEntry, PageMap
from swarm.wiki.pages import read_page_text, read_page_texts, truncate_at_word

if TYPE_CHECKING:
    from swarm.config import Settings

__all__ = [
    "STOPWORDS",
    "PageRanker",
    "RankedPage",
    "best_snippet",
    "clear_ranker_cache",
    "content_words",
    "get_ranker",
    "tokenize",
]

# Bump when tokenization or document layout changes: invalidates every disk cache.
_FORMAT_VERSION = 1
# Up to this many pages every warm call re-stats every page (exact); above it, see get_ranker.
FULL_CHECK_MAX_PAGES = 1000
_MAX_WATCHED_DIRS = 1000
_MAX_TOKEN_CHARS = 40
_SNIPPET_SCAN_CHARS = 200_000  # snippets look at the first 200k chars of a huge page
_SNIPPET_MAX_SENTENCES = 4
_TEXT_CACHE_PAGES = 512
_MEMORY_CACHE_WIKIS = 4

STOPWORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been
    before being below between both but by can could did do does doing down during each few
    for from further had has have having he her here hers herself him himself his how i if in
    into is it its itself just me more most my myself no nor not now of off on once only or
    other our ours ourselves out over own same she should so some such than that the their
    theirs them themselves then there these they this those through to too under until up
    very was we were what when where which while who whom why will with would you your yours
    yourself yourselves tell please""".split()
)

_WORD_RE = re.compile(r"[^\W_]+")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+")
_LINE_PREFIX_CHARS = "#>*-+|` \t"
_STEM_CACHE: dict[str, str] = {}
_STEM_CACHE_MAX = 500_000


# --- tokens -------------------------------------------------------------------------------


def _stem(word: str) -> str:
    """A light English suffix stripper: plurals, -ing, -ed, final -e. "" drops the word."""
    if word in STOPWORDS or len(word) > _MAX_TOKEN_CHARS:
        return ""
    if len(word) == 1:
        return word if word.isdigit() else ""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
    elif word.endswith("ed") and len(word) > 5:
        word = word[:-2]
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def tokenize(text: str) -> list[str]:
    """Lowercase Unicode word tokens, stopwords and single letters dropped, lightly
    stemmed, numbers kept. The same function serves documents and queries."""
    stems = _STEM_CACHE
    tokens: list[str] = []
    for word in _WORD_RE.findall(text.lower()):
        stem = stems.get(word)
        if stem is None:
            stem = _stem(word)
            if len(stems) < _STEM_CACHE_MAX:
                stems[word] = stem
        if stem:
            tokens.append(stem)
    return tokens


def content_words(text: str) -> set[str]:
    """The distinct tokens of `text` (see `tokenize`)."""
    return set(tokenize(text))


# --- snippets -----------------------------------------------------------------------------


def _passages(text: str) -> list[tuple[str, bool]]:
    """(sentence, is_heading) in page order, markdown line markers stripped."""
    passages: list[tuple[str, bool]] = []
    for raw_line in text[:_SNIPPET_SCAN_CHARS].splitlines():
        is_heading = raw_line.lstrip().startswith("#")
        line = raw_line.strip().lstrip(_LINE_PREFIX_CHARS).rstrip("|# \t")
        line = " ".join(line.replace("**", "").replace("__", "").split())
        if not line or set(line) <= set("-=*_|: "):
            continue
        if is_heading:
            passages.append((line, True))
            continue
        passages.extend((sentence, False) for sentence in _SENTENCE_END_RE.split(line) if sentence)
    return passages


def _join_window(window: list[tuple[str, bool]]) -> str:
    # A heading followed by its text reads as "Support SLA: First response within ...".
    parts = [
        f"{text}:" if is_heading and position < len(window) - 1 else text
        for position, (text, is_heading) in enumerate(window)
    ]
    return " ".join(parts)


def _clip_around_match(text: str, query_tokens: set[str], max_chars: int) -> str:
    """A `max_chars` window of a long passage, starting a little before the first match."""
    start = 0
    for match in _WORD_RE.finditer(text):
        if _stem(match.group().lower()) in query_tokens:
            start = match.start()
            break
    start = max(0, start - max_chars // 4)
    if start > 0:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < start + 20 else start
        text = "… " + text[start:]
    return truncate_at_word(text, max_chars)[0]


def best_snippet(text: str, query: str, max_chars: int) -> str:
    """The passage of `text` (one to a few consecutive sentences, at most `max_chars`) that
    holds the most distinct query tokens; the page's opening when nothing matches."""
    return _snippet_from_passages(_passages(text), query, max_chars)


def _query_token_sets(passages: list[tuple[str, bool]], query_tokens: set[str]) -> list[set[str]]:
    # A stem, less its last letter, is a substring of every word it came from ("compan" for
    # "companies"), so a substring probe skips tokenizing sentences that cannot match.
    probes = {token[:-1] if len(token) > 3 else token for token in query_tokens}
    token_sets: list[set[str]] = []
    for sentence, _ in passages:
        lowered = sentence.lower()
        if any(probe in lowered for probe in probes):
            token_sets.append(set(tokenize(sentence)) & query_tokens)
        else:
            token_sets.append(set())
    return token_sets


def _snippet_from_passages(passages: list[tuple[str, bool]], query: str, max_chars: int) -> str:
    if not passages or max_chars <= 0:
        return ""
    query_tokens = content_words(query)
    token_sets = _query_token_sets(passages, query_tokens)
    best_window = (0, 1)
    best_key = (0, 0.0, 0)
    for first in range(len(passages)):
        if not token_sets[first]:
            continue
        covered: set[str] = set()
        length = -1
        for last in range(first, min(first + _SNIPPET_MAX_SENTENCES, len(passages))):
            length += len(passages[last][0]) + 1
            if last > first and length > max_chars:
                break
            covered |= token_sets[last]
            # More query tokens first, then fewer heading-only hits, then the shorter window.
            heading_penalty = -0.5 if passages[first][1] and last == first else 0.0
            key = (len(covered), heading_penalty, -(last - first))
            if key > best_key:
                best_key, best_window = key, (first, last + 1)
    window_text = _join_window(passages[best_window[0] : best_window[1]])
    if len(window_text) <= max_chars:
        return window_text
    return _clip_around_match(window_text, query_tokens, max_chars)


# --- the ranker ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RankedPage:
    """One page in a ranking, with the passage that best matches the query."""

    path: str
    score: float
    snippet: str


_StatKey = tuple[int, int] | None


def _stat_key(path: str) -> _StatKey:
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    return (stat.st_mtime_ns, stat.st_size)


def _dir_stamp(path: str) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except (OSError, ValueError):
        return -1


class PageRanker:
    """BM25 over one page map. Build it with `get_ranker`, which caches it."""

    def __init__(
        self,
        page_map: PageMap,
        retriever: bm25s.BM25 | None,
        *,
        wiki_dir: Path,
        page_stats: list[_StatKey],
        max_page_bytes: int,
        snippet_chars: int,
        source: Literal["built", "disk"],
    ) -> None:
        self.page_map = page_map
        self.wiki_dir = str(wiki_dir)
        self.source = source  # where the index came from: "built" now, or loaded from "disk"
        self.max_page_bytes = max_page_bytes
        self.snippet_chars = snippet_chars
        self.outdated = False  # set when a page returned by rank() changed since the build
        self._retriever = retriever
        self._vocab: dict[str, int] = dict(retriever.vocab_dict) if retriever else {}
        self._page_stats = page_stats
        self._watched_dirs = _watched_dirs(self.wiki_dir, page_map)
        self._dir_stamps = [_dir_stamp(path) for path in self._watched_dirs]
        self._passages: OrderedDict[str, tuple[_StatKey, list[tuple[str, bool]]]] = OrderedDict()

    def __len__(self) -> int:
        return len(self.page_map)

    def is_current(self, page_map: PageMap, max_page_bytes: int, snippet_chars: int) -> bool:
        """Whether this ranker still describes the wiki (see `get_ranker` for the rule)."""
        if self.outdated or (max_page_bytes, snippet_chars) != (
            self.max_page_bytes,
            self.snippet_chars,
        ):
            return False
        if page_map is not self.page_map and page_map.entries != self.page_map.entries:
            return False
        if [_dir_stamp(path) for path in self._watched_dirs] != self._dir_stamps:
            return False
        if len(self.page_map) <= FULL_CHECK_MAX_PAGES:
            return _page_stats(self.wiki_dir, self.page_map) == self._page_stats
        return True

    def rank(self, query: str, k: int = 5) -> list[RankedPage]:
        """The top `k` pages for `query` with a positive score, best first."""
        if self._retriever is None or k <= 0:
            return []
        token_ids = list(dict.fromkeys(self._vocab[t] for t in tokenize(query) if t in self._vocab))
        if not token_ids:
            return []
        scores = np.asarray(self._retriever.get_scores_from_ids(token_ids))
        count = min(k, len(scores))
        top = np.argpartition(-scores, count - 1)[:count] if count < len(scores) else None
        candidates = top.tolist() if top is not None else list(range(len(scores)))
        ordered = sorted(candidates, key=lambda doc: (-float(scores[doc]), doc))
        ranked: list[RankedPage] = []
        for doc in ordered:
            score = float(scores[doc])
            if score <= 0:
                break
            entry = self.page_map.entries[doc]
            passages = self._page_passages(doc, entry)
            snippet = _snippet_from_passages(passages, query, self.snippet_chars)
            ranked.append(RankedPage(path=entry.path, score=score, snippet=snippet))
        return ranked

    def _page_passages(self, doc: int, entry: PageEntry) -> list[tuple[str, bool]]:
        """The page's sentences for snippets, re-read when its stat changed. A change also
        marks the ranker outdated, so the next `get_ranker` call rebuilds the index."""
        stat = _stat_key(os.path.join(self.wiki_dir, entry.path))
        if stat != self._page_stats[doc]:
            self.outdated = True
        cached = self._passages.get(entry.path)
        if cached is not None and cached[0] == stat:
            self._passages.move_to_end(entry.path)
            return cached[1]
        try:
            text = read_page_text(Path(self.wiki_dir), entry.path, max_bytes=self.max_page_bytes)
        except WikiError:
            text = f"{entry.title}. {entry.description}" if entry.description else entry.title
        passages = _passages(text)
        self._passages[entry.path] = (stat, passages)
        if len(self._passages) > _TEXT_CACHE_PAGES:
            self._passages.popitem(last=False)
        return passages


def _watched_dirs(root: str, page_map: PageMap) -> list[str]:
    folders = {os.path.dirname(entry.path) for entry in page_map.entries} - {""}
    return [root, *(os.path.join(root, folder) for folder in sorted(folders))][:_MAX_WATCHED_DIRS]


def _page_stats(root: str, page_map: PageMap) -> list[_StatKey]:
    return [_stat_key(os.path.join(root, entry.path)) for entry in page_map.entries]


# --- building -----------------------------------------------------------------------------


def _document_head(entry: PageEntry) -> str:
    # The title counts twice: it names the page, the body only mentions things.
    path_words = os.path.splitext(entry.path)[0]
    return f"{entry.title} {entry.title} {entry.description} {entry.section} {path_words}\n"


class _CorpusEncoder:
    """Maps documents to vocabulary ids exactly as `tokenize` would, but per distinct word
    rather than per occurrence, so a 20 MB wiki encodes in a fraction of a second."""

    def __init__(self) -> None:
        self.vocab: dict[str, int] = {}
        self._word_ids: dict[str, int] = {}

    def encode(self, text: str) -> np.ndarray:
        words = _WORD_RE.findall(text.lower())
        word_ids = self._word_ids
        for word in set(words).difference(word_ids):
            stem = _stem(word)
            word_ids[word] = self.vocab.setdefault(stem, len(self.vocab)) if stem else -1
        ids = np.fromiter(map(word_ids.__getitem__, words), dtype=np.int64, count=len(words))
        return ids[ids >= 0]


def _bm25_matrix(docs: list[np.ndarray], vocab_size: int, *, k1: float, b: float) -> dict[str, Any]:
    """The BM25 (Lucene variant) score matrix in bm25s's CSC layout, computed in a few
    vectorised numpy passes; `bm25s.BM25.index` loops over documents in Python and takes
    several times longer at 5,000 pages. A test pins equality with `bm25s.BM25.index`."""
    num_docs = len(docs)
    doc_lengths = np.fromiter((len(doc) for doc in docs), dtype=np.int64, count=num_docs)
    token_ids = np.concatenate(docs) if docs else np.zeros(0, dtype=np.int64)
    doc_ids = np.repeat(np.arange(num_docs, dtype=np.int64), doc_lengths)
    pairs, term_freqs = np.unique(token_ids * num_docs + doc_ids, return_counts=True)
    pair_tokens, pair_docs = np.divmod(pairs, num_docs)
    doc_freqs = np.bincount(pair_tokens, minlength=vocab_size)
    idf = np.log1p((num_docs - doc_freqs + 0.5) / (doc_freqs + 0.5)).astype(np.float32)
    tf = term_freqs.astype(np.float32)
    relative_length = doc_lengths[pair_docs] / max(float(doc_lengths.mean()), 1e-9)
    norm = (k1 * (1 - b + b * relative_length)).astype(np.float32)
    data = (idf[pair_tokens] * (tf / (tf + norm))).astype(np.float32)
    indptr = np.zeros(vocab_size + 1, dtype=np.int64)
    np.cumsum(doc_freqs, out=indptr[1:])
    return {
        "data": data,
        "indices": pair_docs.astype(np.int32),
        "indptr": indptr,
        "num_docs": num_docs,
    }


def _build_retriever(wiki_dir: Path, page_map: PageMap, max_page_bytes: int) -> bm25s.BM25 | None:
    encoder = _CorpusEncoder()
    bodies = read_page_texts(
        wiki_dir, (entry.path for entry in page_map.entries), max_bytes=max_page_bytes
    )
    # Unreadable pages (None) are ranked on their index line only.
    docs = [
        encoder.encode(_document_head(entry) + (body or ""))
        for entry, body in zip(page_map.entries, bodies, strict=True)
    ]
    if not encoder.vocab:
        return None
    retriever = bm25s.BM25(method="lucene")
    retriever.scores = _bm25_matrix(docs, len(encoder.vocab), k1=retriever.k1, b=retriever.b)
    retriever.vocab_dict = encoder.vocab
    retriever.unique_token_ids_set = set(encoder.vocab.values())
    retriever.nonoccurrence_array = None
    return retriever


def _fingerprint(page_map: PageMap, page_stats: list[_StatKey], max_page_bytes: int) -> str:
    digest = hashlib.sha256()
    header = [_FORMAT_VERSION, bm25s.__version__, max_page_bytes, len(page_map)]
    digest.update(json.dumps(header).encode())
    for entry, stat in zip(page_map.entries, page_stats, strict=True):
        line = f"\n{entry.path}\0{entry.title}\0{entry.description}\0{entry.section}\0{stat}"
        digest.update(line.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _cache_root(settings: Settings, wiki_dir: Path) -> Path | None:
    """This wiki's folder in the cache, or None when the cache would land in the wiki."""
    cache_dir = Path(settings.effective_cache_dir()).expanduser()
    try:
        resolved_cache = cache_dir.resolve()
    except (OSError, RuntimeError):
        return None
    if resolved_cache == wiki_dir or resolved_cache.is_relative_to(wiki_dir):
        return None  # never write into the wiki, even when told to cache there
    wiki_key = hashlib.sha256(str(wiki_dir).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return resolved_cache / "ranking" / wiki_key


def _load_from_disk(folder: Path, fingerprint: str, num_docs: int) -> bm25s.BM25 | None:
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        if meta.get("fingerprint") != fingerprint or meta.get("num_docs") != num_docs:
            return None
        retriever = bm25s.BM25.load(str(folder), mmap=False, show_progress=False)
        if int(retriever.scores["num_docs"]) != num_docs:
            return None
        return retriever
    except Exception:  # a missing, partial or corrupt cache is only a cache miss
        return None


def _save_to_disk(root: Path, folder: Path, retriever: bm25s.BM25, meta: dict[str, Any]) -> None:
    """Write into a temporary folder, then rename it into place: readers never see a
    half-written index. Older versions of this wiki's index are removed."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".tmp-", dir=root))
        try:
            retriever.save(str(staging), show_progress=False)
            (staging / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
            os.replace(staging, folder)
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)
            if not folder.exists():
                raise
        for old in root.iterdir():
            if old != folder and not old.name.startswith("."):
                shutil.rmtree(old, ignore_errors=True)
    except Exception:  # read-only or full disk: the in-memory index still serves
        return


_RANKERS: OrderedDict[str, PageRanker] = OrderedDict()


def clear_ranker_cache() -> None:
    """Forget every in-memory ranker (the disk cache stays). For tests and benchmarks."""
    _RANKERS.clear()


def get_ranker(page_map: PageMap, *, settings: Settings | None = None) -> PageRanker:
    """The BM25 ranker for `page_map`: from memory, else from the disk cache, else built.

    Documents are title + description + section + page body (frontmatter stripped, whole
    file up to `settings.max_page_bytes`); unreadable pages are ranked on their index line.

    Cache validity, and its trade-off: the disk cache is keyed on a fingerprint of every
    entry and every page's (mtime_ns, size), so a new process with an unchanged wiki loads
    instead of rebuilding, and any change is seen. Statting every page on each *warm* call
    would cost ~0.3 s at 100,000 pages, so the in-memory ranker is kept while the page map
    is the same and the mtimes of the wiki dir and of the folders holding pages are unchanged
    (files created, deleted or renamed, which includes editors' atomic saves). Small wikis
    (up to `FULL_CHECK_MAX_PAGES`) also re-stat every page. In a large wiki, a page edited in
    place is noticed lazily: when rank() returns it (its snippet is read fresh and the ranker
    is marked outdated, so the next call rebuilds), or at the next process start. Until then
    its BM25 score may reflect the old text.
    """
    if settings is None:
        from swarm.config import get_settings

        settings = get_settings()
    max_page_bytes, snippet_chars = settings.max_page_bytes, settings.snippet_chars
    wiki_dir = Path(page_map.wiki_dir).resolve()
    memory_key = str(wiki_dir)
    cached = _RANKERS.get(memory_key)
    if cached is not None and cached.is_current(page_map, max_page_bytes, snippet_chars):
        return cached

    page_stats = _page_stats(memory_key, page_map)
    fingerprint = _fingerprint(page_map, page_stats, max_page_bytes)
    cache_root = _cache_root(settings, wiki_dir)
    folder = cache_root / fingerprint[:32] if cache_root is not None else None
    source: Literal["built", "disk"] = "disk"
    retriever = None
    if folder is not None and len(page_map) > 0:
        retriever = _load_from_disk(folder, fingerprint, len(page_map))
    if retriever is None:
        source = "built"
        retriever = _build_retriever(wiki_dir, page_map, max_page_bytes)
        if retriever is not None and cache_root is not None and folder is not None:
            meta = {"fingerprint": fingerprint, "num_docs": len(page_map), "wiki": memory_key}
            _save_to_disk(cache_root, folder, retriever, meta)
    ranker = PageRanker(
        page_map,
        retriever,
        wiki_dir=wiki_dir,
        page_stats=page_stats,
        max_page_bytes=max_page_bytes,
        snippet_chars=snippet_chars,
        source=source,
    )
    _RANKERS[memory_key] = ranker
    _RANKERS.move_to_end(memory_key)
    while len(_RANKERS) > _MEMORY_CACHE_WIKIS:
        _RANKERS.popitem(last=False)
    return ranker

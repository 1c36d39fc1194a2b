"""BM25 ranking of wiki pages (bm25s) over index lines and page text, with snippets.

Cached in memory and on disk under `settings.effective_cache_dir()`, never inside the wiki.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import bm25s
import numpy as np

from swarm.errors import WikiError
from swarm.wiki.asking_words import weighted_scores
from swarm.wiki.bm25_index import build_index
from swarm.wiki.bm25_store import STORE_FILENAME, load_matrix, load_stored_terms, save_index
from swarm.wiki.index import PageMap
from swarm.wiki.name_scores import index_line_idf, named_idf, token_idf
from swarm.wiki.pages import read_page_texts
from swarm.wiki.snippet_cache import SnippetPassages
from swarm.wiki.snippet_store import PASSAGES_CACHE_FOLDER, SnippetStore
from swarm.wiki.snippet_store import STORE_FILENAME as STORE_FILENAME_PASSAGES
from swarm.wiki.snippet_window import PassageTokens, snippet_window
from swarm.wiki.tokens import page_passages, query_tokens
from swarm.wiki.word_forms_index import WordFormsIndex

if TYPE_CHECKING:
    from swarm.config import Settings

__all__ = [
    "RANKING_CACHE_FOLDER",
    "PageRanker",
    "RankedPage",
    "clear_ranker_cache",
    "get_ranker",
]

# `<cache>/ranking/<wiki key>/index.npz` (swarm/wiki/cache_admin.py lists and prunes them).
RANKING_CACHE_FOLDER = "ranking"
# Bump when tokenization or document layout changes: invalidates every disk cache.
_FORMAT_VERSION = 6
# Up to this many pages every warm call re-stats every page (exact); above it, see get_ranker.
FULL_CHECK_MAX_PAGES = 1000
_MAX_WATCHED_DIRS = 1000
_MEMORY_CACHE_WIKIS = 4
# A page's score gains this fraction of the IDF of the query words its best passage window
# (the snippet's) holds together: words met in one passage answer a question more often than
# the same words scattered over a long page (proximity: cheat sheets, FAQs, glossaries). BM25
# gives a word at most its IDF, so a window holding every query word adds a quarter of the
# most a page can score.
PASSAGE_WEIGHT = 0.25
# ...for the best this many pages by BM25 (their passages are read for it, with or without
# snippets: the same scores either way); the rest keep their BM25 score.
PASSAGE_PAGES = 10
# A page the question names, every word of its title or of its file name being in the
# question ("sort" in "is the file already sorted?", "Mara Quint"), gains this fraction of
# those words' IDF.
NAMED_WEIGHT = 0.5
# Every page gains this fraction of the IDF of the query words its index line (title,
# description, folder and file names) holds. They are in its BM25 document too, but there a
# long page's length drowns them: the page whose one-line summary says what was asked
# ("distributes space between flex items") ranked under long guides that mention the same
# words in passing. Measured on the 24 fixture wikis: 0.25 and 0.35 moved recall@5 alike,
# 0.5 began to lift pages whose description only shares the question's topic.
INDEX_LINE_WEIGHT = 0.25
Passages = list[tuple[str, bool]]  # (sentence, is a heading), as `tokens.page_passages` gives them

# Where a ranker came from: loaded whole from the disk cache, "updated" from it (only
# changed pages re-read), or "built" from every page.
Source = Literal["built", "disk", "updated"]

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
        source: Source,
        pages_encoded: int = 0,
        snippet_store: SnippetStore | None = None,
    ) -> None:
        self.page_map = page_map
        self.wiki_dir = str(wiki_dir)
        self.source = source
        self.pages_encoded = pages_encoded  # pages read and tokenized to build this ranker
        self.max_page_bytes = max_page_bytes
        self.snippet_chars = snippet_chars
        self.outdated = False  # set when a page returned by rank() changed since the build
        self._retriever = retriever
        self._vocab: dict[str, int] = dict(retriever.vocab_dict) if retriever else {}
        self._forms = WordFormsIndex(self._vocab)  # a French question's verbs, other forms
        self._page_stats = page_stats
        self._watched_dirs = _watched_dirs(self.wiki_dir, page_map)
        self._dir_stamps = [_dir_stamp(path) for path in self._watched_dirs]
        self._passages = SnippetPassages()  # bounded by characters, thread-safe
        self._store = snippet_store  # the same passages on disk, shared by processes

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

    def query_idf(self, query: str) -> dict[str, float]:
        """BM25's IDF over this wiki of each token of `query` (its word forms too) that some
        page holds: how much each says about where an answer is (`excerpt_window`)."""
        if self._retriever is None:
            return {}
        asked = set(self._forms.expand(query, query_tokens(query)))
        return token_idf(self._retriever, self._vocab, asked)

    def rank(self, query: str, k: int = 5, *, snippets: bool = True) -> list[RankedPage]:
        """The top `k` pages for `query` with a positive score, best first: BM25 over the
        pages (a how-to's words of the asker's situation weigh less: `asking_words`), then
        the best `PASSAGE_PAGES` of them each gain `PASSAGE_WEIGHT` of the IDF of the query
        words their snippet's passages hold together, every page `NAMED_WEIGHT`
        of its name's when the query names it and `INDEX_LINE_WEIGHT` of the query words
        its index line holds. With `snippets=False` each snippet is "" and
        only those best pages are read (from the per-ranker cache): the scores are the same."""
        if self._retriever is None or k <= 0:
            return []
        asked = self._forms.expand(query, query_tokens(query))
        weighted = weighted_scores(self._retriever, self._vocab, query, asked)
        if weighted is None:
            return []
        scores, idf = weighted
        count = min(k, len(scores))
        top = np.argpartition(-scores, count - 1)[:count] if count < len(scores) else None
        candidates = top.tolist() if top is not None else list(range(len(scores)))
        ordered = sorted(candidates, key=lambda doc: (-float(scores[doc]), doc))
        positive = [doc for doc in ordered if float(scores[doc]) > 0]
        read = positive if snippets else positive[:PASSAGE_PAGES]
        passages_of = self._passages_of(read)  # doc -> (passages, their tokens memo)
        ranked: list[RankedPage] = []
        for place, doc in enumerate(positive):
            score = float(scores[doc])
            entry = self.page_map.entries[doc]
            snippet = ""
            if doc in passages_of:
                passages, memo = passages_of[doc]
                snippet, held = snippet_window(passages, set(idf), self.snippet_chars, memo)
                if place < PASSAGE_PAGES:
                    score += PASSAGE_WEIGHT * sum(idf[token] for token in held)
                snippet = snippet if snippets else ""
            elif _stat_key(os.path.join(self.wiki_dir, entry.path)) != self._page_stats[doc]:
                self.outdated = True
            score += NAMED_WEIGHT * named_idf(entry, idf)
            score += INDEX_LINE_WEIGHT * index_line_idf(entry, idf)
            ranked.append(RankedPage(path=entry.path, score=score, snippet=snippet))
        ranked.sort(key=lambda hit: -hit.score)  # stable: ties keep the BM25 order
        return ranked

    def _passages_of(self, docs: list[int]) -> dict[int, tuple[Passages, PassageTokens]]:
        """The pages' sentences for snippets, re-read when their stat changed (a change also
        marks the ranker outdated, so the next `get_ranker` call rebuilds the index): from
        memory, else from the disk store (another process may have split them), else read
        (together, each folder resolved once), split, and kept in both."""
        found: dict[int, tuple[Passages, PassageTokens]] = {}
        missing: list[tuple[int, _StatKey]] = []
        for doc in docs:
            path = self.page_map.entries[doc].path
            stat = _stat_key(os.path.join(self.wiki_dir, path))
            if stat != self._page_stats[doc]:
                self.outdated = True
            cached = self._passages.lookup(path, stat)
            if cached is None:
                missing.append((doc, stat))
            else:
                found[doc] = cached
        if missing and self._store is not None:
            # A row was stored from a whole read; a page now over the size limit is not read.
            keys = [
                (self.page_map.entries[doc].path, stat)
                for doc, stat in missing
                if stat is not None and stat[1] <= self.max_page_bytes
            ]
            stored = self._store.get_many(keys)
            for doc, stat in missing:
                path = self.page_map.entries[doc].path
                if path in stored:
                    found[doc] = (stored[path], self._passages.put(path, stat, stored[path]))
            missing = [(doc, stat) for doc, stat in missing if doc not in found]
        if not missing:
            return found
        paths = [self.page_map.entries[doc].path for doc, _ in missing]
        try:
            texts = list(read_page_texts(Path(self.wiki_dir), paths, max_bytes=self.max_page_bytes))
        except WikiError:  # the wiki folder itself is gone: every page on its index line
            texts = [None] * len(paths)
        split: list[tuple[str, _StatKey, Passages]] = []
        # Only the best pages can be read as excerpts next (the answer step reads the first
        # few candidates): their blocks are kept for its split, not every snippet page's.
        best = set(docs[:PASSAGE_PAGES])
        for (doc, stat), text in zip(missing, texts, strict=True):
            entry = self.page_map.entries[doc]
            if text is None:  # unreadable: the page is ranked on its index line
                passages = page_passages(
                    f"{entry.title}. {entry.description}" if entry.description else entry.title
                )
            else:
                passages = page_passages(text, share=doc in best)
                split.append((entry.path, stat, passages))  # only pages read whole are stored
            found[doc] = (passages, self._passages.put(entry.path, stat, passages))
        if split and self._store is not None:
            self._store.put_many(split)
        return found


def _watched_dirs(root: str, page_map: PageMap) -> list[str]:
    folders = {os.path.dirname(entry.path) for entry in page_map.entries} - {""}
    return [root, *(os.path.join(root, folder) for folder in sorted(folders))][:_MAX_WATCHED_DIRS]


def _page_stats(root: str, page_map: PageMap) -> list[_StatKey]:
    return [_stat_key(os.path.join(root, entry.path)) for entry in page_map.entries]


# --- building and caching ------------------------------------------------------------


def _fingerprint(page_map: PageMap, page_stats: list[_StatKey], max_page_bytes: int) -> str:
    digest = hashlib.sha256()
    header = [_FORMAT_VERSION, bm25s.__version__, max_page_bytes, len(page_map)]
    digest.update(json.dumps(header).encode())
    for entry, stat in zip(page_map.entries, page_stats, strict=True):
        line = f"\n{entry.path}\0{entry.title}\0{entry.description}\0{entry.section}\0{stat}"
        digest.update(line.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _cache_root(
    settings: Settings, wiki_dir: Path, folder: str = RANKING_CACHE_FOLDER
) -> Path | None:
    """This wiki's folder in the cache (under `folder`), or None when the cache would land
    in the wiki."""
    cache_dir = Path(settings.effective_cache_dir()).expanduser()
    try:
        resolved_cache = cache_dir.resolve()
    except (OSError, RuntimeError):
        return None
    if resolved_cache == wiki_dir or resolved_cache.is_relative_to(wiki_dir):
        return None  # never write into the wiki, even when told to cache there
    wiki_key = hashlib.sha256(str(wiki_dir).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return resolved_cache / folder / wiki_key


def _snippet_store(settings: Settings, wiki_dir: Path) -> SnippetStore | None:
    """The wiki's snippet passages on disk (`swarm.wiki.snippet_store`; opened on first use)."""
    folder = _cache_root(settings, wiki_dir, PASSAGES_CACHE_FOLDER)
    return SnippetStore(folder / STORE_FILENAME_PASSAGES) if folder is not None else None


_RANKERS: OrderedDict[str, PageRanker] = OrderedDict()


def clear_ranker_cache() -> None:
    """Forget every in-memory ranker (the disk cache stays). For tests and benchmarks."""
    _RANKERS.clear()


def get_ranker(page_map: PageMap, *, settings: Settings | None = None) -> PageRanker:
    """The BM25 ranker for `page_map`: from memory, else from the disk cache, else built.

    Documents are the index line (title twice, description, section, the path's folder and
    file names), the frontmatter's naming values (aliases, title, tags, ...: see
    `bm25_index.document_body`) and the page body (whole file up to
    `settings.max_page_bytes`); unreadable pages are ranked on their index line.

    Disk cache (one file per wiki, see `bm25_index`): the score matrix, valid for a
    fingerprint of every entry and every page's (mtime_ns, size), so a new process with an
    unchanged wiki loads it as is; and each page's term counts, keyed on its path, (mtime_ns,
    size) and index line, so after an edit only changed or added pages are read and
    tokenized, and the matrix is rebuilt from the counts. The file is rewritten after every
    build and holds only the current pages.

    Memory cache validity, and its trade-off: Statting every page on each *warm* call
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
    store = cache_root / STORE_FILENAME if cache_root is not None else None
    source: Source = "disk"
    pages_encoded = 0
    retriever = None
    if store is not None and len(page_map) > 0:
        retriever = load_matrix(store, fingerprint, len(page_map), max_page_bytes)
    if retriever is None:
        previous = load_stored_terms(store, max_page_bytes) if store is not None else None
        built = build_index(wiki_dir, page_map, page_stats, max_page_bytes, previous)
        retriever, pages_encoded = built.retriever, built.pages_encoded
        source = "built" if pages_encoded == len(page_map) else "updated"
        if store is not None:
            save_index(
                store,
                built,
                fingerprint=fingerprint,
                max_page_bytes=max_page_bytes,
                wiki_dir=str(wiki_dir),
            )
    ranker = PageRanker(
        page_map,
        retriever,
        wiki_dir=wiki_dir,
        page_stats=page_stats,
        max_page_bytes=max_page_bytes,
        snippet_chars=snippet_chars,
        source=source,
        pages_encoded=pages_encoded,
        snippet_store=_snippet_store(settings, wiki_dir),
    )
    _RANKERS[memory_key] = ranker
    _RANKERS.move_to_end(memory_key)
    while len(_RANKERS) > _MEMORY_CACHE_WIKIS:
        _RANKERS.popitem(last=False)
    return ranker

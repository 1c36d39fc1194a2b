"""The wiki-first flow's wiki steps, run off the event loop: the candidates for the page pick
(index parse, ranking), the excerpt reads (with a fallback when every pick is unreadable), and
the offline answer step (pure CPU) on the wiki pool, in the same hop as the reads."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Sequence
from pathlib import Path

from swarm.config import Settings, resolve_wiki_dir
from swarm.errors import WikiError
from swarm.models.base import PageCandidate, Reasoner, WikiAnswer
from swarm.page_selection import build_candidates, fit_excerpt_settings
from swarm.wiki.index import PageMap, load_page_map
from swarm.wiki.pages import PageExcerpt, read_pages
from swarm.wiki.threads import in_wiki_thread, run_to_completion

__all__ = [
    "ReadAndAnswer",
    "load_candidates",
    "read_and_answer",
    "read_excerpts",
    "shows_snippets",
]

# (the excerpts read, those that could not be, the reasoner's answer: None when none was read)
ReadAndAnswer = tuple[list[PageExcerpt], list[PageExcerpt], WikiAnswer | None]


async def read_and_answer(
    reasoner: Reasoner,
    question: str,
    root: Path,
    chosen: Sequence[str],
    page_map: PageMap,
    settings: Settings,
    candidates: Sequence[PageCandidate],
) -> ReadAndAnswer:
    """Read the chosen pages' excerpts (cut to fit a small context window) and answer from
    them. The reads run on the wiki pool; so does the offline reasoner's answer step, pure
    CPU (~10 ms), in the same hop: on the loop, 128 queries finishing their reads at once
    queued ~1 s behind it, and as a hop of its own it waited in the pool's queue again."""
    from swarm.models.offline import OfflineReasoner

    offline = isinstance(reasoner, OfflineReasoner)

    def fitted_reads() -> tuple[list[PageExcerpt], list[PageExcerpt]]:
        # Fitting walks every page-map entry (the longest headers) when a window is set.
        read_settings = fit_excerpt_settings(question, page_map, settings)
        # A model reads a long page where the question's words are; the offline reasoner
        # reads the heads: its `high` rests on how well a passage covers the question's
        # words, and a window is chosen for holding them (allowed there, windows gave 6
        # wrong highs on the fixtures and 1 more right one on real long pages).
        focus = "" if offline else question
        return read_excerpts(root, chosen, page_map, read_settings, candidates, focus)

    def read_then_answer() -> ReadAndAnswer:
        readable, skipped = fitted_reads()
        if not readable:
            return readable, skipped, None
        answer = run_to_completion(reasoner.answer_from_excerpts(question, readable))
        return readable, skipped, answer

    if offline:
        return await in_wiki_thread(read_then_answer)
    readable, skipped = await in_wiki_thread(fitted_reads)
    answer = await reasoner.answer_from_excerpts(question, readable) if readable else None
    return readable, skipped, answer


def shows_snippets(reasoner: Reasoner) -> bool:
    """Whether `reasoner` reads the candidates' snippets: a model does (they are in its
    selection prompt); the offline reasoner picks on BM25 scores alone, so building ~40
    snippets (each a markdown parse of a page) would be work nothing reads."""
    from swarm.models.offline import OfflineReasoner

    return not isinstance(reasoner, OfflineReasoner)


def load_wiki(wiki_dir: str | Path | None, settings: Settings) -> tuple[Path, PageMap]:
    """(the wiki folder, its page map); `WikiError` when index.md lists no pages."""
    root = resolve_wiki_dir(wiki_dir, settings)
    page_map = load_page_map(
        root, max_bytes=settings.max_index_bytes, cache_dir=settings.effective_cache_dir()
    )
    if not page_map.entries:
        raise WikiError(f"index.md in {root} lists no pages")
    return root, page_map


def load_candidates(
    question: str, wiki_dir: str | Path | None, settings: Settings, snippets: bool = True
) -> tuple[Path, PageMap, list[PageCandidate]]:
    """(the wiki folder, its page map, the candidates for `question`): the flow's first wiki
    step, in one hop to the wiki pool."""
    root, page_map = load_wiki(wiki_dir, settings)
    candidates = build_candidates(question, page_map, settings, snippets=snippets)
    freeze_once(page_map)
    return root, page_map, candidates


# A full collection of the cyclic garbage collector walks every container alive: with a
# 4,259-page wiki's page map, ranker and word sets loaded, ~67k objects and ~40 ms of CPU,
# all of it holding the GIL, so the event loop stood still that long (the worst loop lag
# under load, benchmarks/bench_load.py). Once a big wiki's structures are built (the first
# query after a load or rebuild), they go to the collector's permanent generation
# (`gc.freeze()`): collections skip them (~5 ms after), and reference counting still frees
# them when a rebuild replaces them. Small wikis (a cheap collection) are left alone.
_FREEZE_MIN_PAGES = 1_000
# The maps already frozen, by id (a PageMap hashes by value: all its entries), each entry
# checked against a weak reference so a later map reusing a freed one's id is not skipped.
_frozen_maps: dict[int, weakref.ref[PageMap]] = {}
_frozen_lock = threading.Lock()


def freeze_once(page_map: PageMap) -> None:
    """Move everything alive to the collector's permanent generation, once per big page map
    (call it when the wiki's structures for `page_map` are built); from then on, also what
    survives a full collection in large numbers (`_freeze_survivors`)."""
    if len(page_map.entries) < _FREEZE_MIN_PAGES:
        return
    with _frozen_lock:
        known = _frozen_maps.get(id(page_map))
        if known is not None and known() is page_map:
            return
        _frozen_maps[id(page_map)] = weakref.ref(page_map)
        if _freeze_survivors not in gc.callbacks:
            gc.callbacks.append(_freeze_survivors)
    gc.freeze()
    # A full pass comes after `threshold[2]` (10) middle-generation passes, ~70k objects
    # created and not freed: on cheatsheet ~400 queries' memo entries, ~40k objects, one
    # 30 ms pass. After every middle pass instead, a full pass walks at most ~7k new objects
    # and the fewer than `_REFREEZE_MIN_SURVIVORS` left from the last one (a few ms).
    young, middle, _ = gc.get_threshold()
    if young > 0:  # 0: automatic collection is off; leave it so
        gc.set_threshold(young, middle, 1)


# What the first freeze leaves out keeps growing: the answer step's memo caches (each text's
# words, aliases and passages; up to 16,384 entries each) fill query by query, so on
# cheatsheet one pass over its questions left ~30k tracked objects (frozensets, tuples,
# passages) and a full collection cost 10-27 ms of CPU with the GIL held: the worst loop lag
# of a 128-queries level whenever one ran (`benchmarks/bench_load.py --trace-stalls`). Right
# after a full collection every object still tracked is reachable (the pass freed the rest),
# so when many survive they go to the permanent generation too, and the next full passes walk
# only what came after. As with the first freeze, a frozen object still dies by reference
# counting; only a cycle among frozen objects that becomes garbage later stays.
_REFREEZE_MIN_SURVIVORS = 5_000


def _freeze_survivors(phase: str, info: dict[str, int]) -> None:
    """A `gc.callbacks` hook: after a full collection that left many objects, freeze them."""
    if phase != "stop" or info.get("generation") != 2:
        return
    if len(gc.get_objects(generation=2)) >= _REFREEZE_MIN_SURVIVORS:
        gc.freeze()


def read_excerpts(
    root: Path,
    chosen: Sequence[str],
    page_map: PageMap,
    settings: Settings,
    candidates: Sequence[PageCandidate],
    question: str = "",
) -> tuple[list[PageExcerpt], list[PageExcerpt]]:
    """(read, skipped): the chosen pages' excerpts, and those that could not be read. A
    `question` reads each long page where its words are (`read_pages`' `focus`), not only
    from the top.

    When every chosen page is unreadable, the next-best candidates (ranking order, not
    chosen, with a lexical match) are tried until `max_pages` are read, trying at most
    `_FALLBACK_TRIES_PER_PAGE` times that many, so a deleted or binary pick does not void
    an answer another page holds."""
    read: list[PageExcerpt] = []
    skipped: list[PageExcerpt] = []
    titled = [(path, page_map.by_path[path].title) for path in chosen]
    focus: dict[str, float] = {}
    if question:
        from swarm.wiki.ranking import get_ranker  # built by the candidates step: cached

        focus = get_ranker(page_map, settings=settings).query_idf(question)
    limits = {"max_chars": settings.page_excerpt_chars, "max_bytes": settings.max_page_bytes}
    for excerpt in read_pages(root, titled, **limits, focus=focus):  # folders resolved once
        (skipped if excerpt.error is not None else read).append(excerpt)
    if read or not chosen:
        return read, skipped
    tried = set(chosen)
    fallback = [c.path for c in candidates if c.score > 0 and c.path not in tried]
    for path in fallback[: settings.max_pages * _FALLBACK_TRIES_PER_PAGE]:
        excerpt = _read_one(root, path, page_map, settings, focus)
        (skipped if excerpt.error is not None else read).append(excerpt)
        if len(read) >= settings.max_pages:
            break
    return read, skipped


# When every chosen page is unreadable, at most this many fallback reads per page wanted.
_FALLBACK_TRIES_PER_PAGE = 3


def _read_one(
    root: Path, path: str, page_map: PageMap, settings: Settings, focus: dict[str, float]
) -> PageExcerpt:
    titled = [(path, page_map.by_path[path].title)]
    limits = {"max_chars": settings.page_excerpt_chars, "max_bytes": settings.max_page_bytes}
    return read_pages(root, titled, **limits, focus=focus)[0]

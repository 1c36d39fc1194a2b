"""An excerpt's passages, memoised on its content: the offline answer step splits every excerpt
it reads (a markdown parse each), and the same pages come back query after query.

Keyed on everything `split_passages` reads (path, title, text, frontmatter), so an edited page
is a new key, never a stale hit. Bounded: the least recently used excerpts go first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from swarm.wiki.pages import PageExcerpt
from swarm.wiki.passages import Passage
from swarm.wiki.snippet_split import split_page_passages

__all__ = ["MAX_CACHED_EXCERPTS", "clear_passage_cache", "excerpt_passages"]

# ~5 excerpts a query: the pages of the last ~100 queries (1,500 chars each, ~2 MB at most).
MAX_CACHED_EXCERPTS = 512

_Key = tuple[str, str, str, str]
_lock = threading.Lock()
_cache: OrderedDict[_Key, tuple[Passage, ...]] = OrderedDict()


def excerpt_passages(excerpt: PageExcerpt) -> list[Passage]:
    """`split_passages` of a read excerpt (its text, path, title and frontmatter), memoised."""
    # repr keeps the frontmatter's order and types (a date is not its string), as the
    # splitter sees them: equal keys mean equal passages.
    key = (excerpt.path, excerpt.title, excerpt.text, repr(excerpt.metadata))
    with _lock:
        cached = _cache.get(key)
        if cached is not None:
            _cache.move_to_end(key)
            return list(cached)
    passages = split_page_passages(  # split_passages, without markdown-it on plain pages
        excerpt.text, page=excerpt.path, title=excerpt.title, metadata=excerpt.metadata
    )
    with _lock:
        _cache[key] = tuple(passages)
        while len(_cache) > MAX_CACHED_EXCERPTS:
            _cache.popitem(last=False)
    return passages


def clear_passage_cache() -> None:
    """Forget every memoised excerpt (for benchmarks that measure the first split)."""
    with _lock:
        _cache.clear()

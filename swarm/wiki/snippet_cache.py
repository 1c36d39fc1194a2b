"""The pages' snippet passages, kept per ranker: a snippet needs its page read and split
(~0.15 ms a plain page through the fast path, ~0.4 ms through markdown-it; 40 candidates a
query), and the same pages come back.

Each entry is valid for the page's (mtime_ns, size) when it was read. Bounded by the
characters it holds, not by a page count, so a wiki of small pages stays whole while a few
huge ones can't fill memory; thread-safe (the wiki pool ranks on more than one thread).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from swarm.wiki.snippet_window import PassageTokens

__all__ = [
    "MAX_SNIPPET_CACHE_CHARS",
    "MAX_SNIPPET_CACHE_PAGES",
    "PASSAGE_OVERHEAD_CHARS",
    "SnippetPassages",
]

# Each passage counts its characters twice (its text, and the memo's lowercased copy with a
# newline: `snippet_window.PassageTokens`) plus this much for its Python objects (tuple, str).
PASSAGE_OVERHEAD_CHARS = 100
# ~10 million counted characters (~25 MB) at most: a 4,000-page wiki of 1 KB pages fits whole.
MAX_SNIPPET_CACHE_CHARS = 10_000_000
MAX_SNIPPET_CACHE_PAGES = 10_000

Passages = list[tuple[str, bool]]
StatKey = tuple[int, int] | None


class SnippetPassages:
    """path -> (the page's stat when read, its snippet passages, their tokens as snippets
    tokenize them), least recently used first out once over `max_chars` characters or
    `max_pages` pages."""

    def __init__(
        self, max_chars: int = MAX_SNIPPET_CACHE_CHARS, max_pages: int = MAX_SNIPPET_CACHE_PAGES
    ) -> None:
        self.max_chars = max_chars
        self.max_pages = max_pages
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, tuple[StatKey, Passages, int, PassageTokens]] = (
            OrderedDict()
        )
        self._chars = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def chars(self) -> int:
        """Characters held, counted as the bound counts them."""
        return self._chars

    def get(self, path: str, stat: StatKey, load: Callable[[], Passages]) -> Passages:
        """The passages of `path` as of `stat`: cached, else `load()` (outside the lock)."""
        cached = self.peek(path, stat)
        if cached is not None:
            return cached
        passages = load()
        self.put(path, stat, passages)
        return passages

    def peek(self, path: str, stat: StatKey) -> Passages | None:
        """The cached passages of `path` as of `stat`, or None."""
        found = self.lookup(path, stat)
        return found[0] if found is not None else None

    def lookup(self, path: str, stat: StatKey) -> tuple[Passages, PassageTokens] | None:
        """(passages, their tokens memo for `snippet_window`) of `path` as of `stat`."""
        with self._lock:
            cached = self._entries.get(path)
            if cached is not None and cached[0] == stat:
                self._entries.move_to_end(path)
                return cached[1], cached[3]
        return None

    def put(self, path: str, stat: StatKey, passages: Passages) -> PassageTokens:
        """Keep `passages` for `path` as of `stat` (the least recently used go past the
        bound); returns their tokens memo, empty (one slot per passage)."""
        size = sum(2 * len(text) + 1 + PASSAGE_OVERHEAD_CHARS for text, _ in passages)
        memo = PassageTokens(len(passages))
        with self._lock:
            previous = self._entries.pop(path, None)
            if previous is not None:
                self._chars -= previous[2]
            self._entries[path] = (stat, passages, size, memo)
            self._chars += size
            while len(self._entries) > 1 and (
                self._chars > self.max_chars or len(self._entries) > self.max_pages
            ):
                _, (_, _, dropped, _) = self._entries.popitem(last=False)
                self._chars -= dropped
        return memo

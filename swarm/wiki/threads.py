"""Where wiki work runs: a small bounded thread pool of its own, apart from the loop's default
executor (which asyncio also uses for DNS lookups, so a hung lookup can't starve wiki reads,
and a burst of wiki work can't queue the lookups behind it).

Few threads on purpose: wiki work is mostly CPU under the GIL (parsing, ranking, excerpts),
and every extra busy thread is one more the event loop's thread waits behind for the GIL.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import os
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["WIKI_WORKERS", "in_wiki_thread", "run_to_completion", "wiki_executor"]

T = TypeVar("T")

# One thread per core, at most 4: on 2 cores, 4 threads left the loop up to 67 ms behind the
# GIL with 128 queries in flight, 2 threads 27 ms (benchmarks/bench_load.py).
WIKI_WORKERS = min(4, os.cpu_count() or 1)

_lock = threading.Lock()
_executor: ThreadPoolExecutor | None = None


def wiki_executor() -> ThreadPoolExecutor:
    """The process's wiki pool (made on first use; a forked child makes its own)."""
    global _executor
    with _lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(WIKI_WORKERS, thread_name_prefix="swarm-wiki")
        return _executor


async def in_wiki_thread(function: Callable[..., T], *args: Any) -> T:
    """`await asyncio.to_thread(function, *args)`, on the wiki pool: context variables go
    along, and the caller's loop is free while it runs."""
    context = contextvars.copy_context()
    call = functools.partial(context.run, function, *args)
    return await asyncio.get_running_loop().run_in_executor(wiki_executor(), call)


def run_to_completion(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that only computes (no I/O of the caller's loop) in this thread."""
    return asyncio.run(coroutine)


def _forget_after_fork() -> None:
    global _executor
    _executor = None  # the parent's threads do not exist in the child


os.register_at_fork(after_in_child=_forget_after_fork)

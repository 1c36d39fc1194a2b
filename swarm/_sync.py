"""Run an async core from sync code: the one way swarm's sync facades do it.

Safe inside a running event loop too (a notebook, an async app): the coroutine then runs on
a private loop in a worker thread instead of failing with "asyncio.run() cannot be called".
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run `coro` to completion and return its result."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()

"""Run an async core from sync code: the one way swarm's sync facades do it.

Every sync call runs on *swarm's loop*: one long-lived event loop in a daemon thread, started
on first use and shut down at exit. Why not `asyncio.run` per call: connection pools (the
Anthropic SDK's httpx2 pool above all) are bound to the loop they were first used on, so with
a fresh loop per call each call built its own client and connection, and the abandoned
clients' clean-up tasks later failed with "Event loop is closed". On one loop, one pool per
process and backend truly holds; at exit the loop closes its async generators (which is how
loop-scoped resources such as `swarm.models.anthropic`'s clients get closed), its tasks and
its executor, then stops.

Safe inside a running event loop too (a notebook, an async app): the caller's thread blocks
while swarm's loop does the work. Called from a coroutine that is itself running on swarm's
loop, the call can't wait for its own loop, so it runs on a private loop in a worker thread.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import contextvars
import os
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

__all__ = ["run_sync", "swarm_loop"]

T = TypeVar("T")

# How long exit waits for swarm's loop to close its clients and tasks before giving up.
_SHUTDOWN_TIMEOUT_S = 5.0
# How often a thread waiting for swarm's loop wakes up to let pending signals through.
_WAIT_SLICE_S = 0.1
# How often a thread waiting for swarm's loop wakes up to let pending signals through.
_WAIT_SLICE_S = 0.1

_lock = threading.Lock()
_state: tuple[int, asyncio.AbstractEventLoop, threading.Thread] | None = None  # (pid, ...)


def swarm_loop() -> asyncio.AbstractEventLoop:
    """Swarm's long-lived event loop (started on first use, in a daemon thread)."""
    global _state
    with _lock:
        if _state is not None:
            pid, loop, thread = _state
            if pid == os.getpid() and thread.is_alive() and not loop.is_closed():
                return loop
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=_serve, args=(loop,), name="swarm-loop", daemon=True)
        thread.start()
        if _state is None:
            atexit.register(_shutdown)
        _state = (os.getpid(), loop, thread)
        return loop


def _serve(loop: asyncio.AbstractEventLoop) -> None:
    asyncio.set_event_loop(loop)
    loop.run_forever()


async def _in_context(coro: Coroutine[Any, Any, T], context: contextvars.Context) -> T:
    # The caller's context variables travel with the work, as they do with `asyncio.run`;
    # cancelling this wrapper cancels the task it awaits.
    return await asyncio.get_running_loop().create_task(coro, context=context)


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run `coro` to completion on swarm's loop and return its result.

    Ctrl-C (or any exception) while waiting cancels the work on the loop as well."""
    loop = swarm_loop()
    try:
        running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    context = contextvars.copy_context()
    if running is loop:
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(context.run, asyncio.run, coro).result()
    future = asyncio.run_coroutine_threadsafe(_in_context(coro, context), loop)
    try:
        # Waited for in slices: a signal (Ctrl-C) is handled only when this thread runs
        # Python code, and the kernel may deliver it to swarm's loop thread instead.
        while not concurrent.futures.wait([future], timeout=_WAIT_SLICE_S)[0]:
            pass
        return future.result()
    except BaseException:
        future.cancel()
        raise


def _shutdown() -> None:
    """At exit: close swarm's loop the way `asyncio.run` closes its own."""
    global _state
    with _lock:
        state, _state = _state, None
    if state is None:
        return
    pid, loop, thread = state
    if pid != os.getpid() or loop.is_closed() or not thread.is_alive():
        return
    with contextlib.suppress(Exception):
        asyncio.run_coroutine_threadsafe(_finish(), loop).result(_SHUTDOWN_TIMEOUT_S)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(_SHUTDOWN_TIMEOUT_S)
    if not thread.is_alive():
        loop.close()


async def _finish() -> None:
    loop = asyncio.get_running_loop()
    current = asyncio.current_task()
    tasks = [task for task in asyncio.all_tasks(loop) if task is not current]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await loop.shutdown_asyncgens()
    with contextlib.suppress(RuntimeError):  # no new threads this late on some Pythons
        await loop.shutdown_default_executor()


def _forget_after_fork() -> None:
    # A forked child has the loop object but not its thread: start afresh on first use.
    global _state
    _state = None


os.register_at_fork(after_in_child=_forget_after_fork)

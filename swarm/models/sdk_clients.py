"""What every SDK-backed `ChatModel` shares: one client per (event loop, backend settings),
one deadline per call (retries included), and the size/depth check on a raw reply body.

Used by `anthropic.py` and `openai_compat.py`; nothing here imports an SDK.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from swarm.errors import ModelOutputError, ModelTimeout
from swarm.models.chat_replies import MAX_REPLY_BYTES, check_reply_text

if TYPE_CHECKING:
    import httpx2

__all__ = [
    "MAX_CLIENTS_PER_LOOP",
    "check_reply_body",
    "client_for_call",
    "note_status",
    "shared_client",
    "within_deadline",
]

# Clients kept per event loop: one per distinct backend settings, so a long-lived process
# that switches keys or endpoints doesn't keep every pool it ever opened.
MAX_CLIENTS_PER_LOOP = 8

_T = TypeVar("_T")

# The HTTP statuses of the attempts of the call in progress (retries included), so a call
# cut short by the deadline can say what the API had answered meanwhile.
_attempt_statuses: ContextVar[list[int] | None] = ContextVar("_attempt_statuses", default=None)


async def note_status(response: httpx2.Response) -> None:
    """An httpx2 response hook: records the status for `within_deadline`'s timeout message."""
    statuses = _attempt_statuses.get()
    if statuses is not None:
        statuses.append(response.status_code)


async def within_deadline(call: Callable[[], Awaitable[_T]], *, budget_s: float, what: str) -> _T:
    """`await call()` under one deadline of `budget_s` (the SDK's retries and their
    `retry-after` sleeps included). Raises `ModelTimeout` naming `what` ("the Anthropic API")
    and the last HTTP status seen, if any."""
    statuses: list[int] = []
    token = _attempt_statuses.set(statuses)
    try:
        async with asyncio.timeout(budget_s):
            return await call()
    except TimeoutError as exc:
        last = f"; the API last answered HTTP {statuses[-1]}" if statuses else ""
        raise ModelTimeout(
            f"no reply from {what} within {budget_s:g} s (model_timeout_s, retries included{last})"
        ) from exc
    finally:
        _attempt_statuses.reset(token)


def check_reply_body(body: bytes) -> None:
    """Refuse an API body that is too large or too deeply nested to parse safely.

    Raises `ModelOutputError` naming the problem ("reply too large", "reply nested too
    deeply"); the SDK's JSON parser never sees such a body."""
    if len(body) > MAX_REPLY_BYTES:
        raise ModelOutputError(
            f"reply too large ({len(body) // 1024} KB; the limit is {MAX_REPLY_BYTES // 1024} KB)"
        )
    check_reply_text(body.decode("utf-8", errors="replace"))


# --- one client per loop and backend settings --------------------------------------------


class _Closable(Protocol):
    async def close(self) -> None: ...


_Client = TypeVar("_Client", bound=_Closable)


@dataclass
class _PooledClient:
    client: _Closable
    in_use: int = 0


@dataclass
class _LoopClients:
    """The SDK clients of one event loop, closed when that loop shuts down.

    An httpx2 connection pool belongs to the loop it was first used on: using it from another
    loop fails, and closing it after its loop has closed fails. So clients are kept per
    (running loop, backend settings). Swarm's sync facades all run on one long-lived loop
    (`swarm._sync`), so for them this is one client (one connection pool) per process and
    settings; an async caller's own loop (`asyncio.run` in the CLI, an app's loop) gets its
    own, reused for as long as that loop runs.

    Closing: an async generator started on the loop is parked at its `yield`; the loop's
    shutdown (`loop.shutdown_asyncgens()`, run by `asyncio.run`, `asyncio.Runner`, anyio and
    swarm's own loop at exit) closes it, and its `finally` closes the clients while the loop
    still runs. A loop closed without that step leaves its pool to the garbage collector.
    """

    clients: OrderedDict[Hashable, _PooledClient] = field(default_factory=OrderedDict)
    closer: Any = None  # the parked async generator (kept alive here; the loop holds it weakly)

    async def close_all(self) -> None:
        clients = [pooled.client for pooled in self.clients.values()]
        self.clients.clear()
        for client in clients:
            await client.close()

    async def evict_idle(self, *, keep: object) -> None:
        """Close the least recently used idle clients beyond `MAX_CLIENTS_PER_LOOP` (never the
        one under `keep`, about to be used)."""
        idle = [key for key, pooled in self.clients.items() if pooled.in_use == 0 and key != keep]
        while len(self.clients) > MAX_CLIENTS_PER_LOOP and idle:
            await self.clients.pop(idle.pop(0)).client.close()


_loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopClients] = (
    weakref.WeakKeyDictionary()
)
_loops_lock = threading.Lock()  # loops in several threads share the registry


async def _close_at_loop_shutdown(pool: _LoopClients) -> AsyncIterator[None]:
    try:
        yield
    finally:
        await pool.close_all()


async def _pool_for_running_loop() -> _LoopClients:
    loop = asyncio.get_running_loop()
    with _loops_lock:
        pool = _loops.get(loop)
        new = pool is None
        if pool is None:
            pool = _loops[loop] = _LoopClients()
    if new:
        closer = _close_at_loop_shutdown(pool)
        await closer.__anext__()  # first iteration: the loop now tracks it for shutdown
        pool.closer = closer
    return pool


@asynccontextmanager
async def client_for_call(
    own: _Client | None, key: Hashable, build: Callable[[], _Client]
) -> AsyncIterator[_Client]:
    """The client for one model call: the caller's `own` (given, or built over a given
    http_client) when there is one, else the running loop's shared one under `key`."""
    if own is not None:
        yield own
        return
    async with shared_client(key, build) as client:
        yield client


@asynccontextmanager
async def shared_client(key: Hashable, build: Callable[[], _Client]) -> AsyncIterator[_Client]:
    """The running loop's client under `key` (built by `build()` the first time), marked in
    use while the block runs so eviction never closes it under a call. `key` must name the
    backend and every setting the client was built with (hash keys, never keep them)."""
    pool = await _pool_for_running_loop()
    pooled = pool.clients.get(key)
    if pooled is None:
        pooled = pool.clients[key] = _PooledClient(build())
        await pool.evict_idle(keep=key)
    pool.clients.move_to_end(key)
    pooled.in_use += 1
    try:
        yield cast(_Client, pooled.client)
    finally:
        pooled.in_use -= 1

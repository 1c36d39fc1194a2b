"""The provider chain behind the web search tool: the real-time route, DuckDuckGo, the
fallback chain (Brave, Wikipedia) under one wall-clock budget, what it gathered
(`SearchOutcome`), and the envelope picked from it.

Seed 002. Progress lines go to `ToolContext.user_print` and never into the returned text.
The parallel fetch cascade that reads the top hits is in `swarm.web.cascade`; the public
entry points are in `swarm.web.web_search`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from swarm.config import Settings
from swarm.errors import FetchError, SwarmError
from swarm.progress import safe_printer
from swarm.tools.context import ToolContext
from swarm.untrusted import single_line
from swarm.web import envelopes
from swarm.web.brave import Brave
from swarm.web.cascade import cascade_fetch
from swarm.web.duckduckgo import DuckDuckGo, InstantAnswer, LiteResults
from swarm.web.types import Article, ArticleFetcher, SearchHit
from swarm.web.wikipedia import wikipedia_fallback_or_raise
from swarm.web.wikipedia_language import language_host

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

__all__ = [
    "RealtimeRoute",
    "SearchOutcome",
    "failure_reason",
    "realtime_timeout_s",
    "search",
]

logger = logging.getLogger(__name__)

PROVIDER_DUCKDUCKGO = "DuckDuckGo"
PROVIDER_BRAVE = "Brave"
PROVIDER_WIKIPEDIA = "Wikipedia fallback"
# The real-time route runs inside `total_wall_clock_s` and may use at most this share of it,
# so the DDG → Brave → Wikipedia chain behind it always keeps the rest.
REALTIME_SHARE_OF_TOTAL = 0.5
# Backstop around the route beyond its own timeout (it kills and reaps its child inside it).
_REALTIME_GRACE_S = 1.0
# The query as shown on the user's terminal in progress lines.
_PROGRESS_QUERY_MAX_CHARS = 200

_T = TypeVar("_T")


RealtimeRoute = Callable[..., Awaitable[tuple[str, str] | None]]


def _seconds_left(deadline: float | None) -> float | None:
    return None if deadline is None else deadline - time.monotonic()


def failure_reason(error: BaseException) -> str:
    """A short reason for a provider that could not be asked: a FetchError's `reason`
    ("could not resolve host lite.duckduckgo.com"), "no answer in time", else the type
    (other exception text may carry URLs or credentials)."""
    if isinstance(error, FetchError):
        return single_line(error.reason, max_chars=200)
    if isinstance(error, TimeoutError):
        return "no answer in time"
    return type(error).__name__


async def _bounded(
    awaitable: Awaitable[_T],
    deadline: float,
    default: _T,
    on_failure: Callable[[str], None] | None = None,
) -> _T:
    """`awaitable`'s result, or `default` when it fails or the deadline passes first (then
    `on_failure` hears why)."""
    left = deadline - time.monotonic()
    if left <= 0:
        if asyncio.iscoroutine(awaitable):
            awaitable.close()  # never started: no "never awaited" warning
        if on_failure is not None:
            on_failure("not asked: the time budget was spent")
        return default
    try:
        async with asyncio.timeout(left):
            return await awaitable
    except Exception as error:  # a provider failure is not an answer: the chain moves on
        logger.info("provider call failed or timed out", exc_info=True)
        if on_failure is not None:
            on_failure(failure_reason(error))
        return default


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """What the provider chain did, typed (the envelope says it in words): whether it
    answered, which providers it asked, and which of them could not be asked and why."""

    answered: bool = False
    asked: tuple[str, ...] = ()
    failures: tuple[str, ...] = ()  # "DuckDuckGo: could not resolve host lite.duckduckgo.com"
    failed_providers: tuple[str, ...] = ()

    @property
    def all_failed(self) -> bool:
        """True when nothing answered and every provider asked failed (none said "nothing")."""
        return (
            not self.answered and bool(self.asked) and set(self.asked) <= set(self.failed_providers)
        )

    @property
    def error(self) -> str | None:
        if not self.failures:
            return None
        listed = "; ".join(self.failures)
        if self.all_failed:
            return f"every search provider failed: {listed}"
        return f"a search provider failed: {listed}"


@dataclass(slots=True)
class _ChainState:
    """What the provider chain has gathered so far."""

    provider: str = ""
    content: str = ""
    content_title: str = ""
    content_url: str = ""
    instant_answer: InstantAnswer | None = None
    links: list[SearchHit] = field(default_factory=list)
    blocked: bool = False
    fetch_attempted: bool = False
    tried: list[str] = field(default_factory=list)
    failures: dict[str, str] = field(default_factory=dict)  # provider → why it failed

    def failed(self, provider: str) -> Callable[[str], None]:
        def record(reason: str) -> None:
            self.failures.setdefault(provider, reason)

        return record

    def outcome(self) -> SearchOutcome:
        return SearchOutcome(
            answered=self.answered,
            asked=tuple(self.tried),
            failures=tuple(f"{name}: {why}" for name, why in self.failures.items()),
            failed_providers=tuple(self.failures),
        )

    @property
    def answered(self) -> bool:
        return bool(self.content) or self.instant_answer is not None

    def add_links(self, hits: Sequence[SearchHit]) -> None:
        known = {link.url for link in self.links}
        self.links.extend(hit for hit in hits if hit.url not in known)


def _progress_query(query: str) -> str:
    """The query as it may appear on the user's terminal: one line, controls and bidi
    overrides removed (it is model or user text), length-capped."""
    return single_line(query, max_chars=_PROGRESS_QUERY_MAX_CHARS)


def realtime_timeout_s(settings: Settings) -> float:
    """The real-time route's share of the chain budget: `settings.realtime_timeout_s`, but
    never more than `REALTIME_SHARE_OF_TOTAL` of `total_wall_clock_s` (the route's time
    counts inside the total, and the cascade behind it keeps the rest)."""
    return min(settings.realtime_timeout_s, settings.total_wall_clock_s * REALTIME_SHARE_OF_TOTAL)


async def search(
    query: str,
    context: ToolContext,
    settings: Settings,
    client: AsyncClient,
    fetcher: ArticleFetcher,
    realtime: RealtimeRoute,
) -> tuple[str, SearchOutcome]:
    say = safe_printer(context.user_print)
    # One deadline for everything, the real-time route included: the route gets at most its
    # share of the budget (it fails open), and the chain runs on what is left.
    deadline = time.monotonic() + settings.total_wall_clock_s
    realtime_answer = await _realtime_answer(query, settings, client, realtime, deadline)
    if realtime_answer is not None and realtime_answer[1].strip():
        provider, text = realtime_answer
        say(f"✅ Answered via {provider}.")
        envelope = envelopes.normal_envelope(
            query, provider=provider, content=text, max_chars=settings.fence_max_chars
        )
        return envelope, SearchOutcome(answered=True, asked=(provider,))

    state = _ChainState()
    await _duckduckgo_step(query, state, say, settings, client, fetcher, deadline)

    if not state.answered and settings.brave_key():
        if _budget_left(deadline):
            await _brave_step(query, state, settings, client, fetcher, deadline)
        else:
            logger.info("budget spent: Brave skipped")
            _skipped(state, PROVIDER_BRAVE)
    if not state.answered and settings.wikipedia_fallback_enabled:
        if _budget_left(deadline):
            await _wikipedia_step(query, state, say, context, settings, client, deadline)
        else:
            logger.info("budget spent: Wikipedia skipped")
            _skipped(state, "Wikipedia")

    if state.answered:
        say(f"✅ Answered via {state.provider}.")
    return _envelope(query, state, max_chars=settings.fence_max_chars), state.outcome()


def _skipped(state: _ChainState, provider: str) -> None:
    state.tried.append(provider)
    state.failed(provider)("not asked: the time budget was spent")


async def _realtime_answer(
    query: str,
    settings: Settings,
    client: AsyncClient,
    realtime: RealtimeRoute,
    deadline: float,
) -> tuple[str, str] | None:
    """The real-time route's answer within its share of the budget; None on any failure."""
    timeout_s = min(realtime_timeout_s(settings), deadline - time.monotonic())
    if timeout_s <= 0:
        return None
    try:
        async with asyncio.timeout(timeout_s + _REALTIME_GRACE_S):
            return await realtime(query, settings=settings, client=client, timeout_s=timeout_s)
    except Exception:  # TimeoutError included: the route fails open into the cascade
        logger.info("real-time route failed", exc_info=True)
        return None


def _budget_left(deadline: float) -> bool:
    left = _seconds_left(deadline)
    return left is not None and left > 0


async def _duckduckgo_step(
    query: str,
    state: _ChainState,
    say: Callable[[str], None],
    settings: Settings,
    client: AsyncClient,
    fetcher: ArticleFetcher,
    deadline: float,
) -> None:
    say(f"🌐 Searching the web for '{_progress_query(query)}'…")
    state.tried.append(PROVIDER_DUCKDUCKGO)
    ddg = DuckDuckGo(client, timeout_s=settings.fetch_timeout_s)
    instant_answer, lite = await asyncio.gather(
        _bounded(ddg.instant_answer(query), deadline, None),
        _bounded(_lite_results(ddg, query), deadline, LiteResults(error="no answer in time")),
    )
    state.blocked = lite.blocked
    if lite.error:
        state.failed(PROVIDER_DUCKDUCKGO)(lite.error)
    elif lite.blocked:
        state.failed(PROVIDER_DUCKDUCKGO)("blocked by a bot-challenge page")
    state.add_links(lite.hits)
    if instant_answer is not None:
        state.instant_answer = instant_answer
        state.provider = PROVIDER_DUCKDUCKGO
        return
    if lite.hits:
        state.fetch_attempted = True
        found = await cascade_fetch(
            lite.hits, query, client=client, settings=settings, fetcher=fetcher, deadline=deadline
        )
        if found is not None:
            _take_article(state, PROVIDER_DUCKDUCKGO, *found)
            return
    # Printed right after the DDG block, before any fallback, so triage sees why we fell back.
    if state.blocked:
        say("🚧 DuckDuckGo served a bot-challenge page — search blocked, no results retrieved.")
    elif lite.error:
        say(f"⚠️ DuckDuckGo search failed ({lite.error}).")
    elif not lite.hits:
        say("⚠️ No DuckDuckGo results found.")


async def _lite_results(ddg: DuckDuckGo, query: str) -> LiteResults:
    """DDG lite results; a failure to ask at all is kept apart from an empty answer."""
    try:
        return await ddg.lite_results(query)
    except SwarmError as error:
        return LiteResults(error=failure_reason(error))


def _take_article(state: _ChainState, provider: str, hit: SearchHit, article: Article) -> None:
    state.provider = provider
    state.content = article.text
    state.content_title = article.title or hit.title
    state.content_url = article.url or hit.url


async def _brave_step(
    query: str,
    state: _ChainState,
    settings: Settings,
    client: AsyncClient,
    fetcher: ArticleFetcher,
    deadline: float,
) -> None:
    key = settings.brave_key()
    assert key is not None
    state.tried.append(PROVIDER_BRAVE)
    brave = Brave(client, key, timeout_s=settings.fetch_timeout_s)
    hits = await _bounded(
        brave.search(query, count=5), deadline, [], on_failure=state.failed(PROVIDER_BRAVE)
    )
    if not hits:
        return
    state.add_links(hits)
    state.fetch_attempted = True
    found = await cascade_fetch(
        hits, query, client=client, settings=settings, fetcher=fetcher, deadline=deadline
    )
    if found is not None:
        _take_article(state, PROVIDER_BRAVE, *found)


async def _wikipedia_step(
    query: str,
    state: _ChainState,
    say: Callable[[str], None],
    context: ToolContext,
    settings: Settings,
    client: AsyncClient,
    deadline: float,
) -> None:
    host = f"{language_host(context.language, query)}.wikipedia.org"
    say(f"📚 Searching Wikipedia ({host}) for '{_progress_query(query)}'…")
    state.tried.append("Wikipedia")
    found = await _bounded(
        wikipedia_fallback_or_raise(
            query, client=client, language=context.language, deadline=deadline, settings=settings
        ),
        deadline,
        None,
        on_failure=state.failed("Wikipedia"),
    )
    if not found or not (found.get("extract") or "").strip():
        return
    state.provider = PROVIDER_WIKIPEDIA
    state.content = found["extract"]
    state.content_title = found.get("title", "")
    state.content_url = found.get("url", "")


def _envelope(query: str, state: _ChainState, *, max_chars: int) -> str:
    """Pick the envelope from what the chain produced (seed 002, "Envelopes")."""
    if state.answered:
        return envelopes.normal_envelope(
            query,
            provider=state.provider,
            content=state.content,
            content_title=state.content_title,
            content_url=state.content_url,
            instant_answer=state.instant_answer,
            links=state.links,
            max_chars=max_chars,
        )
    if state.links and state.fetch_attempted:
        return envelopes.links_only_envelope(query, links=state.links)
    if state.blocked:
        return envelopes.rate_limited_envelope(query)
    outcome = state.outcome()
    if outcome.all_failed:
        return envelopes.honest_block_envelope(
            query, providers=state.tried, failures=outcome.failures
        )
    return envelopes.nothing_found_envelope(query, providers=state.tried, failures=outcome.failures)

"""The web search tool: `web_search` (the envelope the model reads) and
`web_search_with_outcome` over the provider chain in `swarm.web.search_chain`, and the
result links (`search_hits`) for the research pipeline and lookup.

Seed 002. Progress lines go to `ToolContext.user_print` and never into the returned text.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from swarm.config import Settings, get_settings
from swarm.errors import SearchBlocked
from swarm.tools.context import ToolContext
from swarm.web import envelopes
from swarm.web.articles import fetch_article
from swarm.web.duckduckgo import DuckDuckGo
from swarm.web.realtime import realtime_search
from swarm.web.safe_http import make_client
from swarm.web.search_chain import RealtimeRoute, SearchOutcome, failure_reason, search
from swarm.web.searxng import SearXNG
from swarm.web.types import ArticleFetcher, SearchHit

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

__all__ = [
    "search_hits",
    "search_hits_or_raise",
    "web_search",
    "web_search_with_outcome",
]

logger = logging.getLogger(__name__)


async def web_search(
    query: str,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
    client: AsyncClient | None = None,
    fetcher: ArticleFetcher = fetch_article,
    realtime: RealtimeRoute = realtime_search,
) -> str:
    """Search the web for `query` and return the envelope the model reads. Never raises.

    Real-time route (if configured) → DuckDuckGo instant answer + lite results → parallel
    fetch cascade → Brave (keyed) → Wikipedia; the chain runs under
    `settings.total_wall_clock_s`. Progress goes to `context.user_print`, never the result.
    When nothing answered, the envelope says which providers could not be asked and why, or
    that the ones that answered found nothing.
    """
    envelope, _outcome = await web_search_with_outcome(
        query, context=context, settings=settings, client=client, fetcher=fetcher, realtime=realtime
    )
    return envelope


async def web_search_with_outcome(
    query: str,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
    client: AsyncClient | None = None,
    fetcher: ArticleFetcher = fetch_article,
    realtime: RealtimeRoute = realtime_search,
) -> tuple[str, SearchOutcome]:
    """`web_search`'s envelope and the typed `SearchOutcome` behind it (did anything answer,
    did every provider fail), for callers that act on it (the CLI's exit status) rather than
    parse the envelope's words. Never raises."""
    query_text = ""
    try:
        context = context or ToolContext()
        query_text = " ".join(_as_text(query).split())
        query = query_text
        settings = settings or get_settings()
        if not settings.web_search_enabled:
            return envelopes.disabled_envelope(query), SearchOutcome()
        if not query:
            return envelopes.honest_block_envelope(query), SearchOutcome()
        if client is not None:
            return await search(query, context, settings, client, fetcher, realtime)
        async with make_client(settings) as own_client:
            return await search(query, context, settings, own_client, fetcher, realtime)
    except Exception as error:
        logger.warning("web search failed for %r", query_text[:200], exc_info=True)
        failure = f"web search: {failure_reason(error)}"
        return envelopes.honest_block_envelope(query_text), SearchOutcome(
            asked=("web search",), failures=(failure,), failed_providers=("web search",)
        )


def _as_text(query: object) -> str:
    """The query as text: None (a model that sent no argument) is empty, anything else str()."""
    if query is None:
        return ""
    return query if isinstance(query, str) else str(query)


async def search_hits(
    query: str,
    *,
    client: AsyncClient,
    settings: Settings | None = None,
    limit: int = 5,
    searxng_client: AsyncClient | None = None,
) -> list[SearchHit]:
    """Result links: the user's SearXNG when `SEARXNG_URL` is set, else DuckDuckGo lite
    ([] when blocked). [] on any failure; never raises (`search_hits_or_raise` tells the two
    apart).
    """
    try:
        return await search_hits_or_raise(
            query, client=client, settings=settings, limit=limit, searxng_client=searxng_client
        )
    except Exception:
        logger.info("search_hits failed for %r", query, exc_info=True)
        return []


async def search_hits_or_raise(
    query: str,
    *,
    client: AsyncClient,
    settings: Settings | None = None,
    limit: int = 5,
    searxng_client: AsyncClient | None = None,
) -> list[SearchHit]:
    """Result links for the research pipeline and lookup: the user's SearXNG when
    `SEARXNG_URL` is set, else DuckDuckGo lite. [] only when the engine answered with no
    results; raises the FetchError family when it could not be asked (SearchBlocked for
    DuckDuckGo's bot challenge).

    SearXNG is usually on localhost, so it gets its own unguarded client (`searxng_client`,
    or one made here) rather than the SSRF-guarded `client`.
    """
    settings = settings or get_settings()
    if settings.searxng_url:
        if searxng_client is not None:
            return await SearXNG(searxng_client, settings.searxng_url).search(query, limit)
        async with make_client(settings, guarded=False) as plain_client:
            return await SearXNG(plain_client, settings.searxng_url).search(query, limit)
    lite = await DuckDuckGo(client, timeout_s=settings.fetch_timeout_s).lite_results(
        query, limit=limit
    )
    if lite.blocked:
        raise SearchBlocked("DuckDuckGo served its bot-challenge page", host="lite.duckduckgo.com")
    return list(lite.hits[:limit])

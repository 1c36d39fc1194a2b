"""Wikipedia lookups: REST page summaries, full-text search, and the deadline-aware fallback
(the requests are in `wikipedia_api`, the language hosts in `wikipedia_language`).

Every byte returned is untrusted page text. Two doors per lookup: the `*_or_raise` functions
return `None` / `[]` only when Wikipedia answered "no such page / no hits" and raise the
FetchError family when it could not be asked (DNS, connect, timeout, HTTP status, malformed
body), so callers can tell the two apart; `wiki_summary`, `wiki_search` and
`wikipedia_fallback` keep the seed's shape and never raise (a failure is a miss there).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from swarm.config import Settings, get_settings
from swarm.errors import FetchError
from swarm.web.wikipedia_api import (
    MAX_SEARCH_LIMIT,
    client_scope,
    fetch_summary,
    no_time_left_check,
    opensearch_titles,
    request_timeout_s,
    search_titles,
)
from swarm.web.wikipedia_language import language_code, language_host

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

__all__ = [
    "resolve_title",
    "wiki_search",
    "wiki_search_or_raise",
    "wiki_summary",
    "wiki_summary_or_raise",
    "wikipedia_fallback",
    "wikipedia_fallback_or_raise",
]

logger = logging.getLogger(__name__)


# --- public API --------------------------------------------------------------------------------


async def wiki_summary(
    query: str,
    *,
    client: AsyncClient | None = None,
    language: str | None = "en",
    deadline: float | None = None,
    settings: Settings | None = None,
) -> dict[str, str] | None:
    """The REST summary of the page titled `query`: `{"title", "extract", "url"}`.

    `None` on 404, disambiguation pages, empty extracts, network errors, timeouts and malformed
    answers. `deadline` is a `time.monotonic()` value that bounds the request. Never raises
    (bad settings or a non-str query are a miss too).
    """
    try:
        return await wiki_summary_or_raise(
            query, client=client, language=language, deadline=deadline, settings=settings
        )
    except Exception:
        logger.warning("wiki_summary failed", exc_info=True)
        return None


async def wiki_summary_or_raise(
    query: str,
    *,
    client: AsyncClient | None = None,
    language: str | None = "en",
    deadline: float | None = None,
    settings: Settings | None = None,
) -> dict[str, str] | None:
    """`wiki_summary`, telling "no such page" from "could not ask": `None` only when
    Wikipedia answered (404, disambiguation, empty extract) or the query is blank; raises the
    FetchError family (HostNotFound, ConnectionRefused, FetchTimeout, ProviderHTTPError,
    MalformedResponse, BlockedURL...) when it could not be asked."""
    if not isinstance(query, str) or not query.strip():
        return None
    settings = settings or get_settings()
    code = language_code(language)
    no_time_left_check(deadline, settings, code)
    async with client_scope(client, settings) as http:
        return await fetch_summary(http, code, query, deadline=deadline, settings=settings)


async def wiki_search(
    query: str,
    limit: int = 3,
    *,
    client: AsyncClient | None = None,
    language: str | None = None,
    settings: Settings | None = None,
    deadline: float | None = None,
) -> list[dict[str, str]]:
    """Full-text search, then every hit's summary fetched concurrently: a list of
    `{"title", "extract", "url"}` in search rank order (misses skipped); `[]` on any failure
    (bad settings and a non-str query included). Never raises."""
    try:
        return await wiki_search_or_raise(
            query, limit, client=client, language=language, settings=settings, deadline=deadline
        )
    except Exception:
        logger.warning("wiki_search failed", exc_info=True)
        return []


async def wiki_search_or_raise(
    query: str,
    limit: int = 3,
    *,
    client: AsyncClient | None = None,
    language: str | None = None,
    settings: Settings | None = None,
    deadline: float | None = None,
) -> list[dict[str, str]]:
    """`wiki_search`, telling "no hits" from "could not ask": `[]` only when the search
    answered with no usable hit (or the query is blank); raises the FetchError family when the
    search could not be made, or when there were hits and not one summary could be fetched."""
    if not isinstance(query, str) or not isinstance(limit, int):
        return []
    settings = settings or get_settings()
    code = language_code(language)
    if not query.strip() or limit < 1:
        return []
    no_time_left_check(deadline, settings, code)
    async with client_scope(client, settings) as http:
        titles = await search_titles(
            http,
            code,
            query.strip(),
            limit=min(limit, MAX_SEARCH_LIMIT),
            deadline=deadline,
            settings=settings,
        )
        if not titles:
            return []
        outcomes = await asyncio.gather(
            *(
                fetch_summary(http, code, title, deadline=deadline, settings=settings)
                for title in titles[:limit]
            ),
            return_exceptions=True,
        )
    results: list[dict[str, str]] = []
    failures: list[FetchError] = []
    seen_urls: set[str] = set()
    for outcome in outcomes:
        if isinstance(outcome, FetchError):
            failures.append(outcome)
        elif isinstance(outcome, BaseException):
            raise outcome
        # Two hits can redirect to the same page.
        elif outcome is not None and outcome["url"] not in seen_urls:
            seen_urls.add(outcome["url"])
            results.append(outcome)
    if failures and len(failures) == len(outcomes):
        raise failures[0]  # hits, and not one could be read: a failure, not "nothing found"
    return results


async def resolve_title(
    query: str,
    *,
    client: AsyncClient,
    language: str,
    deadline: float | None,
    settings: Settings,
) -> str | None:
    """A page title for `query`: opensearch (a title-prefix matcher) first, then full-text
    `list=search` for the conversational phrasings opensearch returns nothing for. None when
    neither finds one or both fail (never raises a FetchError)."""
    try:
        return await _resolve_title(
            query, client=client, language=language, deadline=deadline, settings=settings
        )
    except FetchError:
        return None


async def _resolve_title(
    query: str,
    *,
    client: AsyncClient,
    language: str,
    deadline: float | None,
    settings: Settings,
) -> str | None:
    """`resolve_title`, raising the full-text search's FetchError when it could not be asked
    (a failed opensearch alone only sends the query on to full-text search)."""
    try:
        titles = await opensearch_titles(
            client, language, query, deadline=deadline, settings=settings
        )
    except FetchError:
        logger.info("opensearch failed; trying full-text search", exc_info=True)
        titles = []
    if titles:
        return titles[0]
    found = await search_titles(
        client, language, query, limit=1, deadline=deadline, settings=settings
    )
    return found[0] if found else None


async def _lookup(
    query: str, *, client: AsyncClient, language: str, deadline: float | None, settings: Settings
) -> dict[str, str] | None:
    title = await _resolve_title(
        query, client=client, language=language, deadline=deadline, settings=settings
    )
    if title is None:
        return None
    return await fetch_summary(client, language, title, deadline=deadline, settings=settings)


async def wikipedia_fallback(
    query: str,
    *,
    client: AsyncClient | None = None,
    language: str | None = None,
    deadline: float | None = None,
    settings: Settings | None = None,
) -> dict[str, str] | None:
    """The web-search chain's last provider: `{"title", "extract", "url"}` or `None`.

    Picks the language host (`language_host`), resolves a title, fetches its summary; a miss
    on a localised host is retried once on English while budget remains. Every request's
    timeout is capped by what is left before `deadline`; below the minimum, nothing is sent.
    Never raises.
    """
    try:
        return await wikipedia_fallback_or_raise(
            query, client=client, language=language, deadline=deadline, settings=settings
        )
    except Exception:
        logger.warning("wikipedia_fallback failed", exc_info=True)
        return None


async def wikipedia_fallback_or_raise(
    query: str,
    *,
    client: AsyncClient | None = None,
    language: str | None = None,
    deadline: float | None = None,
    settings: Settings | None = None,
) -> dict[str, str] | None:
    """`wikipedia_fallback`, telling "nothing found" from "could not ask": `None` only when
    Wikipedia answered with no page; raises the FetchError family when it could not be asked
    (on a localised host, only when the English retry could not be asked either)."""
    if not isinstance(query, str):
        return None
    settings = settings or get_settings()
    query = query.strip()
    if not query:
        return None
    code = language_host(language, query)
    no_time_left_check(deadline, settings, code)
    async with client_scope(client, settings) as http:
        try:
            found = await _lookup(
                query, client=http, language=code, deadline=deadline, settings=settings
            )
        except FetchError:
            if code == "en" or request_timeout_s(deadline, settings) is None:
                raise
            found = None  # the English retry below may still answer
        if found is None and code != "en" and request_timeout_s(deadline, settings) is not None:
            # Many topics only have an English page: a grounded answer beats "nothing found".
            found = await _lookup(
                query, client=http, language="en", deadline=deadline, settings=settings
            )
    return found

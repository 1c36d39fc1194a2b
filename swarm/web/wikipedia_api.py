"""Wikipedia's two APIs, one request each: the REST page summary and the action API's
full-text search and opensearch, parsed right after the call; every request's timeout capped
by what is left before the caller's deadline. They raise the FetchError family."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from swarm.config import Settings
from swarm.errors import FetchTimeout, MalformedResponse
from swarm.web.safe_http import get_json, make_client, parse_json_reply, provider_request
from swarm.web.wikipedia_language import action_api_url, encode_title, summary_url

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

__all__ = [
    "MAX_SEARCH_LIMIT",
    "client_scope",
    "fetch_summary",
    "no_time_left_check",
    "opensearch_titles",
    "parse_opensearch_titles",
    "parse_search_titles",
    "parse_summary",
    "request_timeout_s",
    "search_titles",
]

MAX_SEARCH_LIMIT = 20

logger = logging.getLogger(__name__)


# --- pure parsers ----------------------------------------------------------------------------


def parse_summary(
    data: object, *, language: str = "en", asked_title: str = ""
) -> dict[str, str] | None:
    """`{"title", "extract", "url"}` from a REST summary body; `None` for disambiguation pages,
    empty extracts and anything that is not the expected shape."""
    if not isinstance(data, dict) or data.get("type") == "disambiguation":
        return None
    extract = data.get("extract")
    if not isinstance(extract, str) or not extract.strip():
        return None
    # The endpoint follows redirects silently: the body's title is the page we really got.
    title = _first_text(data.get("title"), _dig(data, "titles", "normalized"), asked_title)
    if not title:
        return None
    page_url = _dig(data, "content_urls", "desktop", "page")
    if not (isinstance(page_url, str) and page_url.startswith("https://")):
        page_url = f"https://{language}.wikipedia.org/wiki/{encode_title(title)}"
    return {"title": title, "extract": extract.strip(), "url": page_url}


def parse_opensearch_titles(data: object) -> list[str]:
    """Titles from an opensearch answer `[query, [titles], [descriptions], [urls]]`."""
    if not isinstance(data, list) or len(data) < 2 or not isinstance(data[1], list):
        return []
    return [title.strip() for title in data[1] if isinstance(title, str) and title.strip()]


def parse_search_titles(data: object) -> list[str] | None:
    """Titles from an action-API `list=search` answer, in rank order; `None` when `search`
    is missing or not a list. Hits without a usable `title` are skipped."""
    search = _dig(data, "query", "search")
    if not isinstance(search, list):
        return None
    titles: list[str] = []
    for hit in search:
        title = hit.get("title") if isinstance(hit, dict) else None
        if isinstance(title, str) and title.strip():
            titles.append(title.strip())
    return titles


def _dig(data: object, *keys: str) -> object:
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def _first_text(*candidates: object) -> str:
    for candidate in candidates:
        if isinstance(candidate, str) and candidate.strip():
            return candidate.strip()
    return ""


# --- requests ----------------------------------------------------------------------------------


def _host(language: str) -> str:
    return f"{language}.wikipedia.org"


def request_timeout_s(deadline: float | None, settings: Settings) -> float | None:
    """The timeout for the next request, or `None` when too little budget is left to make one
    (a request that is sure to time out only burns the caller's budget)."""
    timeout_s = settings.wikipedia_timeout_s
    if deadline is None:
        return timeout_s
    remaining_s = deadline - time.monotonic()
    if remaining_s < settings.wikipedia_min_timeout_s:
        return None
    return min(timeout_s, remaining_s)


@asynccontextmanager
async def client_scope(
    client: AsyncClient | None, settings: Settings
) -> AsyncIterator[AsyncClient]:
    """The caller's client, or one made here (and closed here) when none was passed."""
    if client is not None:
        yield client
        return
    async with make_client(settings) as own_client:
        yield own_client


async def fetch_summary(
    client: AsyncClient,
    language: str,
    title: str,
    *,
    deadline: float | None,
    settings: Settings,
) -> dict[str, str] | None:
    """The page's summary; None when Wikipedia says there is no such page (404), or the page
    is a disambiguation or has no extract. Raises the FetchError family when it could not be
    asked (a 5xx or 429 is a failure to ask, not a missing page)."""
    if not title.strip():
        return None
    timeout_s = no_time_left_check(deadline, settings, language)
    url = summary_url(language, title)
    # The one bounded reader: streamed, capped, its timeout shrinking with the deadline.
    reply = await provider_request(
        url,
        client=client,
        headers={"Accept": "application/json"},
        timeout_s=timeout_s,
        settings=settings,
    )
    if reply.status_code == 404:  # no such page: Wikipedia answered (its body is JSON too)
        return None
    data = parse_json_reply(reply)
    if not isinstance(data, dict):
        raise MalformedResponse("summary is not a JSON object", url=url)
    return parse_summary(data, language=language, asked_title=title.strip())


def no_time_left_check(deadline: float | None, settings: Settings, language: str) -> float:
    """The next request's timeout, or FetchTimeout when too little budget is left to ask."""
    timeout_s = request_timeout_s(deadline, settings)
    if timeout_s is None:
        raise FetchTimeout("no time left to ask Wikipedia", host=_host(language))
    return timeout_s


async def search_titles(
    client: AsyncClient,
    language: str,
    query: str,
    *,
    limit: int,
    deadline: float | None,
    settings: Settings,
) -> list[str] | None:
    """Full-text `list=search` titles ([] for no hits); raises the FetchError family on a
    failure to ask, MalformedResponse for a payload without a `search` list."""
    params = {
        "action": "query",
        "list": "search",
        "srsearch": query,
        "srlimit": str(limit),
        "format": "json",
        "formatversion": "2",
    }
    data = await _action_api(client, language, params, deadline=deadline, settings=settings)
    titles = parse_search_titles(data)
    if titles is None:
        raise MalformedResponse("search answer has no `search` list", host=_host(language))
    return titles


async def opensearch_titles(
    client: AsyncClient,
    language: str,
    query: str,
    *,
    deadline: float | None,
    settings: Settings,
) -> list[str]:
    params = {
        "action": "opensearch",
        "search": query,
        "limit": "1",
        "namespace": "0",
        "redirects": "resolve",
        "format": "json",
    }
    data = await _action_api(client, language, params, deadline=deadline, settings=settings)
    return parse_opensearch_titles(data)


async def _action_api(
    client: AsyncClient,
    language: str,
    params: dict[str, str],
    *,
    deadline: float | None,
    settings: Settings,
) -> object:
    """One action-API call within the deadline, its JSON; raises the FetchError family (a
    FetchTimeout without a request when the deadline leaves too little time)."""
    timeout_s = no_time_left_check(deadline, settings, language)
    data: object = await get_json(
        action_api_url(language),
        client=client,
        params=params,
        timeout_s=timeout_s,
        settings=settings,
    )
    return data

"""Wikipedia lookups: REST page summaries, full-text search, and the deadline-aware fallback.

Every byte returned is untrusted page text; every failure is a miss (`None` / `[]`), never raised.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING
from urllib.parse import quote

from swarm.config import Settings, get_settings
from swarm.errors import FetchError
from swarm.web.safe_http import get_json, make_client

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

__all__ = [
    "NON_LATIN_SCRIPT_LANGUAGES",
    "encode_title",
    "language_host",
    "parse_opensearch_titles",
    "parse_search_titles",
    "parse_summary",
    "resolve_title",
    "wiki_search",
    "wiki_summary",
    "wikipedia_fallback",
]

# Languages whose Wikipedia is written in a non-Latin script. A query that is mostly ASCII
# letters under one of these codes is a speech-to-text misdetection: look it up in English.
NON_LATIN_SCRIPT_LANGUAGES = frozenset(
    "am ar as be bg bn bo dv el fa gu he hi hy ja ka kk km kn ko ky lo mk ml mn mr my ne "
    "or pa ps ru si sr ta te tg th ti uk ur yi zh".split()
)
_ISO_639_1 = re.compile(r"[a-z]{2}")
_ASCII_LETTER_SHARE = 0.8
_MAX_SEARCH_LIMIT = 20

logger = logging.getLogger(__name__)


def _summary_url(language: str, title: str) -> str:
    return f"https://{language}.wikipedia.org/api/rest_v1/page/summary/{encode_title(title)}"


def _action_api_url(language: str) -> str:
    return f"https://{language}.wikipedia.org/w/api.php"


def encode_title(title: str) -> str:
    """A title as one REST path segment: spaces become underscores, then everything else
    (`/`, `?`, `#`, `%`, non-ASCII) is percent-encoded as UTF-8."""
    return quote(title.strip().replace(" ", "_"), safe="")


def _language_code(code: str | None) -> str:
    """An ISO-639-1 code (`"pt-BR"` → `"pt"`), or `"en"` for anything missing or malformed."""
    if not code:
        return "en"
    primary = re.split(r"[-_]", code.strip().lower(), maxsplit=1)[0]
    return primary if _ISO_639_1.fullmatch(primary) else "en"


def language_host(code: str | None, query: str) -> str:
    """The Wikipedia language subdomain for a detected language and the query text.

    Missing or syntactically invalid codes give `"en"`; a non-Latin-script language with a
    query that is at least 80% ASCII letters (among its letters) also gives `"en"`.
    """
    language = _language_code(code)
    if language in NON_LATIN_SCRIPT_LANGUAGES:
        letters = [char for char in query if char.isalpha()]
        if letters:
            ascii_share = sum(char.isascii() for char in letters) / len(letters)
            if ascii_share >= _ASCII_LETTER_SHARE:
                return "en"
    return language


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


def _request_timeout_s(deadline: float | None, settings: Settings) -> float | None:
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
async def _client_scope(
    client: AsyncClient | None, settings: Settings
) -> AsyncIterator[AsyncClient]:
    """The caller's client, or one made here (and closed here) when none was passed."""
    if client is not None:
        yield client
        return
    async with make_client(settings) as own_client:
        yield own_client


async def _fetch_summary(
    client: AsyncClient,
    language: str,
    title: str,
    *,
    deadline: float | None,
    settings: Settings,
) -> dict[str, str] | None:
    if not title.strip():
        return None
    timeout_s = _request_timeout_s(deadline, settings)
    if timeout_s is None:
        return None
    try:  # the one bounded reader: streamed, capped, its timeout shrinking with the deadline
        data = await get_json(
            _summary_url(language, title), client=client, timeout_s=timeout_s, settings=settings
        )
    except FetchError:  # 404 (its body is JSON too), 5xx, network, timeout, bad/huge JSON
        return None
    return parse_summary(data, language=language, asked_title=title.strip())


async def _search_titles(
    client: AsyncClient,
    language: str,
    query: str,
    *,
    limit: int,
    deadline: float | None,
    settings: Settings,
) -> list[str] | None:
    """Full-text `list=search` titles; `None` on any failure or a malformed payload."""
    params = {
        "action": "query",
        "list": "search",
        "srsearch": query,
        "srlimit": str(limit),
        "format": "json",
        "formatversion": "2",
    }
    data = await _action_api(client, language, params, deadline=deadline, settings=settings)
    return None if data is _NO_REPLY else parse_search_titles(data)


async def _opensearch_titles(
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
    return [] if data is _NO_REPLY else parse_opensearch_titles(data)


_NO_REPLY = object()


async def _action_api(
    client: AsyncClient,
    language: str,
    params: dict[str, str],
    *,
    deadline: float | None,
    settings: Settings,
) -> object:
    """One action-API call within the deadline; `_NO_REPLY` when it was not made or failed."""
    timeout_s = _request_timeout_s(deadline, settings)
    if timeout_s is None:
        return _NO_REPLY
    try:
        data: object = await get_json(
            _action_api_url(language),
            client=client,
            params=params,
            timeout_s=timeout_s,
            settings=settings,
        )
    except FetchError:
        return _NO_REPLY
    return data


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
        if not isinstance(query, str):
            return None
        settings = settings or get_settings()
        if not query.strip() or _request_timeout_s(deadline, settings) is None:
            return None
        async with _client_scope(client, settings) as http:
            return await _fetch_summary(
                http, _language_code(language), query, deadline=deadline, settings=settings
            )
    except Exception:
        logger.warning("wiki_summary failed", exc_info=True)
        return None


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
        return await _wiki_search(
            query, limit, client=client, language=language, settings=settings, deadline=deadline
        )
    except Exception:
        logger.warning("wiki_search failed", exc_info=True)
        return []


async def _wiki_search(
    query: str,
    limit: int,
    *,
    client: AsyncClient | None,
    language: str | None,
    settings: Settings | None,
    deadline: float | None,
) -> list[dict[str, str]]:
    if not isinstance(query, str) or not isinstance(limit, int):
        return []
    settings = settings or get_settings()
    if not query.strip() or limit < 1 or _request_timeout_s(deadline, settings) is None:
        return []
    code = _language_code(language)
    async with _client_scope(client, settings) as http:
        titles = await _search_titles(
            http,
            code,
            query.strip(),
            limit=min(limit, _MAX_SEARCH_LIMIT),
            deadline=deadline,
            settings=settings,
        )
        if not titles:
            return []
        summaries = await asyncio.gather(
            *(
                _fetch_summary(http, code, title, deadline=deadline, settings=settings)
                for title in titles[:limit]
            )
        )
    results: list[dict[str, str]] = []
    seen_urls: set[str] = set()
    for summary in summaries:
        # Two hits can redirect to the same page.
        if summary is not None and summary["url"] not in seen_urls:
            seen_urls.add(summary["url"])
            results.append(summary)
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
    `list=search` for the conversational phrasings opensearch returns nothing for."""
    titles = await _opensearch_titles(client, language, query, deadline=deadline, settings=settings)
    if titles:
        return titles[0]
    found = await _search_titles(
        client, language, query, limit=1, deadline=deadline, settings=settings
    )
    return found[0] if found else None


async def _lookup(
    query: str, *, client: AsyncClient, language: str, deadline: float | None, settings: Settings
) -> dict[str, str] | None:
    title = await resolve_title(
        query, client=client, language=language, deadline=deadline, settings=settings
    )
    if title is None:
        return None
    return await _fetch_summary(client, language, title, deadline=deadline, settings=settings)


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
        return await _fallback(
            query, client=client, language=language, deadline=deadline, settings=settings
        )
    except Exception:
        logger.warning("wikipedia_fallback failed", exc_info=True)
        return None


async def _fallback(
    query: str,
    *,
    client: AsyncClient | None,
    language: str | None,
    deadline: float | None,
    settings: Settings | None,
) -> dict[str, str] | None:
    if not isinstance(query, str):
        return None
    settings = settings or get_settings()
    query = query.strip()
    if not query or _request_timeout_s(deadline, settings) is None:
        return None
    code = language_host(language, query)
    async with _client_scope(client, settings) as http:
        found = await _lookup(
            query, client=http, language=code, deadline=deadline, settings=settings
        )
        if found is None and code != "en" and _request_timeout_s(deadline, settings) is not None:
            # Many topics only have an English page: a grounded answer beats "nothing found".
            found = await _lookup(
                query, client=http, language="en", deadline=deadline, settings=settings
            )
    return found

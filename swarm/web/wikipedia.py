"""Wikipedia lookups: REST page summaries, full-text search, and the deadline-aware fallback.

Every byte returned is untrusted page text. Two doors per lookup: the `*_or_raise` functions
return `None` / `[]` only when Wikipedia answered "no such page / no hits" and raise the
FetchError family when it could not be asked (DNS, connect, timeout, HTTP status, malformed
body), so callers can tell the two apart; `wiki_summary`, `wiki_search` and
`wikipedia_fallback` keep the seed's shape and never raise (a failure is a miss there).
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
from swarm.errors import FetchError, FetchTimeout, MalformedResponse
from swarm.web.safe_http import get_json, make_client, parse_json_reply, provider_request

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
    "wiki_search_or_raise",
    "wiki_summary",
    "wiki_summary_or_raise",
    "wikipedia_fallback",
    "wikipedia_fallback_or_raise",
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


def _host(language: str) -> str:
    return f"{language}.wikipedia.org"


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
    """The page's summary; None when Wikipedia says there is no such page (404), or the page
    is a disambiguation or has no extract. Raises the FetchError family when it could not be
    asked (a 5xx or 429 is a failure to ask, not a missing page)."""
    if not title.strip():
        return None
    timeout_s = _no_time_left_check(deadline, settings, language)
    url = _summary_url(language, title)
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


def _no_time_left_check(deadline: float | None, settings: Settings, language: str) -> float:
    """The next request's timeout, or FetchTimeout when too little budget is left to ask."""
    timeout_s = _request_timeout_s(deadline, settings)
    if timeout_s is None:
        raise FetchTimeout("no time left to ask Wikipedia", host=_host(language))
    return timeout_s


async def _search_titles(
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
    timeout_s = _no_time_left_check(deadline, settings, language)
    data: object = await get_json(
        _action_api_url(language),
        client=client,
        params=params,
        timeout_s=timeout_s,
        settings=settings,
    )
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
    code = _language_code(language)
    _no_time_left_check(deadline, settings, code)
    async with _client_scope(client, settings) as http:
        return await _fetch_summary(http, code, query, deadline=deadline, settings=settings)


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
    code = _language_code(language)
    if not query.strip() or limit < 1:
        return []
    _no_time_left_check(deadline, settings, code)
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
        outcomes = await asyncio.gather(
            *(
                _fetch_summary(http, code, title, deadline=deadline, settings=settings)
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
        titles = await _opensearch_titles(
            client, language, query, deadline=deadline, settings=settings
        )
    except FetchError:
        logger.info("opensearch failed; trying full-text search", exc_info=True)
        titles = []
    if titles:
        return titles[0]
    found = await _search_titles(
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
    _no_time_left_check(deadline, settings, code)
    async with _client_scope(client, settings) as http:
        try:
            found = await _lookup(
                query, client=http, language=code, deadline=deadline, settings=settings
            )
        except FetchError:
            if code == "en" or _request_timeout_s(deadline, settings) is None:
                raise
            found = None  # the English retry below may still answer
        if found is None and code != "en" and _request_timeout_s(deadline, settings) is not None:
            # Many topics only have an English page: a grounded answer beats "nothing found".
            found = await _lookup(
                query, client=http, language="en", deadline=deadline, settings=settings
            )
    return found

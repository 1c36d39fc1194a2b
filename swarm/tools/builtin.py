"""The built-in tools a model can call: lookup, web_search, read_article, research_topic,
wiki_query. Each returns a plain dict and never raises; web text in it is fenced.

`lookup` follows seed 001: Wikipedia summary first, then SearXNG (when configured) or the
zero-config DuckDuckGo search with the top articles read, else an honest "none" result.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING, Any, TypeVar, cast

from swarm.config import Settings, get_settings
from swarm.research import ArticleFetcher, WebSearch, as_tool_result
from swarm.tools.registry import tool
from swarm.web.fence import fence, single_line
from swarm.web.types import SearchHit

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

    from swarm.web.web_search import ToolContext

__all__ = [
    "LOOKUP_BUDGET_S",
    "NO_RESULTS_MESSAGE",
    "SOURCES_DISABLED_ERROR",
    "WikipediaSummary",
    "lookup",
    "lookup_tool",
    "read_article",
    "read_article_tool",
    "research_topic_tool",
    "web_search_tool",
    "wiki_query_tool",
]

logger = logging.getLogger(__name__)
_T = TypeVar("_T")

NO_RESULTS_MESSAGE = "No results found. You can answer from your own knowledge."
SOURCES_DISABLED_ERROR = (
    "outside sources are disabled in config (web_search_enabled and "
    "wikipedia_fallback_enabled are both false)"
)
LOOKUP_SEARCH_LIMIT = 5
LOOKUP_ARTICLES = 2  # seed 001: "fetch top 1-2 result URLs"
# The budget named in a timeout message raised before the settings could be read.
LOOKUP_BUDGET_S = 15.0
# Room past the budget for the last step to notice it and return.
_BUDGET_GRACE_S = 1.0
_TITLE_CHARS = 200
_URL_CHARS = 500
_SNIPPET_CHARS = 300
_TEXT_MEDIA_TYPES = ("text/plain", "text/markdown")
# Schema bounds on what a model may send: queries end up in URLs and argv, so keep them sane.
MAX_QUERY_CHARS = 500
MAX_URL_CHARS = 2048

# query → {"title", "extract", "url"} or None
WikipediaSummary = Callable[[str], Awaitable["dict[str, str] | None"]]


class _SearchBlocked(Exception):
    """DuckDuckGo served its bot challenge instead of results."""


def _say(context: ToolContext | None, line: str) -> None:
    if context is None:
        return
    try:
        context.user_print(line)
    except Exception:  # a broken progress sink must not break the tool
        logger.debug("user_print failed", exc_info=True)


def _none_result(query: str, error: str | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {
        "success": True,
        "type": "lookup",
        "source": "none",
        "data": {"query": query, "message": NO_RESULTS_MESSAGE},
    }
    if error:
        result["error"] = error
    return result


def _fenced(text: str, settings: Settings, *, fence_content: bool) -> str:
    if not fence_content:
        return text.strip()
    return fence(text, max_chars=settings.fence_max_chars)


def _title(text: str) -> str:
    """An untrusted title shown outside a fence: one neutralised, bounded line."""
    return single_line(text, max_chars=_TITLE_CHARS)


def _url(text: str) -> str:
    return single_line(text, max_chars=_URL_CHARS).replace(" ", "%20")


def _snippet(text: str) -> str:
    return single_line(text, max_chars=_SNIPPET_CHARS)


def _budget_of(settings: Settings, budget_s: float | None) -> float:
    return budget_s if budget_s is not None else settings.lookup_budget_s


async def lookup(
    query: str,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
    client: AsyncClient | None = None,
    wikipedia_summary: WikipediaSummary | None = None,
    search: WebSearch | None = None,
    fetcher: ArticleFetcher | None = None,
    fence_content: bool = True,
    budget_s: float | None = None,
) -> dict[str, Any]:
    """Look up a topic or factual question: Wikipedia first, then the web. Never raises.

    Returns the seed-001 shape `{"success": True, "type": "lookup", "source", "data"}`:
    `source` "wikipedia" with data `{title, extract, url}`; "web" with data `{query, results:
    [{title, url, snippet}], content}` (SearXNG when `SEARXNG_URL` is set, with its top 1-2
    articles read; else DuckDuckGo, with the best-ranked relevant article of the top 3 chosen
    by the web search cascade; the snippets when no article was readable); "none" with data
    `{query, message}`. "none" gets an extra top-level `"error"` when it is not a plain miss:
    outside sources disabled in config, every source failed, or an unexpected failure, so the
    caller can say so. Page text (`extract`, `content`) is fenced as untrusted unless
    `fence_content=False` (for humans reading the CLI); titles, URLs and snippets are always
    single neutralised lines. Everything runs within `budget_s` (default: the settings'
    `lookup_budget_s`, 15 s by default). `wikipedia_summary(query)`, `search(query, limit)` and
    `fetcher(url) -> (title, text) | None` replace the providers.
    """
    query = " ".join(str(query).split()) if query is not None else ""
    if not query:
        return _none_result(query, error="empty query")
    budget = LOOKUP_BUDGET_S if budget_s is None else budget_s
    try:
        settings = settings or get_settings()
        if not settings.web_search_enabled and not settings.wikipedia_fallback_enabled:
            return _none_result(query, error=SOURCES_DISABLED_ERROR)
        budget = max(_budget_of(settings, budget_s), 0.0)
        deadline = time.monotonic() + budget
        async with AsyncExitStack() as stack:
            if client is None and (wikipedia_summary is None or search is None or fetcher is None):
                from swarm.web.safe_http import make_client

                client = await stack.enter_async_context(make_client(settings))
            # A backstop: every step below already stops at the deadline.
            async with asyncio.timeout(budget + _BUDGET_GRACE_S):
                return await _lookup(
                    query,
                    context=context,
                    settings=settings,
                    client=client,
                    wikipedia_summary=wikipedia_summary
                    or _default_summary(client, settings, context),
                    search=search or _default_search(client, settings),
                    fetcher=fetcher or _default_fetcher(client, settings),
                    fence_content=fence_content,
                    deadline=deadline,
                )
    except TimeoutError:
        return _none_result(query, error=f"no answer within the lookup budget ({budget:g}s)")
    except Exception as error:
        logger.warning("lookup failed for %r", query, exc_info=True)
        return _none_result(query, error=f"{type(error).__name__}: {error}")


class _Attempts:
    """Which sources were asked and which of them failed (a miss is not a failure)."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.asked = 0
        self.failures: list[str] = []

    async def ask(self, awaitable: Awaitable[_T], what: str) -> _T | None:
        """`awaitable`'s result within the deadline; None (and a noted failure) otherwise."""
        self.asked += 1
        try:
            async with asyncio.timeout(max(self.deadline - time.monotonic(), 0.0)):
                return await awaitable
        except TimeoutError:
            self.failures.append(f"{what}: no answer in time")
        except _SearchBlocked:
            self.failures.append(f"{what}: blocked by a bot-challenge page")
        except Exception as error:  # one provider failing only means the next gets its turn
            logger.info("%s failed", what, exc_info=True)
            self.failures.append(f"{what}: {_why(error)}")
        return None

    def error(self) -> str | None:
        if not self.failures:
            return None
        listed = "; ".join(self.failures)
        if len(self.failures) >= self.asked:
            return f"every source failed: {listed}"
        return f"nothing found, and a source failed: {listed}"


def _why(error: BaseException) -> str:
    """A short reason, without the exception text (it may carry URLs or credentials)."""
    from swarm.errors import FetchTimeout, ProviderHTTPError

    if isinstance(error, FetchTimeout):
        return "no answer in time"
    if isinstance(error, ProviderHTTPError):
        return f"HTTP {error.status_code}"
    return type(error).__name__


async def _lookup(
    query: str,
    *,
    context: ToolContext | None,
    settings: Settings,
    client: AsyncClient | None,
    wikipedia_summary: WikipediaSummary,
    search: WebSearch,
    fetcher: ArticleFetcher,
    fence_content: bool,
    deadline: float,
) -> dict[str, Any]:
    attempts = _Attempts(deadline)
    shown_query = single_line(query, max_chars=200)
    if settings.wikipedia_fallback_enabled:
        _say(context, f"📚 Looking up '{shown_query}' on Wikipedia…")
        summary = await attempts.ask(wikipedia_summary(query), "Wikipedia")
        if summary and _is_summary(summary):
            return {
                "success": True,
                "type": "lookup",
                "source": "wikipedia",
                "data": {
                    "title": _title(summary["title"]),
                    "extract": _fenced(summary["extract"], settings, fence_content=fence_content),
                    "url": _url(summary["url"]),
                },
            }
    if not settings.web_search_enabled:
        return _none_result(query, error=attempts.error())
    provider = "SearXNG" if settings.searxng_url else "DuckDuckGo"
    _say(context, f"🌐 Searching the web ({provider}) for '{shown_query}'…")
    raw_hits = await attempts.ask(search(query, LOOKUP_SEARCH_LIMIT), f"{provider} search")
    hits = [hit for hit in raw_hits or [] if isinstance(hit, SearchHit) and hit.url]
    hits = hits[:LOOKUP_SEARCH_LIMIT]
    if not hits:
        _say(context, "⚠️ Nothing found.")
        return _none_result(query, error=attempts.error())
    if settings.searxng_url:
        articles = await _read_top_articles(hits, fetcher, settings, deadline)
    else:
        articles = await _cascade_article(hits, query, fetcher, client, settings, deadline)
    return {
        "success": True,
        "type": "lookup",
        "source": "web",
        "data": {
            "query": query,
            "results": [
                {"title": _title(hit.title), "url": _url(hit.url), "snippet": _snippet(hit.snippet)}
                for hit in hits
            ],
            "content": _web_content(hits, articles, settings, fence_content=fence_content),
        },
    }


async def _read_top_articles(
    hits: Sequence[SearchHit], fetcher: ArticleFetcher, settings: Settings, deadline: float
) -> list[tuple[SearchHit, str, str]]:
    """SearXNG branch (seed 001): the top 1-2 results read in parallel within the deadline."""
    timeout_s = max(min(settings.fetch_timeout_s, deadline - time.monotonic()), 0.0)

    async def read(hit: SearchHit) -> tuple[SearchHit, str, str] | None:
        try:
            async with asyncio.timeout(timeout_s):
                found = await fetcher(hit.url)
            return None if found is None else (hit, *_checked_article(found))
        except Exception:  # TimeoutError included: an unread article is just left out
            logger.info("article fetch of %s failed", hit.url, exc_info=True)
            return None

    read_articles = await asyncio.gather(*(read(hit) for hit in hits[:LOOKUP_ARTICLES]))
    return [article for article in read_articles if article is not None]


def _checked_article(found: object) -> tuple[str, str]:
    if (
        not isinstance(found, tuple)
        or len(found) != 2
        or not all(isinstance(part, str) for part in found)
    ):
        raise TypeError(f"an article fetcher returned {type(found).__name__}, not (title, text)")
    return found[0], found[1]


async def _cascade_article(
    hits: Sequence[SearchHit],
    query: str,
    fetcher: ArticleFetcher,
    client: AsyncClient | None,
    settings: Settings,
    deadline: float,
) -> list[tuple[SearchHit, str, str]]:
    """DuckDuckGo branch: the web search cascade's pick (rank preference, and only a page
    that shares a word with the query: a cookie banner or 404 is never the content)."""
    from swarm.web.articles import Article
    from swarm.web.web_search import cascade_fetch

    async def fetch_for_cascade(
        url: str,
        *,
        client: AsyncClient | None,
        settings: Settings | None = None,
        timeout_s: float | None = None,
    ) -> Article | None:
        async with asyncio.timeout(timeout_s):
            found = await fetcher(url)
        if found is None:
            return None
        title, text = _checked_article(found)
        return Article(title=title, text=text, url=url)

    picked = await cascade_fetch(
        hits,
        query,
        # Only handed back to `fetch_for_cascade`, which ignores it: `fetcher` has its client.
        client=cast("AsyncClient", client),
        settings=settings,
        fetcher=fetch_for_cascade,
        deadline=deadline,
    )
    if picked is None:
        return []
    hit, article = picked
    return [(hit, article.title, article.text)]


def _is_summary(value: object) -> bool:
    return isinstance(value, dict) and all(
        isinstance(value.get(key), str) and value[key].strip()
        for key in ("title", "extract", "url")
    )


def _web_content(
    hits: Sequence[SearchHit],
    articles: Sequence[tuple[SearchHit, str, str]],
    settings: Settings,
    *,
    fence_content: bool,
) -> str:
    """The read articles' text, one fence each with its title and URL inside the fence; the
    snippets (fenced too) when no article was readable."""
    blocks: list[str] = []
    for hit, title, text in articles:
        if not text.strip():
            continue
        heading = f"{_title(title or hit.title)} ({_url(hit.url)}):"
        blocks.append(_fenced(f"{heading}\n{text}", settings, fence_content=fence_content))
    if blocks:
        return "\n\n".join(blocks)
    digest = "\n".join(f"- {_title(hit.title)}: {_snippet(hit.snippet)}" for hit in hits)
    return _fenced(digest, settings, fence_content=fence_content)


def _default_summary(
    client: AsyncClient | None, settings: Settings, context: ToolContext | None
) -> WikipediaSummary:
    async def summary(query: str) -> dict[str, str] | None:
        from swarm.web.wikipedia import language_host, wiki_summary

        language = language_host(context.language, query) if context is not None else "en"
        return await wiki_summary(query, client=client, language=language, settings=settings)

    return summary


def _default_search(client: AsyncClient | None, settings: Settings) -> WebSearch:
    """The providers asked directly (not `search_hits`, which turns failures into []), so a
    failed search is reported as failed rather than as "nothing found"."""

    async def search(query: str, limit: int) -> Sequence[SearchHit]:
        from swarm.web.duckduckgo import DuckDuckGo
        from swarm.web.safe_http import make_client
        from swarm.web.searxng import SearXNG

        if settings.searxng_url:
            # The user's own SearXNG, usually on localhost: a plain client, not SSRF-guarded.
            async with make_client(settings, guarded=False) as plain_client:
                searxng = SearXNG(plain_client, settings.searxng_url)
                return await searxng.search(query, limit)
        assert client is not None
        lite = await DuckDuckGo(client, timeout_s=settings.fetch_timeout_s).lite_results(
            query, limit=limit
        )
        if lite.blocked:
            raise _SearchBlocked
        return list(lite.hits[:limit])

    return search


def _default_fetcher(client: AsyncClient | None, settings: Settings) -> ArticleFetcher:
    async def fetch(url: str) -> tuple[str, str] | None:
        from swarm.web.articles import fetch_article

        article = await fetch_article(url, client=client, settings=settings)
        return None if article is None else (article.title, article.text)

    return fetch


def _media_type(content_type: str | None) -> str:
    return (content_type or "").split(";")[0].strip().lower()


async def read_article(
    url: str,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
    client: AsyncClient | None = None,
) -> dict[str, Any]:
    """One URL through the SSRF-guarded fetcher: `{"success": True, "title", "url", "content"}`
    with the article text fenced (title and URL one neutralised line each), or `{"success":
    False, "url", "error"}` (also for a body that is neither HTML nor text, e.g. a PDF).
    Fetch and extraction share one time limit. Never raises."""
    from swarm.errors import BlockedURL, FetchError, FetchTimeout, ProviderHTTPError

    url = str(url).strip() if url is not None else ""
    if not url.lower().startswith(("http://", "https://")):
        return {"success": False, "url": _url(url), "error": "only http(s) URLs can be read"}
    try:
        settings = settings or get_settings()
        _say(context, f"📄 Reading {_url(url)}…")
        async with AsyncExitStack() as stack:
            from swarm.web import safe_http
            from swarm.web.articles import EXTRACT_TIMEOUT_S, extract_article_within, is_html

            if client is None:
                client = await stack.enter_async_context(safe_http.make_client(settings))
            async with asyncio.timeout(settings.fetch_timeout_s + EXTRACT_TIMEOUT_S):
                page = await safe_http.fetch(url, client=client, settings=settings)
                if page.status_code >= 400:
                    raise ProviderHTTPError(page.status_code, "", url=url)
                media_type = _media_type(page.content_type)
                if media_type in _TEXT_MEDIA_TYPES:
                    title, text = "", page.text
                elif is_html(media_type, page.text):
                    article = await extract_article_within(
                        page.text, page.final_url or url, timeout_s=EXTRACT_TIMEOUT_S
                    )
                    if article is None:
                        return {"success": False, "url": url, "error": "no readable article text"}
                    title, text = article.title, article.text
                else:
                    kind = single_line(media_type, max_chars=80) or "unknown type"
                    return {
                        "success": False,
                        "url": url,
                        "error": f"not an HTML or text page ({kind})",
                    }
    except BlockedURL:
        return {
            "success": False,
            "url": url,
            "error": "blocked: the URL (or a redirect) points to a private, local or "
            "non-web address",
        }
    except (FetchTimeout, TimeoutError):
        return {"success": False, "url": url, "error": "the page did not answer in time"}
    except ProviderHTTPError as error:
        return {
            "success": False,
            "url": url,
            "error": f"the site answered HTTP {error.status_code}",
        }
    except FetchError as error:
        return {"success": False, "url": url, "error": f"fetch failed: {error}"}
    except Exception as error:
        logger.warning("read_article failed for %r", url, exc_info=True)
        return {"success": False, "url": url, "error": f"{type(error).__name__}: {error}"}
    if not text.strip():
        return {"success": False, "url": url, "error": "no readable article text"}
    return {
        "success": True,
        "title": _title(title),
        "url": _url(page.final_url or url),
        "content": _fenced(text, settings, fence_content=True),
        "truncated": page.truncated,
    }


# --- the registered tools --------------------------------------------------------------------


@tool(
    name="lookup",
    description="""Look up a topic, concept, or factual question. Returns a concise answer from
    Wikipedia or web sources. Use for definitions, explanations, 'what is X', 'how does Y
    work'. For comprehensive written reports, use research_topic instead.""",
    parameters={
        "query": {
            "type": "string",
            "description": "The topic or question to look up",
            "minLength": 1,
            "maxLength": MAX_QUERY_CHARS,
        },
    },
    required=["query"],
)
async def lookup_tool(
    query: str, *, context: ToolContext | None = None, settings: Settings | None = None
) -> dict[str, Any]:
    return await lookup(query, context=context, settings=settings)


@tool(
    name="web_search",
    description="""Search the web for current or niche information (news, prices, recent
    events, things Wikipedia doesn't cover). Returns result text marked as untrusted data.""",
    parameters={
        "query": {
            "type": "string",
            "description": "What to search for",
            "minLength": 1,
            "maxLength": MAX_QUERY_CHARS,
        },
    },
    required=["query"],
    requires="web_search_enabled",
)
async def web_search_tool(
    query: str, *, context: ToolContext | None = None, settings: Settings | None = None
) -> dict[str, Any]:
    from swarm.web.web_search import web_search

    return {"success": True, "content": await web_search(query, context=context, settings=settings)}


@tool(
    name="read_article",
    description="""Read one web page by URL and return its main text (marked as untrusted
    data). Use when the user gives a link or a search result needs reading in full.""",
    parameters={
        "url": {
            "type": "string",
            "description": "The http(s) URL to read",
            "minLength": 1,
            "maxLength": MAX_URL_CHARS,
        },
    },
    required=["url"],
    requires="web_search_enabled",
)
async def read_article_tool(
    url: str, *, context: ToolContext | None = None, settings: Settings | None = None
) -> dict[str, Any]:
    return await read_article(url, context=context, settings=settings)


@tool(
    name="research_topic",
    description="""Research a topic in depth from Wikipedia and the web and write a report
    with numbered citations. Slower than lookup: use it for comprehensive written reports,
    not quick facts.""",
    parameters={
        "topic": {
            "type": "string",
            "description": "The topic to research",
            "minLength": 1,
            "maxLength": MAX_QUERY_CHARS,
        },
        "depth": {
            "type": "string",
            "enum": ["quick", "deep"],
            "description": "quick: a few sources, fast; deep: more sub-queries and sources",
            "default": "deep",
        },
    },
    required=["topic"],
)
async def research_topic_tool(
    topic: str,
    depth: str = "deep",
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
) -> dict[str, Any]:
    from swarm.research import research_topic

    result = await research_topic(topic, depth, context=context, settings=settings)
    return as_tool_result(result)


@tool(
    name="wiki_query",
    description="""Answer a question from the user's own markdown wiki. Returns an answer, the
    pages consulted, a confidence, and go_external=true when the wiki can't answer well.""",
    parameters={
        "query": {
            "type": "string",
            "description": "The question to answer",
            "minLength": 1,
            "maxLength": MAX_QUERY_CHARS,
        },
        "time_sensitive": {
            "type": "boolean",
            "description": "True when the answer depends on recent information",
        },
    },
    required=["query"],
    requires="wiki_dir",
)
async def wiki_query_tool(
    query: str,
    time_sensitive: bool | None = None,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
) -> dict[str, Any]:
    from swarm.wiki_query import aquery

    result = await aquery(query, time_sensitive, settings=settings)
    return {"success": result.error is None, **result.model_dump()}

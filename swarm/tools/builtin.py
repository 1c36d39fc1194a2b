"""The built-in tools a model can call: lookup, web_search, read_article, research_topic,
wiki_query. Each returns a plain dict and never raises; web text in it is fenced.

`lookup` follows seed 001: Wikipedia summary first, then SearXNG (when configured) or the
zero-config DuckDuckGo search with the top articles read, else an honest "none" result.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING, Any, TypeVar

from swarm.config import Settings, get_settings
from swarm.research import ArticleFetcher, WebSearch, as_tool_result
from swarm.tools.registry import tool
from swarm.web.types import SearchHit

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

    from swarm.web.web_search import ToolContext

__all__ = [
    "NO_RESULTS_MESSAGE",
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
LOOKUP_SEARCH_LIMIT = 5
LOOKUP_ARTICLES = 2  # seed 001: "fetch top 1-2 result URLs"
_SNIPPET_CHARS = 300

# query → {"title", "extract", "url"} or None
WikipediaSummary = Callable[[str], Awaitable["dict[str, str] | None"]]


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
    from swarm.web.fence import fence

    return fence(text, max_chars=settings.fence_max_chars)


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
) -> dict[str, Any]:
    """Look up a topic or factual question: Wikipedia first, then the web. Never raises.

    Returns the seed-001 shape `{"success": True, "type": "lookup", "source", "data"}`:
    `source` "wikipedia" with data `{title, extract, url}`; "web" with data `{query, results:
    [{title, url, snippet}], content}` (SearXNG when `SEARXNG_URL` is set, else DuckDuckGo,
    plus the text of the top 1-2 articles); "none" with data `{query, message}`. An unexpected
    failure also gives "none", with an extra top-level `"error"` so the model can still answer
    from its own knowledge. Page text (`extract`, `content`) is fenced as untrusted unless
    `fence_content=False` (for humans reading the CLI). `wikipedia_summary(query)`,
    `search(query, limit)` and `fetcher(url) -> (title, text) | None` replace the providers.
    """
    query = " ".join(str(query).split())
    if not query:
        return _none_result(query, error="empty query")
    try:
        settings = settings or get_settings()
        async with AsyncExitStack() as stack:
            if client is None and (wikipedia_summary is None or search is None or fetcher is None):
                from swarm.web.safe_http import make_client

                client = await stack.enter_async_context(make_client(settings))
            return await _lookup(
                query,
                context=context,
                settings=settings,
                wikipedia_summary=wikipedia_summary or _default_summary(client, settings, context),
                search=search or _default_search(client, settings),
                fetcher=fetcher or _default_fetcher(client, settings),
                fence_content=fence_content,
            )
    except Exception as error:
        logger.warning("lookup failed for %r", query, exc_info=True)
        return _none_result(query, error=f"{type(error).__name__}: {error}")


async def _lookup(
    query: str,
    *,
    context: ToolContext | None,
    settings: Settings,
    wikipedia_summary: WikipediaSummary,
    search: WebSearch,
    fetcher: ArticleFetcher,
    fence_content: bool,
) -> dict[str, Any]:
    if settings.wikipedia_fallback_enabled:
        _say(context, f"📚 Looking up '{query}' on Wikipedia…")
        summary = await _safely(wikipedia_summary(query), None, "Wikipedia summary")
        if summary and _is_summary(summary):
            return {
                "success": True,
                "type": "lookup",
                "source": "wikipedia",
                "data": {
                    "title": summary["title"],
                    "extract": _fenced(summary["extract"], settings, fence_content=fence_content),
                    "url": summary["url"],
                },
            }
    if not settings.web_search_enabled:
        return _none_result(query)
    provider = "SearXNG" if settings.searxng_url else "DuckDuckGo"
    _say(context, f"🌐 Searching the web ({provider}) for '{query}'…")
    raw_hits = await _safely(search(query, LOOKUP_SEARCH_LIMIT), [], f"{provider} search")
    hits = [hit for hit in raw_hits if isinstance(hit, SearchHit) and hit.url][:LOOKUP_SEARCH_LIMIT]
    if not hits:
        _say(context, "⚠️ Nothing found.")
        return _none_result(query)
    articles = await asyncio.gather(
        *(_safely(fetcher(hit.url), None, "article fetch") for hit in hits[:LOOKUP_ARTICLES])
    )
    content = _web_content(hits, articles, settings, fence_content=fence_content)
    return {
        "success": True,
        "type": "lookup",
        "source": "web",
        "data": {
            "query": query,
            "results": [
                {
                    "title": " ".join(hit.title.split()),
                    "url": hit.url,
                    "snippet": " ".join(hit.snippet.split())[:_SNIPPET_CHARS],
                }
                for hit in hits
            ],
            "content": content,
        },
    }


def _is_summary(value: object) -> bool:
    return isinstance(value, dict) and all(
        isinstance(value.get(key), str) and value[key].strip()
        for key in ("title", "extract", "url")
    )


def _web_content(
    hits: Sequence[SearchHit],
    articles: Sequence[tuple[str, str] | None],
    settings: Settings,
    *,
    fence_content: bool,
) -> str:
    """The fetched articles' text, one fence each; the snippets when no article was readable."""
    blocks: list[str] = []
    for hit, article in zip(hits, articles, strict=False):
        if article is None or not article[1].strip():
            continue
        title = " ".join((article[0] or hit.title).split())
        body = _fenced(article[1], settings, fence_content=fence_content)
        blocks.append(f"{title} ({hit.url}):\n{body}")
    if blocks:
        return "\n\n".join(blocks)
    digest = "\n".join(
        f"- {' '.join(hit.title.split())}: {' '.join(hit.snippet.split())}" for hit in hits
    )
    return _fenced(digest, settings, fence_content=fence_content)


async def _safely(awaitable: Awaitable[_T], default: _T, what: str) -> _T:
    try:
        return await awaitable
    except Exception:  # one provider failing only means the next step gets its turn
        logger.info("%s failed", what, exc_info=True)
        return default


def _default_summary(
    client: AsyncClient | None, settings: Settings, context: ToolContext | None
) -> WikipediaSummary:
    async def summary(query: str) -> dict[str, str] | None:
        from swarm.web.wikipedia import language_host, wiki_summary

        language = language_host(context.language, query) if context is not None else "en"
        return await wiki_summary(query, client=client, language=language, settings=settings)

    return summary


def _default_search(client: AsyncClient | None, settings: Settings) -> WebSearch:
    async def search(query: str, limit: int) -> Sequence[SearchHit]:
        from swarm.web.web_search import search_hits

        assert client is not None
        return await search_hits(query, client=client, settings=settings, limit=limit)

    return search


def _default_fetcher(client: AsyncClient | None, settings: Settings) -> ArticleFetcher:
    async def fetch(url: str) -> tuple[str, str] | None:
        from swarm.web.articles import fetch_article

        article = await fetch_article(url, client=client, settings=settings)
        return None if article is None else (article.title, article.text)

    return fetch


async def read_article(
    url: str,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
    client: AsyncClient | None = None,
) -> dict[str, Any]:
    """One URL through the SSRF-guarded fetcher: `{"success": True, "title", "url", "content"}`
    with the article text fenced, or `{"success": False, "url", "error"}`. Never raises."""
    from swarm.errors import BlockedURL, FetchError, FetchTimeout, ProviderHTTPError

    url = str(url).strip()
    if not url.lower().startswith(("http://", "https://")):
        return {"success": False, "url": url, "error": "only http(s) URLs can be read"}
    try:
        settings = settings or get_settings()
        _say(context, f"📄 Reading {url}…")
        async with AsyncExitStack() as stack:
            from swarm.web import safe_http
            from swarm.web.articles import extract_article

            if client is None:
                client = await stack.enter_async_context(safe_http.make_client(settings))
            page = await safe_http.fetch(url, client=client, settings=settings)
            if page.status_code >= 400:
                raise ProviderHTTPError(page.status_code, "", url=url)
            media_type = (page.content_type or "").split(";")[0].strip().lower()
            if media_type == "text/plain":
                title, text = "", page.text
            else:
                article = await asyncio.to_thread(extract_article, page.text, page.final_url)
                if article is None:
                    return {"success": False, "url": url, "error": "no readable article text"}
                title, text = article.title, article.text
    except BlockedURL:
        return {
            "success": False,
            "url": url,
            "error": "blocked: the URL (or a redirect) points to a private, local or "
            "non-web address",
        }
    except FetchTimeout:
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
        "title": " ".join(title.split()),
        "url": page.final_url or url,
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
        "query": {"type": "string", "description": "What to search for", "minLength": 1},
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
        "url": {"type": "string", "description": "The http(s) URL to read", "minLength": 1},
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
        "topic": {"type": "string", "description": "The topic to research", "minLength": 1},
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
        "query": {"type": "string", "description": "The question to answer", "minLength": 1},
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

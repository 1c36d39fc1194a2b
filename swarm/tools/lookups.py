"""The `lookup` tool's work (seed 001): Wikipedia summary first, then SearXNG (when configured)
or the zero-config DuckDuckGo search with the top articles read, else an honest "none" result.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Sequence
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING, TypeVar

from swarm.config import Settings, get_settings
from swarm.errors import describe_error
from swarm.research import WebSearch
from swarm.research.providers import Providers, WikipediaSummary
from swarm.tools.schemas import (
    LookupArticle,
    LookupHit,
    LookupNothing,
    LookupResult,
    LookupWebResults,
)
from swarm.tools.shaping import fenced, say
from swarm.untrusted import shown_snippet, shown_title, shown_url, single_line
from swarm.web.types import Article, ArticleFetcher, SearchHit

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

    from swarm.tools.context import ToolContext

__all__ = [
    "LOOKUP_ARTICLES",
    "LOOKUP_BUDGET_S",
    "LOOKUP_SEARCH_LIMIT",
    "INCOMPLETE_MESSAGE",
    "LOOKUP_FAILED_MESSAGE",
    "NO_RESULTS_MESSAGE",
    "SOURCES_DISABLED_ERROR",
    "UNREACHABLE_MESSAGE",
    "lookup",
    "lookup_result",
]

logger = logging.getLogger(__name__)
_T = TypeVar("_T")

NO_RESULTS_MESSAGE = "No results found. You can answer from your own knowledge."
# When sources failed, "answer from your own knowledge" would hide that nothing was checked.
UNREACHABLE_MESSAGE = (
    "The sources could not be reached, so nothing was looked up. Tell the user the lookup "
    "failed (see error); do not present facts as looked up."
)
LOOKUP_FAILED_MESSAGE = (
    "The lookup failed (see error), so nothing was looked up. Tell the user the lookup "
    "failed; do not present facts as looked up."
)
INCOMPLETE_MESSAGE = (
    "Nothing was found, but not every source could be asked (see error): the lookup is "
    "incomplete. Say so; do not present facts as looked up."
)
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


def _none_result(
    query: str, error: str | None = None, *, message: str = NO_RESULTS_MESSAGE
) -> LookupResult:
    """The seed's "none" result. `success` stays True for a real miss and for a lookup that
    did not run (empty query, sources disabled), as the seed has it; it is False only when the
    lookup could not be done (`_failed_result`)."""
    data = LookupNothing(query=query, message=message)
    return LookupResult(source="none", data=data, error=error or None)


def _failed_result(query: str, error: str, *, message: str = UNREACHABLE_MESSAGE) -> LookupResult:
    """Every source failed (or the lookup broke): nothing was looked up, and it says so."""
    return _none_result(query, error, message=message).model_copy(update={"success": False})


def _miss_result(query: str, attempts: _Attempts) -> LookupResult:
    """Nothing found: a plain miss, a miss with a failed source, or every source failed."""
    if not attempts.failures:
        return _none_result(query)
    if attempts.all_failed:
        return _failed_result(query, attempts.error() or "every source failed")
    return _none_result(query, attempts.error(), message=INCOMPLETE_MESSAGE)


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
    providers: Providers | None = None,
) -> dict[str, object]:
    """Look up a topic or factual question: Wikipedia first, then the web. Never raises.

    Returns the seed-001 shape `{"success", "type": "lookup", "source", "data"}`:
    `source` "wikipedia" with data `{title, extract, url}`; "web" with data `{query, results:
    [{title, url, snippet}], content}` (SearXNG when `SEARXNG_URL` is set, with its top 1-2
    articles read; else DuckDuckGo, with the best-ranked relevant article of the top 3 chosen
    by the web search cascade; the snippets when no article was readable); "none" with data
    `{query, message}`. "none" gets an extra top-level `"error"` when it is not a plain miss,
    naming each source that failed and why ("Wikipedia: could not resolve host
    en.wikipedia.org; DuckDuckGo search: connection refused by lite.duckduckgo.com"), or that
    outside sources are disabled in config. When every source failed, `success` is False and
    the message says the sources could not be reached (never "answer from your own
    knowledge"); when some failed and the rest found nothing, the message says the lookup is
    incomplete. Page text (`extract`, `content`) is fenced as untrusted unless
    `fence_content=False` (for humans reading the CLI); titles, URLs and snippets are always
    single neutralised lines. Everything runs within `budget_s` (default: the settings'
    `lookup_budget_s`, 15 s by default). `wikipedia_summary(query)`, `search(query, limit)` and
    `fetcher` (an `ArticleFetcher`) replace the providers (as do `providers`' fields).
    The dict is `lookup_result(...).model_dump()`.
    """
    providers = providers or Providers()
    chosen = Providers(
        client=client or providers.client,
        web_search=search or providers.web_search,
        wikipedia_summary=wikipedia_summary or providers.wikipedia_summary,
        wikipedia_search=providers.wikipedia_search,
        article_fetcher=fetcher or providers.article_fetcher,
    )
    result = await lookup_result(
        query,
        context=context,
        settings=settings,
        providers=chosen,
        fence_content=fence_content,
        budget_s=budget_s,
    )
    return result.model_dump()


async def lookup_result(
    query: str,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
    providers: Providers | None = None,
    fence_content: bool = True,
    budget_s: float | None = None,
) -> LookupResult:
    """`lookup` as its typed result (`LookupResult`), for the CLI, the bot and the tool."""
    providers = providers or Providers()
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
            if providers.needs_client:
                from swarm.web.safe_http import make_client

                own_client = await stack.enter_async_context(make_client(settings))
                providers = providers.with_client(own_client)
            # A backstop: every step below already stops at the deadline.
            async with asyncio.timeout(budget + _BUDGET_GRACE_S):
                return await _lookup(
                    query,
                    context=context,
                    settings=settings,
                    client=providers.client,
                    wikipedia_summary=providers.wikipedia_summary_or_default(settings, context),
                    search=providers.web_search_or_default(settings),
                    fetcher=providers.article_fetcher_or_default(),
                    fence_content=fence_content,
                    deadline=deadline,
                )
    except TimeoutError:
        return _failed_result(query, f"no answer within the lookup budget ({budget:g}s)")
    except Exception as error:
        logger.warning("lookup failed for %r", query, exc_info=True)
        return _failed_result(query, describe_error(error), message=LOOKUP_FAILED_MESSAGE)


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
        except Exception as error:  # one provider failing only means the next gets its turn
            logger.info("%s failed", what, exc_info=True)
            self.failures.append(f"{what}: {_why(error)}")
        return None

    @property
    def all_failed(self) -> bool:
        return bool(self.failures) and len(self.failures) >= self.asked

    def error(self) -> str | None:
        if not self.failures:
            return None
        listed = "; ".join(self.failures)
        if self.all_failed:
            return f"every source failed: {listed}"
        return f"nothing found, and a source failed: {listed}"


def _why(error: BaseException) -> str:
    """A short reason: a FetchError's `reason` ("could not resolve host en.wikipedia.org",
    "HTTP 503 from ..."), else the type alone (other exception text may carry credentials)."""
    from swarm.errors import FetchError

    if isinstance(error, FetchError):
        return single_line(error.reason, max_chars=200)
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
) -> LookupResult:
    attempts = _Attempts(deadline)
    shown_query = single_line(query, max_chars=200)
    if settings.wikipedia_fallback_enabled:
        say(context, f"📚 Looking up '{shown_query}' on Wikipedia…")
        summary = await attempts.ask(wikipedia_summary(query), "Wikipedia")
        if summary and _is_summary(summary):
            article = LookupArticle(
                title=shown_title(summary["title"]),
                extract=fenced(summary["extract"], settings, fence_content=fence_content),
                url=shown_url(summary["url"]),
            )
            return LookupResult(source="wikipedia", data=article)
    if not settings.web_search_enabled:
        return _miss_result(query, attempts)
    provider = "SearXNG" if settings.searxng_url else "DuckDuckGo"
    say(context, f"🌐 Searching the web ({provider}) for '{shown_query}'…")
    raw_hits = await attempts.ask(search(query, LOOKUP_SEARCH_LIMIT), f"{provider} search")
    hits = [hit for hit in raw_hits or [] if isinstance(hit, SearchHit) and hit.url]
    hits = hits[:LOOKUP_SEARCH_LIMIT]
    if not hits:
        say(context, "⚠️ Nothing found." if not attempts.failures else "⚠️ No answer.")
        return _miss_result(query, attempts)
    if settings.searxng_url:
        articles = await _read_top_articles(hits, fetcher, client, settings, deadline)
    else:
        articles = await _cascade_article(hits, query, fetcher, client, settings, deadline)
    results = [
        LookupHit(
            title=shown_title(hit.title), url=shown_url(hit.url), snippet=shown_snippet(hit.snippet)
        )
        for hit in hits
    ]
    content = _web_content(hits, articles, settings, fence_content=fence_content)
    return LookupResult(
        source="web", data=LookupWebResults(query=query, results=results, content=content)
    )


async def _read_top_articles(
    hits: Sequence[SearchHit],
    fetcher: ArticleFetcher,
    client: AsyncClient | None,
    settings: Settings,
    deadline: float,
) -> list[tuple[SearchHit, str, str]]:
    """SearXNG branch (seed 001): the top 1-2 results read in parallel within the deadline."""
    timeout_s = max(min(settings.fetch_timeout_s, deadline - time.monotonic()), 0.0)

    async def read(hit: SearchHit) -> tuple[SearchHit, str, str] | None:
        try:
            async with asyncio.timeout(timeout_s):
                found = await fetcher(hit.url, client=client, settings=settings)
            return None if found is None else (hit, *_checked_article(found))
        except Exception:  # TimeoutError included: an unread article is just left out
            logger.info("article fetch of %s failed", hit.url, exc_info=True)
            return None

    read_articles = await asyncio.gather(*(read(hit) for hit in hits[:LOOKUP_ARTICLES]))
    return [article for article in read_articles if article is not None]


def _checked_article(found: object) -> tuple[str, str]:
    if (
        not isinstance(found, Article)
        or not isinstance(found.title, str)
        or not isinstance(found.text, str)
    ):
        raise TypeError(f"an article fetcher returned {type(found).__name__}, not an Article")
    return found.title, found.text


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
    from swarm.web.cascade import cascade_fetch

    picked = await cascade_fetch(
        hits, query, client=client, settings=settings, fetcher=fetcher, deadline=deadline
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
        heading = f"{shown_title(title or hit.title)} ({shown_url(hit.url)}):"
        blocks.append(fenced(f"{heading}\n{text}", settings, fence_content=fence_content))
    if blocks:
        return "\n\n".join(blocks)
    digest = "\n".join(f"- {shown_title(hit.title)}: {shown_snippet(hit.snippet)}" for hit in hits)
    return fenced(digest, settings, fence_content=fence_content)

"""Where the tools and research get outside knowledge: one injectable `Providers` object (as
`TurnContext` is for the bot), so tests pass fakes instead of patching module attributes.

A field left None is the real provider, built by `resolve()` over one shared HTTP client.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from swarm.config import Settings
from swarm.research.sources import WebSearch, WikipediaSearch
from swarm.web.types import ArticleFetcher, SearchHit

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

    from swarm.tools.context import ToolContext

__all__ = ["Providers", "SearchEnvelope", "WikipediaSummary"]

# query → {"title", "extract", "url"} or None (raises when Wikipedia could not be asked)
WikipediaSummary = Callable[[str], Awaitable["dict[str, str] | None"]]
# query → the web search envelope a model reads (the web_search tool)
SearchEnvelope = Callable[[str], Awaitable[str]]


@dataclass(frozen=True, slots=True)
class Providers:
    """The outside sources; None means the real one. `client` is the HTTP client the real
    ones share (None: each run opens its own, SSRF-guarded)."""

    client: AsyncClient | None = None
    web_search: WebSearch | None = None
    wikipedia_summary: WikipediaSummary | None = None
    wikipedia_search: WikipediaSearch | None = None
    article_fetcher: ArticleFetcher | None = None
    search_envelope: SearchEnvelope | None = None

    @property
    def needs_client(self) -> bool:
        """True when a real provider (which needs an HTTP client) is still to be built."""
        return self.client is None and None in (
            self.web_search,
            self.wikipedia_summary,
            self.wikipedia_search,
            self.article_fetcher,
        )

    def with_client(self, client: AsyncClient | None) -> Providers:
        return self if client is None else replace(self, client=client)

    def web_search_or_default(self, settings: Settings) -> WebSearch:
        """`search_hits_or_raise` (not `search_hits`, which turns failures into []), so a
        failed search is reported as failed rather than as "nothing found"."""
        if self.web_search is not None:
            return self.web_search
        client = self.client

        async def search(query: str, limit: int) -> Sequence[SearchHit]:
            from swarm.web.web_search import search_hits_or_raise

            assert client is not None
            return await search_hits_or_raise(query, client=client, settings=settings, limit=limit)

        return search

    def wikipedia_search_or_default(self, settings: Settings, deadline: float) -> WikipediaSearch:
        if self.wikipedia_search is not None:
            return self.wikipedia_search
        client = self.client

        async def search(query: str, limit: int) -> Sequence[dict[str, str]]:
            from swarm.web.wikipedia import wiki_search_or_raise

            return await wiki_search_or_raise(
                query, limit, client=client, settings=settings, deadline=deadline
            )

        return search

    def wikipedia_summary_or_default(
        self, settings: Settings, context: ToolContext | None
    ) -> WikipediaSummary:
        if self.wikipedia_summary is not None:
            return self.wikipedia_summary
        client = self.client

        async def summary(query: str) -> dict[str, str] | None:
            from swarm.web.wikipedia import wiki_summary_or_raise
            from swarm.web.wikipedia_language import language_host

            host = language_host(context.language, query) if context is not None else "en"
            # The raising variant: "Wikipedia could not be reached" is not "no such page".
            return await wiki_summary_or_raise(
                query, client=client, language=host, settings=settings
            )

        return summary

    def article_fetcher_or_default(self) -> ArticleFetcher:
        """`fetch_article_or_raise`: "no readable article" is None, "could not fetch" the
        FetchError family, so research and lookup can say why (callers pass `client`)."""
        if self.article_fetcher is not None:
            return self.article_fetcher
        from swarm.web.articles import fetch_article_or_raise  # trafilatura: import on use

        return fetch_article_or_raise

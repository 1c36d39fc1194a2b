"""Value types shared by the web search providers, the cascade, lookup and research: search
hits, articles and the one `ArticleFetcher` shape.

Every field holds untrusted text from outside: callers fence it before a model sees it.
"""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

    from swarm.config import Settings

__all__ = ["Article", "ArticleFetcher", "SearchHit"]


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One search result: a title and destination URL, plus an optional snippet."""

    title: str
    url: str
    snippet: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True)
class Article:
    """The readable text of a web page (untrusted: fence it before a model sees it)."""

    title: str
    text: str
    url: str


class ArticleFetcher(Protocol):
    """`fetch_article`'s shape: the readable article of one page, or None when it has none.

    `fetch_article` never raises; `fetch_article_or_raise` (research's and lookup's default)
    raises the FetchError family, so a caller can say why a page could not be read. The
    cascade treats a raise as a failed fetch.
    """

    def __call__(
        self,
        url: str,
        *,
        client: AsyncClient | None,
        settings: Settings | None = None,
        timeout_s: float | None = None,
    ) -> Awaitable[Article | None]: ...

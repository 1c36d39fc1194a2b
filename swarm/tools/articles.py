"""The `read_article` tool's work: one URL through the SSRF-guarded fetcher, HTML extracted
(plain text and markdown kept as is), the text fenced; failures become honest results.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING

from swarm.config import Settings, get_settings
from swarm.errors import (
    BlockedURL,
    ConnectFailed,
    FetchError,
    HostNotFound,
    MalformedResponse,
    ProviderHTTPError,
    describe_error,
)
from swarm.tools.schemas import ReadArticleResult
from swarm.tools.shaping import fenced, say
from swarm.untrusted import shown_title, shown_url, single_line

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

    from swarm.tools.context import ToolContext

__all__ = ["article_failure", "read_article", "read_article_result"]

logger = logging.getLogger(__name__)

_TEXT_MEDIA_TYPES = ("text/plain", "text/markdown")


def _media_type(content_type: str | None) -> str:
    return (content_type or "").split(";")[0].strip().lower()


def article_failure(error: FetchError) -> str:
    """What went wrong reading a page, in words a person (or model) can repeat: "could not
    resolve host X", "connection refused by X", "HTTP 404 from X", "blocked: ..." — each only
    when that is what happened."""
    if isinstance(error, BlockedURL):
        detail = " ".join(str(error).split())[:200]
        return "blocked: the URL (or a redirect) points to a private, local or non-web address" + (
            f" ({detail})" if detail else ""
        )
    if isinstance(error, ProviderHTTPError):
        return f"the site answered HTTP {error.status_code}" + (
            f" ({error.host})" if error.host else ""
        )
    if isinstance(error, HostNotFound | ConnectFailed | MalformedResponse):
        return error.reason
    return f"fetch failed: {error.reason}"


async def read_article(
    url: str,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
    client: AsyncClient | None = None,
) -> dict[str, object]:
    """`read_article_result(...).model_dump()`: the tool's dict. Never raises."""
    result = await read_article_result(url, context=context, settings=settings, client=client)
    return result.model_dump()


def _failed(url: str, error: str) -> ReadArticleResult:
    return ReadArticleResult(success=False, url=url, error=error)


async def read_article_result(
    url: str,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
    client: AsyncClient | None = None,
) -> ReadArticleResult:
    """One URL through the SSRF-guarded fetcher: `{"success": True, "title", "url", "content"}`
    with the article text fenced (title and URL one neutralised line each), or `{"success":
    False, "url", "error"}` (also for a body that is neither HTML nor text, e.g. a PDF).
    Fetch and extraction share one time limit. Never raises."""
    from swarm.errors import FetchTimeout

    url = str(url).strip() if url is not None else ""
    if not url.lower().startswith(("http://", "https://")):
        return _failed(shown_url(url), "only http(s) URLs can be read")
    try:
        settings = settings or get_settings()
        say(context, f"📄 Reading {shown_url(url)}…")
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
                        return _failed(url, "no readable article text")
                    title, text = article.title, article.text
                else:
                    kind = single_line(media_type, max_chars=80) or "unknown type"
                    return _failed(url, f"not an HTML or text page ({kind})")
    except (FetchTimeout, TimeoutError):
        return _failed(url, "timed out: the page did not answer in time")
    except FetchError as error:
        failure = single_line(article_failure(error), max_chars=400)
        return _failed(url, failure)
    except Exception as error:
        logger.warning("read_article failed for %r", url, exc_info=True)
        return _failed(url, describe_error(error))
    if not text.strip():
        return _failed(url, "no readable article text")
    return ReadArticleResult(
        success=True,
        title=shown_title(title),
        url=shown_url(page.final_url or url),
        content=fenced(text, settings, fence_content=True),
        truncated=page.truncated,
    )

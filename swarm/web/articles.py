"""Fetched HTML → article text (trafilatura), and the relevance filter the web cascade applies.

An extract that shares no content word with the query is boilerplate (cookie banner, modal, 404).
"""

from __future__ import annotations

import asyncio
import re
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import httpx
import trafilatura
from selectolax.lexbor import LexborHTMLParser

from swarm.errors import FetchError
from swarm.web import safe_http
from swarm.web.types import Article
from swarm.wiki.tokens import STOPWORDS

if TYPE_CHECKING:
    from swarm.config import Settings

__all__ = [
    "extract_article",
    "extract_article_within",
    "fetch_article",
    "fetch_article_or_raise",
    "is_html",
    "is_relevant",
    "query_tokens",
]

# Below this many characters, visible text that trafilatura rejected is not worth keeping.
MIN_FALLBACK_CHARS = 400
MIN_TOKEN_CHARS = 3
HTML_CONTENT_TYPES = ("text/html", "application/xhtml+xml")
# trafilatura's time grows with the markup: only this much of a page is parsed, so one
# extraction is bounded work even on a hostile 512 KB body. Articles start well before it.
MAX_EXTRACT_CHARS = 256 * 1024
# A parse that takes longer than this is abandoned (see `extract_article_within`).
EXTRACT_TIMEOUT_S = 5.0
# Extractions run here, not in the loop's default executor: an abandoned one then cannot
# fill that executor or hold up `asyncio.run()`'s shutdown, and at most this many run at once.
_EXTRACT_WORKERS = 2
_extract_pool = ThreadPoolExecutor(max_workers=_EXTRACT_WORKERS, thread_name_prefix="extract")

_WORD = re.compile(r"\w+")
_WHITESPACE_RUN = re.compile(r"[ \t\r\f\v]+")
_BLANK_LINES = re.compile(r"\n\s*\n+")
_NON_CONTENT_TAGS = (
    "script",
    "style",
    "noscript",
    "template",
    "svg",
    "nav",
    "header",
    "footer",
    "form",
    "aside",
    "iframe",
)


def query_tokens(text: str) -> set[str]:
    """Lower-cased Unicode word tokens of at least three characters (digits included)."""
    normalised = unicodedata.normalize("NFKC", text).casefold()
    return {token for token in _WORD.findall(normalised) if len(token) >= MIN_TOKEN_CHARS}


def _content_tokens(query: str) -> set[str]:
    tokens = query_tokens(query)
    return (tokens - STOPWORDS) or tokens


def is_relevant(text: str, query: str) -> bool:
    """True when `text` shares at least one content word (≥3 chars, not a stopword) with
    `query`.

    A query with no such word at all ("AI?") gives no signal, so any non-empty text passes.
    """
    wanted = _content_tokens(query)
    if not wanted:
        return bool(text.strip())
    return not wanted.isdisjoint(query_tokens(text))


def _tidy(text: str) -> str:
    lines = (_WHITESPACE_RUN.sub(" ", line).strip() for line in text.splitlines())
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()


def _fallback_title_and_text(html_text: str) -> tuple[str, str]:
    tree = LexborHTMLParser(html_text)
    title_node = tree.css_first("title")
    title = _tidy(title_node.text()) if title_node is not None else ""
    for node in tree.css(", ".join(_NON_CONTENT_TAGS)):
        node.decompose()
    body = tree.body
    text = _tidy(body.text(separator="\n")) if body is not None else ""
    return title, text


def extract_article(html_text: str, url: str) -> Article | None:
    """The main text and title of an HTML page, or None when it has no readable text.

    trafilatura does the work; the page's visible text is used only when trafilatura finds
    nothing and that text is substantial. Only the first `MAX_EXTRACT_CHARS` are parsed.
    """
    if not html_text or not html_text.strip():
        return None
    html_text = html_text[:MAX_EXTRACT_CHARS]
    try:
        document: Any = trafilatura.bare_extraction(
            html_text,
            url=url,
            include_comments=False,
            include_tables=True,
            favor_precision=True,
            with_metadata=True,
        )
    except Exception:  # trafilatura/lxml raise assorted errors on hostile markup
        document = None
    text = _tidy(str(getattr(document, "text", None) or ""))
    title = _tidy(str(getattr(document, "title", None) or ""))
    if text:
        return Article(title=title, text=text, url=url)
    try:
        fallback_title, fallback_text = _fallback_title_and_text(html_text)
    except Exception:  # a parser failure means no text, not a crash in the cascade
        return None
    if len(fallback_text) < MIN_FALLBACK_CHARS:
        return None
    return Article(title=title or fallback_title, text=fallback_text, url=url)


async def extract_article_within(
    html_text: str, url: str, *, timeout_s: float = EXTRACT_TIMEOUT_S
) -> Article | None:
    """`extract_article` off the event loop, given up after `timeout_s` (None then).

    A thread cannot be cancelled: a parse still running at the timeout finishes in the
    background (bounded by `MAX_EXTRACT_CHARS`) and its result is dropped. The small dedicated
    pool keeps such stragglers from piling up in the default executor.
    """
    loop = asyncio.get_running_loop()
    future = loop.run_in_executor(_extract_pool, extract_article, html_text, url)
    try:
        return await asyncio.wait_for(future, timeout=max(timeout_s, 0.0))
    except TimeoutError:
        return None


def is_html(content_type: str, text: str) -> bool:
    """True for an HTML content type, or no content type and a body that looks like markup."""
    media_type = content_type.split(";")[0].strip().lower()
    if media_type:
        return media_type in HTML_CONTENT_TYPES
    # No content type at all: accept what looks like markup.
    return text.lstrip()[:1] == "<"


async def fetch_article(
    url: str,
    *,
    client: httpx.AsyncClient | None,  # noqa: TID251 (annotation only: the client is injected)
    settings: Settings | None = None,
    timeout_s: float | None = None,
) -> Article | None:
    """Fetch `url` through the SSRF-guarded fetcher and extract its article.

    None on any failure: blocked URL, timeout, HTTP error, non-HTML content, no text.
    """
    try:
        return await fetch_article_or_raise(
            url, client=client, settings=settings, timeout_s=timeout_s
        )
    except (FetchError, httpx.HTTPError, UnicodeError):
        return None


async def fetch_article_or_raise(
    url: str,
    *,
    client: httpx.AsyncClient | None,  # noqa: TID251 (annotation only: the client is injected)
    settings: Settings | None = None,
    timeout_s: float | None = None,
) -> Article | None:
    """`fetch_article`, telling "no readable article" (None: non-HTML, no text) from "could
    not fetch" (the FetchError family: HostNotFound, ConnectionRefused, FetchTimeout,
    ProviderHTTPError, BlockedURL...)."""
    own_client = client is None
    if client is None:
        client = safe_http.make_client(settings)
    try:
        page = await safe_http.fetch(url, client=client, settings=settings, timeout_s=timeout_s)
    finally:
        if own_client:
            await client.aclose()
    if page.status_code >= 300 or not is_html(page.content_type or "", page.text or ""):
        return None
    # trafilatura is CPU-bound: keep the event loop free for the other fetches in the pool,
    # and give up on a parse that outlives the caller's time (its thread finishes unheard).
    extract_timeout_s = (
        EXTRACT_TIMEOUT_S if timeout_s is None else min(timeout_s, EXTRACT_TIMEOUT_S)
    )
    return await extract_article_within(
        page.text, page.final_url or url, timeout_s=extract_timeout_s
    )

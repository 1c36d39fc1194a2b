"""DuckDuckGo: the instant answer API, the lite results page, and bot-challenge detection.

Parsing is pure (`parse_*`, `is_challenge`); `DuckDuckGo` makes the two requests.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import parse_qs, urlsplit

import httpx
from selectolax.lexbor import LexborHTMLParser, LexborNode

from swarm.errors import FetchError, ProviderHTTPError
from swarm.web.safe_http import parse_json_reply, provider_request
from swarm.web.types import SearchHit

__all__ = [
    "INSTANT_ANSWER_URL",
    "LITE_URL",
    "DuckDuckGo",
    "InstantAnswer",
    "LiteResults",
    "is_challenge",
    "parse_instant_answer",
    "parse_lite_results",
    "unwrap_result_url",
]

INSTANT_ANSWER_URL = "https://api.duckduckgo.com/"
LITE_URL = "https://lite.duckduckgo.com/lite/"
SOURCE_NAME = "duckduckgo"

# DDG answers a suspected bot with one of these (202 is a "success" status for httpx).
CHALLENGE_STATUS_CODES = frozenset({202, 400, 418, 429})

AnswerKind = Literal["answer", "abstract", "definition"]

_WHITESPACE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class InstantAnswer:
    """A short answer from the instant answer API and where it came from (may be "")."""

    text: str
    source_url: str
    kind: AnswerKind
    heading: str = ""


@dataclass(frozen=True, slots=True)
class LiteResults:
    """Hits from the lite page; `blocked` is True when DDG served its bot challenge instead,
    `error` says why DDG could not be asked at all (network, timeout, HTTP error)."""

    hits: list[SearchHit] = field(default_factory=list)
    blocked: bool = False
    error: str | None = None


def _clean(value: Any) -> str:
    """A JSON field as a single-line string; anything that isn't a string counts as empty."""
    if not isinstance(value, str):
        return ""
    return _WHITESPACE.sub(" ", value).strip()


def parse_instant_answer(data: Any) -> InstantAnswer | None:
    """The best field of an instant answer payload: Answer, then AbstractText, then Definition.

    Empty strings, missing keys and payloads that aren't a JSON object give None.
    """
    if not isinstance(data, dict):
        return None
    heading = _clean(data.get("Heading"))
    answer = _clean(data.get("Answer"))
    if answer:
        # Answers (calculator, conversions...) rarely carry a URL; the abstract's is the best.
        return InstantAnswer(answer, _clean(data.get("AbstractURL")), "answer", heading)
    abstract = _clean(data.get("AbstractText"))
    if abstract:
        return InstantAnswer(abstract, _clean(data.get("AbstractURL")), "abstract", heading)
    definition = _clean(data.get("Definition"))
    if definition:
        return InstantAnswer(definition, _clean(data.get("DefinitionURL")), "definition", heading)
    return None


def _is_ddg_host(host: str) -> bool:
    host = host.lower().rstrip(".")
    return host == "duckduckgo.com" or host.endswith(".duckduckgo.com")


def unwrap_result_url(href: str) -> str | None:
    """The real destination of a result link, or None for ads, DDG-internal and non-http links.

    Handles `//duckduckgo.com/l/?uddg=<encoded>&rut=...` with `uddg` anywhere in the query,
    `&amp;` left encoded, and protocol-relative or site-relative links.
    """
    href = href.strip()
    if "&amp;" in href:
        href = html.unescape(href)
    if href.startswith("//"):
        href = "https:" + href
    elif href.startswith("/"):
        href = "https://duckduckgo.com" + href
    try:
        parts = urlsplit(href)
        if _is_ddg_host(parts.hostname or "") and parts.path.rstrip("/") == "/l":
            targets = parse_qs(parts.query).get("uddg")
            if not targets:
                return None
            href = targets[0].strip()
            parts = urlsplit(href)
        host = parts.hostname or ""
    except ValueError:  # e.g. an invalid IPv6 literal or port
        return None
    if parts.scheme.lower() not in ("http", "https") or not host:
        return None
    # Whatever still points at DuckDuckGo (y.js ad redirects, settings, the next page) is
    # not a search result.
    if _is_ddg_host(host) or parts.path.endswith("/y.js"):
        return None
    return href


def _inside_sponsored_row(node: LexborNode) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.tag == "tr":
            classes = (parent.attributes.get("class") or "").lower()
            return "sponsored" in classes
        parent = parent.parent
    return False


def _node_text(node: LexborNode) -> str:
    return _WHITESPACE.sub(" ", node.text(deep=True)).strip()


def parse_lite_results(html_text: str, limit: int = 5) -> list[SearchHit]:
    """Up to `limit` results (title, real URL, snippet) from a lite.duckduckgo.com page.

    Ads, sponsored rows, DDG-internal and non-http(s) links are dropped; URLs are deduplicated.
    A challenge page has no `a.result-link`, so it yields no hits.
    """
    if limit <= 0 or not html_text:
        return []
    tree = LexborHTMLParser(html_text)
    hits: list[SearchHit] = []
    seen_urls: set[str] = set()
    # The snippet sits in a later row than its link: walk both in document order and attach
    # each snippet to the link before it (or to nothing, when that link was dropped).
    current: dict[str, str] | None = None
    drafts: list[dict[str, str]] = []
    for node in tree.css("a.result-link, td.result-snippet"):
        if node.tag == "a":
            current = None
            url = unwrap_result_url(node.attributes.get("href") or "")
            if url is None or url in seen_urls or _inside_sponsored_row(node):
                continue
            title = _node_text(node)
            if not title:
                continue
            seen_urls.add(url)
            current = {"title": title, "url": url, "snippet": ""}
            drafts.append(current)
            if len(drafts) > limit:
                break
        elif current is not None and not current["snippet"]:
            current["snippet"] = _node_text(node)
    for draft in drafts[:limit]:
        hits.append(SearchHit(draft["title"], draft["url"], draft["snippet"], SOURCE_NAME))
    return hits


def _class_marks_challenge(class_attr: str) -> bool:
    return any(
        token == "anomaly-modal" or token.startswith("anomaly-modal__")
        for token in class_attr.split()
    )


def is_challenge(status_code: int, body: str) -> bool:
    """True when DDG answered with its bot challenge: by status, or by the page's structure.

    Only markup is checked (the `anomaly-modal` classes, the `anomaly.js` form action, the
    `challenge-form` id), never the English copy, which changes with the locale.
    """
    if status_code in CHALLENGE_STATUS_CODES:
        return True
    if not body or ("anomaly" not in body and "challenge-form" not in body):
        return False
    tree = LexborHTMLParser(body)
    for node in tree.css("[class], [data-testid], form, [id]"):
        attributes = node.attributes
        if _class_marks_challenge(attributes.get("class") or ""):
            return True
        if (attributes.get("data-testid") or "").strip() == "anomaly-modal":
            return True
        if (attributes.get("id") or "").strip() == "challenge-form":
            return True
        if node.tag == "form" and "anomaly.js" in (attributes.get("action") or ""):
            return True
    return False


# Bodies are read through `safe_http.provider_request` (streamed, decoded-byte cap); the lite
# page is ~10 KB and the instant answer a few KB, so 512 KB is generous.
_DEFAULT_MAX_BYTES = 512 * 1024


class DuckDuckGo:
    """The two DuckDuckGo endpoints on an injected client (SSRF-guarded client from safe_http)."""

    def __init__(
        self,
        client: httpx.AsyncClient,  # noqa: TID251 (annotation only: the client is injected)
        *,
        timeout_s: float = 10.0,
        max_bytes: int = _DEFAULT_MAX_BYTES,
    ) -> None:
        self.client = client
        self.timeout_s = timeout_s
        self.max_bytes = max_bytes

    async def instant_answer(self, query: str) -> InstantAnswer | None:
        """The instant answer for `query`, or None (no answer, blocked, bad JSON, any error).

        It is an optional shortcut, so failures here never stop the search: the lite page
        reports network trouble.
        """
        params = {"q": query, "format": "json", "no_html": "1", "skip_disambig": "1"}
        try:
            reply = await provider_request(
                INSTANT_ANSWER_URL,
                client=self.client,
                params=params,
                timeout_s=self.timeout_s,
                max_bytes=self.max_bytes,
            )
        except FetchError:
            return None
        # A throttled API answers 202 with `application/x-javascript` and no usable JSON.
        if reply.status_code != 200 or is_challenge(reply.status_code, reply.text):
            return None
        try:
            data = parse_json_reply(reply)  # a body cut at the cap is malformed, not half JSON
        except FetchError:
            return None
        return parse_instant_answer(data)

    async def lite_results(self, query: str, limit: int = 5) -> LiteResults:
        """The top results from the lite page; `blocked=True` when DDG served its challenge.

        Raises the FetchError family as safe_http raised it (HostNotFound, ConnectionRefused,
        FetchTimeout, ProviderHTTPError...): the caller's cascade decides.
        """
        try:
            reply = await provider_request(
                LITE_URL,
                client=self.client,
                method="POST",
                form={"q": query},
                headers={"Referer": LITE_URL},
                timeout_s=self.timeout_s,
                max_bytes=self.max_bytes,
            )
        except FetchError as error:  # typed as safe_http raised it (DNS, refused, timeout...)
            error.url = error.url or LITE_URL
            raise
        body = reply.text  # a page cut at the cap still parses: its first results survive
        # Checked before the status: a 202 challenge counts as success for raise_for_status.
        if is_challenge(reply.status_code, body):
            return LiteResults([], blocked=True)
        if reply.status_code >= 300:
            raise ProviderHTTPError(reply.status_code, body[:500], url=LITE_URL)
        return LiteResults(parse_lite_results(body, limit=limit), blocked=False)

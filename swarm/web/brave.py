"""Brave Search API client (opt-in, keyed by `BRAVE_SEARCH_API_KEY`): web results as SearchHits.

Titles and descriptions carry HTML highlighting; it is stripped here. Errors are raised typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError
from selectolax.lexbor import LexborHTMLParser

from swarm.errors import MalformedResponse
from swarm.web.safe_http import get_json
from swarm.web.types import SearchHit

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

__all__ = ["BRAVE_SEARCH_URL", "Brave", "BraveResult", "html_to_text", "parse_brave"]

BRAVE_SEARCH_URL = "https://api.search.brave.com/res/v1/web/search"
_MAX_COUNT = 20  # the API's own ceiling for `count`


class BraveResult(BaseModel):
    """The fields we use from one `web.results[]` entry (the API sends many more)."""

    model_config = ConfigDict(extra="ignore")

    title: str = ""
    url: str
    description: str = ""


_RESULT_ADAPTER: TypeAdapter[BraveResult] = TypeAdapter(BraveResult)


def html_to_text(fragment: str) -> str:
    """Plain text of an HTML fragment (`<strong>` highlighting, entities), whitespace collapsed."""
    if "<" not in fragment and "&" not in fragment:
        return " ".join(fragment.split())
    tree = LexborHTMLParser(fragment)
    tree.strip_tags(["script", "style"])
    return " ".join(tree.text(separator="").split())


def parse_brave(data: object) -> list[SearchHit]:
    """SearchHits from a Brave `web/search` answer, in rank order. Entries that fail
    validation or whose URL is not http(s) are skipped; a body without `web.results` gives []."""
    web = data.get("web") if isinstance(data, dict) else None
    results = web.get("results") if isinstance(web, dict) else None
    if not isinstance(results, list):
        return []
    hits: list[SearchHit] = []
    for raw in results:
        try:
            result = _RESULT_ADAPTER.validate_python(raw)
        except ValidationError:
            continue
        url = result.url.strip()
        if not url.lower().startswith(("https://", "http://")):
            continue
        title = html_to_text(result.title) or url
        hits.append(
            SearchHit(
                title=title, url=url, snippet=html_to_text(result.description), source="brave"
            )
        )
    return hits


class Brave:
    """The Brave web search API over an injected (SSRF-guarded) client."""

    def __init__(self, client: AsyncClient, api_key: str, *, timeout_s: float = 10.0) -> None:
        self._client = client
        self._api_key = api_key
        self._timeout_s = timeout_s

    async def search(self, query: str, count: int = 5) -> list[SearchHit]:
        """Up to `count` web results. Raises `ProviderHTTPError` on an error status (401 bad
        key, 429 quota), `FetchTimeout` / `FetchError` on network trouble or a malformed body
        (the FetchError family of `safe_http.get_json`, which also caps the body size)."""
        params = {"q": query, "count": str(max(1, min(count, _MAX_COUNT)))}
        data = await get_json(
            BRAVE_SEARCH_URL,
            client=self._client,
            params=params,
            headers={"X-Subscription-Token": self._api_key, "Accept": "application/json"},
            timeout_s=self._timeout_s,
        )
        if not isinstance(data, dict):
            raise MalformedResponse("Brave sent an unexpected JSON shape", url=BRAVE_SEARCH_URL)
        return parse_brave(data)[:count]

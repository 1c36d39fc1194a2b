"""SearXNG client (opt-in, `SEARXNG_URL`): the user's own metasearch instance as SearchHits.

The instance is often on localhost, so its client is the unguarded one; results stay untrusted.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING

import httpx
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from swarm.errors import ConfigError, FetchError, FetchTimeout, ProviderHTTPError
from swarm.web.types import SearchHit

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

__all__ = ["SearXNG", "SearXNGResult", "parse_searxng"]


class SearXNGResult(BaseModel):
    """The fields we use from one `results[]` entry of `/search?format=json`."""

    model_config = ConfigDict(extra="ignore")

    title: str = ""
    url: str
    content: str | None = ""


_RESULT_ADAPTER: TypeAdapter[SearXNGResult] = TypeAdapter(SearXNGResult)


def parse_searxng(data: object, limit: int | None = None) -> list[SearchHit]:
    """SearchHits from a SearXNG JSON answer, in its order, duplicates (same URL) dropped.
    Entries that fail validation or whose URL is not http(s) are skipped."""
    results = data.get("results") if isinstance(data, dict) else None
    if not isinstance(results, list):
        return []
    hits: list[SearchHit] = []
    seen_urls: set[str] = set()
    for raw in results:
        try:
            result = _RESULT_ADAPTER.validate_python(raw)
        except ValidationError:
            continue
        url = result.url.strip()
        if not url.lower().startswith(("https://", "http://")) or url in seen_urls:
            continue
        seen_urls.add(url)
        title = " ".join(result.title.split()) or url
        snippet = " ".join((result.content or "").split())
        hits.append(SearchHit(title=title, url=url, snippet=snippet, source="searxng"))
        if limit is not None and len(hits) >= limit:
            break
    return hits


class SearXNG:
    """A SearXNG instance's JSON search API over an injected client (JSON output must be
    enabled in the instance's `search.formats`, else it answers 403)."""

    def __init__(self, client: AsyncClient, base_url: str, *, timeout_s: float = 10.0) -> None:
        base_url = base_url.strip().rstrip("/")
        if not base_url.lower().startswith(("https://", "http://")):
            raise ConfigError(
                f"SEARXNG_URL must be an http(s) URL such as http://localhost:8888, "
                f"got {base_url!r}"
            )
        self._client = client
        self._search_url = f"{base_url}/search"
        self._timeout_s = timeout_s

    async def search(self, query: str, limit: int = 5) -> list[SearchHit]:
        """Up to `limit` results. Raises `ProviderHTTPError` on an error status,
        `FetchTimeout` / `FetchError` on network trouble or a malformed body."""
        url = self._search_url
        try:
            async with asyncio.timeout(self._timeout_s):
                response = await self._client.get(
                    url,
                    params={"q": query, "format": "json"},
                    headers={"Accept": "application/json"},
                    timeout=self._timeout_s,
                )
        except TimeoutError as error:
            raise FetchTimeout("SearXNG did not answer in time", url=url) from error
        except (httpx.HTTPError, httpx.InvalidURL, httpx.StreamError) as error:
            raise FetchError(f"SearXNG request failed: {error!r}", url=url) from error
        if response.status_code != 200:
            raise ProviderHTTPError(response.status_code, response.text, url=url)
        try:
            data = json.loads(response.content)
        except ValueError as error:
            raise FetchError("SearXNG sent malformed JSON", url=url) from error
        if not isinstance(data, dict):
            raise FetchError("SearXNG sent an unexpected JSON shape", url=url)
        return parse_searxng(data, limit=max(1, limit))

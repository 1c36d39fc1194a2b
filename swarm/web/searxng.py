"""SearXNG client (opt-in, `SEARXNG_URL`): the user's own metasearch instance as SearchHits.

The instance is often on localhost, so its client is the unguarded one; results stay untrusted.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from swarm.errors import ConfigError, FetchError, MalformedResponse
from swarm.web.safe_http import get_json
from swarm.web.types import SearchHit
from swarm.web.urls import redact_url

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

__all__ = ["SearXNG", "SearXNGResult", "parse_searxng", "split_credentials"]


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


def split_credentials(base_url: str) -> tuple[str, str | None]:
    """`base_url` without its userinfo, and a Basic `Authorization` value for it (None when
    the URL has none). The bare URL is the only one that goes into errors and logs."""
    parts = urlsplit(base_url)
    if "@" not in parts.netloc:
        return base_url, None
    userinfo, _, hostport = parts.netloc.rpartition("@")
    user, _, password = userinfo.partition(":")
    token = base64.b64encode(f"{unquote(user)}:{unquote(password)}".encode()).decode("ascii")
    return urlunsplit(parts._replace(netloc=hostport)), f"Basic {token}"


# The instance's answer for one query is a few KB to a few hundred KB.
_DEFAULT_MAX_BYTES = 2 * 1024 * 1024


class SearXNG:
    """A SearXNG instance's JSON search API over an injected client (JSON output must be
    enabled in the instance's `search.formats`, else it answers 403).

    Credentials in `SEARXNG_URL` (`http://user:pass@host`) are sent as a Basic
    `Authorization` header and never appear in error messages or logs.
    """

    def __init__(
        self,
        client: AsyncClient,
        base_url: str,
        *,
        timeout_s: float = 10.0,
        max_bytes: int = _DEFAULT_MAX_BYTES,
    ) -> None:
        base_url = base_url.strip().rstrip("/")
        if not base_url.lower().startswith(("https://", "http://")):
            raise ConfigError(
                f"SEARXNG_URL must be an http(s) URL such as http://localhost:8888, "
                f"got {redact_url(base_url)!r}"
            )
        bare_url, self._authorization = split_credentials(base_url)
        self._client = client
        self._search_url = f"{bare_url}/search"
        self._timeout_s = timeout_s
        self._max_bytes = max_bytes

    async def search(self, query: str, limit: int = 5) -> list[SearchHit]:
        """Up to `limit` results. Raises `ProviderHTTPError` on an error status,
        `FetchTimeout` / `FetchError` on network trouble or a malformed body (the shared
        bounded reader `safe_http.get_json`, unvetted: the instance is often on localhost)."""
        url = self._search_url
        headers = {"Authorization": self._authorization} if self._authorization else {}
        try:
            data = await get_json(
                url,
                client=self._client,
                params={"q": query, "format": "json"},
                headers=headers,
                timeout_s=self._timeout_s,
                max_bytes=self._max_bytes,
                vet_url=False,
            )
        except FetchError as error:  # typed as safe_http raised it; the URL has no userinfo
            error.url = url
            raise
        if not isinstance(data, dict):
            raise MalformedResponse("SearXNG sent an unexpected JSON shape", url=url)
        return parse_searxng(data, limit=max(1, limit))

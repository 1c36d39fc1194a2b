"""Safe outside fetching: DNS vetting, vetted-IP connects, manual redirects, decoded-byte
caps and whole-fetch wall-clock deadlines (the pure policy is in `addresses`, bodies in `bodies`,
the connect-time guard in `transport`).

The steps, for every page fetch (`fetch`):

1. the URL must be plain `http(s)://host[:port]/...`: no userinfo, no backslashes, no odd IP
   spellings (decimal, hex, octal, short, fullwidth) — the host is a canonical dotted quad,
   a bracketed IPv6 literal or a valid DNS name, and httpx must read the same host and port;
2. the host's DNS answer (or the literal IP) must be entirely public (`is_public_ip`);
3. at connect time the guarded transport resolves again with the same resolver, vets every
   address again and connects the socket to a vetted IP (TLS SNI and Host stay the hostname),
   so DNS rebinding between the check and the connect reaches nothing;
4. redirects are followed by hand, each hop checked before it is requested;
5. the body is stream-read and cut at `max_bytes` of decoded bytes, decompressing with a
   bounded output size so a gzip bomb never expands in memory;
6. everything runs under one `asyncio.timeout` (httpx timeouts are per read: a slow drip
   never trips them).

Ports: any 1-65535 is allowed; the address policy, not the port, is the guard.
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from swarm.config import Settings, get_settings
from swarm.errors import (
    BlockedURL,
    FetchError,
    FetchTimeout,
    MalformedResponse,
    ProviderHTTPError,
    describe_error,
)
from swarm.web.addresses import (
    check_url_syntax,
)
from swarm.web.bodies import decode_text, read_capped
from swarm.web.transport import (
    GuardedTransport,
    Resolver,
    mapped_httpx_error,
    system_resolver,
    vetted_addresses,
)

__all__ = [
    "FetchedPage",
    "ProviderReply",
    "fetch",
    "get_json",
    "is_public_url",
    "make_client",
    "parse_json_reply",
    "provider_request",
]


async def _url_refusal(url: str, resolver: Resolver | None) -> FetchError | None:
    """Why `url` may not be fetched (BlockedURL: the guard refused it; HostNotFound: its
    name does not resolve), or None when it may. Never raises (TimeoutError aside)."""
    try:
        target = check_url_syntax(url)
        if target.ip is None:
            await vetted_addresses(target.host, target.port, resolver or system_resolver)
    except FetchError as exc:
        exc.url = exc.url or url
        return exc
    except TimeoutError:
        raise
    except Exception as exc:  # anything odd: refuse, never raise
        return BlockedURL(f"cannot vet URL: {describe_error(exc)}", url=url)
    return None


# Used when no timeout is given and the settings can't be read (a broken environment).
_DEFAULT_VET_TIMEOUT_S = 5.0


async def is_public_url(
    url: str, *, resolver: Resolver | None = None, timeout_s: float | None = None
) -> bool:
    """True when `url` passes the syntax checks and its host resolves only to public
    addresses within `timeout_s` (default `settings.fetch_timeout_s`, else 5 s).
    Never raises: a resolver error or timeout means False."""
    if timeout_s is None:
        try:
            timeout_s = get_settings().fetch_timeout_s
        except Exception:  # a bad setting must not turn "never raises" into a raise
            timeout_s = _DEFAULT_VET_TIMEOUT_S
    try:
        async with asyncio.timeout(timeout_s):
            return await _url_refusal(url, resolver) is None
    except TimeoutError:
        return False


# --- the client ----------------------------------------------------------------------------


# The resolver each client was made with, so `fetch` pre-checks with the same one.
_CLIENT_RESOLVERS: weakref.WeakKeyDictionary[httpx.AsyncClient, Resolver] = (
    weakref.WeakKeyDictionary()
)


def make_client(
    settings: Settings | None = None,
    *,
    resolver: Resolver | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
    guarded: bool = True,
) -> httpx.AsyncClient:
    """The one way to build an HTTP client: no proxies from the environment, no automatic
    redirects, a wall-clock-friendly timeout, the configured User-Agent, and (guarded) every
    connect vetted. `guarded=False` is for the user's own services (SearXNG on localhost);
    `transport=` is for tests."""
    settings = settings or get_settings()
    if transport is None and guarded:
        transport = GuardedTransport(resolver=resolver)
    elif resolver is None and isinstance(transport, GuardedTransport):
        resolver = transport.resolver  # `fetch` pre-checks with the one the connects use
    client = httpx.AsyncClient(
        transport=transport,
        trust_env=False,
        follow_redirects=False,
        timeout=httpx.Timeout(settings.fetch_timeout_s, connect=5.0),
        # Only encodings we can decompress with a bounded output size (no br / zstd).
        headers={"User-Agent": settings.user_agent, "Accept-Encoding": "gzip, deflate"},
    )
    if resolver is not None:
        _CLIENT_RESOLVERS[client] = resolver
    return client


# --- fetching -------------------------------------------------------------------------------


_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_CREDENTIAL_HEADERS = frozenset({"authorization", "cookie", "proxy-authorization"})


@dataclass(frozen=True)
class FetchedPage:
    """A fetched body decoded to text; `truncated` when the byte cap cut it."""

    url: str
    final_url: str
    status_code: int
    content_type: str
    text: str
    truncated: bool


def _same_origin(a: httpx.URL, b: httpx.URL) -> bool:
    return (a.scheme, a.host, a.port) == (b.scheme, b.host, b.port)


async def fetch(
    url: str,
    *,
    client: httpx.AsyncClient,
    settings: Settings | None = None,
    timeout_s: float | None = None,
    max_bytes: int | None = None,
    resolver: Resolver | None = None,
    max_redirects: int | None = None,
    headers: Mapping[str, str] | None = None,
) -> FetchedPage:
    """GET `url` as text, checking it and every redirect hop before it is requested.

    Raises BlockedURL (guard refused a URL or hop), HostNotFound (a name did not resolve),
    ConnectionRefused / ConnectFailed, FetchTimeout (the whole chain outran `timeout_s`),
    ProviderHTTPError (status ≥ 400), MalformedResponse (corrupt compression) or FetchError.
    """
    settings = settings or get_settings()
    timeout_s = settings.fetch_timeout_s if timeout_s is None else timeout_s
    max_bytes = settings.max_fetch_bytes if max_bytes is None else max_bytes
    max_redirects = settings.max_redirects if max_redirects is None else max_redirects
    resolver = resolver or _CLIENT_RESOLVERS.get(client) or system_resolver
    try:
        async with asyncio.timeout(timeout_s):
            return await _fetch_chain(
                url, client, max_bytes, resolver, max_redirects, dict(headers or {})
            )
    except TimeoutError as exc:
        raise FetchTimeout(f"fetch exceeded {timeout_s} s", url=url) from exc
    except FetchError as exc:  # the guard, the resolver or the body decoder
        exc.url = exc.url or url
        raise
    except (httpx.HTTPError, httpx.InvalidURL, httpx.StreamError) as exc:
        raise mapped_httpx_error(exc, url, "fetch") from exc


async def _fetch_chain(
    url: str,
    client: httpx.AsyncClient,
    max_bytes: int,
    resolver: Resolver,
    max_redirects: int,
    headers: dict[str, str],
) -> FetchedPage:
    current = url
    for _hop in range(max_redirects + 1):
        refusal = await _url_refusal(current, resolver)
        if refusal is not None:
            raise refusal
        async with client.stream("GET", current, headers=headers) as response:
            location = response.headers.get("location")
            if response.status_code in _REDIRECT_STATUSES and location:
                next_url = response.url.join(location)
                if not _same_origin(response.url, next_url):  # never leak credentials
                    headers = {
                        k: v for k, v in headers.items() if k.lower() not in _CREDENTIAL_HEADERS
                    }
                current = str(next_url)
                continue
            body, truncated = await read_capped(response, max_bytes)
            text = decode_text(body, response)
            if response.status_code >= 400:
                raise ProviderHTTPError(response.status_code, text[:500], url=current)
            return FetchedPage(
                url=url,
                final_url=str(response.url),
                status_code=response.status_code,
                content_type=response.headers.get("content-type", ""),
                text=text,
                truncated=truncated,
            )
    raise FetchError(f"too many redirects (more than {max_redirects})", url=url)


@dataclass(frozen=True)
class ProviderReply:
    """A provider API's answer, read through the same bounded stream as `fetch`: the status,
    at most `max_bytes` of decoded body (and its text), and whether the cap cut it."""

    url: str
    status_code: int
    content_type: str
    body: bytes
    text: str
    truncated: bool


def _timeout_and_cap(
    settings: Settings | None, timeout_s: float | None, max_bytes: int | None
) -> tuple[float, int]:
    if timeout_s is None or max_bytes is None:  # only read settings when a default is needed
        settings = settings or get_settings()
        timeout_s = settings.fetch_timeout_s if timeout_s is None else timeout_s
        max_bytes = 4 * settings.max_fetch_bytes if max_bytes is None else max_bytes
    return timeout_s, max_bytes


async def provider_request(
    url: str,
    *,
    client: httpx.AsyncClient,
    method: str = "GET",
    params: Mapping[str, str | int | float] | None = None,
    headers: Mapping[str, str] | None = None,
    json_body: Any = None,
    form: Mapping[str, str] | None = None,
    timeout_s: float | None = None,
    max_bytes: int | None = None,
    settings: Settings | None = None,
    vet_url: bool = True,
) -> ProviderReply:
    """One request to a provider API (a fixed host, or the user's own SearXNG with
    `vet_url=False` on the unguarded client), its body stream-read and capped.

    No redirects are followed and no status is judged here (callers decide what 202 or 404
    means). The whole exchange runs under one `asyncio.timeout(timeout_s)`. Raises BlockedURL
    (URL refused by `check_url_syntax`), FetchTimeout or FetchError.
    """
    timeout_s, max_bytes = _timeout_and_cap(settings, timeout_s, max_bytes)
    try:
        if vet_url:
            check_url_syntax(url)
        async with asyncio.timeout(timeout_s):
            async with client.stream(
                method,
                url,
                params=params,
                headers=dict(headers or {}),
                json=json_body,
                data=form,
                timeout=timeout_s,
            ) as response:
                body, truncated = await read_capped(response, max_bytes)
                text = decode_text(body, response)
    except TimeoutError as exc:
        raise FetchTimeout(f"request exceeded {timeout_s} s", url=url) from exc
    except FetchError as exc:  # from the guarded transport or the body decoder
        exc.url = exc.url or url
        raise
    except (httpx.HTTPError, httpx.InvalidURL, httpx.StreamError) as exc:
        raise mapped_httpx_error(exc, url, "request") from exc
    return ProviderReply(
        url=url,
        status_code=response.status_code,
        content_type=response.headers.get("content-type", ""),
        body=body,
        text=text,
        truncated=truncated,
    )


def parse_json_reply(reply: ProviderReply) -> Any:
    """The JSON document of a successful reply. Raises ProviderHTTPError for a status ≥ 300
    (3xx included: redirects are not followed), MalformedResponse for a cut or malformed
    body."""
    if reply.status_code >= 300:
        raise ProviderHTTPError(reply.status_code, reply.text[:500], url=reply.url)
    if reply.truncated:
        raise MalformedResponse(f"JSON body larger than {len(reply.body)} bytes", url=reply.url)
    try:
        return json.loads(reply.body)
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
        raise MalformedResponse(f"invalid JSON: {exc}", url=reply.url) from exc


async def get_json(
    url: str,
    *,
    client: httpx.AsyncClient,
    params: Mapping[str, str | int | float] | None = None,
    timeout_s: float | None = None,
    headers: Mapping[str, str] | None = None,
    settings: Settings | None = None,
    max_bytes: int | None = None,
    method: str = "GET",
    json_body: Any = None,
    vet_url: bool = True,
) -> Any:
    """Call a provider API (a fixed public host) and parse its JSON body: the one JSON
    reader every provider uses (Brave, Wikipedia, SearXNG, Gemini REST).

    Same discipline as `fetch`: syntax-checked URL (unless `vet_url=False`, for the user's
    own SearXNG on the unguarded client), one wall-clock timeout, a decoded-byte cap (a cut
    body is an error, not half a document). Redirects are not followed (3xx is a
    ProviderHTTPError); the guarded client still vets every connect. Raises the FetchError
    family.
    """
    reply = await provider_request(
        url,
        client=client,
        method=method,
        params=params,
        headers={"Accept": "application/json", **(headers or {})},
        json_body=json_body,
        timeout_s=timeout_s,
        max_bytes=max_bytes,
        settings=settings,
        vet_url=vet_url,
    )
    return parse_json_reply(reply)

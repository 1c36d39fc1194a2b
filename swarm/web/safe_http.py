"""Safe outside fetching: the SSRF address policy, strict URL checks, vetted-IP connects,
manual redirects, decoded-byte caps and whole-fetch wall-clock deadlines.

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
import codecs
import ipaddress
import json
import re
import socket
import weakref
import zlib
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network
from typing import Any
from urllib.parse import urlsplit

import httpcore
import httpx
import idna

from swarm.config import Settings, get_settings
from swarm.errors import BlockedURL, FetchError, FetchTimeout, ProviderHTTPError

__all__ = [
    "AddressPolicy",
    "FetchedPage",
    "GuardedTransport",
    "Resolver",
    "UrlTarget",
    "VettingBackend",
    "check_url_syntax",
    "fetch",
    "get_json",
    "is_public_ip",
    "is_public_url",
    "make_client",
    "static_resolver",
    "system_resolver",
]

Resolver = Callable[[str, int], Awaitable[list[str]]]
IPAddress = IPv4Address | IPv6Address
AddressPolicy = Callable[[IPAddress], bool]

# --- the address policy ------------------------------------------------------------------

# `is_global` on Python 3.11 still calls multicast, 192.0.0.0/24 hosts, NAT64, 6to4, fec0::
# and ::a.b.c.d "global"; these lists close every such gap explicitly.
_BLOCKED_V4 = tuple(
    IPv4Network(net)
    for net in (
        "0.0.0.0/8",  # "this" network
        "100.64.0.0/10",  # CGNAT (Alibaba metadata 100.100.100.200 lives here)
        "192.0.0.0/24",  # IETF protocol assignments
        "192.0.2.0/24",  # TEST-NET-1
        "192.88.99.0/24",  # 6to4 relay anycast (deprecated)
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",  # TEST-NET-2
        "203.0.113.0/24",  # TEST-NET-3
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, includes 255.255.255.255
    )
)
_BLOCKED_V6 = tuple(
    IPv6Network(net)
    for net in (
        "::/96",  # unspecified, loopback and IPv4-compatible ::a.b.c.d
        "::ffff:0:0:0/96",  # IPv4-translated (RFC 2765)
        "64:ff9b::/96",  # NAT64 well-known prefix: embeds any IPv4, e.g. 127.0.0.1
        "64:ff9b:1::/48",  # NAT64 local-use prefix
        "100::/64",  # discard
        "2001::/23",  # IETF protocol assignments, includes Teredo 2001::/32
        "2001:db8::/32",  # documentation
        "2002::/16",  # 6to4: embeds any IPv4
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "fec0::/10",  # site-local (deprecated, still routed by some stacks)
        "ff00::/8",  # multicast
    )
)


def _parse_ip(address: str | IPAddress) -> IPAddress | None:
    if isinstance(address, IPv4Address | IPv6Address):
        return address
    try:
        return ipaddress.ip_address(address.strip())
    except ValueError:
        return None


def is_public_ip(address: str | IPv4Address | IPv6Address) -> bool:
    """True when `address` is a globally routable unicast address we may connect to.

    IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is judged as its IPv4. Anything unparseable is False.
    """
    ip = _parse_ip(address)
    if ip is None:
        return False
    if isinstance(ip, IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if isinstance(ip, IPv4Address):
        return ip.is_global and not ip.is_multicast and not any(ip in n for n in _BLOCKED_V4)
    if ip.scope_id is not None:  # a zone index only makes sense for link-local
        return False
    return (
        ip.is_global
        and not ip.is_multicast
        and not ip.is_reserved
        and not any(ip in n for n in _BLOCKED_V6)
    )


# --- URL syntax -----------------------------------------------------------------------------

_MAX_URL_CHARS = 8192
_DNS_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
_DOTTED_QUAD = re.compile(rf"{_OCTET}(?:\.{_OCTET}){{3}}")
# A last label like these makes inet_aton / WHATWG parsers read the whole host as an IPv4
# (`127.1`, `2130706433`, `0x7f.1`, `0x7f000001`, `0177.0.0.1`).
_NUMERIC_LABEL = re.compile(r"[0-9]+|0x[0-9a-f]*")
_HOST_PORT = re.compile(r"(?P<host>[^:\[\]]*)(?::(?P<port>[0-9]{1,5}))?")
_IPV6_PORT = re.compile(r"\[(?P<host>[0-9a-fA-F:.]+)\](?::(?P<port>[0-9]{1,5}))?")
_FORBIDDEN_CHARS = re.compile(r"[\x00-\x20\x7f\\]")
_DEFAULT_PORTS = {"http": 80, "https": 443}


@dataclass(frozen=True)
class UrlTarget:
    """What a checked URL connects to: scheme, ASCII host (IPv6 without brackets), port."""

    scheme: str
    host: str
    port: int
    ip: IPAddress | None


def _normalise_hostname(raw_host: str) -> str:
    """The ASCII DNS name for `raw_host`, or BlockedURL when it isn't a plain DNS name."""
    if not raw_host:
        raise BlockedURL("empty host")
    if raw_host.isascii():
        host = raw_host.lower()
    else:
        try:  # UTS 46 applies NFKC and maps fullwidth digits and ideographic dots
            host = idna.encode(raw_host, uts46=True).decode("ascii")
        except (idna.IDNAError, UnicodeError, ValueError) as exc:
            raise BlockedURL(f"invalid internationalised host {raw_host!r}") from exc
        if _DOTTED_QUAD.fullmatch(host.rstrip(".")):
            raise BlockedURL(f"IP address spelled with non-ASCII characters: {raw_host!r}")
    if _DOTTED_QUAD.fullmatch(host):
        return host
    labels = host[:-1].split(".") if host.endswith(".") else host.split(".")
    if len(host) > 253 or not all(_DNS_LABEL.fullmatch(label) for label in labels):
        raise BlockedURL(f"host is not a valid DNS name or canonical IP: {raw_host!r}")
    if _NUMERIC_LABEL.fullmatch(labels[-1]):
        raise BlockedURL(f"odd IP address spelling: {raw_host!r}")
    if len(labels) < 2:  # single-label names resolve through search domains (intranet)
        raise BlockedURL(f"single-label host: {raw_host!r}")
    return host


def check_url_syntax(url: str) -> UrlTarget:
    """The scheme, host and port of `url`, or BlockedURL naming why it is refused.

    Pure: no DNS. A literal IP host must pass `is_public_ip`.
    """
    if not isinstance(url, str) or len(url) > _MAX_URL_CHARS:
        raise BlockedURL("not a URL string of sane length")
    if _FORBIDDEN_CHARS.search(url):
        raise BlockedURL("whitespace, control character or backslash in URL", url=url)
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        raise BlockedURL(f"unparseable URL: {exc}", url=url) from exc
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS:
        raise BlockedURL(f"scheme {scheme or '(none)'!r} is not http(s)", url=url)
    netloc = parts.netloc
    if "@" in netloc:
        raise BlockedURL("userinfo in URL", url=url)
    ip: IPAddress | None
    if netloc.startswith("["):
        match = _IPV6_PORT.fullmatch(netloc)
        ip = _parse_ip(match["host"]) if match else None
        if match is None or not isinstance(ip, IPv6Address):
            raise BlockedURL("malformed IPv6 literal", url=url)
        host = str(ip)
    else:
        match = _HOST_PORT.fullmatch(netloc)
        if match is None:
            raise BlockedURL("malformed host or port", url=url)
        host = _normalise_hostname(match["host"])
        ip = IPv4Address(host) if _DOTTED_QUAD.fullmatch(host) else None
    port = int(match["port"]) if match["port"] else _DEFAULT_PORTS[scheme]
    if not 1 <= port <= 65535:
        raise BlockedURL(f"port {port} out of range", url=url)
    if ip is not None and not is_public_ip(ip):
        raise BlockedURL(f"non-public address {ip}", url=url)
    _agree_with_httpx(url, scheme, host, port, ip)
    return UrlTarget(scheme=scheme, host=host, port=port, ip=ip)


def _agree_with_httpx(url: str, scheme: str, host: str, port: int, ip: IPAddress | None) -> None:
    """Refuse a URL that httpx (which makes the request) would read differently."""
    try:
        parsed = httpx.URL(url)
        raw_host = parsed.raw_host.decode("ascii").lower()
    except (httpx.InvalidURL, UnicodeError, ValueError) as exc:
        raise BlockedURL(f"httpx cannot parse URL: {exc}", url=url) from exc
    same_host = _parse_ip(raw_host) == ip if ip is not None else raw_host == host
    same = (
        parsed.scheme == scheme
        and not parsed.userinfo
        and same_host
        and (parsed.port or _DEFAULT_PORTS[scheme]) == port
    )
    if not same:
        raise BlockedURL("URL parsers disagree about its host", url=url)


# --- DNS ------------------------------------------------------------------------------------


async def system_resolver(host: str, port: int) -> list[str]:
    """The host's TCP addresses from the system resolver, deduplicated in answer order."""
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def static_resolver(answers: Mapping[str, Sequence[str]]) -> Resolver:
    """A resolver answering from a fixed table (tests, pinned hosts); unknown → error."""

    async def resolve(host: str, port: int) -> list[str]:
        key = host.lower().rstrip(".")
        if key not in answers:
            raise OSError(f"static_resolver: no answer for {host!r}")
        return list(answers[key])

    return resolve


async def _vetted_addresses(
    host: str, port: int, resolver: Resolver, is_allowed: AddressPolicy = is_public_ip
) -> list[str]:
    """All addresses for host (a literal IP stands for itself), or BlockedURL when ANY of
    them is refused or there are none — one private answer poisons the whole lookup."""
    literal = _parse_ip(host)
    addresses = [host] if literal is not None else await resolver(host, port)
    if not addresses:
        raise BlockedURL(f"no address for {host!r}")
    for address in addresses:
        ip = _parse_ip(address)
        if ip is None or not is_allowed(ip):
            raise BlockedURL(f"{host!r} resolves to non-public address {address!r}")
    return addresses


async def _url_refusal(url: str, resolver: Resolver | None) -> BlockedURL | None:
    try:
        target = check_url_syntax(url)
        if target.ip is None:
            await _vetted_addresses(target.host, target.port, resolver or system_resolver)
    except BlockedURL as exc:
        exc.url = exc.url or url
        return exc
    except Exception as exc:  # resolver failures and anything odd: refuse, never raise
        return BlockedURL(f"cannot vet URL: {type(exc).__name__}: {exc}", url=url)
    return None


async def is_public_url(url: str, *, resolver: Resolver | None = None) -> bool:
    """True when `url` passes the syntax checks and its host resolves only to public
    addresses. Never raises: a resolver error or timeout means False."""
    return await _url_refusal(url, resolver) is None


# --- connect-time vetting -------------------------------------------------------------------


class VettingBackend(httpcore.AsyncNetworkBackend):
    """An httpcore network backend that resolves each host itself, refuses the connect when
    any answer is non-public, and opens the socket to a vetted IP (never to the name)."""

    def __init__(
        self,
        resolver: Resolver | None = None,
        *,
        delegate: httpcore.AsyncNetworkBackend | None = None,
        is_allowed: AddressPolicy = is_public_ip,
    ) -> None:
        self.resolver = resolver or system_resolver
        self._delegate = delegate or httpcore.AnyIOBackend()
        self._is_allowed = is_allowed

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        try:
            async with asyncio.timeout(timeout):
                addresses = await _vetted_addresses(host, port, self.resolver, self._is_allowed)
        except TimeoutError as exc:
            raise httpcore.ConnectTimeout(f"DNS lookup of {host!r} timed out") from exc
        except BlockedURL:
            raise
        except Exception as exc:
            raise httpcore.ConnectError(f"DNS lookup of {host!r} failed: {exc}") from exc
        last_error: Exception | None = None
        for address in addresses:  # TLS SNI and Host stay the name: httpcore sets them
            try:
                return await self._delegate.connect_tcp(
                    address,
                    port,
                    timeout=timeout,
                    local_address=local_address,
                    socket_options=socket_options,
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                last_error = exc
        assert last_error is not None  # addresses is never empty
        raise last_error

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise BlockedURL("unix sockets are not reachable through the guarded client")

    async def sleep(self, seconds: float) -> None:
        await self._delegate.sleep(seconds)


class GuardedTransport(httpx.AsyncHTTPTransport):
    """httpx's own transport (request/response mapping, error mapping) over a connection
    pool whose network backend is a `VettingBackend`."""

    def __init__(
        self,
        *,
        resolver: Resolver | None = None,
        network_backend: httpcore.AsyncNetworkBackend | None = None,
        is_allowed: AddressPolicy = is_public_ip,
        limits: httpx.Limits | None = None,
    ) -> None:
        limits = limits or httpx.Limits(max_connections=20, max_keepalive_connections=10)
        ssl_context = httpx.create_ssl_context(trust_env=False)
        super().__init__(verify=ssl_context, trust_env=False, limits=limits)
        self.resolver = resolver or system_resolver
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=ssl_context,
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=VettingBackend(
                self.resolver, delegate=network_backend, is_allowed=is_allowed
            ),
        )


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


class _BoundedDecoder:
    """Content-Encoding decoding whose output per chunk is capped (httpx's decoders inflate
    a whole chunk at once: a 5 KB gzip chunk of zeros becomes 5 MB in memory)."""

    def __init__(self, content_encoding: str) -> None:
        encoding = content_encoding.strip().lower()
        self._raw_deflate_fallback = encoding == "deflate"
        self._inflater: Any = None
        if encoding in ("gzip", "x-gzip"):
            self._inflater = zlib.decompressobj(zlib.MAX_WBITS | 16)
        elif encoding == "deflate":
            self._inflater = zlib.decompressobj()
        elif encoding not in ("", "identity"):
            raise FetchError(f"unsupported content-encoding {encoding!r}")

    def decode(self, data: bytes, max_out: int) -> bytes:
        if self._inflater is None:
            return data
        try:
            out: bytes = self._inflater.decompress(data, max_out)
        except zlib.error as exc:
            if not self._raw_deflate_fallback:
                raise FetchError(f"corrupt compressed body: {exc}") from exc
            self._raw_deflate_fallback = False  # servers often send raw deflate
            self._inflater = zlib.decompressobj(-zlib.MAX_WBITS)
            return self.decode(data, max_out)
        self._raw_deflate_fallback = False
        return out

    def flush(self) -> bytes:
        return bytes(self._inflater.flush()) if self._inflater is not None else b""


async def _read_capped(response: httpx.Response, max_bytes: int) -> tuple[bytes, bool]:
    """At most max_bytes of decoded body, and whether more was there."""
    try:  # responses built in memory (MockTransport) arrive already read and decoded
        preloaded: bytes | None = response.content
    except httpx.ResponseNotRead:
        preloaded = None
    if preloaded is not None:
        return preloaded[:max_bytes], len(preloaded) > max_bytes
    decoder = _BoundedDecoder(response.headers.get("content-encoding", ""))
    body = bytearray()
    async for raw_chunk in response.aiter_raw():
        body += decoder.decode(raw_chunk, max_bytes - len(body) + 1)
        if len(body) > max_bytes:
            return bytes(body[:max_bytes]), True
    body += decoder.flush()
    return bytes(body[:max_bytes]), len(body) > max_bytes


_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.I)


def _decode_text(body: bytes, response: httpx.Response) -> str:
    if body.startswith(codecs.BOM_UTF8):
        return body[len(codecs.BOM_UTF8) :].decode("utf-8", errors="replace")
    encoding = response.charset_encoding
    if encoding is None:
        meta = _META_CHARSET.search(body[:4096])
        encoding = meta.group(1).decode("ascii") if meta else "utf-8"
    try:
        codecs.lookup(encoding)
    except LookupError:
        encoding = "utf-8"
    return body.decode(encoding, errors="replace")


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

    Raises BlockedURL (guard refused a URL or hop), FetchTimeout (the whole chain outran
    `timeout_s`), ProviderHTTPError (status ≥ 400) or FetchError (anything else).
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
    except httpx.TimeoutException as exc:
        raise FetchTimeout(f"fetch timed out: {exc}", url=url) from exc
    except (httpx.HTTPError, httpx.InvalidURL, httpx.StreamError) as exc:
        raise FetchError(f"fetch failed: {type(exc).__name__}: {exc}", url=url) from exc


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
            body, truncated = await _read_capped(response, max_bytes)
            text = _decode_text(body, response)
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


async def get_json(
    url: str,
    *,
    client: httpx.AsyncClient,
    params: Mapping[str, str | int | float] | None = None,
    timeout_s: float | None = None,
    headers: Mapping[str, str] | None = None,
    settings: Settings | None = None,
    max_bytes: int | None = None,
) -> Any:
    """GET a provider API (a fixed public host) and parse its JSON body.

    Same discipline as `fetch`: syntax-checked URL, one wall-clock timeout, a decoded-byte
    cap (a cut body is an error, not half a document). Redirects are not followed (3xx is a
    ProviderHTTPError); the guarded client still vets every connect. Raises the FetchError
    family.
    """
    settings = settings or get_settings()
    timeout_s = settings.fetch_timeout_s if timeout_s is None else timeout_s
    max_bytes = 4 * settings.max_fetch_bytes if max_bytes is None else max_bytes
    request_headers = {"Accept": "application/json", **(headers or {})}
    try:
        check_url_syntax(url)
        async with asyncio.timeout(timeout_s):
            async with client.stream(
                "GET", url, params=params, headers=request_headers
            ) as response:
                body, truncated = await _read_capped(response, max_bytes)
                if response.status_code >= 300:
                    text = _decode_text(body, response)
                    raise ProviderHTTPError(response.status_code, text[:500], url=url)
    except TimeoutError as exc:
        raise FetchTimeout(f"request exceeded {timeout_s} s", url=url) from exc
    except httpx.TimeoutException as exc:
        raise FetchTimeout(f"request timed out: {exc}", url=url) from exc
    except (httpx.HTTPError, httpx.InvalidURL, httpx.StreamError) as exc:
        raise FetchError(f"request failed: {type(exc).__name__}: {exc}", url=url) from exc
    if truncated:
        raise FetchError(f"JSON body larger than {max_bytes} bytes", url=url)
    try:
        return json.loads(body)
    except ValueError as exc:
        raise FetchError(f"invalid JSON: {exc}", url=url) from exc

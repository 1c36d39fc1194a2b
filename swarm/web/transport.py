"""The connect-time guard: resolvers, DNS vetting, and the httpcore network backend and httpx
transport that connect only to vetted public addresses (step 3 of `safe_http`'s steps).

The guarded transport resolves with the same resolver the pre-check used, vets every address
again and connects the socket to a vetted IP (TLS SNI and Host stay the hostname), so DNS
rebinding between the check and the connect reaches nothing.
"""

from __future__ import annotations

import asyncio
import errno
import socket
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence

import httpcore
import httpx

from swarm.errors import (
    BlockedURL,
    ConnectFailed,
    ConnectionRefused,
    FetchError,
    FetchTimeout,
    HostNotFound,
)
from swarm.web.addresses import AddressPolicy, is_public_ip, parse_ip

__all__ = [
    "GuardedTransport",
    "Resolver",
    "VettingBackend",
    "mapped_httpx_error",
    "static_resolver",
    "system_resolver",
    "vetted_addresses",
]

Resolver = Callable[[str, int], Awaitable[list[str]]]

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


async def _resolved(host: str, port: int, resolver: Resolver) -> list[str]:
    """The resolver's answer, or HostNotFound when it fails or is empty (a DNS failure is
    not a guard refusal: nothing was refused, the name just did not resolve)."""
    try:
        addresses = await resolver(host, port)
    except TimeoutError:
        raise
    except Exception as exc:  # socket.gaierror from getaddrinfo, or any resolver's error
        detail = " ".join(str(exc).split())[:160] or type(exc).__name__
        raise HostNotFound(f"could not resolve {host!r}: {detail}", host=host) from exc
    if not addresses:
        raise HostNotFound(f"no address for {host!r}", host=host)
    return list(addresses)


async def vetted_addresses(
    host: str, port: int, resolver: Resolver, is_allowed: AddressPolicy = is_public_ip
) -> list[str]:
    """All addresses for host (a literal IP stands for itself), or BlockedURL when ANY of
    them is refused — one private answer poisons the whole lookup. HostNotFound when the
    name does not resolve."""
    literal = parse_ip(host)
    addresses = [host] if literal is not None else await _resolved(host, port, resolver)
    for address in addresses:
        ip = parse_ip(address)
        if ip is None or not is_allowed(ip):
            raise BlockedURL(f"{host!r} resolves to non-public address {address!r}", host=host)
    return addresses


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
                addresses = await vetted_addresses(host, port, self.resolver, self._is_allowed)
        except TimeoutError as exc:
            raise httpcore.ConnectTimeout(f"DNS lookup of {host!r} timed out") from exc
        # BlockedURL and HostNotFound pass through httpx untouched (they are not httpcore
        # errors), so the caller learns which of the two it was.
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


# --- what a failed request means ----------------------------------------------------------


def _causes(error: BaseException) -> Iterator[BaseException]:
    """`error` and everything it was raised from (causes, contexts, group members)."""
    seen: set[int] = set()
    stack = [error]
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        if isinstance(current, BaseExceptionGroup):
            stack.extend(current.exceptions)
        for linked in (current.__cause__, current.__context__):
            if linked is not None:
                stack.append(linked)


def _is_refusal(error: BaseException) -> bool:
    return any(
        isinstance(cause, ConnectionRefusedError)
        or (isinstance(cause, OSError) and cause.errno == errno.ECONNREFUSED)
        for cause in _causes(error)
    )


def mapped_httpx_error(error: Exception, url: str, what: str) -> FetchError:
    """The FetchError leaf for an httpx error: a timeout, a refused or failed connect (read
    off the OSError httpcore raised from), or a plain FetchError for the rest."""
    detail = f"{type(error).__name__}: {' '.join(str(error).split())[:200]}"
    if isinstance(error, httpx.TimeoutException):
        return FetchTimeout(f"{what} timed out ({detail})", url=url)
    if isinstance(error, httpx.ConnectError):
        if any(isinstance(cause, socket.gaierror) for cause in _causes(error)):
            # The unguarded client (the user's SearXNG) resolves inside httpcore.
            return HostNotFound(f"{what} failed: could not resolve host ({detail})", url=url)
        if _is_refusal(error):
            return ConnectionRefused(f"{what} failed: connection refused ({detail})", url=url)
        return ConnectFailed(f"{what} failed: could not connect ({detail})", url=url)
    return FetchError(f"{what} failed: {detail}", url=url)

"""The outside-address policy, pure: which IPs are public (`is_public_ip`) and which URLs are
plain enough to vet (`check_url_syntax`: canonical host, no odd IP spellings, httpx agrees).

No I/O here: `safe_http` resolves names and connects; this module only judges addresses and
URL text.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from dataclasses import dataclass
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network
from urllib.parse import urlsplit

import httpx
import idna

from swarm.errors import BlockedURL

__all__ = [
    "AddressPolicy",
    "IPAddress",
    "UrlTarget",
    "check_url_syntax",
    "is_public_ip",
    "parse_ip",
]

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
        "3fff::/20",  # documentation (RFC 9637); Python 3.11 calls it global
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "fec0::/10",  # site-local (deprecated, still routed by some stacks)
        "ff00::/8",  # multicast
    )
)


def parse_ip(address: str | IPAddress) -> IPAddress | None:
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
    ip = parse_ip(address)
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
        ip = parse_ip(match["host"]) if match else None
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
    same_host = parse_ip(raw_host) == ip if ip is not None else raw_host == host
    same = (
        parsed.scheme == scheme
        and not parsed.userinfo
        and same_host
        and (parsed.port or _DEFAULT_PORTS[scheme]) == port
    )
    if not same:
        raise BlockedURL("URL parsers disagree about its host", url=url)

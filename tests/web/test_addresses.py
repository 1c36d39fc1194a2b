"""The address policy (swarm/web/addresses.py): which IPs are public, URL syntax checks."""

from __future__ import annotations

from ipaddress import IPv4Address, IPv6Address

import pytest
from guarded_http import PUBLIC_V4, PUBLIC_V6, URL_CASES
from hypothesis import given
from hypothesis import strategies as st

from swarm.errors import (
    BlockedURL,
)
from swarm.web.addresses import check_url_syntax, is_public_ip

# --- the address policy --------------------------------------------------------------------

IP_CASES = [
    # IPv4 special-purpose ranges
    pytest.param("127.0.0.1", False, id="v4-loopback"),
    pytest.param("127.255.255.254", False, id="v4-loopback-high"),
    pytest.param("10.0.0.1", False, id="v4-rfc1918-10"),
    pytest.param("172.16.0.1", False, id="v4-rfc1918-172.16"),
    pytest.param("172.31.255.255", False, id="v4-rfc1918-172.31"),
    pytest.param("192.168.1.1", False, id="v4-rfc1918-192.168"),
    pytest.param("169.254.169.254", False, id="v4-cloud-metadata"),
    pytest.param("169.254.0.1", False, id="v4-link-local"),
    pytest.param("100.64.0.1", False, id="v4-cgnat"),
    pytest.param("100.100.100.200", False, id="v4-alibaba-metadata-cgnat"),
    pytest.param("0.0.0.0", False, id="v4-unspecified"),
    pytest.param("0.1.2.3", False, id="v4-this-network"),
    pytest.param("224.0.0.1", False, id="v4-multicast"),
    pytest.param("239.255.255.250", False, id="v4-multicast-ssdp"),
    pytest.param("255.255.255.255", False, id="v4-broadcast"),
    pytest.param("240.0.0.1", False, id="v4-reserved"),
    pytest.param("192.0.0.9", False, id="v4-ietf-assignments"),
    pytest.param("192.0.2.1", False, id="v4-test-net-1"),
    pytest.param("198.18.0.1", False, id="v4-benchmarking"),
    pytest.param("198.51.100.7", False, id="v4-test-net-2"),
    pytest.param("203.0.113.9", False, id="v4-test-net-3"),
    pytest.param("192.88.99.1", False, id="v4-6to4-relay"),
    # IPv6 special-purpose ranges
    pytest.param("::1", False, id="v6-loopback"),
    pytest.param("::", False, id="v6-unspecified"),
    pytest.param("fe80::1", False, id="v6-link-local"),
    pytest.param("fe80::1%eth0", False, id="v6-link-local-scoped"),
    pytest.param("fc00::1", False, id="v6-unique-local-fc"),
    pytest.param("fd00:ec2::254", False, id="v6-aws-metadata-ula"),
    pytest.param("ff02::1", False, id="v6-multicast-link"),
    pytest.param("ff0e::1", False, id="v6-multicast-global"),
    pytest.param("fec0::1", False, id="v6-site-local"),
    pytest.param("::ffff:127.0.0.1", False, id="v6-mapped-loopback"),
    pytest.param("::ffff:7f00:1", False, id="v6-mapped-loopback-hex"),
    pytest.param("::ffff:169.254.169.254", False, id="v6-mapped-metadata"),
    pytest.param("::ffff:100.64.0.1", False, id="v6-mapped-cgnat"),
    pytest.param("::ffff:0:7f00:1", False, id="v6-ipv4-translated"),
    pytest.param("::127.0.0.1", False, id="v6-ipv4-compatible"),
    pytest.param("64:ff9b::7f00:1", False, id="v6-nat64-loopback"),
    pytest.param("64:ff9b::101:101", False, id="v6-nat64-even-public"),
    pytest.param("64:ff9b:1::a9fe:a9fe", False, id="v6-nat64-local-use"),
    pytest.param("2002:7f00:1::", False, id="v6-6to4-loopback"),
    pytest.param("2002:a9fe:a9fe::1", False, id="v6-6to4-metadata"),
    pytest.param("2001:0:4136:e378:8000:63bf:3fff:fdd2", False, id="v6-teredo"),
    pytest.param("2001:db8::1", False, id="v6-documentation"),
    pytest.param("3fff::1", False, id="v6-documentation-rfc9637"),
    pytest.param("3fff:fff:ffff::1", False, id="v6-documentation-rfc9637-end"),
    pytest.param("3fff:1000::1", True, id="v6-just-past-rfc9637"),
    pytest.param("100::1", False, id="v6-discard"),
    # not addresses at all
    pytest.param("", False, id="empty"),
    pytest.param("localhost", False, id="name-not-ip"),
    pytest.param("127.1", False, id="short-form-not-ip"),
    pytest.param("1.1.1.1.1", False, id="five-octets"),
    # public
    pytest.param("1.1.1.1", True, id="v4-cloudflare"),
    pytest.param("8.8.8.8", True, id="v4-google"),
    pytest.param(PUBLIC_V4, True, id="v4-example"),
    pytest.param("172.32.0.1", True, id="v4-just-outside-172.16/12"),
    pytest.param("100.128.0.1", True, id="v4-just-outside-cgnat"),
    pytest.param("::ffff:1.1.1.1", True, id="v6-mapped-public"),
    pytest.param(PUBLIC_V6, True, id="v6-cloudflare"),
    pytest.param("2001:4860:4860::8888", True, id="v6-google"),
    pytest.param(IPv4Address("8.8.4.4"), True, id="v4-object"),
    pytest.param(IPv6Address("::1"), False, id="v6-object-loopback"),
]


@pytest.mark.parametrize(("address", "expected"), IP_CASES)
def test_is_public_ip(address: str | IPv4Address | IPv6Address, expected: bool) -> None:
    assert is_public_ip(address) is expected


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_ipv4_mapped_is_judged_as_its_ipv4(value: int) -> None:
    v4 = IPv4Address(value)
    assert is_public_ip(IPv6Address(f"::ffff:{v4}")) is is_public_ip(v4)


@pytest.mark.parametrize(("url", "expected"), URL_CASES)
def test_check_url_syntax_agrees(url: str, expected: bool) -> None:
    if expected:
        assert check_url_syntax(url).scheme in ("http", "https")
    else:
        with pytest.raises(BlockedURL):
            check_url_syntax(url)

"""Helpers for the SSRF-guard tests: public addresses, a resolver that answers with one, a
guarded client over a MockTransport, and the URL table the syntax check and is_public_url are
both held to."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from swarm.web.safe_http import (
    make_client,
)

PUBLIC_V4 = "93.184.215.14"
PUBLIC_V6 = "2606:4700:4700::1111"


async def public_resolver(host: str, port: int) -> list[str]:
    return [PUBLIC_V4]


# --- URL checks ---------------------------------------------------------------------------

URL_CASES = [
    # allowed
    pytest.param("http://example.com/", True, id="plain-http"),
    pytest.param("https://example.com/a/b?q=1#frag", True, id="plain-https"),
    pytest.param("HTTPS://EXAMPLE.COM/", True, id="upper-case"),
    pytest.param("https://example.com:8443/", True, id="any-port"),
    pytest.param("https://example.com./", True, id="trailing-dot-fqdn"),
    pytest.param("https://bücher.example/", True, id="idn-host"),
    pytest.param("https://xn--bcher-kva.example/", True, id="punycode-host"),
    pytest.param("http://1.1.1.1/", True, id="public-v4-literal"),
    pytest.param("http://8.8.8.8:53/", True, id="public-v4-literal-port"),
    pytest.param(f"http://[{PUBLIC_V6}]/", True, id="public-v6-literal"),
    pytest.param("http://example.com/#@127.0.0.1", True, id="at-sign-in-fragment-only"),
    # schemes
    pytest.param("file:///etc/passwd", False, id="scheme-file"),
    pytest.param("ftp://example.com/x", False, id="scheme-ftp"),
    pytest.param("javascript:alert(1)", False, id="scheme-javascript"),
    pytest.param("data:text/html,<script>", False, id="scheme-data"),
    pytest.param("gopher://example.com:70/", False, id="scheme-gopher"),
    pytest.param("ws://example.com/", False, id="scheme-ws"),
    pytest.param("//example.com/", False, id="scheme-relative"),
    pytest.param("example.com", False, id="no-scheme"),
    # literal non-public IPs
    pytest.param("http://127.0.0.1/", False, id="lit-loopback"),
    pytest.param("http://10.1.2.3/", False, id="lit-10"),
    pytest.param("http://172.16.5.4/", False, id="lit-172.16"),
    pytest.param("http://192.168.0.1/", False, id="lit-192.168"),
    pytest.param("http://169.254.169.254/latest/meta-data/", False, id="lit-metadata"),
    pytest.param("http://100.64.0.1/", False, id="lit-cgnat"),
    pytest.param("http://0.0.0.0:8080/", False, id="lit-zero"),
    pytest.param("http://224.0.0.1/", False, id="lit-multicast"),
    pytest.param("http://[::1]/", False, id="lit-v6-loopback"),
    pytest.param("http://[::ffff:127.0.0.1]/", False, id="lit-v6-mapped"),
    pytest.param("http://[::ffff:7f00:1]/", False, id="lit-v6-mapped-hex"),
    pytest.param("http://[64:ff9b::a9fe:a9fe]/", False, id="lit-nat64-metadata"),
    pytest.param("http://[fe80::1%25eth0]/", False, id="lit-v6-zone"),
    pytest.param("http://[fd00::1]:80/", False, id="lit-v6-ula"),
    # odd IP spellings
    pytest.param("http://2130706433/", False, id="decimal"),
    pytest.param("http://0x7f.1/", False, id="hex-short"),
    pytest.param("http://0x7f000001/", False, id="hex-whole"),
    pytest.param("http://0x7f.0x0.0x0.0x1/", False, id="hex-dotted"),
    pytest.param("http://0177.0.0.1/", False, id="octal"),
    pytest.param("http://0177.0.0.01/", False, id="octal-last"),
    pytest.param("http://127.1/", False, id="short-form"),
    pytest.param("http://127.0.1/", False, id="short-form-3"),
    pytest.param("http://1.1.1.1./", False, id="ip-trailing-dot"),
    pytest.param("http://127。0。0。1/", False, id="ideographic-dots"),
    pytest.param("http://127．0．0．1/", False, id="fullwidth-dots"),
    pytest.param("http://１２７.0.0.1/", False, id="fullwidth-digits"),
    pytest.param("http://１.１.１.１/", False, id="fullwidth-public-ip"),
    pytest.param("http://%31%32%37.0.0.1/", False, id="percent-encoded-host"),
    pytest.param("http://[::127.0.0.1]/", False, id="v4-compatible-v6"),
    # userinfo and parser-confusion tricks
    pytest.param("http://user@example.com/", False, id="userinfo"),
    pytest.param("http://user:pw@example.com/", False, id="userinfo-password"),
    pytest.param("http://example.com@127.0.0.1/", False, id="userinfo-good-at-private"),
    pytest.param("http://127.0.0.1@example.com/", False, id="userinfo-private-at-good"),
    pytest.param("http://example.com\\@127.0.0.1/", False, id="backslash-at"),
    pytest.param("http:\\\\example.com\\", False, id="backslashes"),
    pytest.param("http://exa mple.com/", False, id="space-in-host"),
    pytest.param("http://example.com\t/", False, id="tab"),
    pytest.param("http://example.com\n.evil/", False, id="newline"),
    pytest.param("http://example.com:/", False, id="empty-port"),
    pytest.param("http://example.com:0/", False, id="port-zero"),
    pytest.param("http://example.com:65536/", False, id="port-too-big"),
    pytest.param("http://example.com:8o/", False, id="port-letters"),
    pytest.param("http:///path", False, id="empty-host"),
    pytest.param("http://", False, id="nothing"),
    pytest.param("http://exa_mple.com/", False, id="underscore-host"),
    pytest.param("http://-bad.example/", False, id="leading-hyphen-label"),
    pytest.param("http://a..example/", False, id="empty-label"),
    pytest.param("http://localhost/", False, id="single-label-localhost"),
    pytest.param("http://intranet:8080/", False, id="single-label"),
    pytest.param("http://[::1/", False, id="unclosed-bracket"),
    pytest.param("http://[not-ip]/", False, id="bracket-junk"),
    pytest.param("http://" + "a" * 64 + ".com/", False, id="label-too-long"),
    pytest.param("http://example.com/" + "x" * 9000, False, id="url-too-long"),
]


def mock_client(handler: Any, resolver: Any = public_resolver) -> httpx.AsyncClient:
    return make_client(resolver=resolver, transport=httpx.MockTransport(handler))

"""The guarded client (swarm/web/safe_http.py): is_public_url, vetted-IP connects, manual
redirects, deadlines, get_json, make_client, error leaves (all offline)."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator, Iterable
from ipaddress import IPv4Address
from typing import Any

import httpcore
import httpx
import pytest
from fakes import Recorder
from guarded_http import PUBLIC_V4, PUBLIC_V6, URL_CASES, mock_client, public_resolver
from hypothesis import given, settings
from hypothesis import strategies as st

from swarm.config import get_settings
from swarm.errors import (
    BlockedURL,
    ConnectFailed,
    ConnectionRefused,
    FetchError,
    FetchTimeout,
    HostNotFound,
    MalformedResponse,
    ProviderHTTPError,
)
from swarm.web.addresses import check_url_syntax, is_public_ip
from swarm.web.safe_http import (
    fetch,
    get_json,
    is_public_url,
    make_client,
    provider_request,
)
from swarm.web.transport import GuardedTransport, static_resolver


class ScriptedResolver:
    """Answers each lookup with the next scripted answer (the last one repeats)."""

    def __init__(self, *answers: list[str]) -> None:
        self.answers = list(answers)
        self.calls: list[tuple[str, int]] = []

    async def __call__(self, host: str, port: int) -> list[str]:
        self.calls.append((host, port))
        return list(self.answers.pop(0) if len(self.answers) > 1 else self.answers[0])


# --- is_public_url --------------------------------------------------------------------------


@pytest.mark.parametrize(("url", "expected"), URL_CASES)
async def test_is_public_url_table(url: str, expected: bool) -> None:
    assert await is_public_url(url, resolver=public_resolver) is expected


async def raising_resolver(host: str, port: int) -> list[str]:
    raise OSError("SERVFAIL")


async def timing_out_resolver(host: str, port: int) -> list[str]:
    raise TimeoutError


DNS_CASES = [
    pytest.param([PUBLIC_V4], True, id="public"),
    pytest.param([PUBLIC_V4, "1.1.1.1", PUBLIC_V6], True, id="several-public"),
    pytest.param([PUBLIC_V4, "127.0.0.1"], False, id="public-then-loopback"),
    pytest.param(["127.0.0.1", PUBLIC_V4], False, id="loopback-then-public"),
    pytest.param([PUBLIC_V4, "169.254.169.254"], False, id="public-and-metadata"),
    pytest.param([PUBLIC_V4, "fe80::1"], False, id="public-and-v6-link-local"),
    pytest.param(["::ffff:10.0.0.1"], False, id="mapped-private"),
    pytest.param(["100.100.100.200"], False, id="cgnat"),
    pytest.param([], False, id="empty-answer"),
    pytest.param(["not-an-ip"], False, id="garbage-answer"),
]


@pytest.mark.parametrize(("answer", "expected"), DNS_CASES)
async def test_is_public_url_dns_answers(answer: list[str], expected: bool) -> None:
    resolver = ScriptedResolver(answer)
    assert await is_public_url("https://some.example/page", resolver=resolver) is expected
    assert resolver.calls == [("some.example", 443)]


@pytest.mark.parametrize(
    "resolver", [raising_resolver, timing_out_resolver], ids=["oserror", "timeout"]
)
async def test_is_public_url_resolver_failure_is_false(resolver: Any) -> None:
    assert await is_public_url("https://some.example/", resolver=resolver) is False


async def hanging_resolver(host: str, port: int) -> list[str]:
    await asyncio.sleep(30)
    return [PUBLIC_V4]


async def test_is_public_url_hanging_resolver_is_false_in_time() -> None:
    started = time.monotonic()
    verdict = await is_public_url("https://some.example/", resolver=hanging_resolver, timeout_s=0.2)
    assert verdict is False
    assert time.monotonic() - started < 1.0


async def test_is_public_url_default_timeout_comes_from_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SWARM_FETCH_TIMEOUT_S", "0.2")
    started = time.monotonic()
    assert await is_public_url("https://some.example/", resolver=hanging_resolver) is False
    assert time.monotonic() - started < 1.0


async def test_is_public_url_broken_settings_still_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SWARM_FETCH_TIMEOUT_S", "not-a-number")
    assert await is_public_url("https://some.example/", resolver=public_resolver) is True


async def test_literal_ip_skips_the_resolver() -> None:
    resolver = ScriptedResolver(["127.0.0.1"])
    assert await is_public_url("http://1.1.1.1/", resolver=resolver) is True
    assert resolver.calls == []


_url_text = st.one_of(
    st.text(max_size=80),
    st.builds(
        lambda s, h, r: f"{s}://{h}{r}",
        st.sampled_from(["http", "https", "HTTP", "ftp"]),
        st.text(max_size=40),
        st.text(max_size=20),
    ),
)


@settings(max_examples=300, deadline=None)
@given(_url_text)
def test_is_public_url_never_raises(url: str) -> None:
    loop = asyncio.new_event_loop()
    try:
        verdict = loop.run_until_complete(is_public_url(url, resolver=public_resolver))
    finally:
        loop.close()
    assert isinstance(verdict, bool)
    if verdict:  # what we accept, httpx reads as an http(s) URL with a checked host
        parsed = httpx.URL(url)
        assert parsed.scheme in ("http", "https") and not parsed.userinfo
        target = check_url_syntax(url)
        assert target.ip is None or is_public_ip(target.ip)


# --- connect-time vetting ------------------------------------------------------------------

RESPONSE = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok"


class FakeStream(httpcore.AsyncNetworkStream):
    def __init__(self, spy: SpyBackend) -> None:
        self._spy = spy
        self._reply = RESPONSE

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        chunk, self._reply = self._reply[:max_bytes], self._reply[max_bytes:]
        return chunk

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._spy.written += buffer

    async def aclose(self) -> None:
        pass

    async def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.AsyncNetworkStream:
        self._spy.tls_hostnames.append(server_hostname)
        return self

    def get_extra_info(self, info: str) -> Any:
        return None


class SpyBackend(httpcore.AsyncNetworkBackend):
    """Stands where the socket connect happens; records the address it was asked for."""

    def __init__(self, refuse: Iterable[str] = ()) -> None:
        self.connects: list[tuple[str, int]] = []
        self.tls_hostnames: list[str | None] = []
        self.written = bytearray()
        self._refuse = set(refuse)

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.AsyncNetworkStream:
        self.connects.append((host, port))
        if host in self._refuse:
            raise httpcore.ConnectError(f"refused {host}")
        return FakeStream(self)


def spied_client(resolver: Any, spy: SpyBackend) -> httpx.AsyncClient:
    transport = GuardedTransport(resolver=resolver, network_backend=spy)
    return make_client(resolver=resolver, transport=transport)


async def test_connect_goes_to_the_vetted_ip_with_host_and_sni_kept() -> None:
    spy = SpyBackend()
    async with spied_client(ScriptedResolver([PUBLIC_V4]), spy) as client:
        page = await fetch("https://vetted.example/x", client=client)
    assert page.text == "ok"
    assert spy.connects == [(PUBLIC_V4, 443)]
    assert spy.tls_hostnames == ["vetted.example"]
    assert b"Host: vetted.example\r\n" in spy.written


async def test_dns_rebinding_between_check_and_connect_is_blocked() -> None:
    # The pre-check sees a public answer; the connect-time lookup gets loopback.
    resolver = ScriptedResolver([PUBLIC_V4], ["127.0.0.1"])
    spy = SpyBackend()
    async with spied_client(resolver, spy) as client:
        with pytest.raises(BlockedURL):
            await fetch("http://rebind.example/", client=client)
    assert len(resolver.calls) == 2  # the check passed, the connect was refused
    assert spy.connects == []


async def test_mixed_answer_at_connect_refuses_even_the_public_address() -> None:
    spy = SpyBackend()
    async with spied_client(ScriptedResolver([PUBLIC_V4, "10.0.0.7"]), spy) as client:
        with pytest.raises(BlockedURL):
            await client.get("http://mixed.example/")
    assert spy.connects == []


async def test_literal_private_ip_refused_at_connect_without_precheck() -> None:
    spy = SpyBackend()
    async with spied_client(ScriptedResolver([PUBLIC_V4]), spy) as client:
        with pytest.raises(BlockedURL):
            await client.get("http://169.254.169.254/latest/meta-data/")
    assert spy.connects == []


async def test_next_vetted_address_is_tried_when_the_first_refuses() -> None:
    spy = SpyBackend(refuse={PUBLIC_V4})
    async with spied_client(ScriptedResolver([PUBLIC_V4, "1.1.1.1"]), spy) as client:
        response = await client.get("http://two.example/")
    assert response.text == "ok"
    assert spy.connects == [(PUBLIC_V4, 80), ("1.1.1.1", 80)]


async def test_connect_time_resolver_error_is_host_not_found() -> None:
    # Was httpx.ConnectError: a DNS failure now says so, and is never a guard refusal.
    spy = SpyBackend()
    async with spied_client(raising_resolver, spy) as client:
        with pytest.raises(HostNotFound) as caught:
            await client.get("http://nxdomain.example/")
    assert not isinstance(caught.value, BlockedURL)
    assert caught.value.reason == "could not resolve host nxdomain.example"
    assert spy.connects == []


async def _serve_ok(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await reader.readuntil(b"\r\n\r\n")
    writer.write(RESPONSE)
    await writer.drain()
    writer.close()


@pytest.mark.parametrize("allow_loopback", [True, False], ids=["vetted", "refused"])
async def test_real_socket_connects_to_the_vetted_address(
    monkeypatch: pytest.MonkeyPatch, allow_loopback: bool
) -> None:
    # A real loopback server; the policy is overridden to vet exactly 127.0.0.1.
    server = await asyncio.start_server(_serve_ok, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    connected: list[object] = []
    guarded_connect = socket.socket.connect

    def recording_connect(self: socket.socket, address: Any) -> Any:
        connected.append(address)
        return guarded_connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", recording_connect)
    resolver = static_resolver({"loopback.example": ["127.0.0.1"]})
    policy = (lambda ip: ip == IPv4Address("127.0.0.1")) if allow_loopback else is_public_ip
    transport = GuardedTransport(resolver=resolver, is_allowed=policy)
    try:
        async with make_client(transport=transport) as client:
            if allow_loopback:
                response = await client.get(f"http://loopback.example:{port}/")
                assert response.text == "ok"
                assert connected == [("127.0.0.1", port)]
            else:
                with pytest.raises(BlockedURL):
                    await client.get(f"http://loopback.example:{port}/")
                assert connected == []
    finally:
        server.close()
        await server.wait_closed()


# --- redirects (MockTransport) ------------------------------------------------------------


def redirect(location: str, status: int = 302) -> httpx.Response:
    return httpx.Response(status, headers={"Location": location})


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
async def test_redirect_to_private_literal_is_blocked_before_request(status: int) -> None:
    recorder = Recorder({"http://start.example/": redirect("http://10.0.0.5/admin", status)})
    async with mock_client(recorder) as client:
        with pytest.raises(BlockedURL):
            await fetch("http://start.example/", client=client)
    assert recorder.seen == ["http://start.example/"]


async def test_redirect_to_name_resolving_private_is_blocked_before_request() -> None:
    resolver = static_resolver({"start.example": [PUBLIC_V4], "internal.example": ["192.168.1.10"]})
    recorder = Recorder({"http://start.example/": redirect("http://internal.example/")})
    async with mock_client(recorder, resolver) as client:
        with pytest.raises(BlockedURL):
            await fetch("http://start.example/", client=client)
    assert recorder.seen == ["http://start.example/"]


@pytest.mark.parametrize(
    "location",
    [
        "file:///etc/passwd",
        "http://user@evil.example/",
        "http://2130706433/",
        "gopher://x.example/",
    ],
)
async def test_redirect_to_refused_url_shapes(location: str) -> None:
    recorder = Recorder({"http://start.example/": redirect(location)})
    async with mock_client(recorder) as client:
        with pytest.raises(BlockedURL):
            await fetch("http://start.example/", client=client)
    assert recorder.seen == ["http://start.example/"]


def chain(length: int) -> dict[str, httpx.Response]:
    routes = {f"http://hop.example/{i}": redirect(f"/{i + 1}") for i in range(length)}
    routes[f"http://hop.example/{length}"] = httpx.Response(200, text="landed")
    return routes


async def test_four_redirects_stop_at_three() -> None:
    recorder = Recorder(chain(4))
    async with mock_client(recorder) as client:
        with pytest.raises(FetchError, match="too many redirects") as caught:
            await fetch("http://hop.example/0", client=client)
    assert not isinstance(caught.value, BlockedURL)
    assert recorder.seen == [f"http://hop.example/{i}" for i in range(4)]


async def test_three_redirects_are_followed() -> None:
    recorder = Recorder(chain(3))
    async with mock_client(recorder) as client:
        page = await fetch("http://hop.example/0", client=client)
    assert (page.text, page.final_url, page.url) == (
        "landed",
        "http://hop.example/3",
        "http://hop.example/0",
    )


async def test_relative_location_is_resolved_against_current_url() -> None:
    recorder = Recorder(
        {
            "http://a.example/dir/sub/page": redirect("../b/next?x=1"),
            "http://a.example/dir/b/next?x=1": httpx.Response(200, text="here"),
        }
    )
    async with mock_client(recorder) as client:
        page = await fetch("http://a.example/dir/sub/page", client=client)
    assert page.final_url == "http://a.example/dir/b/next?x=1"
    assert page.text == "here"


async def test_credentials_are_dropped_on_cross_origin_redirect() -> None:
    recorder = Recorder(
        {
            "https://a.example/": redirect("https://b.example/"),
            "https://b.example/": httpx.Response(200, text="b"),
        }
    )
    async with mock_client(recorder) as client:
        await fetch("https://a.example/", client=client, headers={"Authorization": "Bearer s"})
    assert recorder.requests[0].headers.get("authorization") == "Bearer s"
    assert "authorization" not in recorder.requests[1].headers


async def test_blocked_initial_url_makes_no_request() -> None:
    recorder = Recorder({})
    async with mock_client(recorder) as client:
        with pytest.raises(BlockedURL):
            await fetch("http://169.254.169.254/latest/meta-data/", client=client)
    assert recorder.seen == []


async def test_fetch_uses_the_clients_resolver_for_the_precheck() -> None:
    resolver = ScriptedResolver(["127.0.0.1"])
    recorder = Recorder({"http://sneaky.example/": httpx.Response(200, text="secret")})
    async with mock_client(recorder, resolver) as client:
        with pytest.raises(BlockedURL):
            await fetch("http://sneaky.example/", client=client)
    assert resolver.calls == [("sneaky.example", 80)]
    assert recorder.seen == []


async def test_error_status_raises_provider_http_error_with_body() -> None:
    async with mock_client(lambda r: httpx.Response(503, text="down " * 200)) as client:
        with pytest.raises(ProviderHTTPError) as caught:
            await fetch("http://down.example/", client=client)
    assert caught.value.status_code == 503
    assert caught.value.body == ("down " * 200)[:500]


# --- deadlines ---------------------------------------------------------------------------


async def test_slow_drip_body_trips_the_whole_fetch_timeout() -> None:
    async def drip() -> AsyncIterator[bytes]:
        while True:
            yield b"x"
            await asyncio.sleep(0.1)

    async with mock_client(lambda r: httpx.Response(200, content=drip())) as client:
        started = time.monotonic()
        with pytest.raises(FetchTimeout):
            await fetch("http://drip.example/", client=client, timeout_s=0.3)
    assert time.monotonic() - started < 1.0


async def test_hanging_resolver_is_inside_the_fetch_deadline() -> None:
    async def hang(host: str, port: int) -> list[str]:
        await asyncio.sleep(10)
        return [PUBLIC_V4]

    async with mock_client(lambda r: httpx.Response(200)) as client:
        with pytest.raises(FetchTimeout):
            await fetch("http://slowdns.example/", client=client, resolver=hang, timeout_s=0.1)


async def test_httpx_timeout_maps_to_fetch_timeout() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=request)

    async with mock_client(handler) as client:
        with pytest.raises(FetchTimeout):
            await fetch("http://t.example/", client=client)


async def test_transport_error_maps_to_fetch_error() -> None:
    # Was a plain FetchError: a connect error is now ConnectFailed (a FetchError leaf).
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    async with mock_client(handler) as client:
        with pytest.raises(FetchError) as caught:
            await fetch("http://refused.example/", client=client)
    assert type(caught.value) is ConnectFailed


# --- get_json ----------------------------------------------------------------------------


async def test_get_json_parses_and_sends_params() -> None:
    recorder = Recorder({})
    recorder.routes["https://api.example/s?q=a+b&n=3"] = httpx.Response(200, json={"ok": [1]})
    async with mock_client(recorder) as client:
        data = await get_json("https://api.example/s", client=client, params={"q": "a b", "n": 3})
    assert data == {"ok": [1]}
    assert recorder.requests[0].headers["accept"] == "application/json"


@pytest.mark.parametrize(
    ("response", "error"),
    [
        (httpx.Response(404, text="nope"), ProviderHTTPError),
        (httpx.Response(302, headers={"Location": "/x"}), ProviderHTTPError),
        (httpx.Response(200, text="<html>not json"), FetchError),
        (httpx.Response(200, content=b"[" + b"1," * 2000 + b"1]"), FetchError),
    ],
    ids=["404", "redirect", "not-json", "too-big"],
)
async def test_get_json_failures(response: httpx.Response, error: type[Exception]) -> None:
    async with mock_client(lambda r: response) as client:
        with pytest.raises(error):
            await get_json("https://api.example/", client=client, max_bytes=1000)


async def test_get_json_refuses_private_url_without_request() -> None:
    recorder = Recorder({})
    async with mock_client(recorder) as client:
        with pytest.raises(BlockedURL):
            await get_json("http://127.0.0.1:8080/admin", client=client)
    assert recorder.seen == []


async def test_get_json_timeout() -> None:
    async def never_ends() -> AsyncIterator[bytes]:
        while True:
            await asyncio.sleep(0.05)
            yield b" "

    async with mock_client(lambda r: httpx.Response(200, content=never_ends())) as client:
        with pytest.raises(FetchTimeout):
            await get_json("https://api.example/", client=client, timeout_s=0.2)


async def test_get_json_posts_a_json_body() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"ok": True})

    async with mock_client(handler) as client:
        data = await get_json(
            "https://api.example/gen", client=client, method="POST", json_body={"a": [1]}
        )
    assert data == {"ok": True}
    assert seen[0].method == "POST" and json.loads(seen[0].content) == {"a": [1]}


async def test_get_json_unvetted_reaches_the_users_localhost_service() -> None:
    async with httpx.AsyncClient(
        transport=httpx.MockTransport(lambda r: httpx.Response(200, json=[1]))
    ) as client:
        assert await get_json("http://localhost:8888/search", client=client, vet_url=False) == [1]
        with pytest.raises(BlockedURL):
            await get_json("http://localhost:8888/search", client=client)


async def test_provider_request_posts_a_form_and_keeps_the_status() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(202, text="<html>challenge</html>")

    async with mock_client(handler) as client:
        reply = await provider_request(
            "https://lite.example/", client=client, method="POST", form={"q": "a b"}
        )
    assert (reply.status_code, reply.text, reply.truncated) == (
        202,
        "<html>challenge</html>",
        False,
    )
    assert seen[0].content == b"q=a+b"


async def test_provider_request_streams_and_cuts_at_the_cap() -> None:
    sent = [0]

    async def body() -> AsyncIterator[bytes]:
        for _ in range(100):
            sent[0] += 1
            yield b"y" * 65_536

    async with mock_client(lambda r: httpx.Response(200, content=body())) as client:
        reply = await provider_request("https://big.example/", client=client, max_bytes=100_000)
    assert reply.truncated and len(reply.body) == 100_000
    assert sent[0] <= 3


# --- make_client -------------------------------------------------------------------------


async def test_make_client_defaults() -> None:
    settings_ = get_settings(user_agent="swarm-test/1 (me@example.org)", fetch_timeout_s=7.0)
    async with make_client(settings_) as client:
        assert client.trust_env is False
        assert client.follow_redirects is False
        assert client.headers["User-Agent"] == "swarm-test/1 (me@example.org)"
        assert "br" not in client.headers["Accept-Encoding"]
        assert (client.timeout.read, client.timeout.connect) == (7.0, 5.0)
        assert isinstance(client._transport, GuardedTransport)


async def test_make_client_unguarded_is_plain_httpx() -> None:
    async with make_client(guarded=False) as client:
        assert client.trust_env is False
        assert type(client._transport) is httpx.AsyncHTTPTransport


async def test_in_memory_response_is_capped_too() -> None:
    async with mock_client(lambda r: httpx.Response(200, content=b"x" * 2000)) as client:
        page = await fetch("http://mem.example/", client=client, max_bytes=1000)
    assert (len(page.text), page.truncated) == (1000, True)


# --- which FetchError leaf, for which failure ------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "error", "reason"),
    [
        pytest.param("dns", HostNotFound, "could not resolve host api.example", id="dns"),
        pytest.param(
            "refused", ConnectionRefused, "connection refused by api.example", id="refused"
        ),
        pytest.param("timeout", FetchTimeout, "timed out waiting for api.example", id="timeout"),
        pytest.param("http500", ProviderHTTPError, "HTTP 500 from api.example", id="http-500"),
        pytest.param(
            "malformed", MalformedResponse, "malformed response from api.example", id="bad"
        ),
        pytest.param("guard", BlockedURL, "blocked: 'api.example' resolves to", id="guard"),
    ],
)
async def test_get_json_raises_the_leaf_for_each_failure(
    kind: str, error: type[FetchError], reason: str
) -> None:
    from outside_failures import failing_client

    async with failing_client(kind) as client:
        with pytest.raises(error) as caught:
            await get_json("https://api.example/v1", client=client, timeout_s=2.0)
    assert caught.value.reason.startswith(reason), caught.value.reason
    assert caught.value.url == "https://api.example/v1"
    if kind != "guard":
        assert not isinstance(caught.value, BlockedURL)


async def test_an_unguarded_clients_dns_failure_is_host_not_found() -> None:
    # The user's SearXNG goes through a plain client: httpcore resolves, gaierror is the cause.
    def handler(request: httpx.Request) -> httpx.Response:
        try:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        except socket.gaierror as cause:
            raise httpx.ConnectError(str(cause), request=request) from cause

    async with make_client(transport=httpx.MockTransport(handler), guarded=False) as client:
        with pytest.raises(HostNotFound) as caught:
            await get_json("http://searx.lan.example:8888/search", client=client, vet_url=False)
    assert caught.value.reason == "could not resolve host searx.lan.example"


@pytest.mark.parametrize("answer", [[], ["10.0.0.1"]], ids=["no-address", "private"])
async def test_fetch_precheck_tells_no_address_from_a_refused_one(answer: list[str]) -> None:
    async with mock_client(lambda r: httpx.Response(200), ScriptedResolver(answer)) as client:
        with pytest.raises(FetchError) as caught:
            await fetch("https://gone.example/", client=client)
    expected = HostNotFound if not answer else BlockedURL
    assert type(caught.value) is expected

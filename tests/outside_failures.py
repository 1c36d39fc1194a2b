"""Every way an outside source can fail, as the transport + resolver pairs the public doors
accept (an injected client, or the CLI's `OutsideWiring`), each raising what safe_http really
sees: `socket.gaierror` from the resolver, a real refused loopback connect, httpcore's
`ConnectTimeout`, an HTTP 500, a body that is not JSON, a DNS answer the guard refuses.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterable
from typing import Any

import httpcore
import httpx
from conftest import REAL_CAPTURES

from swarm.config import Settings
from swarm.web.safe_http import make_client
from swarm.web.transport import GuardedTransport, Resolver

PUBLIC_IP = "93.184.215.14"

# id → what the failure is; "nothing" is a source that answers "no such page / no results".
FAILURES = ("dns", "refused", "timeout", "http500", "malformed", "guard")

ARTICLE_HTML = (
    "<html><head><title>Ulaanbaatar weather</title></head><body><article><h1>Mongolia</h1>"
    + "<p>Mongolia is a landlocked country in East Asia between Russia and China. </p>" * 20
    + "</article></body></html>"
)

NO_RESULTS_LITE_PAGE = (
    "<html><head><title>DuckDuckGo</title></head><body><form action='/lite/' method='post'>"
    "<input name='q' value='qwzx'></form><table border='0'><tr><td>No results.</td></tr>"
    "</table></body></html>"
)


async def gaierror_resolver(host: str, port: int) -> list[str]:
    """What `loop.getaddrinfo` raises for an unknown name (or with no network at all)."""
    raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")


async def private_resolver(host: str, port: int) -> list[str]:
    return ["10.0.0.7"]


async def public_resolver(host: str, port: int) -> list[str]:
    return [PUBLIC_IP]


def _closed_loopback_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RefusingBackend(httpcore.AsyncNetworkBackend):
    """Connects for real, to a closed loopback port, whatever address was vetted: the kernel
    refuses, and httpcore raises what it raises for any refused connect."""

    def __init__(self) -> None:
        self._real = httpcore.AnyIOBackend()
        self._port = _closed_loopback_port()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        return await self._real.connect_tcp("127.0.0.1", self._port, timeout=timeout)

    async def sleep(self, seconds: float) -> None:
        await self._real.sleep(seconds)


class TimingOutBackend(httpcore.AsyncNetworkBackend):
    """A connect that outlives its timeout: httpcore's own ConnectTimeout."""

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectTimeout(f"timed out connecting to {host}:{port}")


def _every_request(response: httpx.Response) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            response.status_code, content=response.content, headers=response.headers
        )

    return httpx.MockTransport(handler)


def _nothing_there(request: httpx.Request) -> httpx.Response:
    """Every source answers, with nothing: a 404 summary, no search hits, no DDG results."""
    host, path = request.url.host, request.url.path
    if host.endswith("wikipedia.org") and path.startswith("/api/rest_v1/page/summary/"):
        return httpx.Response(
            404,
            json={
                "type": "https://mediawiki.org/wiki/HyperSwitch/errors/not_found",
                "title": "Not found.",
            },
        )
    if host.endswith("wikipedia.org") and path == "/w/api.php":
        if request.url.params.get("action") == "opensearch":
            return httpx.Response(200, json=[request.url.params.get("search", ""), [], [], []])
        return httpx.Response(
            200,
            json={"batchcomplete": True, "query": {"searchinfo": {"totalhits": 0}, "search": []}},
        )
    if host == "api.duckduckgo.com":
        body = (REAL_CAPTURES / "ddg_instant_answer_empty.json").read_bytes()
        return httpx.Response(200, content=body, headers={"content-type": "application/json"})
    if host == "lite.duckduckgo.com":
        return httpx.Response(200, text=NO_RESULTS_LITE_PAGE, headers={"content-type": "text/html"})
    return httpx.Response(404, text="not here")


def found_handler(article_html: str) -> httpx.MockTransport:
    """Real captures: the Wikipedia summary of an article, DDG lite results, and an article."""
    summary = json.loads((REAL_CAPTURES / "wikipedia_summary_article.json").read_text("utf-8"))
    lite = (REAL_CAPTURES / "ddg_lite_results.html").read_text("utf-8")

    def handler(request: httpx.Request) -> httpx.Response:
        host, path = request.url.host, request.url.path
        if host.endswith("wikipedia.org") and path.startswith("/api/rest_v1/page/summary/"):
            return httpx.Response(200, json=summary)
        if host == "lite.duckduckgo.com":
            return httpx.Response(200, text=lite, headers={"content-type": "text/html"})
        if host == "api.duckduckgo.com":
            body = (REAL_CAPTURES / "ddg_instant_answer_empty.json").read_bytes()
            return httpx.Response(200, content=body, headers={"content-type": "application/json"})
        return httpx.Response(200, text=article_html, headers={"content-type": "text/html"})

    return httpx.MockTransport(handler)


def wiring(kind: str) -> tuple[httpx.AsyncBaseTransport, Resolver]:
    """The transport and resolver for one failure kind (or "nothing")."""
    if kind == "dns":
        return GuardedTransport(resolver=gaierror_resolver), gaierror_resolver
    if kind == "guard":
        return GuardedTransport(resolver=private_resolver), private_resolver
    if kind == "refused":
        transport = GuardedTransport(resolver=public_resolver, network_backend=RefusingBackend())
        return transport, public_resolver
    if kind == "timeout":
        transport = GuardedTransport(resolver=public_resolver, network_backend=TimingOutBackend())
        return transport, public_resolver
    if kind == "http500":
        return _every_request(httpx.Response(500, text="Internal Server Error")), public_resolver
    if kind == "malformed":
        response = httpx.Response(
            200, content=b'{"type": "standard", "ext', headers={"content-type": "application/json"}
        )
        return _every_request(response), public_resolver
    if kind == "nothing":
        return httpx.MockTransport(_nothing_there), public_resolver
    if kind == "found":
        return found_handler(ARTICLE_HTML), public_resolver
    raise ValueError(kind)


def failing_client(kind: str, settings: Settings | None = None) -> httpx.AsyncClient:
    transport, resolver = wiring(kind)
    return make_client(settings or Settings(), transport=transport, resolver=resolver)

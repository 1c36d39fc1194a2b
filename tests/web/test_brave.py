"""Brave Search: parsing the real captured answer, the request we send, and typed errors."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from conftest import REAL_CAPTURES
from fakes import Recorder

from swarm.errors import FetchError, FetchTimeout, ProviderHTTPError
from swarm.web.brave import BRAVE_SEARCH_URL, Brave, html_to_text, parse_brave
from swarm.web.types import SearchHit

CAPTURE = json.loads((REAL_CAPTURES / "brave_web_search.json").read_text("utf-8"))
CAPTURED_URL = "https://newsroom.statefarm.com/state-farm-general-insurance-company-update-on-california-2-2025/"


def result(**fields: Any) -> dict[str, Any]:
    entry = dict(CAPTURE["web"]["results"][0])
    entry.update(fields)
    return entry


def answer(*results: object) -> dict[str, Any]:
    return {**CAPTURE, "web": {**CAPTURE["web"], "results": list(results)}}


def test_parse_brave_real_capture() -> None:
    (hit,) = parse_brave(CAPTURE)
    assert hit.title == "State Farm in California"
    # The link is `url`, never the display path `meta_url.path` ("› state-farm-...").
    assert hit.url == CAPTURED_URL
    assert "›" not in hit.url
    assert hit.snippet.startswith("In a detailed letter to the CDI in March 2024, State Farm")
    assert "“The swift capital depletion" in hit.snippet  # typographic quotes kept as they are
    assert hit.snippet.endswith("greatest catastrophe risk.")
    assert hit.source == "brave"


def test_parse_brave_ignores_the_altered_query() -> None:
    # Brave rewrote the query ("home owner" → "homeowners"); hits are what they are either way.
    assert CAPTURE["query"]["altered"] != CAPTURE["query"]["original"]
    without_query = {key: value for key, value in CAPTURE.items() if key != "query"}
    assert parse_brave(without_query) == parse_brave(CAPTURE)


@pytest.mark.parametrize(
    ("fragment", "text"),
    [
        pytest.param("<strong>Dart</strong> language", "Dart language", id="strong"),
        pytest.param("Tom &amp; Jerry &#x27;s", "Tom & Jerry 's", id="entities"),
        pytest.param("a  <b>b</b>\n\tc", "a b c", id="whitespace-collapsed"),
        pytest.param("x <script>alert(1)</script>y", "x y", id="script-dropped"),
        pytest.param("plain text", "plain text", id="plain"),
        pytest.param("", "", id="empty"),
    ],
)
def test_html_to_text(fragment: str, text: str) -> None:
    assert html_to_text(fragment) == text


def test_parse_brave_strips_highlighting_from_title_and_description() -> None:
    data = answer(
        result(
            title="<strong>Dart</strong> &amp; Flutter",
            description="Learn <strong>Dart</strong> &mdash; fast.",
        )
    )
    (hit,) = parse_brave(data)
    assert hit.title == "Dart & Flutter"
    assert hit.snippet == "Learn Dart — fast."


@pytest.mark.parametrize(
    ("data", "urls"),
    [
        pytest.param({"type": "search"}, [], id="no-web-block"),
        pytest.param({"web": {"results": {}}}, [], id="results-not-a-list"),
        pytest.param({"web": None}, [], id="web-null"),
        pytest.param([], [], id="not-a-dict"),
        pytest.param(answer(), [], id="no-results"),
        pytest.param(
            answer(result(url=None), result(url="https://b.example/")),
            ["https://b.example/"],
            id="url-null-skipped",
        ),
        pytest.param(
            answer({"title": "no url"}, result(url="https://b.example/")),
            ["https://b.example/"],
            id="url-missing-skipped",
        ),
        pytest.param(answer(result(url="javascript:alert(1)")), [], id="javascript-url-skipped"),
        pytest.param(answer(result(url="ftp://files.example/")), [], id="ftp-url-skipped"),
        pytest.param(
            answer("junk", 3, result(url="https://c.example/")),
            ["https://c.example/"],
            id="junk-entries",
        ),
        pytest.param(
            answer(result(url="https://a.example/"), result(url="https://b.example/")),
            ["https://a.example/", "https://b.example/"],
            id="rank-order",
        ),
    ],
)
def test_parse_brave_shapes(data: object, urls: list[str]) -> None:
    assert [hit.url for hit in parse_brave(data)] == urls


def test_parse_brave_title_falls_back_to_the_url() -> None:
    (hit,) = parse_brave(answer(result(title="", url="https://a.example/")))
    assert hit == SearchHit(
        title="https://a.example/", url="https://a.example/", snippet=hit.snippet, source="brave"
    )


async def test_search_sends_the_key_and_returns_hits() -> None:
    recorder = Recorder(httpx.Response(200, json=CAPTURE))
    async with recorder.client() as client:
        hits = await Brave(client, "secret-key").search("state farm texas", count=3)
    assert [hit.url for hit in hits] == [CAPTURED_URL]
    (request,) = recorder.requests
    assert str(request.url.copy_with(query=None)) == BRAVE_SEARCH_URL
    assert dict(request.url.params) == {"q": "state farm texas", "count": "3"}
    assert request.headers["X-Subscription-Token"] == "secret-key"
    assert request.headers["Accept"] == "application/json"


@pytest.mark.parametrize(
    ("count", "sent"),
    [pytest.param(50, "20", id="capped"), pytest.param(0, "1", id="at-least-one")],
)
async def test_search_clamps_count(count: int, sent: str) -> None:
    recorder = Recorder(httpx.Response(200, json=CAPTURE))
    async with recorder.client() as client:
        await Brave(client, "k").search("q", count=count)
    assert recorder.requests[0].url.params["count"] == sent


async def test_search_returns_at_most_count_hits() -> None:
    data = answer(*(result(url=f"https://{n}.example/") for n in range(8)))
    async with Recorder(httpx.Response(200, json=data)).client() as client:
        hits = await Brave(client, "k").search("q", count=2)
    assert [hit.url for hit in hits] == ["https://0.example/", "https://1.example/"]


@pytest.mark.parametrize(
    "status",
    [
        pytest.param(401, id="bad-key"),
        pytest.param(403, id="forbidden"),
        pytest.param(422, id="bad-params"),
        pytest.param(429, id="rate-limited"),
        pytest.param(500, id="server-error"),
        pytest.param(302, id="redirect-not-followed"),
    ],
)
async def test_search_raises_provider_http_error_on_error_status(status: int) -> None:
    body = {"type": "ErrorResponse", "error": {"status": status, "code": "RATE_LIMITED"}}
    async with Recorder(httpx.Response(status, json=body)).client() as client:
        with pytest.raises(ProviderHTTPError) as raised:
            await Brave(client, "k").search("q")
    assert raised.value.status_code == status
    assert "ErrorResponse" in raised.value.body


@pytest.mark.parametrize(
    "response",
    [
        pytest.param(httpx.Response(200, content=b"<html>not json"), id="malformed-json"),
        pytest.param(httpx.Response(200, json=["a", "b"]), id="json-list"),
        pytest.param(httpx.ConnectError("refused"), id="connect-error"),
        pytest.param(httpx.ReadTimeout("slow"), id="read-timeout"),
    ],
)
async def test_search_raises_fetch_error_on_broken_answers(
    response: httpx.Response | Exception,
) -> None:
    async with Recorder(response).client() as client:
        with pytest.raises(FetchError):
            await Brave(client, "k").search("q")


async def test_search_raises_fetch_timeout_when_brave_hangs() -> None:
    async def hang(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(5)
        return httpx.Response(200, json=CAPTURE)

    async with httpx.AsyncClient(transport=httpx.MockTransport(hang)) as client:
        with pytest.raises(FetchTimeout):
            await Brave(client, "k", timeout_s=0.05).search("q")

"""SearXNG: parsing its `/search?format=json` answer, the request we send, and typed errors."""

from __future__ import annotations

import asyncio
import base64
import copy
import logging
from typing import Any

import httpx
import pytest
from fakes import Recorder

from swarm.config import Settings
from swarm.errors import ConfigError, FetchError, FetchTimeout, ProviderHTTPError
from swarm.web.searxng import SearXNG, parse_searxng
from swarm.web.types import SearchHit
from swarm.web.urls import redact_url
from swarm.web.web_search import search_hits

# Shaped like a real answer of a SearXNG instance with JSON output enabled (docs: "Search API"
# and the `json` output of `searx/webapp.py`): `number_of_results` is often 0 even with
# results, `unresponsive_engines` holds [engine, reason] pairs, `publishedDate` may be null,
# image-like results carry no `content` key at all.
SEARXNG_ANSWER: dict[str, Any] = {
    "query": "dart programming language",
    "number_of_results": 0,
    "results": [
        {
            "url": "https://dart.dev/",
            "title": "Dart programming language | Dart",
            "content": "Dart is an approachable, portable, and productive language for "
            "high-quality apps on any platform.",
            "engine": "duckduckgo",
            "parsed_url": ["https", "dart.dev", "/", "", "", ""],
            "template": "default.html",
            "engines": ["duckduckgo", "brave", "startpage"],
            "positions": [1, 1, 2],
            "publishedDate": None,
            "thumbnail": "",
            "score": 7.5,
            "category": "general",
            "priority": "",
        },
        {
            "url": "https://en.wikipedia.org/wiki/Dart_(programming_language)",
            "title": "Dart (programming language) - Wikipedia",
            "content": "Dart is a programming language designed by Lars Bak and Kasper Lund\n"
            "and developed by Google.",
            "engine": "wikipedia",
            "parsed_url": [
                "https",
                "en.wikipedia.org",
                "/wiki/Dart_(programming_language)",
                "",
                "",
                "",
            ],
            "template": "default.html",
            "engines": ["wikipedia", "duckduckgo"],
            "positions": [1, 3],
            "publishedDate": "2026-03-28T18:24:07",
            "score": 3.0,
            "category": "general",
        },
        {
            "url": "https://github.com/dart-lang/sdk",
            "title": "GitHub - dart-lang/sdk: The Dart SDK",
            "engine": "brave",
            "parsed_url": ["https", "github.com", "/dart-lang/sdk", "", "", ""],
            "template": "default.html",
            "engines": ["brave"],
            "positions": [4],
            "score": 0.25,
            "category": "general",
        },
    ],
    "answers": [],
    "corrections": [],
    "infoboxes": [
        {
            "infobox": "Dart",
            "id": "https://en.wikipedia.org/wiki/Dart_(programming_language)",
            "content": "Dart is a programming language ...",
            "img_src": None,
            "urls": [{"title": "Official website", "url": "https://dart.dev/"}],
            "attributes": [],
            "engine": "wikidata",
            "engines": ["wikidata"],
        }
    ],
    "suggestions": ["dart vs flutter", "dart language tour"],
    "unresponsive_engines": [["google", "timeout"], ["qwant", "CAPTCHA"]],
}


def with_results(*results: object) -> dict[str, Any]:
    data = copy.deepcopy(SEARXNG_ANSWER)
    data["results"] = list(results)
    return data


def test_parse_searxng_fixture() -> None:
    hits = parse_searxng(SEARXNG_ANSWER)
    assert hits == [
        SearchHit(
            title="Dart programming language | Dart",
            url="https://dart.dev/",
            snippet="Dart is an approachable, portable, and productive language for "
            "high-quality apps on any platform.",
            source="searxng",
        ),
        SearchHit(
            title="Dart (programming language) - Wikipedia",
            url="https://en.wikipedia.org/wiki/Dart_(programming_language)",
            snippet="Dart is a programming language designed by Lars Bak and Kasper Lund "
            "and developed by Google.",
            source="searxng",
        ),
        SearchHit(
            title="GitHub - dart-lang/sdk: The Dart SDK",
            url="https://github.com/dart-lang/sdk",
            snippet="",
            source="searxng",
        ),
    ]


@pytest.mark.parametrize(
    ("data", "urls"),
    [
        pytest.param({"query": "x"}, [], id="no-results-key"),
        pytest.param({"results": {}}, [], id="results-not-a-list"),
        pytest.param(None, [], id="null"),
        pytest.param(with_results(), [], id="empty"),
        pytest.param(
            with_results({"title": "no url"}, {"url": "https://b.example/", "title": "B"}),
            ["https://b.example/"],
            id="missing-url-skipped",
        ),
        pytest.param(
            with_results({"url": "data:text/html,hi", "title": "x"}), [], id="data-url-skipped"
        ),
        pytest.param(
            with_results(
                {"url": "https://a.example/", "title": "A"},
                {"url": "https://a.example/", "title": "A again"},
            ),
            ["https://a.example/"],
            id="duplicate-url-dropped",
        ),
        pytest.param(
            with_results({"url": "https://a.example/", "title": "A", "content": None}),
            ["https://a.example/"],
            id="content-null",
        ),
        pytest.param(
            with_results("junk", {"url": 5}, {"url": "http://localhost:8080/x", "title": "L"}),
            ["http://localhost:8080/x"],
            id="junk-entries",
        ),
    ],
)
def test_parse_searxng_shapes(data: object, urls: list[str]) -> None:
    assert [hit.url for hit in parse_searxng(data)] == urls


def test_parse_searxng_limit() -> None:
    assert [hit.url for hit in parse_searxng(SEARXNG_ANSWER, limit=2)] == [
        "https://dart.dev/",
        "https://en.wikipedia.org/wiki/Dart_(programming_language)",
    ]


@pytest.mark.parametrize(
    ("base_url", "path"),
    [
        pytest.param("http://localhost:8888", "/search", id="root"),
        pytest.param("http://localhost:8888/", "/search", id="trailing-slash"),
        pytest.param("https://search.example.org/searx/", "/searx/search", id="path-prefix"),
    ],
)
async def test_search_requests_json_and_returns_hits(base_url: str, path: str) -> None:
    recorder = Recorder(httpx.Response(200, json=SEARXNG_ANSWER))
    async with recorder.client() as client:
        hits = await SearXNG(client, base_url).search("dart programming language", limit=2)
    assert [hit.source for hit in hits] == ["searxng", "searxng"]
    (request,) = recorder.requests
    assert request.url.path == path
    assert dict(request.url.params) == {"q": "dart programming language", "format": "json"}


@pytest.mark.parametrize(
    "base_url",
    [
        pytest.param("localhost:8888", id="no-scheme"),
        pytest.param("file:///etc/passwd", id="file-scheme"),
        pytest.param("", id="empty"),
    ],
)
async def test_bad_base_url_is_a_config_error(base_url: str) -> None:
    async with httpx.AsyncClient() as client:
        with pytest.raises(ConfigError, match="SEARXNG_URL"):
            SearXNG(client, base_url)


@pytest.mark.parametrize(
    "status",
    [
        pytest.param(403, id="json-format-disabled"),
        pytest.param(429, id="rate-limited"),
        pytest.param(502, id="bad-gateway"),
    ],
)
async def test_search_raises_provider_http_error(status: int) -> None:
    async with Recorder(httpx.Response(status, text="Forbidden")).client() as client:
        with pytest.raises(ProviderHTTPError) as raised:
            await SearXNG(client, "http://localhost:8888").search("q")
    assert raised.value.status_code == status


@pytest.mark.parametrize(
    "response",
    [
        pytest.param(httpx.Response(200, text="<!DOCTYPE html><html>"), id="html-not-json"),
        pytest.param(httpx.Response(200, json=[]), id="json-list"),
        pytest.param(httpx.ConnectError("refused"), id="connect-error"),
    ],
)
async def test_search_raises_fetch_error(response: httpx.Response | Exception) -> None:
    async with Recorder(response).client() as client:
        with pytest.raises(FetchError):
            await SearXNG(client, "http://localhost:8888").search("q")


async def test_search_raises_fetch_timeout_when_the_instance_hangs() -> None:
    async def hang(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(5)
        return httpx.Response(200, json=SEARXNG_ANSWER)

    async with httpx.AsyncClient(transport=httpx.MockTransport(hang)) as client:
        with pytest.raises(FetchTimeout):
            await SearXNG(client, "http://localhost:8888", timeout_s=0.05).search("q")


CREDENTIAL_URL = "http://alice:s3cr%40t@localhost:8888"


async def test_credentials_go_in_a_basic_header_not_the_url() -> None:
    recorder = Recorder(httpx.Response(200, json=SEARXNG_ANSWER))
    async with recorder.client() as client:
        await SearXNG(client, CREDENTIAL_URL).search("q")
    (request,) = recorder.requests
    assert request.url.userinfo == b"" and request.url.host == "localhost"
    assert request.headers["authorization"] == "Basic " + base64.b64encode(b"alice:s3cr@t").decode()


@pytest.mark.parametrize(
    "response",
    [
        pytest.param(httpx.Response(503, text="down"), id="http-error"),
        pytest.param(httpx.ConnectError("refused"), id="connect-error"),
        pytest.param(httpx.Response(200, text="<html>"), id="bad-json"),
    ],
)
async def test_credentials_never_reach_error_messages_or_logs(
    response: httpx.Response | Exception, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with Recorder(response).client() as client:
        with pytest.raises(FetchError) as raised:
            await SearXNG(client, CREDENTIAL_URL).search("q")
        # search_hits logs the failure with its traceback: nothing secret in there either.
        settings = Settings(searxng_url=CREDENTIAL_URL)
        assert await search_hits("q", client=client, settings=settings, searxng_client=client) == []
    texts = [str(raised.value), repr(raised.value), str(raised.value.url), caplog.text]
    assert not any("s3cr" in text or "alice" in text for text in texts)


def test_config_error_redacts_credentials() -> None:
    with pytest.raises(ConfigError) as raised:
        SearXNG(httpx.AsyncClient(), "ftp://alice:s3cret@host")
    assert "s3cret" not in str(raised.value) and "alice" not in str(raised.value)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        pytest.param("http://u:p@h:1/x", "http://***@h:1/x", id="user-password"),
        pytest.param("http://u@h/", "http://***@h/", id="user-only"),
        pytest.param("http://h/", "http://h/", id="none"),
    ],
)
def test_redact_url(url: str, expected: str) -> None:
    assert redact_url(url) == expected


async def test_huge_answer_is_a_fetch_error_read_only_up_to_the_cap() -> None:
    sent = [0]

    async def body() -> Any:
        yield b'{"results": ['
        for _ in range(200):
            sent[0] += 1
            yield b'{"title": "t", "url": "https://x.example/"},' * 1000

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=body())

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
        with pytest.raises(FetchError):
            await SearXNG(client, "http://localhost:8888", max_bytes=100_000).search("q")
    assert sent[0] <= 4

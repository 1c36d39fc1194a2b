"""DuckDuckGo: instant answer parsing, lite results scraping, challenge detection, the client."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from conftest import REAL_CAPTURES

from swarm.errors import FetchError, FetchTimeout, ProviderHTTPError
from swarm.web.duckduckgo import (
    INSTANT_ANSWER_URL,
    LITE_URL,
    DuckDuckGo,
    InstantAnswer,
    LiteResults,
    is_challenge,
    parse_instant_answer,
    parse_lite_results,
    unwrap_result_url,
)
from swarm.web.types import SearchHit

LITE_HTML = (REAL_CAPTURES / "ddg_lite_results.html").read_text("utf-8")
CHALLENGE_HTML = (REAL_CAPTURES / "ddg_anomaly_challenge_202.html").read_text("utf-8")
EMPTY_INSTANT_ANSWER = json.loads((REAL_CAPTURES / "ddg_instant_answer_empty.json").read_text())

REAL_DESTINATIONS = [
    "https://www.speedtest.net/",
    "https://fast.com/",
    "https://www.highspeedinternet.com/tools/speed-test",
]


def _lite_page(rows: str) -> str:
    """A lite results page shaped like the real one, with the given result rows."""
    return f"""<html><body><table border="0">{rows}</table></body></html>"""


def _result_row(href: str, title: str, snippet: str = "", row_class: str = "") -> str:
    tr_class = f" class='{row_class}'" if row_class else ""
    return f"""
 <tr{tr_class}><td valign="top">1.&nbsp;</td><td>
   <a rel="nofollow" href="{href}" class='result-link'>{title}</a></td></tr>
 <tr><td>&nbsp;</td><td class='result-snippet'>{snippet}</td></tr>
 <tr><td>&nbsp;</td><td><span class='link-text'>example</span></td></tr>"""


# --- instant answer -----------------------------------------------------------------------


def test_real_empty_instant_answer_is_none() -> None:
    assert parse_instant_answer(EMPTY_INSTANT_ANSWER) is None


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        pytest.param(
            {
                "Answer": "4",
                "AnswerType": "calc",
                "AbstractText": "Arithmetic is a branch of mathematics.",
                "AbstractURL": "https://en.wikipedia.org/wiki/Arithmetic",
            },
            InstantAnswer("4", "https://en.wikipedia.org/wiki/Arithmetic", "answer"),
            id="answer-beats-abstract",
        ),
        pytest.param(
            {
                "Heading": "Python (programming language)",
                "Abstract": "<b>Python</b> is a high-level language.",
                "AbstractText": "Python is a high-level, general-purpose programming language.",
                "AbstractSource": "Wikipedia",
                "AbstractURL": "https://en.wikipedia.org/wiki/Python_(programming_language)",
                "Answer": "",
                "Definition": "python definition: a large snake.",
                "DefinitionURL": "https://www.merriam-webster.com/dictionary/python",
                "RelatedTopics": [{"Text": "x", "FirstURL": "https://duckduckgo.com/x"}],
            },
            InstantAnswer(
                "Python is a high-level, general-purpose programming language.",
                "https://en.wikipedia.org/wiki/Python_(programming_language)",
                "abstract",
                "Python (programming language)",
            ),
            id="abstract-beats-definition",
        ),
        pytest.param(
            {
                "AbstractText": "",
                "Definition": "serendipity definition: the faculty of fortunate discoveries.",
                "DefinitionSource": "Merriam-Webster",
                "DefinitionURL": "https://www.merriam-webster.com/dictionary/serendipity",
            },
            InstantAnswer(
                "serendipity definition: the faculty of fortunate discoveries.",
                "https://www.merriam-webster.com/dictionary/serendipity",
                "definition",
            ),
            id="definition-only",
        ),
        pytest.param(
            {"Answer": "   \n ", "AbstractText": "  ", "Definition": ""},
            None,
            id="whitespace-only-is-empty",
        ),
        pytest.param(
            {"Answer": {"from": "calculator", "result": "4"}, "AbstractText": "Text here."},
            InstantAnswer("Text here.", "", "abstract"),
            id="non-string-answer-ignored",
        ),
        pytest.param({}, None, id="no-keys"),
        pytest.param([], None, id="list-payload"),
        pytest.param(None, None, id="null-payload"),
        pytest.param("Answer", None, id="string-payload"),
    ],
)
def test_parse_instant_answer(payload: Any, expected: InstantAnswer | None) -> None:
    assert parse_instant_answer(payload) == expected


# --- lite results -------------------------------------------------------------------------


def test_real_lite_page_parses_to_the_three_real_destinations() -> None:
    hits = parse_lite_results(LITE_HTML)
    assert [hit.url for hit in hits] == REAL_DESTINATIONS
    assert [hit.title for hit in hits] == [
        "Speedtest by Ookla - The Global Broadband Speed Test",
        "Internet Speed Test | Fast.com",
        "Internet Speed Test - Check Your Internet Speed - HighSpeedInternet.com",
    ]
    assert all(hit.source == "duckduckgo" for hit in hits)


def test_real_lite_snippets_are_unescaped_plain_text() -> None:
    hits = parse_lite_results(LITE_HTML)
    assert hits[2].snippet.endswith("one of the wireless gateway's Ethernet ports.")
    assert '"Show more info"' in hits[1].snippet
    assert "<b>" not in hits[0].snippet and "&#x27;" not in hits[2].snippet
    assert hits[0].snippet.startswith("Back to test results.")


def test_entities_in_titles_are_unescaped() -> None:
    page = _lite_page(
        _result_row("https://example.org/a", "Rock &amp; Roll: It&#x27;s &quot;here&quot;")
    )
    assert parse_lite_results(page)[0].title == 'Rock & Roll: It\'s "here"'


def test_limit_caps_the_hits() -> None:
    assert [hit.url for hit in parse_lite_results(LITE_HTML, limit=2)] == REAL_DESTINATIONS[:2]
    assert parse_lite_results(LITE_HTML, limit=0) == []


def test_challenge_page_never_yields_hits() -> None:
    assert parse_lite_results(CHALLENGE_HTML) == []


def test_ads_internal_links_and_duplicates_are_dropped() -> None:
    rows = "".join(
        [
            _result_row(
                "https://duckduckgo.com/y.js?ad_domain=shop.example&amp;u3=https%3A%2F%2Fshop",
                "Sponsored: buy now",
                "ad snippet",
            ),
            _result_row(
                "//duckduckgo.com/l/?uddg=https%3A%2F%2Fads.example%2F&amp;rut=1",
                "Ad row",
                "ad row snippet",
                row_class="result-sponsored",
            ),
            _result_row("/lite/?q=next&amp;s=10", "Next page"),
            _result_row(
                "//duckduckgo.com/l/?uddg=https%3A%2F%2Fduckduckgo.com%2Fsettings&amp;rut=2",
                "DDG settings",
            ),
            _result_row("javascript:alert(1)", "Script link"),
            _result_row("ftp://files.example/", "FTP link"),
            _result_row(
                "//duckduckgo.com/l/?uddg=https%3A%2F%2Freal.example%2Fpage&amp;rut=3",
                "The real result",
                "the real snippet",
            ),
            _result_row("https://real.example/page", "Same page again", "dup"),
        ]
    )
    assert parse_lite_results(_lite_page(rows)) == [
        SearchHit("The real result", "https://real.example/page", "the real snippet", "duckduckgo")
    ]


def test_snippet_of_a_dropped_ad_is_not_attached_to_the_next_hit() -> None:
    rows = _result_row("https://duckduckgo.com/y.js?x=1", "Ad", "AD SNIPPET") + (
        """<tr><td><a href="https://b.example/" class='result-link'>B</a></td></tr>"""
    )
    assert parse_lite_results(_lite_page(rows)) == [
        SearchHit("B", "https://b.example/", "", "duckduckgo")
    ]


@pytest.mark.parametrize(
    ("href", "expected"),
    [
        pytest.param(
            "//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.example%2Fx%3Fy%3D1%26z%3D2&rut=abc",
            "https://a.example/x?y=1&z=2",
            id="protocol-relative-redirector",
        ),
        pytest.param(
            "//duckduckgo.com/l/?kh=-1&amp;uddg=https%3A%2F%2Fb.example%2F&amp;rut=abc",
            "https://b.example/",
            id="uddg-not-first-and-amp-still-encoded",
        ),
        pytest.param(
            "https://duckduckgo.com/l/?kh=-1&uddg=http%3A%2F%2Fc.example%2F",
            "http://c.example/",
            id="absolute-redirector-http-destination",
        ),
        pytest.param("https://d.example/page", "https://d.example/page", id="direct-link"),
        pytest.param("//duckduckgo.com/l/?rut=abc", None, id="redirector-without-uddg"),
        pytest.param(
            "//duckduckgo.com/l/?uddg=javascript%3Aalert(1)", None, id="redirector-to-javascript"
        ),
        pytest.param(
            "//duckduckgo.com/l/?uddg=https%3A%2F%2Fduckduckgo.com%2Fy.js%3Fad%3D1",
            None,
            id="redirector-to-ddg-ad",
        ),
        pytest.param("https://www.duckduckgo.com/about", None, id="ddg-subdomain"),
        pytest.param("https://ads.example/y.js?u=1", None, id="y-js-redirect"),
        pytest.param("mailto:someone@example.org", None, id="mailto"),
        pytest.param("https://[::1/", None, id="broken-ipv6-literal"),
        pytest.param("", None, id="empty"),
    ],
)
def test_unwrap_result_url(href: str, expected: str | None) -> None:
    assert unwrap_result_url(href) == expected


# --- challenge detection ------------------------------------------------------------------


@pytest.mark.parametrize("status_code", [200, 202])
def test_real_challenge_page_is_detected_by_markers(status_code: int) -> None:
    assert is_challenge(status_code, CHALLENGE_HTML)


@pytest.mark.parametrize("status_code", [202, 400, 418, 429])
def test_challenge_status_codes_alone(status_code: int) -> None:
    assert is_challenge(status_code, "")


def test_real_results_page_is_not_a_challenge() -> None:
    assert not is_challenge(200, LITE_HTML)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param(
            '<div class="x  anomaly-modal__modal   is-ie">?</div>', True, id="odd-class-spacing"
        ),
        pytest.param('<div class="anomaly-modal">?</div>', True, id="bare-anomaly-modal-class"),
        pytest.param('<div data-testid="anomaly-modal"></div>', True, id="testid"),
        pytest.param(
            '<form action="//duckduckgo.com/anomaly.js?sv=html&cc=sre" method="POST"></form>',
            True,
            id="anomaly-js-form",
        ),
        pytest.param('<form id="challenge-form" method="POST"></form>', True, id="form-id"),
        pytest.param(
            "<p>Bots use DuckDuckGo too. Select all squares containing a duck.</p>",
            False,
            id="english-copy-alone-is-not-a-marker",
        ),
        pytest.param(
            _lite_page(
                _result_row(
                    "https://blog.example/anomaly-modal",
                    "How anomaly.js and challenge-form work",
                    "anomaly-modal css explained",
                )
            ),
            False,
            id="marker-words-in-a-real-result",
        ),
    ],
)
def test_challenge_markers(body: str, expected: bool) -> None:
    assert is_challenge(200, body) is expected


# --- the client ---------------------------------------------------------------------------


def _client(handler: Any) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.MockTransport(handler))


async def test_lite_results_posts_the_query_and_parses() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, text=LITE_HTML, headers={"content-type": "text/html"})

    async with _client(handler) as client:
        results = await DuckDuckGo(client).lite_results("speed test", limit=5)
    assert results == LiteResults(parse_lite_results(LITE_HTML), blocked=False)
    assert str(seen[0].url) == LITE_URL
    assert seen[0].method == "POST"
    assert seen[0].content == b"q=speed+test"


@pytest.mark.parametrize(
    ("status_code", "body"),
    [
        pytest.param(202, CHALLENGE_HTML, id="real-202-challenge"),
        pytest.param(200, CHALLENGE_HTML, id="challenge-served-as-200"),
        pytest.param(400, "", id="status-400"),
        pytest.param(429, "Too many requests", id="status-429"),
        pytest.param(202, LITE_HTML, id="202-with-results-is-still-a-block"),
    ],
)
async def test_lite_results_challenge_is_blocked_with_no_hits(status_code: int, body: str) -> None:
    async with _client(lambda request: httpx.Response(status_code, text=body)) as client:
        results = await DuckDuckGo(client).lite_results("test")
    assert results == LiteResults([], blocked=True)


async def test_lite_results_server_error_raises_provider_error() -> None:
    async with _client(lambda request: httpx.Response(503, text="down")) as client:
        with pytest.raises(ProviderHTTPError) as caught:
            await DuckDuckGo(client).lite_results("test")
    assert caught.value.status_code == 503


async def test_lite_results_network_error_raises_fetch_error() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    async with _client(handler) as client:
        with pytest.raises(FetchError):
            await DuckDuckGo(client).lite_results("test")


async def test_lite_results_slow_server_raises_fetch_timeout() -> None:
    import asyncio

    async def handler(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(5)
        return httpx.Response(200, text=LITE_HTML)

    async with _client(handler) as client:
        with pytest.raises(FetchTimeout):
            await DuckDuckGo(client, timeout_s=0.05).lite_results("test")


async def test_instant_answer_request_and_parse() -> None:
    seen: list[httpx.Request] = []
    payload = {"AbstractText": "Ada Lovelace was a mathematician.", "AbstractURL": "https://w/A"}

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=payload)

    async with _client(handler) as client:
        answer = await DuckDuckGo(client).instant_answer("ada lovelace")
    assert answer == InstantAnswer("Ada Lovelace was a mathematician.", "https://w/A", "abstract")
    url = seen[0].url
    assert f"{url.scheme}://{url.host}{url.path}" == INSTANT_ANSWER_URL
    assert dict(url.params) == {
        "q": "ada lovelace",
        "format": "json",
        "no_html": "1",
        "skip_disambig": "1",
    }


@pytest.mark.parametrize(
    "response",
    [
        pytest.param(
            httpx.Response(202, text="", headers={"content-type": "application/x-javascript"}),
            id="throttled-202-x-javascript",
        ),
        pytest.param(httpx.Response(200, text="{not json"), id="bad-json"),
        pytest.param(httpx.Response(200, json=EMPTY_INSTANT_ANSWER), id="real-empty-answer"),
        pytest.param(httpx.Response(200, json=["Answer", "4"]), id="json-list"),
        pytest.param(httpx.Response(500, text="oops"), id="server-error"),
        pytest.param(httpx.Response(200, text=CHALLENGE_HTML), id="challenge-page"),
    ],
)
async def test_instant_answer_failures_are_none(response: httpx.Response) -> None:
    async with _client(lambda request: response) as client:
        assert await DuckDuckGo(client).instant_answer("x") is None


async def test_instant_answer_network_error_is_none() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=request)

    async with _client(handler) as client:
        assert await DuckDuckGo(client).instant_answer("x") is None


def _counting_stream(first: bytes, filler: bytes, chunks: int, sent: list[int]) -> Any:
    """A streamed body: `first`, then up to `chunks` x `filler` (counted in `sent`)."""

    async def body() -> Any:
        yield first
        for _ in range(chunks):
            sent[0] += 1
            yield filler

    return body()


async def test_lite_page_is_read_only_up_to_the_byte_cap() -> None:
    sent = [0]
    first = LITE_HTML.encode()
    body = _counting_stream(first, b"<!-- padding -->" * 4096, 200, sent)  # ~13 MB after

    async with _client(lambda request: httpx.Response(200, content=body)) as client:
        results = await DuckDuckGo(client, max_bytes=len(first) + 65_536).lite_results("t")
    assert results.hits == parse_lite_results(LITE_HTML)  # the cut page still parses
    assert sent[0] <= 2 + 1  # stopped at the cap, never read the whole body


async def test_huge_instant_answer_is_a_miss_read_only_up_to_the_cap() -> None:
    sent = [0]
    body = _counting_stream(b'{"AbstractText": "', b"x" * 65_536, 200, sent)

    async with _client(lambda request: httpx.Response(200, content=body)) as client:
        assert await DuckDuckGo(client, max_bytes=131_072).instant_answer("x") is None
    assert sent[0] <= 3

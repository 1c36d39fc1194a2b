"""Wikipedia: REST summaries, full-text search, title resolution, language hosts, deadlines.

Offline: every request goes to an `httpx.MockTransport` handler that records it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any
from urllib.parse import unquote

import httpx
import pytest
from conftest import REAL_CAPTURES
from fakes import Handler, Recorder, settings
from hypothesis import given
from hypothesis import strategies as st

from swarm.web.wikipedia import (
    resolve_title,
    wiki_search,
    wiki_summary,
    wikipedia_fallback,
)
from swarm.web.wikipedia_api import parse_opensearch_titles, parse_search_titles, parse_summary
from swarm.web.wikipedia_language import encode_title, language_host

ARTICLE = json.loads((REAL_CAPTURES / "wikipedia_summary_article.json").read_text("utf-8"))
DISAMBIGUATION = json.loads(
    (REAL_CAPTURES / "wikipedia_summary_disambiguation.json").read_text("utf-8")
)
# The REST 404 body is JSON too (real shape, see real-captures/README.md).
NOT_FOUND = {
    "type": "https://mediawiki.org/wiki/HyperSwitch/errors/not_found",
    "title": "Not found.",
    "method": "get",
    "detail": "Page or revision not found.",
    "uri": "/en.wikipedia.org/v1/page/summary/No_such_page_xyz",
}


def opensearch_body(query: str, titles: list[str]) -> list[Any]:
    """`action=opensearch&format=json`: [query, [titles], [descriptions], [urls]]; Wikipedia
    sends empty descriptions nowadays."""
    return [
        query,
        titles,
        ["" for _ in titles],
        [f"https://en.wikipedia.org/wiki/{encode_title(title)}" for title in titles],
    ]


def search_body(titles: list[str]) -> dict[str, Any]:
    """`action=query&list=search&format=json&formatversion=2`, as the API:Search docs show."""
    return {
        "batchcomplete": True,
        "continue": {"sroffset": len(titles), "continue": "-||"},
        "query": {
            "searchinfo": {"totalhits": 4182},
            "search": [
                {
                    "ns": 0,
                    "title": title,
                    "pageid": 33033735 + rank,
                    "size": 51234,
                    "wordcount": 4321,
                    "snippet": f'<span class="searchmatch">{title}</span> is a thing',
                    "timestamp": "2026-03-28T18:24:07Z",
                }
                for rank, title in enumerate(titles)
            ],
        },
    }


def summary_body(title: str, extract: str, *, language: str = "en") -> dict[str, Any]:
    body = dict(ARTICLE)
    page = f"https://{language}.wikipedia.org/wiki/{title.replace(' ', '_')}"
    body.update(
        title=title,
        extract=extract,
        lang=language,
        content_urls={"desktop": {"page": page}, "mobile": {"page": page}},
    )
    return body


def kinds(recorder: Recorder) -> list[str]:
    """What each request was: "opensearch", "search" (list=search) or "summary"."""
    found = []
    for request in recorder.requests:
        if request.url.path.startswith("/api/rest_v1/page/summary/"):
            found.append("summary")
        elif request.url.params.get("action") == "opensearch":
            found.append("opensearch")
        elif request.url.params.get("list") == "search":
            found.append("search")
        else:
            found.append("other")
    return found


def is_summary(request: httpx.Request) -> bool:
    return request.url.path.startswith("/api/rest_v1/page/summary/")


def summary_title(request: httpx.Request) -> str:
    raw = request.url.raw_path.decode("ascii").rsplit("/", 1)[1]
    return unquote(raw).replace("_", " ")


def wiki_api(
    *,
    opensearch: list[str] | Callable[[str], httpx.Response] | None = None,
    fulltext: list[str] | Callable[[str], httpx.Response] | None = None,
    pages: dict[str, dict[str, Any]] | None = None,
) -> Recorder:
    """A fake Wikipedia (any language host): opensearch titles, list=search titles, summaries
    by title (missing titles answer the real 404 body)."""
    pages = pages or {}

    def handle(request: httpx.Request) -> httpx.Response:
        params = request.url.params
        if is_summary(request):
            title = summary_title(request)
            if title in pages:
                return httpx.Response(200, json=pages[title])
            return httpx.Response(404, json=NOT_FOUND)
        if params.get("action") == "opensearch":
            if callable(opensearch):
                return opensearch(request.url.host)
            return httpx.Response(200, json=opensearch_body(params["search"], opensearch or []))
        if params.get("list") == "search":
            if callable(fulltext):
                return fulltext(request.url.host)
            return httpx.Response(200, json=search_body(fulltext or []))
        return httpx.Response(400, json={"error": {"code": "badrequest"}})

    return Recorder(handle)


# --- seed 001: wiki_summary ------------------------------------------------------------------


async def test_wiki_summary_returns_extract() -> None:
    recorder = Recorder(lambda request: httpx.Response(200, json=ARTICLE))
    async with recorder.client() as client:
        result = await wiki_summary("Dart (programming language)", client=client)
    assert result == {
        "title": "Dart (programming language)",
        "extract": ARTICLE["extract"],
        "url": "https://en.wikipedia.org/wiki/Dart_(programming_language)",
    }
    (request,) = recorder.requests
    assert request.method == "GET"
    assert request.url.host == "en.wikipedia.org"
    assert request.url.raw_path == b"/api/rest_v1/page/summary/Dart_%28programming_language%29"


async def test_wiki_summary_returns_none_on_404() -> None:
    recorder = Recorder(lambda request: httpx.Response(404, json=NOT_FOUND))
    async with recorder.client() as client:
        assert await wiki_summary("No such page xyz", client=client) is None
    assert len(recorder.requests) == 1


async def test_wiki_summary_returns_none_on_disambiguation() -> None:
    recorder = Recorder(lambda request: httpx.Response(200, json=DISAMBIGUATION))
    async with recorder.client() as client:
        assert await wiki_summary("Batata", client=client) is None
    assert len(recorder.requests) == 1


async def test_wiki_summary_returns_the_body_title_after_a_redirect() -> None:
    # The summary endpoint follows redirects silently: report the page we actually got.
    recorder = Recorder(lambda request: httpx.Response(200, json=ARTICLE))
    async with recorder.client() as client:
        result = await wiki_summary("Dart language", client=client)
    assert result is not None
    assert result["title"] == "Dart (programming language)"
    assert recorder.requests[0].url.raw_path.endswith(b"/Dart_language")


async def test_wiki_summary_builds_the_url_when_content_urls_is_missing() -> None:
    body = {key: value for key, value in ARTICLE.items() if key != "content_urls"}
    recorder = Recorder(lambda request: httpx.Response(200, json=body))
    async with recorder.client() as client:
        result = await wiki_summary("Dart (programming language)", client=client, language="de")
    assert result is not None
    assert result["url"] == "https://de.wikipedia.org/wiki/Dart_%28programming_language%29"
    assert recorder.requests[0].url.host == "de.wikipedia.org"


@pytest.mark.parametrize(
    ("title", "raw_path"),
    [
        pytest.param("New York City", "New_York_City", id="spaces-to-underscores"),
        pytest.param("  Padded title ", "Padded_title", id="outer-whitespace-stripped"),
        pytest.param("AC/DC", "AC%2FDC", id="slash"),
        pytest.param("What?", "What%3F", id="question-mark"),
        pytest.param("C#", "C%23", id="hash"),
        pytest.param("100%", "100%25", id="percent"),
        pytest.param("Rock & Roll", "Rock_%26_Roll", id="ampersand"),
        pytest.param("Zürich", "Z%C3%BCrich", id="latin-non-ascii"),
        pytest.param("東京", "%E6%9D%B1%E4%BA%AC", id="cjk"),
        pytest.param("Dart (language)", "Dart_%28language%29", id="parentheses"),
        pytest.param(
            "../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", id="traversal-stays-one-segment"
        ),
    ],
)
async def test_wiki_summary_encodes_the_title_as_one_path_segment(
    title: str, raw_path: str
) -> None:
    recorder = Recorder(lambda request: httpx.Response(200, json=ARTICLE))
    async with recorder.client() as client:
        await wiki_summary(title, client=client)
    (request,) = recorder.requests
    assert request.url.raw_path == f"/api/rest_v1/page/summary/{raw_path}".encode("ascii")
    assert request.url.query == b""


def raise_connect_error(request: httpx.Request) -> httpx.Response:
    raise httpx.ConnectError("connection refused", request=request)


def raise_read_timeout(request: httpx.Request) -> httpx.Response:
    raise httpx.ReadTimeout("read timed out", request=request)


async def hang(request: httpx.Request) -> httpx.Response:
    await asyncio.sleep(5)
    return httpx.Response(200, json=ARTICLE)


SUMMARY_FAILURES = [
    pytest.param(lambda r: httpx.Response(500, text="upstream error"), id="http-500"),
    pytest.param(lambda r: httpx.Response(503, json={"error": "busy"}), id="http-503-json"),
    pytest.param(
        lambda r: httpx.Response(200, content=b'{"type": "standard", "ext'), id="bad-json"
    ),
    pytest.param(lambda r: httpx.Response(200, content=b"\xff\xfe\x00garbage"), id="not-utf8"),
    pytest.param(lambda r: httpx.Response(200, json=["Dart", "extract"]), id="json-list"),
    pytest.param(lambda r: httpx.Response(200, json="Dart"), id="json-string"),
    pytest.param(lambda r: httpx.Response(200, json=None), id="json-null"),
    pytest.param(
        lambda r: httpx.Response(200, json={**ARTICLE, "extract": ""}), id="empty-extract"
    ),
    pytest.param(lambda r: httpx.Response(200, json={**ARTICLE, "extract": "  \n"}), id="blank"),
    pytest.param(lambda r: httpx.Response(200, json={**ARTICLE, "extract": 42}), id="extract-int"),
    pytest.param(
        lambda r: httpx.Response(200, json={"type": "no-extract", "title": "X"}), id="no-extract"
    ),
    pytest.param(raise_connect_error, id="connect-error"),
    pytest.param(raise_read_timeout, id="read-timeout"),
    pytest.param(hang, id="hangs-past-the-timeout"),
]


@pytest.mark.parametrize("handler", SUMMARY_FAILURES)
async def test_wiki_summary_returns_none_on_failure(handler: Handler) -> None:
    recorder = Recorder(handler)
    started = time.monotonic()
    async with recorder.client() as client:
        result = await wiki_summary(
            "Dart", client=client, settings=settings(wikipedia_timeout_s=0.1)
        )
    assert result is None
    assert len(recorder.requests) == 1
    assert time.monotonic() - started < 2


async def test_wiki_summary_uses_the_default_5_second_timeout() -> None:
    recorder = Recorder(lambda request: httpx.Response(200, json=ARTICLE))
    async with recorder.client() as client:
        await wiki_summary("Dart", client=client)
    assert recorder.requests[0].extensions["timeout"]["read"] == 5.0


@pytest.mark.parametrize(
    ("language", "host"),
    [
        pytest.param("de", "de.wikipedia.org", id="de"),
        pytest.param("pt-BR", "pt.wikipedia.org", id="region-stripped"),
        pytest.param(None, "en.wikipedia.org", id="none"),
        pytest.param("evil.com/x", "en.wikipedia.org", id="not-a-code"),
    ],
)
async def test_wiki_summary_language_picks_the_host(language: str | None, host: str) -> None:
    recorder = Recorder(lambda request: httpx.Response(200, json=ARTICLE))
    async with recorder.client() as client:
        await wiki_summary("Dart", client=client, language=language)
    assert recorder.hosts == [host]


async def test_wiki_summary_blank_query_sends_nothing() -> None:
    recorder = Recorder(lambda request: httpx.Response(200, json=ARTICLE))
    async with recorder.client() as client:
        assert await wiki_summary("   ", client=client) is None
    assert recorder.requests == []


async def test_wiki_summary_reads_a_huge_body_only_up_to_the_cap() -> None:
    chunks_sent = 0

    async def endless_json() -> AsyncIterator[bytes]:
        nonlocal chunks_sent
        yield b'{"type": "standard", "extract": "'
        for _ in range(100):  # 6.5 MB, finite so a reader without a cap fails, not OOMs
            chunks_sent += 1
            yield b"x" * 65_536
        yield b'"}'

    recorder = Recorder(lambda request: httpx.Response(200, content=endless_json()))
    async with recorder.client() as client:
        result = await wiki_summary(
            "Dart", client=client, settings=settings(max_fetch_bytes=65_536)
        )
    assert result is None  # a cut JSON body is a miss, not half a document
    assert chunks_sent <= 4 * 65_536 // 65_536 + 2  # stopped at the cap, never read it all


BROKEN_SETTINGS = [
    pytest.param("SWARM_WIKIPEDIA_TIMEOUT_S", "soon", id="bad-timeout"),
    pytest.param("SWARM_FETCH_TIMEOUT_S", "-x", id="bad-fetch-timeout"),
]


@pytest.mark.parametrize(("name", "value"), BROKEN_SETTINGS)
async def test_wiki_lookups_never_raise_on_bad_settings(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    recorder = Recorder(lambda request: httpx.Response(200, json=ARTICLE))
    async with recorder.client() as client:
        assert await wiki_summary("Dart", client=client) is None
        assert await wiki_search("Dart", client=client) == []
        assert await wikipedia_fallback("Dart", client=client) is None
    assert recorder.requests == []


@pytest.mark.parametrize(
    "query",
    [pytest.param(None, id="none"), pytest.param(42, id="int"), pytest.param(b"Dart", id="bytes")],
)
async def test_wiki_lookups_never_raise_on_non_str_queries(query: Any) -> None:
    recorder = Recorder(lambda request: httpx.Response(200, json=ARTICLE))
    async with recorder.client() as client:
        assert await wiki_summary(query, client=client) is None
        assert await wiki_search(query, client=client) == []
        assert await wiki_search("Dart", "3", client=client) == []  # type: ignore[arg-type]
        assert await wikipedia_fallback(query, client=client) is None
    assert recorder.requests == []


# --- seed 001: wiki_search -------------------------------------------------------------------


async def test_wiki_search_returns_results() -> None:
    pages = {
        "Dart (programming language)": ARTICLE,
        "Flutter (software)": summary_body("Flutter (software)", "Flutter is a UI toolkit."),
        "Dart": DISAMBIGUATION,  # a miss: skipped, the others keep their rank order
        "Google": summary_body("Google", "Google LLC is a technology company."),
    }
    recorder = wiki_api(
        fulltext=["Dart (programming language)", "Dart", "Flutter (software)", "Google"],
        pages=pages,
    )
    async with recorder.client() as client:
        results = await wiki_search("dart language", limit=4, client=client)
    assert [result["title"] for result in results] == [
        "Dart (programming language)",
        "Flutter (software)",
        "Google",
    ]
    assert results[0] == {
        "title": "Dart (programming language)",
        "extract": ARTICLE["extract"],
        "url": "https://en.wikipedia.org/wiki/Dart_(programming_language)",
    }
    search_request = recorder.requests[0]
    assert search_request.url.path == "/w/api.php"
    assert {
        "action": "query",
        "list": "search",
        "srsearch": "dart language",
        "srlimit": "4",
        "format": "json",
    }.items() <= dict(search_request.url.params).items()
    assert kinds(recorder) == ["search"] + ["summary"] * 4


async def test_wiki_search_returns_empty_on_failure() -> None:
    recorder = Recorder(raise_connect_error)
    async with recorder.client() as client:
        assert await wiki_search("dart", client=client) == []
    assert kinds(recorder) == ["search"]


@pytest.mark.parametrize(
    "handler",
    [
        pytest.param(lambda r: httpx.Response(500, text="oops"), id="http-500"),
        pytest.param(lambda r: httpx.Response(200, content=b"<html>"), id="bad-json"),
        pytest.param(lambda r: httpx.Response(200, json={"query": {"search": {}}}), id="dict"),
        pytest.param(lambda r: httpx.Response(200, json={"query": {}}), id="no-search-key"),
        pytest.param(lambda r: httpx.Response(200, json={"error": {"code": "x"}}), id="api-err"),
        pytest.param(lambda r: httpx.Response(200, json=[1, 2]), id="json-list"),
        pytest.param(raise_read_timeout, id="timeout"),
    ],
)
async def test_wiki_search_returns_empty_on_bad_search_answers(handler: Handler) -> None:
    recorder = Recorder(handler)
    async with recorder.client() as client:
        assert await wiki_search("dart", client=client) == []
    assert len(recorder.requests) == 1  # no summary fetched after a failed search


async def test_wiki_search_fetches_summaries_concurrently_and_keeps_rank_order() -> None:
    titles = ["Alpha", "Beta", "Gamma"]
    arrived: list[str] = []
    all_arrived = asyncio.Event()

    async def handle(request: httpx.Request) -> httpx.Response:
        if not is_summary(request):
            return httpx.Response(200, json=search_body(titles))
        title = summary_title(request)
        arrived.append(title)
        if len(arrived) == len(titles):
            all_arrived.set()
        # Sequential fetching would never get past this: the others have not been sent yet.
        await asyncio.wait_for(all_arrived.wait(), timeout=1)
        # Answer in reverse rank order: the result must still follow the search rank.
        await asyncio.sleep(0.01 * (len(titles) - titles.index(title)))
        return httpx.Response(200, json=summary_body(title, f"{title} is a letter."))

    recorder = Recorder(handle)
    async with recorder.client() as client:
        results = await wiki_search("greek letters", client=client)
    assert [result["title"] for result in results] == titles


async def test_wiki_search_drops_duplicate_pages_from_redirects() -> None:
    recorder = wiki_api(
        fulltext=["Dart (programming language)", "Dart language"],
        pages={"Dart (programming language)": ARTICLE, "Dart language": ARTICLE},
    )
    async with recorder.client() as client:
        results = await wiki_search("dart", client=client)
    assert [result["title"] for result in results] == ["Dart (programming language)"]


async def test_wiki_search_with_no_hits_sends_no_summary_request() -> None:
    recorder = wiki_api(fulltext=[])
    async with recorder.client() as client:
        assert await wiki_search("qwzxv", client=client) == []
    assert kinds(recorder) == ["search"]


# --- pure parsers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(opensearch_body("Te", ["Tea", "Test"]), ["Tea", "Test"], id="titles"),
        pytest.param(opensearch_body("zzqx", []), [], id="no-titles"),
        pytest.param(["Te", ["", "  ", 5, None, "Tea"], [], []], ["Tea"], id="junk-skipped"),
        pytest.param(["Te"], [], id="too-short"),
        pytest.param(["Te", "Tea"], [], id="titles-not-a-list"),
        pytest.param({"error": {"code": "badvalue"}}, [], id="api-error-object"),
        pytest.param(None, [], id="null"),
    ],
)
def test_parse_opensearch_titles(data: object, expected: list[str]) -> None:
    assert parse_opensearch_titles(data) == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(search_body(["A", "B"]), ["A", "B"], id="titles-in-rank-order"),
        pytest.param(search_body([]), [], id="no-hits"),
        pytest.param({"query": {"search": [{"ns": 0, "pageid": 1}]}}, [], id="title-missing"),
        pytest.param({"query": {"search": [{"title": ""}]}}, [], id="title-empty"),
        pytest.param({"query": {"search": [{"title": 7}, "x", {"title": "B"}]}}, ["B"], id="junk"),
        pytest.param({"query": {"search": {"0": {"title": "A"}}}}, None, id="search-dict"),
        pytest.param({"query": {"search": "A"}}, None, id="search-string"),
        pytest.param({"query": {"search": None}}, None, id="search-null"),
        pytest.param({"query": {}}, None, id="search-missing"),
        pytest.param({"query": []}, None, id="query-not-a-dict"),
        pytest.param([], None, id="not-a-dict"),
    ],
)
def test_parse_search_titles(data: object, expected: list[str] | None) -> None:
    assert parse_search_titles(data) == expected


def test_parse_summary_falls_back_to_normalized_and_asked_titles() -> None:
    no_title = {key: value for key, value in ARTICLE.items() if key != "title"}
    assert parse_summary(no_title)["title"] == "Dart (programming language)"  # type: ignore[index]
    bare = {"type": "standard", "extract": "Text."}
    assert parse_summary(bare, language="fr", asked_title="Le Monde") == {
        "title": "Le Monde",
        "extract": "Text.",
        "url": "https://fr.wikipedia.org/wiki/Le_Monde",
    }


def test_parse_summary_ignores_a_non_https_content_url() -> None:
    body = {**ARTICLE, "content_urls": {"desktop": {"page": "javascript:alert(1)"}}}
    result = parse_summary(body)
    assert result is not None
    assert result["url"] == "https://en.wikipedia.org/wiki/Dart_%28programming_language%29"


@given(st.text(max_size=40))
def test_encode_title_is_one_safe_segment_that_round_trips(title: str) -> None:
    encoded = encode_title(title)
    assert not set(encoded) & set("/?# \t\n")
    assert encoded.isascii()
    assert unquote(encoded) == title.strip().replace(" ", "_")


# --- seed 002: language host ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "query", "expected"),
    [
        pytest.param("ja", "Albert Einstein", "en", id="ja-ascii-query-to-en"),
        pytest.param("ja", "東京タワー", "ja", id="ja-japanese-query"),
        pytest.param("ja", "東京 tower", "ja", id="ja-mostly-japanese"),
        pytest.param("ru", "Moscow metro", "en", id="ru-ascii-query-to-en"),
        pytest.param("ru", "Московский метрополитен", "ru", id="ru-cyrillic"),
        pytest.param("zh", "2024", "zh", id="no-letters-keeps-code"),
        pytest.param("ko", "BTS 방탄소년단", "ko", id="ko-mixed-under-80pct-ascii"),
        pytest.param("el", "Akropolis Athens ά", "en", id="el-over-80pct-ascii"),
        pytest.param("de", "Zürich Hauptbahnhof", "de", id="latin-language-kept"),
        pytest.param("fr", "Albert Einstein", "fr", id="latin-language-ascii-kept"),
        pytest.param("pt-BR", "Brasília", "pt", id="region-stripped"),
        pytest.param("PT_br", "Brasília", "pt", id="case-and-underscore"),
        pytest.param(" DE ", "Berlin", "de", id="whitespace-and-case"),
        pytest.param("xx1", "anything", "en", id="digits-invalid"),
        pytest.param("eng", "anything", "en", id="three-letters-invalid"),
        pytest.param("e", "anything", "en", id="one-letter-invalid"),
        pytest.param("", "anything", "en", id="empty"),
        pytest.param(None, "anything", "en", id="none"),
        pytest.param("ｄｅ", "Berlin", "en", id="fullwidth-invalid"),
        pytest.param("evil.example", "x", "en", id="hostname-injection"),
    ],
)
def test_language_host(code: str | None, query: str, expected: str) -> None:
    assert language_host(code, query) == expected


@given(st.one_of(st.none(), st.text(max_size=8)), st.text(max_size=20))
def test_language_host_is_always_two_lowercase_ascii_letters(code: str | None, query: str) -> None:
    host = language_host(code, query)
    assert len(host) == 2 and host.isascii() and host.isalpha() and host.islower()


# --- seed 002 guarantee 6: title cascade ----------------------------------------------------


async def test_fallback_happy_path_uses_opensearch_then_summary() -> None:
    recorder = wiki_api(
        opensearch=["Dart (programming language)"],
        fulltext=["Should not be asked"],
        pages={"Dart (programming language)": ARTICLE},
    )
    async with recorder.client() as client:
        result = await wikipedia_fallback("Dart programming", client=client, language="en")
    assert result is not None and result["title"] == "Dart (programming language)"
    assert kinds(recorder) == ["opensearch", "summary"]
    params = recorder.requests[0].url.params
    assert (params["search"], params["limit"], params["namespace"], params["format"]) == (
        "Dart programming",
        "1",
        "0",
        "json",
    )


async def test_fallback_cascades_to_full_text_when_opensearch_is_empty() -> None:
    einstein = summary_body("Albert Einstein", "Albert Einstein was a theoretical physicist.")
    recorder = wiki_api(
        opensearch=[], fulltext=["Albert Einstein"], pages={"Albert Einstein": einstein}
    )
    query = "modern scientists similar to Albert Einstein"
    async with recorder.client() as client:
        result = await wikipedia_fallback(query, client=client, language="en", deadline=None)
    assert result is not None and result["title"] == "Albert Einstein"
    assert kinds(recorder) == ["opensearch", "search", "summary"]
    search_params = recorder.requests[1].url.params
    assert search_params["srsearch"] == query
    assert search_params["srlimit"] == "1"
    assert summary_title(recorder.requests[2]) == "Albert Einstein"


async def test_fallback_both_empty_returns_none_without_a_summary_request() -> None:
    recorder = wiki_api(opensearch=[], fulltext=[])
    async with recorder.client() as client:
        assert await wikipedia_fallback("qwzxv blorp", client=client, language="en") is None
    assert kinds(recorder) == ["opensearch", "search"]


RESOLVE_FULLTEXT_GUARDS = [
    pytest.param(lambda host: httpx.Response(500, text="error"), id="fulltext-500"),
    pytest.param(lambda host: httpx.Response(429, json={"error": "rate"}), id="fulltext-429"),
    pytest.param(
        lambda host: httpx.Response(301, headers={"location": "https://evil.example/"}),
        id="fulltext-redirect",
    ),
    pytest.param(
        lambda host: httpx.Response(200, json={"query": {"search": [{"ns": 0, "pageid": 9}]}}),
        id="hit-title-missing",
    ),
    pytest.param(
        lambda host: httpx.Response(200, json={"query": {"search": [{"title": ""}]}}),
        id="hit-title-empty",
    ),
    pytest.param(
        lambda host: httpx.Response(200, json={"query": {"search": [{"title": "   "}]}}),
        id="hit-title-blank",
    ),
    pytest.param(
        lambda host: httpx.Response(200, json={"query": {"search": {"title": "Einstein"}}}),
        id="search-is-a-dict",
    ),
    pytest.param(
        lambda host: httpx.Response(200, json={"query": {"search": "Einstein"}}),
        id="search-is-a-string",
    ),
    pytest.param(
        lambda host: httpx.Response(200, json={"query": {"search": None}}), id="search-is-null"
    ),
    pytest.param(lambda host: httpx.Response(200, content=b"{'query':"), id="malformed-json"),
]


@pytest.mark.parametrize("fulltext", RESOLVE_FULLTEXT_GUARDS)
async def test_resolve_title_defensive_guards(fulltext: Callable[[str], httpx.Response]) -> None:
    recorder = wiki_api(opensearch=[], fulltext=fulltext, pages={"Einstein": ARTICLE})
    async with recorder.client() as client:
        title = await resolve_title(
            "scientists like Einstein",
            client=client,
            language="en",
            deadline=None,
            settings=settings(),
        )
        assert title is None
        result = await wikipedia_fallback("scientists like Einstein", client=client, language="en")
    assert result is None
    assert "summary" not in kinds(recorder)


async def test_resolve_title_treats_a_failed_opensearch_as_empty() -> None:
    recorder = wiki_api(
        opensearch=lambda host: httpx.Response(503, text="busy"), fulltext=["Albert Einstein"]
    )
    async with recorder.client() as client:
        title = await resolve_title(
            "Einstein", client=client, language="en", deadline=None, settings=settings()
        )
    assert title == "Albert Einstein"
    assert kinds(recorder) == ["opensearch", "search"]


# --- seed 002: localised-miss retry and script check ----------------------------------------


async def test_localised_miss_retries_once_against_english() -> None:
    recorder = wiki_api(
        opensearch=lambda host: httpx.Response(
            200,
            json=opensearch_body(
                "x", ["Dart (programming language)"] if host.startswith("en.") else []
            ),
        ),
        fulltext=lambda host: httpx.Response(200, json=search_body([])),
        pages={"Dart (programming language)": ARTICLE},
    )
    async with recorder.client() as client:
        result = await wikipedia_fallback("Dart Programmiersprache", client=client, language="de")
    assert result is not None and result["title"] == "Dart (programming language)"
    assert recorder.hosts == [
        "de.wikipedia.org",
        "de.wikipedia.org",
        "en.wikipedia.org",
        "en.wikipedia.org",
    ]
    assert kinds(recorder) == ["opensearch", "search", "opensearch", "summary"]


async def test_localised_summary_miss_also_retries_against_english() -> None:
    # ja resolves a title but its summary 404s: retry the whole lookup on en.
    tokyo = summary_body("Tokyo", "Tokyo is the capital of Japan.")

    def opensearch_by_host(host: str) -> httpx.Response:
        title = "Tokyo" if host.startswith("en.") else "東京"
        return httpx.Response(200, json=opensearch_body("東京", [title]))

    recorder = wiki_api(opensearch=opensearch_by_host, pages={"Tokyo": tokyo})
    async with recorder.client() as client:
        result = await wikipedia_fallback("東京", client=client, language="ja")
    assert result == {
        "title": "Tokyo",
        "extract": "Tokyo is the capital of Japan.",
        "url": "https://en.wikipedia.org/wiki/Tokyo",
    }
    assert recorder.hosts == ["ja.wikipedia.org"] * 2 + ["en.wikipedia.org"] * 2
    assert recorder.requests[1].url.raw_path.endswith(b"/%E6%9D%B1%E4%BA%AC")


async def test_english_miss_is_not_retried() -> None:
    recorder = wiki_api(opensearch=[], fulltext=[])
    async with recorder.client() as client:
        assert await wikipedia_fallback("qwzxv", client=client, language=None) is None
    assert recorder.hosts == ["en.wikipedia.org"] * 2


async def test_script_check_sends_an_ascii_query_under_ja_straight_to_english() -> None:
    recorder = wiki_api(
        opensearch=["Dart (programming language)"], pages={"Dart (programming language)": ARTICLE}
    )
    async with recorder.client() as client:
        result = await wikipedia_fallback("Dart language", client=client, language="ja")
    assert result is not None
    assert set(recorder.hosts) == {"en.wikipedia.org"}


async def test_no_english_retry_when_the_budget_is_gone() -> None:
    async def slow_empty_opensearch(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(0.4)
        return httpx.Response(200, json=opensearch_body("x", []))

    recorder = Recorder(slow_empty_opensearch)
    deadline = time.monotonic() + 0.8
    async with recorder.client() as client:
        result = await wikipedia_fallback(
            "Dart Programmiersprache",
            client=client,
            language="de",
            deadline=deadline,
            settings=settings(wikipedia_min_timeout_s=0.5),
        )
    assert result is None
    # After the slow opensearch less than the minimum is left: no full-text, no en retry.
    assert recorder.hosts == ["de.wikipedia.org"]


# --- seed 002 guarantee 7: deadline plumbing ------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(
            lambda client, deadline: wikipedia_fallback(
                "Dart", client=client, language="de", deadline=deadline
            ),
            id="wikipedia_fallback",
        ),
        pytest.param(
            lambda client, deadline: wiki_summary("Dart", client=client, deadline=deadline),
            id="wiki_summary",
        ),
        pytest.param(
            lambda client, deadline: wiki_search("Dart", client=client, deadline=deadline),
            id="wiki_search",
        ),
    ],
)
@pytest.mark.parametrize(
    "seconds_left",
    [
        pytest.param(-10.0, id="long-past"),
        pytest.param(-0.001, id="just-past"),
        pytest.param(0.0, id="now"),
        pytest.param(0.2, id="below-minimum"),
    ],
)
async def test_exhausted_deadline_sends_no_request(
    call: Callable[[httpx.AsyncClient, float], Awaitable[object]], seconds_left: float
) -> None:
    recorder = wiki_api(opensearch=["Dart"], fulltext=["Dart"], pages={"Dart": ARTICLE})
    async with recorder.client() as client:
        result = await call(client, time.monotonic() + seconds_left)
    assert result in (None, [])
    assert recorder.requests == []


async def test_near_deadline_shrinks_every_request_timeout() -> None:
    recorder = wiki_api(
        opensearch=[], fulltext=["Albert Einstein"], pages={"Albert Einstein": ARTICLE}
    )
    deadline = time.monotonic() + 1.5
    async with recorder.client() as client:
        result = await wikipedia_fallback(
            "scientists like Einstein", client=client, language="en", deadline=deadline
        )
    assert result is not None
    assert kinds(recorder) == ["opensearch", "search", "summary"]
    previous = 1.5
    for request in recorder.requests:
        timeout = request.extensions["timeout"]
        assert set(timeout.values()) == {timeout["read"]}  # connect/read/write/pool alike
        assert 0.5 <= timeout["read"] <= previous < 5.0
        previous = timeout["read"]


async def test_without_a_deadline_each_request_gets_the_configured_timeout() -> None:
    recorder = wiki_api(opensearch=["Dart"], pages={"Dart": ARTICLE})
    async with recorder.client() as client:
        await wikipedia_fallback(
            "Dart", client=client, language="en", settings=settings(wikipedia_timeout_s=3.0)
        )
    assert [request.extensions["timeout"]["read"] for request in recorder.requests] == [3.0, 3.0]


async def test_a_hanging_wikipedia_is_cut_at_the_deadline() -> None:
    recorder = Recorder(hang)
    started = time.monotonic()
    async with recorder.client() as client:
        result = await wikipedia_fallback(
            "Dart",
            client=client,
            language="de",
            deadline=started + 0.7,
            settings=settings(wikipedia_min_timeout_s=0.2),
        )
    elapsed_s = time.monotonic() - started
    assert result is None
    assert elapsed_s < 1.2
    assert recorder.hosts == ["de.wikipedia.org"]  # nothing left for full-text or en retry


async def test_the_summary_is_skipped_when_resolution_used_up_the_budget() -> None:
    async def slow_opensearch(request: httpx.Request) -> httpx.Response:
        if is_summary(request):
            return httpx.Response(200, json=ARTICLE)
        await asyncio.sleep(0.4)
        return httpx.Response(200, json=opensearch_body("Dart", ["Dart"]))

    recorder = Recorder(slow_opensearch)
    async with recorder.client() as client:
        result = await wikipedia_fallback(
            "Dart",
            client=client,
            language="en",
            deadline=time.monotonic() + 0.8,
            settings=settings(wikipedia_min_timeout_s=0.5),
        )
    assert result is None
    assert kinds(recorder) == ["opensearch"]

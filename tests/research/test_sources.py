"""Gathering sources (swarm/research/sources.py): sub-queries, Wikipedia + web, URL dedup, the
fetch step and the budget."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest
from research_fakes import (
    PY_WIKI,
    FakeWeb,
    fake_wikipedia,
    report_sources,
    research_settings,
    research_with,
    search_hit,
    web_fixture,
)

from swarm.models.base import SourceText
from swarm.models.scripted import ScriptedReasoner
from swarm.research import ResearchResult, research_topic
from swarm.web.types import Article


async def test_subqueries_run_concurrently_with_wikipedia_per_query() -> None:
    web = FakeWeb(
        hits={
            "a": [search_hit("https://a.example/1")],
            "b": [search_hit("https://b.example/1")],
            "c": [search_hit("https://c.example/1")],
        },
        search_delay_s=0.3,
    )
    wikipedia = fake_wikipedia()
    model = ScriptedReasoner(subqueries=["a", "b", "c"])
    started = time.monotonic()
    result = await research_with(
        "abc",
        web,
        model=model,
        wikipedia=wikipedia,
    )
    assert time.monotonic() - started < 0.7  # three 0.3 s searches overlapped, not 0.9 s
    assert sorted(q for q, _ in web.searched) == ["a", "b", "c"]
    assert sorted(q for q, _ in wikipedia.calls) == ["a", "b", "c"]  # type: ignore[attr-defined]
    assert [s.url for s in result.sources] == [
        "https://a.example/1",
        "https://b.example/1",
        "https://c.example/1",
    ]


@pytest.mark.parametrize(
    ("depth", "max_queries", "web_limit"),
    [pytest.param("quick", 2, 3, id="quick"), pytest.param("deep", 5, 5, id="deep")],
)
async def test_depth_bounds_queries_and_fetches(
    depth: str, max_queries: int, web_limit: int
) -> None:
    queries = [f"q{i}" for i in range(6)]
    web = FakeWeb(
        hits={q: [search_hit(f"https://{q}.example/{n}") for n in range(6)] for q in queries}
    )
    model = ScriptedReasoner(subqueries=queries)
    result = await research_topic(
        "topic",
        depth,
        model=model,
        settings=research_settings(),
        search=web.search,
        wikipedia_search=fake_wikipedia(),
        fetcher=web.fetch,
    )
    assert model.calls_to("plan_subqueries")[0]["max_queries"] == max_queries
    assert len(web.searched) == max_queries
    assert {limit for _, limit in web.searched} == {web_limit}
    assert len(web.fetched) == (2 if depth == "quick" else 8)
    assert result.depth == depth


async def test_planner_output_is_cleaned_and_failure_falls_back_to_topic() -> None:
    web = FakeWeb()
    model = ScriptedReasoner().enqueue("plan_subqueries", ["  A  b ", "a b", "", "c"])
    await research_with(
        "t",
        web,
        model=model,
    )
    assert [q for q, _ in web.searched] == ["A b", "c"]

    web = FakeWeb()
    model = ScriptedReasoner().enqueue("plan_subqueries", RuntimeError("planner down"))
    result = await research_with(
        "the topic",
        web,
        model=model,
    )
    assert [q for q, _ in web.searched] == ["the topic"]
    assert any("planning failed" in error for error in result.errors)


async def test_wikipedia_article_found_by_both_appears_once() -> None:
    mobile = PY_WIKI.replace("en.wikipedia", "en.m.wikipedia") + "/?utm_source=ddg#History"
    web = FakeWeb(
        hits={
            "python": [search_hit(mobile, "Python - Wikipedia"), search_hit("https://python.org/")]
        },
        articles={"https://python.org/": ("Welcome", "Python.org home page text.")},
    )
    wikipedia = fake_wikipedia(
        {"title": "Python (programming language)", "extract": "Extract.", "url": PY_WIKI}
    )
    model = ScriptedReasoner(subqueries=["python"])
    result = await research_with(
        "python",
        web,
        model=model,
        wikipedia=wikipedia,
    )
    assert [(s.url, s.origin) for s in result.sources] == [
        (PY_WIKI, "wikipedia"),  # kept the Wikipedia version, in the web hit's place
        ("https://python.org/", "web"),
    ]
    assert web.fetched == ["https://python.org/"]  # the Wikipedia page is not fetched
    assert report_sources(model)[0].text == "Extract."


async def test_same_page_from_two_subqueries_appears_once() -> None:
    web = FakeWeb(
        hits={
            "a": [search_hit("https://example.com/x")],
            "b": [search_hit("http://EXAMPLE.com/x/"), search_hit("https://example.com/y")],
        }
    )
    wikipedia = fake_wikipedia(
        {"title": "X", "extract": "x", "url": PY_WIKI, "query": "a"},
        {"title": "X", "extract": "x", "url": PY_WIKI.replace("en.", "en.m."), "query": "b"},
    )
    result = await research_with(
        "t",
        web,
        model=ScriptedReasoner(subqueries=["a", "b"]),
        wikipedia=wikipedia,
    )
    assert [s.url for s in result.sources] == [
        "https://example.com/x",
        "https://example.com/y",
        PY_WIKI,
    ]


# --- Wikipedia is purely additive ----------------------------------------------------------


def _wiki_timeout(request: httpx.Request) -> httpx.Response:
    raise httpx.ReadTimeout("timed out", request=request)


def _wiki_500(request: httpx.Request) -> httpx.Response:
    return httpx.Response(500, text="upstream error")


def _wiki_malformed(request: httpx.Request) -> httpx.Response:
    return httpx.Response(
        200, content=b'{"query": {"search": [', headers={"content-type": "application/json"}
    )


def _wiki_wrong_shape(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, json={"query": {"search": "nope"}})


async def _wiki_hangs(request: httpx.Request) -> httpx.Response:
    await asyncio.sleep(1.0)
    return httpx.Response(200, json={})


async def _run_with_wikipedia_client(
    handler: Any, *, enabled: bool = True
) -> tuple[ResearchResult, list[SourceText]]:
    web = web_fixture()
    model = ScriptedReasoner(subqueries=["rust ownership", "rust borrowing"], report="Report [1].")
    settings = research_settings(wikipedia_fallback_enabled=enabled, wikipedia_timeout_s=0.2)
    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
        result = await research_topic(
            "rust ownership and borrowing",
            model=model,
            settings=settings,
            client=client,
            search=web.search,
            fetcher=web.fetch,
        )
    return result, report_sources(model)


def _comparable(result: ResearchResult) -> dict[str, Any]:
    return result.model_dump(exclude={"elapsed_s"})


@pytest.mark.parametrize(
    "handler",
    [
        pytest.param(_wiki_timeout, id="timeout"),
        pytest.param(_wiki_hangs, id="hangs-past-timeout"),
        pytest.param(_wiki_500, id="http-500"),
        pytest.param(_wiki_malformed, id="malformed-json"),
        pytest.param(_wiki_wrong_shape, id="wrong-shape"),
    ],
)
async def test_wikipedia_failure_leaves_result_as_without_wikipedia(handler: Any) -> None:
    # Sources, report and inputs are as without Wikipedia (it is additive); `errors` used to
    # be identical too, hiding the failure: now each failed Wikipedia search is listed.
    failing, failing_inputs = await _run_with_wikipedia_client(handler)
    disabled, disabled_inputs = await _run_with_wikipedia_client(_wiki_500, enabled=False)
    wikipedia_errors = [e for e in failing.errors if e.startswith("search: Wikipedia search")]
    assert len(wikipedia_errors) == 2, failing.errors
    assert all("en.wikipedia.org" in error for error in wikipedia_errors)
    assert [e for e in failing.errors if e not in wikipedia_errors] == disabled.errors
    assert _comparable(failing) | {"errors": []} == _comparable(disabled) | {"errors": []}
    assert failing_inputs == disabled_inputs
    assert [s.origin for s in failing.sources] == ["web", "web", "web"]


async def test_wikipedia_via_real_client_adds_sources_without_changing_web_ones() -> None:
    title = "Ownership (Rust)"

    def handler(request: httpx.Request) -> httpx.Response:
        assert request.url.host == "en.wikipedia.org"
        if request.url.path == "/w/api.php":
            return httpx.Response(200, json={"query": {"search": [{"title": title}]}})
        return httpx.Response(
            200,
            json={
                "type": "standard",
                "title": title,
                "extract": "Ownership is a discipline for memory.",
                "content_urls": {
                    "desktop": {"page": "https://en.wikipedia.org/wiki/Ownership_(Rust)"}
                },
            },
        )

    working, working_inputs = await _run_with_wikipedia_client(handler)
    disabled, disabled_inputs = await _run_with_wikipedia_client(_wiki_500, enabled=False)
    web_only = [s for s in working.sources if s.origin == "web"]
    assert web_only == disabled.sources  # same web sources, same order, same numbers
    assert working_inputs[: len(disabled_inputs)] == disabled_inputs
    assert [s.origin for s in working.sources[len(web_only) :]] == ["wikipedia"]  # deduplicated
    assert working.sources[-1].url == "https://en.wikipedia.org/wiki/Ownership_(Rust)"


async def test_wikipedia_search_raising_is_noted_and_additive() -> None:
    async def broken(query: str, limit: int) -> list[dict[str, str]]:
        raise RuntimeError("boom")

    web = web_fixture()
    result = await research_with(
        "rust",
        web,
        model=ScriptedReasoner(subqueries=["rust ownership"]),
        wikipedia=broken,
    )
    assert [s.origin for s in result.sources] == ["web", "web"]
    assert any("Wikipedia search" in error and "boom" in error for error in result.errors)


# --- fetch step ----------------------------------------------------------------------------


async def test_fetch_failures_fall_back_to_snippets_and_are_noted() -> None:
    async def fetcher(url: str, **_: Any) -> Article | None:
        if "boom" in url:
            raise RuntimeError("connection reset")
        return None

    web = FakeWeb(
        hits={"t": [search_hit("https://boom.example/"), search_hit("https://empty.example/")]}
    )
    model = ScriptedReasoner(subqueries=["t"])
    result = await research_topic(
        "t",
        model=model,
        settings=research_settings(),
        search=web.search,
        wikipedia_search=fake_wikipedia(),
        fetcher=fetcher,
    )
    assert [s.text for s in report_sources(model)] == [
        "snippet of https://boom.example/",
        "snippet of https://empty.example/",
    ]
    assert any("connection reset" in e for e in result.errors)
    assert any("no readable article text" in e for e in result.errors)


async def test_fetches_are_bounded_by_the_concurrency_setting() -> None:
    running = 0
    peak = 0

    async def fetcher(url: str, **_: Any) -> Article:
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.02)
        running -= 1
        return Article(title="T", text="text", url=url)

    web = FakeWeb(hits={"t": [search_hit(f"https://s{n}.example/") for n in range(5)]})
    await research_topic(
        "t",
        model=ScriptedReasoner(subqueries=["t"]),
        settings=research_settings(research_fetch_concurrency=2),
        search=web.search,
        wikipedia_search=fake_wikipedia(),
        fetcher=fetcher,
    )
    assert peak == 2


async def test_slow_single_fetch_times_out_per_source() -> None:
    async def fetcher(url: str, **_: Any) -> Article:
        if "slow" in url:
            await asyncio.sleep(5)
        return Article(title="T", text=f"text of {url}", url=url)

    web = FakeWeb(
        hits={"t": [search_hit("https://slow.example/"), search_hit("https://fast.example/")]}
    )
    model = ScriptedReasoner(subqueries=["t"])
    started = time.monotonic()
    result = await research_topic(
        "t",
        model=model,
        settings=research_settings(fetch_timeout_s=0.2),
        search=web.search,
        wikipedia_search=fake_wikipedia(),
        fetcher=fetcher,
    )
    assert time.monotonic() - started < 1.0
    assert [s.text for s in report_sources(model)] == [
        "snippet of https://slow.example/",
        "text of https://fast.example/",
    ]
    assert any("slow.example" in e and "no answer within" in e for e in result.errors)


# --- budget --------------------------------------------------------------------------------


async def test_budget_with_slow_fetches_returns_with_the_sources_it_has() -> None:
    web = FakeWeb(
        hits={"t": [search_hit("https://a.example/"), search_hit("https://b.example/")]},
        articles={"https://a.example/": ("A", "full a")},
        fetch_delay_s=5.0,
    )
    wikipedia = fake_wikipedia(
        {"title": "T", "extract": "Wikipedia on t.", "url": "https://en.wikipedia.org/wiki/T"}
    )
    model = ScriptedReasoner(subqueries=["t"])
    started = time.monotonic()
    result = await research_with(
        "t",
        web,
        model=model,
        settings=research_settings(research_budget_s=0.5),
        wikipedia=wikipedia,
    )
    assert time.monotonic() - started < 1.0
    assert [s.origin for s in result.sources] == ["web", "web", "wikipedia"]
    assert [s.text for s in report_sources(model)] == [
        "snippet of https://a.example/",
        "snippet of https://b.example/",
        "Wikipedia on t.",
    ]
    assert any(e.startswith("budget exhausted at step 4") for e in result.errors)
    assert result.report


async def test_budget_with_slow_search_keeps_wikipedia() -> None:
    web = FakeWeb(hits={"t": [search_hit("https://a.example/")]}, search_delay_s=5.0)
    wikipedia = fake_wikipedia(
        {"title": "T", "extract": "Wikipedia on t.", "url": "https://en.wikipedia.org/wiki/T"}
    )
    started = time.monotonic()
    result = await research_with(
        "t",
        web,
        model=ScriptedReasoner(subqueries=["t"]),
        settings=research_settings(research_budget_s=0.5),
        wikipedia=wikipedia,
    )
    assert time.monotonic() - started < 1.0
    assert [s.origin for s in result.sources] == ["wikipedia"]
    assert any(e.startswith("budget exhausted at step 2") for e in result.errors)


async def test_web_search_disabled_leaves_wikipedia_only() -> None:
    web = web_fixture()
    wikipedia = fake_wikipedia(
        {"title": "T", "extract": "Wiki text.", "url": "https://en.wikipedia.org/wiki/T"}
    )
    result = await research_with(
        "rust ownership",
        web,
        model=ScriptedReasoner(subqueries=["rust ownership"]),
        settings=research_settings(web_search_enabled=False),
        wikipedia=wikipedia,
    )
    assert [s.origin for s in result.sources] == ["wikipedia"]
    assert web.searched == [] and web.fetched == []
    assert any("WEB_SEARCH_ENABLED=false" in e for e in result.errors)


async def test_odd_depth_falls_back_to_deep() -> None:
    web = FakeWeb()
    result = await research_topic(
        "t",
        ["not", "a", "depth"],  # type: ignore[arg-type]
        model=ScriptedReasoner(subqueries=["t"]),
        settings=research_settings(),
        search=web.search,
        wikipedia_search=fake_wikipedia(),
        fetcher=web.fetch,
    )
    assert result.depth == "deep"
    assert any("unknown depth" in error for error in result.errors)


@pytest.mark.parametrize(("cap", "expected"), [(3, 3), (20, 10)])
async def test_research_max_sources_caps_deep_sources(cap: int, expected: int) -> None:
    urls = [f"https://s{index}.example/" for index in range(10)]
    web = FakeWeb(
        hits={
            "t": [search_hit(url) for url in urls[:5]],
            "u": [search_hit(url) for url in urls[5:]],
        },
        articles={url: ("T", "text about t") for url in urls},
    )
    result = await research_topic(
        "t",
        "deep",
        model=ScriptedReasoner(subqueries=["t", "u"]),
        settings=research_settings(research_max_sources=cap),
        search=web.search,
        wikipedia_search=fake_wikipedia(),
        fetcher=web.fetch,
    )
    assert len(result.sources) == expected
    assert len(web.fetched) == min(expected, 8)

"""The web search tool (seed 002): the fetch cascade, the provider chain and its budget,
progress lines, the envelopes, `search_hits`, and the `swarm search` command."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from conftest import REAL_CAPTURES

from swarm.cli import cli
from swarm.cli_outside import OutsideWiring
from swarm.config import Settings
from swarm.tools.context import ToolContext
from swarm.web import cascade as cascade_module
from swarm.web import search_chain as search_chain_module
from swarm.web.cascade import cascade_fetch
from swarm.web.types import Article, SearchHit
from swarm.web.web_search import search_hits, web_search

LITE_HTML = (REAL_CAPTURES / "ddg_lite_results.html").read_text("utf-8")
CHALLENGE_HTML = (REAL_CAPTURES / "ddg_anomaly_challenge_202.html").read_text("utf-8")
EMPTY_INSTANT_ANSWER = json.loads((REAL_CAPTURES / "ddg_instant_answer_empty.json").read_text())
BRAVE_CAPTURE = json.loads((REAL_CAPTURES / "brave_web_search.json").read_text("utf-8"))
WIKI_SUMMARY = json.loads((REAL_CAPTURES / "wikipedia_summary_article.json").read_text("utf-8"))
NO_RESULTS_HTML = "<html><body><table></table><p>No results.</p></body></html>"

# The three results in the lite capture, in rank order.
SPEEDTEST = "https://www.speedtest.net/"
FAST = "https://fast.com/"
HIGHSPEED = "https://www.highspeedinternet.com/tools/speed-test"
BRAVE_URL = "https://newsroom.statefarm.com/state-farm-general-insurance-company-update-on-california-2-2025/"
SPEED_QUERY = "internet speed test"
DART_QUERY = "Dart programming language"

HEARTBEAT_PHRASES = ("🌐", "🚧", "⚠️", "📚", "✅")


def settings(**overrides: Any) -> Settings:
    """Short budgets so nothing in these tests waits long."""
    values: dict[str, Any] = {
        "cascade_wall_clock_s": 2.0,
        "total_wall_clock_s": 5.0,
        "fetch_timeout_s": 2.0,
        "wikipedia_timeout_s": 2.0,
        "wikipedia_min_timeout_s": 0.05,
    }
    values.update(overrides)
    return Settings(**values)


# --- fakes -------------------------------------------------------------------------------------


@dataclass
class FakeWeb:
    """Every provider behind one MockTransport; `hang` names providers that never answer."""

    instant: Any = field(default_factory=lambda: EMPTY_INSTANT_ANSWER)
    lite_html: str = LITE_HTML
    lite_status: int = 200
    brave: Any = field(default_factory=lambda: BRAVE_CAPTURE)
    wiki_titles: dict[str, list[str]] = field(default_factory=dict)
    wiki_summary: Any = field(default_factory=lambda: WIKI_SUMMARY)
    hang: frozenset[str] = frozenset()
    down: frozenset[str] = frozenset()  # providers whose connection fails
    requests: list[httpx.Request] = field(default_factory=list)

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=httpx.MockTransport(self.handler))

    def hosts(self) -> list[str]:
        return [request.url.host for request in self.requests]

    async def handler(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        host = request.url.host
        provider = {
            "api.duckduckgo.com": "ddg_instant",
            "lite.duckduckgo.com": "ddg_lite",
            "api.search.brave.com": "brave",
        }.get(host, "wikipedia" if host.endswith(".wikipedia.org") else "other")
        if provider in self.hang:
            await asyncio.sleep(10)
        if provider in self.down:
            raise httpx.ConnectError("Temporary failure in name resolution", request=request)
        if provider == "ddg_instant":
            return httpx.Response(200, json=self.instant)
        if provider == "ddg_lite":
            return httpx.Response(
                self.lite_status, text=self.lite_html, headers={"content-type": "text/html"}
            )
        if provider == "brave":
            return httpx.Response(200, json=self.brave)
        if provider == "wikipedia":
            return self._wikipedia(request)
        return httpx.Response(404)

    def _wikipedia(self, request: httpx.Request) -> httpx.Response:
        language = request.url.host.split(".")[0]
        titles = self.wiki_titles.get(language, [])
        if request.url.path == "/w/api.php":
            if request.url.params.get("action") == "opensearch":
                return httpx.Response(200, json=[request.url.params["search"], titles, [], []])
            hits = [{"title": title} for title in titles]
            return httpx.Response(200, json={"query": {"search": hits}})
        if request.url.path.startswith("/api/rest_v1/page/summary/") and titles:
            return httpx.Response(200, json=self.wiki_summary)
        return httpx.Response(404, json={"type": "not_found", "title": "Not found."})


@dataclass
class FakeFetcher:
    """`fetch_article` stand-in: per URL a delay and an article text (None = failed fetch)."""

    pages: dict[str, tuple[float, str | None]] = field(default_factory=dict)
    calls: list[str] = field(default_factory=list)
    cancelled: list[str] = field(default_factory=list)
    timeouts: list[float | None] = field(default_factory=list)

    async def __call__(
        self,
        url: str,
        *,
        client: Any,
        settings: Settings | None = None,
        timeout_s: float | None = None,
    ) -> Article | None:
        self.calls.append(url)
        self.timeouts.append(timeout_s)
        delay, text = self.pages.get(url, (0.0, None))
        try:
            await asyncio.sleep(delay)
        except asyncio.CancelledError:
            self.cancelled.append(url)
            raise
        return None if text is None else Article(title=f"Page {url}", text=text, url=url)


def hits(*urls: str) -> list[SearchHit]:
    return [SearchHit(title=f"Result {n}", url=url) for n, url in enumerate(urls, start=1)]


RELEVANT = "Run an internet speed test to measure your download speed."
OTHER_RELEVANT = "Another speed test page with upload figures."
BOILERPLATE = "Close. Accept all cookies. Manage preferences."


class Lines:
    """A `user_print` sink."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str) -> None:
        self.lines.append(line)


async def run_search(
    query: str,
    web: FakeWeb,
    fetcher: FakeFetcher | None = None,
    *,
    language: str | None = None,
    **overrides: Any,
) -> tuple[str, list[str]]:
    lines = Lines()
    async with web.client() as client:
        result = await web_search(
            query,
            context=ToolContext(user_print=lines, language=language),
            settings=settings(**overrides),
            client=client,
            fetcher=fetcher or FakeFetcher(),
        )
    assert not any(phrase in result for phrase in HEARTBEAT_PHRASES), "progress leaked"
    return result, lines.lines


# --- guarantee 1: the cascade ------------------------------------------------------------------


async def cascade(fetcher: FakeFetcher, urls: list[str], **overrides: Any) -> Any:
    async with httpx.AsyncClient(transport=httpx.MockTransport(lambda r: httpx.Response(500))) as c:
        return await cascade_fetch(
            hits(*urls), SPEED_QUERY, client=c, settings=settings(**overrides), fetcher=fetcher
        )


async def test_top1_failure_falls_back_to_top2() -> None:
    fetcher = FakeFetcher({SPEEDTEST: (0.0, None), FAST: (0.0, RELEVANT), HIGHSPEED: (0.0, None)})
    found = await cascade(fetcher, [SPEEDTEST, FAST, HIGHSPEED])
    assert found is not None
    assert found[0].url == FAST and found[1].text == RELEVANT


async def test_top2_success_beats_a_faster_top3() -> None:
    fetcher = FakeFetcher(
        {SPEEDTEST: (0.0, None), FAST: (0.15, RELEVANT), HIGHSPEED: (0.0, OTHER_RELEVANT)}
    )
    found = await cascade(fetcher, [SPEEDTEST, FAST, HIGHSPEED])
    assert found is not None and found[0].url == FAST


async def test_zero_overlap_top1_is_skipped_for_a_relevant_lower_rank() -> None:
    fetcher = FakeFetcher(
        {SPEEDTEST: (0.0, BOILERPLATE), FAST: (0.05, None), HIGHSPEED: (0.0, RELEVANT)}
    )
    found = await cascade(fetcher, [SPEEDTEST, FAST, HIGHSPEED])
    assert found is not None and found[0].url == HIGHSPEED


async def test_every_extract_without_overlap_gives_none() -> None:
    fetcher = FakeFetcher(
        {SPEEDTEST: (0.0, BOILERPLATE), FAST: (0.0, "404 Not Found"), HIGHSPEED: (0.0, "Close")}
    )
    assert await cascade(fetcher, [SPEEDTEST, FAST, HIGHSPEED]) is None


async def test_relevant_top1_short_circuits_and_cancels_the_rest() -> None:
    fetcher = FakeFetcher(
        {SPEEDTEST: (0.0, RELEVANT), FAST: (5.0, OTHER_RELEVANT), HIGHSPEED: (5.0, RELEVANT)}
    )
    started = time.monotonic()
    found = await cascade(fetcher, [SPEEDTEST, FAST, HIGHSPEED])
    assert time.monotonic() - started < 1.0
    assert found is not None and found[0].url == SPEEDTEST
    assert sorted(fetcher.cancelled) == sorted([FAST, HIGHSPEED])


async def test_only_the_top_three_are_fetched_in_parallel() -> None:
    urls = [f"https://site{n}.example/" for n in range(5)]
    fetcher = FakeFetcher({url: (0.2, None) for url in urls})
    started = time.monotonic()
    assert await cascade(fetcher, urls) is None
    assert fetcher.calls == urls[:3]
    assert time.monotonic() - started < 0.45  # parallel, not 3 x 0.2 s


async def test_wall_clock_cap_keeps_the_best_finished_survivor() -> None:
    fetcher = FakeFetcher(
        {SPEEDTEST: (5.0, RELEVANT), FAST: (0.0, None), HIGHSPEED: (0.0, RELEVANT)}
    )
    started = time.monotonic()
    found = await cascade(fetcher, [SPEEDTEST, FAST, HIGHSPEED], cascade_wall_clock_s=0.3)
    assert 0.25 < time.monotonic() - started < 1.0
    assert found is not None and found[0].url == HIGHSPEED
    assert fetcher.cancelled == [SPEEDTEST]
    assert all(timeout is not None and timeout <= 0.3 for timeout in fetcher.timeouts)


async def test_cascade_with_no_hits_fetches_nothing() -> None:
    fetcher = FakeFetcher()
    assert await cascade(fetcher, []) is None
    assert fetcher.calls == []


async def test_a_raising_fetcher_counts_as_a_failed_fetch() -> None:
    async def broken(url: str, **_: Any) -> Article | None:
        raise RuntimeError("boom")

    async with httpx.AsyncClient(transport=httpx.MockTransport(lambda r: httpx.Response(500))) as c:
        assert await cascade_fetch(hits(SPEEDTEST), SPEED_QUERY, client=c, fetcher=broken) is None


# --- guarantees 1 and 2 end to end: content, links-only ---------------------------------------


async def test_ddg_results_with_a_readable_page_give_the_normal_envelope() -> None:
    fetcher = FakeFetcher({SPEEDTEST: (0.0, None), FAST: (0.0, RELEVANT)})
    result, lines = await run_search(SPEED_QUERY, FakeWeb(), fetcher)
    assert result.startswith(f"Here are the web search results for '{SPEED_QUERY}'.")
    assert "Use this information" in result
    begin = result.index("<<<BEGIN UNTRUSTED WEB EXTRACT")
    end = result.index("<<<END UNTRUSTED WEB EXTRACT")
    assert begin < result.index(RELEVANT) < end
    assert FAST in result and SPEEDTEST in result  # source + links
    assert lines == [f"🌐 Searching the web for '{SPEED_QUERY}'…", "✅ Answered via DuckDuckGo."]


async def test_every_fetch_failing_gives_the_links_only_envelope() -> None:
    fetcher = FakeFetcher({url: (0.0, BOILERPLATE) for url in (SPEEDTEST, FAST, HIGHSPEED)})
    web = FakeWeb()  # Wikipedia finds nothing either
    result, lines = await run_search(SPEED_QUERY, web, fetcher)
    assert result.startswith(
        f"Web search for '{SPEED_QUERY}' returned links but none of the top pages "
        "could be fetched for reading."
    )
    # The anti-confabulation clauses, assertive wording included.
    assert "tell the user you couldn't read the page contents this time" in result
    assert "offer to retry or to summarise a link" in result
    assert "must NOT contain any specific facts about the topic" in result
    assert "even if you recall them" in result
    assert "you have failed" in result
    assert "two short sentences" in result
    # No Content block, no fence, no "use this information".
    assert "Content from top result" not in result
    assert "UNTRUSTED WEB EXTRACT" not in result
    assert "Use this information" not in result
    assert BOILERPLATE not in result
    assert SPEEDTEST in result
    assert not any("✅" in line for line in lines)
    assert any(host.endswith("wikipedia.org") for host in web.hosts())


async def test_instant_answer_is_preferred_and_skips_the_page_fetches() -> None:
    instant = dict(EMPTY_INSTANT_ANSWER)
    instant.update(AbstractText="A speed test measures bandwidth.", AbstractURL="https://x.org/")
    fetcher = FakeFetcher({SPEEDTEST: (0.0, RELEVANT)})
    result, lines = await run_search(SPEED_QUERY, FakeWeb(instant=instant), fetcher)
    assert "Instant answer" in result and "A speed test measures bandwidth." in result
    assert fetcher.calls == []
    assert lines[-1] == "✅ Answered via DuckDuckGo."


# --- guarantee 5: rate-limit detection ---------------------------------------------------------


@pytest.mark.parametrize("status", [pytest.param(202, id="202"), pytest.param(400, id="400")])
async def test_ddg_challenge_gives_the_rate_limited_envelope(status: int) -> None:
    web = FakeWeb(lite_html=CHALLENGE_HTML, lite_status=status)
    fetcher = FakeFetcher()
    result, lines = await run_search(SPEED_QUERY, web, fetcher)
    assert "temporarily blocked the request" in result
    assert "you have failed" in result
    assert "Found" not in result and "result(s)" not in result
    assert "Use this information" not in result
    assert "UNTRUSTED WEB EXTRACT" not in result
    assert "duckduckgo.com" not in result  # no header link from the challenge page
    assert fetcher.calls == []
    assert lines[:2] == [
        f"🌐 Searching the web for '{SPEED_QUERY}'…",
        "🚧 DuckDuckGo served a bot-challenge page — search blocked, no results retrieved.",
    ]


async def test_challenge_with_an_instant_answer_still_answers() -> None:
    instant = dict(EMPTY_INSTANT_ANSWER)
    instant.update(Answer="42 Mbps")
    web = FakeWeb(instant=instant, lite_html=CHALLENGE_HTML, lite_status=202)
    result, lines = await run_search(SPEED_QUERY, web)
    assert "42 Mbps" in result and "Use this information" in result
    assert not any(line.startswith("🚧") for line in lines)


# --- progress lines ----------------------------------------------------------------------------


async def test_no_results_then_wikipedia_rescue_lines_in_order() -> None:
    web = FakeWeb(lite_html=NO_RESULTS_HTML, wiki_titles={"en": ["Dart (programming language)"]})
    result, lines = await run_search(DART_QUERY, web)
    assert lines == [
        f"🌐 Searching the web for '{DART_QUERY}'…",
        "⚠️ No DuckDuckGo results found.",
        f"📚 Searching Wikipedia (en.wikipedia.org) for '{DART_QUERY}'…",
        "✅ Answered via Wikipedia fallback.",
    ]
    assert result.startswith(f"Here are the web search results for '{DART_QUERY}'.")
    begin = result.index("<<<BEGIN UNTRUSTED WEB EXTRACT")
    assert begin < result.index("Dart is a programming language") < result.index("<<<END")
    assert "https://en.wikipedia.org/wiki/Dart_(programming_language)" in result
    assert "Wikipedia fallback" in result


@pytest.mark.parametrize(
    ("web", "reason"),
    [
        pytest.param(
            # Was "name resolution" (the exception text): the reason now names the host.
            FakeWeb(down=frozenset({"ddg_lite"})),
            "could not connect to lite.duckduckgo.com",
            id="connection-failed",
        ),
        pytest.param(FakeWeb(lite_status=503), "HTTP 503", id="http-error"),
    ],
)
async def test_ddg_failure_is_not_reported_as_no_results(web: FakeWeb, reason: str) -> None:
    web.wiki_titles = {"en": ["Dart (programming language)"]}
    _, lines = await run_search(DART_QUERY, web)
    assert lines[1].startswith("⚠️ DuckDuckGo search failed (") and reason in lines[1]
    assert "⚠️ No DuckDuckGo results found." not in lines
    assert lines[2].startswith("📚 Searching Wikipedia")


async def test_challenge_line_comes_before_the_wikipedia_line_even_when_it_rescues() -> None:
    web = FakeWeb(
        lite_html=CHALLENGE_HTML,
        lite_status=202,
        wiki_titles={"en": ["Dart (programming language)"]},
    )
    result, lines = await run_search(DART_QUERY, web)
    assert lines == [
        f"🌐 Searching the web for '{DART_QUERY}'…",
        "🚧 DuckDuckGo served a bot-challenge page — search blocked, no results retrieved.",
        f"📚 Searching Wikipedia (en.wikipedia.org) for '{DART_QUERY}'…",
        "✅ Answered via Wikipedia fallback.",
    ]
    assert "Use this information" in result


async def test_context_language_picks_the_wikipedia_host() -> None:
    web = FakeWeb(lite_html=NO_RESULTS_HTML, wiki_titles={"de": ["Dart (Programmiersprache)"]})
    _, lines = await run_search("Dart Programmiersprache", web, language="de")
    assert lines[2] == "📚 Searching Wikipedia (de.wikipedia.org) for 'Dart Programmiersprache'…"
    assert "de.wikipedia.org" in web.hosts()
    assert lines[-1] == "✅ Answered via Wikipedia fallback."


async def test_misdetected_language_falls_back_to_english_host() -> None:
    web = FakeWeb(lite_html=NO_RESULTS_HTML, wiki_titles={"en": ["Dart (programming language)"]})
    _, lines = await run_search(DART_QUERY, web, language="ja")
    assert lines[2] == f"📚 Searching Wikipedia (en.wikipedia.org) for '{DART_QUERY}'…"
    assert "ja.wikipedia.org" not in web.hosts()


async def test_nothing_anywhere_gives_the_honest_block_envelope() -> None:
    web = FakeWeb(lite_html=NO_RESULTS_HTML)
    result, lines = await run_search(DART_QUERY, web)
    assert "failed" in result and "you have failed" in result
    assert "Use this information" not in result and "UNTRUSTED WEB EXTRACT" not in result
    assert lines[-1].startswith("📚")
    assert not any(line.startswith("✅") for line in lines)


async def test_a_broken_user_print_does_not_break_the_search() -> None:
    def broken(line: str) -> None:
        raise OSError("terminal gone")

    web = FakeWeb(lite_html=NO_RESULTS_HTML, wiki_titles={"en": ["Dart (programming language)"]})
    async with web.client() as client:
        result = await web_search(
            DART_QUERY, context=ToolContext(user_print=broken), settings=settings(), client=client
        )
    assert "Dart is a programming language" in result


# --- budgets and provider switches -------------------------------------------------------------


async def test_every_provider_hanging_gives_honest_block_within_the_budget() -> None:
    web = FakeWeb(hang=frozenset({"ddg_instant", "ddg_lite", "brave", "wikipedia"}))
    fetcher = FakeFetcher({url: (10.0, RELEVANT) for url in (SPEEDTEST, FAST, HIGHSPEED)})
    started = time.monotonic()
    result, lines = await run_search(
        SPEED_QUERY,
        web,
        fetcher,
        total_wall_clock_s=0.6,
        cascade_wall_clock_s=0.3,
        brave_search_api_key="brave-key",
    )
    elapsed = time.monotonic() - started
    assert elapsed < 1.5
    assert "failed: every search provider" in result
    assert "you have failed" in result
    assert not any(line.startswith("✅") for line in lines)
    # The budget was spent on DDG: Brave and Wikipedia were skipped, not left hanging.
    assert "api.search.brave.com" not in web.hosts()


async def test_hanging_page_fetches_leave_budget_for_wikipedia() -> None:
    web = FakeWeb(wiki_titles={"en": ["Dart (programming language)"]})
    fetcher = FakeFetcher({url: (10.0, RELEVANT) for url in (SPEEDTEST, FAST, HIGHSPEED)})
    started = time.monotonic()
    result, lines = await run_search(
        SPEED_QUERY, web, fetcher, total_wall_clock_s=2.0, cascade_wall_clock_s=0.3
    )
    assert time.monotonic() - started < 1.5
    assert lines[-1] == "✅ Answered via Wikipedia fallback."
    assert "Dart is a programming language" in result


async def test_hanging_wikipedia_is_cut_by_the_total_budget() -> None:
    web = FakeWeb(lite_html=NO_RESULTS_HTML, hang=frozenset({"wikipedia"}))
    started = time.monotonic()
    result, _ = await run_search(DART_QUERY, web, total_wall_clock_s=0.5)
    assert time.monotonic() - started < 1.2
    # Was "failed: every search provider": DuckDuckGo answered (no results), so the envelope
    # now says nothing was found and that Wikipedia could not be asked.
    assert "found nothing" in result and "you have failed" in result
    assert "Wikipedia: " in result


async def test_brave_is_skipped_without_a_key() -> None:
    web = FakeWeb(lite_html=NO_RESULTS_HTML)
    await run_search(DART_QUERY, web)
    assert "api.search.brave.com" not in web.hosts()


async def test_brave_is_used_when_keyed_and_feeds_the_same_cascade() -> None:
    web = FakeWeb(lite_html=NO_RESULTS_HTML, wiki_titles={"en": ["Dart (programming language)"]})
    fetcher = FakeFetcher({BRAVE_URL: (0.0, "State Farm homeowners rate filings in Texas.")})
    result, lines = await run_search(
        "state farm homeowners rate texas", web, fetcher, brave_search_api_key="brave-key"
    )
    brave_requests = [r for r in web.requests if r.url.host == "api.search.brave.com"]
    assert len(brave_requests) == 1
    assert brave_requests[0].headers["X-Subscription-Token"] == "brave-key"
    assert fetcher.calls == [BRAVE_URL]
    assert lines[-1] == "✅ Answered via Brave."
    assert not any(line.startswith("📚") for line in lines)  # rescued before Wikipedia
    assert "State Farm homeowners rate filings" in result


async def test_brave_links_without_readable_pages_give_links_only() -> None:
    web = FakeWeb(lite_html=CHALLENGE_HTML, lite_status=202)
    result, _ = await run_search(
        "state farm homeowners rate texas",
        web,
        FakeFetcher(),
        brave_search_api_key="brave-key",
        wikipedia_fallback_enabled=False,
    )
    assert "returned links but none of the top pages could be fetched" in result
    assert BRAVE_URL in result


async def test_wikipedia_is_skipped_when_disabled() -> None:
    web = FakeWeb(lite_html=NO_RESULTS_HTML, wiki_titles={"en": ["Dart (programming language)"]})
    result, lines = await run_search(DART_QUERY, web, wikipedia_fallback_enabled=False)
    assert not any(host.endswith("wikipedia.org") for host in web.hosts())
    assert not any(line.startswith("📚") for line in lines)
    # Was "failed: every search provider": DuckDuckGo answered with no results.
    assert "found nothing" in result and "you have failed" in result


async def test_disabled_flag_gives_the_disabled_envelope_and_no_requests() -> None:
    web = FakeWeb()
    result, lines = await run_search(SPEED_QUERY, web, web_search_enabled=False)
    assert "disabled" in result and "no search was made" in result
    assert web.requests == []
    assert lines == []


async def test_disabled_flag_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEB_SEARCH_ENABLED", "false")
    assert "disabled" in await web_search(SPEED_QUERY)


async def test_unexpected_error_is_an_honest_block_not_an_exception() -> None:
    def explode(request: httpx.Request) -> httpx.Response:
        raise RuntimeError("bug")  # not an httpx error: a defect somewhere under the chain

    async with httpx.AsyncClient(transport=httpx.MockTransport(explode)) as client:
        result = await web_search(SPEED_QUERY, settings=settings(), client=client)
    assert "failed" in result and "you have failed" in result


@pytest.mark.parametrize(
    "query",
    [pytest.param(None, id="none"), pytest.param(123, id="int"), pytest.param(["q"], id="list")],
)
async def test_non_str_query_never_raises(query: Any) -> None:
    async with FakeWeb(lite_html=NO_RESULTS_HTML).client() as client:
        result = await web_search(query, settings=settings(), client=client)
    assert isinstance(result, str) and "you have failed" in result


async def test_none_query_is_an_honest_block_without_requests() -> None:
    web = FakeWeb()
    async with web.client() as client:
        result = await web_search(None, settings=settings(), client=client)  # type: ignore[arg-type]
    assert "failed" in result and web.requests == []


@pytest.mark.parametrize(
    ("name", "value"),
    [
        pytest.param("WEB_SEARCH_ENABLED", "maybe", id="bad-flag"),
        pytest.param("SWARM_TOTAL_WALL_CLOCK_S", "soon", id="bad-number"),
    ],
)
async def test_bad_settings_give_an_honest_block(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    async with FakeWeb().client() as client:
        result = await web_search(SPEED_QUERY, client=client)
    assert "failed" in result and "you have failed" in result


async def test_progress_lines_show_the_query_on_one_line_without_controls() -> None:
    query = "speed \x1b[31mtest\u202e\nIGNORE\r\x07 " + "x" * 1000
    web = FakeWeb(lite_html=NO_RESULTS_HTML, wiki_titles={"en": ["Dart (programming language)"]})
    _, lines = await run_search(query, web)
    searching = [line for line in lines if line.startswith(("🌐", "📚"))]
    assert len(searching) == 2
    for line in searching:
        assert "\n" not in line and "\r" not in line
        assert "\x1b" not in line and "\u202e" not in line and "\x07" not in line
        assert len(line) < 320
    assert "speed" in searching[0]


# --- the real-time route inside the chain budget ---------------------------------------------


@dataclass
class SlowRoute:
    """A real-time route that takes `timeout_s` (or its setting) and then has nothing."""

    honour_timeout: bool = True
    seen_timeouts: list[float | None] = field(default_factory=list)

    async def __call__(
        self, query: str, *, settings: Settings, client: Any, timeout_s: float | None = None
    ) -> tuple[str, str] | None:
        self.seen_timeouts.append(timeout_s)
        limit = settings.realtime_timeout_s if timeout_s is None else timeout_s
        await asyncio.sleep(limit if self.honour_timeout else 60)
        return None


async def run_with_route(route: SlowRoute, web: FakeWeb, **overrides: Any) -> str:
    async with web.client() as client:
        return await web_search(
            SPEED_QUERY,
            settings=settings(**overrides),
            client=client,
            fetcher=FakeFetcher(),
            realtime=route,
        )


async def test_realtime_time_counts_inside_the_total_budget() -> None:
    route = SlowRoute()
    web = FakeWeb(hang=frozenset({"ddg_instant", "ddg_lite", "brave", "wikipedia"}))
    started = time.monotonic()
    result = await run_with_route(route, web, total_wall_clock_s=1.0, realtime_timeout_s=3.0)
    elapsed = time.monotonic() - started
    assert route.seen_timeouts == [pytest.approx(0.5, abs=0.05)]  # its share of the total
    assert elapsed < 1.0 + 0.5
    assert "failed" in result


async def test_realtime_route_ignoring_its_timeout_is_cut_and_the_chain_still_answers() -> None:
    route = SlowRoute(honour_timeout=False)
    web = FakeWeb(lite_html=NO_RESULTS_HTML, wiki_titles={"en": ["Dart (programming language)"]})
    started = time.monotonic()
    result = await run_with_route(route, web, total_wall_clock_s=4.0, realtime_timeout_s=0.2)
    assert time.monotonic() - started < 0.2 + 1.0 + 1.0
    assert "Dart is a programming language" in result


def test_realtime_share_of_the_default_budget() -> None:
    defaults = Settings()
    share = search_chain_module.realtime_timeout_s(defaults)
    assert share == min(defaults.realtime_timeout_s, defaults.total_wall_clock_s / 2)
    assert defaults.total_wall_clock_s - share >= defaults.cascade_wall_clock_s


# --- rank preference with outside cancellation -----------------------------------------------


async def test_decided_winner_treats_a_cancelled_task_as_a_miss() -> None:
    article = Article(title="t", text="speed test text", url=FAST)

    async def forever() -> Article | None:
        await asyncio.sleep(60)
        return None

    async def found() -> Article | None:
        return article

    cancelled = asyncio.create_task(forever())
    winner = asyncio.create_task(found())
    await asyncio.sleep(0)
    cancelled.cancel()
    await asyncio.gather(cancelled, winner, return_exceptions=True)
    assert cascade_module._decided_winner([cancelled, winner]) == (1, article)


# --- search_hits (research pipeline) -----------------------------------------------------------


async def test_search_hits_uses_searxng_when_configured() -> None:
    seen: list[httpx.Request] = []

    def searxng(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(
            200,
            json={
                "query": "q",
                "results": [
                    {"title": "One", "url": "https://one.example/", "content": "first"},
                    {"title": "Two", "url": "https://two.example/", "content": "second"},
                ],
            },
        )

    web = FakeWeb()
    async with (
        web.client() as client,
        httpx.AsyncClient(transport=httpx.MockTransport(searxng)) as plain,
    ):
        found = await search_hits(
            "q",
            client=client,
            settings=settings(searxng_url="http://localhost:8888"),
            searxng_client=plain,
        )
    assert [hit.url for hit in found] == ["https://one.example/", "https://two.example/"]
    assert seen[0].url.host == "localhost" and seen[0].url.params["format"] == "json"
    assert web.requests == []  # DDG untouched


async def test_search_hits_falls_back_to_ddg_lite() -> None:
    web = FakeWeb()
    async with web.client() as client:
        found = await search_hits("speed test", client=client, settings=settings(), limit=2)
    assert [hit.url for hit in found] == [SPEEDTEST, FAST]


@pytest.mark.parametrize(
    "web",
    [
        pytest.param(FakeWeb(lite_html=CHALLENGE_HTML, lite_status=202), id="challenge"),
        pytest.param(FakeWeb(lite_html="oops", lite_status=500), id="http-500"),
    ],
)
async def test_search_hits_is_empty_on_block_or_failure(web: FakeWeb) -> None:
    async with web.client() as client:
        assert await search_hits("speed test", client=client, settings=settings()) == []


async def test_search_hits_with_a_broken_searxng_url_is_empty() -> None:
    async with FakeWeb().client() as client:
        found = await search_hits(
            "q", client=client, settings=settings(searxng_url="ftp://nope"), searxng_client=client
        )
    assert found == []


# --- the CLI -----------------------------------------------------------------------------------


def test_cli_search_routes_progress_to_stderr_and_envelope_to_stdout() -> None:
    # The real chain behind the CLI over the fake providers: DuckDuckGo down, so the
    # Wikipedia fallback answers, in the language asked for.
    web = FakeWeb(lite_html=NO_RESULTS_HTML, wiki_titles={"fr": ["Dart (langage)"]})
    wiring = OutsideWiring(http_transport=httpx.MockTransport(web.handler), resolver=_public)
    result = CliRunner().invoke(cli, ["search", DART_QUERY, "--language", "fr"], obj=wiring)
    assert result.exit_code == 0, result.output
    assert not any(phrase in result.stdout for phrase in HEARTBEAT_PHRASES)
    assert any(line.startswith(HEARTBEAT_PHRASES) for line in result.stderr.splitlines())
    assert "UNTRUSTED WEB EXTRACT" in result.stdout  # the envelope a model would read
    assert "fr.wikipedia.org" in web.hosts()


async def _public(host: str, port: int) -> list[str]:
    return ["93.184.215.14"]


def test_cli_search_with_web_search_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    # Was exit 0 with the disabled envelope: a command with nothing to ask is a usage error.
    monkeypatch.setenv("WEB_SEARCH_ENABLED", "false")
    result = CliRunner().invoke(cli, ["search", "anything"])
    assert result.exit_code == 2
    assert "WEB_SEARCH_ENABLED=true" in result.stderr
    assert result.stdout == ""


# --- end to end with the real fetcher (safe_http + trafilatura) --------------------------------

ARTICLE_HTML = """<html><head><title>How speed tests work</title></head><body>
<nav>Home | About</nav><article><h1>How an internet speed test works</h1>
<p>An internet speed test measures download and upload bandwidth by transferring data
between your device and a nearby server, then reporting megabits per second.</p>
<p>Latency, or ping, is measured separately as the round-trip time of small packets.</p>
</article><footer>Cookies</footer></body></html>"""


async def test_real_fetcher_skips_a_private_host_and_reads_the_next_page() -> None:
    from swarm.web.safe_http import make_client
    from swarm.web.transport import static_resolver

    resolver = static_resolver(
        {
            "www.speedtest.net": ["127.0.0.1"],  # hostile DNS: must be refused, never fetched
            "fast.com": ["93.184.216.34"],
            "www.highspeedinternet.com": ["93.184.216.35"],
            "lite.duckduckgo.com": ["93.184.216.36"],
            "api.duckduckgo.com": ["93.184.216.37"],
        }
    )
    web = FakeWeb()

    async def handler(request: httpx.Request) -> httpx.Response:
        if request.url.host == "fast.com":
            web.requests.append(request)
            return httpx.Response(200, text=ARTICLE_HTML, headers={"content-type": "text/html"})
        return await web.handler(request)

    current = settings(wikipedia_fallback_enabled=False)
    lines = Lines()
    async with make_client(
        current, resolver=resolver, transport=httpx.MockTransport(handler)
    ) as client:
        result = await web_search(
            SPEED_QUERY, context=ToolContext(user_print=lines), settings=current, client=client
        )
    assert "www.speedtest.net" not in web.hosts()
    assert "fast.com" in web.hosts()
    assert "measures download and upload bandwidth" in result
    assert lines.lines[-1] == "✅ Answered via DuckDuckGo."

"""Article extraction (trafilatura), the relevance filter (guarantee 1's token rule), fetching."""

from __future__ import annotations

import httpx
import pytest
import trafilatura

from swarm.config import get_settings
from swarm.web.articles import (
    MAX_EXTRACT_CHARS,
    Article,
    extract_article,
    fetch_article,
    is_relevant,
    query_tokens,
)
from swarm.web.safe_http import make_client
from swarm.web.transport import static_resolver

ARTICLE_URL = "https://guide.example/zurich-trams"

# A realistic page: navigation, a cookie banner, the article, a footer and a script.
ARTICLE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Zürich tram network – City Guide</title>
  <meta property="og:title" content="The Zürich tram network">
  <script>window.dataLayer = [{"event": "pageview"}];</script>
</head>
<body>
  <nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/shop">Shop</a></nav>
  <div class="cookie-banner">We use cookies to improve your experience.
    <button>Accept all</button></div>
  <article>
    <h1>The Zürich tram network</h1>
    <p class="byline">By A. Writer, 3 May 2024</p>
    <p>The Zürich tram network is operated by the Verkehrsbetriebe Zürich and forms the
    backbone of public transport in the city. It has fifteen regular lines and carries more
    than two hundred million passengers each year.</p>
    <p>The first horse tram ran in 1882; electrification followed in 1894. Today the fleet
    mixes older Tram 2000 vehicles with modern Flexity trams.</p>
    <table><tr><th>Line</th><th>Terminus</th></tr><tr><td>4</td><td>Tiefenbrunnen</td></tr></table>
    <p>Night services run on weekends, and most lines pass through the central Paradeplatz or
    Bellevue interchanges, which keeps transfers between lines short.</p>
  </article>
  <footer>© 2024 City Guide. All rights reserved. <a href="/privacy">Privacy</a></footer>
</body>
</html>"""

MODAL_HTML = """<html><head><title>Just a moment</title></head>
<body><div class="modal"><button>Close</button></div></body></html>"""


# --- extraction ---------------------------------------------------------------------------


def test_extract_article_keeps_the_article_and_drops_boilerplate() -> None:
    article = extract_article(ARTICLE_HTML, ARTICLE_URL)
    assert article is not None
    assert article.url == ARTICLE_URL
    assert article.title == "The Zürich tram network"
    assert "fifteen regular lines" in article.text
    assert "Bellevue interchanges" in article.text
    assert "Tiefenbrunnen" in article.text  # include_tables=True
    for boilerplate in ("Accept all", "All rights reserved", "dataLayer", "About us"):
        assert boilerplate not in article.text


@pytest.mark.parametrize(
    "html_text",
    [
        pytest.param("", id="empty"),
        pytest.param("   \n ", id="blank"),
        pytest.param("<html><head><title>Nothing</title></head><body></body></html>", id="no-body"),
        pytest.param("<html><body><script>var a = 1;</script></body></html>", id="script-only"),
    ],
)
def test_extract_article_without_text_is_none(html_text: str) -> None:
    assert extract_article(html_text, ARTICLE_URL) is None


def test_modal_page_has_no_article_and_its_text_is_irrelevant() -> None:
    # A modal page has no article; even its whole visible text is boilerplate to the filter.
    assert extract_article(MODAL_HTML, ARTICLE_URL) is None
    assert not is_relevant("Just a moment Close", "zurich tram network")


def _link_list_page(count: int) -> str:
    items = "".join(
        f"<li><a href='/p{index}'>Zürich tram line {index} timetable and stops</a></li>"
        for index in range(count)
    )
    return (
        "<html><head><title>Tram lines</title></head>"
        f"<body><script>var tracker = 'Home';</script><ul>{items}</ul></body></html>"
    )


def test_fallback_to_visible_text_when_trafilatura_finds_nothing() -> None:
    page = _link_list_page(60)
    # The precondition that makes this a test of the fallback: trafilatura gives nothing.
    assert trafilatura.extract(page, favor_precision=True) is None
    article = extract_article(page, ARTICLE_URL)
    assert article is not None
    assert article.title == "Tram lines"
    assert article.text.splitlines()[0] == "Zürich tram line 0 timetable and stops"
    assert "tracker" not in article.text  # scripts are not visible text


def test_no_fallback_for_a_little_visible_text() -> None:
    page = _link_list_page(3)
    assert trafilatura.extract(page, favor_precision=True) is None
    assert extract_article(page, ARTICLE_URL) is None


def test_hostile_markup_does_not_raise() -> None:
    nasty = "<html><body>" + "<div>" * 5000 + "deep text " * 50 + "</body>\x00</html>"
    result = extract_article(nasty, ARTICLE_URL)
    assert isinstance(result, Article)
    assert result.text.startswith("deep text deep text")
    assert "\x00" not in result.text


def test_only_the_head_of_a_huge_page_is_parsed() -> None:
    head = "<html><body><article>" + "<p>Zürich trams run all night at weekends.</p>" * 40
    tail = "<p>UNREACHABLE TAIL TEXT</p>" * 10 + "</article></body></html>"
    page = head + " " * MAX_EXTRACT_CHARS + tail
    article = extract_article(page, ARTICLE_URL)
    assert article is not None
    assert "Zürich trams" in article.text
    assert "UNREACHABLE" not in article.text


async def test_extraction_past_its_timeout_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading
    import time

    import swarm.web.articles as articles

    finished = threading.Event()

    def slow_extract(html_text: str, url: str) -> Article:
        time.sleep(0.3)
        finished.set()
        return Article(title="late", text="late", url=url)

    monkeypatch.setattr(articles, "extract_article", slow_extract)
    started = time.monotonic()
    assert await articles.extract_article_within("<p>x</p>", ARTICLE_URL, timeout_s=0.05) is None
    assert time.monotonic() - started < 0.25
    # The thread can't be stopped: it finishes in the background and its result is dropped.
    assert finished.wait(2)


async def test_fetch_article_extraction_is_bounded_by_its_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import time

    import swarm.web.articles as articles

    def slow_extract(html_text: str, url: str) -> Article:
        time.sleep(0.4)
        return Article(title="late", text="late", url=url)

    monkeypatch.setattr(articles, "extract_article", slow_extract)

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, text=ARTICLE_HTML, headers={"content-type": "text/html"})

    started = time.monotonic()
    async with _client(httpx.MockTransport(handler)) as client:
        assert await fetch_article(ARTICLE_URL, client=client, timeout_s=0.1) is None
    assert time.monotonic() - started < 0.35


# --- the token rule (guarantee 1) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("The Zürich tram", {"the", "zürich", "tram"}, id="unicode-word"),
        pytest.param("AI is OK", set(), id="two-char-tokens-ignored"),
        pytest.param("Tokyo 2020 in 99", {"tokyo", "2020"}, id="digits-kept-from-three"),
        pytest.param("Zu\u0308rich", {"zürich"}, id="decomposed-umlaut-normalised"),
        pytest.param("ＺÜＲＩＣＨ", {"zürich"}, id="fullwidth-and-case"),
        pytest.param("東京 Москва", {"москва"}, id="short-cjk-and-cyrillic"),
        pytest.param("don't-stop", {"don", "stop"}, id="punctuation-splits"),
    ],
)
def test_query_tokens(text: str, expected: set[str]) -> None:
    assert query_tokens(text) == expected


@pytest.mark.parametrize(
    ("text", "query", "expected"),
    [
        pytest.param(
            "The Zürich tram network has fifteen lines.",
            "zurich trams",
            False,
            id="accent-matters-zurich-vs-zürich",
        ),
        pytest.param(
            "The Zürich tram network has fifteen lines.", "Zürich trams", True, id="unicode-match"
        ),
        pytest.param(
            "We use cookies. Accept all. Close.",
            "Zürich tram network",
            False,
            id="cookie-banner-shares-nothing",
        ),
        pytest.param("Close", "how are the trams in Zürich", False, id="close-modal-field-failure"),
        pytest.param(
            "What is this and how was it for the ones who are from that era?",
            "what is the history of Zürich",
            False,
            id="stopwords-alone-do-not-count",
        ),
        pytest.param(
            "An AI is an ML system.", "AI ML", True, id="no-judgeable-token-gives-no-signal"
        ),
        pytest.param("", "AI ML", False, id="empty-text-never-relevant"),
        pytest.param(
            "Sales rose in 2024 across Europe.", "2024 results", True, id="year-token-counts"
        ),
        pytest.param("It is an ox.", "ox in Zürich", False, id="two-char-overlap-ignored"),
        pytest.param("TRAM timetables", "tram", True, id="case-insensitive"),
        pytest.param("Who are they?", "who are they", True, id="all-stopword-query-uses-all"),
    ],
)
def test_is_relevant(text: str, query: str, expected: bool) -> None:
    assert is_relevant(text, query) is expected


# --- fetching -----------------------------------------------------------------------------


def _client(
    handler: httpx.MockTransport | None = None, answers: dict[str, list[str]] | None = None
) -> httpx.AsyncClient:
    resolver = static_resolver(answers or {"guide.example": ["93.184.216.34"]})
    return make_client(get_settings(), resolver=resolver, transport=handler)


async def test_fetch_article_fetches_and_extracts() -> None:
    requests: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return httpx.Response(
            200, text=ARTICLE_HTML, headers={"content-type": "text/html; charset=utf-8"}
        )

    async with _client(httpx.MockTransport(handler)) as client:
        article = await fetch_article(ARTICLE_URL, client=client)
    assert article is not None
    assert article.url == ARTICLE_URL
    assert "fifteen regular lines" in article.text
    assert [str(request.url) for request in requests] == [ARTICLE_URL]


@pytest.mark.parametrize(
    ("url", "answers"),
    [
        pytest.param("http://127.0.0.1/admin", {}, id="loopback-literal"),
        pytest.param("http://169.254.169.254/latest/meta-data/", {}, id="metadata-literal"),
        pytest.param("https://evil.example/", {"evil.example": ["10.0.0.5"]}, id="private-dns"),
        pytest.param(
            "https://mixed.example/", {"mixed.example": ["1.1.1.1", "127.0.0.1"]}, id="mixed-dns"
        ),
        pytest.param("file:///etc/passwd", {}, id="file-scheme"),
    ],
)
async def test_fetch_article_on_blocked_url_is_none_without_a_request(
    url: str, answers: dict[str, list[str]]
) -> None:
    requests: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return httpx.Response(200, text=ARTICLE_HTML, headers={"content-type": "text/html"})

    async with _client(httpx.MockTransport(handler), answers) as client:
        assert await fetch_article(url, client=client) is None
    assert requests == []


async def test_fetch_article_redirect_to_private_address_is_none() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(302, headers={"location": "http://192.168.1.1/"})

    async with _client(httpx.MockTransport(handler)) as client:
        assert await fetch_article(ARTICLE_URL, client=client) is None


@pytest.mark.parametrize(
    "response",
    [
        pytest.param(httpx.Response(200, json={"a": "Zürich tram"}), id="json-is-not-an-article"),
        pytest.param(
            httpx.Response(200, content=b"%PDF-1.7", headers={"content-type": "application/pdf"}),
            id="pdf",
        ),
        pytest.param(
            httpx.Response(404, text=ARTICLE_HTML, headers={"content-type": "text/html"}),
            id="not-found",
        ),
        pytest.param(
            httpx.Response(
                200, text=MODAL_HTML.replace("Close", ""), headers={"content-type": "text/html"}
            ),
            id="no-text",
        ),
    ],
)
async def test_fetch_article_failures_are_none(response: httpx.Response) -> None:
    async with _client(httpx.MockTransport(lambda request: response)) as client:
        assert await fetch_article(ARTICLE_URL, client=client) is None


async def test_fetch_article_network_error_is_none() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    async with _client(httpx.MockTransport(handler)) as client:
        assert await fetch_article(ARTICLE_URL, client=client) is None


async def test_fetch_article_slow_page_is_none() -> None:
    import asyncio

    async def handler(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(5)
        return httpx.Response(200, text=ARTICLE_HTML, headers={"content-type": "text/html"})

    async with _client(httpx.MockTransport(handler)) as client:
        assert await fetch_article(ARTICLE_URL, client=client, timeout_s=0.05) is None


async def test_fetch_article_without_a_client_blocks_literal_private_ip() -> None:
    # No client: one is made (guarded) and closed; a literal loopback never gets a request.
    assert await fetch_article("http://127.0.0.1:9/", client=None) is None

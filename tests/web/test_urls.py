"""normalise_url (swarm/web/urls.py): which addresses are the same page."""

from __future__ import annotations

import pytest

from swarm.web.urls import normalise_url

PY_WIKI = "https://en.wikipedia.org/wiki/Python_(programming_language)"

# --- dedup ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param(PY_WIKI, PY_WIKI.replace("en.wikipedia", "en.m.wikipedia"), id="mobile"),
        pytest.param(
            "https://wikipedia.org/wiki/X", "https://m.wikipedia.org/wiki/X", id="bare-mobile"
        ),
        pytest.param("https://example.com/a", "https://example.com/a/", id="trailing-slash"),
        pytest.param("https://example.com/a", "https://example.com/a#part", id="fragment"),
        pytest.param(
            "https://example.com/a?id=3",
            "https://example.com/a?utm_source=x&id=3&utm_medium=y&fbclid=z&gclid=q&ref=hn",
            id="tracking-params",
        ),
        pytest.param("https://example.com/a", "http://example.com/a", id="http-https"),
        pytest.param("https://example.com/a", "HTTPS://EXAMPLE.com/a", id="scheme-host-case"),
        pytest.param("https://example.com/a", "https://www.example.com/a", id="www"),
        pytest.param("https://example.com/a", "https://example.com:443/a", id="default-port"),
        pytest.param("https://example.com/a?b=2&a=1", "https://example.com/a?a=1&b=2", id="order"),
        pytest.param("https://example.com/", "https://example.com", id="root"),
        pytest.param(
            "https://en.wikipedia.org/wiki/Caf%C3%A9",
            "https://en.wikipedia.org/wiki/Café",
            id="unicode-vs-percent",
        ),
        pytest.param(
            "https://en.wikipedia.org/wiki/Caf%c3%a9",
            "https://en.wikipedia.org/wiki/Caf%C3%A9",
            id="hex-case",
        ),
        pytest.param(
            "https://en.wikipedia.org/wiki/Python_(programming_language)",
            "https://en.wikipedia.org/wiki/Python_%28programming_language%29",
            id="parenthesis-vs-%28",
        ),
        pytest.param("https://example.com/%7Euser", "https://example.com/~user", id="tilde"),
        pytest.param("https://example.com/a%20b", "https://example.com/a b", id="space"),
    ],
)
def test_normalise_url_equates(first: str, second: str) -> None:
    assert normalise_url(first) == normalise_url(second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param("https://example.com/a", "https://example.com/A", id="path-case-matters"),
        pytest.param("https://example.com/a?id=3", "https://example.com/a?id=4", id="real-param"),
        pytest.param(PY_WIKI, PY_WIKI.replace("en.", "de."), id="language"),
        pytest.param("https://example.com/a", "https://example.com:8443/a", id="port"),
        pytest.param("https://example.com/a", "https://example.org/a", id="host"),
        pytest.param("https://example.com/a%2Fb", "https://example.com/a/b", id="encoded-slash"),
    ],
)
def test_normalise_url_distinguishes(first: str, second: str) -> None:
    assert normalise_url(first) != normalise_url(second)


def test_normalise_url_tolerates_garbage() -> None:
    for text in ("", "not a url", "http://[::1", "https://"):
        assert isinstance(normalise_url(text), str)

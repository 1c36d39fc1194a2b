"""Every door that goes outside, under every way outside can fail: `swarm lookup`, `swarm
search`, `swarm research` (CliRunner, exit status and message); the `read_article` tool's
case is in tests/tools/test_read_article.py.

The failures are what safe_http really sees (tests/outside_failures.py): the resolver raising
`socket.gaierror`, a real refused loopback connect, httpcore's ConnectTimeout, HTTP 500, a
body that is not JSON, a DNS answer the address guard refuses, and sources that answer with
nothing. 0 = the job was done, 1 = it could not be done, 2 = usage.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result
from outside_failures import wiring

from swarm.cli import cli
from swarm.cli_outside import OutsideWiring
from swarm.tools import NO_RESULTS_MESSAGE
from swarm.tools.lookups import INCOMPLETE_MESSAGE, UNREACHABLE_MESSAGE


def invoke(kind: str, *args: str, env: dict[str, str] | None = None) -> Result:
    transport, resolver = wiring(kind)
    return CliRunner().invoke(
        cli,
        list(args),
        obj=OutsideWiring(http_transport=transport, resolver=resolver),
        env={"SWARM_MODEL": "offline", **(env or {})},
    )


# --- swarm lookup ---------------------------------------------------------------------------

# failure → (exit status, the words that must name it for Wikipedia, and for DuckDuckGo)
LOOKUP_CASES = [
    pytest.param(
        "dns",
        1,
        "Wikipedia: could not resolve host en.wikipedia.org",
        "DuckDuckGo search: could not resolve host lite.duckduckgo.com",
        id="dns",
    ),
    pytest.param(
        "refused",
        1,
        "Wikipedia: connection refused by en.wikipedia.org",
        "DuckDuckGo search: connection refused by lite.duckduckgo.com",
        id="refused",
    ),
    pytest.param(
        "timeout",
        1,
        "Wikipedia: timed out waiting for en.wikipedia.org",
        "DuckDuckGo search: timed out waiting for lite.duckduckgo.com",
        id="timeout",
    ),
    pytest.param(
        "http500",
        1,
        "Wikipedia: HTTP 500 from en.wikipedia.org",
        "DuckDuckGo search: HTTP 500 from lite.duckduckgo.com",
        id="http-500",
    ),
    pytest.param(
        "guard",
        1,
        "Wikipedia: blocked: 'en.wikipedia.org' resolves to non-public address '10.0.0.7'",
        "DuckDuckGo search: blocked:",
        id="guard",
    ),
]


@pytest.mark.parametrize(("kind", "status", "wikipedia", "duckduckgo"), LOOKUP_CASES)
def test_lookup_with_every_source_failing(
    kind: str, status: int, wikipedia: str, duckduckgo: str
) -> None:
    result = invoke(kind, "lookup", "Mongolia", "--json")
    assert result.exit_code == status, result.output
    data = json.loads(result.stdout)
    assert data["success"] is False
    assert data["source"] == "none"
    assert data["error"].startswith("every source failed: ")
    assert wikipedia in data["error"] and duckduckgo in data["error"]
    assert data["data"]["message"] == UNREACHABLE_MESSAGE
    assert "your own knowledge" not in result.stdout
    assert result.stderr.splitlines()[-1] == f"error: {data['error']}"
    if kind != "guard":
        assert "blocked" not in data["error"]


def test_lookup_human_mode_prints_one_error_line_and_exits_1() -> None:
    result = invoke("dns", "lookup", "Mongolia")
    assert result.exit_code == 1
    assert result.stdout.strip() == UNREACHABLE_MESSAGE
    last = result.stderr.splitlines()[-1]
    assert last.startswith("error: every source failed: Wikipedia: could not resolve host")


def test_lookup_malformed_wikipedia_and_an_empty_results_page_is_incomplete() -> None:
    # Wikipedia's body is not JSON (it could not be asked); DuckDuckGo's lite page parses to
    # no results (it answered): the job was done, and the answer says it is incomplete.
    result = invoke("malformed", "lookup", "Mongolia", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["success"] is True
    assert data["data"]["message"] == INCOMPLETE_MESSAGE
    assert data["error"].startswith("nothing found, and a source failed: Wikipedia: malformed")


def test_lookup_nothing_found_is_an_honest_miss() -> None:
    result = invoke("nothing", "lookup", "qwzx blorp", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data == {
        "success": True,
        "type": "lookup",
        "source": "none",
        "data": {"query": "qwzx blorp", "message": NO_RESULTS_MESSAGE},
    }


def test_lookup_found_on_wikipedia_from_the_real_capture() -> None:
    result = invoke("found", "lookup", "Mongolia", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["success"] is True and data["source"] == "wikipedia"
    assert "error" not in data


# --- swarm search ---------------------------------------------------------------------------

SEARCH_CASES = [
    pytest.param("dns", 1, "could not resolve host", id="dns"),
    pytest.param("refused", 1, "connection refused by", id="refused"),
    pytest.param("timeout", 1, "timed out waiting for", id="timeout"),
    pytest.param("http500", 1, "HTTP 500 from", id="http-500"),
    pytest.param("guard", 1, "blocked:", id="guard"),
]


@pytest.mark.parametrize(("kind", "status", "reason"), SEARCH_CASES)
def test_search_with_every_provider_failing(kind: str, status: int, reason: str) -> None:
    result = invoke(kind, "search", "Mongolia")
    assert result.exit_code == status, result.output
    envelope = result.stdout
    assert "failed: every search provider (DuckDuckGo, Wikipedia) could not be reached" in envelope
    assert f"DuckDuckGo: {reason}" in envelope and f"Wikipedia: {reason}" in envelope
    assert "you have failed" in envelope  # the no-facts clause stays
    error = result.stderr.splitlines()[-1]
    assert error.startswith("error: every search provider failed: DuckDuckGo: ")
    assert "Wikipedia: " in error


def test_search_nothing_found_exits_0_and_says_found_nothing() -> None:
    result = invoke("nothing", "search", "qwzx blorp")
    assert result.exit_code == 0, result.output
    assert "found nothing" in result.stdout
    assert "could not be reached" not in result.stdout
    assert "error:" not in result.stderr


def test_search_answered_from_the_real_captures_exits_0() -> None:
    result = invoke("found", "search", "Mongolia landlocked country")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Here are the web search results")


# --- swarm research -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        pytest.param("dns", "could not resolve host", id="dns"),
        pytest.param("refused", "connection refused by", id="refused"),
        pytest.param("timeout", "timed out waiting for", id="timeout"),
        pytest.param("http500", "HTTP 500 from", id="http-500"),
        pytest.param("guard", "blocked:", id="guard"),
    ],
)
def test_research_with_every_source_failing(kind: str, reason: str) -> None:
    result = invoke(kind, "research", "Mongolia", "--depth", "quick", "--json")
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["sources"] == []
    assert data["all_sources_failed"] is True
    web = [e for e in data["errors"] if e.startswith("search: web search for")]
    wikipedia = [e for e in data["errors"] if e.startswith("search: Wikipedia search for")]
    assert web and wikipedia, data["errors"]
    assert all(reason in error for error in web + wikipedia), data["errors"]
    assert result.stderr.splitlines()[-1].startswith("error: every source failed: search: ")


def test_research_nothing_found_exits_0_with_no_errors() -> None:
    result = invoke("nothing", "research", "qwzx blorp", "--depth", "quick", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["sources"] == [] and data["all_sources_failed"] is False
    assert data["errors"] == []


# --- usage: exit 2 --------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["lookup", "search", "research"])
@pytest.mark.parametrize("question", ["", "   ", "\t\n"], ids=["empty", "spaces", "whitespace"])
def test_an_empty_question_is_a_usage_error(command: str, question: str) -> None:
    result = invoke("nothing", command, question)
    assert result.exit_code == 2, result.output
    assert "is empty: ask something" in result.stderr


@pytest.mark.parametrize("command", ["lookup", "search", "research"])
def test_no_outside_source_enabled_is_a_usage_error(command: str) -> None:
    env = {"WEB_SEARCH_ENABLED": "false", "WIKIPEDIA_FALLBACK_ENABLED": "false"}
    result = invoke("nothing", command, "Mongolia", env=env)
    assert result.exit_code == 2, result.output
    assert "disabled" in result.stderr

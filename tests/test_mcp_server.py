"""The MCP server: `swarm mcp` as a subprocess, driven through the mcp SDK's own client."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, REPO_ROOT

pytest.importorskip("mcp")

from mcp import Client, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

from swarm.config import get_settings  # noqa: E402
from swarm.mcp_server import build_server  # noqa: E402

TOOLS = {"wiki_query", "get_page", "lookup", "web_search", "read_article", "research_topic"}
SLA_QUESTION = "What is CCW's first-response SLA?"


def _offline_env(tmp_path: Path) -> dict[str, str]:
    return {
        "BRAIN1_WIKI_DIR": str(FIXTURES / "brain"),
        "SWARM_MODEL": "offline",
        "SWARM_CACHE_DIR": str(tmp_path / "cache"),
        # The SDK passes the real HOME on: keep a developer's own config file out of the test.
        "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
        # wiki_query is local; these make sure nothing else could reach out either.
        "WEB_SEARCH_ENABLED": "false",
        "WIKIPEDIA_FALLBACK_ENABLED": "false",
        "PYTHONPATH": str(REPO_ROOT),
    }


def _check_tool_list(tools: list[Any]) -> None:
    by_name = {tool.name: tool for tool in tools}
    assert set(by_name) == TOOLS
    for name, tool in by_name.items():
        assert tool.description and len(tool.description) > 40, name
        assert tool.input_schema["type"] == "object"
        assert tool.output_schema is not None, f"{name} has no structured output"
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is True
        assert tool.annotations.open_world_hint is (name not in ("wiki_query", "get_page"))
    assert by_name["wiki_query"].input_schema["required"] == ["query"]
    assert "time_sensitive" in by_name["wiki_query"].input_schema["properties"]
    depth = by_name["research_topic"].input_schema["properties"]["depth"]
    assert depth["enum"] == ["quick", "deep"] and depth["default"] == "deep"
    assert by_name["read_article"].input_schema["required"] == ["url"]


async def test_swarm_mcp_subprocess_lists_tools_and_answers_from_the_wiki(
    tmp_path: Path,
) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "swarm", "mcp"],
        env=_offline_env(tmp_path),
        cwd=str(tmp_path),
    )
    async with Client(params, read_timeout_seconds=60) as client:
        listed = await client.list_tools()
        _check_tool_list(listed.tools)
        result = await client.call_tool("wiki_query", {"query": SLA_QUESTION})
    assert result.is_error is False
    content = result.structured_content
    assert content is not None
    assert "15" in content["answer"]
    assert "ccw.md" in content["pages_consulted"]
    assert content["confidence"] in ("high", "medium")
    assert set(content) >= {"answer", "pages_consulted", "confidence", "go_external", "stale"}


async def test_mcp_lists_exactly_the_registry_tools() -> None:
    from swarm.tools import registered_tools

    async with Client(build_server()) as client:
        listed = {tool.name: tool for tool in (await client.list_tools()).tools}
    declared = {definition.name: definition for definition in registered_tools()}
    assert set(listed) == set(declared)
    for name, definition in declared.items():
        tool = listed[name]
        assert tool.input_schema == definition.input_schema(), name
        assert (tool.title, tool.description) == (definition.title, definition.description)
        assert tool.annotations is not None
        assert tool.annotations.open_world_hint is definition.open_world


@pytest.fixture
def offline_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name, value in _offline_env(tmp_path).items():
        monkeypatch.setenv(name, value)


@pytest.mark.usefixtures("offline_env")
async def test_in_process_tools_return_structured_results_without_network() -> None:
    async with Client(build_server()) as client:
        _check_tool_list((await client.list_tools()).tools)
        wiki = await client.call_tool("wiki_query", {"query": SLA_QUESTION, "time_sensitive": True})
        lookup = await client.call_tool("lookup", {"query": "Coastal Clean Water"})
        search = await client.call_tool("web_search", {"query": "Coastal Clean Water"})
        research = await client.call_tool("research_topic", {"topic": "CCW", "depth": "quick"})
        blocked = await client.call_tool("read_article", {"url": "http://127.0.0.1:9/admin"})
    assert wiki.structured_content is not None
    assert wiki.structured_content["go_external"] is True  # time-sensitive: always outside
    assert lookup.structured_content is not None
    # Both outside sources are off: the lookup says so in `error` instead of "no results".
    assert "disabled" in lookup.structured_content.pop("error")
    assert lookup.structured_content == {
        "success": True,
        "type": "lookup",
        "source": "none",
        "data": {
            "query": "Coastal Clean Water",
            "message": lookup.structured_content["data"]["message"],
        },
    }
    assert search.structured_content is not None
    assert "disabled" in search.structured_content["content"]
    assert research.structured_content is not None
    assert research.structured_content["depth"] == "quick"
    assert research.structured_content["sources"] == []
    assert blocked.structured_content is not None
    assert blocked.structured_content["success"] is False
    assert "blocked" in blocked.structured_content["error"]


async def test_explicit_settings_win_over_the_environment(tmp_path: Path) -> None:
    settings = get_settings(wiki_dir=FIXTURES / "brain", backend="offline")
    async with Client(build_server(settings)) as client:
        result = await client.call_tool("wiki_query", {"query": SLA_QUESTION})
    assert result.structured_content is not None
    assert result.structured_content["error"] is None
    assert "ccw.md" in result.structured_content["pages_consulted"]


async def test_wiki_query_without_a_wiki_is_an_error_naming_the_fix() -> None:
    async with Client(build_server()) as client:
        result = await client.call_tool("wiki_query", {"query": SLA_QUESTION})
    assert result.is_error is True
    [message] = result.content
    assert message.type == "text"
    assert "No wiki configured" in message.text
    assert "BRAIN1_WIKI_DIR" in message.text and "swarm mcp --wiki DIR" in message.text
    assert "\n" not in message.text


async def test_wiki_query_with_a_missing_wiki_folder_is_an_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("BRAIN1_WIKI_DIR", str(tmp_path / "nowhere"))
    async with Client(build_server()) as client:
        result = await client.call_tool("wiki_query", {"query": SLA_QUESTION})
    assert result.is_error is True
    [message] = result.content
    assert message.type == "text"
    assert "Wiki folder not found" in message.text and "nowhere" in message.text
    assert "swarm mcp --wiki DIR" in message.text


@pytest.mark.usefixtures("offline_env")
@pytest.mark.parametrize(
    ("tool", "arguments", "named"),
    [
        pytest.param("wiki_query", {"query": "x", "bogus": 1}, ["'bogus'"], id="wiki_query"),
        pytest.param("lookup", {"query": "x", "limit": 3}, ["'limit'"], id="lookup"),
        pytest.param(
            "research_topic",
            {"topic": "x", "depth": "quick", "sources": 2, "lang": "fr"},
            ["'lang'", "'sources'"],
            id="two-unknown",
        ),
    ],
)
async def test_unknown_arguments_are_refused_by_name(
    tool: str, arguments: dict[str, Any], named: list[str]
) -> None:
    async with Client(build_server()) as client:
        result = await client.call_tool(tool, arguments)
    assert result.is_error is True
    [message] = result.content
    assert message.type == "text"
    assert "Unknown argument" in message.text and tool in message.text
    for name in named:
        assert name in message.text


@pytest.mark.usefixtures("offline_env")
@pytest.mark.parametrize(
    ("variable", "value", "expected"),
    [
        pytest.param("SWARM_MAX_PAGES", "0", "Invalid setting SWARM_MAX_PAGES", id="bad-setting"),
        pytest.param("SWARM_MODEL", "anthropic", "ANTHROPIC_API_KEY", id="anthropic-without-key"),
    ],
)
async def test_settings_that_cannot_work_are_error_results(
    variable: str, value: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(variable, value)
    async with Client(build_server()) as client:
        result = await client.call_tool("wiki_query", {"query": SLA_QUESTION})
    assert result.is_error is True
    [message] = result.content
    assert message.type == "text" and expected in message.text


@pytest.mark.usefixtures("offline_env")
async def test_lone_surrogates_never_leave_through_mcp() -> None:
    async with Client(build_server()) as client:
        search = await client.call_tool("web_search", {"query": "x\ud800y"})
        lookup = await client.call_tool("lookup", {"query": "x\udfffy"})
    for result in (search, lookup):
        assert result.is_error is False
        assert result.structured_content is not None
        encoded = json.dumps(result.structured_content, ensure_ascii=False).encode("utf-8")
        assert "x\ufffdy".encode() in encoded
        [text] = result.content
        assert text.type == "text"
        text.text.encode("utf-8")
    assert search.structured_content is not None
    assert search.structured_content["query"] == "x\ufffdy"


# Loaded by the server subprocess before swarm: the machine is offline. DNS fails and only
# loopback can be connected to, so nothing the test starts can reach a real host.
_OFFLINE_SITECUSTOMIZE = """
import errno, ipaddress, socket

_connect, _getaddrinfo = socket.socket.connect, socket.getaddrinfo


def _loopback(host):
    if not isinstance(host, str) or host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def connect(self, address):
    if not _loopback(address[0] if isinstance(address, tuple) else address):
        raise OSError(errno.ENETUNREACH, "Network is unreachable")
    return _connect(self, address)


def getaddrinfo(host, *args, **kwargs):
    if not _loopback(host.decode() if isinstance(host, bytes) else host):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    return _getaddrinfo(host, *args, **kwargs)


socket.socket.connect = connect
socket.getaddrinfo = getaddrinfo
"""


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_swarm_mcp_offline_failures_are_results_not_tracebacks(tmp_path: Path) -> None:
    offline = tmp_path / "offline"
    offline.mkdir()
    (offline / "sitecustomize.py").write_text(_OFFLINE_SITECUSTOMIZE)
    env = _offline_env(tmp_path) | {
        "PYTHONPATH": os.pathsep.join([str(offline), str(REPO_ROOT)]),
        "WEB_SEARCH_ENABLED": "true",  # every outside source on, and every one failing
        "WIKIPEDIA_FALLBACK_ENABLED": "true",
        "SEARXNG_URL": f"http://127.0.0.1:{_closed_port()}",
        "SWARM_TOTAL_WALL_CLOCK_S": "5",
        "HOME": str(tmp_path),
    }
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "swarm", "mcp"], env=env, cwd=str(tmp_path)
    )
    calls: list[tuple[str, dict[str, Any]]] = [
        ("lookup", {"query": "Mongolia"}),
        ("web_search", {"query": "Mongolia"}),
        ("read_article", {"url": "http://127.0.0.1:1/"}),
        ("read_article", {"url": "https://en.wikipedia.org/wiki/Mongolia"}),
        ("research_topic", {"topic": "Mongolia", "depth": "quick"}),
        ("wiki_query", {"query": SLA_QUESTION, "bogus": 1}),
    ]
    with (tmp_path / "stderr.txt").open("w+") as errlog:
        async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=90) as client:
            results = [await client.call_tool(name, arguments) for name, arguments in calls]
        errlog.seek(0)
        stderr = errlog.read()

    lookup, search, local, remote, research, bogus = results
    for result in (lookup, search, local, remote, research):
        assert result.is_error is False and result.structured_content is not None
    assert lookup.structured_content is not None and lookup.structured_content["error"]
    assert search.structured_content is not None
    assert "failed" in search.structured_content["content"]
    for article in (local, remote):
        assert article.structured_content is not None
        assert article.structured_content["success"] is False
    assert bogus.is_error is True
    assert "Traceback" not in stderr
    for line in stderr.splitlines():  # at most one line per ordinary failure
        assert line.startswith(("WARNING ", "ERROR ", "CRITICAL ")), line


def test_importing_swarm_does_not_import_mcp() -> None:
    import subprocess

    code = (
        "import sys, swarm, swarm.cli, swarm.margot_bot, swarm.tools; "
        "sys.exit(1 if 'mcp' in sys.modules else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, timeout=60)
    assert done.returncode == 0

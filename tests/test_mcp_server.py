"""The MCP server: `swarm mcp` as a subprocess, driven through the mcp SDK's own client."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, REPO_ROOT

pytest.importorskip("mcp")

from mcp import Client, StdioServerParameters  # noqa: E402

from swarm.config import get_settings  # noqa: E402
from swarm.mcp_server import build_server  # noqa: E402

TOOLS = {"wiki_query", "lookup", "web_search", "read_article", "research_topic"}
SLA_QUESTION = "What is CCW's first-response SLA?"


def _offline_env(tmp_path: Path) -> dict[str, str]:
    return {
        "BRAIN1_WIKI_DIR": str(FIXTURES / "brain"),
        "SWARM_MODEL": "offline",
        "SWARM_CACHE_DIR": str(tmp_path / "cache"),
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
        assert tool.annotations.open_world_hint is (name != "wiki_query")
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


async def test_wiki_query_without_a_wiki_is_an_honest_result() -> None:
    async with Client(build_server()) as client:
        result = await client.call_tool("wiki_query", {"query": SLA_QUESTION})
    assert result.is_error is False
    assert result.structured_content is not None
    assert result.structured_content["go_external"] is True
    assert "BRAIN1_WIKI_DIR" in result.structured_content["error"]


def test_importing_swarm_does_not_import_mcp() -> None:
    import subprocess

    code = (
        "import sys, swarm, swarm.cli, swarm.margot_bot, swarm.tools; "
        "sys.exit(1 if 'mcp' in sys.modules else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, timeout=60)
    assert done.returncode == 0

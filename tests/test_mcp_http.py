"""`swarm mcp --http`: the streamable HTTP transport, as a subprocess on 127.0.0.1 driven
through the mcp SDK's own HTTP client, and the address checks of the CLI."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, REPO_ROOT

pytest.importorskip("mcp")

from mcp import Client  # noqa: E402

from swarm.cli import cli  # noqa: E402

SLA_QUESTION = "What is CCW's first-response SLA?"


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "BRAIN1_WIKI_DIR": str(FIXTURES / "brain"),
        "SWARM_MODEL": "offline",
        "SWARM_CACHE_DIR": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
        "WEB_SEARCH_ENABLED": "false",
        "WIKIPEDIA_FALLBACK_ENABLED": "false",
        "PYTHONPATH": str(REPO_ROOT),
    }


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for(port: int, server: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"swarm mcp --http exited {server.returncode}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing listened on 127.0.0.1:{port} after {seconds} s")


def _start(tmp_path: Path, *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "swarm", "mcp", *args],
        env=_env(tmp_path),
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


@pytest.fixture
def http_server(tmp_path: Path) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    port = _free_port()
    server = _start(tmp_path, "--http", str(port))  # PORT alone: 127.0.0.1
    try:
        _wait_for(port, server)
        yield port, server
    finally:
        if server.poll() is None:
            server.terminate()
        server.communicate(timeout=30)  # reaped, its stderr pipe closed


async def test_swarm_mcp_over_http_serves_tools_resources_and_prompts(
    http_server: tuple[int, subprocess.Popen[bytes]],
) -> None:
    port, _ = http_server
    async with Client(f"http://127.0.0.1:{port}/mcp", read_timeout_seconds=60) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        answer = await client.call_tool("wiki_query", {"query": SLA_QUESTION})
        resources = (await client.list_resources()).resources
        page = await client.read_resource("wiki://ccw.md")
        prompt = await client.get_prompt("ask-my-wiki-first", {"question": SLA_QUESTION})
    assert set(tools) == {
        "wiki_query",
        "get_page",
        "lookup",
        "web_search",
        "read_article",
        "research_topic",
    }
    assert all(tool.title and tool.output_schema for tool in tools.values())
    assert answer.is_error is False and answer.structured_content is not None
    assert "15" in answer.structured_content["answer"]
    assert "ccw.md" in answer.structured_content["pages_consulted"]
    assert "wiki://ccw.md" in {resource.uri for resource in resources}
    assert "First-response SLA: 15 minutes" in page.contents[0].text  # type: ignore[union-attr]
    assert "wiki_query" in prompt.messages[0].content.text  # type: ignore[union-attr]


def test_interrupting_the_http_server_exits_0(
    http_server: tuple[int, subprocess.Popen[bytes]],
) -> None:
    port, server = http_server
    server.send_signal(subprocess.signal.SIGINT)  # type: ignore[attr-defined]
    _, stderr = server.communicate(timeout=30)
    text = stderr.decode()
    assert server.returncode == 0, text
    assert f"http://127.0.0.1:{port}/mcp" in text and "Traceback" not in text


def test_a_port_already_taken_exits_1(
    tmp_path: Path, http_server: tuple[int, subprocess.Popen[bytes]]
) -> None:
    port, _ = http_server
    second = _start(tmp_path, "--http", f"127.0.0.1:{port}")
    _, stderr = second.communicate(timeout=60)
    assert second.returncode == 1
    assert "could not serve" in stderr.decode() and "Traceback" not in stderr.decode()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--http", "0.0.0.0:8765"], "not loopback"),
        (["--http", "example.org:8765"], "--allow-remote"),
        (["--http", "99999"], "port must be a number from 1 to 65535"),
        (["--http", "127.0.0.1:"], "port must be a number"),
        (["--http", "::1:8765"], "IPv6 host goes in brackets"),
        (["--allow-remote"], "only goes with --http"),
    ],
)
def test_bad_or_remote_addresses_are_refused_before_serving(args: list[str], words: str) -> None:
    result = CliRunner().invoke(cli, ["mcp", *args], env={"SWARM_MODEL": "offline"})
    assert result.exit_code == 2, result.output
    assert words in result.stderr


async def test_a_remote_host_with_allow_remote_serves_and_warns(tmp_path: Path) -> None:
    port = _free_port()
    # 127.0.0.2 is loopback too; `localhost` spelled as an address other than 127.0.0.1
    # would be accepted without the flag, so ask for every interface, as a user would.
    server = _start(tmp_path, "--http", f"0.0.0.0:{port}", "--allow-remote")
    try:
        _wait_for(port, server)
        async with Client(f"http://127.0.0.1:{port}/mcp", read_timeout_seconds=60) as client:
            listed = (await client.list_tools()).tools
    finally:
        server.terminate()
        _, stderr = server.communicate(timeout=30)
    assert len(listed) == 6
    assert "warning: serving on 0.0.0.0, not loopback" in stderr.decode()

"""A cloned repository's `.env` runs nothing and sends nothing: swarm started in a folder whose
`.env` names a command, endpoints and a key, through the CLI and through `swarm mcp`.

swarm runs as a subprocess started in that folder, on an offline machine: a `sitecustomize`
on its PYTHONPATH refuses every non-loopback lookup and connect (an OSError, as with no
network) and logs the host. Each hostile case has a control beside it: the same values from
the process environment do reach the command and the recorder, so the test can fail.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import FIXTURES, REPO_ROOT

OFFLINE_SITECUSTOMIZE = '''
"""Test harness: this interpreter is on a machine without network (loopback only)."""
import ipaddress
import os
import socket

_LOG = os.environ.get("TEST_NETWORK_LOG")
_real_getaddrinfo = socket.getaddrinfo
_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


def _loopback(host):
    if isinstance(host, bytes):
        host = host.decode()
    if not isinstance(host, str) or host in ("", "localhost"):
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def _log(host):
    if _LOG:
        with open(_LOG, "a", encoding="utf-8") as handle:
            handle.write(f"{host}\\n")


def getaddrinfo(host, *args, **kwargs):
    if isinstance(host, bytes):
        host = host.decode()
    if not _loopback(host):
        _log(host)
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known (offline test)")
    return _real_getaddrinfo(host, *args, **kwargs)


def _guard(address):
    host = address[0] if isinstance(address, tuple) else address
    if not _loopback(host):
        _log(host)
        raise OSError(101, "Network is unreachable (offline test)")


def connect(self, address):
    _guard(address)
    return _real_connect(self, address)


def connect_ex(self, address):
    _guard(address)
    return _real_connect_ex(self, address)


socket.getaddrinfo = getaddrinfo
socket.socket.connect = connect
socket.socket.connect_ex = connect_ex
'''


@dataclass
class RecordingServer:
    """A loopback HTTP server that records every request it gets."""

    url: str
    requests: list[dict[str, object]] = field(default_factory=list)


@pytest.fixture
def recorder() -> Iterator[RecordingServer]:
    seen: list[dict[str, object]] = []

    class Handler(BaseHTTPRequestHandler):
        def _record(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            seen.append(
                {
                    "method": self.command,
                    "path": self.path,
                    "headers": {key.lower(): value for key, value in self.headers.items()},
                    "body": self.rfile.read(length).decode("utf-8", "replace"),
                }
            )
            # Not an answer anyone could use: a 400 error (the SDK does not retry it).
            body = json.dumps({"type": "error", "error": {"type": "invalid_request_error"}})
            self.send_response(400)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body.encode())

        do_GET = do_POST = _record

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield RecordingServer(f"http://127.0.0.1:{server.server_address[1]}", seen)
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Folder:
    """The working folder swarm is started in (a cloned repository), and the marker file the
    hostile helper command would create."""

    path: Path
    marker: Path
    network_log: Path
    env: dict[str, str]

    def hostile_values(self, recorder: RecordingServer) -> dict[str, str]:
        return {
            "STREAM_BROWSER": "true",
            "SWARM_BROWSER_HELPER_COMMAND": f'sh -c "touch {self.marker}; echo pwned answer"',
            "ANTHROPIC_BASE_URL": recorder.url,
            "SEARXNG_URL": recorder.url,
            "ANTHROPIC_API_KEY": "sk-test",
        }

    def write_dotenv(self, values: dict[str, str]) -> None:
        lines = [f"{name}={value}" for name, value in values.items()]
        (self.path / ".env").write_text("\n".join(lines) + "\n", encoding="utf-8")

    def hosts_tried(self) -> list[str]:
        if not self.network_log.exists():
            return []
        return self.network_log.read_text().split()


@pytest.fixture
def folder(tmp_path: Path) -> Folder:
    harness = tmp_path / "offline-harness"
    harness.mkdir()
    (harness / "sitecustomize.py").write_text(textwrap.dedent(OFFLINE_SITECUSTOMIZE))
    repo = tmp_path / "cloned-repo"
    repo.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "SWARM_CACHE_DIR": str(tmp_path / "cache"),
        "PYTHONPATH": os.pathsep.join([str(harness), str(REPO_ROOT)]),
        "TEST_NETWORK_LOG": str(tmp_path / "network.log"),
        # Failures fast: no SDK retries, a short chain.
        "SWARM_MODEL_MAX_RETRIES": "0",
        "SWARM_TOTAL_WALL_CLOCK_S": "10",
    }
    return Folder(repo, tmp_path / "PWNED", tmp_path / "network.log", env)


def swarm(
    folder: Folder, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "swarm", *args],
        cwd=folder.path,
        env={**folder.env, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )


def assert_warned(stderr: str, *names: str) -> None:
    for name in names:
        lines = [line for line in stderr.splitlines() if f"ignoring {name} from ./.env" in line]
        assert len(lines) == 1, stderr
        assert lines[0].startswith("swarm: ") and "the environment or" in lines[0]


# --- swarm search: the browser helper command -------------------------------------------------


def test_search_does_not_run_the_dotenv_helper_command(
    folder: Folder, recorder: RecordingServer
) -> None:
    folder.write_dotenv(folder.hostile_values(recorder))
    done = swarm(folder, "search", "x")
    assert "Traceback" not in done.stderr
    assert not folder.marker.exists(), "the .env's command ran"
    assert recorder.requests == []
    assert "pwned" not in done.stdout
    assert_warned(done.stderr, "SWARM_BROWSER_HELPER_COMMAND", "ANTHROPIC_BASE_URL", "SEARXNG_URL")
    # STREAM_BROWSER=true (allowed from .env) alone has no command: the route fails open and
    # the search goes on to the ordinary providers (offline here).
    assert folder.hosts_tried(), "the search never went past the real-time route"


def test_control_the_same_command_from_the_environment_runs(folder: Folder) -> None:
    command = f'sh -c "touch {folder.marker}; echo the helper answer"'
    done = swarm(
        folder,
        "search",
        "x",
        env={"STREAM_BROWSER": "true", "SWARM_BROWSER_HELPER_COMMAND": command},
    )
    assert folder.marker.exists(), done.stderr
    assert "the helper answer" in done.stdout
    assert "ignoring" not in done.stderr


# --- swarm lookup: the SearXNG endpoint --------------------------------------------------------


def test_lookup_does_not_query_the_dotenv_searxng(
    folder: Folder, recorder: RecordingServer
) -> None:
    folder.write_dotenv(folder.hostile_values(recorder))
    done = swarm(folder, "lookup", "x")
    assert "Traceback" not in done.stderr
    assert recorder.requests == [], "the query went to the .env's SEARXNG_URL"
    assert not folder.marker.exists()
    assert_warned(done.stderr, "SEARXNG_URL", "SWARM_BROWSER_HELPER_COMMAND")
    assert folder.hosts_tried(), "the lookup asked no one (the default providers, offline here)"


def test_control_searxng_from_the_environment_is_queried(
    folder: Folder, recorder: RecordingServer
) -> None:
    done = swarm(folder, "lookup", "x", env={"SEARXNG_URL": recorder.url})
    paths = [str(request["path"]) for request in recorder.requests]
    assert any(path.startswith("/search?") and "q=x" in path for path in paths), done.stderr


# --- swarm query: the API key and the Anthropic endpoint ---------------------------------------


def test_query_does_not_send_the_key_to_the_dotenv_base_url(
    folder: Folder, recorder: RecordingServer
) -> None:
    folder.write_dotenv(folder.hostile_values(recorder))
    done = swarm(folder, "query", "What is CCW's SLA?", "--wiki", str(FIXTURES / "brain"))
    assert "Traceback" not in done.stderr
    assert recorder.requests == [], "the API key went to the .env's ANTHROPIC_BASE_URL"
    assert_warned(done.stderr, "ANTHROPIC_BASE_URL")
    # The key from .env is allowed; it went to Anthropic's own host (refused offline here).
    assert "api.anthropic.com" in folder.hosts_tried()


def test_control_anthropic_base_url_from_the_environment_gets_the_request(
    folder: Folder, recorder: RecordingServer
) -> None:
    folder.write_dotenv({"ANTHROPIC_API_KEY": "sk-test"})  # the key may come from .env
    done = swarm(
        folder,
        "query",
        "What is CCW's SLA?",
        "--wiki",
        str(FIXTURES / "brain"),
        env={"ANTHROPIC_BASE_URL": recorder.url},
    )
    assert recorder.requests, done.stderr
    first = recorder.requests[0]
    assert first["method"] == "POST" and str(first["path"]).startswith("/v1/messages")
    headers = first["headers"]
    assert isinstance(headers, dict)
    # SDK versions send the key as x-api-key or as a bearer token.
    sent = {headers.get("x-api-key"), headers.get("authorization", "").removeprefix("Bearer ")}
    assert "sk-test" in sent
    assert folder.hosts_tried() == []


def test_swarm_config_shows_the_dotenv_endpoints_as_refused(
    folder: Folder, recorder: RecordingServer
) -> None:
    folder.write_dotenv(folder.hostile_values(recorder))
    done = swarm(folder, "config", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    settings = report["settings"]
    for name in ("anthropic_base_url", "searxng_url", "browser_helper_command"):
        assert settings[name] == {**settings[name], "source": "default", "value": None}
    assert settings["stream_browser"]["source"] == ".env"
    assert settings["anthropic_api_key"] == {
        "env": "ANTHROPIC_API_KEY",
        "source": ".env",
        "value": "(set, redacted)",
    }
    assert {entry["env"] for entry in report["refused_from_dotenv"]} == {
        "SWARM_BROWSER_HELPER_COMMAND",
        "ANTHROPIC_BASE_URL",
        "SEARXNG_URL",
    }
    assert "sk-test" not in done.stdout


# --- swarm mcp: the same, through the MCP SDK's own client ------------------------------------


async def test_mcp_runs_nothing_and_sends_nothing(
    folder: Folder, recorder: RecordingServer
) -> None:
    pytest.importorskip("mcp")
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    folder.write_dotenv(
        {**folder.hostile_values(recorder), "BRAIN1_WIKI_DIR": str(FIXTURES / "brain")}
    )
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "swarm", "mcp"], env=folder.env, cwd=str(folder.path)
    )
    stderr_path = folder.path.parent / "mcp-stderr.txt"
    with stderr_path.open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=90) as client:
            search = await client.call_tool("web_search", {"query": "x"})
            lookup = await client.call_tool("lookup", {"query": "x"})
    assert search.is_error is False and lookup.is_error is False
    assert search.structured_content is not None
    assert "pwned" not in search.structured_content["content"]
    assert not folder.marker.exists(), "the .env's command ran under swarm mcp"
    assert recorder.requests == [], "a request went to an endpoint from the .env"
    stderr = stderr_path.read_text()
    assert_warned(stderr, "SWARM_BROWSER_HELPER_COMMAND", "ANTHROPIC_BASE_URL", "SEARXNG_URL")

"""Model calls as a whole: the deadline, the shared connection pool, the reply bounds.

The real `anthropic` SDK, built from the environment as a user's is, talks to a fake Messages
API on loopback that speaks HTTP/1.1 keep-alive and counts the connections it accepts and the
ones the client closed, so "one pool per process" and "closed at exit" are observable.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from swarm.config import Settings
from swarm.errors import ModelOutputError
from swarm.models.anthropic import AnthropicChatModel
from swarm.models.base import PageCandidate
from swarm.models.chat import ChatReasoner
from swarm.models.scripted import ScriptedChatModel
from swarm.models.sdk_clients import MAX_CLIENTS_PER_LOOP
from swarm.wiki_query import query

REPO_ROOT = Path(__file__).resolve().parents[2]
BRAIN = REPO_ROOT / "wiki_fixtures" / "brain"
MODEL = "claude-sonnet-4-6"
QUESTION = "What is CCW's first-response SLA?"
CANDIDATES = [PageCandidate("ccw.md", "Coastal Clean Water", "anchor client")]
LOOP_NOISE = ("Task exception was never retrieved", "Event loop is closed", "Traceback")

# (status, headers, body bytes)
Reply = tuple[int, dict[str, str], bytes]


def message_body(*content: dict[str, Any]) -> bytes:
    return json.dumps(
        {
            "id": "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": MODEL,
            "content": list(content),
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 5},
        }
    ).encode()


def tool_reply(name: str, tool_input: Any) -> Reply:
    block = {"type": "tool_use", "id": "toolu_1", "name": name, "input": tool_input}
    return 200, {}, message_body(block)


def raw_tool_reply(name: str, raw_input_json: str) -> Reply:
    """A tool_use reply whose input is spliced in as raw JSON text (too deep for json.dumps)."""
    body = message_body({"type": "tool_use", "id": "toolu_1", "name": name, "input": {}})
    return 200, {}, body.replace(b'"input": {}', b'"input": ' + raw_input_json.encode())


def answer_for(request: dict[str, Any]) -> Reply:
    """The happy path: the pick names ccw.md, the answer cites it."""
    if request["tool_choice"]["name"] == "pick_pages":
        return tool_reply("pick_pages", {"pages": ["ccw.md"], "time_sensitive": False})
    return tool_reply(
        "answer",
        {
            "answer": "CCW's first-response SLA is 15 minutes.",
            "confidence": "high",
            "pages_used": ["ccw.md"],
            "time_sensitive": False,
            "evidence": [{"page": "ccw.md", "quote": "First-response SLA: 15 minutes"}],
        },
    )


class KeepAliveMessagesAPI:
    """A loopback Messages API: `reply(request_body) -> (status, headers, body)`."""

    def __init__(self, reply: Callable[[dict[str, Any]], Reply]) -> None:
        self.reply = reply
        self.requests: list[dict[str, Any]] = []
        self.accepted = 0  # TCP connections accepted
        self.arrived = threading.Event()  # set by the first request
        self.delay_s = 0.0
        self.ended = 0  # connections the client closed (or dropped)
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive: a reused connection stays one socket

            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
                api.requests.append(body)
                api.arrived.set()
                time.sleep(api.delay_s)
                status, headers, data = api.reply(body)
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def finish(self) -> None:
                super().finish()
                api.ended += 1

            def log_message(self, *args: object) -> None:
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def get_request(self) -> Any:
                accepted = super().get_request()
                api.accepted += 1
                return accepted

        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_until_closed(self, timeout_s: float = 5.0) -> bool:
        deadline = time.monotonic() + timeout_s
        while self.ended < self.accepted and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.ended == self.accepted

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def environment(api_url: str, **extra: str) -> dict[str, str]:
    return {
        "ANTHROPIC_API_KEY": "sk-ant-fake",
        "ANTHROPIC_BASE_URL": api_url,
        "SWARM_ANTHROPIC_MODEL": MODEL,
        "SWARM_MODEL_MAX_RETRIES": "0",
        "SWARM_MODEL_TIMEOUT_S": "5",
        **extra,
    }


@pytest.fixture
def serve(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., KeepAliveMessagesAPI]]:
    """Start a fake API with a reply function and point the environment at it."""
    started: list[KeepAliveMessagesAPI] = []

    def start(
        reply: Callable[[dict[str, Any]], Reply] = answer_for, **env: str
    ) -> KeepAliveMessagesAPI:
        api = KeepAliveMessagesAPI(reply)
        started.append(api)
        for name, value in environment(api.url, **env).items():
            monkeypatch.setenv(name, value)
        return api

    yield start
    for api in started:
        api.close()


def overloaded(_request: dict[str, Any]) -> Reply:
    body = json.dumps({"type": "error", "error": {"type": "overloaded_error"}}).encode()
    return 529, {"retry-after": "30"}, body


# --- the deadline -------------------------------------------------------------------------


def test_a_529_asking_to_retry_after_30_s_is_cut_at_the_call_deadline(
    serve: Callable[..., KeepAliveMessagesAPI],
) -> None:
    # Two retries that each honour retry-after: 30 would hold the query for a minute.
    api = serve(overloaded, SWARM_MODEL_TIMEOUT_S="1", SWARM_MODEL_MAX_RETRIES="2")
    query("warm-up: import the SDK before timing", wiki_dir=BRAIN)

    started = time.monotonic()
    r = query(QUESTION, wiki_dir=BRAIN)
    elapsed_s = time.monotonic() - started

    assert elapsed_s < 5
    assert (r.confidence, r.go_external) == ("low", True)
    assert r.error is not None
    assert "timed out" in r.error and "within 1 s" in r.error and "retries included" in r.error
    assert "HTTP 529" in r.error  # what the API had said before the deadline passed
    assert len(api.requests) == 2  # one attempt per query: the retry sleeps were cut short


# --- one pool per process -----------------------------------------------------------------


def test_sync_queries_share_one_connection_without_loop_noise(
    serve: Callable[..., KeepAliveMessagesAPI], caplog: pytest.LogCaptureFixture
) -> None:
    api = serve()
    caplog.set_level(logging.DEBUG, logger="asyncio")

    results = [query(QUESTION, False, wiki_dir=BRAIN) for _ in range(5)]

    assert all(r.error is None and r.confidence == "high" for r in results)
    assert len(api.requests) == 10  # a pick and an answer per query
    assert api.accepted == 1
    assert not [rec for rec in caplog.records if rec.levelno >= logging.WARNING]


_QUERIES_THEN_EXIT = """
import sys
from swarm.wiki_query import query
for _ in range(int(sys.argv[2])):
    r = query("What is CCW's first-response SLA?", False, wiki_dir=sys.argv[1])
    assert r.error is None and r.confidence == "high", r.error
print("ok")
"""


def test_a_process_opens_one_connection_and_closes_it_at_exit_quietly(tmp_path: Path) -> None:
    api = KeepAliveMessagesAPI(answer_for)
    try:
        env = _subprocess_env(api.url, tmp_path)
        env["PYTHONWARNINGS"] = "error::ResourceWarning"
        done = subprocess.run(
            [sys.executable, "-X", "dev", "-c", _QUERIES_THEN_EXIT, str(BRAIN), "6"],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "ok"
        for noise in LOOP_NOISE:
            assert noise not in done.stderr
        assert "ResourceWarning" not in done.stderr
        assert len(api.requests) == 12
        assert api.accepted == 1
        assert api.wait_until_closed()  # the pool was closed, not left to the OS
    finally:
        api.close()


def _subprocess_env(api_url: str, tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("ANTHROPIC_", "SWARM_", "BRAIN1_"))
    }
    env.update(environment(api_url, **extra), SWARM_CACHE_DIR=str(tmp_path / "cache"))
    env["PYTHONPATH"] = str(REPO_ROOT)
    return env


def test_ctrl_c_stops_a_sync_query_waiting_on_the_model(tmp_path: Path) -> None:
    api = KeepAliveMessagesAPI(answer_for)
    api.delay_s = 30.0
    try:
        env = _subprocess_env(api.url, tmp_path, SWARM_MODEL_TIMEOUT_S="60")
        process = subprocess.Popen(
            [sys.executable, "-c", _QUERIES_THEN_EXIT, str(BRAIN), "1"],
            env=env,
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert api.arrived.wait(60), "the query never reached the fake API"
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=20)
        assert time.monotonic() - started < 10  # not the 30 s the API would have taken
        assert process.returncode != 0 and "KeyboardInterrupt" in stderr
        assert "Event loop is closed" not in stderr
    finally:
        api.close()


def test_an_async_callers_loop_reuses_its_client_and_closes_it_on_shutdown(
    serve: Callable[..., KeepAliveMessagesAPI],
) -> None:
    api = serve()
    reasoner = ChatReasoner(AnthropicChatModel(Settings()), name="anthropic")

    async def three_picks() -> list[list[str]]:
        return [(await reasoner.pick_pages("q", CANDIDATES, max_pages=3)).paths for _ in "abc"]

    assert asyncio.run(three_picks()) == [["ccw.md"]] * 3
    assert api.accepted == 1
    assert api.wait_until_closed()  # asyncio.run's shutdown closed the pool


def test_a_loop_keeps_a_bounded_number_of_clients_closing_the_oldest(
    serve: Callable[..., KeepAliveMessagesAPI],
) -> None:
    api = serve()
    # Nine backend settings (nine keys) on one loop: one more than a loop keeps.
    reasoners = [
        ChatReasoner(
            AnthropicChatModel(Settings(anthropic_api_key=f"sk-ant-key-{n}")), name="anthropic"
        )
        for n in range(MAX_CLIENTS_PER_LOOP + 1)
    ]

    async def one_pick_each() -> int:
        for reasoner in reasoners:
            assert (await reasoner.pick_pages("q", CANDIDATES, max_pages=3)).paths == ["ccw.md"]
        for _ in range(100):  # the evicted client's socket close reaches the server
            if api.ended:
                break
            await asyncio.sleep(0.02)
        return api.ended

    ended_before_shutdown = asyncio.run(one_pick_each())

    assert api.accepted == MAX_CLIENTS_PER_LOOP + 1
    assert ended_before_shutdown == 1  # the least recently used one, closed on eviction
    assert api.wait_until_closed()  # the other eight at the loop's shutdown


# --- reply bounds -------------------------------------------------------------------------


def test_a_huge_reply_is_refused_before_parsing(
    serve: Callable[..., KeepAliveMessagesAPI],
) -> None:
    serve(lambda _request: tool_reply("pick_pages", {"pages": ["x" * 400_000]}))

    r = query(QUESTION, wiki_dir=BRAIN)

    assert (r.confidence, r.go_external) == ("low", True)
    assert r.error is not None and "reply too large" in r.error
    assert "256 KB" in r.error


def test_a_10000_deep_tool_input_is_refused_by_name(
    serve: Callable[..., KeepAliveMessagesAPI],
) -> None:
    deep = '{"pages": ' + "[" * 10_000 + "]" * 10_000 + "}"
    serve(lambda _request: raw_tool_reply("pick_pages", deep))

    r = query(QUESTION, wiki_dir=BRAIN)

    assert (r.confidence, r.go_external) == ("low", True)
    assert r.error is not None and "reply nested too deeply" in r.error
    assert "unexpected" not in r.error and "Recursion" not in r.error


def _deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        pytest.param({"pages": _deep_list(10_000)}, "nested too deeply", id="deep-tool-input"),
        pytest.param(
            'Here: {"pages": ' + "[" * 10_000 + "]" * 10_000 + "}",
            "nested too deeply",
            id="deep-json-in-text",
        ),
        pytest.param(
            # The quote before `{` hides the brackets from the count; the parser still sees them.
            'He said "hi {"pages": ' + "[" * 5_000 + "]" * 5_000 + ', "x": "]"}',
            "nested too deeply",
            id="deep-json-behind-a-prose-quote",
        ),
        pytest.param({"pages": ["a" * 300_000]}, "too large", id="huge-tool-input"),
        pytest.param("x" * 300_000, "too large", id="huge-text"),
    ],
)
async def test_any_chat_model_reply_is_bounded_before_parsing(reply: Any, problem: str) -> None:
    reasoner = ChatReasoner(ScriptedChatModel().enqueue(reply), name="scripted")

    with pytest.raises(ModelOutputError, match=f"reply {problem}"):
        await reasoner.pick_pages("q", CANDIDATES, max_pages=3)


async def test_a_huge_text_reply_is_refused_where_text_is_the_answer() -> None:
    reasoner = ChatReasoner(ScriptedChatModel().enqueue("x" * 300_000), name="scripted")

    with pytest.raises(ModelOutputError, match="reply too large"):
        await reasoner.draft_reply("hello", [])


async def test_nesting_within_the_bound_still_parses() -> None:
    pages_json = '{"pages": ["ccw.md"], "extra": ' + "[" * 60 + "]" * 60 + "}"
    reasoner = ChatReasoner(ScriptedChatModel().enqueue(pages_json), name="scripted")

    choice = await reasoner.pick_pages("q", CANDIDATES, max_pages=3)

    assert choice.paths == ["ccw.md"]

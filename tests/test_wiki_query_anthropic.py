"""`query()` on the Anthropic backend, end to end: the real `anthropic` SDK, built the way a
user's environment builds it (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`), talking to a fake
Messages API on loopback. Whatever the model answers, the result is validated and never raises.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from conftest import FIXTURES

from swarm.wiki_query import query

BRAIN = FIXTURES / "brain"
MODEL = "claude-sonnet-4-6"

Reply = Callable[[dict[str, Any]], tuple[int, dict[str, Any]]] | tuple[int, dict[str, Any]]


def message(*content: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return 200, {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": MODEL,
        "content": list(content),
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {"input_tokens": 100, "output_tokens": 20},
    }


def tool_use(name: str, tool_input: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return message({"type": "tool_use", "id": "toolu_1", "name": name, "input": tool_input})


def text(reply: str) -> tuple[int, dict[str, Any]]:
    return message({"type": "text", "text": reply})


PICK_CCW = tool_use("pick_pages", {"pages": ["ccw.md"], "time_sensitive": False})
ANSWER_SLA = tool_use(
    "answer",
    {
        "answer": "CCW's first-response SLA is 15 minutes for P1 alerts.",
        "confidence": "high",
        "pages_used": ["ccw.md"],
        "time_sensitive": False,
        "evidence": [
            {"page": "ccw.md", "quote": "First-response SLA: 15 minutes, around the clock"}
        ],
    },
)


class FakeMessagesAPI:
    """Answers POST /v1/messages with queued replies; records every request body."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[dict[str, Any]] = []
        self.delay_s = 0.0

    def handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("content-length", 0))
                body = json.loads(self.rfile.read(length))
                api.requests.append(body)
                if api.delay_s:
                    time.sleep(api.delay_s)
                reply = api.replies.pop(0) if api.replies else (500, {"type": "error"})
                status, payload = reply(body) if callable(reply) else reply
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except BrokenPipeError:
                    pass  # the client gave up (the timeout test)

            def log_message(self, *args: object) -> None:
                pass

        return Handler


@pytest.fixture
def api(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeMessagesAPI]:
    fake = FakeMessagesAPI()
    server = ThreadingHTTPServer(("127.0.0.1", 0), fake.handler())
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-fake")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", f"http://127.0.0.1:{server.server_port}")
    monkeypatch.setenv("SWARM_ANTHROPIC_MODEL", MODEL)
    monkeypatch.setenv("SWARM_MODEL_MAX_RETRIES", "0")
    monkeypatch.setenv("SWARM_MODEL_TIMEOUT_S", "2")
    yield fake
    server.shutdown()
    server.server_close()


def test_key_in_the_environment_selects_anthropic_happy_path(api: FakeMessagesAPI) -> None:
    api.replies += [PICK_CCW, ANSWER_SLA]
    r = query("What is CCW's first-response SLA?", wiki_dir=BRAIN)
    assert r.backend == f"anthropic:{MODEL}"
    assert (r.confidence, r.go_external, r.stale, r.error) == ("high", False, False, None)
    assert "15 minutes" in r.answer and r.pages_consulted == ["ccw.md"]
    pick, answer = api.requests
    assert pick["model"] == MODEL and pick["tool_choice"]["name"] == "pick_pages"
    assert "ccw.md" in pick["messages"][0]["content"]
    # The synthesis call sees the page excerpt it answers from, and nothing it didn't read.
    assert "15 minutes" in answer["messages"][0]["content"]
    assert "sla-policy.md" not in answer["messages"][0]["content"]


@pytest.mark.parametrize(
    "pages",
    [
        pytest.param(["unknown.md", "ccw.md"], id="unknown-page"),
        pytest.param(["../../etc/passwd", "ccw.md"], id="traversal"),
        pytest.param([f"page-{n}.md" for n in range(11)] + ["ccw.md"], id="twelve-pages"),
    ],
)
def test_bad_page_picks_are_dropped_before_reading(api: FakeMessagesAPI, pages: list[str]) -> None:
    api.replies += [tool_use("pick_pages", {"pages": pages}), ANSWER_SLA]
    r = query("What is CCW's first-response SLA?", False, wiki_dir=BRAIN)
    assert r.error is None and r.pages_read == ["ccw.md"]
    assert "passwd" not in api.requests[1]["messages"][0]["content"]


def test_only_bogus_picks_mean_no_synthesis_call(api: FakeMessagesAPI) -> None:
    api.replies += [tool_use("pick_pages", {"pages": ["../../etc/passwd", "/etc/shadow"]})]
    r = query("What is CCW's first-response SLA?", wiki_dir=BRAIN)
    assert (r.confidence, r.go_external, r.pages_consulted) == ("low", True, [])
    assert len(api.requests) == 1


def test_json_in_code_fences_is_accepted(api: FakeMessagesAPI) -> None:
    fenced = (
        '```json\n{"answer": "15 minutes", "confidence": "high", "pages_used": ["ccw.md"], '
        '"evidence": [{"page": "ccw.md", "quote": "First-response SLA: 15 minutes"}]}\n```'
    )
    api.replies += [PICK_CCW, text(fenced)]
    r = query("What is CCW's first-response SLA?", False, wiki_dir=BRAIN)
    assert (r.answer, r.confidence, r.go_external) == ("15 minutes", "high", False)


@pytest.mark.parametrize(
    "replies",
    [
        pytest.param([PICK_CCW, text("The SLA is probably fast, I think.")], id="non-json"),
        pytest.param([text("I'd pick the CCW page.")], id="non-json-pick"),
        pytest.param(
            [PICK_CCW, (500, {"type": "error", "error": {"type": "api_error"}})], id="500"
        ),
        pytest.param([(529, {"type": "error", "error": {"type": "overloaded"}})], id="529"),
    ],
)
def test_unusable_model_output_and_api_errors_become_honest_results(
    api: FakeMessagesAPI, replies: list[Reply]
) -> None:
    api.replies += replies
    r = query("What is CCW's first-response SLA?", wiki_dir=BRAIN)
    assert r.error and r.error.startswith("model")
    assert (r.confidence, r.go_external) == ("low", True)
    assert "sk-ant-fake" not in r.error


def test_model_timeout_becomes_an_honest_result(
    api: FakeMessagesAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWARM_MODEL_TIMEOUT_S", "0.3")
    api.delay_s = 1.0
    api.replies += [PICK_CCW]
    started = time.monotonic()
    r = query("What is CCW's first-response SLA?", wiki_dir=BRAIN)
    assert r.error and "timed out" in r.error and r.go_external
    assert time.monotonic() - started < 3


def test_a_fabricated_quote_through_the_sdk_is_not_high(api: FakeMessagesAPI) -> None:
    fabricated = tool_use(
        "answer",
        {
            "answer": "CCW's first-response SLA is 15 minutes.",
            "confidence": "high",
            "pages_used": ["ccw.md"],
            "time_sensitive": False,
            "evidence": [{"page": "ccw.md", "quote": "CCW is promised a 15-minute response."}],
        },
    )
    api.replies += [PICK_CCW, fabricated]
    r = query("What is CCW's first-response SLA?", wiki_dir=BRAIN)
    assert (r.confidence, r.go_external, r.evidence) == ("medium", True, [])
    assert "quote not found on page ccw.md" in r.warnings
    # The answer tool the SDK sent asks for the quotes.
    assert "evidence" in api.requests[1]["tools"][0]["input_schema"]["required"]


def test_swarm_query_json_adds_evidence_after_the_six_only_when_verified(
    api: FakeMessagesAPI,
) -> None:
    from click.testing import CliRunner

    from swarm.cli import cli
    from swarm.wiki_query import SPEC_FIELDS

    api.replies += [PICK_CCW, ANSWER_SLA]
    args = ["query", "What is CCW's first-response SLA?", "--wiki", str(BRAIN), "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert list(payload) == [*SPEC_FIELDS, "evidence"]
    assert payload["confidence"] == "high"
    assert payload["evidence"] == [
        {"page": "ccw.md", "quote": "First-response SLA: 15 minutes, around the clock"}
    ]

    no_quote = {**ANSWER_SLA[1]["content"][0]["input"], "evidence": []}
    api.replies += [PICK_CCW, tool_use("answer", no_quote)]
    payload = json.loads(CliRunner().invoke(cli, args).stdout)
    assert "evidence" not in payload and payload["confidence"] == "medium"
    assert list(payload)[: len(SPEC_FIELDS)] == list(SPEC_FIELDS)

"""A fake OpenAI-compatible server on 127.0.0.1 (POST /v1/chat/completions), in the shapes
real local servers take: one that calls the forced function, one that ignores tools and
writes `<think>` blocks and fenced JSON, a slow one, one that doesn't know the model (404),
one that rate-limits (429), one that refuses `tools` (400); and a closed port.

Its answers carry `evidence` quotes copied verbatim from wiki_fixtures/brain/ccw.md, so they
stay `high` once the chat path verifies quotes.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MODEL = "fake-llama:8b"
QUESTION = "What is CCW's first-response SLA?"
PICK = {"pages": ["ccw.md"], "time_sensitive": False}
ANSWER = {
    "answer": "CCW's first-response SLA is 15 minutes, around the clock, for P1 alerts.",
    "confidence": "high",
    "pages_used": ["ccw.md"],
    "time_sensitive": False,
    "evidence": [
        {"page": "ccw.md", "quote": "First-response SLA: 15 minutes, around the clock"},
    ],
}

Reply = tuple[int, dict[str, Any]]


def wants_pick(body: dict[str, Any]) -> bool:
    """Which call this is, read as a server would: from the system prompt."""
    system = body["messages"][0]["content"]
    return "choose which wiki pages" in system


def completion(content: str | None = None, tool_calls: list[Any] | None = None) -> Reply:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls is not None:
        message["tool_calls"] = tool_calls
    return 200, {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 0,
        "model": MODEL,
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
    }


def function_call(name: str, arguments: dict[str, Any]) -> Reply:
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }
    return completion(None, [call])


def tool_calling(body: dict[str, Any]) -> Reply:
    """A server that calls the function it was told to call, with valid arguments."""
    name = body["tool_choice"]["function"]["name"]
    return function_call(name, PICK if name == "pick_pages" else ANSWER)


def text_only(body: dict[str, Any]) -> Reply:
    """A server that ignores `tools`: it thinks aloud, then writes fenced JSON."""
    value = PICK if wants_pick(body) else ANSWER
    thought = '<think>\nThe user asks about an SLA. Maybe {"pages": ["sla-policy.md"]}?\n</think>'
    return completion(f"{thought}\n\nHere you go:\n```json\n{json.dumps(value)}\n```\n")


def error(status: int, message: str, kind: str) -> Callable[[dict[str, Any]], Reply]:
    return lambda body: (status, {"error": {"message": message, "type": kind, "code": None}})


MODEL_NOT_FOUND = error(404, f'model "{MODEL}" not found, try pulling it first', "not_found")
RATE_LIMITED = error(429, "too many requests", "rate_limit_exceeded")
TOOLS_REFUSED = error(400, f"registry.ollama.ai/{MODEL} does not support tools", "invalid")


class FakeServer:
    """Answers each POST with the next queued reply, else with `default(body)`; records
    every request body (and its Authorization header)."""

    def __init__(self, default: Callable[[dict[str, Any]], Reply] = tool_calling) -> None:
        self.default = default
        self.replies: list[Callable[[dict[str, Any]], Reply]] = []
        self.requests: list[dict[str, Any]] = []
        self.auth: list[str | None] = []
        self.paths: list[str] = []
        self.delay_s = 0.0
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
                fake.requests.append(body)
                fake.auth.append(self.headers.get("authorization"))
                fake.paths.append(self.path)
                if fake.delay_s:
                    time.sleep(fake.delay_s)
                reply = fake.replies.pop(0) if fake.replies else fake.default
                status, payload = reply(body)
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (the deadline tests)

            def log_message(self, *args: object) -> None:
                pass

        return Handler


@contextmanager
def serving(fake: FakeServer) -> Iterator[FakeServer]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), fake.handler())
    server.daemon_threads = True
    fake.port = server.server_port
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])

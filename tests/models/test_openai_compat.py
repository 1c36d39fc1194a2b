"""The OpenAI-compatible backend below the CLI: backend selection and settings trust, the
hints its errors give, reading replies across servers, and the reply caps. HTTP goes to an
`httpx2.MockTransport` or a fake server on 127.0.0.1 (tests/openai_fake.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fakes import settings
from openai_fake import ANSWER, MODEL, FakeServer, function_call, serving

from swarm.config import get_settings
from swarm.errors import ConfigError, ModelError, ModelOutputError, ModelUnreachable
from swarm.models import backend_problem, get_reasoner, resolve_backend
from swarm.models.chat import ChatReasoner
from swarm.models.offline import OfflineReasoner
from swarm.models.openai_compat import AutoChatReasoner, OpenAICompatChatModel
from swarm.models.openai_replies import strip_reasoning
from swarm.models.prompts import ANSWER_TOOL, PICK_PAGES_TOOL
from swarm.wiki.pages import PageExcerpt

OLLAMA = "http://localhost:11434/v1"


def mocked(handler: Callable[[httpx2.Request], httpx2.Response], **values: Any) -> ChatReasoner:
    model = OpenAICompatChatModel(
        settings(openai_model=MODEL, **values),
        http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(handler)),
    )
    return ChatReasoner(model, name="openai:test")


EXCERPT = PageExcerpt(path="ccw.md", title="CCW", text="First-response SLA: 15 minutes.")


# --- backend selection and settings ---------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        pytest.param({}, "offline", id="nothing"),
        pytest.param({"anthropic_api_key": "sk-a", "openai_base_url": OLLAMA}, "anthropic", id="a"),
        pytest.param({"openai_base_url": OLLAMA, "openai_model": "m"}, "openai", id="endpoint"),
        pytest.param({"openai_api_key": "sk-o", "openai_model": "gpt-x"}, "openai", id="key"),
        # OPENAI_BASE_URL alone is often set for other tools: without a model name, offline.
        pytest.param({"openai_base_url": OLLAMA}, "offline", id="url-without-model"),
    ],
)
def test_auto_resolves_in_order(values: dict[str, Any], expected: str) -> None:
    assert resolve_backend(settings(**values)) == expected


def test_auto_openai_is_the_falling_back_kind_and_explicit_openai_is_not() -> None:
    configured = settings(openai_base_url=OLLAMA, openai_model="m")
    auto = get_reasoner(configured)
    explicit = get_reasoner(configured, backend="openai")
    assert isinstance(auto, AutoChatReasoner) and auto.name == "openai:m"
    assert isinstance(explicit, ChatReasoner) and not isinstance(explicit, AutoChatReasoner)


@pytest.mark.parametrize(
    ("values", "needed"),
    [
        pytest.param({"openai_base_url": OLLAMA}, "SWARM_OPENAI_MODEL", id="no-model"),
        pytest.param({"openai_model": "m"}, "OPENAI_BASE_URL", id="no-endpoint"),
    ],
)
def test_explicit_openai_says_what_is_missing(values: dict[str, Any], needed: str) -> None:
    configured = settings(backend="openai", **values)
    assert needed in (backend_problem(configured) or "")
    with pytest.raises(ConfigError, match=needed):
        get_reasoner(configured)


def test_a_dotenv_may_name_the_model_but_not_the_endpoint(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        "OPENAI_BASE_URL=http://127.0.0.1:9/steal\nSWARM_OPENAI_MODEL=m\n"
        "OPENAI_API_KEY=sk-dotenv\nSWARM_CONTEXT_TOKENS=4096\n"
    )
    loaded = get_settings()
    assert loaded.openai_base_url is None
    assert [refused.name for refused in loaded.refused_from_dotenv] == ["OPENAI_BASE_URL"]
    assert (loaded.openai_model, loaded.openai_key(), loaded.context_tokens) == (
        "m",
        "sk-dotenv",
        4096,
    )
    # The endpoint from the environment is taken.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("OPENAI_BASE_URL", OLLAMA)
        assert get_settings().openai_base_url == OLLAMA


# --- errors that say what to do --------------------------------------------------------------


async def test_an_unreachable_ollama_says_ollama_serve() -> None:
    def refuse(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ConnectError("[Errno 111] Connection refused", request=request)

    with pytest.raises(ModelUnreachable) as caught:
        await mocked(refuse, openai_base_url=OLLAMA).plan_subqueries("tides")
    assert "connection refused" in str(caught.value)
    assert "is Ollama running? Start it with `ollama serve`" in str(caught.value)


@pytest.mark.parametrize(
    ("base_url", "fix"),
    [
        pytest.param(OLLAMA, f"`ollama pull {MODEL}`", id="ollama"),
        pytest.param(
            "http://127.0.0.1:8080/v1",
            "check SWARM_OPENAI_MODEL, and that OPENAI_BASE_URL ends in /v1",
            id="other-server",
        ),
    ],
)
async def test_an_unknown_model_says_how_to_fix_it(base_url: str, fix: str) -> None:
    def not_found(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(404, json={"error": {"message": "model not found"}})

    with pytest.raises(ModelError) as caught:
        await mocked(not_found, openai_base_url=base_url).plan_subqueries("tides")
    assert f"model '{MODEL}' not found" in str(caught.value)
    assert fix in str(caught.value)


async def test_a_server_error_quotes_the_servers_reason_briefly() -> None:
    def too_long(request: httpx2.Request) -> httpx2.Response:
        message = "the request exceeds the available context size " + "x" * 500
        return httpx2.Response(500, json={"error": {"message": message}})

    with pytest.raises(ModelError) as caught:
        await mocked(too_long, openai_base_url=OLLAMA).plan_subqueries("tides")
    assert "HTTP 500" in str(caught.value) and "exceeds the available context" in str(caught.value)
    assert len(str(caught.value)) < 250


# --- reading replies across servers ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param('<think>{"x": 1}</think>\n{"y": 2}', '{"y": 2}', id="block"),
        pytest.param("<THINK>a</THINK>ok<think>b</think>", "ok", id="two-blocks"),
        pytest.param('reasoning only closes</think>\n{"y": 2}', '{"y": 2}', id="close-only"),
        pytest.param('{"y": 2}\n<think>cut by max_tokens', '{"y": 2}', id="unclosed"),
        pytest.param("plain", "plain", id="none"),
    ],
)
def test_strip_reasoning(text: str, expected: str) -> None:
    assert strip_reasoning(text) == expected


async def test_a_function_call_written_as_text_is_unwrapped() -> None:
    call = {"name": "answer", "arguments": ANSWER}

    def reply(request: httpx2.Request) -> httpx2.Response:
        content = f"Calling the tool now: {json.dumps(call)}"
        return httpx2.Response(200, json={"choices": [{"message": {"content": content}}]})

    answer = await mocked(reply).answer_from_excerpts("SLA?", [EXCERPT])
    assert (answer.confidence, answer.pages_used) == ("high", ["ccw.md"])


async def test_arguments_given_as_an_object_are_accepted() -> None:
    def reply(request: httpx2.Request) -> httpx2.Response:
        call = {"type": "function", "function": {"name": "plan_queries", "arguments": {}}}
        call["function"]["arguments"] = {"queries": ["tide tables"]}
        message = {"content": None, "tool_calls": [call]}
        return httpx2.Response(200, json={"choices": [{"message": message}]})

    assert await mocked(reply).plan_subqueries("tides") == ["tide tables"]


@pytest.mark.parametrize(
    "body",
    [
        pytest.param(b'{"choices": [' + b'{"a":' * 200 + b"1" + b"}" * 200 + b"]}", id="deep"),
        pytest.param(b'{"pad": "' + b"x" * 300_000 + b'"}', id="large"),
        pytest.param(b"<html>oops</html>", id="not-json"),
        pytest.param(b'{"choices": []}', id="no-message"),
    ],
)
async def test_unusable_bodies_are_refused_before_use(body: bytes) -> None:
    def reply(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, content=body, headers={"content-type": "application/json"})

    with pytest.raises(ModelOutputError):
        await mocked(reply).plan_subqueries("tides")


async def test_a_tool_calling_fake_over_loopback_through_the_reasoner() -> None:
    with serving(FakeServer(default=lambda body: function_call("answer", ANSWER))) as fake:
        model = OpenAICompatChatModel(settings(openai_base_url=fake.base_url, openai_model=MODEL))
        reasoner = ChatReasoner(model, name="openai:test")
        answer = await reasoner.answer_from_excerpts("SLA?", [EXCERPT])
    assert answer.confidence == "high" and "15 minutes" in answer.answer
    sent = fake.requests[0]
    assert sent["tools"][0]["function"]["parameters"] == ANSWER_TOOL["input_schema"]
    assert sent["max_tokens"] == 1024 and sent["tool_choice"]["type"] == "function"
    assert PICK_PAGES_TOOL["name"] not in json.dumps(sent["tools"])


def test_offline_stays_offline() -> None:
    assert isinstance(get_reasoner(settings(), backend="offline"), OfflineReasoner)

"""`swarm query --json` on the OpenAI-compatible backend, end to end: the CLI with the user's
environment variables, the real `openai` SDK, and a fake server on 127.0.0.1 in each of the
shapes real local servers take (see tests/openai_fake.py)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner, Result
from conftest import FIXTURES
from openai_fake import (
    MODEL,
    MODEL_NOT_FOUND,
    QUESTION,
    RATE_LIMITED,
    TOOLS_REFUSED,
    FakeServer,
    closed_port,
    serving,
    text_only,
)

from swarm.cli import cli

BRAIN = FIXTURES / "brain"


@pytest.fixture
def server() -> Iterator[FakeServer]:
    with serving(FakeServer()) as fake:
        yield fake


def swarm_query(base_url: str, *, backend: str = "openai", **env: str) -> Result:
    environment = {
        "SWARM_MODEL": backend,
        "OPENAI_BASE_URL": base_url,
        "SWARM_OPENAI_MODEL": MODEL,
        "SWARM_MODEL_MAX_RETRIES": "0",
        "SWARM_MODEL_TIMEOUT_S": "5",
        **env,
    }
    args = ["query", QUESTION, "--wiki", str(BRAIN), "--json"]
    return CliRunner().invoke(cli, args, env=environment)


def payload(result: Result) -> dict[str, Any]:
    value = json.loads(result.stdout)
    assert isinstance(value, dict)
    return value


def assert_answered_high(result: Result) -> None:
    assert result.exit_code == 0, result.output
    out = payload(result)
    assert (out["confidence"], out["go_external"], out["error"]) == ("high", False, None)
    assert "15 minutes" in out["answer"] and out["pages_consulted"] == ["ccw.md"]


def test_a_tool_calling_server_answers_through_the_forced_function(server: FakeServer) -> None:
    result = swarm_query(server.base_url)
    assert_answered_high(result)
    pick, answer = server.requests
    assert server.paths == ["/v1/chat/completions"] * 2
    assert pick["model"] == MODEL and pick["tool_choice"]["function"]["name"] == "pick_pages"
    assert answer["tools"][0]["function"]["name"] == "answer"
    # The answer call sees the page it answers from; the system prompt goes first.
    assert answer["messages"][0]["role"] == "system"
    assert "15 minutes, around the clock" in answer["messages"][1]["content"]
    assert server.auth == ["Bearer no-key"] * 2  # no key configured: a placeholder, no leak


def test_the_key_goes_to_the_configured_server(server: FakeServer) -> None:
    assert_answered_high(swarm_query(server.base_url, OPENAI_API_KEY="sk-local-1"))
    assert server.auth == ["Bearer sk-local-1"] * 2


def test_a_text_only_server_with_think_blocks_and_fences_answers(server: FakeServer) -> None:
    server.default = text_only
    assert_answered_high(swarm_query(server.base_url))
    # The JSON inside <think> (sla-policy.md) was not taken as the pick.
    assert len(server.requests) == 2


def test_a_server_refusing_tools_is_asked_for_json_in_text(server: FakeServer) -> None:
    server.replies += [TOOLS_REFUSED, text_only, TOOLS_REFUSED, text_only]
    assert_answered_high(swarm_query(server.base_url))
    refused, retried = server.requests[:2]
    assert "tools" in refused and "tools" not in retried
    assert "reply with only one JSON object" in retried["messages"][0]["content"]


def test_invalid_output_gets_one_corrective_retry(server: FakeServer) -> None:
    prose = lambda body: (200, _content("I would read the CCW page."))  # noqa: E731
    server.replies += [prose]
    assert_answered_high(swarm_query(server.base_url))
    first, retry = server.requests[:2]
    assert retry["messages"][-2] == {"role": "assistant", "content": "I would read the CCW page."}
    assert "not the JSON asked for" in retry["messages"][-1]["content"]
    assert len(server.requests) == 3  # pick, its retry, the answer


def test_invalid_output_twice_is_an_honest_model_error(server: FakeServer) -> None:
    prose = lambda body: (200, _content("No idea, sorry."))  # noqa: E731
    server.default = prose
    result = swarm_query(server.base_url)
    assert result.exit_code == 1
    out = payload(result)
    assert out["error"].startswith("model error") and "not JSON" in out["error"]
    assert (out["confidence"], out["go_external"]) == ("low", True)
    assert len(server.requests) == 2


def test_a_slow_server_hits_the_deadline(server: FakeServer) -> None:
    server.delay_s = 2.0
    started = time.monotonic()
    result = swarm_query(server.base_url, SWARM_MODEL_TIMEOUT_S="0.5")
    assert time.monotonic() - started < 2.0
    assert result.exit_code == 1
    error = payload(result)["error"]
    assert "timed out" in error and "within 0.5 s" in error and "SWARM_MODEL_TIMEOUT_S" in error


def test_an_unknown_model_names_it(server: FakeServer) -> None:
    server.default = MODEL_NOT_FOUND
    result = swarm_query(server.base_url)
    assert result.exit_code == 1
    error = payload(result)["error"]
    assert f"model '{MODEL}' not found at {server.base_url}" in error
    assert "model model" not in error and "embeddings" not in error
    assert "SWARM_OPENAI_MODEL" in error


def test_an_unknown_model_on_ollamas_port_says_ollama_pull() -> None:
    from swarm.config import Settings
    from swarm.models.openai_compat import OpenAICompatChatModel

    model = OpenAICompatChatModel(
        Settings(openai_base_url="http://127.0.0.1:11434/v1", openai_model="qwen3:4b")
    )
    assert model.is_ollama and model.where == "http://127.0.0.1:11434/v1"


def test_a_rate_limit_is_said_plainly(server: FakeServer) -> None:
    server.default = RATE_LIMITED
    result = swarm_query(server.base_url)
    assert result.exit_code == 1
    assert "rate limited by" in payload(result)["error"] and "429" in payload(result)["error"]


def test_explicit_openai_and_a_down_server_fail_honestly() -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    result = swarm_query(url)
    assert result.exit_code == 1
    out = payload(result)
    assert (out["go_external"], out["confidence"]) == (True, "low")
    assert "could not reach the model server" in out["error"]
    assert "connection refused" in out["error"] and "is the server at" in out["error"]


def test_auto_and_a_down_server_answer_offline_and_say_so() -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    result = swarm_query(url, backend="auto")
    assert result.exit_code == 0, result.output
    out = payload(result)
    assert out["error"] is None and out["answer"] and "ccw.md" in out["pages_consulted"]
    assert "answered with the offline backend instead" in out["warnings"][0]
    assert "could not reach the model server" in result.stderr
    assert result.stderr.count("answered with the offline backend") == 1


def test_auto_with_an_endpoint_uses_it(server: FakeServer) -> None:
    assert_answered_high(swarm_query(server.base_url, backend="auto"))
    assert len(server.requests) == 2


def test_auto_does_not_fall_back_on_an_auth_failure(server: FakeServer) -> None:
    server.default = lambda body: (401, {"error": {"message": "bad key", "type": "auth"}})
    result = swarm_query(server.base_url, backend="auto")
    assert result.exit_code == 1
    assert "refused the key (HTTP 401)" in payload(result)["error"]


def test_openai_without_a_model_name_is_a_usage_error() -> None:
    args = ["query", QUESTION, "--wiki", str(BRAIN), "--backend", "openai"]
    result = CliRunner().invoke(cli, args, env={"OPENAI_BASE_URL": "http://127.0.0.1:1/v1"})
    assert result.exit_code == 2 and "SWARM_OPENAI_MODEL" in result.stderr


def _content(text: str) -> dict[str, Any]:
    return {
        "id": "x",
        "object": "chat.completion",
        "created": 0,
        "model": MODEL,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}}],
    }


def test_auto_and_a_down_server_give_the_bot_turn_to_the_offline_backend() -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    environment = {
        "SWARM_MODEL": "auto",
        "OPENAI_BASE_URL": url,
        "SWARM_OPENAI_MODEL": MODEL,
        "SWARM_MODEL_MAX_RETRIES": "0",
        "WEB_SEARCH_ENABLED": "false",
        "WIKIPEDIA_FALLBACK_ENABLED": "false",
    }
    args = ["ask", QUESTION, "--wiki", str(BRAIN), "--json"]
    result = CliRunner().invoke(cli, args, env=environment)
    assert result.exit_code == 0, result.output
    out = payload(result)
    # The offline draft asked the wiki (not a bare "research the message" fallback), whose
    # high answer replaced outside research; the switch is said once, in errors and on stderr.
    assert out["paths"] == ["wiki"] and out["findings"][0]["depth"] == "wiki"
    assert "15 minutes" in out["reply"]
    [note] = [e for e in out["errors"] if "offline backend answered this turn" in e]
    assert "could not reach the model server" in note
    assert not any(e.startswith("draft:") for e in out["errors"])
    assert result.stderr.count("offline backend answered this turn") == 1

"""The real `anthropic` SDK against a fake Messages API (`httpx2.MockTransport`)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx2
import pytest

from swarm.config import Settings
from swarm.errors import ConfigError, ModelError, ModelOutputError, ModelTimeout
from swarm.models import get_reasoner
from swarm.models.anthropic import AnthropicChatModel
from swarm.models.base import PageCandidate
from swarm.models.chat import ChatReasoner
from swarm.models.offline import OfflineReasoner
from swarm.wiki.pages import PageExcerpt

TEST_KEY = "sk-ant-test-0123456789"
# A model name the SDK doesn't flag as deprecated (its DeprecationWarning is an error here).
TEST_MODEL = "claude-sonnet-4-6"

CANDIDATES = [
    PageCandidate("ccw.md", "Coastal Clean Water", "anchor client", "Clients", "SLA 15 minutes"),
    PageCandidate("sla-policy.md", "SLA policy", "tiers", "Operations", "Premium 15 minutes"),
]

Handler = Callable[[httpx2.Request], httpx2.Response]


def messages_response(*content: dict[str, Any], stop_reason: str = "tool_use") -> httpx2.Response:
    return httpx2.Response(
        200,
        json={
            "id": "msg_test",
            "type": "message",
            "role": "assistant",
            "model": TEST_MODEL,
            "content": list(content),
            "stop_reason": stop_reason,
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 5, "cache_read_input_tokens": 0},
        },
    )


def tool_use(name: str, tool_input: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": "toolu_test", "name": name, "input": tool_input}


def text_block(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def test_settings(**overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "anthropic_api_key": TEST_KEY,
        "anthropic_model": TEST_MODEL,
        "model_max_retries": 0,
        "model_timeout_s": 2.0,
    }
    values.update(overrides)
    return Settings(**values)


test_settings.__test__ = False  # type: ignore[attr-defined]


class FakeAPI:
    """Records requests; answers with the queued responses (or handlers) in order."""

    def __init__(self, *responses: httpx2.Response | Handler | BaseException) -> None:
        self.responses = list(responses)
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        response = self.responses.pop(0) if len(self.responses) > 1 else self.responses[0]
        if isinstance(response, BaseException):
            raise response
        if callable(response):
            return response(request)
        return response

    def body(self, index: int = -1) -> dict[str, Any]:
        parsed: dict[str, Any] = json.loads(self.requests[index].content)
        return parsed


@pytest.fixture
async def http_client_for() -> AsyncIterator[Callable[[FakeAPI], httpx2.AsyncClient]]:
    clients: list[httpx2.AsyncClient] = []

    def make(api: FakeAPI) -> httpx2.AsyncClient:
        client = httpx2.AsyncClient(transport=httpx2.MockTransport(api))
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.aclose()


def reasoner_over(
    api: FakeAPI,
    make_client: Callable[[FakeAPI], httpx2.AsyncClient],
    **overrides: Any,
) -> ChatReasoner:
    chat_model = AnthropicChatModel(test_settings(**overrides), http_client=make_client(api))
    return ChatReasoner(chat_model, name=f"anthropic:{TEST_MODEL}")


async def test_pick_pages_request_shape_and_tool_use_reply(
    http_client_for: Callable[[FakeAPI], httpx2.AsyncClient],
) -> None:
    api = FakeAPI(
        messages_response(tool_use("pick_pages", {"pages": ["ccw.md"], "time_sensitive": False}))
    )
    reasoner = reasoner_over(api, http_client_for)

    choice = await reasoner.pick_pages("What is CCW's SLA?", CANDIDATES, max_pages=5)

    assert choice.paths == ["ccw.md"] and choice.time_sensitive is False
    request = api.requests[0]
    assert request.method == "POST" and request.url.path == "/v1/messages"
    headers = request.headers
    assert TEST_KEY in (headers.get("x-api-key", "") + headers.get("authorization", ""))
    body = api.body()
    assert body["model"] == TEST_MODEL
    assert body["tool_choice"] == {"type": "tool", "name": "pick_pages"}
    [tool] = body["tools"]
    assert tool["name"] == "pick_pages"
    assert tool["input_schema"]["properties"]["pages"] == {
        "type": "array",
        "items": {"type": "string"},
        "description": tool["input_schema"]["properties"]["pages"]["description"],
    }
    [system_block] = body["system"]
    assert system_block["type"] == "text"
    assert system_block["cache_control"] == {"type": "ephemeral"}
    assert "pick_pages" in system_block["text"]
    [message] = body["messages"]
    assert message["role"] == "user" and "What is CCW's SLA?" in message["content"]
    assert body["max_tokens"] == 1024


async def test_answer_happy_path(
    http_client_for: Callable[[FakeAPI], httpx2.AsyncClient],
) -> None:
    api = FakeAPI(
        messages_response(
            text_block("Here is my answer."),
            tool_use(
                "answer",
                {
                    "answer": "15 minutes",
                    "confidence": "high",
                    "pages_used": ["ccw.md"],
                    "time_sensitive": False,
                },
            ),
        )
    )
    reasoner = reasoner_over(api, http_client_for)

    answer = await reasoner.answer_from_excerpts(
        "What is CCW's SLA?", [PageExcerpt("ccw.md", "CCW", "First-response SLA: 15 minutes.")]
    )

    assert (answer.answer, answer.confidence, answer.pages_used) == (
        "15 minutes",
        "high",
        ["ccw.md"],
    )
    assert api.body()["tool_choice"] == {"type": "tool", "name": "answer"}
    assert "First-response SLA: 15 minutes." in api.body()["messages"][0]["content"]


@pytest.mark.parametrize(
    "pages",
    [
        pytest.param(["unknown.md", "ccw.md"], id="unknown-page"),
        pytest.param([f"page-{i}.md" for i in range(12)], id="twelve-pages"),
        pytest.param(["../../etc/passwd", "/etc/shadow"], id="traversal"),
    ],
)
async def test_pick_pages_passes_raw_paths_through_for_the_flow_to_validate(
    pages: list[str], http_client_for: Callable[[FakeAPI], httpx2.AsyncClient]
) -> None:
    api = FakeAPI(messages_response(tool_use("pick_pages", {"pages": pages})))
    reasoner = reasoner_over(api, http_client_for)

    choice = await reasoner.pick_pages("q", CANDIDATES, max_pages=5)

    assert choice.paths == pages


async def test_non_json_text_reply_is_a_model_output_error(
    http_client_for: Callable[[FakeAPI], httpx2.AsyncClient],
) -> None:
    api = FakeAPI(messages_response(text_block("I'd read ccw.md."), stop_reason="end_turn"))
    reasoner = reasoner_over(api, http_client_for)

    with pytest.raises(ModelOutputError):
        await reasoner.pick_pages("q", CANDIDATES, max_pages=5)


async def test_json_in_code_fences_is_parsed(
    http_client_for: Callable[[FakeAPI], httpx2.AsyncClient],
) -> None:
    payload = '{"answer": "$2,400/year", "confidence": "high", "pages_used": ["ccw.md"]}'
    fenced = f"```json\n{payload}\n```"
    api = FakeAPI(messages_response(text_block(fenced), stop_reason="end_turn"))
    reasoner = reasoner_over(api, http_client_for)

    answer = await reasoner.answer_from_excerpts("q", [PageExcerpt("ccw.md", "CCW", "text")])

    assert (answer.answer, answer.confidence) == ("$2,400/year", "high")


async def test_tool_use_for_another_tool_name_is_ignored(
    http_client_for: Callable[[FakeAPI], httpx2.AsyncClient],
) -> None:
    api = FakeAPI(messages_response(tool_use("something_else", {"pages": ["ccw.md"]})))
    reasoner = reasoner_over(api, http_client_for)

    with pytest.raises(ModelOutputError):
        await reasoner.pick_pages("q", CANDIDATES, max_pages=5)


@pytest.mark.parametrize(
    ("status", "error_type"),
    [
        pytest.param(500, "api_error", id="500"),
        pytest.param(529, "overloaded_error", id="529"),
        pytest.param(401, "authentication_error", id="401"),
        pytest.param(429, "rate_limit_error", id="429"),
    ],
)
async def test_http_errors_become_short_model_errors_without_the_key(
    status: int, error_type: str, http_client_for: Callable[[FakeAPI], httpx2.AsyncClient]
) -> None:
    api = FakeAPI(
        httpx2.Response(
            status,
            json={"type": "error", "error": {"type": error_type, "message": f"key {TEST_KEY}"}},
        )
    )
    reasoner = reasoner_over(api, http_client_for)

    with pytest.raises(ModelError) as caught:
        await reasoner.pick_pages("q", CANDIDATES, max_pages=5)

    assert not isinstance(caught.value, ModelTimeout)
    assert str(caught.value) == f"Anthropic API error {status}: {error_type}"
    assert TEST_KEY not in str(caught.value)
    assert len(api.requests) == 1  # max_retries=0


async def test_retries_follow_the_setting(
    http_client_for: Callable[[FakeAPI], httpx2.AsyncClient],
) -> None:
    failure = httpx2.Response(
        500, headers={"retry-after-ms": "1"}, json={"type": "error", "error": {"type": "api_error"}}
    )
    success = messages_response(tool_use("pick_pages", {"pages": ["ccw.md"]}))
    api = FakeAPI(failure, failure, success)
    reasoner = reasoner_over(api, http_client_for, model_max_retries=2)

    choice = await reasoner.pick_pages("q", CANDIDATES, max_pages=5)

    assert choice.paths == ["ccw.md"]
    assert len(api.requests) == 3


async def test_timeout_becomes_model_timeout(
    http_client_for: Callable[[FakeAPI], httpx2.AsyncClient],
) -> None:
    api = FakeAPI(httpx2.ReadTimeout("read timed out"))
    reasoner = reasoner_over(api, http_client_for)

    with pytest.raises(ModelTimeout, match="timed out"):
        await reasoner.answer_from_excerpts("q", [PageExcerpt("ccw.md", "CCW", "text")])


async def test_connection_error_becomes_model_error(
    http_client_for: Callable[[FakeAPI], httpx2.AsyncClient],
) -> None:
    api = FakeAPI(httpx2.ConnectError("connection refused"))
    reasoner = reasoner_over(api, http_client_for)

    with pytest.raises(ModelError, match="could not reach"):
        await reasoner.pick_pages("q", CANDIDATES, max_pages=5)


async def test_missing_key_at_call_time_is_a_model_error_with_a_fix() -> None:
    chat_model = AnthropicChatModel(test_settings(anthropic_api_key=None))

    with pytest.raises(ModelError, match="ANTHROPIC_API_KEY"):
        await chat_model.complete(system="s", messages=[{"role": "user", "content": "q"}])


# --- backend choice -----------------------------------------------------------------------


def test_get_reasoner_anthropic_without_key_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        get_reasoner(Settings(), backend="anthropic")


@pytest.mark.parametrize(
    ("environment", "backend", "expected"),
    [
        pytest.param({}, None, "offline", id="auto-no-key"),
        pytest.param(
            {"ANTHROPIC_API_KEY": TEST_KEY}, None, f"anthropic:{TEST_MODEL}", id="auto-with-key"
        ),
        pytest.param({"ANTHROPIC_API_KEY": "  "}, "auto", "offline", id="blank-key"),
        pytest.param({"ANTHROPIC_API_KEY": TEST_KEY}, "offline", "offline", id="forced-offline"),
        pytest.param(
            {"ANTHROPIC_API_KEY": TEST_KEY, "SWARM_MODEL": "offline"},
            None,
            "offline",
            id="env-offline",
        ),
        pytest.param(
            {"ANTHROPIC_API_KEY": TEST_KEY},
            "ANTHROPIC",
            f"anthropic:{TEST_MODEL}",
            id="case-insensitive",
        ),
    ],
)
def test_get_reasoner_picks_the_backend(
    environment: dict[str, str],
    backend: str | None,
    expected: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("SWARM_ANTHROPIC_MODEL", TEST_MODEL)

    reasoner = get_reasoner(backend=backend)

    assert reasoner.name == expected
    expected_type = OfflineReasoner if expected == "offline" else ChatReasoner
    assert isinstance(reasoner, expected_type)


def test_get_reasoner_unknown_backend() -> None:
    with pytest.raises(ConfigError, match="Unknown model backend"):
        get_reasoner(Settings(), backend="gpt")


class _RaisingMessages:
    def __init__(self, exc: BaseException) -> None:
        self.exc = exc
        self.with_raw_response = self  # the backend reads the raw body before parsing it

    async def create(self, **_request: Any) -> Any:
        raise self.exc


class _RaisingClient:
    """Stands in for AsyncAnthropic: `messages.with_raw_response.create` raises `exc`."""

    def __init__(self, exc: BaseException) -> None:
        self.messages = _RaisingMessages(exc)


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        pytest.param(None, "ANTHROPIC_API_KEY", id="no-key-reads-as-missing-key"),
        pytest.param(TEST_KEY, r"Anthropic API call failed \(TypeError\)", id="key-set-other-bug"),
    ],
)
async def test_a_type_error_is_a_missing_key_only_without_a_key(
    key: str | None, expected: str
) -> None:
    client: Any = _RaisingClient(TypeError("unexpected keyword argument 'bogus'"))
    chat_model = AnthropicChatModel(test_settings(anthropic_api_key=key), client=client)

    with pytest.raises(ModelError, match=expected) as raised:
        await chat_model.complete(system="s", messages=[{"role": "user", "content": "q"}])

    assert isinstance(raised.value.__cause__, TypeError)
    if key is not None:
        assert "ANTHROPIC_API_KEY" not in str(raised.value)

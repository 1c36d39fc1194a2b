"""The Anthropic Messages API as a `ChatModel`, through the official SDK (imported lazily).

Forced tool use for JSON, the stable system prompt marked cacheable, SDK errors mapped to
swarm's `ModelError` family with short, key-free messages, and three bounds on every call:

- **one deadline** (`settings.model_timeout_s`) around the whole call, the SDK's retries and
  their `retry-after` sleeps included (the SDK alone honours a `retry-after` of any length);
- **one connection pool per process and backend settings** (see `sdk_clients.shared_client`);
- **a reply cap before parsing**: a body over `MAX_REPLY_BYTES` or nested deeper than
  `MAX_REPLY_DEPTH` is refused before the SDK's JSON parser (which would recurse) sees it.
"""

from __future__ import annotations

import hashlib
from contextlib import AbstractAsyncContextManager
from types import ModuleType
from typing import TYPE_CHECKING, Any

from swarm.config import Settings, get_settings
from swarm.errors import ModelError, ModelOutputError, ModelTimeout
from swarm.models.chat_replies import ChatReply
from swarm.models.prompts import ToolSpec
from swarm.models.sdk_clients import (
    check_reply_body,
    client_for_call,
    note_status,
    within_deadline,
)

if TYPE_CHECKING:
    import httpx2
    from anthropic import AsyncAnthropic

__all__ = ["MISSING_KEY_MESSAGE", "AnthropicChatModel"]

MISSING_KEY_MESSAGE = (
    "No Anthropic API key: set ANTHROPIC_API_KEY (in the environment or .env), "
    "or use the offline backend with SWARM_MODEL=offline / --backend offline."
)


class AnthropicChatModel:
    """`ChatModel` over `anthropic.AsyncAnthropic`.

    By default the SDK client comes from a pool shared by every model with the same backend
    settings on the running event loop (see `sdk_clients.shared_client`). Pass `client` (a ready
    `AsyncAnthropic`) or `http_client` (an `httpx2.AsyncClient`, e.g. over
    `httpx2.MockTransport` in tests) to use your own instead; then closing it is yours."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        client: AsyncAnthropic | None = None,
        http_client: httpx2.AsyncClient | None = None,
    ) -> None:
        self.settings = settings or get_settings()
        self.model = self.settings.anthropic_model
        self._client = client
        self._http_client = http_client

    def _own_client(self) -> AsyncAnthropic | None:
        """The caller's client (given, or built over the given `http_client`), if any."""
        if self._client is None and self._http_client is not None:
            self._client = _build_client(self.settings, http_client=self._http_client)
        return self._client

    def _client_for_call(self) -> AbstractAsyncContextManager[AsyncAnthropic]:
        key = _settings_key(self.settings)
        return client_for_call(self._own_client(), key, lambda: _build_client(self.settings))

    async def aclose(self) -> None:
        """Close a client built over the given `http_client`; the shared pool stays open."""
        if self._client is not None:
            await self._client.close()

    async def complete(
        self,
        *,
        system: str,
        messages: list[dict[str, str]],
        tool: ToolSpec | None = None,
        max_tokens: int = 1024,
    ) -> ChatReply:
        if self._client is None and self.settings.anthropic_key() is None:
            raise ModelError(MISSING_KEY_MESSAGE)
        request: dict[str, Any] = {
            "model": self.model,
            "max_tokens": max_tokens,
            # The system prompt is the large stable prefix of every call of a kind: cache it.
            "system": [{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}],
            "messages": messages,
            # No single attempt may outlast the call's whole budget.
            "timeout": self.settings.model_timeout_s,
        }
        if tool is not None:
            request["tools"] = [dict(tool)]
            request["tool_choice"] = {"type": "tool", "name": tool["name"]}
        import anthropic  # ~3 s, only when this backend is really used, and not on the clock

        message = await within_deadline(
            lambda: self._call(anthropic, request),
            budget_s=self.settings.model_timeout_s,
            what="the Anthropic API",
        )
        return _reply_from_message(message, tool)

    async def _call(self, anthropic: ModuleType, request: dict[str, Any]) -> Any:
        """One Messages API call (the SDK's retries inside), its body checked before parsing."""
        try:
            async with self._client_for_call() as client:
                raw = await client.messages.with_raw_response.create(**request)
                check_reply_body(await raw.read())
                return await raw.parse()
        except anthropic.APITimeoutError as exc:
            raise ModelTimeout(
                f"Anthropic API timed out (after {self.settings.model_timeout_s:g} s)"
            ) from exc
        except anthropic.APIStatusError as exc:
            raise ModelError(f"Anthropic API error {exc.status_code}{_error_type(exc)}") from exc
        except anthropic.APIConnectionError as exc:
            raise ModelError("could not reach the Anthropic API (connection error)") from exc
        except anthropic.AnthropicError as exc:
            raise ModelError(f"Anthropic API error ({type(exc).__name__})") from exc
        except (RecursionError, ValueError) as exc:  # a body the checks let through, unparsable
            raise ModelOutputError(
                f"the Anthropic reply could not be read ({type(exc).__name__})"
            ) from exc
        except TypeError as exc:
            # The SDK raises a bare TypeError when it finds no credentials at call time; with
            # a key configured, a TypeError is something else (e.g. a bad request argument).
            if self.settings.anthropic_key() is None:
                raise ModelError(MISSING_KEY_MESSAGE) from exc
            raise ModelError(f"Anthropic API call failed ({type(exc).__name__})") from exc


# --- the client for these settings ----------------------------------------------------


def _build_client(
    settings: Settings, *, http_client: httpx2.AsyncClient | None = None
) -> AsyncAnthropic:
    import anthropic

    if http_client is None:
        # Our own httpx2 client, not the SDK's default wrapper: that one's `__del__` closes
        # its pool by scheduling a task on whatever loop is running when it is collected,
        # which fails ("Event loop is closed") when the pool's own loop has gone.
        http_client = anthropic.DefaultAsyncHttpxClient(event_hooks={"response": [note_status]})
    return anthropic.AsyncAnthropic(
        api_key=settings.anthropic_key(),
        base_url=settings.anthropic_base_url,
        timeout=settings.model_timeout_s,
        max_retries=settings.model_max_retries,
        http_client=http_client,
    )


def _settings_key(settings: Settings) -> tuple[str, str, str | None, float, int]:
    key = settings.anthropic_key() or ""
    digest = hashlib.sha256(key.encode()).hexdigest()  # the key itself is not kept as a key
    return (
        "anthropic",
        digest,
        settings.anthropic_base_url,
        settings.model_timeout_s,
        settings.model_max_retries,
    )


# --- reading the reply --------------------------------------------------------------------


def _error_type(exc: Any) -> str:
    # The body's error type ("overloaded_error", "rate_limit_error") is a safe, short detail;
    # the message text is not echoed (it may quote the request).
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict) and isinstance(error.get("type"), str):
            return f": {error['type'][:40]}"
    return ""


def _reply_from_message(message: Any, tool: ToolSpec | None) -> ChatReply:
    texts: list[str] = []
    tool_input: dict[str, Any] | None = None
    for block in getattr(message, "content", None) or []:
        kind = getattr(block, "type", None)
        if kind == "text":
            texts.append(str(getattr(block, "text", "")))
        elif kind == "tool_use" and tool is not None and tool_input is None:
            value = getattr(block, "input", None)
            if getattr(block, "name", None) == tool["name"] and isinstance(value, dict):
                tool_input = value
    return ChatReply(text="".join(texts), tool_input=tool_input)

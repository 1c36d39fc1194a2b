"""The Anthropic Messages API as a `ChatModel`, through the official SDK (imported lazily).

Forced tool use for JSON, the stable system prompt marked cacheable, timeouts and retries from
settings, and SDK errors mapped to swarm's `ModelError` family with short, key-free messages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swarm.config import Settings, get_settings
from swarm.errors import ModelError, ModelTimeout
from swarm.models.chat import ChatReply
from swarm.models.prompts import ToolSpec

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

    Pass `client` (a ready `AsyncAnthropic`) or `http_client` (an `httpx2.AsyncClient`, e.g.
    over `httpx2.MockTransport` in tests); otherwise the SDK client is built on first use."""

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

    def _get_client(self) -> AsyncAnthropic:
        if self._client is None:
            key = self.settings.anthropic_key()
            if key is None:
                raise ModelError(MISSING_KEY_MESSAGE)
            import anthropic  # ~3 s: only when this backend is really used

            self._client = anthropic.AsyncAnthropic(
                api_key=key,
                base_url=self.settings.anthropic_base_url,
                timeout=self.settings.model_timeout_s,
                max_retries=self.settings.model_max_retries,
                http_client=self._http_client,
            )
        return self._client

    async def aclose(self) -> None:
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
        client = self._get_client()
        import anthropic

        request: dict[str, Any] = {
            "model": self.model,
            "max_tokens": max_tokens,
            # The system prompt is the large stable prefix of every call of a kind: cache it.
            "system": [{"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}],
            "messages": messages,
        }
        if tool is not None:
            request["tools"] = [dict(tool)]
            request["tool_choice"] = {"type": "tool", "name": tool["name"]}
        try:
            message = await client.messages.create(**request)
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
        except TypeError as exc:
            # The SDK raises a bare TypeError when it finds no credentials at call time; with
            # a key configured, a TypeError is something else (e.g. a bad request argument).
            if self.settings.anthropic_key() is None:
                raise ModelError(MISSING_KEY_MESSAGE) from exc
            raise ModelError(f"Anthropic API call failed ({type(exc).__name__})") from exc
        return _reply_from_message(message, tool)


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

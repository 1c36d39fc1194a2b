"""An OpenAI-compatible Chat Completions endpoint as a `ChatModel`, through the official SDK
(imported lazily): Ollama, llama.cpp's server, vLLM, LM Studio, OpenAI itself.

The same shape as `anthropic.py`: one deadline per call (retries, the tools-refused retry and
the corrective retry all inside it), one client per loop and settings, the reply body checked
before parsing. Structured output that works across servers: a forced function call first;
a server that ignores tools is read from its text (`<think>` blocks dropped; fences and prose
are the chat path's `parse_json_object`); a server that refuses tools (HTTP 400) is asked
for the JSON in text; a reply that doesn't fit the tool's schema gets one corrective retry.
"""

from __future__ import annotations

import hashlib
import json
import socket
from contextlib import AbstractAsyncContextManager
from types import ModuleType
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from swarm.config import Settings, get_settings
from swarm.errors import ModelError, ModelOutputError, ModelTimeout, ModelUnreachable
from swarm.models.chat import ChatReasoner
from swarm.models.chat_replies import ChatReply
from swarm.models.openai_replies import (
    corrective,
    fits,
    reply_from_completion,
    text_mode_rule,
)
from swarm.models.prompts import RETRY_ECHO_CHARS, ToolSpec
from swarm.models.sdk_clients import (
    check_reply_body,
    client_for_call,
    note_status,
    within_deadline,
)

if TYPE_CHECKING:
    import httpx2
    from openai import AsyncOpenAI

__all__ = [
    "DEFAULT_BASE_URL",
    "AutoChatReasoner",
    "OpenAICompatChatModel",
    "OpenAIEndpoint",
    "build_client",
    "client_key",
    "connection_failure",
    "error_detail",
    "is_ollama_url",
    "missing_setting",
    "unreachable_message",
]

DEFAULT_BASE_URL = "https://api.openai.com/v1"
OLLAMA_PORT = 11434
# Local servers need no key, but the SDK refuses to build a client without one.
_NO_KEY = "no-key"


class AutoChatReasoner(ChatReasoner):
    """A `ChatReasoner` that `auto` chose: when its server can't be reached at all
    (`ModelUnreachable`), the wiki query answers offline instead and says so."""


def missing_setting(settings: Settings) -> str | None:
    """What the openai backend still needs (a sentence saying how to set it), or None."""
    if not settings.openai_model or not settings.openai_model.strip():
        return (
            "The openai backend needs a model name: set SWARM_OPENAI_MODEL (e.g. llama3.1:8b "
            "for Ollama), with OPENAI_BASE_URL for a local server (or use --backend offline)."
        )
    if not settings.openai_base_url and not settings.openai_key():
        return (
            "The openai backend needs an endpoint or a key: set OPENAI_BASE_URL (e.g. "
            "http://localhost:11434/v1 for Ollama) or OPENAI_API_KEY for OpenAI itself."
        )
    return None


class OpenAIEndpoint:
    """The OpenAI-compatible server `settings` names (`OPENAI_BASE_URL`, else OpenAI), and
    the client to reach it: by default the pool shared per loop and settings (see
    `sdk_clients.shared_client`); pass `client` or `http_client` (an `httpx2.AsyncClient`) to
    use your own instead, then closing it is yours. The chat model and the embeddings client
    are both one."""

    def __init__(
        self,
        settings: Settings,
        *,
        client: AsyncOpenAI | None = None,
        http_client: httpx2.AsyncClient | None = None,
    ) -> None:
        self.settings = settings
        self.base_url = (settings.openai_base_url or DEFAULT_BASE_URL).strip()
        self._client = client
        self._http_client = http_client

    @property
    def where(self) -> str:
        """The server, for messages: its URL without userinfo, query or path beyond it."""
        from swarm.web.urls import redact_url

        return redact_url(self.base_url.split("?", 1)[0].rstrip("/"))

    @property
    def is_ollama(self) -> bool:
        return is_ollama_url(self.base_url)

    def _client_for_call(self) -> AbstractAsyncContextManager[AsyncOpenAI]:
        if self._client is None and self._http_client is not None:
            self._client = build_client(self.settings, self.base_url, self._http_client)
        key = client_key(self.settings, self.base_url)
        return client_for_call(
            self._client, key, lambda: build_client(self.settings, self.base_url)
        )

    async def aclose(self) -> None:
        """Close a client built over the given `http_client`; the shared pool stays open."""
        if self._client is not None:
            await self._client.close()

    # What the server and its model are called in messages; how to fix an unknown model
    # (on Ollama: pull it).
    server = "model server"
    model_noun = "model"
    model = ""
    model_fix = "check the model name, and that OPENAI_BASE_URL ends in /v1"

    def _not_found_fix(self) -> str:
        if self.is_ollama:
            return f"pull it with `ollama pull {self.model}`"
        return self.model_fix

    def _unreachable(self, exc: BaseException) -> str:
        return unreachable_message(exc, self.server, self.where, ollama=self.is_ollama)

    def _status_error(self, exc: Any) -> ModelError:
        """An HTTP error status as a `ModelError` saying what to do."""
        status = int(exc.status_code)
        detail = error_detail(exc)
        if status == 404:
            return ModelError(
                f"{self.model_noun} {self.model!r} not found at {self.where} (HTTP 404): "
                f"{self._not_found_fix()}"
            )
        if status == 429:
            return ModelError(
                f"rate limited by {self.where} (HTTP 429{detail}; retried "
                f"{self.settings.model_max_retries}×): try again later"
            )
        if status in (401, 403):
            return ModelError(
                f"the {self.server} at {self.where} refused the key (HTTP {status}): "
                "check OPENAI_API_KEY"
            )
        return ModelError(f"HTTP {status} from the {self.server} at {self.where}{detail}")


class OpenAICompatChatModel(OpenAIEndpoint):
    """`ChatModel` over `openai.AsyncOpenAI` against `settings.openai_base_url` (the
    environment's settings when none are given), under `settings.openai_model`."""

    model_fix = "check SWARM_OPENAI_MODEL, and that OPENAI_BASE_URL ends in /v1"

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        client: AsyncOpenAI | None = None,
        http_client: httpx2.AsyncClient | None = None,
    ) -> None:
        super().__init__(settings or get_settings(), client=client, http_client=http_client)
        self.model = (self.settings.openai_model or "").strip()

    async def complete(
        self,
        *,
        system: str,
        messages: list[dict[str, str]],
        tool: ToolSpec | None = None,
        max_tokens: int = 1024,
    ) -> ChatReply:
        if not self.model:
            raise ModelError(missing_setting(self.settings) or "no model name")
        import openai  # only when this backend is really used, and not on the clock

        hint = " (a local model may still be loading: raise SWARM_MODEL_TIMEOUT_S)"
        try:
            return await within_deadline(
                lambda: self._complete(openai, system, messages, tool, max_tokens),
                budget_s=self.settings.model_timeout_s,
                what=f"the model server at {self.where}",
            )
        except ModelTimeout as exc:
            raise ModelTimeout(f"{exc}{hint}") from exc.__cause__

    async def _complete(
        self,
        openai: ModuleType,
        system: str,
        messages: list[dict[str, str]],
        tool: ToolSpec | None,
        max_tokens: int,
    ) -> ChatReply:
        use_tools = tool is not None
        try:
            reply = await self._call(openai, system, messages, tool, max_tokens, use_tools)
        except _ToolsRefused:
            use_tools = False  # some servers and models answer HTTP 400 to any `tools`
            reply = await self._call(openai, system, messages, tool, max_tokens, use_tools)
        if tool is None or fits(reply, tool):
            return reply
        # One corrective retry; whatever comes back, the chat path validates (or refuses) it.
        shown = reply.text or json.dumps(reply.tool_input, ensure_ascii=False)
        retry = [
            *messages,
            {"role": "assistant", "content": shown[:RETRY_ECHO_CHARS] or "(empty)"},
            {"role": "user", "content": corrective(tool)},
        ]
        return await self._call(openai, system, retry, tool, max_tokens, use_tools)

    def _request(
        self,
        system: str,
        messages: list[dict[str, str]],
        tool: ToolSpec | None,
        max_tokens: int,
        use_tools: bool,
    ) -> dict[str, Any]:
        if tool is not None and not use_tools:
            system = f"{system}\n\n{text_mode_rule(tool)}"
        request: dict[str, Any] = {
            "model": self.model,
            "max_tokens": max_tokens,
            "messages": [{"role": "system", "content": system}, *messages],
            "timeout": self.settings.model_timeout_s,
        }
        if tool is not None and use_tools:
            function = {
                "name": tool["name"],
                "description": tool["description"],
                "parameters": tool["input_schema"],
            }
            request["tools"] = [{"type": "function", "function": function}]
            request["tool_choice"] = {"type": "function", "function": {"name": tool["name"]}}
        return request

    async def _call(
        self,
        openai: ModuleType,
        system: str,
        messages: list[dict[str, str]],
        tool: ToolSpec | None,
        max_tokens: int,
        use_tools: bool,
    ) -> ChatReply:
        """One Chat Completions call (the SDK's retries inside), its body checked, then read."""
        request = self._request(system, messages, tool, max_tokens, use_tools)
        try:
            async with self._client_for_call() as client:
                raw = await client.chat.completions.with_raw_response.create(**request)
                body = raw.content
        except openai.APITimeoutError as exc:
            raise ModelTimeout(f"the model server at {self.where} timed out") from exc
        except openai.APIConnectionError as exc:
            raise ModelUnreachable(self._unreachable(exc)) from exc
        except openai.APIStatusError as exc:
            if exc.status_code == 400 and use_tools:
                raise _ToolsRefused from exc
            raise self._status_error(exc) from exc
        except openai.OpenAIError as exc:
            raise ModelError(f"model server error ({type(exc).__name__})") from exc
        check_reply_body(body)
        try:
            completion = json.loads(body)
        except (RecursionError, ValueError) as exc:
            raise ModelOutputError(f"the reply from {self.where} was not JSON") from exc
        return reply_from_completion(completion, tool)


class _ToolsRefused(Exception):
    """HTTP 400 to a request with `tools`: ask again for the JSON in text."""


# --- errors ---------------------------------------------------------------------------------


def is_ollama_url(base_url: str) -> bool:
    """`base_url` is on Ollama's port (11434): its errors get Ollama's fixes."""
    try:
        return urlsplit(base_url).port == OLLAMA_PORT
    except ValueError:
        return False


def unreachable_message(exc: BaseException, server: str, where: str, *, ollama: bool) -> str:
    """ "could not reach the <server> at <where> (<why>): <what to do>"."""
    if ollama:
        fix = "is Ollama running? Start it with `ollama serve`"
    else:
        fix = f"is the server at {where} running? (check OPENAI_BASE_URL)"
    return f"could not reach the {server} at {where} ({connection_failure(exc)}): {fix}"


def connection_failure(exc: BaseException) -> str:
    """Why no connection was made, in two or three words, from the exception chain."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, socket.gaierror):
            return "could not resolve host"
        if isinstance(seen, ConnectionRefusedError):
            return "connection refused"
        text = str(seen).lower()
        if "name or service not known" in text or "nodename nor servname" in text:
            return "could not resolve host"
        if "connection refused" in text or "errno 111" in text:
            return "connection refused"
        seen = seen.__cause__ or seen.__context__
    return "connection failed"


def error_detail(exc: Any) -> str:
    """`: <the server's error message>`, one line, short (local servers say useful things
    there: "model does not support tools", "exceeds the context size")."""
    body = getattr(exc, "body", None)
    message = body.get("message") if isinstance(body, dict) else None
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        message = body["error"].get("message", message)
    if not isinstance(message, str) or not message.strip():
        return ""
    line = " ".join(message.split())
    return f": {line[:120]}"


# --- the client for these settings --------------------------------------------------------


def build_client(
    settings: Settings, base_url: str, http_client: httpx2.AsyncClient | None = None
) -> AsyncOpenAI:
    import openai

    if http_client is None:
        # Our own httpx2 client, as for Anthropic: the SDK's wrapper closes its pool in
        # `__del__` on whatever loop is running then.
        http_client = openai.DefaultAsyncHttpxClient(event_hooks={"response": [note_status]})
    # Key and URL passed explicitly: the SDK would otherwise read OPENAI_API_KEY and
    # OPENAI_BASE_URL itself, around the settings' sources and their `.env` rules.
    return openai.AsyncOpenAI(
        api_key=settings.openai_key() or _NO_KEY,
        base_url=base_url,
        timeout=settings.model_timeout_s,
        max_retries=settings.model_max_retries,
        http_client=http_client,
    )


def client_key(settings: Settings, base_url: str) -> tuple[str, str, str, float, int]:
    digest = hashlib.sha256((settings.openai_key() or "").encode()).hexdigest()
    return ("openai", digest, base_url, settings.model_timeout_s, settings.model_max_retries)

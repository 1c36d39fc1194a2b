"""The Reasoner over any chat model: builds prompts, forces tool use, validates the output.

`ChatModel` is the one-call interface a backend implements (Anthropic, the scripted double);
everything the model returns is parsed leniently and validated before anyone uses it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from swarm.errors import ModelOutputError
from swarm.models import prompts
from swarm.models.base import (
    ChatTurn,
    Confidence,
    Finding,
    PageCandidate,
    PageChoice,
    SourceText,
    WikiAnswer,
)
from swarm.models.prompts import ToolSpec
from swarm.wiki.pages import PageExcerpt

__all__ = [
    "MAX_REPLY_BYTES",
    "MAX_REPLY_DEPTH",
    "ChatModel",
    "ChatReasoner",
    "ChatReply",
    "ToolSpec",
    "check_reply_text",
    "parse_json_object",
]

# How much conversation the bot sends back to the model, and how much of each source.
MAX_HISTORY_TURNS = 20
REPORT_SOURCE_MAX_CHARS = 4000


@dataclass(frozen=True, slots=True)
class ChatReply:
    """A chat model's reply: its text, and the forced tool's input when a tool was asked for."""

    text: str
    tool_input: dict[str, Any] | None = None


@runtime_checkable
class ChatModel(Protocol):
    async def complete(
        self,
        *,
        system: str,
        messages: list[dict[str, str]],
        tool: ToolSpec | None = None,
        max_tokens: int = 1024,
    ) -> ChatReply:
        """One model call. Raises `ModelError` / `ModelTimeout` (short messages, no secrets)."""
        ...


# --- bounds on a raw reply ----------------------------------------------------------------

# A real reply is a few KB (max_tokens bounds it); anything past these is refused before any
# JSON parser sees it: Python's parsers recurse, so a deep enough reply raises RecursionError.
MAX_REPLY_BYTES = 256 * 1024
MAX_REPLY_DEPTH = 64

# A JSON string (skipped whole, brackets inside it don't nest) or one bracket.
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def check_reply_text(text: str) -> None:
    """Refuse reply text over `MAX_REPLY_BYTES` or with JSON nested over `MAX_REPLY_DEPTH`.

    Raises `ModelOutputError` ("reply too large" / "reply nested too deeply")."""
    _check_size(text)
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        bracket = match.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_REPLY_DEPTH:
                raise _too_deep()
        elif bracket in "]}":
            depth = max(0, depth - 1)


def _check_size(text: str) -> None:
    if len(text) > MAX_REPLY_BYTES:
        raise ModelOutputError(
            f"reply too large ({len(text) // 1024} KB; the limit is {MAX_REPLY_BYTES // 1024} KB)"
        )


def _too_deep() -> ModelOutputError:
    return ModelOutputError(f"reply nested too deeply (over {MAX_REPLY_DEPTH} levels of JSON)")


def _check_value(value: Any) -> None:
    """The same bounds on an already-parsed value (a tool input), walked without recursion."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, dict | list):
            continue
        if depth > MAX_REPLY_DEPTH:
            raise _too_deep()
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children)
    check_reply_text(json.dumps(value, ensure_ascii=False, default=str))


# --- lenient JSON extraction --------------------------------------------------------------

_FENCED_BLOCK = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n?(.*?)```", re.DOTALL)


def _json_candidates(text: str) -> list[dict[str, Any]]:
    """Every JSON object found in `text`: whole, inside ``` fences, then embedded in prose."""
    found: list[dict[str, Any]] = []

    def try_load(chunk: str) -> None:
        try:
            value = json.loads(chunk)
        except ValueError:
            return
        except RecursionError:  # nesting the bracket count could not see (inside prose quotes)
            raise _too_deep() from None
        if isinstance(value, dict):
            found.append(value)

    stripped = text.strip()
    if not stripped:
        return found
    try_load(stripped)
    for block in _FENCED_BLOCK.findall(stripped):
        try_load(block.strip())
    decoder = json.JSONDecoder()
    start = stripped.find("{")
    while start != -1:
        try:
            value, end = decoder.raw_decode(stripped, start)
        except RecursionError:
            raise _too_deep() from None
        except ValueError:
            start = stripped.find("{", start + 1)
            continue
        if isinstance(value, dict):
            found.append(value)
        start = stripped.find("{", end)
    return found


def parse_json_object(reply: ChatReply) -> list[dict[str, Any]]:
    """The candidate objects in a reply, best first: the tool input, then JSON in the text.

    Raises `ModelOutputError` for a reply too large or too deeply nested to parse."""
    if reply.tool_input is not None:
        _check_value(reply.tool_input)
    check_reply_text(reply.text)
    candidates = [reply.tool_input] if isinstance(reply.tool_input, dict) else []
    return candidates + _json_candidates(reply.text)


_Model = TypeVar("_Model", bound=BaseModel)


def _validated(reply: ChatReply, schema: type[_Model], what: str) -> _Model:
    candidates = parse_json_object(reply)
    for candidate in candidates:
        try:
            return schema.model_validate(candidate)
        except ValidationError:
            continue
    if not candidates:
        raise ModelOutputError(f"the model's {what} was not JSON")
    raise ModelOutputError(f"the model's {what} did not have the expected fields")


# --- output schemas -----------------------------------------------------------------------


class _PagePick(BaseModel):
    model_config = ConfigDict(extra="ignore")

    # Checked item by item in `pick_pages`: one bad item (null, {}, 3.5) costs only itself.
    pages: list[Any]
    time_sensitive: bool | None = None

    @field_validator("pages", mode="before")
    @classmethod
    def _single_page_as_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str | int) else value


class _Answer(BaseModel):
    model_config = ConfigDict(extra="ignore")

    answer: str
    confidence: Confidence = "low"
    pages_used: list[str | int] = []
    time_sensitive: bool | None = None

    @field_validator("confidence", mode="before")
    @classmethod
    def _lenient_confidence(cls, value: Any) -> Any:
        # An unknown label is not a reason to trust the answer: it reads as low.
        if isinstance(value, str):
            label = value.strip().lower()
            return label if label in ("high", "medium", "low") else "low"
        return value

    @field_validator("pages_used", mode="before")
    @classmethod
    def _usable_items_only(cls, value: Any) -> Any:
        # pages_used is advisory (the flow checks it against the pages it read), so one odd
        # item is dropped rather than costing the whole answer. Numbers are resolved later.
        if _is_page_item(value):
            return [value]
        if not isinstance(value, list | tuple):
            return []
        return [item for item in value if _is_page_item(item)]


class _Plan(BaseModel):
    model_config = ConfigDict(extra="ignore")

    queries: list[str]


# --- the reasoner -------------------------------------------------------------------------


def _conversation(history: Sequence[ChatTurn], last_user_text: str) -> list[dict[str, str]]:
    """History + the new user message, shaped as the Messages API wants: starting with the
    user, roles alternating (consecutive same-role turns merged)."""
    turns = list(history)[-MAX_HISTORY_TURNS:]
    messages: list[dict[str, str]] = []
    for turn in [*turns, ChatTurn(role="user", content=last_user_text)]:
        content = turn.content.strip()
        if not content:
            continue
        if not messages and turn.role != "user":
            continue
        if messages and messages[-1]["role"] == turn.role:
            messages[-1]["content"] += "\n\n" + content
        else:
            messages.append({"role": turn.role, "content": content})
    return messages


def _is_page_item(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _resolve_page(item: str | int, paths: Sequence[str]) -> str:
    """The page a model meant by `item`, "" for nothing; never raises.

    An exact path (or the path without `.md`) wins, so pages named `1.md`, `2.md` stay
    themselves; otherwise an ASCII decimal is read as a 1-based line number, since models
    sometimes answer with the candidate's number instead of its path. Anything else is
    returned as written (the flow confines and filters it)."""
    if isinstance(item, bool):
        return ""
    if isinstance(item, int):
        return paths[item - 1] if 1 <= item <= len(paths) else ""
    text = item.strip()
    for path in (text, f"{text}.md"):
        if path in paths:
            return path
    if text.isascii() and text.isdecimal():
        try:
            number = int(text)
        except ValueError:
            return text
        if 1 <= number <= len(paths):
            return paths[number - 1]
    return text


def _dropped_item(item: Any) -> str:
    """A dropped pick item, described in a few words for the result's warnings."""
    try:
        shown = json.dumps(item, ensure_ascii=False)
    except (TypeError, ValueError):
        shown = type(item).__name__
    shown = shown if len(shown) <= 40 else shown[:39] + "…"
    if isinstance(item, int) and not isinstance(item, bool):
        return f"{shown} (no candidate has that number)"
    return f"{shown} (not a page name)"


class ChatReasoner:
    """A `Reasoner` whose every method is one chat-model call with a prompt from `prompts`."""

    def __init__(self, chat_model: ChatModel, *, name: str, max_tokens: int = 1024) -> None:
        self.chat_model = chat_model
        self.name = name
        self.max_tokens = max_tokens

    async def pick_pages(
        self, question: str, candidates: Sequence[PageCandidate], *, max_pages: int
    ) -> PageChoice:
        reply = await self.chat_model.complete(
            system=prompts.PICK_PAGES_SYSTEM,
            messages=[
                {
                    "role": "user",
                    "content": prompts.pick_pages_user_message(
                        question, candidates, max_pages=max_pages
                    ),
                }
            ],
            tool=prompts.PICK_PAGES_TOOL,
            max_tokens=self.max_tokens,
        )
        pick = _validated(reply, _PagePick, "page choice")
        candidate_paths = [candidate.path for candidate in candidates]
        paths: list[str] = []
        dropped: list[str] = []
        for item in pick.pages:
            path = _resolve_page(item, candidate_paths) if _is_page_item(item) else ""
            if path:
                paths.append(path)
            else:
                dropped.append(_dropped_item(item))
        if pick.pages and not paths:
            raise ModelOutputError("the model's page choice named no page")
        return PageChoice(paths=paths, time_sensitive=pick.time_sensitive, dropped=dropped)

    async def answer_from_excerpts(
        self, question: str, excerpts: Sequence[PageExcerpt]
    ) -> WikiAnswer:
        reply = await self.chat_model.complete(
            system=prompts.ANSWER_SYSTEM,
            messages=[{"role": "user", "content": prompts.answer_user_message(question, excerpts)}],
            tool=prompts.ANSWER_TOOL,
            max_tokens=self.max_tokens,
        )
        parsed = _validated(reply, _Answer, "answer")
        answer = parsed.answer.strip()
        excerpt_paths = [excerpt.path for excerpt in excerpts]
        pages_used = [_resolve_page(item, excerpt_paths) for item in parsed.pages_used]
        return WikiAnswer(
            answer=answer,
            # An empty answer can't be confident whatever label came with it.
            confidence=parsed.confidence if answer else "low",
            pages_used=list(dict.fromkeys(p for p in pages_used if p)),
            time_sensitive=parsed.time_sensitive,
        )

    async def plan_subqueries(self, topic: str, *, max_queries: int = 5) -> list[str]:
        reply = await self.chat_model.complete(
            system=prompts.PLAN_SYSTEM,
            messages=[
                {
                    "role": "user",
                    "content": prompts.plan_user_message(topic, max_queries=max_queries),
                }
            ],
            tool=prompts.PLAN_TOOL,
            max_tokens=self.max_tokens,
        )
        plan = _validated(reply, _Plan, "query plan")
        queries: list[str] = []
        for query in plan.queries:
            cleaned = " ".join(query.split())
            if cleaned and cleaned.casefold() not in {q.casefold() for q in queries}:
                queries.append(cleaned)
        return queries[: max(1, max_queries)] or [topic]

    async def write_report(self, topic: str, sources: Sequence[SourceText]) -> str:
        reply = await self.chat_model.complete(
            system=prompts.REPORT_SYSTEM,
            messages=[
                {
                    "role": "user",
                    "content": prompts.report_user_message(
                        topic, sources, max_chars=REPORT_SOURCE_MAX_CHARS
                    ),
                }
            ],
            max_tokens=self.max_tokens * 2,
        )
        return _required_text(reply, "report")

    async def draft_reply(self, message: str, history: Sequence[ChatTurn]) -> str:
        reply = await self.chat_model.complete(
            system=prompts.DRAFT_SYSTEM,
            messages=_conversation(history, message),
            max_tokens=self.max_tokens,
        )
        return _required_text(reply, "draft reply")

    async def final_reply(
        self, message: str, history: Sequence[ChatTurn], findings: Sequence[Finding]
    ) -> str:
        reply = await self.chat_model.complete(
            system=prompts.FINAL_SYSTEM,
            messages=_conversation(history, prompts.final_user_message(message, findings)),
            max_tokens=self.max_tokens * 2,
        )
        return _required_text(reply, "reply")


def _required_text(reply: ChatReply, what: str) -> str:
    _check_size(reply.text)  # this text is not parsed: only its size is bounded
    text = reply.text.strip()
    if not text:
        raise ModelOutputError(f"the model's {what} was empty")
    return text

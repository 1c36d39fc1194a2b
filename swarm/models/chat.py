"""The Reasoner over any chat model: builds prompts, forces tool use, validates the output.

`ChatModel` is the one-call interface a backend implements (Anthropic, the scripted double);
everything the model returns is parsed leniently (`chat_replies`) and validated before use.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, field_validator

from swarm.errors import ModelOutputError
from swarm.models import prompts
from swarm.models.base import (
    ChatTurn,
    Confidence,
    Evidence,
    Finding,
    PageCandidate,
    PageChoice,
    SourceText,
    WikiAnswer,
)
from swarm.models.chat_replies import ChatReply, check_reply_size, validated_reply
from swarm.models.prompts import ToolSpec
from swarm.wiki.pages import PageExcerpt

__all__ = ["ChatModel", "ChatReasoner"]

# How much conversation the bot sends back to the model, and how much of each source.
MAX_HISTORY_TURNS = 20
REPORT_SOURCE_MAX_CHARS = 4000


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
    # (page, quote) pairs; checked against the excerpts by the flow (swarm.wiki.evidence).
    evidence: list[tuple[str | int, str]] = []

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

    @field_validator("evidence", mode="before")
    @classmethod
    def _usable_quotes_only(cls, value: Any) -> Any:
        # Like pages_used: an odd item (no quote, a quote that is not text) is dropped; an
        # answer without usable quotes is still an answer, it just can't stay high.
        items = [value] if isinstance(value, dict) else value
        if not isinstance(items, list | tuple):
            return []
        pairs: list[tuple[str | int, str]] = []
        for item in items:
            if not isinstance(item, dict):
                continue
            page = item.get("page", item.get("path", ""))
            quote = item.get("quote")
            if isinstance(quote, str) and quote.strip() and _is_page_item(page):
                pairs.append((page if isinstance(page, str | int) else "", quote))
        return pairs


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
        pick = validated_reply(reply, _PagePick, "page choice")
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
        parsed = validated_reply(reply, _Answer, "answer")
        answer = parsed.answer.strip()
        excerpt_paths = [excerpt.path for excerpt in excerpts]
        pages_used = [_resolve_page(item, excerpt_paths) for item in parsed.pages_used]
        return WikiAnswer(
            answer=answer,
            # An empty answer can't be confident whatever label came with it.
            confidence=parsed.confidence if answer else "low",
            pages_used=list(dict.fromkeys(p for p in pages_used if p)),
            time_sensitive=parsed.time_sensitive,
            # Always a list, so the flow checks it: a chat model's `high` must be quoted.
            evidence=[
                Evidence(page=_resolve_page(page, excerpt_paths), quote=quote)
                for page, quote in parsed.evidence
            ],
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
        plan = validated_reply(reply, _Plan, "query plan")
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
    check_reply_size(reply.text)  # this text is not parsed: only its size is bounded
    text = reply.text.strip()
    if not text:
        raise ModelOutputError(f"the model's {what} was empty")
    return text

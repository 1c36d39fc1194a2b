"""Test doubles shipped in the package: a scripted chat model and a scripted Reasoner.

Both replay queued replies and record what they were asked, so flows (and users' own bots)
can be tested offline: `ScriptedChatModel` under a `ChatReasoner`, `ScriptedReasoner` alone.
"""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from swarm.errors import ModelError
from swarm.models.base import (
    ChatTurn,
    Finding,
    PageCandidate,
    PageChoice,
    SourceText,
    WikiAnswer,
)
from swarm.models.chat_replies import ChatReply
from swarm.models.prompts import ToolSpec
from swarm.wiki.pages import PageExcerpt

__all__ = ["ScriptedCall", "ScriptedChatModel", "ScriptedReasoner"]

# A queued chat reply: text, a tool input, a full reply, an error to raise, or a function of
# the call that returns one of those.
ScriptedReplyValue = str | dict[str, Any] | ChatReply | BaseException
ScriptedReply = ScriptedReplyValue | Callable[["ScriptedCall"], ScriptedReplyValue]


@dataclass(slots=True)
class ScriptedCall:
    """One call the scripted chat model received."""

    system: str
    messages: list[dict[str, str]]
    tool: ToolSpec | None
    max_tokens: int

    @property
    def prompt(self) -> str:
        """The last user message: what most assertions want to look at."""
        users = [m["content"] for m in self.messages if m.get("role") == "user"]
        return users[-1] if users else ""


class ScriptedChatModel:
    """A `ChatModel` that replays queued replies in order and records every call.

    A `str` reply is the model's text; a `dict` is the forced tool's input (or, when no tool
    was asked for, its JSON text); an exception is raised; a callable gets the `ScriptedCall`
    and returns any of those. With the queue empty, `default` is used, else `ModelError`."""

    __test__ = False

    def __init__(
        self,
        replies: Iterable[ScriptedReply] = (),
        *,
        default: ScriptedReply | None = None,
        delay_s: float = 0.0,
    ) -> None:
        self.queue: deque[ScriptedReply] = deque(replies)
        self.default = default
        self.delay_s = delay_s
        self.history: list[ScriptedCall] = []

    def enqueue(self, *replies: ScriptedReply) -> ScriptedChatModel:
        self.queue.extend(replies)
        return self

    async def complete(
        self,
        *,
        system: str,
        messages: list[dict[str, str]],
        tool: ToolSpec | None = None,
        max_tokens: int = 1024,
    ) -> ChatReply:
        call = ScriptedCall(
            system=system,
            messages=[dict(m) for m in messages],
            tool=tool,
            max_tokens=max_tokens,
        )
        self.history.append(call)
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        if self.queue:
            scripted = self.queue.popleft()
        elif self.default is not None:
            scripted = self.default
        else:
            raise ModelError("ScriptedChatModel: no reply queued")
        value = scripted(call) if callable(scripted) else scripted
        if isinstance(value, BaseException):
            raise value
        if isinstance(value, ChatReply):
            return value
        if isinstance(value, dict):
            if tool is None:
                return ChatReply(text=json.dumps(value))
            return ChatReply(text="", tool_input=value)
        return ChatReply(text=value)


_NO_VALUE = object()


class ScriptedReasoner:
    """A `Reasoner` returning queued (or fixed default) values per method, recording calls.

    `enqueue("answer_from_excerpts", WikiAnswer(...))`; a queued exception is raised; a queued
    callable is called with the method's arguments. Defaults when a queue is empty: the first
    `max_pages` candidates, a low-confidence empty answer, `[topic]`, a report listing the
    sources, a `[RESEARCH depth=quick]` draft, and a reply joining the findings' summaries."""

    __test__ = False

    def __init__(
        self,
        *,
        pages: PageChoice | Sequence[str] | None = None,
        answer: WikiAnswer | None = None,
        subqueries: Sequence[str] | None = None,
        report: str | None = None,
        draft: str | None = None,
        final: str | None = None,
        delay_s: float = 0.0,
        name: str = "scripted",
    ) -> None:
        self.name = name
        self.delay_s = delay_s
        self.defaults: dict[str, Any] = {
            "pick_pages": pages if not isinstance(pages, list | tuple) else PageChoice(list(pages)),
            "answer_from_excerpts": answer,
            "plan_subqueries": list(subqueries) if subqueries is not None else None,
            "write_report": report,
            "draft_reply": draft,
            "final_reply": final,
        }
        self.queues: dict[str, deque[Any]] = defaultdict(deque)
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def enqueue(self, method: str, *values: Any) -> ScriptedReasoner:
        if method not in self.defaults:
            raise ValueError(f"ScriptedReasoner has no method {method!r}")
        self.queues[method].extend(values)
        return self

    def calls_to(self, method: str) -> list[dict[str, Any]]:
        return [arguments for name, arguments in self.calls if name == method]

    async def _next(self, method: str, arguments: dict[str, Any]) -> Any:
        self.calls.append((method, arguments))
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        queue = self.queues[method]
        value = queue.popleft() if queue else self.defaults[method]
        if value is None:
            return _NO_VALUE
        if isinstance(value, BaseException):
            raise value
        if callable(value):
            value = value(**arguments)
            if asyncio.iscoroutine(value):
                value = await value
        return value

    async def pick_pages(
        self, question: str, candidates: Sequence[PageCandidate], *, max_pages: int
    ) -> PageChoice:
        value = await self._next(
            "pick_pages",
            {"question": question, "candidates": list(candidates), "max_pages": max_pages},
        )
        if value is _NO_VALUE:
            return PageChoice(paths=[c.path for c in candidates[:max_pages]])
        if isinstance(value, list | tuple):
            return PageChoice(paths=list(value))
        if not isinstance(value, PageChoice):
            raise TypeError(f"pick_pages: queued {type(value).__name__}, expected PageChoice")
        return value

    async def answer_from_excerpts(
        self, question: str, excerpts: Sequence[PageExcerpt]
    ) -> WikiAnswer:
        value = await self._next(
            "answer_from_excerpts", {"question": question, "excerpts": list(excerpts)}
        )
        if value is _NO_VALUE:
            return WikiAnswer(answer="", confidence="low")
        if not isinstance(value, WikiAnswer):
            raise TypeError(
                f"answer_from_excerpts: queued {type(value).__name__}, expected WikiAnswer"
            )
        return value

    async def plan_subqueries(self, topic: str, *, max_queries: int = 5) -> list[str]:
        value = await self._next("plan_subqueries", {"topic": topic, "max_queries": max_queries})
        if value is _NO_VALUE:
            return [topic]
        return [str(query) for query in value]

    async def write_report(self, topic: str, sources: Sequence[SourceText]) -> str:
        value = await self._next("write_report", {"topic": topic, "sources": list(sources)})
        if value is _NO_VALUE:
            cited = " ".join(f"{s.title} [{s.number}]." for s in sources)
            return f"Report on {topic}. {cited}".strip()
        return str(value)

    async def draft_reply(self, message: str, history: Sequence[ChatTurn]) -> str:
        value = await self._next("draft_reply", {"message": message, "history": list(history)})
        if value is _NO_VALUE:
            return f"[RESEARCH depth=quick] {' '.join(message.split())}"
        return str(value)

    async def final_reply(
        self, message: str, history: Sequence[ChatTurn], findings: Sequence[Finding]
    ) -> str:
        value = await self._next(
            "final_reply",
            {"message": message, "history": list(history), "findings": list(findings)},
        )
        if value is _NO_VALUE:
            return "\n".join(f.summary or f"({f.error})" for f in findings) or "No findings."
        return str(value)

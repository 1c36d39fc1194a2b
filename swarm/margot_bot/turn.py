"""The bot's turn handler: draft → [RESEARCH] requests → wiki first → outside → final reply.

Requests run concurrently, each through the wiki-first gate (`swarm.margot_bot.gate`); the
`[RESEARCH ...]` request format is parsed in `swarm.margot_bot.requests`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from swarm._sync import run_sync
from swarm.config import get_settings
from swarm.errors import ModelUnreachable
from swarm.margot_bot.context import TurnContext, TurnResult
from swarm.margot_bot.gate import describe, elapsed_ms, resolve_context, run_request
from swarm.margot_bot.requests import ResearchRequest, clean_topic, parse_research_requests
from swarm.models import offline_fallback
from swarm.models.base import ChatTurn, Finding
from swarm.models.offline import is_small_talk

__all__ = [
    "OFFLINE_TURN_NOTE",
    "HistoryItem",
    "compose_plain_reply",
    "handle_turn",
    "handle_turn_sync",
    "normalise_history",
]

OFFLINE_TURN_NOTE = "the offline backend answered this turn instead (SWARM_MODEL=auto)"


def compose_plain_reply(findings: Sequence[Finding]) -> str:
    """A reply built from the findings alone, for when the model can't write one."""
    if not findings:
        return "Sorry, I couldn't put a reply together this time."
    parts = []
    for finding in findings:
        where = "from your wiki" if finding.depth == "wiki" else f"{finding.depth} research"
        text = finding.summary.strip() or "nothing found"
        # A wiki finding with an error is the unchecked wiki answer: its text says why.
        note = f" (note: {finding.error})" if finding.error and finding.depth != "wiki" else ""
        parts.append(f"{finding.topic} ({where}): {text}{note}")
    return "\n\n".join(parts)


# One earlier turn, in any of the shapes bots keep: a `ChatTurn`, a Messages-API style
# mapping {"role": ..., "content": ...}, or a (role, content) pair.
HistoryItem = ChatTurn | Mapping[str, Any] | tuple[str, str]
_ROLES = ("user", "assistant")


def _as_turn(item: object) -> ChatTurn | None:
    role: object
    content: object
    if isinstance(item, ChatTurn):
        role, content = item.role, item.content
    elif isinstance(item, Mapping):
        role, content = item.get("role"), item.get("content")
    elif isinstance(item, tuple) and len(item) == 2:
        role, content = item
    else:
        return None
    if isinstance(content, list):  # Messages-API content blocks: keep their text
        content = "\n".join(
            str(block.get("text", ""))
            for block in content
            if isinstance(block, Mapping) and block.get("type") == "text"
        )
    if role not in _ROLES or not isinstance(content, str):
        return None
    return ChatTurn(role="user" if role == "user" else "assistant", content=content)


def normalise_history(history: object) -> tuple[list[ChatTurn], list[str]]:
    """(the usable turns, one error line per dropped item) for whatever history was passed."""
    if history is None:
        return [], []
    if isinstance(history, str | bytes) or not isinstance(history, Iterable):
        return [], [f"history: dropped, not a sequence of turns ({type(history).__name__})"]
    turns: list[ChatTurn] = []
    errors: list[str] = []
    for index, item in enumerate(history):
        turn = _as_turn(item)
        if turn is None:
            errors.append(
                f"history[{index}]: dropped {type(item).__name__} (expected a ChatTurn, "
                "a role/content mapping or a (role, content) pair; role user or assistant)"
            )
        else:
            turns.append(turn)
    return turns, errors


async def handle_turn(
    message: str, history: Sequence[HistoryItem] = (), *, context: TurnContext | None = None
) -> TurnResult:
    """Answer one user message. Never raises: every failure leaves an honest reply.

    `history` holds the earlier turns, oldest first, each a `ChatTurn`, a mapping with
    `role` and `content` (the Messages-API shape; text content blocks are joined), or a
    `(role, content)` pair; role is "user" or "assistant". Anything else is dropped and
    recorded in `TurnResult.errors`."""
    try:
        return await _handle_turn(message, history, context)
    except Exception as exc:  # the public boundary: even a bug gives the user a reply
        error = describe(exc)
        return TurnResult(
            reply=f"Sorry, something went wrong on my side ({error}).", errors=[error], failed=True
        )


async def _handle_turn(
    message: str, raw_history: object, context: TurnContext | None
) -> TurnResult:
    started = time.perf_counter()
    timings: dict[str, float] = {}
    history, errors = normalise_history(raw_history)
    context = resolve_context(context, errors)
    model = context.model
    assert model is not None

    draft = ""
    draft_failed = False
    try:
        try:
            draft = (await model.draft_reply(message, history)).strip()
        except ModelUnreachable as exc:
            # `auto` chose a model server that can't be reached: this turn is the offline
            # backend's (its draft, its wiki queries, its reply), said in the errors.
            fallback = offline_fallback(model, context.settings or get_settings())
            if fallback is None:
                raise
            note = f"{describe(exc)}; {OFFLINE_TURN_NOTE}"
            errors.append(f"model: {note}")
            print(f"swarm: {note}", file=sys.stderr, flush=True)
            model = context.model = fallback
            draft = (await model.draft_reply(message, history)).strip()
    except Exception as exc:  # research the message itself rather than give up
        draft_failed = True
        errors.append(f"draft: {describe(exc)}")
    timings["draft"] = elapsed_ms(started)
    requests = parse_research_requests(draft)
    if not requests and not draft and not is_small_talk(message):
        topic = clean_topic(message)
        requests = [ResearchRequest(topic)] if topic else []
    if not requests:
        timings["total"] = elapsed_ms(started)
        reply = draft or "Could you tell me what you'd like to know?"
        # No draft and nothing to research: the model failed and nothing was answered.
        return TurnResult(
            reply=reply, draft=draft, timings_ms=timings, errors=errors, failed=draft_failed
        )

    research_started = time.perf_counter()
    outcomes = await asyncio.gather(*(run_request(request, context) for request in requests))
    timings["research"] = elapsed_ms(research_started)
    for number, outcome in enumerate(outcomes, start=1):
        for step, value in outcome.timings_ms.items():
            timings[f"request_{number}.{step}"] = value

    findings = [outcome.finding for outcome in outcomes]
    reply_started = time.perf_counter()
    reply = ""
    try:
        reply = (await model.final_reply(message, history, findings)).strip()
    except Exception as exc:
        errors.append(f"final reply: {describe(exc)}")
    reply = reply or compose_plain_reply(findings)
    timings["reply"] = elapsed_ms(reply_started)
    timings["total"] = elapsed_ms(started)
    return TurnResult(
        reply=reply,
        findings=[dataclasses.asdict(finding) for finding in findings],
        paths=[outcome.path for outcome in outcomes],
        sources_used=list(dict.fromkeys(s for outcome in outcomes for s in outcome.sources)),
        timings_ms=timings,
        draft=draft,
        errors=errors,
        failed=all(outcome.failed for outcome in outcomes),
    )


def handle_turn_sync(
    message: str, history: Sequence[HistoryItem] = (), *, context: TurnContext | None = None
) -> TurnResult:
    """Sync facade over `handle_turn`; safe to call from inside a running event loop too."""
    coro = handle_turn(message, history, context=context)
    return run_sync(coro)

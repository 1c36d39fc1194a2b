"""The bot's turn handler: draft → [RESEARCH] requests → wiki first → outside → final reply.

Each request asks the wiki before any outside call; requests run concurrently, and a
time-sensitive (quick) one starts its outside call at once, since the wiki cannot stop it.
When the outside call fails (an error, every source unreachable, sources turned off), a
usable wiki answer (medium, stale, or a time-sensitive high) is the finding, saying plainly
that it could not be checked outside and why, with its pages and their dates.

The `[RESEARCH ...]` request format is parsed in `swarm.margot_bot.requests`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field

from swarm._sync import run_sync
from swarm.config import Settings, get_settings
from swarm.errors import describe_error
from swarm.margot_bot.providers import (
    ExternalResult,
    external_from_lookup,
    lookup_provider,
    research_provider,
    wiki_provider,
)
from swarm.margot_bot.requests import (
    MAX_REQUESTS_PER_TURN,
    Depth,
    ResearchRequest,
    clean_topic,
    parse_research_requests,
)
from swarm.models.base import ChatTurn, Finding, Reasoner
from swarm.models.offline import is_small_talk
from swarm.progress import safe_printer
from swarm.wiki_query import WikiQueryResult

if TYPE_CHECKING:
    pass

__all__ = [
    "MAX_REQUESTS_PER_TURN",
    "ExternalResult",
    "RequestOutcome",
    "ResearchRequest",
    "TurnContext",
    "TurnResult",
    "HistoryItem",
    "compose_plain_reply",
    "external_from_lookup",
    "handle_turn",
    "handle_turn_sync",
    "lookup_provider",
    "normalise_history",
    "parse_research_requests",
    "research_provider",
    "resolve_request",
    "unchecked_wiki_summary",
    "wiki_provider",
]

TurnPath = Literal["wiki", "wiki+web", "web"]
MAX_SUMMARY_CHARS = 6000  # one finding's text handed to the reply writer


# --- providers (defaults live in swarm.margot_bot.providers) ---------------------------------

# (topic, time_sensitive, context) → the wiki's answer
WikiProvider = Callable[[str, bool, "TurnContext"], Awaitable[WikiQueryResult]]
# (topic, wiki context or None, context) → what was found outside
ExternalProvider = Callable[[str, "str | None", "TurnContext"], Awaitable["ExternalResult | str"]]


def _no_print(_line: str) -> None:
    return None


@dataclass(slots=True)
class TurnContext:
    """Everything a turn needs; the providers are injectable (tests pass fakes)."""

    settings: Settings | None = None  # None: read from the environment
    model: Reasoner | None = None  # None: `get_reasoner(settings)` (offline without a key)
    wiki_dir: str | Path | None = None  # None: `BRAIN1_WIKI_DIR`
    user_print: Callable[[str], None] = _no_print  # progress lines for a watching person
    wiki: WikiProvider = wiki_provider
    quick: ExternalProvider = lookup_provider
    deep: ExternalProvider = research_provider
    # Time-sensitive requests start the outside call alongside the wiki query (it can't stop
    # it anyway); False runs them one after the other, as the benchmark's baseline.
    start_external_early: bool = True
    use_wiki: bool = True  # False: no wiki step at all (no wiki configured, or --no-wiki)
    fence_web_text: bool = False  # lookup text fenced as untrusted (for a model reading JSON)
    research_depth: Depth = "deep"  # how big a report research_provider plans


class TurnResult(BaseModel):
    """One turn: the reply, one finding and one path per research request, and timings."""

    reply: str
    findings: list[dict[str, Any]] = Field(default_factory=list)  # topic, depth, summary, error
    paths: list[TurnPath] = Field(default_factory=list)  # per request: wiki | wiki+web | web
    sources_used: list[str] = Field(default_factory=list)  # "wiki:<page>" and URLs
    # draft, research, reply, total; request_<n>.wiki / .external: ms after that request began
    timings_ms: dict[str, float] = Field(default_factory=dict)
    draft: str = ""
    errors: list[str] = Field(default_factory=list)  # what failed on the way (non-fatal)
    # True when the turn produced no usable reply: every research request failed with no
    # wiki answer to fall back on, the model failed with nothing researched, or the turn
    # broke. A reply that gives the wiki's answer unchecked, or says that nothing was
    # found, is not a failure. (`swarm ask` exits 1 on it.)
    failed: bool = False


# --- one request -------------------------------------------------------------------------------


@dataclass(slots=True)
class RequestOutcome:
    """One research request through the wiki-first gate: the finding, the path it took, and
    the wiki and outside results behind it (None for a step that did not run)."""

    finding: Finding
    path: TurnPath
    sources: list[str]
    timings_ms: dict[str, float]
    wiki: WikiQueryResult | None = None
    external: ExternalResult | None = None
    errors: list[str] = field(default_factory=list)
    # The request could not be answered: the outside call failed and the wiki had nothing
    # usable (a wiki answer given unchecked is not a failure).
    failed: bool = False


def _is_time_sensitive(request: ResearchRequest) -> bool:
    # A quick request is time-sensitive unless the request says otherwise.
    if request.time_sensitive is not None:
        return request.time_sensitive
    return request.depth == "quick"


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 1)


def _say(context: TurnContext, line: str) -> None:
    safe_printer(context.user_print)(line)


def _describe(exc: BaseException) -> str:
    return describe_error(exc, max_chars=300)


async def _ask_wiki(request: ResearchRequest, context: TurnContext) -> WikiQueryResult:
    time_sensitive = _is_time_sensitive(request)
    if not context.use_wiki:  # nothing to ask: an empty result that sends the request outside
        return WikiQueryResult(go_external=True, time_sensitive=time_sensitive)
    try:
        result = await context.wiki(request.topic, time_sensitive, context)
        if not isinstance(result, WikiQueryResult):
            raise TypeError(f"wiki provider returned {type(result).__name__}")
        return result
    except Exception as exc:  # any wiki failure means: go outside
        return WikiQueryResult(
            error=_describe(exc), go_external=True, time_sensitive=time_sensitive
        )


async def _go_outside(
    request: ResearchRequest, wiki_context: str | None, context: TurnContext
) -> ExternalResult:
    _say(context, f"🌐 Researching outside: '{request.topic}'…")
    provider = context.deep if request.depth == "deep" else context.quick
    try:
        result = await provider(request.topic, wiki_context, context)
    except Exception as exc:
        return ExternalResult(summary="", error=_describe(exc))
    if isinstance(result, str):
        return ExternalResult(summary=result)
    return result


def _capped(text: str, max_chars: int = MAX_SUMMARY_CHARS) -> str:
    text = text.strip()
    return text if len(text) <= max_chars else text[: max_chars - 1].rstrip() + "…"


def _wiki_answered(wiki: WikiQueryResult) -> bool:
    return not wiki.go_external and bool(wiki.answer.strip())


def _wiki_label(wiki: WikiQueryResult) -> str:
    pages = ", ".join(wiki.pages_consulted) or "the wiki"
    return f"From your wiki ({pages}; confidence {wiki.confidence})"


def _one_line(text: str, max_chars: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= max_chars else flat[: max_chars - 1].rstrip() + "…"


def _page_dates(pages: Sequence[str], context: TurnContext) -> dict[str, str]:
    """Each page's last-updated date (YYYY-MM-DD) from its frontmatter, where it has one.

    Read-only and best effort: a page that can't be read, or a wiki that can't be found
    (a wiki provider that is not the real one), just has no date."""
    from swarm.config import resolve_wiki_dir
    from swarm.wiki.freshness import page_last_updated
    from swarm.wiki.pages import read_page

    try:
        root = resolve_wiki_dir(context.wiki_dir, context.settings)
    except Exception:
        return {}
    max_bytes = context.settings.max_page_bytes if context.settings else 2_000_000
    dates: dict[str, str] = {}
    for page in pages:
        try:
            excerpt = read_page(root, page, max_chars=100, max_bytes=max_bytes)
            updated = page_last_updated(excerpt.metadata) if excerpt.error is None else None
        except Exception:
            continue
        if updated is not None:
            dates[page] = updated.date().isoformat()
    return dates


def unchecked_wiki_summary(
    wiki: WikiQueryResult, outside_error: str, page_dates: Mapping[str, str] | None = None
) -> str:
    """The finding's text when the outside call failed and the wiki had a usable answer:
    why it could not be checked outside, the wiki pages (and their dates), then the answer."""
    dates = dict(page_dates or {})
    pages = list(wiki.pages_consulted)
    if len(pages) == 1 and pages[0] in dates:
        where = f", as of {dates[pages[0]]} ({pages[0]})"
    elif pages:
        listed = [f"{page}, as of {dates[page]}" if page in dates else page for page in pages]
        where = f" ({'; '.join(listed)})"
    else:
        where = ""
    reason = _one_line(outside_error, 200) or "the outside call failed"
    lines = [
        f"I couldn't check this against outside sources ({reason}), so this is what your "
        f"wiki says{where}:"
    ]
    cautions = []
    if wiki.confidence != "high":
        cautions.append("your wiki is not sure of this: it may answer only part of the question")
    if wiki.stale:
        cautions.append("it may be out of date")
    elif wiki.time_sensitive:
        cautions.append("this is a fast-moving topic, so it may have changed since")
    if cautions:
        lines.append(f"(Unverified: {'; '.join(cautions)}.)")
    lines.append(wiki.answer.strip())
    return "\n".join(lines)


async def _outcome(
    request: ResearchRequest,
    wiki: WikiQueryResult,
    external: ExternalResult,
    context: TurnContext,
    *,
    prepend_wiki: bool,
    timings_ms: dict[str, float],
) -> RequestOutcome:
    with_wiki = wiki.usable_as_context
    wiki_sources = [f"wiki:{page}" for page in wiki.pages_consulted] if with_wiki else []
    if external.error and with_wiki:
        # The outside call failed: the wiki's own answer, said to be unchecked, is the reply.
        dates = await asyncio.to_thread(_page_dates, wiki.pages_consulted, context)
        summary = _capped(unchecked_wiki_summary(wiki, external.error, dates))
        return RequestOutcome(
            finding=Finding(request.topic, "wiki", summary, external.error),
            path="wiki+web" if external.sources else "wiki",
            sources=wiki_sources + list(external.sources),
            timings_ms=timings_ms,
            wiki=wiki,
            external=external,
        )
    summary = _capped(external.summary)
    used_outside = external.error is None and not external.nothing_found
    if with_wiki and (prepend_wiki or not used_outside):
        outside = summary or "(nothing usable came back from outside)"
        summary = f"{_wiki_label(wiki)}: {wiki.answer.strip()}\n\nFrom outside: {outside}"
    if not summary:
        summary = "Research outside the wiki failed; no answer could be found."
    if not with_wiki:
        path: TurnPath = "web"
    else:  # wiki+web only when something from outside was actually used
        path = "wiki+web" if used_outside else "wiki"
    return RequestOutcome(
        finding=Finding(request.topic, request.depth, summary, external.error),
        path=path,
        sources=wiki_sources + list(external.sources),
        timings_ms=timings_ms,
        wiki=wiki,
        external=external,
        failed=external.error is not None,
    )


def _from_wiki(
    request: ResearchRequest, wiki: WikiQueryResult, timings: dict[str, float]
) -> RequestOutcome:
    return RequestOutcome(
        finding=Finding(request.topic, "wiki", wiki.answer.strip(), None),
        path="wiki",
        sources=[f"wiki:{page}" for page in wiki.pages_consulted],
        timings_ms=timings,
        wiki=wiki,
    )


async def _resolve(request: ResearchRequest, context: TurnContext) -> RequestOutcome:
    """Wiki first; outside when the wiki can't answer (never raises)."""
    started = time.perf_counter()
    timings: dict[str, float] = {}
    if context.use_wiki:
        _say(context, f"📖 Checking the wiki for '{request.topic}'…")
    if _is_time_sensitive(request) and context.start_external_early:
        # Time-sensitive: the wiki can't stop the call, so don't wait for it. Its answer, if
        # usable, goes into the finding instead of into the call.
        external_task = asyncio.create_task(_go_outside(request, None, context))
        try:
            wiki = await _ask_wiki(request, context)
            timings["wiki"] = _ms(started)
            if not _wiki_answered(wiki):
                external = await external_task
                timings["external"] = _ms(started)
                return await _outcome(
                    request, wiki, external, context, prepend_wiki=True, timings_ms=timings
                )
        finally:
            if not external_task.done():  # answered by the wiki, or we were cancelled
                external_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await external_task
        # Only a wiki provider that ignores time_sensitive gets here: its answer wins.
        return _from_wiki(request, wiki, timings)

    wiki = await _ask_wiki(request, context)
    timings["wiki"] = _ms(started)
    if _wiki_answered(wiki):
        return _from_wiki(request, wiki, timings)
    wiki_context = wiki.answer.strip() if wiki.usable_as_context else None
    if request.depth == "quick":  # lookup takes no context: it goes into the finding
        external = await _go_outside(request, None, context)
    else:
        external = await _go_outside(request, wiki_context, context)
    timings["external"] = _ms(started)
    return await _outcome(
        request,
        wiki,
        external,
        context,
        prepend_wiki=request.depth == "quick",
        timings_ms=timings,
    )


async def _resolve_safely(request: ResearchRequest, context: TurnContext) -> RequestOutcome:
    try:
        outcome = await _resolve(request, context)
    except Exception as exc:  # a bug in a step must not sink the other requests
        error = _describe(exc)
        summary = "This could not be researched because of an internal error."
        finding = Finding(request.topic, request.depth, summary, error)
        return RequestOutcome(finding, "web", [], {}, errors=[error], failed=True)
    if not context.use_wiki:
        outcome.wiki = None  # the step did not run: don't report an empty wiki result
    return outcome


async def resolve_request(
    request: ResearchRequest, context: TurnContext | None = None
) -> RequestOutcome:
    """One research request through the bot's wiki-first gate, outside the chat turn (the
    skill scripts use it, so there is one gate). Never raises.

    The wiki is asked first (time-sensitive when `request.time_sensitive` is True, or when
    it is None and the depth is quick); a sure, fresh answer on a stable topic stops there,
    anything else goes to `context.quick` (lookup) or `context.deep` (research)."""
    errors: list[str] = []
    try:
        resolved = _resolved(context, errors)
    except Exception as exc:  # e.g. invalid settings
        error = _describe(exc)
        summary = "This could not be researched: the configuration could not be read."
        finding = Finding(request.topic, request.depth, summary, error)
        return RequestOutcome(finding, "web", [], {}, errors=[error], failed=True)
    outcome = await _resolve_safely(request, resolved)
    outcome.errors = errors + outcome.errors
    return outcome


# --- the turn ----------------------------------------------------------------------------------


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


def _resolved(context: TurnContext | None, errors: list[str]) -> TurnContext:
    context = dataclasses.replace(context) if context is not None else TurnContext()
    if context.settings is None:
        context.settings = get_settings()
    if context.model is None:
        from swarm.models import get_reasoner

        try:
            context.model = get_reasoner(context.settings)
        except Exception as exc:  # e.g. anthropic chosen without a key: still answer
            from swarm.models.offline import OfflineReasoner

            errors.append(f"model: {_describe(exc)}; using the offline backend")
            context.model = OfflineReasoner(context.settings)
    return context


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
        error = _describe(exc)
        return TurnResult(
            reply=f"Sorry, something went wrong on my side ({error}).", errors=[error], failed=True
        )


async def _handle_turn(
    message: str, raw_history: object, context: TurnContext | None
) -> TurnResult:
    started = time.perf_counter()
    timings: dict[str, float] = {}
    history, errors = normalise_history(raw_history)
    context = _resolved(context, errors)
    model = context.model
    assert model is not None

    draft = ""
    draft_failed = False
    try:
        draft = (await model.draft_reply(message, history)).strip()
    except Exception as exc:  # research the message itself rather than give up
        draft_failed = True
        errors.append(f"draft: {_describe(exc)}")
    timings["draft"] = _ms(started)
    requests = parse_research_requests(draft)
    if not requests and not draft and not is_small_talk(message):
        topic = clean_topic(message)
        requests = [ResearchRequest(topic)] if topic else []
    if not requests:
        timings["total"] = _ms(started)
        reply = draft or "Could you tell me what you'd like to know?"
        # No draft and nothing to research: the model failed and nothing was answered.
        return TurnResult(
            reply=reply, draft=draft, timings_ms=timings, errors=errors, failed=draft_failed
        )

    research_started = time.perf_counter()
    outcomes = await asyncio.gather(*(_resolve_safely(request, context) for request in requests))
    timings["research"] = _ms(research_started)
    for number, outcome in enumerate(outcomes, start=1):
        for step, value in outcome.timings_ms.items():
            timings[f"request_{number}.{step}"] = value

    findings = [outcome.finding for outcome in outcomes]
    reply_started = time.perf_counter()
    reply = ""
    try:
        reply = (await model.final_reply(message, history, findings)).strip()
    except Exception as exc:
        errors.append(f"final reply: {_describe(exc)}")
    reply = reply or compose_plain_reply(findings)
    timings["reply"] = _ms(reply_started)
    timings["total"] = _ms(started)
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

"""One research request through the bot's wiki-first gate: ask the wiki, go outside when it
can't answer, and turn both into a finding (`resolve_request`; the turn runs each request here).

A time-sensitive (quick) request starts its outside call at once, since the wiki cannot stop
it. When the outside call fails (an error, every source unreachable, sources turned off), a
usable wiki answer (medium, stale, or a time-sensitive high) is the finding, saying plainly
that it could not be checked outside and why, with its pages and their dates.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
from collections.abc import Mapping, Sequence

from swarm.config import get_settings
from swarm.errors import describe_error
from swarm.margot_bot.context import (
    ExternalResult,
    RequestOutcome,
    TurnContext,
    TurnPath,
)
from swarm.margot_bot.providers import lookup_provider, research_provider, wiki_provider
from swarm.margot_bot.requests import ResearchRequest
from swarm.models.base import Finding
from swarm.progress import safe_printer
from swarm.untrusted import cut, flat_line
from swarm.wiki_query import WikiQueryResult

__all__ = [
    "MAX_SUMMARY_CHARS",
    "describe",
    "elapsed_ms",
    "resolve_context",
    "resolve_request",
    "run_request",
    "unchecked_wiki_summary",
]

MAX_SUMMARY_CHARS = 6000  # one finding's text handed to the reply writer


def _is_time_sensitive(request: ResearchRequest) -> bool:
    # A quick request is time-sensitive unless the request says otherwise.
    if request.time_sensitive is not None:
        return request.time_sensitive
    return request.depth == "quick"


def elapsed_ms(started: float) -> float:
    """Milliseconds since `started` (a `time.perf_counter()` reading), to 0.1 ms."""
    return round((time.perf_counter() - started) * 1000, 1)


def _say(context: TurnContext, line: str) -> None:
    safe_printer(context.user_print)(line)


def describe(exc: BaseException) -> str:
    """One line for a failure, as the bot reports it (type and message, capped)."""
    return describe_error(exc, max_chars=300)


async def _ask_wiki(request: ResearchRequest, context: TurnContext) -> WikiQueryResult:
    time_sensitive = _is_time_sensitive(request)
    if not context.use_wiki:  # nothing to ask: an empty result that sends the request outside
        return WikiQueryResult(go_external=True, time_sensitive=time_sensitive)
    try:
        wiki = context.wiki or wiki_provider
        result = await wiki(request.topic, time_sensitive, context)
        if not isinstance(result, WikiQueryResult):
            raise TypeError(f"wiki provider returned {type(result).__name__}")
        return result
    except Exception as exc:  # any wiki failure means: go outside
        return WikiQueryResult(error=describe(exc), go_external=True, time_sensitive=time_sensitive)


async def _go_outside(
    request: ResearchRequest, wiki_context: str | None, context: TurnContext
) -> ExternalResult:
    _say(context, f"🌐 Researching outside: '{request.topic}'…")
    if request.depth == "deep":
        provider = context.deep or research_provider
    else:
        provider = context.quick or lookup_provider
    try:
        result = await provider(request.topic, wiki_context, context)
    except Exception as exc:
        return ExternalResult(summary="", error=describe(exc))
    if isinstance(result, str):
        return ExternalResult(summary=result)
    return result


def _capped(text: str, max_chars: int = MAX_SUMMARY_CHARS) -> str:
    return cut(text.strip(), max_chars)


def _wiki_answered(wiki: WikiQueryResult) -> bool:
    return not wiki.go_external and bool(wiki.answer.strip())


def _wiki_label(wiki: WikiQueryResult) -> str:
    pages = ", ".join(wiki.pages_consulted) or "the wiki"
    return f"From your wiki ({pages}; confidence {wiki.confidence})"


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
    reason = flat_line(outside_error, 200) or "the outside call failed"
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
            timings["wiki"] = elapsed_ms(started)
            if not _wiki_answered(wiki):
                external = await external_task
                timings["external"] = elapsed_ms(started)
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
    timings["wiki"] = elapsed_ms(started)
    if _wiki_answered(wiki):
        return _from_wiki(request, wiki, timings)
    wiki_context = wiki.answer.strip() if wiki.usable_as_context else None
    if request.depth == "quick":  # lookup takes no context: it goes into the finding
        external = await _go_outside(request, None, context)
    else:
        external = await _go_outside(request, wiki_context, context)
    timings["external"] = elapsed_ms(started)
    return await _outcome(
        request,
        wiki,
        external,
        context,
        prepend_wiki=request.depth == "quick",
        timings_ms=timings,
    )


async def run_request(request: ResearchRequest, context: TurnContext) -> RequestOutcome:
    """`resolve_request` for a context already resolved (`resolve_context`). Never raises."""
    try:
        outcome = await _resolve(request, context)
    except Exception as exc:  # a bug in a step must not sink the other requests
        error = describe(exc)
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
        resolved = resolve_context(context, errors)
    except Exception as exc:  # e.g. invalid settings
        error = describe(exc)
        summary = "This could not be researched: the configuration could not be read."
        finding = Finding(request.topic, request.depth, summary, error)
        return RequestOutcome(finding, "web", [], {}, errors=[error], failed=True)
    outcome = await run_request(request, resolved)
    outcome.errors = errors + outcome.errors
    return outcome


def resolve_context(context: TurnContext | None, errors: list[str]) -> TurnContext:
    """A copy of `context` (or a new one) with its settings and model filled in; a model that
    can't be built (e.g. anthropic without a key) becomes the offline one, said in `errors`."""
    context = dataclasses.replace(context) if context is not None else TurnContext()
    if context.settings is None:
        context.settings = get_settings()
    if context.model is None:
        from swarm.models import get_reasoner

        try:
            context.model = get_reasoner(context.settings)
        except Exception as exc:  # e.g. anthropic chosen without a key: still answer
            from swarm.models.offline import OfflineReasoner

            errors.append(f"model: {describe(exc)}; using the offline backend")
            context.model = OfflineReasoner(context.settings)
    return context

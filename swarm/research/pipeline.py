"""The research pipeline: plan sub-queries, gather Wikipedia and web sources, dedup, report.

`research_topic` runs under one wall-clock budget, records what failed per step, and always
returns a `ResearchResult`: on expiry it writes the report from the sources it already has.
Steps 1-4 (plan, search, dedup, fetch) live in `sources`; this module writes the report.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from swarm.config import Settings, get_settings
from swarm.errors import describe_error
from swarm.models.base import Reasoner, SourceText
from swarm.progress import safe_printer
from swarm.research.providers import Providers
from swarm.research.sources import (
    PLANS,
    Candidate,
    Origin,
    ResearchRun,
    WebSearch,
    WikipediaSearch,
    gather_sources,
    plan_for,
)
from swarm.untrusted import (
    SNIPPET_MAX_CHARS,
    neutralise,
    shown_snippet,
    shown_title,
    shown_url,
    single_line,
)
from swarm.web.types import ArticleFetcher

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

    from swarm.tools.context import ToolContext

__all__ = ["ResearchResult", "Source", "as_tool_result", "research_topic"]

logger = logging.getLogger(__name__)

_NO_TOPIC_REPORT = "No topic given: nothing to research."


class Source(BaseModel):
    """One source of the report; its position in `ResearchResult.sources` is its citation
    number minus one (`sources[0]` is [1])."""

    title: str
    url: str
    origin: Origin
    snippet: str = ""


class ResearchResult(BaseModel):
    topic: str
    depth: str
    report: str
    sources: list[Source] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)
    elapsed_s: float = 0.0
    # True when there are no sources because no outside source could be asked (every search
    # failed, each failure in `errors`), not because the sources that answered had nothing.
    all_sources_failed: bool = False


# --- report --------------------------------------------------------------------------------


def _report_inputs(
    candidates: Sequence[Candidate], wiki_context: str | None, max_chars: int
) -> tuple[list[Source], list[SourceText]]:
    sources: list[Source] = []
    texts: list[SourceText] = []
    if wiki_context and wiki_context.strip():
        sources.append(Source(title="Your wiki", url="", origin="wiki"))
        texts.append(
            SourceText(number=1, title="Your wiki", url="", origin="wiki", text=wiki_context)
        )
    for candidate in candidates:
        text = (candidate.text or candidate.snippet).strip()
        if not text:  # nothing to cite: a bare title teaches the report nothing
            continue
        number = len(sources) + 1
        # Titles, URLs and snippets are untrusted and go to the model outside any fence (as
        # the tool result's `sources`): one neutralised, bounded line each.
        sources.append(
            Source(
                title=shown_title(candidate.title),
                url=shown_url(candidate.url),
                origin=candidate.origin,
                snippet=shown_snippet(candidate.snippet),
            )
        )
        texts.append(
            SourceText(
                number=number,
                title=candidate.title,
                url=candidate.url,
                origin=candidate.origin,
                text=text[:max_chars],
            )
        )
    return sources, texts


def _fallback_report(topic: str, sources: Sequence[SourceText]) -> str:
    """An extractive digest, used when the model could not write the report."""
    if not sources:
        return f"No sources found for {topic!r}: nothing to report."
    lines = [f"Sources found on {single_line(topic, max_chars=SNIPPET_MAX_CHARS)}:", ""]
    for source in sources:
        # Extractive, so it quotes web text: neutralised, one line per source.
        title = shown_title(source.title)
        first = single_line(source.text, max_chars=400)
        lines.append(f"- {title}: {first} [{source.number}]")
    return "\n".join(lines)


async def _write_report(
    run: ResearchRun, model: Reasoner, texts: Sequence[SourceText], timeout_s: float
) -> str:
    run.step = 5
    if not texts:
        return f"No sources found for {run.topic!r}: nothing to report."
    run.progress(f"writing the report from {len(texts)} source{'s' if len(texts) != 1 else ''}")
    try:
        async with asyncio.timeout(max(timeout_s, 0.05)):
            report = await model.write_report(run.topic, texts)
        if isinstance(report, str) and report.strip():
            return report.strip()
        run.note("the model returned an empty report; listing the sources instead")
    except TimeoutError:
        run.note(f"no report within {timeout_s:.1f}s; listing the sources instead")
    except Exception as error:
        run.note(f"report failed ({describe_error(error)}); listing the sources instead")
    return _fallback_report(run.topic, texts)


# --- the pipeline --------------------------------------------------------------------------


def _progress_callback(
    progress: Callable[[str], None] | None, context: ToolContext | None
) -> Callable[[str], None]:
    return safe_printer(progress or (context.user_print if context is not None else None))


async def research_topic(
    topic: str,
    depth: str = "deep",
    *,
    model: Reasoner | None = None,
    settings: Settings | None = None,
    client: AsyncClient | None = None,
    context: ToolContext | None = None,
    wiki_context: str | None = None,
    search: WebSearch | None = None,
    wikipedia_search: WikipediaSearch | None = None,
    fetcher: ArticleFetcher | None = None,
    progress: Callable[[str], None] | None = None,
    providers: Providers | None = None,
) -> ResearchResult:
    """Research `topic` from Wikipedia and the web and write a report citing its sources.

    `depth` is "quick" (≤2 sub-queries, 2 fetches) or "deep" (≤5 sub-queries, at most
    `settings.research_max_sources` web sources). A missing topic or a broken configuration
    gives an honest result with the reason in `errors`. Everything runs
    within `settings.research_budget_s`; past it, outstanding searches and fetches are cancelled
    and the report is written from what arrived. Wikipedia (off when
    `settings.wikipedia_fallback_enabled` is False) only ever adds sources. `wiki_context`, text
    from the user's own wiki, becomes source [1]. `search(query, limit)`,
    `wikipedia_search(query, limit)` and `fetcher` (an `ArticleFetcher`) replace the
    network providers, as do the fields of `providers`. Never raises: failures are listed in
    `errors`.
    """
    started = time.monotonic()
    depth_name = depth if isinstance(depth, str) and depth in PLANS else "deep"
    run = ResearchRun(
        topic="" if topic is None else " ".join(str(topic).split()),
        plan=PLANS[depth_name],
        progress=_progress_callback(progress, context),
    )
    if depth_name != depth:
        run.note(f"unknown depth {single_line(repr(depth), max_chars=40)}; using 'deep'")
    if not run.topic:
        run.note("no topic given")
        return ResearchResult(
            topic="", depth=depth_name, report=_NO_TOPIC_REPORT, errors=run.errors
        )
    try:
        settings = settings or get_settings()
        run.plan = plan_for(depth_name, settings)
    except Exception as error:  # a broken configuration still gets an honest result
        logger.warning("research: settings unavailable", exc_info=True)
        run.errors.append(f"config: {describe_error(error)[:300]}")
        return ResearchResult(
            topic=run.topic,
            depth=depth_name,
            report=_fallback_report(run.topic, []),
            errors=run.errors,
            elapsed_s=round(time.monotonic() - started, 3),
        )
    budget_s = max(settings.research_budget_s, 0.0)
    # Keep part of the budget for the report: a model writes it in seconds, not instantly.
    report_reserve_s = min(budget_s * 0.4, settings.model_timeout_s)
    gather_deadline = started + budget_s - report_reserve_s
    report_text = ""
    texts: list[SourceText] = []
    sources: list[Source] = []
    try:
        async with AsyncExitStack() as stack:
            if model is None:
                from swarm.models import get_reasoner

                model = get_reasoner(settings)
            given = providers or Providers()
            chosen = Providers(
                client=client or given.client,
                web_search=search or given.web_search,
                wikipedia_search=wikipedia_search or given.wikipedia_search,
                article_fetcher=fetcher or given.article_fetcher,
            )
            needs_client = chosen.client is None and (
                chosen.web_search is None
                or chosen.article_fetcher is None
                or (chosen.wikipedia_search is None and settings.wikipedia_fallback_enabled)
            )
            if needs_client:
                from swarm.web.safe_http import make_client

                chosen = chosen.with_client(await stack.enter_async_context(make_client(settings)))
            web_search: WebSearch | None = None
            if not settings.web_search_enabled:
                run.note("web search is off (WEB_SEARCH_ENABLED=false): Wikipedia only")
            else:
                web_search = chosen.web_search_or_default(settings)
            fetcher = chosen.article_fetcher_or_default()
            wikipedia_search = None
            if settings.wikipedia_fallback_enabled:
                wikipedia_search = chosen.wikipedia_search_or_default(settings, gather_deadline)
            await gather_sources(
                run,
                model,
                web_search,
                wikipedia_search,
                fetcher,
                settings,
                gather_deadline,
                client=chosen.client,
            )
            sources, texts = _report_inputs(
                run.candidates or [], wiki_context, run.plan.max_source_chars
            )
            report_timeout_s = max(started + budget_s - time.monotonic(), report_reserve_s * 0.5)
            report_text = await _write_report(run, model, texts, report_timeout_s)
    except Exception as error:  # a bug in a step still yields an honest result
        logger.exception("research pipeline failed")
        run.note(f"unexpected failure: {describe_error(error)}")
        if not report_text:
            report_text = _fallback_report(run.topic, texts)
    outside_sources = [source for source in sources if source.origin != "wiki"]
    return ResearchResult(
        topic=run.topic,
        depth=depth_name,
        report=report_text,
        sources=sources,
        errors=run.errors,
        elapsed_s=round(time.monotonic() - started, 3),
        all_sources_failed=not outside_sources and run.searches_answered == 0,
    )


def as_tool_result(result: ResearchResult) -> dict[str, Any]:
    """The research result as a tool result dict (`success` plus the model's fields).

    The report is written from web text (quoted outright by the offline digest), so any fence
    marker look-alikes or invisible characters in it are neutralised; sources already are."""
    fields = result.model_dump()
    fields["report"] = neutralise(result.report)
    return {"success": True, **fields}

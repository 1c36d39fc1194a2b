"""The bot's default research providers: the wiki (`aquery`), a quick `lookup` and a cited
research report, each turned into the plain `ExternalResult` the turn handler works with.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from swarm.margot_bot.context import ExternalResult, TurnContext
from swarm.wiki_query import WikiQueryResult, aquery

if TYPE_CHECKING:
    from swarm.tools.context import ToolContext
    from swarm.tools.schemas import LookupResult

__all__ = [
    "external_from_lookup",
    "lookup_provider",
    "research_provider",
    "wiki_provider",
]


async def wiki_provider(topic: str, time_sensitive: bool, context: TurnContext) -> WikiQueryResult:
    """The real wiki step: `swarm.wiki_query.aquery` on the context's wiki and model."""
    return await aquery(
        topic,
        time_sensitive,
        wiki_dir=context.wiki_dir,
        model=context.model,
        settings=context.settings,
    )


def _tool_context(context: TurnContext) -> ToolContext:
    from swarm.tools.context import ToolContext

    return ToolContext(user_print=context.user_print)


async def lookup_provider(
    topic: str, wiki_context: str | None, context: TurnContext
) -> ExternalResult:
    """Quick research: `swarm.tools.lookup_result` (Wikipedia summary, then the web)."""
    from swarm.tools import lookup_result

    result = await lookup_result(
        topic,
        context=_tool_context(context),
        settings=context.settings,
        fence_content=context.fence_web_text,
    )
    return dataclasses.replace(external_from_lookup(result), details=result.model_dump())


def external_from_lookup(result: LookupResult) -> ExternalResult:
    """The finding for a lookup result. A result with an `error` (sources disabled, or every
    source failed) says so: "nothing was found" would claim a search."""
    from swarm.tools.schemas import LookupArticle, LookupWebResults

    data = result.data
    if isinstance(data, LookupArticle):
        summary = f"{data.title} (Wikipedia): {data.extract}"
        return ExternalResult(summary=summary.strip(), sources=[data.url] if data.url else [])
    if isinstance(data, LookupWebResults):
        urls = [hit.url for hit in data.results if hit.url]
        lines = [data.content.strip()]
        lines += [f"- {hit.title}: {hit.url}" for hit in data.results[:5]]
        return ExternalResult(summary="\n".join(line for line in lines if line), sources=urls)
    error = " ".join((result.error or "").split())[:300]
    if not error:
        return ExternalResult(
            summary="Nothing was found outside the wiki for this.", nothing_found=True
        )
    if "disabled" in error.casefold():
        summary = f"Outside sources were not searched: {error}."
    else:
        summary = f"The search outside the wiki failed: {error}."
    return ExternalResult(summary=summary, error=error)


async def research_provider(
    topic: str, wiki_context: str | None, context: TurnContext
) -> ExternalResult:
    """Research with a cited report (`swarm.research.research_topic` at the context's
    `research_depth`), the wiki answer as source [1]."""
    from swarm.research import research_topic

    result = await research_topic(
        topic,
        context.research_depth,
        model=context.model,
        settings=context.settings,
        context=_tool_context(context),
        wiki_context=wiki_context,
    )
    # The wiki context comes back as source [1] ("Your wiki", no URL): the turn cites the wiki
    # pages itself, so only outside sources count here, and none at all means research failed
    # (research lists what went wrong in `errors`; with none listed nothing could be found or
    # reached). `swarm research` exits 1 on the same condition.
    outside = [source for source in result.sources if source.origin != "wiki"]
    sources = [source.url for source in outside if source.url]
    error = None
    if not outside:
        error = "; ".join(result.errors)[:300] or "no outside source could be found or reached"
    return ExternalResult(
        summary=result.report.strip(), sources=sources, error=error, details=result.model_dump()
    )

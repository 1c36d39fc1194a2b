"""The built-in tools a model can call: lookup, web_search, read_article, research_topic,
wiki_query. Each returns a plain dict and never raises; web text in it is fenced.

This module registers them (`@tool`: names, descriptions, argument schemas); the work of
`lookup` is in `swarm.tools.lookups`, that of `read_article` in `swarm.tools.articles`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swarm.config import Settings
from swarm.research import as_tool_result
from swarm.tools.articles import read_article
from swarm.tools.lookups import (
    LOOKUP_ARTICLES,
    LOOKUP_BUDGET_S,
    LOOKUP_SEARCH_LIMIT,
    NO_RESULTS_MESSAGE,
    SOURCES_DISABLED_ERROR,
    WikipediaSummary,
    lookup,
)
from swarm.tools.registry import tool

if TYPE_CHECKING:
    from swarm.tools.context import ToolContext

__all__ = [
    "LOOKUP_ARTICLES",
    "LOOKUP_BUDGET_S",
    "LOOKUP_SEARCH_LIMIT",
    "MAX_QUERY_CHARS",
    "MAX_URL_CHARS",
    "NO_RESULTS_MESSAGE",
    "SOURCES_DISABLED_ERROR",
    "WikipediaSummary",
    "lookup",
    "lookup_tool",
    "read_article",
    "read_article_tool",
    "research_topic_tool",
    "web_search_tool",
    "wiki_query_tool",
]

# Schema bounds on what a model may send: queries end up in URLs and argv, so keep them sane.
MAX_QUERY_CHARS = 500
MAX_URL_CHARS = 2048


# --- the registered tools --------------------------------------------------------------------


@tool(
    name="lookup",
    description="""Look up a topic, concept, or factual question. Returns a concise answer from
    Wikipedia or web sources. Use for definitions, explanations, 'what is X', 'how does Y
    work'. For comprehensive written reports, use research_topic instead.""",
    parameters={
        "query": {
            "type": "string",
            "description": "The topic or question to look up",
            "minLength": 1,
            "maxLength": MAX_QUERY_CHARS,
        },
    },
    required=["query"],
)
async def lookup_tool(
    query: str, *, context: ToolContext | None = None, settings: Settings | None = None
) -> dict[str, Any]:
    return await lookup(query, context=context, settings=settings)


@tool(
    name="web_search",
    description="""Search the web for current or niche information (news, prices, recent
    events, things Wikipedia doesn't cover). Returns result text marked as untrusted data.""",
    parameters={
        "query": {
            "type": "string",
            "description": "What to search for",
            "minLength": 1,
            "maxLength": MAX_QUERY_CHARS,
        },
    },
    required=["query"],
    requires="web_search_enabled",
)
async def web_search_tool(
    query: str, *, context: ToolContext | None = None, settings: Settings | None = None
) -> dict[str, Any]:
    from swarm.web.web_search import web_search

    return {"success": True, "content": await web_search(query, context=context, settings=settings)}


@tool(
    name="read_article",
    description="""Read one web page by URL and return its main text (marked as untrusted
    data). Use when the user gives a link or a search result needs reading in full.""",
    parameters={
        "url": {
            "type": "string",
            "description": "The http(s) URL to read",
            "minLength": 1,
            "maxLength": MAX_URL_CHARS,
        },
    },
    required=["url"],
    requires="web_search_enabled",
)
async def read_article_tool(
    url: str, *, context: ToolContext | None = None, settings: Settings | None = None
) -> dict[str, Any]:
    return await read_article(url, context=context, settings=settings)


@tool(
    name="research_topic",
    description="""Research a topic in depth from Wikipedia and the web and write a report
    with numbered citations. Slower than lookup: use it for comprehensive written reports,
    not quick facts.""",
    parameters={
        "topic": {
            "type": "string",
            "description": "The topic to research",
            "minLength": 1,
            "maxLength": MAX_QUERY_CHARS,
        },
        "depth": {
            "type": "string",
            "enum": ["quick", "deep"],
            "description": "quick: a few sources, fast; deep: more sub-queries and sources",
            "default": "deep",
        },
    },
    required=["topic"],
)
async def research_topic_tool(
    topic: str,
    depth: str = "deep",
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
) -> dict[str, Any]:
    from swarm.research import research_topic

    result = await research_topic(topic, depth, context=context, settings=settings)
    return as_tool_result(result)


@tool(
    name="wiki_query",
    description="""Answer a question from the user's own markdown wiki. Returns an answer, the
    pages consulted, a confidence, and go_external=true when the wiki can't answer well.""",
    parameters={
        "query": {
            "type": "string",
            "description": "The question to answer",
            "minLength": 1,
            "maxLength": MAX_QUERY_CHARS,
        },
        "time_sensitive": {
            "type": "boolean",
            "description": "True when the answer depends on recent information",
        },
    },
    required=["query"],
    requires="wiki_dir",
)
async def wiki_query_tool(
    query: str,
    time_sensitive: bool | None = None,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
) -> dict[str, Any]:
    from swarm.wiki_query import aquery

    result = await aquery(query, time_sensitive, settings=settings)
    return {"success": result.error is None, **result.model_dump()}

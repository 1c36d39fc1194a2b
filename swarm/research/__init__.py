"""Research: `research_topic()` plans sub-queries, gathers Wikipedia and web sources and writes
a cited report (`pipeline`); `sources` holds steps 1-4, gathering and deduplicating sources."""

from __future__ import annotations

from swarm.research.pipeline import (
    ArticleFetcher,
    Depth,
    ResearchResult,
    Source,
    WebSearch,
    WikipediaSearch,
    as_tool_result,
    normalise_url,
    research_topic,
)

__all__ = [
    "ArticleFetcher",
    "Depth",
    "ResearchResult",
    "Source",
    "WebSearch",
    "WikipediaSearch",
    "as_tool_result",
    "normalise_url",
    "research_topic",
]

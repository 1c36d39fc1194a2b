"""Research: `research_topic()` plans sub-queries, gathers Wikipedia and web sources and writes
a cited report (`pipeline`); `sources` holds steps 1-4, gathering and deduplicating sources;
`providers` the injectable outside sources (`Providers`) research and the tools use."""

from __future__ import annotations

from swarm.research.pipeline import ResearchResult, Source, as_tool_result, research_topic
from swarm.research.providers import Providers
from swarm.research.sources import Depth, WebSearch, WikipediaSearch

__all__ = [
    "Depth",
    "Providers",
    "ResearchResult",
    "Source",
    "WebSearch",
    "WikipediaSearch",
    "as_tool_result",
    "research_topic",
]

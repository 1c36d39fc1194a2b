"""Model-callable tools: the registry (`@tool`, `get_tools_for_user`, `call_tool`), each tool's
declaration (`schemas`: argument models and typed results) and the built-ins (`lookup`,
`read_article`, `web_search`, `research_topic`, `wiki_query`)."""

from __future__ import annotations

from swarm.tools.articles import read_article
from swarm.tools.context import ToolContext
from swarm.tools.lookups import NO_RESULTS_MESSAGE, lookup, lookup_result
from swarm.tools.registry import (
    ToolDefinition,
    call_tool,
    get_tool,
    get_tools_for_user,
    registered_tools,
    remove_tool,
    tool,
)
from swarm.tools.schemas import LookupResult, ReadArticleResult

__all__ = [
    "NO_RESULTS_MESSAGE",
    "LookupResult",
    "ReadArticleResult",
    "ToolContext",
    "ToolDefinition",
    "call_tool",
    "get_tool",
    "get_tools_for_user",
    "lookup",
    "lookup_result",
    "read_article",
    "registered_tools",
    "remove_tool",
    "tool",
]

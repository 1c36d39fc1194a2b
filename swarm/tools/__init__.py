"""Model-callable tools: the registry (`@tool`, `get_tools_for_user`, `call_tool`) and the
built-ins (`lookup`, `read_article`, `web_search`, `research_topic`, `wiki_query`)."""

from __future__ import annotations

from swarm.tools.builtin import NO_RESULTS_MESSAGE, lookup, read_article
from swarm.tools.registry import (
    ToolDefinition,
    call_tool,
    get_tool,
    get_tools_for_user,
    registered_tools,
    tool,
)

__all__ = [
    "NO_RESULTS_MESSAGE",
    "ToolDefinition",
    "call_tool",
    "get_tool",
    "get_tools_for_user",
    "lookup",
    "read_article",
    "registered_tools",
    "tool",
]

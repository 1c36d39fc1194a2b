"""The bot: `handle_turn()` answers one message (draft → [RESEARCH] requests → wiki first →
outside → final reply); `resolve_request()` runs one request through the same wiki-first gate."""

from __future__ import annotations

from swarm.margot_bot.context import (
    ExternalProvider,
    ExternalResult,
    RequestOutcome,
    TurnContext,
    TurnPath,
    TurnResult,
    WikiProvider,
)
from swarm.margot_bot.gate import resolve_request, unchecked_wiki_summary
from swarm.margot_bot.providers import (
    external_from_lookup,
    lookup_provider,
    research_provider,
    wiki_provider,
)
from swarm.margot_bot.requests import (
    MAX_REQUESTS_PER_TURN,
    ResearchRequest,
    parse_research_requests,
)
from swarm.margot_bot.turn import (
    HistoryItem,
    compose_plain_reply,
    handle_turn,
    handle_turn_sync,
    normalise_history,
)

__all__ = [
    "MAX_REQUESTS_PER_TURN",
    "ExternalProvider",
    "ExternalResult",
    "HistoryItem",
    "RequestOutcome",
    "ResearchRequest",
    "TurnContext",
    "TurnPath",
    "TurnResult",
    "WikiProvider",
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

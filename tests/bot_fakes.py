"""Fakes for the bot tests: a TurnContext whose wiki and outside providers record their calls,
and wiki answers at each confidence."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from swarm.margot_bot import (
    ExternalResult,
    TurnContext,
)
from swarm.models.scripted import ScriptedReasoner
from swarm.wiki_query import WikiQueryResult

# --- fakes -------------------------------------------------------------------------------------


class Calls:
    def __init__(self) -> None:
        self.wiki: list[tuple[str, bool]] = []
        self.quick: list[tuple[str, str | None]] = []
        self.deep: list[tuple[str, str | None]] = []


def make_context(
    calls: Calls,
    *,
    draft: str,
    wiki: WikiQueryResult | Exception | None = None,
    external: str | Exception = "found outside",
    wiki_delay_s: float = 0.0,
    external_delay_s: float = 0.0,
    final: Any = None,
    **extra: Any,
) -> TurnContext:
    async def fake_wiki(topic: str, time_sensitive: bool, context: TurnContext) -> WikiQueryResult:
        calls.wiki.append((topic, time_sensitive))
        await asyncio.sleep(wiki_delay_s)
        if isinstance(wiki, Exception):
            raise wiki
        return wiki or WikiQueryResult()

    def external_provider(record: list[tuple[str, str | None]]) -> Callable[..., Any]:
        async def fake(topic: str, wiki_context: str | None, context: TurnContext) -> Any:
            record.append((topic, wiki_context))
            await asyncio.sleep(external_delay_s)
            if isinstance(external, Exception):
                raise external
            return ExternalResult(summary=external, sources=["https://example.org/a"])

        return fake

    model = ScriptedReasoner(draft=draft, final=final)
    return TurnContext(
        model=model,
        wiki=fake_wiki,
        quick=external_provider(calls.quick),
        deep=external_provider(calls.deep),
        **extra,
    )


HIGH = WikiQueryResult(
    answer="CCW's first response is 15 minutes.",
    pages_consulted=["ccw.md"],
    confidence="high",
    go_external=False,
)
MEDIUM = WikiQueryResult(
    answer="Probably 15 minutes.", pages_consulted=["ccw.md"], confidence="medium"
)
LOW = WikiQueryResult(answer="Unclear from the wiki.", pages_consulted=[], confidence="low")

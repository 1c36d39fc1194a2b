"""What a bot turn works with: `TurnContext` (settings, model, wiki and the injectable
providers), the provider shapes, and the result types of a request and of a turn.

Pure types: this module imports neither the gate nor the default providers, so both can use it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from swarm.config import Settings
from swarm.models.base import Finding, Reasoner
from swarm.research import Depth
from swarm.wiki_query import WikiQueryResult

__all__ = [
    "ExternalProvider",
    "ExternalResult",
    "RequestOutcome",
    "TurnContext",
    "TurnPath",
    "TurnResult",
    "WikiProvider",
]

TurnPath = Literal["wiki", "wiki+web", "web"]

# (topic, time_sensitive, context) → the wiki's answer
WikiProvider = Callable[[str, bool, "TurnContext"], Awaitable[WikiQueryResult]]
# (topic, wiki context or None, context) → what was found outside
ExternalProvider = Callable[[str, "str | None", "TurnContext"], Awaitable["ExternalResult | str"]]


@dataclass(frozen=True, slots=True)
class ExternalResult:
    """What an outside provider found: a plain-text summary and where it came from."""

    summary: str
    sources: list[str] = field(default_factory=list)  # URLs (or names) actually used
    error: str | None = None
    # The provider's whole result (the lookup dict, the research result), for callers that
    # print it (the skill scripts); None from providers that don't keep it.
    details: dict[str, Any] | None = None
    # The sources were asked and answered, with nothing for this (not an error): the turn
    # keeps the wiki's answer as the finding.
    nothing_found: bool = False


def _no_print(_line: str) -> None:
    return None


@dataclass(slots=True)
class TurnContext:
    """Everything a turn needs; the providers are injectable (tests pass fakes).

    A provider left None is the default one from `swarm.margot_bot.providers` (the real
    wiki query, `swarm.tools.lookup`, `swarm.research.research_topic`)."""

    settings: Settings | None = None  # None: read from the environment
    model: Reasoner | None = None  # None: `get_reasoner(settings)` (offline without a key)
    wiki_dir: str | Path | None = None  # None: `BRAIN1_WIKI_DIR`
    user_print: Callable[[str], None] = _no_print  # progress lines for a watching person
    wiki: WikiProvider | None = None  # None: providers.wiki_provider
    quick: ExternalProvider | None = None  # None: providers.lookup_provider
    deep: ExternalProvider | None = None  # None: providers.research_provider
    # Time-sensitive requests start the outside call alongside the wiki query (it can't stop
    # it anyway); False runs them one after the other, as the benchmark's baseline.
    start_external_early: bool = True
    use_wiki: bool = True  # False: no wiki step at all (no wiki configured, or --no-wiki)
    fence_web_text: bool = False  # lookup text fenced as untrusted (for a model reading JSON)
    research_depth: Depth = "deep"  # how big a report research_provider plans


class TurnResult(BaseModel):
    """One turn: the reply, one finding and one path per research request, and timings."""

    reply: str
    findings: list[dict[str, Any]] = Field(default_factory=list)  # topic, depth, summary, error
    paths: list[TurnPath] = Field(default_factory=list)  # per request: wiki | wiki+web | web
    sources_used: list[str] = Field(default_factory=list)  # "wiki:<page>" and URLs
    # draft, research, reply, total; request_<n>.wiki / .external: ms after that request began
    timings_ms: dict[str, float] = Field(default_factory=dict)
    draft: str = ""
    errors: list[str] = Field(default_factory=list)  # what failed on the way (non-fatal)
    # True when the turn produced no usable reply: every research request failed with no
    # wiki answer to fall back on, the model failed with nothing researched, or the turn
    # broke. A reply that gives the wiki's answer unchecked, or says that nothing was
    # found, is not a failure. (`swarm ask` exits 1 on it.)
    failed: bool = False


@dataclass(slots=True)
class RequestOutcome:
    """One research request through the wiki-first gate: the finding, the path it took, and
    the wiki and outside results behind it (None for a step that did not run)."""

    finding: Finding
    path: TurnPath
    sources: list[str]
    timings_ms: dict[str, float]
    wiki: WikiQueryResult | None = None
    external: ExternalResult | None = None
    errors: list[str] = field(default_factory=list)
    # The request could not be answered: the outside call failed and the wiki had nothing
    # usable (a wiki answer given unchecked is not a failure).
    failed: bool = False

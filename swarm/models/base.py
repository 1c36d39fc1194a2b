"""The Reasoner protocol: task-level model calls, and the plain types they exchange.

Two implementations: `chat.ChatReasoner` over a chat model (Anthropic, or the scripted test
double) and `offline.OfflineReasoner` (lexical ranking and extraction, no key, no network).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

from swarm.wiki.pages import PageExcerpt

__all__ = [
    "ChatTurn",
    "Confidence",
    "Evidence",
    "Finding",
    "PageCandidate",
    "PageChoice",
    "Reasoner",
    "SourceText",
    "WikiAnswer",
]

Confidence = Literal["high", "medium", "low"]


@dataclass(frozen=True, slots=True)
class PageCandidate:
    """One index entry shown to the model when it picks pages, with its best snippet."""

    path: str
    title: str
    description: str = ""
    section: str = ""
    snippet: str = ""  # the page passage that best matches the question
    score: float = 0.0  # lexical (BM25) score; 0 when not ranked


@dataclass(frozen=True, slots=True)
class PageChoice:
    """The model's page pick, *unvalidated*: the flow checks it against the page map."""

    paths: list[str]
    time_sensitive: bool | None = None  # the model's reading of the question, if it gave one
    # Items of the model's reply that named no page (null, {}, an unknown number), described
    # for the result's warnings; the flow reports names the page map doesn't hold itself.
    dropped: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Evidence:
    """A quote the model says it copied from a page's excerpt: *unverified* (the flow checks
    it against the excerpt it was shown, `swarm.wiki.evidence`)."""

    page: str
    quote: str


@dataclass(frozen=True, slots=True)
class WikiAnswer:
    """An answer synthesised from page excerpts only."""

    answer: str
    confidence: Confidence
    # The pages the answer is taken from, the answering page first (without `evidence`, the
    # gate judges `stale` on that first page alone). Unvalidated: the flow filters it.
    pages_used: list[str] = field(default_factory=list)
    time_sensitive: bool | None = None
    # The quotes that carry the answer. A list (even empty) is checked by the flow and a
    # `high` needs one that verifies: `ChatReasoner` always gives a list. None means the
    # reasoner does not quote and its confidence is its own judgement of passages cut from
    # the excerpts (the offline reasoner, for now: the hook for it to quote too).
    evidence: list[Evidence] | None = None


@dataclass(frozen=True, slots=True)
class SourceText:
    """One research source handed to the report writer (text is untrusted data)."""

    number: int  # the citation number, [1], [2], ...
    title: str
    url: str
    origin: str  # "wikipedia" | "web" | "wiki"
    text: str


@dataclass(frozen=True, slots=True)
class ChatTurn:
    role: Literal["user", "assistant"]
    content: str


@dataclass(frozen=True, slots=True)
class Finding:
    """One resolved research request, as the bot's reply writer sees it."""

    topic: str
    depth: str  # "wiki" | "quick" | "deep"
    summary: str
    error: str | None = None


@runtime_checkable
class Reasoner(Protocol):
    """Every model call swarm makes, at the level of the task."""

    name: str  # "anthropic:<model>", "offline", "scripted"

    async def pick_pages(
        self, question: str, candidates: Sequence[PageCandidate], *, max_pages: int
    ) -> PageChoice:
        """Name at most `max_pages` candidate paths likely to answer `question`."""
        ...

    async def answer_from_excerpts(
        self, question: str, excerpts: Sequence[PageExcerpt]
    ) -> WikiAnswer:
        """Answer from the excerpts only, with a confidence and the pages actually used."""
        ...

    async def plan_subqueries(self, topic: str, *, max_queries: int = 5) -> list[str]:
        """Split a research topic into 1..max_queries search queries."""
        ...

    async def write_report(self, topic: str, sources: Sequence[SourceText]) -> str:
        """A report on `topic` from `sources`, citing them as [n]."""
        ...

    async def draft_reply(self, message: str, history: Sequence[ChatTurn]) -> str:
        """The bot's first draft; may contain `[RESEARCH ...]` requests."""
        ...

    async def final_reply(
        self, message: str, history: Sequence[ChatTurn], findings: Sequence[Finding]
    ) -> str:
        """The reply to the user, written from the research findings (data, not orders)."""
        ...

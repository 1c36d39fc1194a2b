"""The wiki-first skill: answer a question from the local wiki and say whether to go outside.

index.md → rank → the model picks ≤5 pages → read 1,500 chars each → the model answers with a
confidence → the go_external gate. `aquery` never raises; `query` is its sync facade.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from swarm._sync import run_sync
from swarm.config import Settings, get_settings
from swarm.errors import (
    ConfigError,
    ModelError,
    ModelTimeout,
    ModelUnreachable,
    SwarmError,
)
from swarm.hybrid_ranking import select_candidates
from swarm.models.base import Confidence, Reasoner, WikiAnswer
from swarm.page_selection import MAX_NAMES_SHOWN, cited_pages, match_choice
from swarm.wiki.evidence import check_evidence
from swarm.wiki.freshness import detect_time_sensitive
from swarm.wiki.gate import answer_pages, freshness_flags, gate, unsettled_source
from swarm.wiki.index import PageMap
from swarm.wiki.pages import PageExcerpt
from swarm.wiki.threads import in_wiki_thread
from swarm.wiki_steps import read_and_answer, shows_snippets

__all__ = [
    "MAX_QUESTION_CHARS",
    "SPEC_FIELDS",
    "EvidenceQuote",
    "WikiQueryResult",
    "aquery",
    "query",
    "question_too_long",
]

# Longer than any question a person types or a bot asks; past it, the text is a pasted
# document, and reading it as a question only costs time.
MAX_QUESTION_CHARS = 4_000

SPEC_FIELDS = ("answer", "pages_consulted", "confidence", "go_external", "stale", "error")


class EvidenceQuote(BaseModel):
    """A quote of the answer found on a page read for it (`page` is the page's path)."""

    page: str
    quote: str


class WikiQueryResult(BaseModel):
    """The spec's output schema (its six fields first), plus a few extras for callers."""

    answer: str = ""
    pages_consulted: list[str] = Field(default_factory=list)
    confidence: Confidence = "low"
    go_external: bool = True
    stale: bool = False
    error: str | None = None
    # extras, after the six
    evidence: list[EvidenceQuote] = Field(default_factory=list)  # verified quotes
    warnings: list[str] = Field(default_factory=list)  # pages skipped, pick items dropped
    time_sensitive: bool = False
    pages_read: list[str] = Field(default_factory=list)
    backend: str = ""
    elapsed_ms: float = 0.0

    def spec_dict(self) -> dict[str, Any]:
        """Exactly the spec's output schema, in its order."""
        return self.model_dump(include=set(SPEC_FIELDS))

    @property
    def usable_as_context(self) -> bool:
        """Medium or high answers are worth handing to external research as context."""
        return bool(self.answer) and self.confidence != "low"


async def aquery(
    query: str,
    time_sensitive: bool | None = None,
    *,
    wiki_dir: str | Path | None = None,
    model: Reasoner | str | None = None,
    settings: Settings | None = None,
    now: datetime | None = None,
) -> WikiQueryResult:
    """Answer `query` from the wiki. Never raises: failures give `go_external=True` + `error`.

    `time_sensitive` from the caller wins; `None` means detect it. `model` is a Reasoner or a
    backend name (`"anthropic"`, `"offline"`); by default Anthropic when a key is set.
    """
    started = time.perf_counter()
    backend_name = ""
    try:
        # Off the loop: building settings stats the .env and config file (cached, but I/O).
        if settings is None:
            settings = await in_wiki_thread(get_settings)
        reasoner = _reasoner(model, settings)
        backend_name = reasoner.name
        try:
            result = await _answer(query, time_sensitive, wiki_dir, reasoner, settings, now)
        except ModelUnreachable as exc:
            fallback = _offline_fallback(reasoner, settings)
            if fallback is None:  # chosen explicitly: fail honestly
                raise
            result = await _answer(query, time_sensitive, wiki_dir, fallback, settings, now)
            backend_name = fallback.name
            note = f"{exc}; answered with the offline backend instead (SWARM_MODEL=auto)"
            result.warnings.insert(0, note[:300])
            print(f"swarm: {note}", file=sys.stderr, flush=True)
    except Exception as exc:  # the public boundary: every failure becomes an honest result
        if time_sensitive is None:
            time_sensitive = detect_time_sensitive(query if isinstance(query, str) else "")
        result = WikiQueryResult(error=_describe(exc), time_sensitive=bool(time_sensitive))
    result.backend = backend_name
    result.elapsed_ms = round((time.perf_counter() - started) * 1000, 2)
    return result


def query(
    query: str,
    time_sensitive: bool | None = None,
    *,
    wiki_dir: str | Path | None = None,
    model: Reasoner | str | None = None,
    settings: Settings | None = None,
    now: datetime | None = None,
) -> WikiQueryResult:
    """Sync facade over `aquery`; safe to call from inside a running event loop too."""
    coro = aquery(query, time_sensitive, wiki_dir=wiki_dir, model=model, settings=settings, now=now)
    return run_sync(coro)


def _offline_fallback(reasoner: Reasoner, settings: Settings) -> Reasoner | None:
    from swarm.models import offline_fallback

    return offline_fallback(reasoner, settings)


def _reasoner(model: Reasoner | str | None, settings: Settings) -> Reasoner:
    if model is not None and not isinstance(model, str):
        return model
    from swarm.models import get_reasoner

    return get_reasoner(settings, backend=model)


def question_too_long(question: str) -> str:
    """The error for a question over `MAX_QUESTION_CHARS`."""
    return (
        f"question too long: {len(question):,} characters, at most {MAX_QUESTION_CHARS:,}; "
        "ask it shorter"
    )


async def _answer(
    question: str,
    time_sensitive: bool | None,
    wiki_dir: str | Path | None,
    reasoner: Reasoner,
    settings: Settings,
    now: datetime | None,
) -> WikiQueryResult:
    question = question.strip()
    if not question:
        raise ConfigError("empty question")
    if len(question) > MAX_QUESTION_CHARS:
        raise ConfigError(question_too_long(question))
    # Disk work (the wiki folder, index parse, ranker build, page reads) off the loop: parallel
    # callers go on. BM25's candidates, or fused with the vectors' (hybrid ranking).
    snippets = shows_snippets(reasoner)  # only a model reads them
    selection = await select_candidates(question, wiki_dir, settings, snippets=snippets)
    root, page_map, candidates = selection.root, selection.page_map, selection.candidates
    choice = await reasoner.pick_pages(question, candidates, max_pages=settings.max_pages)
    warnings = [*selection.warnings]
    warnings += [f"dropped from the model's page pick: {item}" for item in choice.dropped]
    chosen, unmatched = match_choice(choice.paths, page_map, max_pages=settings.max_pages)
    warnings += [f"dropped from the page pick: {note}" for note in unmatched]

    flags = [choice.time_sensitive]
    readable, skipped, answer = await read_and_answer(
        reasoner, question, root, chosen, page_map, settings, candidates
    )
    warnings += [f"skipped {excerpt.path}: {excerpt.error}" for excerpt in skipped]

    answer_text = ""
    used: list[str] = []
    sources: list[str] = []  # the pages whose passages carry the answer
    evidence: list[EvidenceQuote] = []
    confidence: Confidence = "low"
    if answer is not None:  # some excerpt was read
        flags.append(answer.time_sensitive)
        answer_text = answer.answer.strip()
        confidence = answer.confidence if answer_text else "low"
        evidence, confidence, notes = _checked_evidence(
            question, answer, answer_text, confidence, readable, page_map
        )
        warnings += notes
        used, unread = cited_pages(answer.pages_used, readable, page_map)
        # Pages holding a verified quote come first; the other cited pages that were read
        # stay (the answer says it drew on them, and their freshness still counts).
        used = list(dict.fromkeys([quote.page for quote in evidence] + used))
        # A low answer naming no page is the reasoner saying "the wiki doesn't say": it
        # consulted nothing. Any other answer without names came from what was read.
        if answer_text and not used and confidence != "low":
            used = [excerpt.path for excerpt in readable]
        quoted = [quote.page for quote in evidence]
        sources = answer_pages(used, quoted=quoted, quotes=answer.evidence is not None)
        # `high` only on pages that were read: an answer citing a page it was not shown
        # (deleted, skipped, made up) is at most medium, whatever backend wrote it.
        if unread and answer_text:
            if confidence == "high":
                confidence = "medium"
            shown = ", ".join(unread[:MAX_NAMES_SHOWN])
            warnings.append(
                f"the answer cites {shown}, not read for this answer: confidence at most medium"
            )
        # A draft's or a template's facts may change before the page is done: not facts.
        if confidence == "high" and (unsettled := unsettled_source(question, sources, readable)):
            confidence = "medium"
            warnings.append(f"the answer's page {unsettled} is not settled: at most medium")

    time_sensitive, stale = freshness_flags(
        question,
        time_sensitive,
        flags=flags,
        sources=sources,
        readable=readable,
        page_map=page_map,
        settings=settings,
        now=now or datetime.now(UTC),
        # A low answer is a guess: an amount it quotes from a pricing page is not its answer.
        answer=answer_text if confidence != "low" else "",
    )
    error = None
    if skipped and not readable:
        error = "; ".join(f"{excerpt.path}: {excerpt.error}" for excerpt in skipped)[:300]
    return WikiQueryResult(
        answer=answer_text,
        pages_consulted=used,
        confidence=confidence,
        go_external=gate(confidence=confidence, stale=stale, time_sensitive=time_sensitive),
        stale=stale,
        error=error,
        evidence=evidence,
        warnings=_bounded(warnings),
        time_sensitive=time_sensitive,
        pages_read=[excerpt.path for excerpt in readable],
    )


def _checked_evidence(
    question: str,
    answer: WikiAnswer,
    answer_text: str,
    confidence: Confidence,
    readable: Sequence[PageExcerpt],
    page_map: PageMap,
) -> tuple[list[EvidenceQuote], Confidence, list[str]]:
    """(verified quotes, the confidence they allow, warnings) for a quoting reasoner's answer.

    Every answer with a quote list goes through here, whatever backend wrote it, checked
    against the excerpts it was shown (`swarm.wiki.evidence.check_evidence`). A reasoner
    that does not quote (`evidence is None`: the offline one) keeps its own judgement."""
    if answer.evidence is None or not answer_text:
        return [], confidence, []
    verdict = check_evidence(
        question=question,
        answer=answer_text,
        confidence=confidence,
        quotes=[(item.page, item.quote) for item in answer.evidence],
        excerpts={excerpt.path: excerpt.text for excerpt in readable},
        page_map=page_map,
    )
    verified = [EvidenceQuote(page=quote.page, quote=quote.quote) for quote in verdict.verified]
    return verified, verdict.confidence, verdict.warnings


_MAX_WARNINGS = 20


def _bounded(warnings: list[str]) -> list[str]:
    """At most `_MAX_WARNINGS` warnings (a model may pick hundreds of bad names)."""
    unique = list(dict.fromkeys(warnings))
    if len(unique) <= _MAX_WARNINGS:
        return unique
    kept = unique[: _MAX_WARNINGS - 1]
    return [*kept, f"... and {len(unique) - len(kept)} more warnings"]


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ModelTimeout):
        return f"model timed out: {exc}"[:300]
    if isinstance(exc, ModelError):
        return f"model error: {exc}"[:300]
    if isinstance(exc, SwarmError):
        return str(exc)[:300]
    if isinstance(exc, TimeoutError):
        return "timed out"
    return f"unexpected error ({type(exc).__name__}): {exc}"[:300]

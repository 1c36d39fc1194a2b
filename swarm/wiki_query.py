"""The wiki-first skill: answer a question from the local wiki and say whether to go outside.

index.md → rank → the model picks ≤5 pages → read 1,500 chars each → the model answers with a
confidence → the go_external gate. `aquery` never raises; `query` is its sync facade.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from swarm._sync import run_sync
from swarm.config import Settings, get_settings, resolve_wiki_dir
from swarm.errors import ConfigError, ModelError, ModelTimeout, SwarmError, WikiError
from swarm.models.base import Confidence, PageCandidate, Reasoner
from swarm.wiki.freshness import detect_time_sensitive, page_is_stale, page_is_time_sensitive
from swarm.wiki.index import PageMap, load_page_map
from swarm.wiki.pages import PageExcerpt, read_page

__all__ = [
    "SPEC_FIELDS",
    "WikiQueryResult",
    "aquery",
    "build_candidates",
    "fit_candidates",
    "query",
]

SPEC_FIELDS = ("answer", "pages_consulted", "confidence", "go_external", "stale", "error")


class WikiQueryResult(BaseModel):
    """The spec's output schema (its six fields first), plus a few extras for callers."""

    answer: str = ""
    pages_consulted: list[str] = Field(default_factory=list)
    confidence: Confidence = "low"
    go_external: bool = True
    stale: bool = False
    error: str | None = None
    # extras, after the six
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


def gate(*, confidence: Confidence, stale: bool, time_sensitive: bool) -> bool:
    """go_external: anything but a fresh, high-confidence, not time-sensitive answer."""
    return confidence != "high" or stale or time_sensitive


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
        settings = settings or get_settings()
        reasoner = _reasoner(model, settings)
        backend_name = reasoner.name
        result = await _answer(query, time_sensitive, wiki_dir, reasoner, settings, now)
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


def _reasoner(model: Reasoner | str | None, settings: Settings) -> Reasoner:
    if model is not None and not isinstance(model, str):
        return model
    from swarm.models import get_reasoner

    return get_reasoner(settings, backend=model)


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
    root = resolve_wiki_dir(wiki_dir, settings)
    # Disk work (index parse, a first ranker build, page reads) runs off the event loop so
    # concurrent callers (the bot's parallel research requests) are not stalled by it.
    page_map, candidates = await asyncio.to_thread(_load_candidates, question, root, settings)
    choice = await reasoner.pick_pages(question, candidates, max_pages=settings.max_pages)
    chosen = validate_choice(choice.paths, page_map, max_pages=settings.max_pages)

    flags = [choice.time_sensitive]
    excerpts = await asyncio.to_thread(_read_excerpts, root, chosen, page_map, settings)
    readable = [excerpt for excerpt in excerpts if excerpt.error is None]
    unreadable = [excerpt for excerpt in excerpts if excerpt.error is not None]

    answer_text = ""
    used: list[str] = []
    confidence: Confidence = "low"
    if readable:
        answer = await reasoner.answer_from_excerpts(question, readable)
        flags.append(answer.time_sensitive)
        answer_text = answer.answer.strip()
        confidence = answer.confidence if answer_text else "low"
        read_paths = [excerpt.path for excerpt in readable]
        used = [path for path in dict.fromkeys(answer.pages_used) if path in read_paths]
        # A low answer naming no page is the reasoner saying "the wiki doesn't say": it
        # consulted nothing. Any other answer without names came from what was read.
        if answer_text and not used and confidence != "low":
            used = read_paths

    forced_not_time_sensitive = time_sensitive is False
    if time_sensitive is None:
        model_flags = [flag for flag in flags if flag is not None]
        time_sensitive = any(model_flags) if model_flags else detect_time_sensitive(question)

    by_path = {excerpt.path: excerpt for excerpt in readable}
    # Pages holding fast-moving facts (pricing, market, competitors, regulatory, news) get the
    # short window whatever the question's wording, and make the answer time-sensitive so the
    # gate sends it outside, unless the caller said the topic is not time-sensitive.
    sensitive_pages = {
        path
        for path in used
        if page_is_time_sensitive(by_path[path].metadata, page_map.by_path.get(path))
    }
    if sensitive_pages and not forced_not_time_sensitive:
        time_sensitive = True
    now = now or datetime.now(UTC)
    stale = any(
        page_is_stale(
            by_path[path].metadata,
            now=now,
            stale_after_days=settings.stale_after_days,
            time_sensitive=time_sensitive or path in sensitive_pages,
            time_sensitive_stale_after_days=settings.time_sensitive_stale_after_days,
        )
        for path in used
    )
    error = None
    if unreadable and not readable:
        error = "; ".join(f"{excerpt.path}: {excerpt.error}" for excerpt in unreadable)[:300]
    return WikiQueryResult(
        answer=answer_text,
        pages_consulted=used,
        confidence=confidence,
        go_external=gate(confidence=confidence, stale=stale, time_sensitive=time_sensitive),
        stale=stale,
        error=error,
        time_sensitive=time_sensitive,
        pages_read=[excerpt.path for excerpt in readable],
    )


def _load_candidates(
    question: str, root: Path, settings: Settings
) -> tuple[PageMap, list[PageCandidate]]:
    page_map = load_page_map(
        root, max_bytes=settings.max_index_bytes, cache_dir=settings.effective_cache_dir()
    )
    if not page_map.entries:
        raise WikiError(f"index.md in {root} lists no pages")
    return page_map, build_candidates(question, page_map, settings)


def _read_excerpts(
    root: Path, chosen: Sequence[str], page_map: PageMap, settings: Settings
) -> list[PageExcerpt]:
    return [
        read_page(
            root,
            path,
            title=page_map.by_path[path].title,
            max_chars=settings.page_excerpt_chars,
            max_bytes=settings.max_page_bytes,
        )
        for path in chosen
    ]


def build_candidates(question: str, page_map: PageMap, settings: Settings) -> list[PageCandidate]:
    """The entries shown to the model, each with its best-matching page snippet.

    A small map is shown whole (best matches first); a large one only as its top BM25
    candidates. Either way the rendered lines, snippets included, are cut to
    `selection_max_chars` minus room for the instructions (see `fit_candidates`), so the
    selection prompt stays bounded at 50 pages or 100,000.
    """
    from swarm.wiki.ranking import get_ranker

    ranker = get_ranker(page_map, settings=settings)
    large = (
        len(page_map) > settings.selection_max_entries
        or page_map.text_chars > settings.selection_max_chars
    )
    limit = settings.selection_candidates if large else len(page_map)
    ranked = ranker.rank(question, k=limit)
    candidates = [
        _candidate(page_map, hit.path, snippet=hit.snippet, score=hit.score)
        for hit in ranked
        if hit.path in page_map
    ]
    if not large:
        seen = {candidate.path for candidate in candidates}
        candidates += [
            _candidate(page_map, entry.path) for entry in page_map.entries if entry.path not in seen
        ]
    budget_chars = max(0, settings.selection_max_chars - _PROMPT_RESERVE_CHARS - len(question))
    return fit_candidates(candidates, budget_chars=budget_chars)


# Room left in the selection budget for the pick instructions (~1,100 chars) and framing.
_PROMPT_RESERVE_CHARS = 2_000


def fit_candidates(
    candidates: Sequence[PageCandidate], *, budget_chars: int
) -> list[PageCandidate]:
    """Candidates in order while their rendered lines fit `budget_chars`.

    A candidate whose snippet would overflow the budget is shown without it; one that
    doesn't fit even then ends the list (later ones rank lower). The best match is always
    kept, so a tiny budget still leaves the model something to pick.
    """
    from swarm.models.prompts import candidate_line

    kept: list[PageCandidate] = []
    used_chars = 0
    for candidate in candidates:
        number = len(kept) + 1
        cost = len(candidate_line(number, candidate)) + 1
        if used_chars + cost > budget_chars and candidate.snippet:
            candidate = dataclasses.replace(candidate, snippet="")
            cost = len(candidate_line(number, candidate)) + 1
        if used_chars + cost > budget_chars and kept:
            break
        kept.append(candidate)
        used_chars += cost
    return kept


def _candidate(
    page_map: PageMap, path: str, *, snippet: str = "", score: float = 0.0
) -> PageCandidate:
    entry = page_map.by_path[path]
    return PageCandidate(
        path=entry.path,
        title=entry.title,
        description=entry.description,
        section=entry.section,
        snippet=snippet,
        score=score,
    )


def validate_choice(paths: Sequence[object], page_map: PageMap, *, max_pages: int) -> list[str]:
    """Keep only names that are in the page map: no duplicates, at most `max_pages`.

    Model output is untrusted: anything else (unknown names, `../../etc/passwd`, absolute
    paths, non-strings) is dropped here and never opened.
    """
    chosen: list[str] = []
    for raw in paths:
        if not isinstance(raw, str):
            continue
        name = raw.strip()
        for candidate in (name, f"{name}.md"):
            if candidate in page_map and candidate not in chosen:
                chosen.append(candidate)
                break
        if len(chosen) >= max_pages:
            break
    return chosen


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

"""Which pages the model is shown and may pick: the candidates for the selection prompt
(BM25-ranked, with a snippet each, bounded in size), the pick checked name by name against
the page map, and the excerpt budget a small context window leaves.
"""

from __future__ import annotations

import dataclasses
import heapq
from collections.abc import Sequence

from swarm.config import Settings
from swarm.models.base import PageCandidate
from swarm.wiki.index import PageMap
from swarm.wiki.pages import PageExcerpt

__all__ = [
    "MAX_NAMES_SHOWN",
    "build_candidates",
    "cited_pages",
    "fit_candidates",
    "fit_excerpt_settings",
    "match_choice",
    "shown_name",
    "validate_choice",
]


def build_candidates(
    question: str,
    page_map: PageMap,
    settings: Settings,
    vector_ranked: Sequence[str] = (),
    *,
    snippets: bool = True,
) -> list[PageCandidate]:
    """The entries shown to the model, each with its best-matching page snippet (none with
    `snippets=False`, for a reasoner that reads only the scores: no page is read for them).

    A small map is shown whole (best matches first); a large one only as its top BM25
    candidates. Either way the rendered lines, snippets included, are cut to
    `selection_max_chars` minus room for the instructions (see `fit_candidates`), so the
    selection prompt stays bounded at 50 pages or 100,000.

    `vector_ranked` (hybrid ranking, `swarm.hybrid_ranking`): the pages nearest the query's
    embedding, best first; when given, the BM25 ranking and it are fused by reciprocal rank
    (`score` is then the fused score; a page only the vectors found has no snippet).
    """
    from swarm.wiki.ranking import get_ranker

    ranker = get_ranker(page_map, settings=settings)
    large = (
        len(page_map) > settings.selection_max_entries
        or page_map.text_chars > settings.selection_max_chars
    )
    limit = settings.selection_candidates if large else len(page_map)
    ranked = ranker.rank(question, k=limit, snippets=snippets)
    candidates = [
        _candidate(page_map, hit.path, snippet=hit.snippet, score=hit.score)
        for hit in ranked
        if hit.path in page_map
    ]
    if vector_ranked:
        candidates = _fused(candidates, vector_ranked, page_map)[:limit]
    if not large:
        seen = {candidate.path for candidate in candidates}
        candidates += [
            _candidate(page_map, entry.path) for entry in page_map.entries if entry.path not in seen
        ]
    budget_chars = max(0, settings.selection_max_chars - _PROMPT_RESERVE_CHARS - len(question))
    if settings.context_tokens is not None:  # a small window: fewer lines, shorter snippets
        from swarm.models import prompts

        window = prompts.prompt_chars(settings.context_tokens, max_tokens=_max_tokens(settings))
        budget_chars = min(
            budget_chars,
            prompts.candidate_budget_chars(
                question, max_pages=settings.max_pages, prompt_chars=window
            ),
        )
        snippet_chars = max(60, settings.context_tokens // 32)
        candidates = [_short_snippet(candidate, snippet_chars) for candidate in candidates]
    return fit_candidates(candidates, budget_chars=budget_chars)


def _fused(
    bm25: list[PageCandidate], vector_ranked: Sequence[str], page_map: PageMap
) -> list[PageCandidate]:
    from swarm.wiki.embeddings import fuse_candidates

    by_path = {candidate.path: candidate for candidate in bm25}
    fused = fuse_candidates(list(by_path), [path for path in vector_ranked if path in page_map])
    return [
        dataclasses.replace(by_path[path], score=score)
        if path in by_path
        else _candidate(page_map, path, score=score)
        for path, score in fused
    ]


def _max_tokens(settings: Settings) -> int:
    return settings.anthropic_max_tokens  # the reply limit every chat backend starts from


def _short_snippet(candidate: PageCandidate, max_chars: int) -> PageCandidate:
    if len(candidate.snippet) <= max_chars:
        return candidate
    return dataclasses.replace(candidate, snippet=candidate.snippet[: max_chars - 1] + "…")


def fit_excerpt_settings(question: str, page_map: PageMap, settings: Settings) -> Settings:
    """`settings` with `page_excerpt_chars` cut so `max_pages` excerpts fit a small window
    (counting the longest page headers that could be read), unchanged without one."""
    if settings.context_tokens is None:
        return settings
    from swarm.models import prompts

    window = prompts.prompt_chars(settings.context_tokens, max_tokens=_max_tokens(settings))
    # Any page of the map may be picked (or read as a fallback): count the longest headers.
    headers = heapq.nlargest(
        settings.max_pages,
        ((entry.path, entry.title) for entry in page_map.entries),
        key=lambda header: len(header[0]) + len(header[1]),
    )
    fitted = prompts.excerpt_budget_chars(question, headers, prompt_chars=window)
    if fitted >= settings.page_excerpt_chars:
        return settings
    return settings.model_copy(update={"page_excerpt_chars": fitted})


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
    """The page-map entries `paths` name (see `match_choice`), without the drop notes."""
    return match_choice(paths, page_map, max_pages=max_pages)[0]


def match_choice(
    paths: Sequence[object], page_map: PageMap, *, max_pages: int
) -> tuple[list[str], list[str]]:
    """(chosen, dropped): the page-map entries `paths` name, no duplicates, at most
    `max_pages`; and a note for each item that named none (with why).

    Model output is untrusted: each item is matched on its own by `PageMap.match` (exact,
    then case-insensitive, in the forms models write: `[[ccw]]`, `CCW.md`, `ccw.md#sla`,
    `Team%20Notes.md`, without `.md`), and only ever to an entry of the map. Anything else
    (unknown names, `../../etc/passwd`, non-strings, case-ambiguous names) is dropped here
    and never opened.
    """
    chosen: list[str] = []
    dropped: list[str] = []
    for raw in paths:
        if len(chosen) >= max_pages:
            break
        found = page_map.match(raw)
        if found.path is None:
            dropped.append(f"{shown_name(raw)} ({found.reason})")
        elif found.path not in chosen:
            chosen.append(found.path)
    return chosen, dropped


MAX_NAMES_SHOWN = 5

_MAX_SHOWN_CHARS = 80


def shown_name(name: object) -> str:
    """A name from untrusted output, short and on one line, for a warning."""
    text = name if isinstance(name, str) else repr(name)
    text = "".join(char if char.isprintable() else "?" for char in text.strip())
    return repr(text if len(text) <= _MAX_SHOWN_CHARS else text[: _MAX_SHOWN_CHARS - 1] + "…")


def cited_pages(
    cited: Sequence[object], readable: Sequence[PageExcerpt], page_map: PageMap
) -> tuple[list[str], list[str]]:
    """(used, unread): the answer's cited pages that were read (as read paths), and the
    cited names that were not, in order, no duplicates. Names are matched to the page map
    in their common forms (`CCW.md`, `[[ccw]]`); a name the map doesn't hold is unread."""
    read_paths = {excerpt.path for excerpt in readable}
    used: list[str] = []
    unread: list[str] = []
    for name in cited:
        if isinstance(name, str) and name in read_paths:
            path: str | None = name
        else:
            path = page_map.match(name).path
        if path is not None and path in read_paths:
            if path not in used:
                used.append(path)
        else:
            shown = shown_name(path or name)
            if shown not in unread:
                unread.append(shown)
    return used, unread

"""Research steps 1-4, gathering sources: plan sub-queries, search the web and Wikipedia,
merge and deduplicate the hits, fetch the web articles; all under one deadline.

`pipeline.research_topic` runs these, then writes the report from `ResearchRun.candidates`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from swarm.config import Settings
from swarm.errors import FetchError, describe_error
from swarm.models.base import Reasoner
from swarm.untrusted import SNIPPET_MAX_CHARS
from swarm.web.types import ArticleFetcher, SearchHit
from swarm.web.urls import normalise_url

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

__all__ = [
    "PLANS",
    "STEP_NAMES",
    "Candidate",
    "Depth",
    "DepthPlan",
    "Origin",
    "ResearchRun",
    "WebSearch",
    "WikipediaSearch",
    "failure_reason",
    "gather_sources",
    "plan_for",
]

Origin = Literal["wikipedia", "web", "wiki"]
# How far research goes: "quick" (a fact or figure) or "deep" (a cited report).
Depth = Literal["quick", "deep"]

# Provider seams, so callers and tests swap the network for fakes.
WebSearch = Callable[[str, int], Awaitable[Sequence[SearchHit]]]
WikipediaSearch = Callable[[str, int], Awaitable[Sequence[dict[str, str]]]]


@dataclass(frozen=True, slots=True)
class DepthPlan:
    """How far one depth ("quick" or "deep") goes: queries, hits, fetches, text per source."""

    max_queries: int
    web_hits_per_query: int
    max_web_sources: int
    max_fetches: int
    max_source_chars: int


PLANS: dict[str, DepthPlan] = {
    "quick": DepthPlan(
        max_queries=2, web_hits_per_query=3, max_web_sources=4, max_fetches=2, max_source_chars=2500
    ),
    "deep": DepthPlan(
        max_queries=5, web_hits_per_query=5, max_web_sources=8, max_fetches=8, max_source_chars=5000
    ),
}
STEP_NAMES = {1: "plan", 2: "search", 3: "dedup", 4: "fetch", 5: "report"}


def plan_for(depth: str, settings: Settings) -> DepthPlan:
    """The depth's plan with its source cap taken from `settings.research_max_sources`: deep
    uses the setting as its web-source cap (and fetches at most that many); quick keeps its
    own smaller cap unless the setting is smaller still."""
    plan = PLANS[depth]
    cap = max(1, settings.research_max_sources)
    max_web_sources = cap if depth == "deep" else min(plan.max_web_sources, cap)
    return replace(
        plan,
        max_web_sources=max_web_sources,
        max_fetches=min(plan.max_fetches, max_web_sources),
    )


_MAX_QUERY_CHARS = 200


# --- the run's state -----------------------------------------------------------------------


@dataclass(slots=True)
class Candidate:
    """A source found by the search steps; `text` is what the report may quote."""

    title: str
    url: str
    origin: Origin
    snippet: str = ""
    text: str = ""  # Wikipedia extract, fetched article, or (fallback) the snippet
    fetched: bool = False


@dataclass(slots=True)
class ResearchRun:
    """One research run's state: the current step, what each step found, what failed."""

    topic: str
    plan: DepthPlan
    progress: Callable[[str], None]
    step: int = 1
    queries: list[str] = field(default_factory=list)
    web_hits: dict[int, list[SearchHit]] = field(default_factory=dict)
    wiki_hits: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    candidates: list[Candidate] | None = None
    errors: list[str] = field(default_factory=list)
    # Searches (web or Wikipedia, per sub-query) that answered, even with nothing: none at
    # all means every source failed, which is not "nothing found".
    searches_answered: int = 0

    def note(self, message: str) -> None:
        self.errors.append(f"{STEP_NAMES.get(self.step, 'step')}: {message}")


# --- steps ---------------------------------------------------------------------------------


def _clean_queries(raw: object, topic: str, max_queries: int) -> list[str]:
    queries: list[str] = []
    seen: set[str] = set()
    for item in raw if isinstance(raw, list | tuple) else []:
        if not isinstance(item, str):
            continue
        query = " ".join(item.split())[:_MAX_QUERY_CHARS]
        if query and query.casefold() not in seen:
            seen.add(query.casefold())
            queries.append(query)
    return queries[:max_queries] or [" ".join(topic.split())[:_MAX_QUERY_CHARS]]


async def _plan(run: ResearchRun, model: Reasoner) -> None:
    run.progress(f"planning sub-queries for {run.topic!r}")
    try:
        raw: object = await model.plan_subqueries(run.topic, max_queries=run.plan.max_queries)
    except Exception as error:
        run.note(f"planning failed ({describe_error(error)}); searching the topic as one query")
        raw = []
    run.queries = _clean_queries(raw, run.topic, run.plan.max_queries)


def _valid_wiki_hits(raw: object) -> list[dict[str, str]]:
    hits: list[dict[str, str]] = []
    for item in raw if isinstance(raw, list | tuple) else []:
        if not isinstance(item, dict):
            continue
        fields = [item.get(key) for key in ("title", "extract", "url")]
        texts = [value.strip() for value in fields if isinstance(value, str) and value.strip()]
        if len(texts) == 3:
            hits.append({"title": texts[0], "extract": texts[1], "url": texts[2]})
    return hits


def _valid_web_hits(raw: object) -> list[SearchHit]:
    hits: list[SearchHit] = []
    for item in raw if isinstance(raw, list | tuple) else []:
        if isinstance(item, SearchHit) and item.url.startswith(("http://", "https://")):
            hits.append(item)
    return hits


async def _search_one(
    run: ResearchRun,
    index: int,
    query: str,
    web_search: WebSearch | None,
    wikipedia_search: WikipediaSearch | None,
) -> None:
    async def web() -> None:
        if web_search is None:
            return
        try:
            hits = await web_search(query, run.plan.web_hits_per_query)
            run.web_hits[index] = _valid_web_hits(hits)
            run.searches_answered += 1
        except Exception as error:
            run.note(f"web search for {query!r} failed: {failure_reason(error)}")

    async def wikipedia() -> None:
        if wikipedia_search is None:
            return
        try:
            run.wiki_hits[index] = _valid_wiki_hits(await wikipedia_search(query, 1))
            run.searches_answered += 1
        except Exception as error:  # Wikipedia is additive: note it, change nothing else
            run.note(f"Wikipedia search for {query!r} failed: {failure_reason(error)}")

    await asyncio.gather(web(), wikipedia())


async def _search(
    run: ResearchRun, web_search: WebSearch | None, wikipedia_search: WikipediaSearch | None
) -> None:
    run.progress(f"searching {len(run.queries)} sub-quer{'y' if len(run.queries) == 1 else 'ies'}")
    await asyncio.gather(
        *(
            _search_one(run, index, query, web_search, wikipedia_search)
            for index, query in enumerate(run.queries)
        )
    )


def _merge(run: ResearchRun) -> list[Candidate]:
    """Web hits first (deduplicated, capped), then Wikipedia articles: one that the web search
    also found replaces that hit in place (its extract is better text), the others are added
    after the web sources, so Wikipedia never pushes a web source out or renumbers it."""
    candidates: list[Candidate] = []
    by_key: dict[str, Candidate] = {}
    for index in range(len(run.queries)):
        for hit in run.web_hits.get(index, []):
            key = normalise_url(hit.url)
            if key in by_key or len(candidates) >= run.plan.max_web_sources:
                continue
            candidate = Candidate(
                title=" ".join(hit.title.split()) or hit.url,
                url=hit.url,
                origin="web",
                snippet=" ".join(hit.snippet.split())[:SNIPPET_MAX_CHARS],
            )
            by_key[key] = candidate
            candidates.append(candidate)
    for index in range(len(run.queries)):
        for article in run.wiki_hits.get(index, []):
            key = normalise_url(article["url"])
            existing = by_key.get(key)
            if existing is not None and existing.origin == "wikipedia":
                continue
            if existing is not None:
                existing.origin = "wikipedia"
                existing.title = article["title"]
                existing.url = article["url"]
                existing.snippet = article["extract"][:SNIPPET_MAX_CHARS]
                existing.text = article["extract"]
                continue
            candidate = Candidate(
                title=article["title"],
                url=article["url"],
                origin="wikipedia",
                snippet=article["extract"][:SNIPPET_MAX_CHARS],
                text=article["extract"],
            )
            by_key[key] = candidate
            candidates.append(candidate)
    return candidates


async def _fetch(
    run: ResearchRun, fetcher: ArticleFetcher, settings: Settings, client: AsyncClient | None
) -> None:
    assert run.candidates is not None
    to_fetch = [c for c in run.candidates if c.origin == "web"][: run.plan.max_fetches]
    if not to_fetch:
        return
    run.progress(f"reading {len(to_fetch)} web source{'s' if len(to_fetch) != 1 else ''}")
    semaphore = asyncio.Semaphore(max(1, settings.research_fetch_concurrency))
    timeout_s = settings.fetch_timeout_s

    async def fetch_one(candidate: Candidate) -> None:
        async with semaphore:
            try:
                async with asyncio.timeout(timeout_s):
                    article = await fetcher(candidate.url, client=client, settings=settings)
            except TimeoutError:
                run.note(f"{candidate.url}: no answer within {timeout_s:g}s")
                return
            except Exception as error:
                run.note(f"{candidate.url}: {failure_reason(error)}")
                return
        if article is None or not article.text.strip():
            run.note(f"{candidate.url}: no readable article text")
            return
        candidate.text = article.text.strip()
        candidate.fetched = True
        if article.title.strip() and candidate.title == candidate.url:
            candidate.title = " ".join(article.title.split())

    await asyncio.gather(*(fetch_one(candidate) for candidate in to_fetch))


async def gather_sources(
    run: ResearchRun,
    model: Reasoner,
    search: WebSearch | None,
    wikipedia_search: WikipediaSearch | None,
    fetcher: ArticleFetcher,
    settings: Settings,
    deadline: float,
    client: AsyncClient | None = None,
) -> None:
    """Steps 1–4 under the deadline (`search` None: web search is off; `client` is handed to
    `fetcher`); on expiry the run keeps whatever arrived."""
    try:
        async with asyncio.timeout_at(_loop_time_of(deadline)):
            run.step = 1
            await _plan(run, model)
            run.step = 2
            await _search(run, search, wikipedia_search)
            run.step = 3
            run.candidates = _merge(run)
            wiki_count = sum(c.origin == "wikipedia" for c in run.candidates)
            run.progress(f"found {len(run.candidates)} sources ({wiki_count} from Wikipedia)")
            run.step = 4
            await _fetch(run, fetcher, settings, client)
    except TimeoutError:
        run.errors.append(
            f"budget exhausted at step {run.step} ({STEP_NAMES[run.step]}); "
            "the report uses the sources found so far"
        )
        run.progress("time budget reached; using what arrived")
        if not run.queries:
            run.queries = [run.topic]
        if run.candidates is None:
            run.candidates = _merge(run)


def failure_reason(error: BaseException) -> str:
    """Why a source could not be asked: a FetchError's short `reason` ("could not resolve
    host lite.duckduckgo.com"), else `Type: message`."""
    if isinstance(error, FetchError):
        return error.reason
    return describe_error(error)


def _loop_time_of(monotonic_deadline: float) -> float:
    """asyncio deadlines use the loop clock; convert from a `time.monotonic()` value."""
    loop = asyncio.get_running_loop()
    return loop.time() + (monotonic_deadline - time.monotonic())

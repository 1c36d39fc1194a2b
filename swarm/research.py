"""The research pipeline: plan sub-queries, gather Wikipedia and web sources, dedup, report.

`research_topic` runs under one wall-clock budget, records what failed per step, and always
returns a `ResearchResult`: on expiry it writes the report from the sources it already has.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from pydantic import BaseModel, Field

from swarm.config import Settings, get_settings
from swarm.models.base import Reasoner, SourceText
from swarm.web.types import SearchHit

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

    from swarm.web.web_search import ToolContext

__all__ = [
    "ArticleFetcher",
    "Depth",
    "ResearchResult",
    "Source",
    "WebSearch",
    "WikipediaSearch",
    "normalize_url",
    "research_topic",
]

logger = logging.getLogger(__name__)

Depth = Literal["quick", "deep"]
Origin = Literal["wikipedia", "web", "wiki"]

# Provider seams, so callers and tests swap the network for fakes.
WebSearch = Callable[[str, int], Awaitable[Sequence[SearchHit]]]
WikipediaSearch = Callable[[str, int], Awaitable[Sequence[dict[str, str]]]]
# url → (title, text), or None when nothing readable came back.
ArticleFetcher = Callable[[str], Awaitable["tuple[str, str] | None"]]


@dataclass(frozen=True, slots=True)
class _DepthPlan:
    max_queries: int
    web_hits_per_query: int
    max_web_sources: int
    max_fetches: int
    max_source_chars: int


_PLANS: dict[str, _DepthPlan] = {
    "quick": _DepthPlan(
        max_queries=2, web_hits_per_query=3, max_web_sources=4, max_fetches=2, max_source_chars=2500
    ),
    "deep": _DepthPlan(
        max_queries=5, web_hits_per_query=5, max_web_sources=8, max_fetches=8, max_source_chars=5000
    ),
}
_STEP_NAMES = {1: "plan", 2: "search", 3: "dedup", 4: "fetch", 5: "report"}
_MAX_QUERY_CHARS = 200
_SNIPPET_CHARS = 300


class Source(BaseModel):
    """One source of the report; its position in `ResearchResult.sources` is its citation
    number minus one (`sources[0]` is [1])."""

    title: str
    url: str
    origin: Origin
    snippet: str = ""


class ResearchResult(BaseModel):
    topic: str
    depth: str
    report: str
    sources: list[Source] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)
    elapsed_s: float = 0.0


# --- URL normalisation (pure) ----------------------------------------------------------------

_TRACKING_PARAMS = frozenset(
    {
        "fbclid",
        "gclid",
        "dclid",
        "msclkid",
        "yclid",
        "mc_cid",
        "mc_eid",
        "igshid",
        "ref",
        "ref_src",
        "ref_url",
        "_hsenc",
        "_hsmi",
        "spm",
        "si",
        "wprov",
    }
)
_TRACKING_PREFIXES = ("utm_",)


def _is_tracking_param(name: str) -> bool:
    lowered = name.lower()
    return lowered in _TRACKING_PARAMS or lowered.startswith(_TRACKING_PREFIXES)


def normalize_url(url: str) -> str:
    """A key under which the same page found twice compares equal: scheme and host lowercased,
    `http` treated as `https`, `www.` and Wikipedia's mobile hosts (`m.`, `en.m.`) mapped to the
    desktop host, default ports, fragment, trailing slash and tracking parameters dropped."""
    text = url.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return text.lower()
    if not parts.scheme or not parts.hostname:
        return text.lower()
    scheme = parts.scheme.lower()
    if scheme == "http":
        scheme = "https"
    host = parts.hostname.lower().rstrip(".")
    host = host.removeprefix("www.")
    if host.endswith(".wikipedia.org"):
        labels = host.split(".")
        if labels[0] == "m":  # m.wikipedia.org (rare, language-less)
            labels = labels[1:]
        elif len(labels) >= 4 and labels[1] == "m":  # en.m.wikipedia.org
            labels = [labels[0], *labels[2:]]
        host = ".".join(labels)
    netloc = host if port in (None, 80, 443) else f"{host}:{port}"
    path = parts.path.rstrip("/") or ""
    query = urlencode(
        sorted(
            (name, value)
            for name, value in parse_qsl(parts.query, keep_blank_values=True)
            if not _is_tracking_param(name)
        )
    )
    return urlunsplit((scheme, netloc, path, query, ""))


# --- the run's state -----------------------------------------------------------------------


@dataclass(slots=True)
class _Candidate:
    title: str
    url: str
    origin: Origin
    snippet: str = ""
    text: str = ""  # Wikipedia extract, fetched article, or (fallback) the snippet
    fetched: bool = False


@dataclass(slots=True)
class _Run:
    topic: str
    plan: _DepthPlan
    progress: Callable[[str], None]
    step: int = 1
    queries: list[str] = field(default_factory=list)
    web_hits: dict[int, list[SearchHit]] = field(default_factory=dict)
    wiki_hits: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    candidates: list[_Candidate] | None = None
    errors: list[str] = field(default_factory=list)

    def note(self, message: str) -> None:
        self.errors.append(f"{_STEP_NAMES.get(self.step, 'step')}: {message}")


def _describe(error: BaseException) -> str:
    text = str(error).strip()
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


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


async def _plan(run: _Run, model: Reasoner) -> None:
    run.progress(f"planning sub-queries for {run.topic!r}")
    try:
        raw: object = await model.plan_subqueries(run.topic, max_queries=run.plan.max_queries)
    except Exception as error:
        run.note(f"planning failed ({_describe(error)}); searching the topic as one query")
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
    run: _Run,
    index: int,
    query: str,
    web_search: WebSearch,
    wikipedia_search: WikipediaSearch | None,
) -> None:
    async def web() -> None:
        try:
            hits = await web_search(query, run.plan.web_hits_per_query)
            run.web_hits[index] = _valid_web_hits(hits)
        except Exception as error:
            run.note(f"web search for {query!r} failed: {_describe(error)}")

    async def wikipedia() -> None:
        if wikipedia_search is None:
            return
        try:
            run.wiki_hits[index] = _valid_wiki_hits(await wikipedia_search(query, 1))
        except Exception as error:  # Wikipedia is additive: note it, change nothing else
            run.note(f"Wikipedia search for {query!r} failed: {_describe(error)}")

    await asyncio.gather(web(), wikipedia())


async def _search(
    run: _Run, web_search: WebSearch, wikipedia_search: WikipediaSearch | None
) -> None:
    run.progress(f"searching {len(run.queries)} sub-quer{'y' if len(run.queries) == 1 else 'ies'}")
    await asyncio.gather(
        *(
            _search_one(run, index, query, web_search, wikipedia_search)
            for index, query in enumerate(run.queries)
        )
    )


def _merge(run: _Run) -> list[_Candidate]:
    """Web hits first (deduplicated, capped), then Wikipedia articles: one that the web search
    also found replaces that hit in place (its extract is better text), the others are added
    after the web sources, so Wikipedia never pushes a web source out or renumbers it."""
    candidates: list[_Candidate] = []
    by_key: dict[str, _Candidate] = {}
    for index in range(len(run.queries)):
        for hit in run.web_hits.get(index, []):
            key = normalize_url(hit.url)
            if key in by_key or len(candidates) >= run.plan.max_web_sources:
                continue
            candidate = _Candidate(
                title=" ".join(hit.title.split()) or hit.url,
                url=hit.url,
                origin="web",
                snippet=" ".join(hit.snippet.split())[:_SNIPPET_CHARS],
            )
            by_key[key] = candidate
            candidates.append(candidate)
    for index in range(len(run.queries)):
        for article in run.wiki_hits.get(index, []):
            key = normalize_url(article["url"])
            existing = by_key.get(key)
            if existing is not None and existing.origin == "wikipedia":
                continue
            if existing is not None:
                existing.origin = "wikipedia"
                existing.title = article["title"]
                existing.url = article["url"]
                existing.snippet = article["extract"][:_SNIPPET_CHARS]
                existing.text = article["extract"]
                continue
            candidate = _Candidate(
                title=article["title"],
                url=article["url"],
                origin="wikipedia",
                snippet=article["extract"][:_SNIPPET_CHARS],
                text=article["extract"],
            )
            by_key[key] = candidate
            candidates.append(candidate)
    return candidates


async def _fetch(run: _Run, fetcher: ArticleFetcher, settings: Settings) -> None:
    assert run.candidates is not None
    to_fetch = [c for c in run.candidates if c.origin == "web"][: run.plan.max_fetches]
    if not to_fetch:
        return
    run.progress(f"reading {len(to_fetch)} web source{'s' if len(to_fetch) != 1 else ''}")
    semaphore = asyncio.Semaphore(max(1, settings.research_fetch_concurrency))
    timeout_s = settings.fetch_timeout_s

    async def fetch_one(candidate: _Candidate) -> None:
        async with semaphore:
            try:
                async with asyncio.timeout(timeout_s):
                    article = await fetcher(candidate.url)
            except TimeoutError:
                run.note(f"{candidate.url}: no answer within {timeout_s:g}s")
                return
            except Exception as error:
                run.note(f"{candidate.url}: {_describe(error)}")
                return
        if article is None or not article[1].strip():
            run.note(f"{candidate.url}: no readable article text")
            return
        title, text = article
        candidate.text = text.strip()
        candidate.fetched = True
        if title.strip() and candidate.title == candidate.url:
            candidate.title = " ".join(title.split())

    await asyncio.gather(*(fetch_one(candidate) for candidate in to_fetch))


# --- report --------------------------------------------------------------------------------


def _report_inputs(
    candidates: Sequence[_Candidate], wiki_context: str | None, max_chars: int
) -> tuple[list[Source], list[SourceText]]:
    sources: list[Source] = []
    texts: list[SourceText] = []
    if wiki_context and wiki_context.strip():
        sources.append(Source(title="Your wiki", url="", origin="wiki"))
        texts.append(
            SourceText(number=1, title="Your wiki", url="", origin="wiki", text=wiki_context)
        )
    for candidate in candidates:
        text = (candidate.text or candidate.snippet).strip()
        if not text:  # nothing to cite: a bare title teaches the report nothing
            continue
        number = len(sources) + 1
        sources.append(
            Source(
                title=candidate.title,
                url=candidate.url,
                origin=candidate.origin,
                snippet=candidate.snippet,
            )
        )
        texts.append(
            SourceText(
                number=number,
                title=candidate.title,
                url=candidate.url,
                origin=candidate.origin,
                text=text[:max_chars],
            )
        )
    return sources, texts


def _fallback_report(topic: str, sources: Sequence[SourceText]) -> str:
    """An extractive digest, used when the model could not write the report."""
    if not sources:
        return f"No sources found for {topic!r}: nothing to report."
    lines = [f"Sources found on {topic}:", ""]
    for source in sources:
        first = " ".join(source.text.split())[:400]
        lines.append(f"- {source.title}: {first} [{source.number}]")
    return "\n".join(lines)


async def _write_report(
    run: _Run, model: Reasoner, texts: Sequence[SourceText], timeout_s: float
) -> str:
    run.step = 5
    if not texts:
        return f"No sources found for {run.topic!r}: nothing to report."
    run.progress(f"writing the report from {len(texts)} source{'s' if len(texts) != 1 else ''}")
    try:
        async with asyncio.timeout(max(timeout_s, 0.05)):
            report = await model.write_report(run.topic, texts)
        if isinstance(report, str) and report.strip():
            return report.strip()
        run.note("the model returned an empty report; listing the sources instead")
    except TimeoutError:
        run.note(f"no report within {timeout_s:.1f}s; listing the sources instead")
    except Exception as error:
        run.note(f"report failed ({_describe(error)}); listing the sources instead")
    return _fallback_report(run.topic, texts)


# --- default providers ---------------------------------------------------------------------


async def _no_web_search(query: str, limit: int) -> Sequence[SearchHit]:
    return []


def _default_web_search(client: AsyncClient, settings: Settings) -> WebSearch:
    async def search(query: str, limit: int) -> Sequence[SearchHit]:
        from swarm.web.web_search import search_hits

        return await search_hits(query, client=client, settings=settings, limit=limit)

    return search


def _default_wikipedia_search(
    client: AsyncClient, settings: Settings, deadline: float
) -> WikipediaSearch:
    async def search(query: str, limit: int) -> Sequence[dict[str, str]]:
        from swarm.web.wikipedia import wiki_search

        return await wiki_search(query, limit, client=client, settings=settings, deadline=deadline)

    return search


def _default_fetcher(client: AsyncClient, settings: Settings) -> ArticleFetcher:
    async def fetch(url: str) -> tuple[str, str] | None:
        from swarm.web.articles import fetch_article

        article = await fetch_article(url, client=client, settings=settings)
        return None if article is None else (article.title, article.text)

    return fetch


def _progress_callback(
    progress: Callable[[str], None] | None, context: ToolContext | None
) -> Callable[[str], None]:
    sink = progress or (context.user_print if context is not None else None)

    def say(line: str) -> None:
        if sink is None:
            return
        try:
            sink(line)
        except Exception:  # a broken progress sink must not break the research
            logger.debug("progress callback failed", exc_info=True)

    return say


# --- the pipeline --------------------------------------------------------------------------


async def research_topic(
    topic: str,
    depth: str = "deep",
    *,
    model: Reasoner | None = None,
    settings: Settings | None = None,
    client: AsyncClient | None = None,
    context: ToolContext | None = None,
    wiki_context: str | None = None,
    search: WebSearch | None = None,
    wikipedia_search: WikipediaSearch | None = None,
    fetcher: ArticleFetcher | None = None,
    progress: Callable[[str], None] | None = None,
) -> ResearchResult:
    """Research `topic` from Wikipedia and the web and write a report citing its sources.

    `depth` is "quick" (≤2 sub-queries, 2 fetches) or "deep" (≤5 sub-queries). Everything runs
    within `settings.research_budget_s`; past it, outstanding searches and fetches are cancelled
    and the report is written from what arrived. Wikipedia (off when
    `settings.wikipedia_fallback_enabled` is False) only ever adds sources. `wiki_context`, text
    from the user's own wiki, becomes source [1]. `search(query, limit)`,
    `wikipedia_search(query, limit)` and `fetcher(url) -> (title, text) | None` replace the
    network providers. Never raises: failures are listed in `errors`.
    """
    started = time.monotonic()
    settings = settings or get_settings()
    depth_name = depth if depth in _PLANS else "deep"
    run = _Run(
        topic=" ".join(str(topic).split()),
        plan=_PLANS[depth_name],
        progress=_progress_callback(progress, context),
    )
    if depth_name != depth:
        run.note(f"unknown depth {depth!r}; using 'deep'")
    budget_s = max(settings.research_budget_s, 0.0)
    # Keep part of the budget for the report: a model writes it in seconds, not instantly.
    report_reserve_s = min(budget_s * 0.4, settings.model_timeout_s)
    gather_deadline = started + budget_s - report_reserve_s
    report_text = ""
    texts: list[SourceText] = []
    sources: list[Source] = []
    try:
        async with AsyncExitStack() as stack:
            if model is None:
                from swarm.models import get_reasoner

                model = get_reasoner(settings)
            needs_client = (
                search is None
                or fetcher is None
                or (wikipedia_search is None and settings.wikipedia_fallback_enabled)
            )
            if client is None and needs_client:
                from swarm.web.safe_http import make_client

                client = await stack.enter_async_context(make_client(settings))
            if not settings.web_search_enabled:
                run.note("web search is off (WEB_SEARCH_ENABLED=false): Wikipedia only")
                search = _no_web_search
            elif search is None:
                assert client is not None
                search = _default_web_search(client, settings)
            if fetcher is None:
                assert client is not None
                fetcher = _default_fetcher(client, settings)
            if not settings.wikipedia_fallback_enabled:
                wikipedia_search = None
            elif wikipedia_search is None:
                assert client is not None
                wikipedia_search = _default_wikipedia_search(client, settings, gather_deadline)
            await _gather_sources(
                run, model, search, wikipedia_search, fetcher, settings, gather_deadline
            )
            sources, texts = _report_inputs(
                run.candidates or [], wiki_context, run.plan.max_source_chars
            )
            report_timeout_s = max(started + budget_s - time.monotonic(), report_reserve_s * 0.5)
            report_text = await _write_report(run, model, texts, report_timeout_s)
    except Exception as error:  # a bug in a step still yields an honest result
        logger.exception("research pipeline failed")
        run.note(f"unexpected failure: {_describe(error)}")
        if not report_text:
            report_text = _fallback_report(run.topic, texts)
    return ResearchResult(
        topic=run.topic,
        depth=depth_name,
        report=report_text,
        sources=sources,
        errors=run.errors,
        elapsed_s=round(time.monotonic() - started, 3),
    )


async def _gather_sources(
    run: _Run,
    model: Reasoner,
    search: WebSearch,
    wikipedia_search: WikipediaSearch | None,
    fetcher: ArticleFetcher,
    settings: Settings,
    deadline: float,
) -> None:
    """Steps 1–4 under the deadline; on expiry the run keeps whatever arrived."""
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
            await _fetch(run, fetcher, settings)
    except TimeoutError:
        run.errors.append(
            f"budget exhausted at step {run.step} ({_STEP_NAMES[run.step]}); "
            "the report uses the sources found so far"
        )
        run.progress("time budget reached; using what arrived")
        if not run.queries:
            run.queries = [run.topic]
        if run.candidates is None:
            run.candidates = _merge(run)


def _loop_time_of(monotonic_deadline: float) -> float:
    """asyncio deadlines use the loop clock; convert from a `time.monotonic()` value."""
    loop = asyncio.get_running_loop()
    return loop.time() + (monotonic_deadline - time.monotonic())


def as_tool_result(result: ResearchResult) -> dict[str, Any]:
    """The research result as a tool result dict (`success` plus the model's fields)."""
    return {"success": True, **result.model_dump()}

"""Fakes for the research tests: a recording web search + fetcher, a Wikipedia search, the
settings research tests start from, and `research_with` (the pipeline over them)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from swarm.config import Settings
from swarm.models.base import Reasoner, SourceText
from swarm.models.scripted import ScriptedReasoner
from swarm.research import ResearchResult, research_topic
from swarm.web.types import Article, SearchHit

PY_WIKI = "https://en.wikipedia.org/wiki/Python_(programming_language)"


def research_settings(**overrides: Any) -> Settings:
    values: dict[str, Any] = {"research_budget_s": 10.0, "fetch_timeout_s": 2.0}
    values.update(overrides)
    return Settings(**values)


class FakeWeb:
    """Web search + article fetch fakes that record their calls."""

    def __init__(
        self,
        hits: dict[str, list[SearchHit]] | None = None,
        articles: dict[str, tuple[str, str] | None] | None = None,
        *,
        search_delay_s: float = 0.0,
        fetch_delay_s: float = 0.0,
    ) -> None:
        self.hits = hits or {}
        self.articles = articles or {}
        self.search_delay_s = search_delay_s
        self.fetch_delay_s = fetch_delay_s
        self.searched: list[tuple[str, int]] = []
        self.fetched: list[str] = []

    async def search(self, query: str, limit: int) -> list[SearchHit]:
        self.searched.append((query, limit))
        if self.search_delay_s:
            await asyncio.sleep(self.search_delay_s)
        return self.hits.get(query, [])[:limit]

    async def fetch(self, url: str, **_: Any) -> Article | None:
        self.fetched.append(url)
        if self.fetch_delay_s:
            await asyncio.sleep(self.fetch_delay_s)
        found = self.articles.get(url)
        return None if found is None else Article(title=found[0], text=found[1], url=url)


def search_hit(url: str, title: str = "", snippet: str = "") -> SearchHit:
    return SearchHit(title=title or url, url=url, snippet=snippet or f"snippet of {url}")


def fake_wikipedia(*articles: dict[str, str]) -> Callable[[str, int], Any]:
    calls: list[tuple[str, int]] = []

    async def search(query: str, limit: int) -> list[dict[str, str]]:
        calls.append((query, limit))
        return [a for a in articles if a.get("query") in (None, query)][:limit]

    search.calls = calls  # type: ignore[attr-defined]
    return search


def report_sources(model: ScriptedReasoner) -> list[SourceText]:
    calls = model.calls_to("write_report")
    assert len(calls) == 1
    return list(calls[0]["sources"])


def web_fixture() -> FakeWeb:
    return FakeWeb(
        hits={
            "rust ownership": [
                search_hit("https://doc.rust-lang.org/book/ch04"),
                search_hit("https://blog.example/own"),
            ],
            "rust borrowing": [search_hit("https://blog.example/borrow")],
        },
        articles={
            "https://doc.rust-lang.org/book/ch04": ("Ownership", "Ownership is Rust's rule set."),
            "https://blog.example/borrow": ("Borrowing", "References borrow values."),
        },
    )


async def research_with(
    topic: str,
    web: FakeWeb,
    *,
    model: Reasoner,
    wikipedia: Callable[[str, int], Any] | None = None,
    settings: Settings | None = None,
    **extra: Any,
) -> ResearchResult:
    """`research_topic(topic)` over the fakes: `web`'s search and fetch, `wikipedia` (finding
    nothing by default), `research_settings()` unless other settings are given."""
    return await research_topic(
        topic,
        model=model,
        settings=settings or research_settings(),
        search=web.search,
        wikipedia_search=wikipedia or fake_wikipedia(),
        fetcher=web.fetch,
        **extra,
    )

"""`swarm research`: the real pipeline behind the CLI, JSON and human output."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from swarm.cli import cli
from swarm.models.scripted import ScriptedReasoner
from swarm.web.types import Article, SearchHit

# --- CLI -----------------------------------------------------------------------------------


@pytest.fixture
def fake_providers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI runs the real pipeline with its default providers swapped at their modules."""
    import swarm.web.articles
    import swarm.web.web_search
    import swarm.web.wikipedia

    async def search_hits(query: str, **kwargs: Any) -> list[SearchHit]:
        return [SearchHit(title="Example page", url="https://example.com/a", snippet="A snippet.")]

    async def wiki_search(query: str, limit: int = 3, **kwargs: Any) -> list[dict[str, str]]:
        return [
            {
                "title": "Topic",
                "extract": "Topic is a thing.",
                "url": "https://en.wikipedia.org/wiki/Topic",
            }
        ]

    async def fetch_article(url: str, **kwargs: Any) -> Article:
        return Article(title="Example page", text="Example text about topic.", url=url)

    # The raising variants are what research's default providers call.
    monkeypatch.setattr(swarm.web.web_search, "search_hits_or_raise", search_hits)
    monkeypatch.setattr(swarm.web.wikipedia, "wiki_search_or_raise", wiki_search)
    monkeypatch.setattr(swarm.web.articles, "fetch_article_or_raise", fetch_article)


def test_cli_research_json(fake_providers: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import swarm.models

    monkeypatch.setattr(
        swarm.models,
        "get_reasoner",
        lambda settings=None, backend=None: ScriptedReasoner(report="Report."),
    )
    result = CliRunner().invoke(cli, ["research", "topic", "--depth", "quick", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["report"] == "Report."
    assert data["depth"] == "quick"
    assert [s["origin"] for s in data["sources"]] == ["web", "wikipedia"]


def test_cli_research_human(fake_providers: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import swarm.models

    monkeypatch.setattr(
        swarm.models, "get_reasoner", lambda settings=None, backend=None: ScriptedReasoner()
    )
    result = CliRunner().invoke(cli, ["research", "topic"])
    assert result.exit_code == 0, result.output
    assert "Report on topic." in result.stdout
    assert "[1] Example page — https://example.com/a (web)" in result.stdout
    assert "[2] Topic — https://en.wikipedia.org/wiki/Topic (wikipedia)" in result.stdout


def test_cli_research_nothing_found_exits_0(monkeypatch: pytest.MonkeyPatch) -> None:
    # Was exit 1: sources that answered "nothing" did the job (exit 1 is for every source
    # failing, tested in tests/cli/test_cli_outside_failures.py).
    import swarm.models
    import swarm.web.articles
    import swarm.web.web_search
    import swarm.web.wikipedia

    async def nothing(*args: Any, **kwargs: Any) -> list[Any]:
        return []

    monkeypatch.setattr(swarm.web.web_search, "search_hits_or_raise", nothing)
    monkeypatch.setattr(swarm.web.wikipedia, "wiki_search_or_raise", nothing)
    monkeypatch.setattr(
        swarm.models, "get_reasoner", lambda settings=None, backend=None: ScriptedReasoner()
    )
    result = CliRunner().invoke(cli, ["research", "nothing at all"])
    assert result.exit_code == 0
    assert "No sources found" in result.stdout
    assert "error:" not in result.stderr

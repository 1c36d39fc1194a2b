"""`swarm research`: the real pipeline behind the CLI, JSON and human output."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from swarm.cli import cli
from swarm.cli_outside import OutsideWiring
from swarm.models.scripted import ScriptedReasoner
from swarm.research import Providers
from swarm.web.types import Article, SearchHit

# --- CLI -----------------------------------------------------------------------------------


async def _search_hits(query: str, limit: int = 5, **kwargs: Any) -> list[SearchHit]:
    return [SearchHit(title="Example page", url="https://example.com/a", snippet="A snippet.")]


async def _wiki_search(query: str, limit: int = 3, **kwargs: Any) -> list[dict[str, str]]:
    return [
        {
            "title": "Topic",
            "extract": "Topic is a thing.",
            "url": "https://en.wikipedia.org/wiki/Topic",
        }
    ]


async def _fetch_article(url: str, **kwargs: Any) -> Article:
    return Article(title="Example page", text="Example text about topic.", url=url)


async def _nothing(*args: Any, **kwargs: Any) -> list[Any]:
    return []


def _wiring(model: ScriptedReasoner, *, found: bool = True) -> OutsideWiring:
    """The real pipeline behind the CLI, its outside sources and model injected."""
    providers = Providers(
        web_search=_search_hits if found else _nothing,
        wikipedia_search=_wiki_search if found else _nothing,
        article_fetcher=_fetch_article,
    )
    return OutsideWiring(providers=providers, model=model)


def test_cli_research_json() -> None:
    wiring = _wiring(ScriptedReasoner(report="Report."))
    result = CliRunner().invoke(
        cli, ["research", "topic", "--depth", "quick", "--json"], obj=wiring
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["report"] == "Report."
    assert data["depth"] == "quick"
    assert [s["origin"] for s in data["sources"]] == ["web", "wikipedia"]


def test_cli_research_human() -> None:
    result = CliRunner().invoke(cli, ["research", "topic"], obj=_wiring(ScriptedReasoner()))
    assert result.exit_code == 0, result.output
    assert "Report on topic." in result.stdout
    assert "[1] Example page — https://example.com/a (web)" in result.stdout
    assert "[2] Topic — https://en.wikipedia.org/wiki/Topic (wikipedia)" in result.stdout


def test_cli_research_nothing_found_exits_0() -> None:
    # Was exit 1: sources that answered "nothing" did the job (exit 1 is for every source
    # failing, tested in tests/cli/test_cli_outside_failures.py).
    wiring = _wiring(ScriptedReasoner(), found=False)
    result = CliRunner().invoke(cli, ["research", "nothing at all"], obj=wiring)
    assert result.exit_code == 0
    assert "No sources found" in result.stdout
    assert "error:" not in result.stderr

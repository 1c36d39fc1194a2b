"""A page whose owner marks it out of date makes even a high answer stale, through the public
door (the offline backend, `swarm lint`)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from swarm.cli import cli
from swarm.wiki_query import query
from tests.fakes import page_wiki

ROTA = "Weekend on-call: Priya covers Saturdays and Sundays; Tom is her backup.\n"


def test_an_outdated_page_answers_but_sends_the_bot_outside(tmp_path: Path) -> None:
    wiki = page_wiki(
        tmp_path,
        {"rota.md": "---\noutdated: true\nupdated: 2026-11-30\n---\n" + ROTA},
    )
    r = query("Who covers weekend on-call?", wiki_dir=wiki, model="offline")
    assert "Priya" in r.answer
    assert r.stale is True and r.go_external is True


def test_the_same_page_unmarked_is_fresh(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"rota.md": "---\nupdated: 2026-11-30\n---\n" + ROTA})
    r = query("Who covers weekend on-call?", wiki_dir=wiki, model="offline")
    assert "Priya" in r.answer and r.stale is False


def test_lint_says_which_mark_made_the_page_stale(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"rota.md": "---\nstatus: deprecated\n---\n" + ROTA})
    result = CliRunner().invoke(cli, ["lint", "--wiki", str(wiki), "--json"])
    problems = [p for p in json.loads(result.stdout)["problems"] if p["kind"] == "stale"]
    assert [(p["path"], p["detail"]) for p in problems] == [
        ("rota.md", "the page says it is out of date (status: deprecated)")
    ]

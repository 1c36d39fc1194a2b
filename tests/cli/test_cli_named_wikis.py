"""Named wikis through the CLI: `--wiki NAME|DIR` on the commands, a bad [wikis] table, the
question from stdin with `-`, `search --json` and `verify --json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from config_files import write_config
from outside_failures import wiring

from swarm.cli import cli
from swarm.cli_outside import OutsideWiring
from swarm.config import get_settings
from swarm.errors import ConfigError


def run(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> Result:
    return CliRunner().invoke(
        cli, list(args), env={"SWARM_MODEL": "offline", **(env or {})}, input=stdin
    )


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ('[wikis]\n"a/b" = "/x"\n', "is not a wiki name"),
        ('[wikis]\nw = ""\n', "needs a folder"),
        ('[wikis]\nw = "/x"\ndefault = "z"\n', "names no wiki of [wikis] (configured: w)"),
        ("wikis = 3\n", "wikis must be a table"),
    ],
)
def test_a_bad_wikis_table_is_a_config_error(table: str, words: str) -> None:
    write_config(table)
    with pytest.raises(ConfigError, match=None) as caught:
        get_settings()
    assert words in str(caught.value)
    result = run("config")
    assert result.exit_code == 2 and words in result.stderr


def test_commands_take_a_wiki_name(two_wikis: tuple[Path, Path]) -> None:
    brain, _ = two_wikis
    result = run("query", "What is CCW's first-response SLA?", "--wiki", "work", "--json")
    assert result.exit_code == 0, result.output
    assert "ccw.md" in json.loads(result.stdout)["pages_consulted"]
    assert run("get", "ccw", "--wiki", "work").exit_code == 0
    assert run("get", "ccw").exit_code == 1  # the default, home, has no ccw page
    status = run("status", "--wiki", "work")
    assert f"wiki:     {brain.resolve()}  (wiki 'work', from --wiki)" in status.stdout
    config = run("config")
    rows = {line.split()[0]: line.split(None, 1)[1] for line in config.stdout.splitlines() if line}
    assert rows["[wikis].default"].split() == ["config", "file", "home"]
    assert rows["[wikis]"].split()[2:] == ["work", "=", f"{brain},", "home", "=", str(two_wikis[1])]
    result = run("query", "x", "--wiki", "nowhere")
    assert result.exit_code == 2 and "No wiki named 'nowhere'" in result.stderr


def test_the_question_comes_from_stdin_with_a_dash(two_wikis: tuple[Path, Path]) -> None:
    result = run(
        "query", "-", "--wiki", "work", "--json", stdin="What is CCW's first-response SLA?\n"
    )
    assert result.exit_code == 0, result.output
    assert "15 minutes" in json.loads(result.stdout)["answer"]
    empty = run("query", "-", "--wiki", "work", stdin="  \n")
    assert empty.exit_code == 2 and "QUESTION is empty" in empty.stderr
    ask = run("ask", "-", "--wiki", "work", "--json", stdin="What is CCW's first-response SLA?")
    assert ask.exit_code == 0, ask.output


def test_search_json_prints_the_envelope_and_the_outcome() -> None:
    transport, resolver = wiring("dns")
    result = CliRunner().invoke(
        cli,
        ["search", "-", "--json"],
        input="Mongolia\n",
        obj=OutsideWiring(http_transport=transport, resolver=resolver),
        env={"SWARM_MODEL": "offline"},
    )
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["query"] == "Mongolia" and data["outcome"]["all_failed"] is True
    assert "DuckDuckGo" in data["outcome"]["failed_providers"]
    assert data["envelope"].startswith("Web search failed") or "failed" in data["envelope"]


def test_verify_json_gives_the_figures_and_every_outcome(two_wikis: tuple[Path, Path]) -> None:
    result = run("verify", "home", "--json", "--threshold", "0")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is True and len(data["figures"]) == 6
    gate = {f["name"]: f for f in data["figures"]}["gate agreement"]
    assert (gate["target"], gate["required"]) == (0.9, False)
    assert data["questions"] == len(data["outcomes"]) > 0
    flags = {"go_external", "stale", "time_sensitive"}  # the gate's three, as answered
    assert {"id", "passed", "confidence", "pages_consulted", *flags} <= set(data["outcomes"][0])

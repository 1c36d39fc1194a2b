"""Named wikis (`[wikis]` in the config file), `--wiki NAME|DIR` on the commands, the question
from stdin with `-`, `search --json` and `verify --json`, through the CLI entry point."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from conftest import FIXTURES
from outside_failures import wiring

from swarm.cli import OutsideWiring, cli
from swarm.config import choose_wiki, get_settings, resolve_wiki_dir
from swarm.errors import ConfigError, IndexNotFound
from swarm.wiki.cache_admin import STALE_TEMP_S, remove_entries, scan_cache


def write_config(text: str) -> Path:
    path = Path(os.environ["XDG_CONFIG_HOME"]) / "swarm" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def run(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> Result:
    return CliRunner().invoke(
        cli, list(args), env={"SWARM_MODEL": "offline", **(env or {})}, input=stdin
    )


@pytest.fixture
def two_wikis(tmp_path: Path) -> tuple[Path, Path]:
    brain = Path(shutil.copytree(FIXTURES / "brain", tmp_path / "w" / "brain"))
    hobby = Path(shutil.copytree(FIXTURES / "hobby", tmp_path / "w" / "hobby"))
    write_config(f'[wikis]\nwork = "{brain}"\nhome = "{hobby}"\ndefault = "home"\n')
    return brain, hobby


def test_names_resolve_first_then_folders_then_the_default(two_wikis: tuple[Path, Path]) -> None:
    brain, hobby = two_wikis
    settings = get_settings()
    assert settings.wikis == {"work": brain, "home": hobby}
    assert settings.source_of("wikis") == "config file"
    assert choose_wiki("work", settings).name == "work"
    assert resolve_wiki_dir("work", settings) == brain.resolve()
    assert resolve_wiki_dir(None, settings) == hobby.resolve()  # [wikis] default
    assert resolve_wiki_dir(str(brain), settings) == brain.resolve()
    with pytest.raises(IndexNotFound, match=r"No wiki named 'play' \(\[wikis\]: home, work\)"):
        resolve_wiki_dir("play", settings)


def test_brain1_wiki_dir_beats_the_default_and_may_be_a_name(
    two_wikis: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    brain, _ = two_wikis
    Path(".env").write_text("BRAIN1_WIKI_DIR=work\n")  # a working folder picks a user's wiki
    assert resolve_wiki_dir(None, get_settings()) == brain.resolve()


def test_wikis_come_from_the_config_file_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWARM_WIKIS", json.dumps({"evil": str(tmp_path)}))
    monkeypatch.setenv("SWARM_DEFAULT_WIKI", "evil")
    Path(".env").write_text('SWARM_WIKIS={"evil": "/"}\n')
    settings = get_settings()
    assert settings.wikis == {} and settings.default_wiki is None


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
    assert {"id", "passed", "confidence", "pages_consulted"} <= set(data["outcomes"][0])


def test_prune_removes_stale_temp_files_and_never_follows_symlinks(tmp_path: Path) -> None:
    cache = tmp_path / "swarm-cache"
    outside = tmp_path / "precious"
    outside.mkdir()
    (outside / "keep.txt").write_text("not swarm's")
    ranking = cache / "ranking"
    (ranking / "0123456789abcdef").mkdir(parents=True)
    (ranking / "0123456789abcdef" / "index.npz").write_bytes(b"not an npz")
    temp = ranking / "0123456789abcdef" / ".tmp-abc123"
    (ranking / "fedcba9876543210").symlink_to(outside, target_is_directory=True)
    (cache / "page-maps").mkdir()
    staging = cache / "page-maps" / f".{'a' * 24}.json.42.tmp"
    for path in (temp, staging):
        path.write_bytes(b"x" * 10)
        old = time.time() - STALE_TEMP_S - 10
        os.utime(path, (old, old))
    scan = scan_cache(cache)
    reasons = {entry.path.name: entry.dead_because for entry in scan.entries}
    assert reasons == {"0123456789abcdef": "unreadable index file", staging.name: "left by a crash"}
    removal = remove_entries(scan.dead)
    assert removal.bytes_freed == 10 + 10 + len(b"not an npz") and not removal.failed
    assert (outside / "keep.txt").read_text() == "not swarm's"
    assert (ranking / "fedcba9876543210").is_symlink()

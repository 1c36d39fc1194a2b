"""`swarm get`, `swarm lint`, `swarm cache` and `swarm status` through the CLI entry point, on
tmp copies of the fixture wikis: what they print, their exit status, and that the wiki is
never written to."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner, Result
from conftest import FIXTURES

from swarm.cli import cli
from swarm.cli_outside import OutsideWiring


def copy_wiki(tmp_path: Path, name: str = "brain") -> Path:
    return Path(shutil.copytree(FIXTURES / name, tmp_path / "wikis" / name, symlinks=True))


def run(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> Result:
    return CliRunner().invoke(
        cli, list(args), env={"SWARM_MODEL": "offline", **(env or {})}, input=stdin
    )


def snapshot(root: Path) -> dict[str, tuple[int, int, int]]:
    """Every file and folder under `root` with its mode, size and mtime (symlinks as such)."""
    found = {}
    for folder, subfolders, files in os.walk(root):
        for name in [*subfolders, *files]:
            path = Path(folder) / name
            info = path.lstat()
            found[str(path.relative_to(root))] = (info.st_mode, info.st_size, info.st_mtime_ns)
    return found


# --- get ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["ccw", "[[ccw]]", "CCW.md", "ccw.md"])
def test_get_prints_a_page_by_its_index_names(tmp_path: Path, name: str) -> None:
    wiki = copy_wiki(tmp_path)
    result = run("get", name, "--wiki", str(wiki))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("---\ntitle: Coastal Clean Water (CCW)\n")
    assert "First-response SLA: 15 minutes" in result.stdout


def test_get_json_and_excerpt(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path)
    whole = json.loads(run("get", "ccw", "--wiki", str(wiki), "--json").stdout)
    assert set(whole) == {"path", "title", "frontmatter", "text", "truncated"}
    assert whole["path"] == "ccw.md" and whole["truncated"] is False
    assert whole["frontmatter"]["tags"] == ["client", "saas", "tidewater-monitor"]
    (wiki / "long.md").write_text("---\ntitle: Long\n---\n" + "Many words here. " * 200)
    whole = json.loads(run("get", "long", "--wiki", str(wiki), "--json").stdout)
    excerpt = json.loads(run("get", "long", "--wiki", str(wiki), "--json", "--excerpt").stdout)
    assert len(excerpt["text"]) <= 1500 < len(whole["text"])
    assert excerpt["truncated"] is True and whole["text"].startswith(excerpt["text"][:-2])
    text = run("get", "long", "--wiki", str(wiki), "--excerpt").stdout
    assert text.strip() == excerpt["text"] and "title:" not in text


def test_get_json_frontmatter_dates_are_iso_strings(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path)
    (wiki / "dated.md").write_text("---\nupdated: 2026-03-04\n---\n# Dated\n\nBody.\n")
    data = json.loads(run("get", "dated.md", "--wiki", str(wiki), "--json").stdout)
    assert data["frontmatter"] == {"updated": "2026-03-04"} and data["title"] == "Dated"


def test_get_an_absolute_path_inside_the_wiki_works(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path)
    result = run("get", str(wiki / "ccw.md"), "--wiki", str(wiki), "--excerpt")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# Coastal Clean Water")


@pytest.mark.parametrize(
    ("page", "words"),
    [
        ("../../etc/passwd", "outside the wiki"),
        ("/etc/passwd", "outside the wiki"),
        ("~/.ssh/id_rsa", "outside the wiki"),
        ("[[../../etc/passwd]]", "outside the wiki"),
        ("questions.yaml", "not a page: pages are .md files"),
        ("clients", "not a page"),
        ("", "PAGE is empty"),
    ],
)
def test_get_refuses_what_is_not_a_page_of_the_wiki_with_exit_2(
    tmp_path: Path, page: str, words: str
) -> None:
    wiki = copy_wiki(tmp_path)
    result = run("get", page, "--wiki", str(wiki))
    assert result.exit_code == 2, result.output
    assert words in result.stderr and "root:" not in result.stdout


def test_get_refuses_a_symlink_out_of_the_wiki(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path)
    secret = tmp_path / "secret.md"
    secret.write_text("the password is hunter2\n")
    (wiki / "evil.md").symlink_to(secret)
    (wiki / "linked").symlink_to(tmp_path, target_is_directory=True)
    for page in ("evil.md", "evil", "linked/secret.md"):
        result = run("get", page, "--wiki", str(wiki))
        assert result.exit_code == 2, (page, result.output)
        assert "outside the wiki" in result.stderr and "hunter2" not in result.stdout


def test_get_a_missing_page_exits_1(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path)
    result = run("get", "nope", "--wiki", str(wiki))
    assert result.exit_code == 1
    assert "error: no page 'nope'" in result.stderr and result.stdout == ""
    (wiki / "ccw.md").unlink()  # a dead index entry
    result = run("get", "ccw", "--wiki", str(wiki))
    assert result.exit_code == 1 and "listed in index.md but the file is missing" in result.stderr


def test_get_a_binary_page_exits_1(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path)
    (wiki / "blob.md").write_bytes(b"\x00\x01binary")
    result = run("get", "blob.md", "--wiki", str(wiki))
    assert result.exit_code == 1 and "binary file" in result.stderr


def test_get_escapes_control_characters_of_a_page(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path)
    (wiki / "ansi.md").write_text("# Title\n\nred \x1b[31mtext\x1b[0m\tend\n")
    result = run("get", "ansi.md", "--wiki", str(wiki))
    assert "\x1b" not in result.stdout and "\\x1b[31mtext" in result.stdout
    assert "\tend" in result.stdout


# --- lint --------------------------------------------------------------------------------------

# What `swarm lint` finds in each fixture wiki (checked on a fixed day: staleness moves).
FIXTURE_COUNTS = {
    "brain": {"stale": 6},
    "encyclopedia": {"stale": 7},
    "hobby": {"stale": 3},
    "mixed-language": {"stale": 6},
}


@pytest.mark.parametrize("name", sorted(FIXTURE_COUNTS))
def test_lint_on_the_fixture_wikis(tmp_path: Path, name: str) -> None:
    wiki = copy_wiki(tmp_path, name)
    result = run("lint", "--wiki", str(wiki), "--json")
    data = json.loads(result.stdout)
    found = {kind: count for kind, count in data["counts"].items() if count}
    assert result.exit_code == (1 if found else 0)
    # stale counts depend on today's date; every other kind is fixed by the fixture
    assert {k: v for k, v in found.items() if k != "stale"} == {
        k: v for k, v in FIXTURE_COUNTS[name].items() if k != "stale"
    }
    assert data["pages_on_disk"] == data["index_entries"]


def test_lint_finds_each_kind_of_problem_and_exits_1(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path, "hobby")
    (wiki / "orphan.md").write_text("# Orphan\n\n" + "A page no index lists. " * 10 + "\n")
    index = (wiki / "index.md").read_text()
    (wiki / "index.md").write_text(index + "\n- [Gone](gone.md) — deleted\n- [Orphan2](a.md)\n")
    (wiki / "a.md").write_text("# A\n\n[[nowhere]] and [b](../../outside.md), [[brewing/water]].")
    result = run("lint", "--wiki", str(wiki))
    assert result.exit_code == 1
    assert "orphan.md  not linked from index.md" in result.stdout
    assert "gone.md  listed in index.md: page not found" in result.stdout
    assert "a.md  [[nowhere]]: no such page" in result.stdout
    assert "a.md  (../../outside.md): points outside the wiki" in result.stdout
    assert "pages whose excerpt holds little text: 1" in result.stdout  # a.md
    assert "brewing/water" not in result.stdout.split("broken links")[1].split("\n\n")[0]


def test_lint_of_a_clean_wiki_exits_0(tmp_path: Path) -> None:
    wiki = tmp_path / "clean"
    wiki.mkdir()
    (wiki / "index.md").write_text("# Index\n\n- [Alpha](alpha.md) — the first\n")
    (wiki / "alpha.md").write_text("# Alpha\n\n" + "Alpha holds real prose here. " * 10)
    result = run("lint", "--wiki", str(wiki))
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith("clean")


def test_lint_and_get_never_write_into_the_wiki(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path, "vault")
    before = snapshot(wiki)
    assert run("lint", "--wiki", str(wiki)).exit_code == 1
    assert run("lint", "--wiki", str(wiki), "--json").exit_code == 1
    assert run("get", "glossary", "--wiki", str(wiki)).exit_code == 0
    assert run("get", "glossary", "--wiki", str(wiki), "--json", "--excerpt").exit_code == 0
    assert run("status", "--wiki", str(wiki)).exit_code == 0
    assert snapshot(wiki) == before


# --- cache -------------------------------------------------------------------------------------


def test_cache_lists_prunes_and_clears_only_swarms_entries(tmp_path: Path) -> None:
    cache = tmp_path / "swarm-cache"  # conftest's SWARM_CACHE_DIR
    brain, hobby = copy_wiki(tmp_path, "brain"), copy_wiki(tmp_path, "hobby")
    for wiki in (brain, hobby):
        assert run("query", "What is brewed?", "--wiki", str(wiki)).exit_code == 0
    (cache / "notes.txt").write_text("mine, not swarm's")
    listed = json.loads(run("cache", "--json").stdout)
    # Snippet passages are stored for the wikis whose ranking read pages (hobby's matched).
    stored = {e["wiki_dir"] for e in listed["entries"] if e["kind"] == "passages"}
    assert str(hobby) in stored <= {str(brain), str(hobby)}
    assert {(e["kind"], e["wiki_dir"]) for e in listed["entries"]} == {
        (kind, str(wiki)) for kind in ("ranking", "page map") for wiki in (brain, hobby)
    } | {("passages", wiki) for wiki in stored}
    assert listed["prunable"] == 0
    shutil.rmtree(hobby)
    pruned = run("cache", "prune")
    assert pruned.exit_code == 0
    assert pruned.stdout.count("<- its wiki is gone") == 3 and str(hobby) in pruned.stdout
    assert "prune: 3 entries removed" in pruned.stdout
    cleared = json.loads(run("cache", "clear", "--json").stdout)
    assert {e["wiki_dir"] for e in cleared["removed"]} == {str(brain)}
    assert cleared["bytes_freed"] == sum(e["bytes"] for e in cleared["removed"]) > 0
    assert sorted(p.name for p in cache.iterdir()) == ["notes.txt"]
    assert run("cache", "clear").stdout.startswith("clear: 0 entries removed, 0 bytes freed")


# --- status ------------------------------------------------------------------------------------


def test_status_shows_the_wiki_pages_health_cache_and_backend(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path)
    result = run("status", "--wiki", str(wiki))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"wiki:     {wiki}  (from --wiki)"
    assert lines[1].startswith("pages:    26 in index.md, 26 .md files on disk")
    assert lines[2].startswith("health:   ") and "stale" in lines[2]
    assert "backend:  offline (SWARM_MODEL=offline)  answers: yes" in result.stdout
    assert "SWARM_MODEL" in result.stdout and "env" in result.stdout
    data = json.loads(run("status", "--wiki", str(wiki), "--json").stdout)
    assert data["wiki"]["index_entries"] == 26 and data["backend"]["answers"] is True
    assert set(data) == {"wiki", "cache", "backend", "embeddings", "config_file", "settings"}


def test_status_without_a_wiki_still_shows_the_rest_and_exits_2() -> None:
    result = run("status", "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["wiki"]["error"].startswith("No wiki configured")
    assert data["backend"]["backend"] == "offline"


def test_status_redacts_keys_and_checks_the_backend_only_when_asked(tmp_path: Path) -> None:
    wiki = copy_wiki(tmp_path)
    env = {"SWARM_MODEL": "anthropic", "ANTHROPIC_API_KEY": "sk-secret-key"}
    result = run("status", "--wiki", str(wiki), env=env)  # no transport: no network either
    assert result.exit_code == 0, result.output
    assert "configured, not checked" in result.stdout and "sk-secret" not in result.stdout
    seen: list[httpx.Request] = []

    def answer(status: int) -> httpx.MockTransport:
        def handler(request: httpx.Request) -> httpx.Response:
            seen.append(request)
            return httpx.Response(status, json={"data": []})

        return httpx.MockTransport(handler)

    for status, code, words in ((200, 0, "yes (HTTP 200"), (401, 1, "the key was refused")):
        result = CliRunner().invoke(
            cli,
            ["status", "--wiki", str(wiki), "--check"],
            env=env,
            obj=OutsideWiring(http_transport=answer(status)),
        )
        assert result.exit_code == code, result.output
        assert words in result.stdout
    assert [str(r.url) for r in seen] == ["https://api.anthropic.com/v1/models"] * 2
    assert seen[0].headers["x-api-key"] == "sk-secret-key"


# --- the real entry point ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["status"], 0, "pages:    18 in index.md"),
        (["get", "brewing/water"], 0, "title: Water"),
        (["lint"], 1, "stale pages"),
        (["cache"], 0, "cache: "),
    ],
)
def test_each_new_command_through_a_subprocess(
    tmp_path: Path, args: list[str], code: int, words: str
) -> None:
    wiki = copy_wiki(tmp_path, "hobby")
    env = {**os.environ, "BRAIN1_WIKI_DIR": str(wiki), "SWARM_MODEL": "offline"}
    completed = subprocess.run(
        [sys.executable, "-m", "swarm", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert completed.returncode == code, completed.stderr
    assert words in completed.stdout and "Traceback" not in completed.stderr

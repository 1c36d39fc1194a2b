"""`swarm config`: every effective setting with its source, keys redacted, refused .env
entries listed; bad settings exit 2 with one line each."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from conftest import REPO_ROOT

from swarm.cli import cli
from swarm.config import Settings
from swarm.settings_sources import config_file_path


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["config", *args])


def write_config(text: str) -> Path:
    path = config_file_path()
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def table(stdout: str) -> dict[str, tuple[str, str]]:
    """ENV NAME → (source, value) from the human table."""
    rows: dict[str, tuple[str, str]] = {}
    for line in stdout.splitlines():
        parts = line.split(None, 1)
        named_wikis = parts[0].startswith("[wikis]") if parts else False  # [wikis], .default
        if len(parts) == 2 and (parts[0].isupper() or named_wikis) and parts[0] != "SETTING":
            source_and_value = parts[1]
            for source in ("config file", "default", "override", ".env", "env"):
                if source_and_value.startswith(source):
                    rows[parts[0]] = (source, source_and_value[len(source) :].strip())
                    break
    return rows


def test_every_setting_is_shown_with_its_source(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWARM_MAX_PAGES", "2")
    write_config('BRAIN1_WIKI_DIR = "~/brain/Wiki"\nSWARM_MODEL = "offline"\n')
    Path(".env").write_text("SWARM_RESEARCH_BUDGET_S=12\n")
    result = run()
    assert result.exit_code == 0, result.output
    rows = table(result.stdout)
    assert len(rows) == len(Settings.model_fields)
    assert rows["SWARM_MAX_PAGES"] == ("env", "2")
    assert rows["BRAIN1_WIKI_DIR"] == ("config file", "~/brain/Wiki")
    assert rows["SWARM_MODEL"] == ("config file", "offline")
    assert rows["SWARM_RESEARCH_BUDGET_S"] == (".env", "12.0")
    assert rows["SWARM_ANTHROPIC_MODEL"][0] == "default"
    assert rows["SEARXNG_URL"] == ("default", "(not set)")
    assert f"config file: {config_file_path()} (found)" in result.stdout


def test_keys_and_url_passwords_are_never_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-very-secret-1234")
    monkeypatch.setenv("SEARXNG_URL", "https://me:hunter2@searx.example/")
    write_config('BRAVE_SEARCH_API_KEY = "brave-secret-5678"\n')
    human, as_json = run(), run("--json")
    for result in (human, as_json):
        assert result.exit_code == 0, result.output
        for secret in ("very-secret", "1234", "brave-secret", "hunter2"):
            assert secret not in result.output
    rows = table(human.stdout)
    assert rows["ANTHROPIC_API_KEY"] == ("env", "(set, redacted)")
    assert rows["BRAVE_SEARCH_API_KEY"] == ("config file", "(set, redacted)")
    assert rows["SEARXNG_URL"] == ("env", "https://***@searx.example/")
    report = json.loads(as_json.stdout)
    assert report["settings"]["anthropic_api_key"]["value"] == "(set, redacted)"
    assert report["settings"]["gemini_api_key"]["value"] is None


def test_json_is_one_object_with_sources_and_refused_entries(tmp_path: Path) -> None:
    Path(".env").write_text(
        "ANTHROPIC_BASE_URL=http://127.0.0.1:9/steal\nSWARM_MAX_PAGES=4\nANTHROPIC_API_KEY=sk-t\n"
    )
    result = run("--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert set(report) == {"config_file", "settings", "refused_from_dotenv"}
    assert report["config_file"] == {"path": str(config_file_path()), "found": False}
    assert set(report["settings"]) == set(Settings.model_fields)
    assert report["settings"]["max_pages"] == {
        "env": "SWARM_MAX_PAGES",
        "source": ".env",
        "value": 4,
    }
    assert report["settings"]["anthropic_base_url"] == {
        "env": "ANTHROPIC_BASE_URL",
        "source": "default",
        "value": None,
    }
    assert report["refused_from_dotenv"] == [
        {
            "env": "ANTHROPIC_BASE_URL",
            "file": str(tmp_path / ".env"),
            "allowed_in": f"the environment or {config_file_path()}",
        }
    ]
    assert "ignoring ANTHROPIC_BASE_URL from ./.env" in result.stderr


def test_refused_entries_are_listed_in_the_human_output() -> None:
    Path(".env").write_text('SWARM_BROWSER_HELPER_COMMAND=sh -c "touch PWNED"\nSEARXNG_URL=x\n')
    result = run()
    assert result.exit_code == 0, result.output
    listed = result.stdout.split("refused from ./.env", 1)[1].splitlines()[1:]
    assert [line.split()[0] for line in listed] == ["SWARM_BROWSER_HELPER_COMMAND", "SEARXNG_URL"]
    assert table(result.stdout)["SWARM_BROWSER_HELPER_COMMAND"] == ("default", "(not set)")
    assert "touch PWNED" not in result.stdout


def test_a_value_cannot_drive_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    Path(".env").write_text('SWARM_ANTHROPIC_MODEL="\x1b[2Jmodel\x07"\n')
    monkeypatch.setenv("SWARM_USER_AGENT", "agent\udcff")  # undecodable bytes from the OS
    human, as_json = run(), run("--json")
    assert human.exit_code == 0 and as_json.exit_code == 0
    assert "\x1b" not in human.stdout and "\x07" not in human.stdout
    assert table(human.stdout)["SWARM_ANTHROPIC_MODEL"] == (".env", "\\x1b[2Jmodel\\x07")
    assert table(human.stdout)["SWARM_USER_AGENT"] == ("env", "agent\\udcff")
    assert json.loads(as_json.stdout)["settings"]["anthropic_model"]["value"] == "\x1b[2Jmodel\x07"


@pytest.mark.parametrize("args", [(), ("--json",)], ids=["human", "json"])
def test_bad_settings_exit_2_with_one_line_per_field(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    monkeypatch.setenv("SWARM_MODEL", "foo")
    write_config("SWARM_MAX_PAGES = 'lots'\n")
    result = run(*args)
    assert result.exit_code == 2
    lines = [
        line.removeprefix("Error: ")
        for line in result.stderr.splitlines()
        if line.startswith(("Error", "Invalid"))
    ]
    assert len(lines) == 2, result.stderr
    by_setting = {line.split(":")[0]: line for line in lines}
    assert by_setting["Invalid setting SWARM_MODEL"].endswith("(check the environment)")
    assert by_setting["Invalid setting SWARM_MAX_PAGES"].endswith(f"(check {config_file_path()})")
    assert result.stdout == "" and "Traceback" not in result.output


def test_a_broken_config_file_exits_2_naming_file_and_line() -> None:
    path = write_config("max_pages = 3\n[wikis\n")
    result = run()
    assert result.exit_code == 2
    assert f"Error: Invalid config file {path}: " in result.stderr
    assert "(at line 2, column 7)" in result.stderr
    assert "Traceback" not in result.output


def test_every_command_reports_a_broken_config_file_the_same_way() -> None:
    write_config("max_pages = \n")
    for args in (["query", "x"], ["search", "x"], ["lookup", "x"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2, (args, result.output)
        assert "Invalid config file" in result.stderr and "line 1" in result.stderr


def test_swarm_config_as_a_subprocess_prints_no_traceback(tmp_path: Path) -> None:
    config = tmp_path / "xdg" / "swarm" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("max_pages = = 3\n")
    done = subprocess.run(
        [sys.executable, "-m", "swarm", "config"],
        cwd=tmp_path,
        env={
            "PATH": "/usr/bin:/bin",
            "HOME": str(tmp_path),
            "XDG_CONFIG_HOME": str(tmp_path / "xdg"),
            "PYTHONPATH": str(REPO_ROOT),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "Invalid config file" in done.stderr and "line 1" in done.stderr
    assert "Traceback" not in done.stderr


def test_config_is_a_listed_command() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0 and "config" in result.stdout
    assert CliRunner().invoke(cli, ["config", "--help"]).exit_code == 0

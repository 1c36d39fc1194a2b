"""Where settings come from: precedence, the user's config file, and a `.env` that may not set
commands, endpoints or write paths (each refused with one line on stderr)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from swarm.config import Settings, get_settings
from swarm.errors import ConfigError
from swarm.settings_sources import (
    TRUSTED_ONLY_SUFFIXES,
    config_file_path,
    env_names,
    trusted_only_fields,
)

# Every source sets SWARM_MAX_PAGES to its own value (the default is 5).
VALUES = {"env": "2", "config file": "3", ".env": "4"}


def write_config(text: str) -> Path:
    """The user's config file where swarm looks for it (conftest points XDG_CONFIG_HOME at an
    empty tmp folder)."""
    path = config_file_path()
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_dotenv(text: str) -> Path:
    path = Path(".env")  # conftest chdirs each test into its own tmp folder
    path.write_text(text, encoding="utf-8")
    return path


def stderr_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line.strip()]


@pytest.mark.parametrize(
    ("sources", "expected_value", "expected_source"),
    [
        pytest.param(("env", "config file", ".env"), 2, "env", id="env-beats-all"),
        pytest.param(("config file", ".env"), 3, "config file", id="config-beats-dotenv"),
        pytest.param(("env", ".env"), 2, "env", id="env-beats-dotenv"),
        pytest.param(("env", "config file"), 2, "env", id="env-beats-config"),
        pytest.param((".env",), 4, ".env", id="dotenv-beats-default"),
        pytest.param((), 5, "default", id="default"),
    ],
)
def test_precedence_env_then_config_file_then_dotenv_then_default(
    monkeypatch: pytest.MonkeyPatch,
    sources: tuple[str, ...],
    expected_value: int,
    expected_source: str,
) -> None:
    if "env" in sources:
        monkeypatch.setenv("SWARM_MAX_PAGES", VALUES["env"])
    if "config file" in sources:
        write_config(f"SWARM_MAX_PAGES = {VALUES['config file']}\n")
    if ".env" in sources:
        write_dotenv(f"SWARM_MAX_PAGES={VALUES['.env']}\n")
    settings = get_settings()
    assert settings.max_pages == expected_value
    assert settings.source_of("max_pages") == expected_source


def test_values_passed_in_beat_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWARM_MODEL", "anthropic")
    write_config('SWARM_MODEL = "anthropic"\n')
    settings = get_settings(backend="offline")
    assert settings.backend == "offline"
    assert settings.source_of("backend") == "override"
    assert Settings(max_pages=3).source_of("max_pages") == "override"
    with pytest.raises(KeyError, match="max_pagez"):
        settings.source_of("max_pagez")


def test_a_lower_source_alias_does_not_beat_a_higher_source_field_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The environment by its SWARM_ name, the .env by the DESIGN.md alias: the environment wins.
    monkeypatch.setenv("SWARM_WIKI_DIR", "/from/env")
    write_dotenv("BRAIN1_WIKI_DIR=/from/dotenv\n")
    settings = get_settings()
    assert settings.wiki_dir == Path("/from/env")
    assert settings.source_of("wiki_dir") == "env"


# --- what a working folder's .env may not set -----------------------------------------------

REFUSED = [
    # (as written in .env, field, value)
    pytest.param(
        "SWARM_BROWSER_HELPER_COMMAND",
        "browser_helper_command",
        'sh -c "touch PWNED"',
        id="helper-command",
    ),
    pytest.param("SWARM_GEMINI_CLI_PATH", "gemini_cli_path", "/tmp/evil/gemini", id="gemini-cli"),
    pytest.param("ANTHROPIC_BASE_URL", "anthropic_base_url", "http://evil.test", id="anthropic"),
    pytest.param(
        "SWARM_ANTHROPIC_BASE_URL", "anthropic_base_url", "http://evil.test", id="anthropic-alt"
    ),
    pytest.param("SEARXNG_URL", "searxng_url", "http://evil.test/searx", id="searxng"),
    pytest.param("SWARM_SEARXNG_URL", "searxng_url", "http://evil.test", id="searxng-alt"),
    pytest.param("SWARM_CACHE_DIR", "cache_dir", "/tmp/somewhere-else", id="cache-dir"),
]


@pytest.mark.parametrize(("written", "field", "value"), REFUSED)
def test_a_refused_dotenv_entry_is_ignored_with_one_warning_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    written: str,
    field: str,
    value: str,
) -> None:
    monkeypatch.delenv("SWARM_CACHE_DIR")  # conftest's; here the .env is the only source
    dotenv = write_dotenv(f"{written}={value}\nSWARM_MAX_PAGES=4\n")
    settings = get_settings()
    assert getattr(settings, field) is None
    assert settings.source_of(field) == "default"
    assert settings.max_pages == 4  # the rest of the .env still counts
    refused = settings.refused_from_dotenv
    assert [(entry.name, entry.dotenv_file) for entry in refused] == [(written, dotenv.absolute())]
    config = config_file_path()
    assert config is not None
    assert stderr_lines(capsys) == [
        f"swarm: ignoring {written} from ./.env: commands, endpoints and paths swarm writes "
        f"to are taken only from the environment or {config}"
    ]
    # Once per process: later reads (every query reads settings) stay quiet.
    assert getattr(get_settings(), field) is None
    assert stderr_lines(capsys) == []


def test_the_config_file_location_is_refused_from_dotenv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_text("SWARM_MAX_PAGES = 9\n")
    write_config("SWARM_MAX_PAGES = 3\n")
    write_dotenv(f"SWARM_CONFIG_FILE={elsewhere}\n")
    settings = get_settings()
    assert settings.max_pages == 3  # the user's own file, not the one the .env names
    assert [entry.name for entry in settings.refused_from_dotenv] == ["SWARM_CONFIG_FILE"]
    assert stderr_lines(capsys) == [
        "swarm: ignoring SWARM_CONFIG_FILE from ./.env: the config file's location is taken "
        "only from the environment"
    ]


@pytest.mark.parametrize(
    ("written", "value", "field", "expected"),
    [
        pytest.param("ANTHROPIC_API_KEY", "sk-test", "anthropic_api_key", "sk-test", id="key"),
        pytest.param("BRAVE_SEARCH_API_KEY", "bk", "brave_search_api_key", "bk", id="brave"),
        pytest.param("BRAIN1_WIKI_DIR", "/w", "wiki_dir", Path("/w"), id="wiki"),
        pytest.param("SWARM_MODEL", "offline", "backend", "offline", id="model"),
        pytest.param("SWARM_ANTHROPIC_MODEL", "m1", "anthropic_model", "m1", id="model-name"),
        pytest.param("SWARM_RESEARCH_BUDGET_S", "12.5", "research_budget_s", 12.5, id="budget"),
        pytest.param("SWARM_FETCH_TIMEOUT_S", "3", "fetch_timeout_s", 3.0, id="timeout"),
        pytest.param("SWARM_MAX_PAGES", "7", "max_pages", 7, id="limit"),
        pytest.param("WEB_SEARCH_ENABLED", "false", "web_search_enabled", False, id="flag"),
        pytest.param("STREAM_BROWSER", "true", "stream_browser", True, id="browser-flag"),
        pytest.param("GEMINI_AUTH", "oauth", "gemini_auth", "oauth", id="gemini-auth"),
    ],
)
def test_everyday_settings_are_taken_from_dotenv(
    capsys: pytest.CaptureFixture[str], written: str, value: str, field: str, expected: object
) -> None:
    write_dotenv(f"{written}={value}\n")
    settings = get_settings()
    got = getattr(settings, field)
    assert (got.get_secret_value() if hasattr(got, "get_secret_value") else got) == expected
    assert settings.source_of(field) == ".env"
    assert settings.refused_from_dotenv == ()
    assert stderr_lines(capsys) == []


@pytest.mark.parametrize("where", ["env", "config file"])
@pytest.mark.parametrize(("written", "field", "value"), REFUSED)
def test_the_environment_and_the_config_file_may_set_them(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    where: str,
    written: str,
    field: str,
    value: str,
) -> None:
    monkeypatch.delenv("SWARM_CACHE_DIR")
    if where == "env":
        monkeypatch.setenv(written, value)
    else:
        write_config(f"{written} = '{value}'\n")  # a TOML literal string: no escapes
    settings = get_settings()
    expected = Path(value) if field == "cache_dir" else value
    assert getattr(settings, field) == expected
    assert settings.source_of(field) == where
    assert stderr_lines(capsys) == []


def test_every_command_endpoint_or_helper_path_field_is_refused_from_dotenv() -> None:
    refused = trusted_only_fields(Settings)
    by_name = {
        name
        for name in Settings.model_fields
        if name.endswith(("_url", "_base_url", "_command", "_path"))
    }
    assert by_name <= refused, f"not refused from .env: {sorted(by_name - refused)}"
    # The list, and the cache folder (swarm writes there).
    assert {
        "browser_helper_command",
        "gemini_cli_path",
        "anthropic_base_url",
        "searxng_url",
        "cache_dir",
    } <= refused
    # Everyday settings stay allowed.
    assert not refused & {"wiki_dir", "anthropic_api_key", "backend", "max_pages", "user_agent"}
    assert set(TRUSTED_ONLY_SUFFIXES) >= {"_url", "_command", "_path"}


def test_a_new_endpoint_field_is_refused_from_dotenv_without_being_listed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    class WithAnotherBackend(Settings):
        openai_base_url: str | None = None

    write_dotenv("SWARM_OPENAI_BASE_URL=http://evil.test/v1\n")
    settings = WithAnotherBackend()
    assert settings.openai_base_url is None
    assert [entry.name for entry in settings.refused_from_dotenv] == ["SWARM_OPENAI_BASE_URL"]
    assert "ignoring SWARM_OPENAI_BASE_URL from ./.env" in capsys.readouterr().err


# --- the config file --------------------------------------------------------------------------


def test_config_file_takes_environment_names_and_field_names_in_any_case(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SWARM_CACHE_DIR")
    write_config(
        'BRAIN1_WIKI_DIR = "~/brain/Wiki"\n'
        'SWARM_MODEL = "offline"\n'
        "max_pages = 7\n"
        "Research_Budget_S = 12.5\n"
        "web_search_enabled = false\n"
        'anthropic_api_key = "sk-from-file"\n'
        'cache_dir = "/tmp/swarm-cache-from-file"\n'
    )
    settings = get_settings()
    assert settings.wiki_dir == Path("~/brain/Wiki")
    assert settings.backend == "offline"
    assert settings.max_pages == 7 and settings.research_budget_s == 12.5
    assert settings.web_search_enabled is False
    assert settings.anthropic_key() == "sk-from-file"
    assert settings.cache_dir == Path("/tmp/swarm-cache-from-file")
    assert {settings.source_of(name) for name in ("wiki_dir", "backend", "max_pages")} == {
        "config file"
    }
    assert settings.config_file_found is True


def test_unknown_tables_are_left_for_later_and_unknown_keys_warned_about(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # ([wikis] is read since issue 13: tests/test_named_wikis.py.)
    path = write_config(
        "max_pages = 3\nwiki_dri = '/typo'\n\n[later]\nwork = '~/work/Wiki'\n\n[later.home]\n"
        "path = '~/home/Wiki'\n"
    )
    assert get_settings().max_pages == 3
    assert stderr_lines(capsys) == [f"swarm: ignoring unknown key 'wiki_dri' in {path}"]


def test_two_names_for_one_setting_in_the_config_file_is_an_error() -> None:
    path = write_config("wiki_dir = '/a'\nBRAIN1_WIKI_DIR = '/b'\n")
    with pytest.raises(ConfigError, match="wiki_dir and BRAIN1_WIKI_DIR set the same") as caught:
        get_settings()
    assert str(path) in str(caught.value)


@pytest.mark.parametrize(
    ("content", "line"),
    [
        pytest.param(b"max_pages = 3\nwiki_dir = \n", 2, id="missing-value"),
        pytest.param(b"max_pages = 3\n\n[wikis\n", 3, id="unclosed-table"),
        pytest.param(b'max_pages = 3\nSWARM_MODEL = "offline\n', 2, id="unclosed-string"),
        pytest.param(b"max_pages = 3\nmax_pages = 4\n", 2, id="duplicate-key"),
        pytest.param(b"max_pages = 3\nanthropic_model = '\xff'\n", 2, id="not-utf8"),
    ],
)
def test_a_broken_config_file_is_a_config_error_naming_file_and_line(
    content: bytes, line: int
) -> None:
    path = config_file_path()
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with pytest.raises(ConfigError) as caught:
        get_settings()
    message = str(caught.value)
    assert message.startswith(f"Invalid config file {path}: ")
    assert f"line {line}" in message and "\n" not in message


def test_a_bad_value_in_the_config_file_names_the_setting_and_the_file() -> None:
    path = write_config("SWARM_MAX_PAGES = 'lots'\n")
    with pytest.raises(ConfigError) as caught:
        get_settings()
    assert str(caught.value).startswith("Invalid setting SWARM_MAX_PAGES: ")
    assert str(caught.value).endswith(f"(check {path})")


def test_a_bad_value_in_dotenv_names_the_dotenv() -> None:
    write_dotenv("SWARM_MAX_PAGES=lots\n")
    with pytest.raises(ConfigError, match=r"SWARM_MAX_PAGES: .*\(check \./\.env\)$"):
        get_settings()


def test_a_bad_key_value_is_never_echoed() -> None:
    write_config("ANTHROPIC_API_KEY = 1234567890\n")
    with pytest.raises(ConfigError) as caught:
        get_settings()
    assert "Invalid setting ANTHROPIC_API_KEY" in str(caught.value)
    assert "1234567890" not in str(caught.value)


def test_the_config_file_is_reread_when_it_changes() -> None:
    path = write_config("max_pages = 3\n")
    assert get_settings().max_pages == 3
    path.write_text("max_pages = 4\n# longer, so the size changes too\n")
    assert get_settings().max_pages == 4


# --- where the config file is ----------------------------------------------------------------


def test_the_config_file_is_under_xdg_config_home(tmp_path: Path) -> None:
    assert config_file_path() == Path(os.environ["XDG_CONFIG_HOME"]) / "swarm" / "config.toml"


def test_without_xdg_config_home_it_is_in_dot_config(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME")
    expected = home / ".config" / "swarm" / "config.toml"
    assert config_file_path() == expected
    expected.parent.mkdir(parents=True)
    expected.write_text("max_pages = 6\n")
    settings = get_settings()
    assert settings.max_pages == 6 and settings.config_file == expected
    # A relative XDG_CONFIG_HOME is ignored, as the XDG spec says.
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/config")
    assert config_file_path() == expected


def test_swarm_config_file_points_elsewhere(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    write_config("max_pages = 3\n")
    elsewhere = tmp_path / "my-swarm.toml"
    elsewhere.write_text("max_pages = 8\n")
    monkeypatch.setenv("SWARM_CONFIG_FILE", str(elsewhere))
    assert get_settings().max_pages == 8


def test_a_missing_swarm_config_file_is_an_error_a_missing_default_is_not(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    settings = get_settings()
    assert settings.config_file_found is False and settings.max_pages == 5
    monkeypatch.setenv("SWARM_CONFIG_FILE", str(tmp_path / "nope.toml"))
    with pytest.raises(ConfigError, match="SWARM_CONFIG_FILE names a missing file: .*nope.toml"):
        get_settings()
    monkeypatch.setenv("SWARM_CONFIG_FILE", str(tmp_path))  # a folder
    with pytest.raises(ConfigError, match="Can't read the config file"):
        get_settings()


def test_env_names_lead_with_the_documented_name() -> None:
    names = env_names(Settings)
    assert names["wiki_dir"][0] == "BRAIN1_WIKI_DIR"
    assert names["backend"][:2] == ("SWARM_MODEL", "SWARM_BACKEND")
    assert names["max_pages"] == ("SWARM_MAX_PAGES",)

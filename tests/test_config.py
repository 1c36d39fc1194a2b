"""Settings: invalid values become one short `ConfigError` line per field, bounds hold."""

from __future__ import annotations

import pytest

from swarm.config import Settings, get_settings
from swarm.errors import ConfigError
from swarm.wiki_query import query


def test_defaults_are_valid() -> None:
    settings = get_settings()
    assert isinstance(settings, Settings)
    assert settings.model_timeout_s > 0 and settings.research_budget_s > 0


@pytest.mark.parametrize(
    ("env", "name"),
    [
        pytest.param({"SWARM_MODEL": "foo"}, "SWARM_MODEL", id="backend-alias"),
        pytest.param({"SWARM_MAX_PAGES": "abc"}, "SWARM_MAX_PAGES", id="not-an-int"),
        pytest.param({"SWARM_MAX_PAGES": "0"}, "SWARM_MAX_PAGES", id="below-bound"),
        pytest.param({"SWARM_MODEL_TIMEOUT_S": "0"}, "SWARM_MODEL_TIMEOUT_S", id="zero-timeout"),
        pytest.param({"SWARM_FETCH_TIMEOUT_S": "-1"}, "SWARM_FETCH_TIMEOUT_S", id="neg-timeout"),
        pytest.param({"SWARM_RESEARCH_BUDGET_S": "0"}, "SWARM_RESEARCH_BUDGET_S", id="budget"),
        pytest.param(
            {"SWARM_RESEARCH_FETCH_CONCURRENCY": "0"},
            "SWARM_RESEARCH_FETCH_CONCURRENCY",
            id="concurrency",
        ),
        pytest.param({"SWARM_MAX_REDIRECTS": "-1"}, "SWARM_MAX_REDIRECTS", id="redirects"),
        pytest.param(
            {"SWARM_STALE_AFTER_DAYS": "-3"}, "SWARM_STALE_AFTER_DAYS", id="negative-window"
        ),
        pytest.param({"WEB_SEARCH_ENABLED": "maybe"}, "WEB_SEARCH_ENABLED", id="bool-alias"),
    ],
)
def test_invalid_setting_is_a_one_line_config_error(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], name: str
) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(ConfigError) as caught:
        get_settings()
    message = str(caught.value)
    assert message.startswith(f"Invalid setting {name}: ")
    assert "\n" not in message and "errors.pydantic.dev" not in message
    assert message.endswith("(check the environment)")  # where the bad value came from


def test_every_bad_field_gets_its_own_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWARM_MODEL", "foo")
    monkeypatch.setenv("SWARM_MAX_PAGES", "abc")
    with pytest.raises(ConfigError) as caught:
        get_settings()
    lines = str(caught.value).splitlines()
    assert len(lines) == 2
    assert {line.split(":")[0] for line in lines} == {
        "Invalid setting SWARM_MODEL",
        "Invalid setting SWARM_MAX_PAGES",
    }


def test_overrides_are_checked_too() -> None:
    with pytest.raises(ConfigError, match="SWARM_WIKIPEDIA_TIMEOUT_S"):
        get_settings(wikipedia_timeout_s=0)


def test_query_reports_a_bad_setting_as_a_short_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWARM_MODEL", "foo")
    result = query("What is CCW's SLA?")
    assert result.error is not None
    assert result.error.startswith("Invalid setting SWARM_MODEL:")
    assert "\n" not in result.error and "pydantic" not in result.error
    assert result.go_external is True

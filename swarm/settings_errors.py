"""Invalid settings, said the way a user fixes them: one line per setting, its variable name
and where it was set (the environment, the config file, `./.env`), keys never echoed.
"""

from __future__ import annotations

from functools import cache
from typing import get_args

from pydantic import SecretStr, ValidationError
from pydantic_settings import BaseSettings

from swarm.settings_sources import (
    DOTENV_FILE,
    SettingSource,
    config_file_path,
    env_names,
    field_for_key,
    shown_path,
)

__all__ = ["describe_settings_error", "secret_fields"]


def _where(source: SettingSource | None) -> str:
    if source == "env":
        return "the environment"
    if source == "config file":
        path = config_file_path()
        return shown_path(path) if path is not None else "the config file"
    if source == ".env":
        return f"./{DOTENV_FILE}"
    if source == "override":
        return "the value passed in"
    return f"the environment, the config file or ./{DOTENV_FILE}"


@cache
def secret_fields(model: type[BaseSettings]) -> frozenset[str]:
    """The settings that hold keys (SecretStr): never shown, never echoed in an error."""
    return frozenset(
        name
        for name, info in model.model_fields.items()
        if info.annotation is SecretStr or SecretStr in get_args(info.annotation)
    )


def describe_settings_error(
    model: type[BaseSettings],
    error: ValidationError,
    sources: dict[str, SettingSource] | None = None,
) -> str:
    """One line per invalid field: `Invalid setting SWARM_MAX_PAGES: ... (check <where>)`,
    `<where>` being its source in `sources` (field name → source) when known."""
    lines = []
    for problem in error.errors(include_url=False):
        loc = tuple(problem.get("loc", ()))
        key = str(loc[0]) if loc else "?"
        name = field_for_key(model, key)
        setting = env_names(model)[name][0] if name is not None else key.upper()
        source = (sources or {}).get(name) if name is not None else None
        value = problem.get("input")
        shown = f" (got {str(value)[:40]!r})" if isinstance(value, (str, int, float)) else ""
        if name in secret_fields(model):
            shown = ""  # never echo (part of) a key
        lines.append(
            f"Invalid setting {setting}: {problem.get('msg', 'invalid')}{shown} "
            f"(check {_where(source)})"
        )
    return "\n".join(lines) or f"Invalid settings (check {_where(None)})"

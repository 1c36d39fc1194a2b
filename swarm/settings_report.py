"""Every effective setting with its environment name, value and source, for `swarm config`
and `swarm status`: keys redacted, a password inside a URL too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import SecretStr

from swarm.config import Settings
from swarm.settings_sources import env_names

__all__ = ["REDACTED", "describe_settings"]

REDACTED = "(set, redacted)"


def describe_settings(settings: Settings) -> list[dict[str, Any]]:
    """Every setting as `{setting, env, value, source}` (JSON-able), for `swarm config`.

    `env` is the environment name to set it by (the config file takes it too); keys are
    never shown (`(set, redacted)`), nor a password inside a URL."""
    from swarm.web.urls import redact_url  # the one userinfo redactor

    rows: list[dict[str, Any]] = []
    for name in Settings.model_fields:
        value: Any = getattr(settings, name)
        if isinstance(value, SecretStr):
            value = REDACTED if value.get_secret_value().strip() else None
        elif isinstance(value, Path):
            value = str(value)
        elif isinstance(value, dict):  # [wikis]: name -> folder
            value = {str(key): str(item) for key, item in value.items()}
        elif isinstance(value, str) and name.endswith("_url"):
            value = redact_url(value)
        rows.append(
            {
                "setting": name,
                "env": env_names(Settings)[name][0],
                "value": value,
                "source": settings.source_of(name),
            }
        )
    return rows

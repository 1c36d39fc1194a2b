"""Named wikis: the config file's `[wikis]` table (`work = "~/brain/Wiki"`, `default = "work"`),
its checks, and `WikiChoice`, what a `--wiki NAME|DIR` came to (see `config.choose_wiki`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swarm.errors import ConfigError

__all__ = [
    "DEFAULT_WIKI_KEY",
    "WIKIS_TABLE",
    "WIKI_NAME",
    "WikiChoice",
    "check_default_wiki",
    "check_wikis_table",
    "split_wikis_table",
]

WIKIS_TABLE = "wikis"
DEFAULT_WIKI_KEY = "default"  # `[wikis] default = "work"`: so no wiki is named "default"
# A wiki's name: no "/", "." or "~", so a name never reads as a folder, nor a folder as a name.
WIKI_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


@dataclass(frozen=True)
class WikiChoice:
    """The wiki a command means: its folder as configured or given (`~` expanded, not yet
    checked for an index) and the `[wikis]` name it was picked by, if any."""

    folder: Path
    name: str | None = None


def split_wikis_table(table: Any, config_file: Path | None) -> dict[str, Any]:
    """The settings a `[wikis]` table sets, by field name: `wikis` (name → folder) and, when
    it has a `default` line, `default_wiki`. Raises `ConfigError` when it is no table."""
    if not isinstance(table, dict):
        raise ConfigError(
            f"Invalid config file {config_file}: {WIKIS_TABLE} must be a table "
            f'([{WIKIS_TABLE}] and name = "folder" lines)'
        )
    folders = dict(table)
    values: dict[str, Any] = {"wikis": folders}
    default = folders.pop(DEFAULT_WIKI_KEY, None)
    if default is not None:
        values["default_wiki"] = default
    return values


def check_wikis_table(value: Any) -> Any:
    """`value` when it is a mapping of wiki names to folders; else `ValueError`."""
    if not isinstance(value, Mapping):
        raise ValueError(f'[{WIKIS_TABLE}] must be a table of name = "folder" lines')
    for name, folder in value.items():
        if not isinstance(name, str) or not WIKI_NAME.fullmatch(name):
            raise ValueError(f"{name!r} is not a wiki name (letters, digits, - and _; 64 at most)")
        if not isinstance(folder, str | Path) or not str(folder).strip():
            raise ValueError(f"wiki {name!r} needs a folder (a non-empty string)")
    return value


def check_default_wiki(value: str | None, wikis: object) -> str | None:
    """`value` when it names one of `wikis` (or is None); else `ValueError`."""
    if value is not None and (not isinstance(wikis, Mapping) or value not in wikis):
        known = ", ".join(sorted(wikis)) if isinstance(wikis, Mapping) and wikis else "none"
        raise ValueError(f"names no wiki of [{WIKIS_TABLE}] (configured: {known})")
    return value

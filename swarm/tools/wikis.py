"""The optional `wiki` argument of the tools that read a wiki: one of the user's named wikis
(`[wikis]` in the config file), never a folder a model or client makes up."""

from __future__ import annotations

from pathlib import Path

from swarm.config import Settings
from swarm.errors import ConfigError
from swarm.named_wikis import WIKIS_TABLE

__all__ = ["settings_for_wiki"]


def settings_for_wiki(settings: Settings, name: str | None) -> Settings:
    """`settings` reading the named wiki `name` (unchanged for None).

    Raises `ConfigError` for a name `[wikis]` does not configure, naming the ones it does."""
    if name is None:
        return settings
    folder = settings.wikis.get(name)
    if folder is None:
        known = ", ".join(sorted(settings.wikis)) or "none are configured"
        raise ConfigError(
            f"Unknown wiki {name!r}: the wiki argument takes a name from [{WIKIS_TABLE}] in "
            f"swarm's config file ({known})"
        )
    return settings.model_copy(update={"wiki_dir": Path(folder).expanduser()})

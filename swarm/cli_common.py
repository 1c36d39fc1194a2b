"""What the `swarm` commands in cli.py, cli_outside.py, cli_bot.py and cli_config.py share:
the `--backend` choice, settings as usage errors, progress lines on stderr.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from swarm.config import Settings


BACKENDS = click.Choice(["auto", "anthropic", "openai", "offline"])


def _checked_settings(**overrides: object) -> Settings:
    """`get_settings`, with an invalid setting (environment, config file or .env) or a broken
    config file as a usage error: exit 2 and one line per bad field instead of a traceback."""
    from swarm.config import get_settings
    from swarm.errors import SwarmError

    try:
        return get_settings(**overrides)
    except SwarmError as exc:
        raise click.UsageError(str(exc)) from exc


def _settings_for(backend: str | None, wiki: str | None) -> Settings:
    """Settings with the CLI's overrides; usage errors (bad setting, no wiki, no key) exit 2."""
    from swarm.config import resolve_wiki_dir
    from swarm.errors import SwarmError

    overrides: dict[str, object] = {}
    if backend:
        overrides["backend"] = backend
    if wiki:
        overrides["wiki_dir"] = wiki
    settings = _checked_settings(**overrides)
    try:
        resolve_wiki_dir(settings.wiki_dir, settings)
    except SwarmError as exc:
        raise click.UsageError(str(exc)) from exc
    _require_backend(settings)
    return settings


def _require_backend(settings: Settings) -> None:
    """A backend its settings can't run (no key, endpoint or model name) is a usage error."""
    from swarm.models import backend_problem

    problem = backend_problem(settings)
    if problem is not None:
        raise click.UsageError(problem)


def _progress(line: str) -> None:
    """A progress line on stderr, so stdout stays the result (e.g. for --json)."""
    click.echo(line, err=True)

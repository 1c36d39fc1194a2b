"""`swarm config`: every effective setting, where it came from, and what `.env` was refused.

Registered on the `swarm` group by `swarm.cli`.
"""

from __future__ import annotations

import click

from swarm.cli_common import _checked_settings


def _printable(text: str) -> str:
    """`text` with control characters (and lone surrogates) escaped: a value from a `.env`
    must not drive the terminal."""
    return "".join(
        char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        for char in text
    )


def _shown_value(value: object) -> str:
    if value is None:
        return "(not set)"
    if value == "":
        return "(empty)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):  # [wikis]
        return _printable(", ".join(f"{key} = {item}" for key, item in value.items()) or "(none)")
    return _printable(str(value))


@click.command("config")
@click.option("--json", "as_json", is_flag=True, help="Print the settings as one JSON object.")
def config_command(as_json: bool) -> None:
    """Print every effective setting: its environment name, where it came from and its
    value (keys redacted), and the .env entries that were refused.

    Sources, highest first: the environment, the config file ($XDG_CONFIG_HOME/swarm/config.toml
    or $SWARM_CONFIG_FILE), the working folder's .env (no commands, endpoints or write paths),
    the defaults. Exit status 0; 2 for bad settings or a broken config file.
    """
    import json

    from swarm.settings_report import describe_settings
    from swarm.settings_sources import shown_path

    settings = _checked_settings()
    rows = describe_settings(settings)
    refused = settings.refused_from_dotenv
    config_file = settings.config_file
    if as_json:
        report = {
            "config_file": {
                "path": str(config_file) if config_file is not None else None,
                "found": settings.config_file_found,
            },
            "settings": {
                row["setting"]: {key: row[key] for key in ("env", "source", "value")}
                for row in rows
            },
            "refused_from_dotenv": [
                {"env": entry.name, "file": str(entry.dotenv_file), "allowed_in": entry.allowed_in}
                for entry in refused
            ],
        }
        click.echo(json.dumps(report, indent=2, ensure_ascii=True))
        return
    where = _printable(shown_path(config_file)) if config_file is not None else "(no home folder)"
    found = "found" if settings.config_file_found else "not found"
    click.echo(f"config file: {where} ({found})")
    click.echo("precedence:  option > env > config file > .env > default\n")
    env_width = max(len("SETTING"), *(len(row["env"]) for row in rows))
    source_width = max(len("SOURCE"), *(len(row["source"]) for row in rows))
    click.echo(f"{'SETTING':<{env_width}}  {'SOURCE':<{source_width}}  VALUE")
    for row in rows:
        value = _shown_value(row["value"])
        click.echo(f"{row['env']:<{env_width}}  {row['source']:<{source_width}}  {value}")
    if refused:
        click.echo("\nrefused from ./.env (a working folder may not set these):")
        name_width = max(len(entry.name) for entry in refused)
        for entry in refused:
            allowed_in = _printable(entry.allowed_in)
            click.echo(f"  {entry.name:<{name_width}}  set it in {allowed_in}")

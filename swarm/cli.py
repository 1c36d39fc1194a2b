"""The `swarm` command line: parse, call the library, print.

Heavy imports (models, web, mcp) happen inside each command so `swarm --help` stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from swarm import __version__

if TYPE_CHECKING:
    from swarm.config import Settings
    from swarm.wiki_query import WikiQueryResult


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="swarm")
def cli() -> None:
    """Answer from your own markdown wiki first; go to Wikipedia and the web only when the
    wiki can't answer, is unsure, is stale, or the topic moves fast."""


BACKENDS = click.Choice(["auto", "anthropic", "offline"])


def _settings_for(backend: str | None, wiki: str | None) -> Settings:
    """Settings with the CLI's overrides; usage errors (no wiki, no key) exit 2."""
    from swarm.config import get_settings, resolve_wiki_dir
    from swarm.errors import SwarmError

    overrides: dict[str, object] = {}
    if backend:
        overrides["backend"] = backend
    if wiki:
        overrides["wiki_dir"] = wiki
    settings = get_settings(**overrides)
    try:
        resolve_wiki_dir(settings.wiki_dir, settings)
    except SwarmError as exc:
        raise click.UsageError(str(exc)) from exc
    if settings.backend == "anthropic" and not settings.anthropic_key():
        raise click.UsageError(
            "The anthropic backend needs a key: set ANTHROPIC_API_KEY (or use --backend offline)."
        )
    return settings


def _progress(message: str) -> None:
    """A progress line on stderr, only for a person watching a terminal."""
    stream = click.get_text_stream("stderr")
    if stream.isatty():
        click.echo(message, err=True)


@cli.command("query")
@click.argument("question")
@click.option("--wiki", type=click.Path(file_okay=False), help="Wiki folder (holds index.md).")
@click.option(
    "--time-sensitive/--no-time-sensitive",
    default=None,
    help="Force the topic's time-sensitivity (default: detect it).",
)
@click.option("--backend", type=BACKENDS, default=None, help="Model backend (default: auto).")
@click.option("--json", "as_json", is_flag=True, help="Print the spec's JSON result only.")
def query_command(
    question: str,
    wiki: str | None,
    time_sensitive: bool | None,
    backend: str | None,
    as_json: bool,
) -> None:
    """Answer QUESTION from the wiki, and say whether to go outside.

    Exit status: 0 for an answered query (even one that says go external), 1 when the query
    failed (the result's `error`), 2 for usage errors.
    """
    import json

    from swarm.wiki_query import query

    settings = _settings_for(backend, wiki)
    _progress(f"⏳ Reading the wiki ({settings.resolved_backend()} backend)…")
    result = query(question, time_sensitive, settings=settings)
    if as_json:
        click.echo(json.dumps(result.spec_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(_format_result(result))
    if result.error:
        raise SystemExit(1)


def _format_result(result: WikiQueryResult) -> str:
    lines = [result.answer or "(no answer in the wiki)", ""]
    lines.append(f"confidence: {result.confidence}")
    lines.append(f"pages:      {', '.join(result.pages_consulted) or '-'}")
    flags = [
        f"go_external={'yes' if result.go_external else 'no'}",
        f"stale={'yes' if result.stale else 'no'}",
        f"time_sensitive={'yes' if result.time_sensitive else 'no'}",
    ]
    lines.append(f"flags:      {'  '.join(flags)}")
    if result.error:
        lines.append(f"error:      {result.error}")
    lines.append(f"backend:    {result.backend}  ({result.elapsed_ms:.0f} ms)")
    return "\n".join(lines)

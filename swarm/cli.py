"""The `swarm` command line: parse, call the library, print.

Heavy imports (models, web, mcp) happen inside each command so `swarm --help` stays fast.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from swarm import __version__
from swarm.cli_common import BACKENDS, _checked_settings, _progress, _settings_for
from swarm.cli_params import WIKI, WIKI_HELP, question_text

if TYPE_CHECKING:
    from pathlib import Path

    from swarm.config import Settings
    from swarm.wiki_query import WikiQueryResult


class _SwarmGroup(click.Group):
    """The `swarm` group: text that can't be encoded never crashes a command.

    Undecodable argv bytes (kept by Python as lone surrogates) become U+FFFD before parsing,
    and stdout/stderr print what they can't encode as U+FFFD instead of raising.
    """

    def main(self, args: Sequence[str] | None = None, *pos: Any, **kwargs: Any) -> Any:
        from swarm.untrusted import OUTPUT_ERRORS, replace_surrogates

        for stream in (sys.stdout, sys.stderr):
            if isinstance(stream, io.TextIOWrapper):
                stream.reconfigure(errors=OUTPUT_ERRORS)
        if isinstance(sys.stdin, io.TextIOWrapper):
            sys.stdin.reconfigure(errors="replace")
        argv = sys.argv[1:] if args is None else list(args)
        return super().main([replace_surrogates(arg) for arg in argv], *pos, **kwargs)


@click.group(cls=_SwarmGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="swarm")
def cli() -> None:
    """Answer from your own markdown wiki first; go to Wikipedia and the web only when the
    wiki can't answer, is unsure, is stale, or the topic moves fast."""


@cli.command("query")
@click.argument("question")
@click.option("--wiki", type=WIKI, default=None, help=WIKI_HELP)
@click.option(
    "--time-sensitive/--no-time-sensitive",
    default=None,
    help="Force the topic's time-sensitivity (default: detect it).",
)
@click.option("--backend", type=BACKENDS, default=None, help="Model backend (default: auto).")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the spec's JSON result only (plus `evidence` and `warnings` when there are any).",
)
def query_command(
    question: str,
    wiki: str | None,
    time_sensitive: bool | None,
    backend: str | None,
    as_json: bool,
) -> None:
    """Answer QUESTION from the wiki (`-`: read it from stdin), and say whether to go outside.

    Exit status: 0 for an answered query (even one that says go external), 1 when the query
    failed (the result's `error`), 2 for usage errors.
    """
    import json

    from swarm.wiki_query import MAX_QUESTION_CHARS, query, question_too_long

    question = question_text(question)
    if not question.strip():
        raise click.UsageError(
            'QUESTION is empty: ask something, e.g. swarm query "Who is on call?"'
        )
    if len(question.strip()) > MAX_QUESTION_CHARS:
        raise click.UsageError(question_too_long(question.strip()))
    settings = _settings_for(backend, wiki)
    from swarm.models import resolve_backend

    _progress(f"⏳ Reading the wiki ({resolve_backend(settings)} backend)…")
    result = query(question, time_sensitive, settings=settings)
    if as_json:
        # The spec's six fields first; then the verified quotes and the pages skipped or
        # names dropped, if any.
        payload = result.spec_dict()
        if result.evidence:
            payload["evidence"] = [quote.model_dump() for quote in result.evidence]
        if result.warnings:
            payload["warnings"] = result.warnings
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        click.echo(_format_result(result))
    if result.error:
        raise SystemExit(1)


def _format_result(result: WikiQueryResult) -> str:
    lines = [result.answer or "(no answer in the wiki)", ""]
    lines.append(f"confidence: {result.confidence}")
    lines.append(f"pages:      {', '.join(result.pages_consulted) or '-'}")
    lines += [f'evidence:   {quote.page}: "{quote.quote}"' for quote in result.evidence]
    flags = [
        f"go_external={'yes' if result.go_external else 'no'}",
        f"stale={'yes' if result.stale else 'no'}",
        f"time_sensitive={'yes' if result.time_sensitive else 'no'}",
    ]
    lines.append(f"flags:      {'  '.join(flags)}")
    if result.error:
        lines.append(f"error:      {result.error}")
    lines += [f"warnings:   {warning}" for warning in result.warnings]
    lines.append(f"backend:    {result.backend}  ({result.elapsed_ms:.0f} ms)")
    return "\n".join(lines)


@cli.command("verify")
@click.argument("wiki", type=WIKI)
@click.option("--backend", type=BACKENDS, default=None, help="Model backend (default: auto).")
@click.option(
    "--questions",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="Questions file (default: WIKI/questions.yaml).",
)
@click.option("--threshold", type=float, default=0.95, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures and outcomes as JSON.")
@click.option(
    "--near-misses",
    is_flag=True,
    help="Perturb the lookups answered high into near misses and list those still high.",
)
def verify_command(
    wiki: str,
    backend: str | None,
    questions: str | None,
    threshold: float,
    as_json: bool,
    near_misses: bool,
) -> None:
    """Run WIKI's questions.yaml (WIKI: a folder or a [wikis] name); print a pass/fail table
    and the four figures (`--json`: the figures and every question's outcome).

    With --near-misses: perturb each lookup answered high (another entity, a negation, before
    and after, another number or asked type, a qualifier, an opposite) and list, per kind, the
    near misses still answered high: candidates to read, since a perturbation can stay
    answerable by accident.

    Exit status 0 when every figure meets the threshold, 1 when one does not (--near-misses:
    0 whatever it lists).
    """
    import asyncio
    from pathlib import Path

    from swarm.config import choose_wiki
    from swarm.verify import QuestionsFileError, format_report, report_dict, run_verification

    settings = _settings_for(backend, wiki)
    if near_misses:
        _near_misses(choose_wiki(wiki, settings).folder, backend, settings, questions, as_json)
        return
    try:
        report = asyncio.run(
            run_verification(
                choose_wiki(wiki, settings).folder,
                model=backend,
                settings=settings,
                questions_path=Path(questions) if questions else None,
                threshold=threshold,
            )
        )
    except QuestionsFileError as exc:
        raise click.UsageError(str(exc)) from exc
    if as_json:
        from swarm.cli_params import echo_json

        echo_json(report_dict(report))
    else:
        click.echo(format_report(report))
    raise SystemExit(0 if report.ok else 1)


def _near_misses(
    folder: Path, backend: str | None, settings: Settings, questions: str | None, as_json: bool
) -> None:
    import asyncio

    from swarm.verify import QuestionsFileError
    from swarm.verify.near_miss_run import format_near_misses, near_misses_dict, run_near_misses

    try:
        report = asyncio.run(
            run_near_misses(
                folder,
                model=backend,
                settings=settings,
                questions_path=Path(questions) if questions else None,
            )
        )
    except QuestionsFileError as exc:
        raise click.UsageError(str(exc)) from exc
    if as_json:
        from swarm.cli_params import echo_json

        echo_json(near_misses_dict(report))
    else:
        click.echo(format_near_misses(report))


# --- the MCP server -------------------------------------------------------------------------------


@cli.command("mcp")
@click.option("--wiki", type=WIKI, default=None, help=WIKI_HELP)
@click.option("--backend", type=BACKENDS, default=None, help="Model backend (default: auto).")
@click.option(
    "--http",
    "http_address",
    metavar="[HOST:]PORT",
    default=None,
    help="Serve over streamable HTTP at http://HOST:PORT/mcp instead of stdio "
    "(HOST defaults to 127.0.0.1).",
)
@click.option(
    "--allow-remote",
    is_flag=True,
    help="Allow --http on a host other than loopback (the tools read your wiki and the web).",
)
def mcp_command(
    wiki: str | None, backend: str | None, http_address: str | None, allow_remote: bool
) -> None:
    """Serve wiki_query, get_page, lookup, web_search, read_article and research_topic, the
    wiki's pages as wiki:// resources and two prompts over MCP: on stdio, or with --http over
    streamable HTTP (loopback only unless --allow-remote).

    Without --wiki or --backend the settings are read from the environment at every call.
    Exit status: 0 the server ran and stopped; 1 the HTTP server could not start (the port is
    taken); 2 bad options or settings, a remote host without --allow-remote.
    """
    from swarm.mcp_http import is_loopback, parse_http_address, server_url

    http: tuple[str, int] | None = None
    if http_address is not None:
        try:
            http = parse_http_address(http_address)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--http") from exc
        if not is_loopback(http[0]) and not allow_remote:
            raise click.UsageError(
                f"--http {http_address}: {http[0]} is not loopback, so other machines could "
                "call the tools (they read your wiki and reach the web); add --allow-remote "
                "to serve it anyway, or use 127.0.0.1"
            )
    elif allow_remote:
        raise click.UsageError("--allow-remote only goes with --http [HOST:]PORT")
    try:
        from swarm.mcp_server import serve
    except ImportError as exc:
        raise click.ClickException(
            f"The MCP server needs the mcp extra: pip install 'swarm-wiki[mcp]' ({exc})"
        ) from exc
    settings = _settings_for(backend, wiki) if (wiki or backend) else None
    if settings is None:
        _checked_settings()  # read again per call, but refuse to start on a bad one
    if http is not None:
        if not is_loopback(http[0]):
            click.echo(
                f"warning: serving on {http[0]}, not loopback: anyone who can reach this "
                "port can read your wiki and make swarm fetch from the web. There is no "
                "authentication.",
                err=True,
            )
        click.echo(f"swarm mcp: streamable HTTP at {server_url(*http)} (Ctrl-C stops)", err=True)
    try:
        serve(settings, http=http)
    except KeyboardInterrupt:  # uvicorn shut down cleanly, then raised the Ctrl-C again
        if http is None:
            raise
        click.echo("swarm mcp: stopped", err=True)
    except SystemExit as exc:  # uvicorn exits 3 when it can't listen (the port is taken)
        if http is None or exc.code in (0, None):
            raise
        click.echo(f"error: could not serve on {server_url(*http)} (see above)", err=True)
        raise SystemExit(1) from None


# --- seeing what swarm sees: status, get, lint, cache (swarm/cli_status.py, cli_wiki.py) -------

from swarm.cli_status import status_command  # noqa: E402 (registered after the group exists)
from swarm.cli_wiki import cache_command, get_command, lint_command  # noqa: E402

for _command in (status_command, get_command, lint_command, cache_command):
    cli.add_command(_command)

# --- the chat (swarm/cli_chat.py) ---------------------------------------------------------------

from swarm.cli_chat import chat_command  # noqa: E402

cli.add_command(chat_command)

# --- going outside, the bot, settings (swarm/cli_outside.py, cli_bot.py, cli_config.py) -------

from swarm.cli_bot import ask_command  # noqa: E402
from swarm.cli_config import config_command  # noqa: E402
from swarm.cli_outside import lookup_command, research_command, search_command  # noqa: E402

for _command in (lookup_command, research_command, search_command, ask_command, config_command):
    cli.add_command(_command)

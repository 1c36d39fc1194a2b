"""The `swarm` command line: parse, call the library, print.

Heavy imports (models, web, mcp) happen inside each command so `swarm --help` stays fast.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import click

from swarm import __version__
from swarm.cli_params import WIKI, WIKI_HELP, question_text

if TYPE_CHECKING:
    from httpx import AsyncBaseTransport, AsyncClient  # noqa: TID251 (type only)

    from swarm.config import Settings
    from swarm.margot_bot import TurnContext, TurnResult
    from swarm.tools.schemas import LookupResult
    from swarm.web.search_chain import SearchOutcome
    from swarm.web.transport import Resolver
    from swarm.wiki_query import WikiQueryResult

_T = TypeVar("_T")


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

    from swarm.wiki_query import query

    question = question_text(question)
    if not question.strip():
        raise click.UsageError(
            'QUESTION is empty: ask something, e.g. swarm query "Who is on call?"'
        )
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


# --- going outside: lookup, research, search ----------------------------------------------------


@dataclass(frozen=True)
class OutsideWiring:
    """What `swarm lookup`, `search` and `research` reach the outside through. By default
    (no `obj`) the real network; a caller that embeds the CLI, or a test, passes its own HTTP
    transport and DNS resolver as click's `obj` (`cli.main(obj=OutsideWiring(...))`,
    `CliRunner().invoke(cli, args, obj=OutsideWiring(...))`)."""

    http_transport: AsyncBaseTransport | None = None
    resolver: Resolver | None = None


def _outside_wiring() -> OutsideWiring:
    obj = click.get_current_context().find_root().obj
    return obj if isinstance(obj, OutsideWiring) else OutsideWiring()


async def _with_outside_client(
    settings: Settings,
    wiring: OutsideWiring,
    run: Callable[[AsyncClient | None], Awaitable[_T]],
) -> _T:
    """`run(client)` with a client over the wiring's transport, or `run(None)` (each tool
    then makes its own, over the real network) when nothing was wired."""
    if wiring.http_transport is None and wiring.resolver is None:
        return await run(None)
    from swarm.web.safe_http import make_client

    async with make_client(
        settings, transport=wiring.http_transport, resolver=wiring.resolver
    ) as client:
        return await run(client)


def _require_question(text: str, name: str, example: str) -> None:
    if not text.strip():
        raise click.UsageError(f"{name} is empty: ask something, e.g. {example}")


def _require_outside_sources(settings: Settings, *, web_only: bool = False) -> None:
    """Usage error (exit 2) when the command has no outside source to ask."""
    if web_only and not settings.web_search_enabled:
        raise click.UsageError(
            "web search is disabled (WEB_SEARCH_ENABLED=false): set WEB_SEARCH_ENABLED=true"
        )
    if not settings.web_search_enabled and not settings.wikipedia_fallback_enabled:
        raise click.UsageError(
            "every outside source is disabled (WEB_SEARCH_ENABLED and "
            "WIKIPEDIA_FALLBACK_ENABLED are false): set either to true"
        )


def _could_not(error: str) -> None:
    """Exit 1, the job could not be done: one `error: ...` line on stderr."""
    click.echo(f"error: {' '.join(error.split())}", err=True)
    raise SystemExit(1)


@cli.command("lookup")
@click.argument("query")
@click.option("--json", "as_json", is_flag=True, help="Print the tool's JSON result only.")
def lookup_command(query: str, as_json: bool) -> None:
    """Look QUERY (`-`: from stdin) up: Wikipedia first, then the web (SearXNG if SEARXNG_URL
    is set, else DuckDuckGo). Prints the answer and where it came from.

    Exit status: 0 with an answer or an honest "nothing found", 1 when every source failed
    (the reasons on stderr), 2 for usage errors (empty query, bad or disabled settings).
    """
    import asyncio
    import json

    from swarm.research import Providers
    from swarm.tools import ToolContext, lookup_result

    query = question_text(query)
    _require_question(query, "QUERY", 'swarm lookup "Mongolia"')
    settings = _checked_settings()  # a bad setting is a usage error, not a buried tool error
    _require_outside_sources(settings)
    context = ToolContext(user_print=_progress)
    wiring = _outside_wiring()
    # --json is what a model would get (fenced page text); humans get the plain text.
    result = asyncio.run(
        _with_outside_client(
            settings,
            wiring,
            lambda client: lookup_result(
                query,
                context=context,
                settings=settings,
                providers=Providers(client=client),
                fence_content=as_json,
            ),
        )
    )
    if as_json:
        click.echo(json.dumps(result.model_dump(), ensure_ascii=False, indent=2))
    else:
        click.echo(_format_lookup(result, show_error=result.success))
    if not result.success:
        _could_not(result.error or "the lookup failed")


def _format_lookup(result: LookupResult, *, show_error: bool = True) -> str:
    from swarm.tools.schemas import LookupArticle, LookupWebResults

    data = result.data
    if isinstance(data, LookupArticle):
        return f"{data.title} (Wikipedia)\n\n{data.extract}\n\n{data.url}"
    if isinstance(data, LookupWebResults):
        lines = [data.content, "", "Results:"]
        for number, hit in enumerate(data.results, start=1):
            lines.append(f"[{number}] {hit.title} — {hit.url}")
        return "\n".join(lines)
    lines = [data.message]
    if show_error and result.error:
        lines.append(f"(error: {result.error})")
    return "\n".join(lines)


@cli.command("research")
@click.argument("topic")
@click.option(
    "--depth",
    type=click.Choice(["quick", "deep"]),
    default="deep",
    show_default=True,
    help="quick: 1-2 sub-queries and few fetches; deep: up to 5 sub-queries.",
)
@click.option("--backend", type=BACKENDS, default=None, help="Model backend (default: auto).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON only.")
def research_command(topic: str, depth: str, backend: str | None, as_json: bool) -> None:
    """Research TOPIC (`-`: from stdin) on Wikipedia and the web; print a report with
    numbered sources.

    Exit status: 0 with a report (even a partial one, or an honest "no sources found" from
    sources that answered), 1 when every source failed (the reasons on stderr), 2 for usage
    errors (empty topic, bad or disabled settings, no key for --backend anthropic).
    """
    import asyncio

    from swarm.research import research_topic

    topic = question_text(topic)
    _require_question(topic, "TOPIC", 'swarm research "Mongolian steppe climate"')
    settings = _checked_settings(**({"backend": backend} if backend else {}))
    _require_backend(settings)
    _require_outside_sources(settings)
    wiring = _outside_wiring()
    result = asyncio.run(
        _with_outside_client(
            settings,
            wiring,
            lambda client: research_topic(
                topic,
                depth,
                settings=settings,
                client=client,
                progress=lambda line: _progress(f"… {line}"),
            ),
        )
    )
    if as_json:
        click.echo(result.model_dump_json(indent=2))
    else:
        click.echo(result.report)
        if result.sources:
            click.echo("\nSources:")
            for number, source in enumerate(result.sources, start=1):
                where = source.url or "(your wiki)"
                click.echo(f"[{number}] {source.title} — {where} ({source.origin})")
        for error in result.errors:
            click.echo(f"note: {error}", err=True)
        click.echo(f"({len(result.sources)} sources, {result.elapsed_s:.1f} s)", err=True)
    if result.all_sources_failed:
        _could_not("every source failed: " + "; ".join(result.errors))


@cli.command("search")
@click.argument("query")
@click.option(
    "--language",
    default=None,
    metavar="CODE",
    help="ISO-639-1 code picking the Wikipedia fallback's language (default: English).",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print the envelope and the outcome as one object."
)
def search_command(query: str, language: str | None, as_json: bool) -> None:
    """Search the web for QUERY (`-`: from stdin; real-time route if configured, DuckDuckGo,
    Brave, Wikipedia) and print the envelope a model would read; progress lines go to stderr.
    `--json`: `{"query", "envelope", "outcome"}`, the outcome being which providers answered
    or failed.

    Exit status: 0 when a provider answered (results, or an honest "nothing found"), 1 when
    every provider failed (the reasons on stderr), 2 for usage errors (empty query, bad
    settings, web search disabled).
    """
    import asyncio

    from swarm.tools.context import ToolContext
    from swarm.web import web_search as web_search_module

    query = question_text(query)
    _require_question(query, "QUERY", 'swarm search "Mongolia population"')
    settings = _checked_settings()
    _require_outside_sources(settings, web_only=True)
    context = ToolContext(user_print=_progress, language=language)
    wiring = _outside_wiring()
    envelope, outcome = asyncio.run(
        _with_outside_client(
            settings,
            wiring,
            lambda client: web_search_module.web_search_with_outcome(
                query, context=context, settings=settings, client=client
            ),
        )
    )
    if as_json:
        from swarm.cli_params import echo_json

        echo_json({"query": query, "envelope": envelope, "outcome": _outcome_dict(outcome)})
    else:
        click.echo(envelope)
    if outcome.all_failed:
        _could_not(outcome.error or "every search provider failed")


def _outcome_dict(outcome: SearchOutcome) -> dict[str, object]:
    return {
        "answered": outcome.answered,
        "asked": list(outcome.asked),
        "failed_providers": list(outcome.failed_providers),
        "failures": list(outcome.failures),
        "all_failed": outcome.all_failed,
        "error": outcome.error,
    }


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
def verify_command(
    wiki: str, backend: str | None, questions: str | None, threshold: float, as_json: bool
) -> None:
    """Run WIKI's questions.yaml (WIKI: a folder or a [wikis] name); print a pass/fail table
    and the four figures (`--json`: the figures and every question's outcome).

    Exit status 0 when every figure meets the threshold, 1 when one does not.
    """
    import asyncio
    from pathlib import Path

    from swarm.config import choose_wiki
    from swarm.verify import QuestionsFileError, format_report, report_dict, run_verification

    settings = _settings_for(backend, wiki)
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


# --- the bot: ask, chat, and the MCP server ----------------------------------------------------


def _turn_context(settings: Settings, wiki: str | None) -> TurnContext:
    from swarm.errors import SwarmError
    from swarm.margot_bot import TurnContext
    from swarm.models import get_reasoner

    try:
        model = get_reasoner(settings)
    except SwarmError as exc:  # e.g. an unknown backend name: a setting to fix
        raise click.UsageError(str(exc)) from exc
    return TurnContext(settings=settings, model=model, wiki_dir=wiki, user_print=_progress)


def _format_source(source: str) -> str:
    return f"wiki: {source[len('wiki:') :]}" if source.startswith("wiki:") else source


def _format_turn(result: TurnResult) -> str:
    """The reply, then per research request the path it took (and what failed), then the
    sources used: wiki pages by path, web sources by URL."""
    lines = [result.reply]
    if result.findings:
        lines.append("")
        for finding, path in zip(result.findings, result.paths, strict=False):
            error = finding.get("error")
            if error and finding.get("depth") == "wiki":  # the wiki's answer, unchecked
                note = f"  (not checked outside: {error})"
            elif error:
                note = f"  (error: {error})"
            else:
                note = ""
            lines.append(f"[{path}] {finding['topic']}{note}")
    if result.sources_used:
        lines += ["", "Sources:"]
        lines += [f"- {_format_source(source)}" for source in result.sources_used]
    return "\n".join(lines)


@cli.command("ask")
@click.argument("message")
@click.option("--wiki", type=WIKI, default=None, help=WIKI_HELP)
@click.option("--backend", type=BACKENDS, default=None, help="Model backend (default: auto).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole turn result as JSON.")
def ask_command(message: str, wiki: str | None, backend: str | None, as_json: bool) -> None:
    """Ask the bot MESSAGE (`-`: from stdin): one turn, wiki first, outside only when needed.

    Progress goes to stderr; the reply, per research request the path taken
    (wiki / wiki+web / web), and the sources used go to stdout.

    Exit status: 0 when the turn gave a reply: an answer, the wiki's answer with a note that
    it could not be checked outside, or an honest "nothing was found"; 1 when it could not
    be done (the result's `failed`: every research request failed with no wiki answer to
    give, or the model failed with nothing researched); 2 for usage errors (an empty
    MESSAGE, a bad setting, no wiki configured, no key for --backend anthropic).
    """
    import asyncio

    from swarm.margot_bot import handle_turn

    message = question_text(message)
    if not message.strip():
        raise click.UsageError('MESSAGE is empty: ask something, e.g. swarm ask "Who is on call?"')
    settings = _settings_for(backend, wiki)
    result = asyncio.run(handle_turn(message, context=_turn_context(settings, wiki)))
    if as_json:
        click.echo(result.model_dump_json(indent=2))
    else:
        click.echo(_format_turn(result))
    if result.failed:
        raise SystemExit(1)


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


# --- settings ---------------------------------------------------------------------------------


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


@cli.command("config")
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


# --- seeing what swarm sees: status, get, lint, cache (swarm/cli_status.py, cli_wiki.py) -------

from swarm.cli_status import status_command  # noqa: E402 (registered after the group exists)
from swarm.cli_wiki import cache_command, get_command, lint_command  # noqa: E402

for _command in (status_command, get_command, lint_command, cache_command):
    cli.add_command(_command)

# --- the chat (swarm/cli_chat.py) ---------------------------------------------------------------

from swarm.cli_chat import chat_command  # noqa: E402

cli.add_command(chat_command)

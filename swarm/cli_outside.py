"""`swarm lookup`, `research` and `search`: going outside (Wikipedia and the web).

Registered on the `swarm` group by `swarm.cli`; heavy imports happen inside each command.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import click

from swarm.cli_common import BACKENDS, _checked_settings, _progress, _require_backend
from swarm.cli_params import question_text

if TYPE_CHECKING:
    from httpx import AsyncBaseTransport, AsyncClient  # noqa: TID251 (type only)

    from swarm.config import Settings
    from swarm.models.base import Reasoner
    from swarm.research import Providers
    from swarm.tools.schemas import LookupResult
    from swarm.web.search_chain import SearchOutcome
    from swarm.web.transport import Resolver

_T = TypeVar("_T")


@dataclass(frozen=True)
class OutsideWiring:
    """What `swarm lookup`, `search` and `research` reach the outside through. By default
    (no `obj`) the real network; a caller that embeds the CLI, or a test, passes its own HTTP
    transport and DNS resolver as click's `obj` (`cli.main(obj=OutsideWiring(...))`,
    `CliRunner().invoke(cli, args, obj=OutsideWiring(...))`), and for `research` its own
    providers and model."""

    http_transport: AsyncBaseTransport | None = None
    resolver: Resolver | None = None
    # What `swarm research` runs with instead of the defaults: the outside sources
    # (`swarm.research.Providers`) and the model that plans and writes the report.
    providers: Providers | None = None
    model: Reasoner | None = None


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


@click.command("lookup")
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


@click.command("research")
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
                providers=wiring.providers,
                model=wiring.model,
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


@click.command("search")
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

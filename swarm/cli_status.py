"""`swarm status`: what swarm sees: the wiki and its pages, the index's health (lint's
counts), the cache and its size, the backend and whether it answers, the settings.

Registered on the `swarm` group by `swarm.cli`. No network unless `--check` is given.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import click

from swarm.cli_params import WIKI, WIKI_HELP, checked_settings, echo_json, human_size, printable

if TYPE_CHECKING:
    from httpx import AsyncBaseTransport  # noqa: TID251 (type only)

    from swarm.config import Settings

__all__ = ["backend_status", "status_command"]

_CHECK_TIMEOUT_S = 5.0
_ANTHROPIC_API = "https://api.anthropic.com"


def _wiki_status(wiki: str | None, settings: Settings) -> dict[str, Any]:
    from swarm.config import choose_wiki, resolve_wiki_dir
    from swarm.errors import SwarmError
    from swarm.wiki.lint import lint_wiki

    if wiki:
        source = "--wiki"
    elif settings.wiki_dir is not None:
        source = f"BRAIN1_WIKI_DIR ({settings.source_of('wiki_dir')})"
    elif settings.default_wiki is not None:
        source = "[wikis].default (config file)"
    else:
        source = "not configured"
    status: dict[str, Any] = {"path": None, "name": None, "source": source, "error": None}
    try:
        status["name"] = choose_wiki(wiki, settings).name
        root = resolve_wiki_dir(wiki, settings)
    except SwarmError as exc:
        status["error"] = str(exc)
        return status
    status["path"] = str(root)
    try:
        report = lint_wiki(root, settings, now=dt.datetime.now(dt.UTC))
    except SwarmError as exc:
        status["error"] = str(exc)
        return status
    status["index_entries"] = report.index_entries
    status["pages_on_disk"] = report.pages_on_disk
    status["health"] = {
        "clean": report.clean,
        "problems": len(report.problems),
        "counts": report.counts,
    }
    return status


def _embeddings_status(wiki_status: dict[str, Any], settings: Settings) -> dict[str, object]:
    """Hybrid ranking: on or off, and how many of the wiki's pages have cached vectors."""
    from pathlib import Path

    from swarm.errors import SwarmError
    from swarm.hybrid_ranking import embeddings_status
    from swarm.wiki.index import load_page_map

    page_map = None
    if wiki_status["path"] is not None and wiki_status["error"] is None:
        try:
            page_map = load_page_map(Path(wiki_status["path"]), max_bytes=settings.max_index_bytes)
        except SwarmError:
            page_map = None
    return embeddings_status(page_map, settings)


def backend_status(
    settings: Settings, *, check: bool, transport: AsyncBaseTransport | None = None
) -> dict[str, Any]:
    """The backend `auto` resolves to and whether it answers: offline always does; a chat
    backend is "configured, not checked" unless `check`, which makes one bounded request
    (`GET …/models`, 5 s) through `transport` when given (tests), else the network."""
    from swarm.models import backend_problem, resolve_backend

    resolved = resolve_backend(settings)
    status: dict[str, Any] = {"setting": settings.backend, "backend": resolved}
    if resolved == "offline":
        return {**status, "answers": True, "detail": "yes (offline: no key, no network needed)"}
    problem = backend_problem(settings)
    if problem:
        return {**status, "answers": False, "detail": f"no: {problem}"}
    key, base, header = _endpoint(settings, resolved)
    if not check:
        detail = "configured, not checked (swarm status --check asks it once)"
        return {**status, "answers": None, "detail": detail}
    # A local OpenAI-compatible server may take no key; the SDK's placeholder stands in.
    answers, detail = _ask(settings, base, header, key or "no-key", transport)
    return {**status, "answers": answers, "detail": detail}


def _endpoint(settings: Settings, backend: str) -> tuple[str | None, str | None, str]:
    """(key, base URL (None: the public API), auth header) of a chat backend."""
    if backend == "anthropic":
        return settings.anthropic_key(), settings.anthropic_base_url, "x-api-key"
    # An OpenAI-compatible backend (its settings are read by name: the fields are optional).
    secret: Any = getattr(settings, f"{backend}_api_key", None)
    key = str(secret.get_secret_value()).strip() if hasattr(secret, "get_secret_value") else ""
    base = getattr(settings, f"{backend}_base_url", None)
    return key or None, str(base) if base else None, "Authorization"


def _ask(
    settings: Settings,
    base: str | None,
    header: str,
    key: str,
    transport: AsyncBaseTransport | None,
) -> tuple[bool, str]:
    import asyncio

    from swarm.errors import FetchError
    from swarm.web.safe_http import make_client, provider_request
    from swarm.web.urls import redact_url

    own = base is not None  # the user's own endpoint (environment or config file only)
    root = (base or _ANTHROPIC_API).rstrip("/")
    url = f"{root}/models" if own and not root.endswith("anthropic.com") else f"{root}/v1/models"
    headers = {header: f"Bearer {key}" if header == "Authorization" else key}
    if header == "x-api-key":
        headers["anthropic-version"] = "2023-06-01"

    async def run() -> int:
        async with make_client(settings, transport=transport, guarded=not own) as client:
            reply = await provider_request(
                url,
                client=client,
                headers=headers,
                timeout_s=_CHECK_TIMEOUT_S,
                max_bytes=256 * 1024,
                settings=settings,
                vet_url=not own,
            )
            return reply.status_code

    shown = redact_url(url)
    try:
        code = asyncio.run(run())
    except FetchError as exc:
        return False, f"no: {exc.reason} ({shown})"
    if code < 300:
        return True, f"yes (HTTP {code} from {shown})"
    if code in (401, 403):
        return False, f"no: the key was refused (HTTP {code} from {shown})"
    return False, f"no: HTTP {code} from {shown}"


def _transport() -> AsyncBaseTransport | None:
    """The HTTP transport a caller wired in as click's `obj` (`swarm.cli_outside.OutsideWiring`)."""
    obj = click.get_current_context().find_root().obj
    return getattr(obj, "http_transport", None)


@click.command("status")
@click.option("--wiki", type=WIKI, default=None, help=WIKI_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the status as one JSON object.")
@click.option("--check", is_flag=True, help="Ask the backend once (5 s) whether it answers.")
def status_command(wiki: str | None, as_json: bool, check: bool) -> None:
    """Show what swarm sees: the wiki and its pages, the index's health (`swarm lint`'s
    counts), the cache and its size, the backend and whether it answers, the settings that
    are not at their default (keys redacted). No network call unless --check.

    Exit status: 0 shown; 1 with --check when the backend does not answer; 2 no usable
    wiki (the rest is still shown), bad settings.
    """
    from swarm.cli_wiki import known_wikis
    from swarm.settings_report import describe_settings
    from swarm.wiki.cache_admin import scan_cache

    settings = checked_settings()
    wiki_status = _wiki_status(wiki, settings)
    scan = scan_cache(settings.effective_cache_dir(), known_wikis=known_wikis(settings))
    backend = backend_status(settings, check=check, transport=_transport() if check else None)
    embeddings = _embeddings_status(wiki_status, settings)
    rows = describe_settings(settings)
    config_file = settings.config_file
    payload = {
        "wiki": wiki_status,
        "cache": scan.as_dict(),
        "backend": backend,
        "embeddings": embeddings,
        "config_file": {
            "path": str(config_file) if config_file is not None else None,
            "found": settings.config_file_found,
        },
        "settings": {
            row["setting"]: {key: row[key] for key in ("env", "source", "value")} for row in rows
        },
    }
    if as_json:
        echo_json(payload)
    else:
        _print_status(payload, rows)
    if wiki_status["error"] is not None:
        raise SystemExit(2)
    if check and backend["answers"] is False:
        raise SystemExit(1)


def _print_status(payload: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    wiki, cache, backend = payload["wiki"], payload["cache"], payload["backend"]
    named = f"wiki {wiki['name']!r}, " if wiki["name"] else ""
    where = wiki["path"] or "-"
    click.echo(printable(f"wiki:     {where}  ({named}from {wiki['source']})"))
    if wiki["error"]:
        click.echo(printable(f"          error: {wiki['error']}"))
    else:
        click.echo(
            f"pages:    {wiki['index_entries']} in index.md, {wiki['pages_on_disk']} .md files "
            "on disk (index.md aside)"
        )
        health = wiki["health"]
        counts = ", ".join(f"{n} {kind}" for kind, n in health["counts"].items() if n)
        shown = "clean" if health["clean"] else f"{health['problems']} problems: {counts}"
        click.echo(f"health:   {shown}" + ("" if health["clean"] else "  (swarm lint lists them)"))
    kinds = ", ".join(
        f"{row['entries']} {kind} ({human_size(row['bytes'])})"
        for kind, row in cache["kinds"].items()
    )
    missing = "" if cache["exists"] else " (not created yet)"
    click.echo(
        printable(f"cache:    {cache['path']}{missing}  {human_size(cache['bytes'])}")
        + (f": {kinds}" if kinds else "")
    )
    if cache["prunable"]:
        freed = human_size(cache["prunable_bytes"])
        click.echo(f"          {cache['prunable']} entries to prune ({freed}): swarm cache prune")
    click.echo(
        f"backend:  {backend['backend']} (SWARM_MODEL={backend['setting']})  "
        f"answers: {backend['detail']}"
    )
    click.echo(printable(f"ranking:  BM25, embeddings {payload['embeddings']['detail']}"))
    config_file = payload["config_file"]
    found = "found" if config_file["found"] else "not found"
    click.echo(printable(f"config:   {config_file['path'] or '(no home folder)'} ({found})"))
    changed = [row for row in rows if row["source"] != "default"]
    click.echo("settings: " + ("all at their default" if not changed else "not at their default:"))
    width = max([len(row["env"]) for row in changed] or [0])
    for row in changed:
        value = row["value"]
        if isinstance(value, dict):
            value = ", ".join(f"{name} = {folder}" for name, folder in value.items()) or "(none)"
        click.echo(printable(f"  {row['env']:<{width}}  {row['source']:<11}  {value}"))
    click.echo("          (swarm config lists every setting)")

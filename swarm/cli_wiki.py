"""`swarm get`, `swarm lint` and `swarm cache`: seeing the wiki and the cache as swarm does.

Registered on the `swarm` group by `swarm.cli`; read-only on the wiki, always.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

import click

from swarm.cli_params import (
    WIKI,
    WIKI_HELP,
    checked_settings,
    echo_json,
    human_size,
    printable,
    wiki_root,
)

if TYPE_CHECKING:
    from swarm.config import Settings
    from swarm.wiki.cache_admin import CacheEntry

__all__ = ["cache_command", "get_command", "known_wikis", "lint_command"]


# --- get ---------------------------------------------------------------------------------------


class _Refused(click.UsageError):
    """PAGE names something outside the wiki or no page at all (exit 2)."""


def _could_not(message: str) -> None:
    click.echo(f"error: {printable(message)}", err=True)
    raise SystemExit(1)


@click.command("get")
@click.argument("page")
@click.option("--wiki", type=WIKI, default=None, help=WIKI_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print path, title, frontmatter, text.")
@click.option(
    "--excerpt", is_flag=True, help="Only what the model reads: the body's first 1,500 chars."
)
def get_command(page: str, wiki: str | None, as_json: bool, excerpt: bool) -> None:
    """Print PAGE of the wiki: a path (`clients/acme.md`), a name as the index links it
    (`ccw`, `[[ccw]]`, `CCW.md`), or an absolute path inside the wiki.

    Exit status: 0 the page was printed; 1 no such page, or it can't be read (binary, not
    UTF-8, over the size limit: --excerpt still shows its start); 2 a path outside the wiki
    or not a page (a folder, not .md), an empty PAGE, no wiki, bad settings.
    """
    from swarm.errors import NotAPage, PageNotFound, PageOutsideWiki, PageUnreadable
    from swarm.wiki.get import get_page, json_safe

    settings = checked_settings()
    root, _ = wiki_root(wiki, settings)
    if not page.strip():
        raise click.UsageError("PAGE is empty: name a page, e.g. swarm get ccw")
    try:
        found = get_page(
            root,
            page,
            excerpt_chars=settings.page_excerpt_chars,
            max_bytes=settings.max_page_bytes,
            excerpt=excerpt,
        )
    except (PageOutsideWiki, NotAPage) as exc:
        raise _Refused(str(exc)) from exc
    except PageNotFound as exc:
        _could_not(str(exc))
    except PageUnreadable as exc:
        _could_not(f"{exc.page} can't be read: {exc.reason}")
    path, text, truncated = found.path, found.text, found.truncated
    if as_json:
        echo_json(
            {
                "path": path,
                "title": found.title,
                "frontmatter": json_safe(found.metadata),
                "text": text,
                "truncated": truncated,
            }
        )
        return
    if found.metadata and not excerpt:
        click.echo("---")
        for key, value in json_safe(found.metadata).items():
            click.echo(printable(f"{key}: {value}"))
        click.echo("---")
    click.echo(printable(text, keep_lines=True))


# --- lint --------------------------------------------------------------------------------------


@click.command("lint")
@click.option("--wiki", type=WIKI, default=None, help=WIKI_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the findings as one JSON object.")
def lint_command(wiki: str | None, as_json: bool) -> None:
    """Check the wiki the way swarm reads it: pages index.md doesn't list, dead index entries,
    broken [[wikilinks]] and markdown links, stale pages (the gate's own rules, with their
    dates), pages over the size limit or with little text in their excerpt, duplicate
    titles. Reads only; writes nothing.

    Exit status: 0 clean, 1 problems found, 2 no wiki or bad settings.
    """
    from swarm.errors import SwarmError
    from swarm.wiki.lint import KINDS, lint_wiki

    settings = checked_settings()
    root, _ = wiki_root(wiki, settings)
    try:
        report = lint_wiki(root, settings, now=dt.datetime.now(dt.UTC))
    except SwarmError as exc:
        _could_not(str(exc))
    if as_json:
        echo_json(report.as_dict())
    else:
        click.echo(
            f"swarm lint {printable(str(root))}: {report.index_entries} index entries, "
            f"{report.pages_on_disk} pages on disk"
        )
        for kind, heading in KINDS.items():
            found = [problem for problem in report.problems if problem.kind == kind]
            if found:
                click.echo(f"\n{heading}: {len(found)}")
                for problem in found:
                    click.echo(f"  {printable(problem.path)}  {printable(problem.detail)}")
        counts = ", ".join(f"{count} {kind}" for kind, count in report.counts.items() if count)
        click.echo(f"\n{len(report.problems)} problems ({counts})" if counts else "\nclean")
    if not report.clean:
        raise SystemExit(1)


# --- cache -------------------------------------------------------------------------------------


def known_wikis(settings: Settings) -> list[Path]:
    """The wikis the settings name (`[wikis]` and `BRAIN1_WIKI_DIR`), to recognise cache
    entries older than the record of their wiki."""
    from swarm.config import resolve_wiki_dir
    from swarm.errors import SwarmError

    found: list[Path] = []
    for value in [*settings.wikis, None]:
        try:
            found.append(resolve_wiki_dir(value, settings))
        except SwarmError:
            continue
    return found


def _entry_line(entry: CacheEntry) -> str:
    owner = f"  ({printable(entry.wiki_dir)})" if entry.wiki_dir else "  (wiki unknown)"
    why = f"  <- {entry.dead_because}" if entry.dead_because else ""
    name = printable(entry.path.name)
    return f"  {entry.kind:<14} {human_size(entry.size_bytes):>10}  {name}{owner}{why}"


@click.command("cache")
@click.argument("action", type=click.Choice(["clear", "prune"]), required=False)
@click.option("--json", "as_json", is_flag=True, help="Print what was found or removed as JSON.")
def cache_command(action: str | None, as_json: bool) -> None:
    """Show swarm's cache (ranking indexes, page vectors, parsed page maps; never in a wiki), or
    tidy it: `prune` removes entries whose wiki is gone, whose index.md changed, written by
    another swarm version, and temporary files left by a crash; `clear` removes every entry
    swarm wrote. Nothing else in the folder is touched, and no symlink is followed.

    Exit status: 0 done (even with nothing to remove), 1 an entry could not be removed, 2
    bad settings.
    """
    from swarm.wiki.cache_admin import remove_entries, scan_cache

    settings = checked_settings()
    scan = scan_cache(settings.effective_cache_dir(), known_wikis=known_wikis(settings))
    if action is None:
        if as_json:
            echo_json({**scan.as_dict(), "entries": [e.as_dict() for e in scan.entries]})
            return
        click.echo(f"cache: {printable(str(scan.cache_dir))}  {human_size(scan.total_bytes)}")
        for entry in scan.entries:
            click.echo(_entry_line(entry))
        dead_bytes = sum(entry.size_bytes for entry in scan.dead)
        click.echo(f"{len(scan.dead)} entries to prune ({human_size(dead_bytes)})")
        return
    removal = remove_entries(scan.entries if action == "clear" else scan.dead)
    if as_json:
        echo_json(
            {
                "action": action,
                "cache_dir": str(scan.cache_dir),
                "removed": [entry.as_dict() for entry in removal.removed],
                "bytes_freed": removal.bytes_freed,
                "failed": [{**entry.as_dict(), "error": why} for entry, why in removal.failed],
            }
        )
    else:
        for entry in removal.removed:
            click.echo("removed" + _entry_line(entry)[1:])
        for entry, why in removal.failed:
            click.echo(f"error: could not remove {printable(str(entry.path))}: {why}", err=True)
        click.echo(
            f"{action}: {len(removal.removed)} entries removed, {human_size(removal.bytes_freed)} "
            f"freed ({printable(str(scan.cache_dir))})"
        )
    if removal.failed:
        raise SystemExit(1)

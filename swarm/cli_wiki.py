"""`swarm get`, `swarm lint` and `swarm cache`: seeing the wiki and the cache as swarm does.

Registered on the `swarm` group by `swarm.cli`; read-only on the wiki, always.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path, PureWindowsPath
from typing import TYPE_CHECKING, Any

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


def _page_path(root: Path, page: str) -> str:
    """The wiki-relative path PAGE means: an index entry (`ccw`, `[[ccw]]`, `CCW.md`), else a
    file on disk, confined to the wiki. Exit 2 for outside / not a page, 1 for missing."""
    from swarm.wiki.index import load_page_map
    from swarm.wiki.links import page_name_forms

    text = page.strip()
    if not text:
        raise click.UsageError("PAGE is empty: name a page, e.g. swarm get ccw")
    if text.startswith(("/", "~")) or PureWindowsPath(text).drive or "\x00" in text:
        text = _inside(root, text)  # an absolute path is fine when it lies in the wiki
    match = load_page_map(root).match(text)
    if match.path is not None:
        if _confined(root, page, match.path):
            return match.path
        _could_not(f"{match.path} is listed in index.md but the file is missing")
    if match.reason.startswith("ambiguous"):
        raise _Refused(f"{page!r} is {match.reason}: name its folder too")
    forms, reason = page_name_forms(text)
    if not forms:
        what = "outside the wiki" if reason == "outside the wiki" else "not a page name"
        raise _Refused(f"{page!r} is {what} ({root})")
    for form in dict.fromkeys([text.replace("\\", "/"), *forms]):
        if _confined(root, page, form):
            if not form.lower().endswith(".md"):
                raise _Refused(f"{page!r} is not a page: pages are .md files")
            return form
    _could_not(f"no page {page!r} in {root}: not in index.md, and no such file")
    raise AssertionError("unreachable")


def _confined(root: Path, page: str, path: str) -> bool:
    """Whether `path` is a file inside the wiki; exit 2 when it lies outside (a symlink out,
    `..`) or is a folder or a special file."""
    from swarm.errors import PageOutsideWiki, PageUnreadable
    from swarm.wiki.pages import confine

    try:
        confine(root, path)
    except PageOutsideWiki as exc:
        raise _Refused(f"{page!r} is outside the wiki ({root})") from exc
    except PageUnreadable as exc:
        if exc.reason == "not a regular file":
            raise _Refused(f"{page!r} is not a page (a folder or a special file)") from exc
        return False
    return True


def _inside(root: Path, text: str) -> str:
    try:
        real = os.path.realpath(os.path.expanduser(text.replace("\x00", "")))
    except (OSError, ValueError):
        real = ""
    prefix = str(root).rstrip(os.sep) + os.sep
    if "\x00" in text or not real.startswith(prefix):
        raise _Refused(f"{text!r} is outside the wiki ({root})")
    return Path(real).relative_to(root).as_posix()


def _json_safe(value: Any) -> Any:
    """Frontmatter as JSON: dates and datetimes in ISO 8601, mappings and lists walked."""
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(key): _json_safe(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_json_safe(item) for item in value]
    return value


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
    from swarm.errors import WikiError
    from swarm.wiki.pages import read_page, read_page_text

    settings = checked_settings()
    root, _ = wiki_root(wiki, settings)
    path = _page_path(root, page)
    entry = _entry(root, path)
    head = read_page(
        root,
        path,
        title=entry,
        max_chars=settings.page_excerpt_chars,
        max_bytes=settings.max_page_bytes,
    )
    if head.error is not None:
        _could_not(f"{path} can't be read: {head.error}")
    text, truncated = head.text, head.truncated
    if not excerpt:
        try:
            text, truncated = read_page_text(root, path, max_bytes=settings.max_page_bytes), False
        except WikiError as exc:
            _could_not(f"{path} can't be read whole: {exc}; --excerpt shows its start")
        text = text.strip()
    if as_json:
        echo_json(
            {
                "path": path,
                "title": head.title,
                "frontmatter": _json_safe(head.metadata),
                "text": text,
                "truncated": truncated,
            }
        )
        return
    if head.metadata and not excerpt:
        click.echo("---")
        for key, value in _json_safe(head.metadata).items():
            click.echo(printable(f"{key}: {value}"))
        click.echo("---")
    click.echo(printable(text, keep_lines=True))


def _entry(root: Path, path: str) -> str:
    from swarm.wiki.index import load_page_map

    entry = load_page_map(root).by_path.get(path)
    return entry.title if entry is not None else ""


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
    """Show swarm's cache (ranking indexes and parsed page maps; never inside a wiki), or
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

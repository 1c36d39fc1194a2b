"""`swarm lint`'s checks: what in a wiki swarm can't see or will judge badly, read-only.

Pages on disk index.md doesn't list, dead index entries, broken links, stale pages (by the
gate's own freshness rules), pages over the size limit or with little text, duplicate titles.
"""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import unquote, urlsplit

from markdown_it import MarkdownIt

from swarm.errors import PageOutsideWiki, PageUnreadable, WikiError
from swarm.wiki.dates import parse_date
from swarm.wiki.freshness import (
    page_is_stale,
    page_is_time_sensitive,
    page_last_updated,
)
from swarm.wiki.frontmatter_keys import page_marked_out_of_date
from swarm.wiki.index import INDEX_FILENAME, PageEntry, load_page_map
from swarm.wiki.links import LinkLine, normalise_page_path, wikilink_plugin
from swarm.wiki.pages import PageExcerpt, confine, read_page, read_page_text

if TYPE_CHECKING:
    from swarm.config import Settings

__all__ = ["KINDS", "LITTLE_TEXT_MIN_CHARS", "LintProblem", "LintReport", "lint_wiki", "walk_pages"]

ProblemKind = Literal[
    "not_in_index",
    "dead_entry",
    "broken_link",
    "stale",
    "too_large",
    "little_text",
    "duplicate_title",
    "unreadable",
]
# Every kind, in report order, with the heading it is printed under.
KINDS: dict[ProblemKind, str] = {
    "not_in_index": "pages on disk that index.md does not list (invisible to the page map)",
    "dead_entry": "index entries whose page is missing",
    "broken_link": "broken links inside pages",
    "stale": "stale pages, past their freshness window",
    "too_large": "pages over the size limit (ranked on their index line only)",
    "little_text": "pages whose excerpt holds little text",
    "duplicate_title": "index entries sharing a title",
    "unreadable": "pages that can't be read",
}
# An excerpt with fewer letters and digits than this, once links and markup are dropped,
# gives the model almost nothing to answer from.
LITTLE_TEXT_MIN_CHARS = 100
_MAX_WALK_FILES = 500_000
_MAX_NESTING = 100
_MARKDOWN = MarkdownIt("commonmark", {"html": False, "maxNesting": _MAX_NESTING}).enable("table")
_MARKDOWN.use(wikilink_plugin)
_WIKILINK = re.compile(r"!?\[\[([^\[\]|]*)(?:\|([^\[\]]*))?\]\]")
_MARKDOWN_LINK = re.compile(r"!?\[([^\[\]]*)\]\([^()]*\)")
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE)
_HTML_TAG = re.compile(r"<[^>\n]{0,200}>")


@dataclass(frozen=True, slots=True)
class LintProblem:
    """One finding: its kind, the page (or `index.md`) it is about, and a one-line detail."""

    kind: ProblemKind
    path: str
    detail: str

    def as_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "path": self.path, "detail": self.detail}


@dataclass(frozen=True)
class LintReport:
    """What `lint_wiki` found in one wiki."""

    wiki_dir: Path
    pages_on_disk: int
    index_entries: int
    problems: tuple[LintProblem, ...]
    counts: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        counts = dict.fromkeys(KINDS, 0)
        for problem in self.problems:
            counts[problem.kind] += 1
        object.__setattr__(self, "counts", counts)

    @property
    def clean(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict[str, Any]:
        return {
            "wiki_dir": str(self.wiki_dir),
            "pages_on_disk": self.pages_on_disk,
            "index_entries": self.index_entries,
            "clean": self.clean,
            "counts": self.counts,
            "problems": [problem.as_dict() for problem in self.problems],
        }


def walk_pages(wiki_dir: Path) -> Iterator[str]:
    """Every markdown file under `wiki_dir` (POSIX paths, sorted per folder), index.md
    included: dot-files and dot-folders skipped, symlinked folders not followed."""
    seen_files = 0
    for folder, subfolders, files in os.walk(wiki_dir, onerror=lambda _error: None):
        subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
        relative = Path(folder).relative_to(wiki_dir).as_posix()
        for name in sorted(files):
            if name.lower().endswith(".md") and not name.startswith("."):
                yield name if relative == "." else f"{relative}/{name}"
        seen_files += len(files)
        if seen_files > _MAX_WALK_FILES:
            return


def lint_wiki(wiki_dir: Path, settings: Settings, *, now: dt.datetime) -> LintReport:
    """Check the wiki whose index.md is in `wiki_dir` (see `KINDS`). Reads only, through the
    confined readers; writes nothing anywhere. Raises `IndexNotFound` / `WikiError` when the
    index itself can't be read."""
    root = Path(wiki_dir).resolve()
    page_map = load_page_map(root, max_bytes=settings.max_index_bytes)  # no disk cache
    on_disk = [path for path in walk_pages(root) if path != INDEX_FILENAME]
    disk_set = set(on_disk)
    problems: list[LintProblem] = []
    problems += (
        LintProblem("not_in_index", path, "not linked from index.md")
        for path in on_disk
        if path not in page_map.by_path
    )
    readable_entries: list[str] = []
    for entry in page_map.entries:
        reason = _unreadable_reason(root, entry.path)
        if reason is None:
            readable_entries.append(entry.path)
        else:
            problems.append(LintProblem("dead_entry", entry.path, f"listed in index.md: {reason}"))
    pages = list(dict.fromkeys([*on_disk, *readable_entries]))
    resolver = _LinkResolver(root, disk_set)
    for path in pages:
        problems += _check_page(root, path, page_map.by_path.get(path), settings, now, resolver)
    problems += _duplicate_titles(page_map.entries)
    order = list(KINDS)
    problems.sort(key=lambda problem: order.index(problem.kind))  # stable: page order kept
    return LintReport(root, len(on_disk), len(page_map), tuple(problems))


def _unreadable_reason(root: Path, rel_path: str) -> str | None:
    try:
        confine(root, rel_path)
    except PageOutsideWiki:
        return "outside the wiki"
    except PageUnreadable as error:
        return error.reason
    return None


def _check_page(
    root: Path,
    path: str,
    entry: PageEntry | None,
    settings: Settings,
    now: dt.datetime,
    resolver: _LinkResolver,
) -> Iterator[LintProblem]:
    excerpt = read_page(
        root, path, max_chars=settings.page_excerpt_chars, max_bytes=settings.max_page_bytes
    )
    if excerpt.error is not None:
        yield LintProblem("unreadable", path, excerpt.error)
        return
    size = _size(root, path)
    if size is not None and size > settings.max_page_bytes:
        yield LintProblem(
            "too_large", path, f"{size:,} bytes; limit {settings.max_page_bytes:,} (max_page_bytes)"
        )
    if (stale := _staleness(excerpt, entry, settings, now)) is not None:
        yield LintProblem("stale", path, stale)
    letters = text_chars(excerpt.text)
    if letters < LITTLE_TEXT_MIN_CHARS:
        yield LintProblem(
            "little_text",
            path,
            f"{letters} letters/digits of text in its first {settings.page_excerpt_chars:,} "
            f"characters (under {LITTLE_TEXT_MIN_CHARS})",
        )
    if size is not None and size <= settings.max_page_bytes:
        try:
            body = read_page_text(root, path, max_bytes=settings.max_page_bytes)
        except WikiError:
            return
        for target, why in resolver.broken_links(path, page_links(body)):
            yield LintProblem("broken_link", path, f"{target}: {why}")


def _size(root: Path, path: str) -> int | None:
    try:
        return confine(root, path).stat().st_size
    except (WikiError, OSError):
        return None


def _staleness(
    excerpt: PageExcerpt, entry: PageEntry | None, settings: Settings, now: dt.datetime
) -> str | None:
    """Why the page is stale by `wiki_query`'s rule (its own window, else the short one for a
    time-sensitive page, else `stale_after_days`; `stale_from_mtime` honoured), or None."""
    metadata = dict(excerpt.metadata)
    dated_by = "updated"
    if (
        settings.stale_from_mtime
        and excerpt.modified is not None
        and "review_by" not in metadata
        and page_last_updated(metadata) is None
    ):
        metadata["updated"], dated_by = excerpt.modified, "file modified"
    sensitive = page_is_time_sensitive(metadata, entry)
    if not page_is_stale(
        metadata,
        now=now,
        stale_after_days=settings.stale_after_days,
        time_sensitive=sensitive,
        time_sensitive_stale_after_days=settings.time_sensitive_stale_after_days,
    ):
        return None
    if (marked := page_marked_out_of_date(metadata)) is not None:
        return f"the page says it is out of date ({marked})"
    review_by = parse_date(metadata.get("review_by"))
    if review_by is not None:
        return f"review_by {review_by.date().isoformat()} has passed"
    updated = page_last_updated(metadata)
    own = metadata.get("stale_after_days")
    if own is not None:
        window = f"its own stale_after_days {own}"
    elif sensitive:
        window = f"{settings.time_sensitive_stale_after_days} days (time-sensitive page)"
    else:
        window = f"{settings.stale_after_days} days"
    day = updated.date().isoformat() if updated is not None else "?"
    return f"{dated_by} {day}, window {window}"


def text_chars(excerpt: str) -> int:
    """Letters and digits in `excerpt` once link targets, URLs and HTML tags are dropped."""
    text = _WIKILINK.sub(lambda m: m.group(2) or m.group(1), excerpt)
    text = _MARKDOWN_LINK.sub(lambda m: m.group(1), text)
    text = _HTML_TAG.sub(" ", _URL.sub(" ", text))
    return sum(char.isalnum() for char in text)


def page_links(body: str) -> list[tuple[str, bool]]:
    """Every link in a page body, `(raw target, is_wikilink)`, in order; embeds and images
    are not links to pages, links in code are not links."""
    links: list[tuple[str, bool]] = []
    for token in _MARKDOWN.parse(body):
        lines: list[LinkLine] = (
            (token.meta or {}).get("lines", []) if token.type == "inline" else []
        )
        for line in lines:
            links += [(raw, is_wiki) for raw, _text, is_wiki in line.links]
    return links


class _LinkResolver:
    """Whether a link from a page lands on a page, the way Obsidian and index.md read it:
    relative to the page's folder, from the wiki root, or (wikilinks) by the shortest path,
    any page of that name or path ending."""

    def __init__(self, root: Path, disk_pages: set[str]) -> None:
        self.root = root
        self.pages = disk_pages
        self.by_name: dict[str, int] = {}
        for path in disk_pages:
            name = path.rpartition("/")[2].casefold()
            self.by_name[name] = self.by_name.get(name, 0) + 1

    def exists(self, path: str) -> bool:
        return path in self.pages or _unreadable_reason(self.root, path) is None

    def broken_links(
        self, page: str, links: Iterable[tuple[str, bool]]
    ) -> Iterator[tuple[str, str]]:
        folder = posixpath.dirname(page)
        for raw, is_wiki in dict.fromkeys(links):
            why = self._wikilink(raw, folder) if is_wiki else self._markdown_link(raw, folder)
            if why is not None:
                yield (f"[[{raw}]]" if is_wiki else f"({raw})"), why

    def _wikilink(self, raw: str, folder: str) -> str | None:
        target = normalise_page_path(raw, wikilink=True)
        if target is None:  # an attachment, a heading of this page, nothing
            return None
        candidates = [target, posixpath.normpath(posixpath.join(folder, target))]
        if any(not c.startswith("../") and self.exists(c) for c in candidates):
            return None
        ending = "/" + target.casefold()
        if "/" not in target and self.by_name.get(target.casefold()):
            return None
        if "/" in target and any(p.casefold().endswith(ending) for p in self.pages):
            return None
        return "no such page"

    def _markdown_link(self, raw: str, folder: str) -> str | None:
        target = raw.strip()
        if not target or target.startswith(("#", "//")):
            return None
        try:
            parts = urlsplit(target)
        except ValueError:
            return None
        if parts.scheme or parts.netloc or not parts.path:
            return None
        path = unquote(parts.path)
        extension = posixpath.splitext(path)[1]
        if extension.lower() != ".md":
            if 1 < len(extension) <= 6 and extension[1:].isalnum():
                return None  # an attachment (.png, .pdf): not a page
            path += ".md"
        if path.startswith("/"):
            candidates = [posixpath.normpath(path.lstrip("/"))]
        else:
            candidates = [posixpath.normpath(posixpath.join(folder, path))]
            candidates.append(posixpath.normpath(path))
        inside = [c for c in candidates if c != ".." and not c.startswith("../")]
        if not inside:
            return "points outside the wiki"
        return None if any(self.exists(c) for c in inside) else "no such page"


def _duplicate_titles(entries: Iterable[PageEntry]) -> Iterator[LintProblem]:
    groups: dict[str, list[PageEntry]] = {}
    for entry in entries:
        groups.setdefault(" ".join(entry.title.split()).casefold(), []).append(entry)
    for group in groups.values():
        if len(group) > 1:
            others = ", ".join(entry.path for entry in group[1:])
            yield LintProblem(
                "duplicate_title", group[0].path, f"{group[0].title!r}: also {others}"
            )

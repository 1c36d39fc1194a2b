"""index.md → PageMap: every entry's page file, title, description and section.

Parsed with markdown-it-py; cached by the index file's mtime and size. The wikilink plugin,
link targets and Obsidian shortest-path resolution are in `swarm.wiki.links`.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import posixpath
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.front_matter import front_matter_plugin

from swarm.errors import IndexNotFound, WikiError
from swarm.wiki.link_list import LinkRow, link_list_rows
from swarm.wiki.links import (
    LinkLine,
    normalise_page_path,
    page_name_forms,
    shortest_path_rewrites,
    wikilink_plugin,
)

__all__ = [
    "INDEX_FILENAME",
    "PAGE_MAP_CACHE_FOLDER",
    "PAGE_MAP_CACHE_FORMAT",
    "PageEntry",
    "PageMap",
    "PageMatch",
    "clear_page_map_cache",
    "load_page_map",
    "parse_index",
]

INDEX_FILENAME = "index.md"
# Separators people put between a link and its description: "[X](x.md) — what it is".
_SEPARATOR_CHARS = " \t-–—:|·•,;>"
_CACHE_MAX_ENTRIES = 8
# The disk cache: `<cache>/page-maps/<key>.json`; bump the format when parse_index or the
# wikilink resolution changes what it returns (swarm/wiki/cache_admin.py reads both).
PAGE_MAP_CACHE_FOLDER = "page-maps"
PAGE_MAP_CACHE_FORMAT = 2
# An index this large lists about 1,000 pages or more (~130 bytes a line): see `load_page_map`.
_FREEZE_MIN_INDEX_BYTES = 128 * 1024
# markdown-it's commonmark preset stops at nesting depth 20 (a list level costs 2), which
# silently dropped index entries nested deeper than ~10 levels. 100 keeps ~50 levels, far
# past any real index, while staying well inside Python's recursion limit.
_MAX_NESTING = 100


@dataclass(frozen=True, slots=True)
class PageEntry:
    """One page listed in index.md."""

    path: str  # POSIX path relative to the wiki dir, anchor dropped: "ccw.md", "notes/x.md"
    title: str
    description: str = ""
    section: str = ""


@dataclass(frozen=True)
class PageMap:
    """The parsed index: entries in index order, one per page path."""

    wiki_dir: Path
    entries: tuple[PageEntry, ...]
    by_path: dict[str, PageEntry] = field(init=False, repr=False, compare=False)
    # Characters of every entry's fields (+8 each for list markup), computed once: prompt
    # budgeting asks on every query, and summing 100,000 entries costs ~20 ms.
    text_chars: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_path", {entry.path: entry for entry in self.entries})
        object.__setattr__(
            self,
            "text_chars",
            sum(
                len(e.path) + len(e.title) + len(e.description) + len(e.section) + 8
                for e in self.entries
            ),
        )

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, path: object) -> bool:
        return path in self.by_path

    def match(self, name: object) -> PageMatch:
        """The entry a name from untrusted output (a model's pick or citation) means.

        Only ever an entry of this map: the name's forms (see `page_name_forms`: `[[ccw]]`,
        `CCW.md`, `ccw.md#sla`, `Team%20Notes.md`, `./ccw.md`, without `.md`, ...) are
        looked up exactly first, then case-insensitively, then by file name alone (a folder
        left out, as Obsidian's shortest-path links do). A case-insensitive or file-name
        match shared by two entries is ambiguous and matches nothing. Never raises.
        """
        forms, reason = page_name_forms(name)
        if not forms:
            return PageMatch(None, reason)
        for form in forms:
            if form in self.by_path:
                return PageMatch(form)
        keyed = [(self._by_folded_path, form.casefold()) for form in forms]
        keyed += [(self._by_folded_name, form.casefold()) for form in forms if "/" not in form]
        for lookup, key in keyed:
            found = lookup.get(key)
            if found is None:
                continue
            if len(found) == 1:
                return PageMatch(found[0])
            shown = " and ".join(found[:2]) + (" and more" if len(found) > 2 else "")
            return PageMatch(None, f"ambiguous: could be {shown}")
        return PageMatch(None, reason or "not in the index")

    @cached_property
    def names_by_folder(self) -> dict[str, tuple[str, ...]]:
        """The file names of the pages directly in each folder ("" for the top), built once."""
        names: dict[str, list[str]] = {}
        for entry in self.entries:
            folder, _, name = entry.path.rpartition("/")
            names.setdefault(folder, []).append(name)
        return {folder: tuple(listed) for folder, listed in names.items()}

    @cached_property
    def _by_folded_path(self) -> dict[str, list[str]]:
        folded: dict[str, list[str]] = {}
        for entry in self.entries:
            folded.setdefault(entry.path.casefold(), []).append(entry.path)
        return folded

    @cached_property
    def _by_folded_name(self) -> dict[str, list[str]]:
        folded: dict[str, list[str]] = {}
        for entry in self.entries:
            folded.setdefault(entry.path.rpartition("/")[2].casefold(), []).append(entry.path)
        return folded


@dataclass(frozen=True, slots=True)
class PageMatch:
    """What `PageMap.match` found: an entry's path, or None and why not."""

    path: str | None
    reason: str = ""  # "not in the index", "outside the wiki", "ambiguous: ...", ...


_MARKDOWN = MarkdownIt("commonmark", {"html": False, "maxNesting": _MAX_NESTING}).enable("table")
_MARKDOWN.use(front_matter_plugin).use(wikilink_plugin)


# --- parsing ------------------------------------------------------------------------------


def _clean(text: str) -> str:
    return " ".join(text.split())


def _strip_separators(text: str) -> str:
    return _clean(text).strip(_SEPARATOR_CHARS).strip()


def _plain_text(token: Token) -> str:
    return _clean("".join(child.content for child in token.children or () if child.content))


def _table_row_texts(tokens: list[Token]) -> dict[int, str]:
    """For each table cell holding links: the row's other cells, as its description."""
    row_texts: dict[int, str] = {}
    row: list[int] = []
    for index, token in enumerate(tokens):
        if token.type == "tr_open":
            row = []
        elif (
            token.type == "inline"
            and index > 0
            and tokens[index - 1].type in ("td_open", "th_open")
        ):
            row.append(index)
        elif token.type == "tr_close":
            for cell in row:
                others = [_plain_text(tokens[other]) for other in row if other != cell]
                row_texts[cell] = " — ".join(text for text in others if text)
    return row_texts


def parse_index(text: str, *, fast: bool = True) -> list[PageEntry]:
    """Every page the index links to, in order, one entry per path (first wins).

    Each line holding a link gives an entry: the link's page, its text as title, the rest
    of the line as description (in a table: the row's other cells) and the nearest heading
    above as section. Links that are not wiki pages are dropped (see `normalise_page_path`).
    List entries nested deeper than ~50 levels are dropped (markdown-it's `maxNesting`).

    A plain link-list index (headings over `- [Title](path.md): what` lines) is read by a
    fast line reader (`swarm.wiki.link_list`) giving the same entries; `fast=False` always
    parses with markdown-it.
    """
    return _parse_entries(text, fast=fast)[0]


def _parse_entries(text: str, *, fast: bool = True) -> tuple[list[PageEntry], set[str]]:
    """`parse_index`, plus the paths that came from a bare `[[name]]` wikilink (no folder):
    Obsidian writes those as the shortest unique path, so the page may sit in a subfolder."""
    rows = link_list_rows(text, _markdown_rows) if fast else None
    if rows is None:
        rows = _markdown_rows(text)
    bare_wikilinks: set[str] = set()
    entries: dict[str, PageEntry] = {}
    for raw, link_text, is_wiki, description, section in rows:
        path = normalise_page_path(raw, wikilink=is_wiki)
        if path is None or path in entries or path == INDEX_FILENAME:
            continue
        title = _clean(link_text) or posixpath.splitext(posixpath.basename(path))[0]
        entries[path] = PageEntry(path, title, description, section)
        if is_wiki and "/" not in path:
            bare_wikilinks.add(path)
    return list(entries.values()), bare_wikilinks


def _markdown_rows(text: str) -> list[LinkRow]:
    """The index's link rows, by markdown-it (any markdown)."""
    tokens = _MARKDOWN.parse(text)
    row_texts = _table_row_texts(tokens) if any(t.type == "tr_open" for t in tokens) else {}
    rows: list[LinkRow] = []
    section = ""
    for index, token in enumerate(tokens):
        if token.type != "inline":
            continue
        if index > 0 and tokens[index - 1].type == "heading_open":
            section = _plain_text(token)
        lines: list[LinkLine] = (token.meta or {}).get("lines", [])
        for line in lines:
            description = (
                _strip_separators("".join(line.after))
                or _strip_separators("".join(line.before))
                or _strip_separators(row_texts.get(index, ""))
            )
            for position, (raw, link_text, is_wiki) in enumerate(line.links):
                rows.append(
                    (raw, link_text, is_wiki, description if position == 0 else "", section)
                )
    return rows


def _resolve_bare_wikilinks(
    wiki_dir: Path, entries: list[PageEntry], bare_wikilinks: set[str]
) -> list[PageEntry]:
    """The entries with bare wikilinks rewritten to their shortest-path page (see
    `shortest_path_rewrites`); a rewrite to a page listed already drops the dead duplicate."""
    rewrites = shortest_path_rewrites(wiki_dir, bare_wikilinks)
    if not rewrites:
        return entries
    listed = {entry.path for entry in entries}
    resolved: list[PageEntry] = []
    for entry in entries:
        target = rewrites.get(entry.path)
        if target is None:
            resolved.append(entry)
        elif target not in listed:
            listed.add(target)
            resolved.append(PageEntry(target, entry.title, entry.description, entry.section))
    return resolved


# --- loading with a stat-keyed cache ------------------------------------------------------

_PAGE_MAP_CACHE: dict[str, tuple[int, int, PageMap]] = {}


def clear_page_map_cache() -> None:
    """Forget every cached page map (tests and benchmarks use this for cold runs)."""
    _PAGE_MAP_CACHE.clear()


def _disk_cache_file(cache_dir: Path | None, index_path: Path, cache_key: str) -> Path | None:
    if cache_dir is None:
        return None
    try:
        folder = Path(cache_dir).expanduser().resolve() / PAGE_MAP_CACHE_FOLDER
    except (OSError, RuntimeError):
        return None
    if folder.is_relative_to(index_path.parent):
        return None  # never write into the wiki, even when told to cache there
    key = hashlib.sha256(cache_key.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return folder / f"{key}.json"


def _load_cached_entries(cache_file: Path, stat_key: list[int]) -> tuple[PageEntry, ...] | None:
    try:
        data = json.loads(cache_file.read_text(encoding="utf-8"))
        if data.get("format") != PAGE_MAP_CACHE_FORMAT or data.get("stat") != stat_key:
            return None
        return tuple(PageEntry(*map(str, row)) for row in data["entries"])
    except Exception:  # missing or corrupt: only a cache miss
        return None


def _save_cached_entries(
    cache_file: Path, stat_key: list[int], entries: tuple[PageEntry, ...], owner: dict[str, str]
) -> None:
    rows = [[e.path, e.title, e.description, e.section] for e in entries]
    # `owner` (the wiki and its index file) lets `swarm cache prune` tell a dead entry.
    payload = json.dumps(  # rows of strings: no container can hold itself
        {"format": PAGE_MAP_CACHE_FORMAT, "stat": stat_key, **owner, "entries": rows},
        check_circular=False,
    )
    try:
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        staging = cache_file.with_name(f".{cache_file.name}.{os.getpid()}.tmp")
        staging.write_text(payload, encoding="utf-8")
        os.replace(staging, cache_file)
    except (OSError, ValueError):  # read-only or full disk: the memory cache still serves
        return


_startup_frozen = False


def _freeze_startup() -> None:
    """Move what is alive to the collector's permanent generation, once per process.

    A big wiki's first load comes early in a process, about when the collector's first full
    pass falls due (after ten middle passes, which importing swarm takes): that pass would
    walk every module, class and function loaded (~45k objects, ~20 ms of CPU) to free next
    to nothing. They go to the permanent generation first, as the wiki's own structures do
    after its first query (`swarm.wiki_steps.freeze_once`); small wikis are left alone, as
    there (their process's collections are cheap)."""
    global _startup_frozen
    if not _startup_frozen:
        _startup_frozen = True
        gc.freeze()


def load_page_map(
    wiki_dir: Path, *, max_bytes: int = 50_000_000, cache_dir: Path | None = None
) -> PageMap:
    """The page map of `wiki_dir/index.md`; the same object again while the index file's
    (mtime_ns, size) is unchanged.

    Bare `[[name]]` wikilinks to a page that is not at the root resolve to the one page of
    that name in a subfolder (Obsidian's shortest-path links), found by one walk of the
    wiki per index version.

    With `cache_dir` (e.g. `settings.effective_cache_dir()`), the parsed entries are also
    kept on disk under the same key, so a new process skips parsing a large index (~0.3 s
    at 5,000 entries). Raises `IndexNotFound` when there is no index, `WikiError` when it
    is too large.
    """
    index_path = Path(wiki_dir) / INDEX_FILENAME
    try:
        resolved = index_path.resolve(strict=True)
        stat = resolved.stat()
    except (OSError, RuntimeError) as error:
        raise IndexNotFound(f"No {INDEX_FILENAME} in {wiki_dir}") from error
    if not resolved.is_file():
        raise IndexNotFound(f"{index_path} is not a file")
    if stat.st_size > max_bytes:
        raise WikiError(f"{index_path} is too large ({stat.st_size:,} bytes; limit {max_bytes:,})")
    root = Path(wiki_dir).resolve()
    # Keyed on both: two wikis whose index.md link to one file still get their own map.
    cache_key = f"{root}\x00{resolved}"
    cached = _PAGE_MAP_CACHE.get(cache_key)
    if cached is not None and cached[:2] == (stat.st_mtime_ns, stat.st_size):
        return cached[2]
    if stat.st_size >= _FREEZE_MIN_INDEX_BYTES:
        _freeze_startup()
    stat_key = [stat.st_mtime_ns, stat.st_size]
    cache_file = _disk_cache_file(cache_dir, resolved, cache_key)
    entries = _load_cached_entries(cache_file, stat_key) if cache_file else None
    if entries is None:
        try:
            raw = resolved.read_bytes()
        except OSError as error:
            raise WikiError(f"Cannot read {index_path}: {error.strerror or error}") from error
        parsed, bare_wikilinks = _parse_entries(raw.decode("utf-8-sig", errors="replace"))
        entries = tuple(_resolve_bare_wikilinks(root, parsed, bare_wikilinks))
        if cache_file is not None:
            owner = {"wiki": str(root), "index": str(resolved)}
            _save_cached_entries(cache_file, stat_key, entries, owner)
    page_map = PageMap(wiki_dir=root, entries=entries)
    if len(_PAGE_MAP_CACHE) >= _CACHE_MAX_ENTRIES and cache_key not in _PAGE_MAP_CACHE:
        _PAGE_MAP_CACHE.pop(next(iter(_PAGE_MAP_CACHE)))
    _PAGE_MAP_CACHE[cache_key] = (stat.st_mtime_ns, stat.st_size, page_map)
    return page_map

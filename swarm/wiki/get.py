"""One page of the wiki by the name a person or a model gives it: the core of `swarm get`, of
the MCP `get_page` tool and of the `wiki://` resources. Confined to the wiki like every read.

A name is an index entry as index.md links it (`ccw`, `[[ccw]]`, `CCW.md`, see
`PageMap.match`), else a `.md` file on disk under the wiki, else an absolute path that lies
inside the wiki. Read-only, always.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from pathlib import Path, PureWindowsPath
from typing import Any

from swarm.errors import NotAPage, PageNotFound, PageOutsideWiki, PageUnreadable

__all__ = ["WikiPage", "find_page", "get_page", "json_safe"]


@dataclass(frozen=True, slots=True)
class WikiPage:
    """A page as `get_page` read it: its wiki-relative path, title, frontmatter and text
    (the whole body, or the excerpt a model reads, `truncated` saying which)."""

    path: str
    title: str
    text: str
    truncated: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)


def find_page(root: Path, page: str) -> str:
    """The wiki-relative path `page` means in the wiki at `root` (the folder of index.md).

    Raises `PageOutsideWiki` (a `..`, an absolute path or a symlink out of the wiki),
    `NotAPage` (empty, ambiguous, a folder or special file, not `.md`) and `PageNotFound`
    (not in index.md and no such file, or listed with its file missing)."""
    from swarm.wiki.index import load_page_map
    from swarm.wiki.links import page_name_forms

    text = page.strip()
    if not text:
        raise NotAPage("the page name is empty")
    if text.startswith(("/", "~")) or PureWindowsPath(text).drive or "\x00" in text:
        text = _inside(root, text)  # an absolute path is fine when it lies in the wiki
    match = load_page_map(root).match(text)
    if match.path is not None:
        if _confined(root, page, match.path):
            return match.path
        raise PageNotFound(f"{match.path} is listed in index.md but the file is missing")
    if match.reason.startswith("ambiguous"):
        raise NotAPage(f"{page!r} is {match.reason}: name its folder too")
    forms, reason = page_name_forms(text)
    if not forms:
        if reason == "outside the wiki":
            raise PageOutsideWiki(page, f"{page!r} is outside the wiki ({root})")
        raise NotAPage(f"{page!r} is not a page name ({root})")
    for form in dict.fromkeys([text.replace("\\", "/"), *forms]):
        if _confined(root, page, form):
            if not form.lower().endswith(".md"):
                raise NotAPage(f"{page!r} is not a page: pages are .md files")
            return form
    raise PageNotFound(f"no page {page!r} in {root}: not in index.md, and no such file")


def get_page(
    root: Path, page: str, *, excerpt_chars: int, max_bytes: int, excerpt: bool = False
) -> WikiPage:
    """The page `page` names (see `find_page`), read whole, or only its first `excerpt_chars`
    characters of body (what the model reads) with `excerpt`.

    Raises what `find_page` raises, and `PageUnreadable` when the file can't be read (binary,
    not UTF-8, over `max_bytes`: its excerpt may still be read)."""
    from swarm.wiki.index import load_page_map
    from swarm.wiki.pages import read_page, read_page_text

    path = find_page(root, page)
    entry = load_page_map(root).by_path.get(path)
    title = entry.title if entry is not None else ""
    head = read_page(root, path, title=title, max_chars=excerpt_chars, max_bytes=max_bytes)
    if head.error is not None:
        raise PageUnreadable(path, head.error)
    if excerpt:
        return WikiPage(path, head.title, head.text, head.truncated, head.metadata)
    try:
        whole = read_page_text(root, path, max_bytes=max_bytes)
    except PageUnreadable as exc:
        raise PageUnreadable(path, f"{exc.reason} (its excerpt can still be read)") from exc
    return WikiPage(path, head.title, whole.strip(), False, head.metadata)


def _confined(root: Path, page: str, path: str) -> bool:
    """Whether `path` is a file inside the wiki (False: no such file); raises when it lies
    outside (a symlink out, `..`) or is a folder or a special file."""
    from swarm.wiki.pages import confine

    try:
        confine(root, path)
    except PageOutsideWiki as exc:
        raise PageOutsideWiki(page, f"{page!r} is outside the wiki ({root})") from exc
    except PageUnreadable as exc:
        if exc.reason == "not a regular file":
            raise NotAPage(f"{page!r} is not a page (a folder or a special file)") from exc
        return False
    return True


def _inside(root: Path, text: str) -> str:
    try:
        real = os.path.realpath(os.path.expanduser(text.replace("\x00", "")))
    except (OSError, ValueError):
        real = ""
    prefix = str(root).rstrip(os.sep) + os.sep
    if "\x00" in text or not real.startswith(prefix):
        raise PageOutsideWiki(text, f"{text!r} is outside the wiki ({root})")
    return Path(real).relative_to(root).as_posix()


def json_safe(value: Any) -> Any:
    """Frontmatter as JSON: dates and datetimes in ISO 8601, mappings and lists walked."""
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(key): json_safe(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_safe(item) for item in value]
    return value

"""Links in the wiki's markdown: the markdown-it `[[wikilink]]` plugin that groups each line's
links, link target → page path, and Obsidian's shortest-path wikilinks resolved by one walk.
"""

from __future__ import annotations

import os
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path, PureWindowsPath
from urllib.parse import unquote, urlsplit

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

__all__ = [
    "LinkLine",
    "normalise_page_path",
    "page_name_forms",
    "shortest_path_rewrites",
    "wikilink_plugin",
]

_MAX_WIKILINK_CHARS = 512
# The walk that resolves Obsidian shortest-path wikilinks stops after this many files.
_MAX_WALK_FILES = 500_000


# --- the markdown-it plugin ---------------------------------------------------------------


def _wikilink_rule(state: StateInline, silent: bool) -> bool:
    """`[[target]]`, `[[target|Alias]]` and `![[embed]]` as one `wikilink` token each.

    Runs before the `link` rule so `[[x]]` is never read as a reference link.
    """
    src, start = state.src, state.pos
    is_embed = src.startswith("![[", start)
    opener = start + (3 if is_embed else 2)
    if not (is_embed or src.startswith("[[", start)):
        return False
    end = src.find("]]", opener, opener + _MAX_WIKILINK_CHARS)
    if end <= opener:
        return False
    inner = src[opener:end]
    if "[" in inner or "]" in inner or "\n" in inner:
        return False
    if not silent:
        target, _, alias = inner.partition("|")
        token = state.push("wikilink", "", 0)
        token.content = alias.strip() or target.strip()
        token.meta = {"target": target.strip(), "embed": is_embed}
    state.pos = end + 2
    return True


def _collect_links_rule(state: StateCore) -> None:
    """Annotate every inline token with `meta["lines"]`: per source line, its links
    (`(raw target, link text, is_wikilink)`) and the plain text around them."""
    for token in state.tokens:
        if token.type == "inline" and token.children:
            token.meta = dict(token.meta or {})
            token.meta["lines"] = _split_lines(token.children)


def wikilink_plugin(md: MarkdownIt) -> None:
    """Adds `[[wikilinks]]` to the inline grammar and a core rule that groups each
    inline token's links by line (results in `token.meta["lines"]`)."""
    md.inline.ruler.before("link", "wikilink", _wikilink_rule)
    md.core.ruler.after("inline", "index_links", _collect_links_rule)


@dataclass(slots=True)
class LinkLine:
    """One source line of an inline token: its links (`(raw target, link text, is_wikilink)`)
    and the plain text around them."""

    links: list[tuple[str, str, bool]] = field(default_factory=list)
    before: list[str] = field(default_factory=list)  # text before the first link
    after: list[str] = field(default_factory=list)  # text after it (other links' text too)


def _split_lines(children: list[Token]) -> list[LinkLine]:
    lines = [LinkLine()]
    link_depth = 0
    for child in children:
        line = lines[-1]
        text_sink = line.after if line.links else line.before
        if child.type in ("softbreak", "hardbreak"):
            lines.append(LinkLine())
        elif child.type == "link_open":
            link_depth += 1
            line.links.append((str(child.attrGet("href") or ""), "", False))
        elif child.type == "link_close":
            link_depth = max(0, link_depth - 1)
        elif child.type == "wikilink":
            if not child.meta.get("embed"):
                line.links.append((str(child.meta.get("target", "")), child.content, True))
            if len(line.links) > 1:
                line.after.append(child.content)
        elif child.type in ("text", "code_inline"):
            if link_depth and line.links:
                raw, text, is_wiki = line.links[-1]
                line.links[-1] = (raw, text + child.content, is_wiki)
                if len(line.links) > 1:
                    line.after.append(child.content)
            else:
                text_sink.append(child.content)
        elif child.type == "image":
            text_sink.append(child.content)
    return [line for line in lines if line.links]


# --- link targets -------------------------------------------------------------------------


def _looks_like_extension(suffix: str) -> bool:
    # ".png" is a file type; ". Smith" in "[[Mr. Smith]]" is part of a page name.
    return 1 < len(suffix) <= 6 and suffix[1:].isalnum()


# No scheme, drive, escape, %, anchor, space, hidden or empty component, ends in `.md`.
_PLAIN_PAGE_PATH = re.compile(
    r"(?:[A-Za-z0-9_+,@=-][A-Za-z0-9._+,@=-]*/)*[A-Za-z0-9_+,@=-][A-Za-z0-9._+,@=-]*\.md"
)
# The same without an extension (no "." in the file name, which gets `.md`), and the same
# with `%20` (an escaped space) inside its names: a markdown link's target decodes to spaces.
_PLAIN_PAGE_STEM = re.compile(
    r"(?:[A-Za-z0-9_+,@=-][A-Za-z0-9._+,@=-]*/)*[A-Za-z0-9_+,@=-][A-Za-z0-9_+,@=-]*"
)
_SPACED_PAGE_PATH = re.compile(
    r"(?:[A-Za-z0-9_+,@=-](?:[A-Za-z0-9._+,@=-]|%20)*/)*"
    r"[A-Za-z0-9_+,@=-](?:[A-Za-z0-9._+,@=-]|%20)*\.md"
)


def normalise_page_path(raw: str, *, wikilink: bool = False) -> str | None:
    """The page path a link points to, relative to the wiki dir, or None when the link
    is not a wiki page (external URL, absolute path, escapes the wiki, not markdown).

    Markdown link targets are %-decoded; wikilinks are taken literally; anchors dropped;
    a target without an extension gets `.md` (`[[ccw]]` → `ccw.md`).
    """
    if _PLAIN_PAGE_PATH.fullmatch(raw):
        return raw  # a clean relative `.md` path (most index links): every step below keeps it
    if _PLAIN_PAGE_STEM.fullmatch(raw):
        return raw + ".md"  # as clean, with no extension: the steps below add `.md` only
    if not wikilink and _SPACED_PAGE_PATH.fullmatch(raw):
        return raw.replace("%20", " ")  # the steps below decode the spaces only
    target = raw.strip()
    if wikilink:
        target = target.split("#", 1)[0].split("^", 1)[0]
    else:
        if target.startswith("//"):
            return None
        try:
            parts = urlsplit(target)
        except ValueError:
            return None
        if parts.scheme or parts.netloc:
            return None
        target = unquote(parts.path)
    target = target.strip()
    if not target or "\x00" in target or "\\" in target or target.startswith(("/", "~")):
        return None  # "~/x" is a home path to read_page, which refuses it: never list it
    if PureWindowsPath(target).drive:
        return None
    if any(ord(char) < 32 for char in target):
        return None
    normalised = posixpath.normpath(target)
    if normalised in (".", "..") or normalised.startswith(("../", "/")):
        return None
    if any(part.startswith(".") for part in normalised.split("/")):
        return None  # hidden files and folders (.obsidian/, .trash/) are not pages
    suffix = posixpath.splitext(normalised)[1]
    if suffix.lower() != ".md":
        if _looks_like_extension(suffix):
            return None
        normalised += ".md"
    return normalised


# --- page names as a model writes them ---------------------------------------------------

_MAX_PAGE_NAME_CHARS = 1_000
_NAME_QUOTES = "\"'`“”‘’«»"
_WIKILINK_NAME = re.compile(r"!?\[\[([^\[\]]*)\]\]")
_MARKDOWN_LINK_NAME = re.compile(r"!?\[[^\[\]]*\]\(\s*<?([^()<>]*?)>?\s*\)")


def page_name_forms(raw: object) -> tuple[list[str], str]:
    """(forms, note): the page paths a name written by a model may mean, most literal
    first, and why it may match nothing (`([], why not)` when it has no form at all).
    Never raises; the caller matches the forms against its page map.

    Takes `[[ccw]]`, `[[ccw|CCW]]`, `[CCW](ccw.md)`, quotes or backticks around a name,
    `#anchor` / `^block` suffixes, `%20`-escapes, backslashes, `./` and leading `/`, and a
    missing `.md`. A form that would escape the wiki (`..`), names a drive or home folder,
    or holds control characters is never produced: the reason says so instead.
    """
    if not isinstance(raw, str):
        return [], "not a page name"
    name = raw.strip()
    if len(name) > _MAX_PAGE_NAME_CHARS:
        return [], "not a page name (too long)"
    name = name.strip(_NAME_QUOTES).strip()
    if wikilink := _WIKILINK_NAME.fullmatch(name):
        name = wikilink.group(1).split("|", 1)[0].strip()
    elif link := _MARKDOWN_LINK_NAME.fullmatch(name):
        name = link.group(1).strip()
    if not name:
        return [], "not a page name (empty)"
    variants = [name, unquote(name)]
    variants += [variant.split("#", 1)[0].split("^", 1)[0] for variant in variants]
    forms: list[str] = []
    reasons: list[str] = []
    for variant in dict.fromkeys(variants):
        form, reason = _page_form(variant)
        if form is None:
            reasons.append(reason)
        elif form not in forms:
            forms.append(form)
    outside = "outside the wiki" in reasons
    if forms:
        # "%2e%2e/x.md" is a folder "%2e%2e" as written and "../x.md" decoded: the forms
        # stay (only map entries ever match them), the note says why when nothing does.
        return forms, "outside the wiki" if outside else ""
    return [], "outside the wiki" if outside else "not a page name"


def _page_form(variant: str) -> tuple[str | None, str]:
    """One spelling of a name as a relative POSIX page path ending in `.md`, or
    `(None, why not)`."""
    target = variant.strip().replace("\\", "/")
    if not target:
        return None, "not a page name"
    if any(ord(char) < 32 or ord(char) == 127 for char in target):
        return None, "not a page name"
    if target.startswith("~") or PureWindowsPath(target).drive:
        return None, "outside the wiki"
    target = target.lstrip("/")
    normalised = posixpath.normpath(target) if target else "."
    if normalised == ".":
        return None, "not a page name"
    if normalised == ".." or normalised.startswith("../"):
        return None, "outside the wiki"
    if posixpath.splitext(normalised)[1].lower() != ".md":
        normalised += ".md"
    return normalised, ""


# --- Obsidian shortest-path wikilinks -----------------------------------------------------


def _pages_by_basename(wiki_dir: Path) -> dict[str, list[str]]:
    """Every markdown file under `wiki_dir` by file name, in one walk (dot-folders skipped,
    symlinked folders not followed)."""
    found: dict[str, list[str]] = {}
    seen_files = 0
    for folder, subfolders, files in os.walk(wiki_dir, onerror=lambda _error: None):
        subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
        relative = Path(folder).relative_to(wiki_dir).as_posix()
        for name in files:
            if name.lower().endswith(".md") and not name.startswith("."):
                path = name if relative == "." else f"{relative}/{name}"
                found.setdefault(name, []).append(path)
        seen_files += len(files)
        if seen_files > _MAX_WALK_FILES:
            break
    return found


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long for the file system is no page
        return False


def shortest_path_rewrites(wiki_dir: Path, bare_wikilinks: set[str]) -> dict[str, str]:
    """`[[mill-creek]]` → `clients/mill-creek.md` when no `mill-creek.md` sits at the root
    and exactly one page in the wiki has that name (Obsidian's "shortest path" links): the
    rewrites, bare path → found path.

    Only wikilinks are rewritten (a markdown link's path is taken as written), and the
    result is still confined by `read_page` when the page is opened.
    """
    missing = [path for path in sorted(bare_wikilinks) if not _exists(wiki_dir / path)]
    if not missing:
        return {}
    by_name = _pages_by_basename(wiki_dir)
    rewrites: dict[str, str] = {}
    for path in missing:
        matches = by_name.get(path, [])
        if len(matches) == 1:
            rewrites[path] = matches[0]
    return rewrites

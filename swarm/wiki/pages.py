"""Confined reads of wiki pages: frontmatter kept as metadata, body cut to an excerpt.

Every read resolves the real path first and refuses anything outside the wiki dir. An
excerpt reads a bounded prefix of the file, so a page of any size gives its first excerpt.
"""

from __future__ import annotations

import codecs
import datetime as dt
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from stat import S_ISREG
from typing import Any

from swarm.errors import PageOutsideWiki, PageUnreadable, WikiError
from swarm.wiki.excerpt_window import cut_excerpt
from swarm.wiki.page_paths import check_page_path, check_page_path_fast
from swarm.wiki.page_text import page_title, split_frontmatter, strip_frontmatter

__all__ = [
    "PageExcerpt",
    "confine",
    "excerpt_read_bytes",
    "read_page",
    "read_pages",
    "read_page_text",
    "read_page_texts",
]

# An excerpt of `max_chars` reads at most this many bytes of its file: 4 per character (the
# longest UTF-8 sequence) plus room for a frontmatter block at the top of the page.
_FRONTMATTER_ALLOWANCE_BYTES = 65_536
_UTF8_MAX_BYTES_PER_CHAR = 4


@dataclass(frozen=True, slots=True)
class PageExcerpt:
    """Up to `max_chars` of one page's body (its first, or the window a question asks
    about: `offset` > 0), or why it could not be read."""

    path: str
    title: str
    text: str = ""
    truncated: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    modified: dt.datetime | None = None  # the file's modification time (UTC)
    offset: int = 0  # where in the body the excerpt's window starts (0: the page's head)


def _resolve_root(wiki_dir: Path | str, rel_path: str) -> str:
    try:
        root = os.path.realpath(wiki_dir, strict=True)
    except (OSError, ValueError) as error:
        raise PageUnreadable(rel_path, "wiki folder not found") from error
    if not os.path.isdir(root):
        raise PageUnreadable(rel_path, "wiki folder not found")
    return root


def _confine_under(root: str, rel_path: str) -> tuple[str, os.stat_result]:
    """(real path, its stat) for `rel_path` under the already-resolved `root`."""
    check_page_path(rel_path)
    try:
        real = os.path.realpath(os.path.join(root, rel_path), strict=True)
        stat = os.stat(real)
    except FileNotFoundError as error:
        raise PageUnreadable(rel_path, "page not found") from error
    except (OSError, ValueError) as error:  # symlink loops, permission, name too long
        raise PageUnreadable(rel_path, "page path cannot be resolved") from error
    if real == root or not real.startswith(root.rstrip(os.sep) + os.sep):
        raise PageOutsideWiki(rel_path)
    if not S_ISREG(stat.st_mode):
        raise PageUnreadable(rel_path, "not a regular file")
    return real, stat


def confine(wiki_dir: Path, rel_path: str) -> Path:
    """The real path of `rel_path` inside `wiki_dir`, symlinks resolved.

    Raises `PageOutsideWiki` for absolute paths, `..` escapes, NUL bytes and anything whose
    real path lies outside the wiki dir (symlinked files or folders included);
    `PageUnreadable` when it does not exist or is not a regular file.
    """
    check_page_path(rel_path)
    return Path(_confine_under(_resolve_root(wiki_dir, rel_path), rel_path)[0])


def _read_text_under(root: str, rel_path: str, max_bytes: int) -> str:
    """The whole decoded file: size checked by stat before reading, binary refused."""
    real, stat = _confine_under(root, rel_path)
    if stat.st_size > max_bytes:
        raise PageUnreadable(
            rel_path, f"file too large ({stat.st_size:,} bytes; limit {max_bytes:,})"
        )
    try:
        with open(real, "rb") as handle:
            # The file may have grown since the stat: never read past the limit.
            raw = handle.read(max_bytes + 1)
    except OSError as error:
        raise PageUnreadable(rel_path, error.strerror or "read failed") from error
    return _decode_page(rel_path, raw, max_bytes)


def _decode_page(rel_path: str, raw: bytes, max_bytes: int) -> str:
    if len(raw) > max_bytes:
        raise PageUnreadable(rel_path, f"file too large (over {max_bytes:,} bytes)")
    if b"\x00" in raw:
        raise PageUnreadable(rel_path, "binary file, not text")
    try:
        # As "utf-8-sig" decodes, without its codec's Python-level wrapper.
        return (raw[3:] if raw.startswith(codecs.BOM_UTF8) else raw).decode("utf-8")
    except UnicodeDecodeError as error:
        raise PageUnreadable(rel_path, "not UTF-8 text") from error


def _read_text(wiki_dir: Path, rel_path: str, max_bytes: int) -> str:
    check_page_path(rel_path)
    return _read_text_under(_resolve_root(wiki_dir, rel_path), rel_path, max_bytes)


def read_page_text(wiki_dir: Path, rel_path: str, *, max_bytes: int = 2_000_000) -> str:
    """The page's whole body (frontmatter block stripped), for ranking.

    Raises `PageOutsideWiki` / `PageUnreadable` (both `WikiError`).
    """
    return strip_frontmatter(_read_text(wiki_dir, rel_path, max_bytes))


def read_page_texts(
    wiki_dir: Path,
    rel_paths: Iterable[str],
    *,
    max_bytes: int = 2_000_000,
    keep_frontmatter: bool = False,
) -> Iterator[str | None]:
    """`read_page_text` for many pages of one wiki, resolving the wiki dir once; None for
    each page that cannot be read. Raises `PageUnreadable` when the wiki dir is missing.
    `keep_frontmatter`: the whole file's text, frontmatter block included.

    Same confinement as `read_page_text`, cheaper: each folder's real path is resolved once
    and checked to lie inside the wiki; a file that is not a symlink is then opened with
    O_NOFOLLOW and fstat-checked. Symlinked files take the full `realpath` route."""
    root = _resolve_root(wiki_dir, "")
    folders: dict[str, str | None] = {}
    for rel_path in rel_paths:
        try:
            text = _read_text_fast(root, rel_path, max_bytes, folders)
            yield text if keep_frontmatter else strip_frontmatter(text)
        except WikiError:
            yield None


_HAS_NOFOLLOW = hasattr(os, "O_NOFOLLOW")  # POSIX; elsewhere every read takes the full check
_NOFOLLOW_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO planted in the wiki must not block the open
    | getattr(os, "O_CLOEXEC", 0)
)


def _real_folder(root: str, folder: str, folders: dict[str, str | None]) -> str | None:
    """The real path of `folder` (relative) when it lies inside `root`, else None."""
    if folder in folders:
        return folders[folder]
    try:
        real = os.path.realpath(os.path.join(root, folder), strict=True) if folder else root
    except (OSError, ValueError):
        real = None
    if real is not None and real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
        real = None
    folders[folder] = real
    return real


def _read_upto(descriptor: int, expected_size: int, limit: int) -> bytes:
    """At most `limit` bytes: the stat's size in one read, more if the file grew since. A
    read of a regular file that returns less than asked has met the end of the file."""
    chunks: list[bytes] = []
    total = 0
    want = min(expected_size + 1, limit)
    while total < limit:
        ask = max(1, min(want, limit - total))
        chunk = os.read(descriptor, ask)
        if chunk:
            chunks.append(chunk)
            total += len(chunk)
        if len(chunk) < ask:
            break
        want = 65536
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def _read_text_fast(
    root: str, rel_path: str, max_bytes: int, folders: dict[str, str | None]
) -> str:
    check_page_path_fast(rel_path)
    folder, name = os.path.split(rel_path)
    if not _HAS_NOFOLLOW or name in ("", ".", ".."):
        return _read_text_under(root, rel_path, max_bytes)
    real_folder = _real_folder(root, folder, folders)
    if real_folder is None:
        return _read_text_under(root, rel_path, max_bytes)  # raises, saying why
    try:
        # O_NOFOLLOW refuses a symlinked file (ELOOP): it takes the full check below.
        descriptor = os.open(f"{real_folder}{os.sep}{name}", _NOFOLLOW_FLAGS)  # POSIX here
    except FileNotFoundError as error:
        raise PageUnreadable(rel_path, "page not found") from error
    except (OSError, ValueError):  # a symlink, permissions, a name too long, ...
        return _read_text_under(root, rel_path, max_bytes)
    try:
        stat = os.fstat(descriptor)
        if not S_ISREG(stat.st_mode):
            raise PageUnreadable(rel_path, "not a regular file")
        if stat.st_size > max_bytes:
            raise PageUnreadable(
                rel_path, f"file too large ({stat.st_size:,} bytes; limit {max_bytes:,})"
            )
        raw = _read_upto(descriptor, stat.st_size, max_bytes + 1)
    except OSError as error:
        raise PageUnreadable(rel_path, error.strerror or "read failed") from error
    finally:
        os.close(descriptor)
    return _decode_page(rel_path, raw, max_bytes)


def excerpt_read_bytes(max_chars: int, max_bytes: int) -> int:
    """How many bytes of a page an excerpt of `max_chars` characters reads at most."""
    return max(
        1, min(max_bytes, max_chars * _UTF8_MAX_BYTES_PER_CHAR + _FRONTMATTER_ALLOWANCE_BYTES)
    )


_PREFIX_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)  # the real path was resolved: a symlink now is a swap
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO swapped in since the stat must not block the open
    | getattr(os, "O_CLOEXEC", 0)
)


def _open_confined(root: str, rel_path: str, folders: dict[str, str | None]) -> int:
    """A descriptor for `rel_path` under the resolved `root`: each folder's real path is
    resolved once per `folders` (one batch of reads), the file opened with O_NOFOLLOW; a
    symlinked file (or a platform without O_NOFOLLOW) takes the full `realpath` check."""
    check_page_path_fast(rel_path)
    folder, name = os.path.split(rel_path)
    real_folder = _real_folder(root, folder, folders) if _HAS_NOFOLLOW else None
    if real_folder is not None and name not in ("", ".", ".."):
        try:
            return os.open(os.path.join(real_folder, name), _PREFIX_FLAGS)
        except FileNotFoundError as error:
            raise PageUnreadable(rel_path, "page not found") from error
        except (OSError, ValueError):  # a symlink (ELOOP), permissions: the full route says
            pass
    real, _ = _confine_under(root, rel_path)
    return os.open(real, _PREFIX_FLAGS)


def _read_prefix(
    root: str, rel_path: str, limit: int, folders: dict[str, str | None]
) -> tuple[str, bool, float]:
    """(decoded text, cut short, mtime): the first `limit` bytes of the page, decoded as UTF-8,
    and the file's modification time (seconds since the epoch).

    A multi-byte sequence cut at the limit is dropped, not an error; a NUL byte or invalid
    UTF-8 in what was read refuses the page. Raises `PageOutsideWiki` / `PageUnreadable`."""
    try:
        descriptor = _open_confined(root, rel_path, folders)
    except FileNotFoundError as error:
        raise PageUnreadable(rel_path, "page not found") from error
    except OSError as error:
        raise PageUnreadable(rel_path, error.strerror or "read failed") from error
    try:
        stat = os.fstat(descriptor)
        if not S_ISREG(stat.st_mode):
            raise PageUnreadable(rel_path, "not a regular file")
        raw = _read_upto(descriptor, min(stat.st_size, limit), limit + 1)
    except OSError as error:
        raise PageUnreadable(rel_path, error.strerror or "read failed") from error
    finally:
        os.close(descriptor)
    cut_short = len(raw) > limit
    raw = raw[:limit]
    if b"\x00" in raw:
        raise PageUnreadable(rel_path, "binary file, not text")
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    try:
        # Not final when cut short: an incomplete sequence at the end is held back, dropped.
        return decoder.decode(raw, final=not cut_short), cut_short, stat.st_mtime
    except UnicodeDecodeError as error:
        raise PageUnreadable(rel_path, "not UTF-8 text") from error


def read_page(
    wiki_dir: Path,
    rel_path: str,
    *,
    title: str = "",
    max_chars: int = 1500,
    max_bytes: int = 2_000_000,
) -> PageExcerpt:
    """The page's first `max_chars` characters of body, its frontmatter and title.

    Only a bounded prefix of the file is read (`excerpt_read_bytes`, never more than
    `max_bytes`), so a page of any size gives its first excerpt. Never raises: a page that
    cannot be read (outside the wiki, missing, not a file, binary, not UTF-8) comes back
    with `error` set and no text.
    """
    return read_pages(wiki_dir, [(rel_path, title)], max_chars=max_chars, max_bytes=max_bytes)[0]


def read_pages(
    wiki_dir: Path,
    pages: Iterable[tuple[str, str]],
    *,
    max_chars: int = 1500,
    max_bytes: int = 2_000_000,
    focus: Mapping[str, float] | None = None,
) -> list[PageExcerpt]:
    """`read_page` for each `(path, title)` of one wiki, the wiki dir and each folder
    resolved once for the whole batch (the same confinement as `read_page_texts`).

    `focus`: a question's tokens (`tokenize`'s). A page longer than the excerpt is then read
    where they are (`excerpt_window.focus_window`, its first `_FOCUS_READ_BYTES` searched),
    its head kept when no later window holds more of them."""
    try:
        root: str | None = _resolve_root(wiki_dir, "")
    except PageUnreadable:
        root = None
    folders: dict[str, str | None] = {}
    wanted = dict(focus or {})
    return [
        _excerpt(root, rel_path, title, max_chars, max_bytes, folders, wanted)
        for rel_path, title in pages
    ]


# How much of a long page a question's window is looked for in: ~60 screens of text, so a
# question never makes swarm read a multi-megabyte file whole.
_FOCUS_READ_BYTES = 262_144


def _excerpt(
    root: str | None,
    rel_path: str,
    title: str,
    max_chars: int,
    max_bytes: int,
    folders: dict[str, str | None],
    focus: Mapping[str, float] | None = None,
) -> PageExcerpt:
    limit = excerpt_read_bytes(max_chars, max_bytes)
    if focus:
        limit = max(limit, min(max_bytes, _FOCUS_READ_BYTES))
    try:
        if root is None:
            check_page_path(rel_path)
            raise PageUnreadable(rel_path, "wiki folder not found")
        text, cut_short, mtime = _read_prefix(root, rel_path, limit, folders)
    except PageOutsideWiki:
        return PageExcerpt(rel_path, title or str(rel_path), error="page is outside the wiki")
    except PageUnreadable as error:
        return PageExcerpt(rel_path, title or str(rel_path), error=error.reason)
    except (WikiError, OSError, ValueError) as error:
        return PageExcerpt(rel_path, title or str(rel_path), error=f"cannot read page: {error}")
    # A frontmatter block longer than the prefix reads as unterminated: the text is the body.
    metadata, body = split_frontmatter(text)
    body = body.strip()
    excerpt = cut_excerpt(body, max_chars, focus, cut_short=cut_short)
    return PageExcerpt(
        path=rel_path,
        title=page_title(rel_path, title, metadata, body),
        text=excerpt.text,
        truncated=excerpt.truncated,
        metadata=metadata,
        modified=_utc_from_timestamp(mtime),
        offset=excerpt.offset,
    )


def _utc_from_timestamp(seconds: float) -> dt.datetime | None:
    try:
        return dt.datetime.fromtimestamp(seconds, dt.UTC)
    except (OverflowError, OSError, ValueError):  # a file dated out of datetime's range
        return None

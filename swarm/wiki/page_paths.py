"""Page paths checked as text, before anything touches the disk: a path that cannot name a
page inside the wiki (empty, absolute, a drive, `~`, NUL, `..` out) is refused.
"""

from __future__ import annotations

import posixpath
from pathlib import PurePosixPath, PureWindowsPath

from swarm.errors import PageOutsideWiki, PageUnreadable

__all__ = ["check_page_path", "check_page_path_fast"]


def check_page_path(rel_path: str) -> None:
    """Refuse, before touching the disk, paths that cannot name a page inside the wiki."""
    if not isinstance(rel_path, str) or not rel_path.strip():
        raise PageUnreadable(str(rel_path), "empty page path")
    if "\x00" in rel_path:
        raise PageOutsideWiki(rel_path, f"page path contains a NUL byte: {rel_path!r}")
    windows_path = PureWindowsPath(rel_path)
    if (
        rel_path.startswith(("/", "~"))
        or PurePosixPath(rel_path).is_absolute()
        or windows_path.drive
        or windows_path.root
    ):
        raise PageOutsideWiki(rel_path, f"page path is absolute: {rel_path!r}")
    normalised = posixpath.normpath(rel_path.replace("\\", "/"))
    if normalised == ".." or normalised.startswith("../"):
        raise PageOutsideWiki(rel_path)


def check_page_path_fast(rel_path: str) -> None:
    """`check_page_path`, skipping the pathlib parsing for the common plain relative path."""
    # Without ":", "\\" or a leading "/" or "~" no drive, root or home can be named: only
    # the NUL and ".." checks of `check_page_path` apply, without its pathlib parsing.
    if (
        not isinstance(rel_path, str)
        or not rel_path.strip()
        or rel_path.startswith(("/", "~"))
        or ":" in rel_path
        or "\\" in rel_path
        or "\x00" in rel_path
        or ".." in rel_path
    ):
        check_page_path(rel_path)

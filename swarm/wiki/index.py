"""index.md → PageMap: every entry's page file, title, description and section.

Parsed with markdown-it-py; cached by the index file's mtime and size.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


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

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_path", {entry.path: entry for entry in self.entries})

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, path: object) -> bool:
        return path in self.by_path

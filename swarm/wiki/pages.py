"""Confined reads of wiki pages: frontmatter kept as metadata, body cut to an excerpt."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class PageExcerpt:
    """The first `max_chars` of one page's body, or why it could not be read."""

    path: str
    title: str
    text: str = ""
    truncated: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)
    error: str | None = None

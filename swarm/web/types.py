"""Value types shared by the web search providers and the cascade.

Every field holds untrusted text from outside: callers fence it before a model sees it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SearchHit"]


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One search result: a title and destination URL, plus an optional snippet."""

    title: str
    url: str
    snippet: str = ""
    source: str = ""

"""How the built-in tools show untrusted text: titles, URLs and snippets as one neutralised,
bounded line; page text fenced; progress lines to the user that can never break a tool."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarm.config import Settings
from swarm.progress import safe_printer
from swarm.untrusted import fence, single_line

if TYPE_CHECKING:
    from swarm.tools.context import ToolContext

__all__ = ["fenced", "say", "shown_snippet", "shown_title", "shown_url"]


_TITLE_CHARS = 200
_URL_CHARS = 500
_SNIPPET_CHARS = 300


def say(context: ToolContext | None, line: str) -> None:
    safe_printer(context.user_print if context is not None else None)(line)


def fenced(text: str, settings: Settings, *, fence_content: bool) -> str:
    if not fence_content:
        return text.strip()
    return fence(text, max_chars=settings.fence_max_chars)


def shown_title(text: str) -> str:
    """An untrusted title shown outside a fence: one neutralised, bounded line."""
    return single_line(text, max_chars=_TITLE_CHARS)


def shown_url(text: str) -> str:
    return single_line(text, max_chars=_URL_CHARS).replace(" ", "%20")


def shown_snippet(text: str) -> str:
    return single_line(text, max_chars=_SNIPPET_CHARS)

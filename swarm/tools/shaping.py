"""How the built-in tools show untrusted text: page text fenced (or not, for the CLI's human
reader), and progress lines to the user that can never break a tool."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarm.config import Settings
from swarm.progress import safe_printer
from swarm.untrusted import fence

if TYPE_CHECKING:
    from swarm.tools.context import ToolContext

__all__ = ["fenced", "say"]


def say(context: ToolContext | None, line: str) -> None:
    safe_printer(context.user_print if context is not None else None)(line)


def fenced(text: str, settings: Settings, *, fence_content: bool) -> str:
    if not fence_content:
        return text.strip()
    return fence(text, max_chars=settings.fence_max_chars)

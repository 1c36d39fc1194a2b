"""The per-call context a tool runs in: where its progress lines go and the user's language.

Built by the doors (the CLI, the bot, MCP) and handed down to the tools and the web search."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["ToolContext"]


def _no_op(_line: str) -> None:
    return None


@dataclass(frozen=True, slots=True)
class ToolContext:
    """Per-call context: where progress lines go, and the user's ISO-639-1 language (None
    when there is no signal, e.g. text input)."""

    user_print: Callable[[str], None] = _no_op
    language: str | None = None

"""Thinking: one Reasoner interface, a chat-model implementation and an offline one.

`get_reasoner()` picks the backend; importing this package stays light (no SDK imports).
"""

from __future__ import annotations

from swarm.config import Settings, get_settings
from swarm.errors import ConfigError
from swarm.models.base import (
    ChatTurn,
    Confidence,
    Evidence,
    Finding,
    PageCandidate,
    PageChoice,
    Reasoner,
    SourceText,
    WikiAnswer,
)

__all__ = [
    "ChatTurn",
    "Confidence",
    "Evidence",
    "Finding",
    "PageCandidate",
    "PageChoice",
    "Reasoner",
    "SourceText",
    "WikiAnswer",
    "get_reasoner",
]


def get_reasoner(settings: Settings | None = None, backend: str | None = None) -> Reasoner:
    """The Reasoner for `backend` ("anthropic" | "offline" | "auto"; default: the
    `SWARM_MODEL` setting). Auto means Anthropic when an API key is set, else offline.

    Raises `ConfigError` (saying how to fix it) for Anthropic without a key or an unknown name.
    """
    settings = settings or get_settings()
    choice = (backend or settings.backend or "auto").strip().lower()
    if choice == "auto":
        choice = "anthropic" if settings.anthropic_key() else "offline"
    if choice == "offline":
        from swarm.models.offline import OfflineReasoner

        return OfflineReasoner(settings)
    if choice == "anthropic":
        from swarm.models.anthropic import MISSING_KEY_MESSAGE, AnthropicChatModel
        from swarm.models.chat import ChatReasoner

        if not settings.anthropic_key():
            raise ConfigError(MISSING_KEY_MESSAGE)
        return ChatReasoner(
            AnthropicChatModel(settings),
            name=f"anthropic:{settings.anthropic_model}",
            max_tokens=settings.anthropic_max_tokens,
        )
    raise ConfigError(f"Unknown model backend {choice!r}: use 'anthropic', 'offline' or 'auto'.")

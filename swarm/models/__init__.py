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
    "backend_problem",
    "get_reasoner",
    "offline_fallback",
    "resolve_backend",
]


BACKEND_NAMES = ("auto", "anthropic", "openai", "offline")


def resolve_backend(settings: Settings, backend: str | None = None) -> str:
    """The backend `backend` (default: the `SWARM_MODEL` setting) means, `auto` resolved:
    Anthropic when its key is set, else the OpenAI-compatible endpoint when one is configured
    (`SWARM_OPENAI_MODEL` with `OPENAI_BASE_URL` or `OPENAI_API_KEY`), else offline. An
    unknown name comes back as written (`get_reasoner` refuses it)."""
    choice = (backend or settings.backend or "auto").strip().lower()
    if choice != "auto":
        return choice
    if settings.anthropic_key():
        return "anthropic"
    from swarm.models.openai_compat import missing_setting

    return "openai" if missing_setting(settings) is None else "offline"


def backend_problem(settings: Settings, backend: str | None = None) -> str | None:
    """Why the chosen backend can't run with these settings (a sentence saying how to fix
    it: a missing key, endpoint or model name, an unknown name), or None when it can."""
    choice = resolve_backend(settings, backend)
    if choice == "anthropic" and not settings.anthropic_key():
        from swarm.models.anthropic import MISSING_KEY_MESSAGE

        return MISSING_KEY_MESSAGE
    if choice == "openai":
        from swarm.models.openai_compat import missing_setting

        return missing_setting(settings)
    if choice not in BACKEND_NAMES:
        names = "', '".join(BACKEND_NAMES[1:])
        return f"Unknown model backend {choice!r}: use '{names}' or 'auto'."
    return None


def get_reasoner(settings: Settings | None = None, backend: str | None = None) -> Reasoner:
    """The Reasoner for `backend` ("anthropic" | "openai" | "offline" | "auto"; default: the
    `SWARM_MODEL` setting; `auto` as `resolve_backend` says).

    Raises `ConfigError` (saying how to fix it) for a backend its settings can't run (see
    `backend_problem`) or an unknown name.
    """
    settings = settings or get_settings()
    problem = backend_problem(settings, backend)
    if problem is not None:
        raise ConfigError(problem)
    choice = resolve_backend(settings, backend)
    if choice == "offline":
        from swarm.models.offline import OfflineReasoner

        return OfflineReasoner(settings)
    from swarm.models.chat import ChatReasoner

    if choice == "openai":
        from swarm.models.openai_compat import AutoChatReasoner, OpenAICompatChatModel

        chosen_by_auto = (backend or settings.backend or "auto").strip().lower() == "auto"
        kind = AutoChatReasoner if chosen_by_auto else ChatReasoner
        return kind(
            OpenAICompatChatModel(settings),
            name=f"openai:{settings.openai_model}",
            max_tokens=_reply_tokens(settings),
        )
    from swarm.models.anthropic import AnthropicChatModel

    return ChatReasoner(
        AnthropicChatModel(settings),
        name=f"anthropic:{settings.anthropic_model}",
        max_tokens=settings.anthropic_max_tokens,
    )


def _reply_tokens(settings: Settings) -> int:
    """The reply's token limit: the configured one, at most a quarter of a small window."""
    from swarm.models.prompts import reply_tokens

    return reply_tokens(settings.anthropic_max_tokens, settings.context_tokens)


def offline_fallback(reasoner: Reasoner, settings: Settings) -> Reasoner | None:
    """The offline Reasoner to answer with when `reasoner`'s server could not be reached,
    for a reasoner `auto` chose; None for one chosen explicitly (it fails honestly)."""
    from swarm.models.openai_compat import AutoChatReasoner

    if not isinstance(reasoner, AutoChatReasoner):
        return None
    from swarm.models.offline import OfflineReasoner

    return OfflineReasoner(settings)

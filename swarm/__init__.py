"""swarm: answer from your own markdown wiki first; go outside only when it can't.

The public names load lazily, so `import swarm` (and `swarm --help`) stays fast.
"""

from __future__ import annotations

from importlib import import_module as _import_module
from typing import TYPE_CHECKING

__version__ = "0.1.0"

__all__ = [
    "aquery",
    "handle_turn",
    "lookup",
    "query",
    "research_topic",
    "TurnResult",
    "WikiQueryResult",
]

_WHERE = {
    "TurnResult": "swarm.margot_bot",
    "WikiQueryResult": "swarm.wiki_query",
    "aquery": "swarm.wiki_query",
    "handle_turn": "swarm.margot_bot",
    "lookup": "swarm.tools",
    "query": "swarm.wiki_query",
    "research_topic": "swarm.research",
}

if TYPE_CHECKING:
    from swarm.margot_bot import TurnResult, handle_turn
    from swarm.research import research_topic
    from swarm.tools import lookup
    from swarm.wiki_query import WikiQueryResult, aquery, query


def __getattr__(name: str) -> object:
    if name in _WHERE:
        value = getattr(_import_module(_WHERE[name]), name)
        globals()[name] = value  # loaded once, then a plain attribute as if imported eagerly
        return value
    raise AttributeError(f"module 'swarm' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])

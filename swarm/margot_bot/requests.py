"""The [RESEARCH] request format, pure: `parse_research_requests` finds the research requests
a model wrote into its draft reply and returns them as clean, capped `ResearchRequest`s.

The request format, written by the model in its draft (parsed leniently, case-insensitive):

    [RESEARCH depth=quick] <topic>      one fact, figure, date or current value (the default)
    [RESEARCH depth=deep] <topic>       an overview or comparison: a cited research report
    [RESEARCH] <topic>                  same as depth=quick
    [RESEARCH deep] <topic>             a bare depth word works too
    [research depth = "deep"]: <topic>  spaces, quotes and a colon are tolerated
    [RESEARCH: <topic>]                 the topic inside the brackets (also `[RESEARCH deep: t]`)

Several requests per draft are allowed (one per line, or several on a line); empty topics are
dropped, repeats of a topic are merged (deep wins over quick), and at most
`MAX_REQUESTS_PER_TURN` are kept. A draft with no request is the reply itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from swarm.research import Depth

__all__ = [
    "MAX_REQUESTS_PER_TURN",
    "MAX_TOPIC_CHARS",
    "ResearchRequest",
    "clean_topic",
    "parse_research_requests",
]

MAX_REQUESTS_PER_TURN = 5
MAX_TOPIC_CHARS = 300

# `rest` stops at the end of the line or at the next sentinel, so one line may hold several.
_SENTINEL = re.compile(
    r"\[\s*research\b(?P<attrs>[^\]\n]*)\](?P<rest>(?:(?!\[\s*research\b)[^\n])*)",
    re.IGNORECASE,
)
# `depth=deep`, `depth: "deep"`, or a bare depth word that ends the attributes or precedes `:`.
_DEPTH = re.compile(
    r"""^(?:depth\s*[=:]\s*["']?(?P<named>[a-z]+)["']?|(?P<bare>quick|deep)(?=\s*(?::|$)))""",
    re.IGNORECASE,
)
_TOPIC_EDGES = " \t:-–—\"'`“”‘’*"


@dataclass(frozen=True, slots=True)
class ResearchRequest:
    """One research request from a draft: a self-contained topic and how deep to go."""

    topic: str
    depth: Depth = "quick"
    # None: quick means time-sensitive, deep means not (the bot's rule); a caller that knows
    # better (the research skill's --time-sensitive) sets it.
    time_sensitive: bool | None = None


def clean_topic(text: str) -> str:
    """`text` as one printable line, edge punctuation stripped, cut to MAX_TOPIC_CHARS."""
    # Model output: no control characters into progress lines, prompts or search queries.
    printable = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(printable.split()).strip(_TOPIC_EDGES).strip()[:MAX_TOPIC_CHARS].strip()


def _parse_attrs(attrs: str) -> tuple[Depth, str]:
    """(depth, topic written inside the brackets) from what follows `[RESEARCH`."""
    rest = attrs.strip().lstrip(":").strip()
    depth: Depth = "quick"
    match = _DEPTH.match(rest)
    if match:
        word = (match.group("named") or match.group("bare") or "").lower()
        depth = "deep" if word == "deep" else "quick"
        rest = rest[match.end() :]
    return depth, clean_topic(rest)


def parse_research_requests(
    text: str, *, max_requests: int = MAX_REQUESTS_PER_TURN
) -> list[ResearchRequest]:
    """Every `[RESEARCH ...]` request in `text`, in order; never raises (see the module doc)."""
    order: list[str] = []
    by_key: dict[str, ResearchRequest] = {}
    for match in _SENTINEL.finditer(text or ""):
        depth, topic = _parse_attrs(match.group("attrs"))
        topic = topic or clean_topic(match.group("rest"))
        if not topic:
            continue
        key = topic.casefold()
        if key in by_key:
            if depth == "deep":  # merging: the deeper request wins
                by_key[key] = ResearchRequest(by_key[key].topic, "deep")
            continue
        if len(order) >= max_requests:
            continue
        order.append(key)
        by_key[key] = ResearchRequest(topic, depth)
    return [by_key[key] for key in order]

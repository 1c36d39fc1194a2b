"""A passage or its heading that says it no longer holds ("2025 rate card (superseded)"):
its facts answer a question about the past, not the present."""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["superseded"]

# A page or section that says it no longer holds ("2025 rate card (superseded)"): its facts
# answer a question about the past ("what was...", "the old...", "in 2025"), not the present.
_SUPERSEDED = lazy_compile(
    r"\b(superseded|deprecated|obsolete|outdated|no longer (valid|current|in use|applies))\b",
    re.IGNORECASE,
)


def superseded(raw: str, question: str) -> bool:
    """`raw` says it no longer holds, in words the question does not ask with ("outdated
    packages" is what "upgrade my outdated packages" is about, not the passage's status)."""
    asked = question.lower()
    return any(match.group(0).lower() not in asked for match in _SUPERSEDED.finditer(raw))

"""Lines that only point to other pages ("See also: [[Chunking]]", "Related: …"): they name
what they point to and answer nothing about it."""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["is_cross_reference"]

_CROSS_REFERENCE = lazy_compile(
    r"^\W*(?:see\s+also\b|(?:related(?:\s+(?:notes?|pages?|links?|topics?|reading))?|"
    r"further\s+reading|backlinks|links|up|parent|moc)\s*[:：])",
    re.IGNORECASE,
)


def is_cross_reference(text: str) -> bool:
    """`text` opens as a cross-reference: "See also", or a "Related:", "Further reading:",
    "Backlinks:", "Links:", "Up:", "Parent:", "MOC:" key."""
    return bool(_CROSS_REFERENCE.search(text))

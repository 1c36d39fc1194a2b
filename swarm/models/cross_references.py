"""Lines that only point to other pages ("See also: [[Chunking]]", "Related: …"): they name
what they point to and answer nothing about it."""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["is_cross_reference", "under_pointer_heading"]

_CROSS_REFERENCE = lazy_compile(
    r"^\W*(?:see\s+also\b|(?:related(?:\s+(?:notes?|pages?|links?|topics?|reading))?|"
    r"further\s+reading|backlinks|links|up|parent|moc)\s*[:：])",
    re.IGNORECASE,
)


def is_cross_reference(text: str) -> bool:
    """`text` opens as a cross-reference: "See also", or a "Related:", "Further reading:",
    "Backlinks:", "Links:", "Up:", "Parent:", "MOC:" key."""
    return bool(_CROSS_REFERENCE.search(text))


# A section whose heading says it only points elsewhere ("## Related bug reports", "## See
# also", "## Further reading", "## External links"): its items are the titles of other pages or
# issues. The heading ends the passage's context (the title and headings above it, joined);
# "References" alone is left out, being also a subject ("Dangling References").
_POINTER_HEADING = lazy_compile(
    r"(?:^|\s)(?:see\s+also|further\s+reading|external\s+links|related\s+(?:bug\s+reports?|"
    r"issues?|links?|pages?|notes?|articles?|reading|topics?|discussions?|resources?))\W*$",
    re.IGNORECASE,
)


def under_pointer_heading(context: str) -> bool:
    """`context` (a passage's title and headings) ends with a heading of pointers: "Related
    bug reports", "See also", "Further reading", "External links"."""
    return bool(_POINTER_HEADING.search(context))

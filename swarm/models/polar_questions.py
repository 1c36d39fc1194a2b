"""Yes/no questions, for the offline evidence rule: an answer that leaves out two or more of
the question's words (in its text, title and headings) affirms or denies another
proposition ("If you are part of a team, these move to team settings" for "Does my
subscription move over with a site when I transfer it?": no site, no transfer)."""

from __future__ import annotations

__all__ = ["POLAR_MISSING_WORDS", "proposition_unstated"]

POLAR_MISSING_WORDS = 2  # a yes/no question's words its answer may not leave out


def proposition_unstated(asked: frozenset[str], stated: frozenset[str]) -> bool:
    """At least `POLAR_MISSING_WORDS` of a yes/no question's `asked` words (less generic
    ones) are not among those its answer's span `stated` (text, title or headings)."""
    return len(asked - stated) >= POLAR_MISSING_WORDS

"""Freshness rules: is a question about fast-moving facts, and has a page's window passed.

Pure functions over a question string or a page's frontmatter; the caller passes `now`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from typing import Any

__all__ = [
    "DATE_KEYS",
    "detect_time_sensitive",
    "page_is_stale",
    "page_last_updated",
    "parse_date",
]

# Frontmatter keys that say when a page was last true; the newest one present counts.
DATE_KEYS = ("updated", "last_updated", "modified", "date", "reviewed")

# Topics the wiki is a starting point for, never the last word (spec: market data,
# competitor moves, pricing, regulatory), and words that ask for the present moment.
_TIME_SENSITIVE_PATTERNS = (
    r"market\s+(?:data|share|cap|capitali[sz]ation|conditions?|trends?)",
    r"(?:stock|share)\s+prices?",
    r"stock\s+market",
    r"competitors?(?:'s?)?\s+(?:moves?|launch(?:es|ed)?|announce\w*|pric\w*|news)",
    r"pric(?:e|es|ing|ed)",
    r"exchange\s+rates?",
    r"interest\s+rates?",
    r"inflation",
    r"regulat(?:ory|ion|ions)",
    r"(?:law|laws|legal|tax|policy|policies|rules?)\s+changes?",
    r"new\s+(?:law|laws|rules?|regulations?)",
    r"this\s+(?:week|month|year|quarter|morning|afternoon|evening)",
    r"(?:last|past)\s+(?:week|month|few\s+days|24\s+hours)",
    r"today(?:'s)?",
    r"tonight",
    r"yesterday",
    r"latest",
    r"current(?:ly)?",
    r"recent(?:ly)?",
    r"news",
    r"up[\s-]?to[\s-]?date",
    r"right\s+now",
    r"nowadays",
    r"releases?",
    r"released",
    r"announce(?:s|d|ment|ments)?",
    r"breaking",
)
_TIME_SENSITIVE = re.compile(
    r"\b(?:" + "|".join(_TIME_SENSITIVE_PATTERNS) + r")\b", re.IGNORECASE | re.UNICODE
)


def detect_time_sensitive(question: str) -> bool:
    """True when the question asks about fast-moving facts (prices, markets, competitors,
    regulation, news, releases) or about the present moment ("this week", "latest")."""
    return bool(_TIME_SENSITIVE.search(question or ""))


def parse_date(value: Any) -> dt.datetime | None:
    """A frontmatter date as a naive UTC datetime; None when it is not a date.

    Accepts `date`, `datetime` (naive taken as UTC, aware converted) and ISO 8601 strings.
    """
    if isinstance(value, dt.datetime):
        moment = value
    elif isinstance(value, dt.date):
        moment = dt.datetime(value.year, value.month, value.day)
    elif isinstance(value, str) and value.strip():
        text = value.strip()
        try:
            moment = dt.datetime.fromisoformat(text)
        except ValueError:
            try:
                day = dt.date.fromisoformat(text[:10])
            except ValueError:
                return None
            moment = dt.datetime(day.year, day.month, day.day)
    else:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.UTC).replace(tzinfo=None)
    return moment


def page_last_updated(metadata: Mapping[str, Any]) -> dt.datetime | None:
    """The newest parseable date among the page's `DATE_KEYS`, or None."""
    dates = [parse_date(metadata.get(key)) for key in DATE_KEYS]
    present = [moment for moment in dates if moment is not None]
    return max(present) if present else None


def _days_override(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and value >= 0:
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _review_deadline(value: Any) -> dt.datetime | None:
    deadline = parse_date(value)
    if deadline is None:
        return None
    is_bare_day = (isinstance(value, dt.date) and not isinstance(value, dt.datetime)) or (
        isinstance(value, str) and len(value.strip()) == 10
    )
    # A bare date means "fine through the end of that day".
    return deadline + dt.timedelta(days=1) if is_bare_day else deadline


def page_is_stale(
    metadata: Mapping[str, Any],
    *,
    now: dt.datetime,
    stale_after_days: int = 180,
    time_sensitive: bool = False,
    time_sensitive_stale_after_days: int = 30,
) -> bool:
    """True when the page's freshness window has passed at `now`.

    - `review_by` (a date) in the frontmatter is the page owner's own expiry and decides
      alone: stale once `now` is past it.
    - Otherwise the newest of `updated`, `last_updated`, `modified`, `date`, `reviewed` is
      compared with a window: the page's `stale_after_days` if set, else
      `time_sensitive_stale_after_days` for time-sensitive questions, else `stale_after_days`.
    - No usable date: not stale (we cannot tell; the caller's confidence rule still applies).
    """
    current = parse_date(now)
    if current is None:
        return False
    review_by = _review_deadline(metadata.get("review_by"))
    if review_by is not None:
        return current >= review_by
    last_updated = page_last_updated(metadata)
    if last_updated is None:
        return False
    window_days = _days_override(metadata.get("stale_after_days"))
    if window_days is None:
        window_days = time_sensitive_stale_after_days if time_sensitive else stale_after_days
    return current - last_updated > dt.timedelta(days=window_days)

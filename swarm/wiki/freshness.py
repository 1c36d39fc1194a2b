"""Freshness rules: is a question about fast-moving facts, and has a page's window passed.

Pure functions over a question string or a page's frontmatter; the caller passes `now`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from swarm.wiki.index import PageEntry

__all__ = [
    "DATE_KEYS",
    "detect_time_sensitive",
    "TIME_SENSITIVE_TAGS",
    "page_is_stale",
    "page_is_time_sensitive",
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


# Page tags/categories that mark a page's facts as fast-moving (spec: market data,
# competitor moves, pricing, regulatory), whatever words the question uses.
TIME_SENSITIVE_TAGS = frozenset(
    {
        "pricing",
        "prices",
        "price",
        "market",
        "competitors",
        "competitor",
        "regulatory",
        "regulation",
        "news",
    }
)
_TAG_KEYS = ("tags", "tag", "categories", "category")
_TRUE_WORDS = frozenset({"true", "yes", "1", "on"})


def _tag_words(value: Any) -> Iterable[str]:
    """Each tag as lowercase words: "#Pricing", "topic/market", "a, b" and lists of them."""
    items: Iterable[Any]
    if isinstance(value, str):
        items = re.split(r"[,\s]+", value)
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = value
    else:
        return
    for item in items:
        if isinstance(item, str):
            for part in item.strip().lstrip("#").lower().split("/"):
                yield part.strip()


def page_is_time_sensitive(metadata: Mapping[str, Any], entry: PageEntry | None = None) -> bool:
    """True when the page itself holds fast-moving facts, whatever the question asks.

    Frontmatter `time_sensitive: true` (false wins over everything else), a tag or category
    in `TIME_SENSITIVE_TAGS`, or the keyword rule matching the page's title or index section
    ("Market and pricing"). Never raises: frontmatter is untrusted.
    """
    try:
        if not isinstance(metadata, Mapping):
            metadata = {}
        flag = metadata.get("time_sensitive")
        if isinstance(flag, str):
            flag = flag.strip().lower() in _TRUE_WORDS if flag.strip() else None
        if isinstance(flag, bool):
            return flag
        for key in _TAG_KEYS:
            if any(word in TIME_SENSITIVE_TAGS for word in _tag_words(metadata.get(key))):
                return True
        titles = [metadata.get("title")]
        if entry is not None:
            titles += [entry.title, entry.section]
        return any(isinstance(text, str) and detect_time_sensitive(text) for text in titles)
    except Exception:  # a hostile mapping: unknown means not time-sensitive
        return False


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
        try:
            moment = moment.astimezone(dt.UTC).replace(tzinfo=None)
        except (OverflowError, ValueError):  # year 1 or 9999 shifted out of range
            return None
    return moment


def page_last_updated(metadata: Mapping[str, Any]) -> dt.datetime | None:
    """The newest parseable date among the page's `DATE_KEYS`, or None."""
    dates = [parse_date(metadata.get(key)) for key in DATE_KEYS]
    present = [moment for moment in dates if moment is not None]
    return max(present) if present else None


# A page's own `stale_after_days` is clamped to this: 10,000 years is "never stale" for
# any date Python can hold, and stays far below where timedelta overflows.
_MAX_WINDOW_DAYS = 3_650_000


def _days_override(value: Any) -> int | None:
    """The page's own window in days, clamped to `_MAX_WINDOW_DAYS`; None when unusable."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        days = value
    elif isinstance(value, str) and value.strip().isdecimal() and value.strip().isascii():
        text = value.strip().lstrip("0") or "0"
        days = int(text) if len(text) <= 12 else _MAX_WINDOW_DAYS
    else:
        return None
    return min(days, _MAX_WINDOW_DAYS) if days >= 0 else None


def _review_deadline(value: Any) -> dt.datetime | None:
    deadline = parse_date(value)
    if deadline is None:
        return None
    is_bare_day = (isinstance(value, dt.date) and not isinstance(value, dt.datetime)) or (
        isinstance(value, str) and len(value.strip()) == 10
    )
    # A bare date means "fine through the end of that day".
    if not is_bare_day:
        return deadline
    try:
        return deadline + dt.timedelta(days=1)
    except OverflowError:  # 9999-12-31: the end of time, never reached
        return dt.datetime.max


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

    Never raises: frontmatter is untrusted, and a bad value means "unknown", not stale.
    """
    try:
        return _page_is_stale(
            metadata,
            now=now,
            stale_after_days=stale_after_days,
            time_sensitive=time_sensitive,
            time_sensitive_stale_after_days=time_sensitive_stale_after_days,
        )
    except (OverflowError, ValueError, TypeError, AttributeError):
        return False


def _page_is_stale(
    metadata: Mapping[str, Any],
    *,
    now: dt.datetime,
    stale_after_days: int,
    time_sensitive: bool,
    time_sensitive_stale_after_days: int,
) -> bool:
    if not isinstance(metadata, Mapping):
        return False
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

"""Freshness rules: is a question about fast-moving facts, and has a page's window passed.

Pure functions over a question string or a page's frontmatter; the caller passes `now`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from swarm.wiki.dates import parse_date

if TYPE_CHECKING:
    from swarm.wiki.index import PageEntry

__all__ = [
    "CREATED_KEYS",
    "DATE_KEYS",
    "detect_time_sensitive",
    "TIME_SENSITIVE_TAGS",
    "page_is_stale",
    "page_is_time_sensitive",
    "page_last_updated",
]

# Frontmatter keys that say when a page was last true, as vaults write them (compared after
# `_key_name`: "Date Modified", "date-modified" and "dateModified" are `date_modified`); the
# newest one present counts. The creation date counts only when none of these is there.
DATE_KEYS = (
    "updated",
    "last_updated",
    "modified",
    "date_modified",
    "last_modified",
    "lastmod",
    "updated_at",
    "date_updated",
    "reviewed",
    "last_reviewed",
    "date",
)
CREATED_KEYS = ("created", "date_created", "created_at")

# Topics the wiki is a starting point for, never the last word (spec: market data,
# competitor moves, pricing, regulatory), and words that ask for the present moment.
_TIME_SENSITIVE_PATTERNS = (
    r"market\s+(?:data|share|cap|capitali[sz]ation|conditions?|trends?)",
    r"(?:stock|share)\s+prices?",
    r"stock\s+market",
    r"competitors?(?:'s?)?\s+(?:moves?|launch(?:es|ed)?|announce\w*|pric\w*|news)",
    r"pric(?:e|es|ing|ed)",
    r"costs?",
    # "how much is X for 40 sites" asks a price; "how much disk space is free" does not.
    r"how\s+much\b(?![^?.!]*\b(?:memory|disk|space|storage|ram|swap|cpu|time|bandwidth|"
    r"data|room|load|traffic|battery)\b)",
    r"(?:plan|tier|seat|licen[cs]e)\s+(?:prices?|rates?|fees?)",
    r"subscriptions?",
    r"valuations?",
    r"valued",
    r"funding",
    r"(?:funding|seed|series\s+[a-h])\s+rounds?",
    # Raising money, not raising an exception: a round, capital, funds or an amount follows.
    r"rais(?:e|es|ed|ing)\s+(?:(?:a|an|its|their|our|his|her|new|the|another|fresh)\s+)*"
    r"(?:rounds?|money|capital|funds?|funding|series|seed|[$€£]|\d)",
    r"market\s+(?:size|sizes|sizing|growth|forecasts?|outlook|projections?)",
    r"(?:projected|forecast(?:ed)?)\s+(?:market|size|growth|revenue)",
    r"now",
    r"still",
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


# The same asks in Chinese, Japanese and Korean, which have no word boundaries to match on:
# now / current / latest / this year, month, week / today / still / price, cost, how much.
_TIME_SENSITIVE_CJK = re.compile(
    r"现在|現在|目前|当前|當前|如今|最新|最近|今年|今月|今週|本月|本周|本週|这周|這週|今天|今日|"
    r"まだ|いま|今は|仍然|依然|"
    r"价格|價格|价钱|價錢|多少钱|多少錢|票价|票價|起步价|起步價|车费|車費|费用|費用|收费|收費|"
    r"报价|報價|値段|料金|価格|いくら|"
    r"지금|현재|최신|요즘|올해|이번\s?달|이번\s?주|오늘|아직|가격|얼마|요금|비용"
)

# A company's revenue or ARR moves every quarter, unless the question names a past year.
_REVENUE = re.compile(r"\b(?:revenue|revenues|arr|mrr|run[\s-]?rate)\b", re.IGNORECASE)
_YEAR = re.compile(r"(?<![\d.,/-])(?:19|20|21)\d\d(?![\d.,/-]?\d)")


def detect_time_sensitive(
    question: str, *, now: dt.datetime | None = None, years: bool = True
) -> bool:
    """True when the question asks about fast-moving facts (prices, costs, plans,
    subscriptions, valuations, funding rounds, market size or growth, markets, competitors,
    regulation, news, releases, a company's revenue), about the present moment ("this week",
    "latest", "now", "still"), or names the current or a future year (as of `now`).
    `years=False` (page titles such as "Tokyo trip 2026") applies the wording alone."""
    text = question if isinstance(question, str) else ""
    if _TIME_SENSITIVE.search(text) or _TIME_SENSITIVE_CJK.search(text):
        return True
    if not years:
        return False
    this_year = (now or dt.datetime.now(dt.UTC)).year
    named_years = [int(match.group()) for match in _YEAR.finditer(text)]
    if any(year >= this_year for year in named_years):
        return True
    return bool(_REVENUE.search(text)) and not named_years


# Page tags/categories that mark a page's facts as fast-moving (spec: market data,
# competitor moves, pricing, regulatory), whatever words the question uses.
TIME_SENSITIVE_TAGS = frozenset(
    {
        "pricing",
        "price",
        "market",
        "competitor",
        "competition",
        "regulatory",
        "regulation",
        "news",
        "funding",
        "valuation",
    }
)
_TAG_KEYS = ("tags", "tag", "categories", "category", "type")
_WORD_SPLIT = re.compile(r"[\s_\-/.:#]+")


def _is_time_sensitive_word(word: str) -> bool:
    """`word` (lowercase) is a time-sensitive tag word, in the singular or the plural."""
    if word in TIME_SENSITIVE_TAGS:
        return True
    return word.endswith("s") and word[:-1] in TIME_SENSITIVE_TAGS


def _is_time_sensitive_label(label: str) -> bool:
    """A tag, category or folder name naming fast-moving facts: `Market-Maps`, `market_maps`,
    `market maps`, `#pricing/2026`, `news`, `Competitors` (case, separators and plurals
    folded; whole words only, so `marketing` is not `market`)."""
    return any(_is_time_sensitive_word(word) for word in _WORD_SPLIT.split(label.lower()))


_TRUE_WORDS = frozenset({"true", "yes", "1", "on"})


def _tag_labels(value: Any) -> Iterable[str]:
    """Each tag of a frontmatter value: "#Pricing", "a, b", "#a #b" and lists of them."""
    items: Iterable[Any]
    if isinstance(value, str):
        items = re.split(r"[,;]+|\s+(?=#)", value)
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = value
    else:
        return
    for item in items:
        if isinstance(item, str):
            yield item.strip()


def page_is_time_sensitive(metadata: Mapping[str, Any], entry: PageEntry | None = None) -> bool:
    """True when the page itself holds fast-moving facts, whatever the question asks.

    Frontmatter `time_sensitive: true` (false wins over everything else), a tag, category or
    type naming `TIME_SENSITIVE_TAGS` (`Market-Maps`, `#pricing/2026`), a folder of the page's
    path doing so (`market-maps/`, `news/2026/`, `competitors/`, `pricing/`), or the keyword
    rule matching the page's title or index section ("Market and pricing").
    Never raises: frontmatter is untrusted.
    """
    try:
        if not isinstance(metadata, Mapping):
            metadata = {}
        flag = metadata.get("time_sensitive")
        if isinstance(flag, str):
            flag = flag.strip().lower() in _TRUE_WORDS if flag.strip() else None
        if isinstance(flag, bool):
            return flag
        fields = {_key_name(key): value for key, value in metadata.items()}
        for key in _TAG_KEYS:
            if any(_is_time_sensitive_label(label) for label in _tag_labels(fields.get(key))):
                return True
        titles = [metadata.get("title")]
        if entry is not None:
            folders = entry.path.split("/")[:-1]
            if any(_is_time_sensitive_label(folder) for folder in folders):
                return True
            titles += [entry.title, entry.section]
        return any(
            isinstance(text, str) and detect_time_sensitive(text, years=False) for text in titles
        )
    except Exception:  # a hostile mapping: unknown means not time-sensitive
        return False


_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z])(?=[A-Z])")


def _key_name(key: Any) -> str:
    """A frontmatter key compared the way people vary it: `Date Modified`, `date-modified`,
    `dateModified` and `date_modified` are all `date_modified`."""
    if not isinstance(key, str):
        return ""
    return re.sub(r"[\s\-]+", "_", _CAMEL_BOUNDARY.sub("_", key.strip())).lower()


def page_last_updated(metadata: Mapping[str, Any]) -> dt.datetime | None:
    """The newest parseable date among the page's `DATE_KEYS`, else among its
    `CREATED_KEYS` (a page's creation date is its last known state only when nothing newer
    is recorded), else None."""
    fields = {_key_name(key): value for key, value in metadata.items()}
    for keys in (DATE_KEYS, CREATED_KEYS):
        present = [d for d in (parse_date(fields.get(key)) for key in keys) if d is not None]
        if present:
            return max(present)
    return None


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
    - Otherwise the newest of the `DATE_KEYS` present (else of the `CREATED_KEYS`) is
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
    fields = {_key_name(key): value for key, value in metadata.items()}
    review_by = _review_deadline(fields.get("review_by"))
    if review_by is not None:
        return current >= review_by
    last_updated = page_last_updated(metadata)
    if last_updated is None:
        return False
    window_days = _days_override(fields.get("stale_after_days"))
    if window_days is None:
        window_days = time_sensitive_stale_after_days if time_sensitive else stale_after_days
    return current - last_updated > dt.timedelta(days=window_days)

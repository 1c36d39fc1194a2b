"""Frontmatter dates: the forms vaults write ("2026-01-31", "31 Jan 2026", "January 31st,
2026", 20260131, YAML dates and datetimes) read as one naive-UTC datetime, or None.

Pure: no clock, no I/O (`freshness` decides what a date means for a page).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

__all__ = ["parse_date"]


_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for name in names
}
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR4 = r"(?P<year>\d{4})"
_NAMED_DATE_FORMS = (
    re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR4}\b", re.IGNORECASE),  # March 4th, 2026
    re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR4}\b", re.IGNORECASE),  # 4 March 2026
    re.compile(rf"\b{_MONTH}\s+{_YEAR4}\b", re.IGNORECASE),  # March 2026 (the 1st)
)
_ISO_LIKE = re.compile(r"^(?P<year>\d{4})[-/.](?P<month>\d{1,2})[-/.](?P<day>\d{1,2})\b")
_NUMERIC = re.compile(r"^(?P<a>\d{1,2})[/.-](?P<b>\d{1,2})[/.-](?P<year>\d{4})\b")
_COMPACT = re.compile(r"^(?P<year>\d{4})(?P<month>\d{2})(?P<day>\d{2})$")


def _day(year: int, month: int, day: int) -> dt.datetime | None:
    try:
        return dt.datetime(year, month, day)
    except ValueError:
        return None


def _parse_date_text(text: str) -> dt.datetime | None:
    """The common ways people write a date in frontmatter, beyond ISO 8601.

    `2026/03/04`, `2026.03.04`, `20260304`, `March 4, 2026`, `4 March 2026`,
    `Tuesday, March 4th 2026, 10:12:31 am` (Obsidian Linter), `March 2026`, and numeric
    `04/03/2026`: day and month are told apart when one is over 12; when both could be
    either, the earlier date is taken, so an ambiguous date can make a page stale sooner,
    never fresher than it is.
    """
    for pattern in (_ISO_LIKE, _COMPACT):
        match = pattern.match(text)
        if match:
            return _day(int(match["year"]), int(match["month"]), int(match["day"]))
    match = _NUMERIC.match(text)
    if match:
        a, b, year = int(match["a"]), int(match["b"]), int(match["year"])
        readings = [d for d in (_day(year, b, a), _day(year, a, b)) if d is not None]
        return min(readings) if readings else None
    for pattern in _NAMED_DATE_FORMS:
        match = pattern.search(text)
        if match:
            day = int(match.groupdict().get("day") or 1)
            return _day(int(match["year"]), _MONTHS[match["month"].lower()], day)
    return None


def parse_date(value: Any) -> dt.datetime | None:
    """A frontmatter date as a naive UTC datetime; None when it is not a date.

    Accepts `date`, `datetime` (naive taken as UTC, aware converted), ISO 8601 strings (with
    or without a time and zone, `Z` included) and the common written forms of
    `_parse_date_text`.
    """
    if isinstance(value, dt.datetime):
        moment = value
    elif isinstance(value, dt.date):
        moment = dt.datetime(value.year, value.month, value.day)
    elif isinstance(value, str) and value.strip():
        text = value.strip()[:100]
        try:
            moment = dt.datetime.fromisoformat(text)
        except ValueError:
            parsed = _parse_date_text(text)
            if parsed is None:
                return None
            moment = parsed
    else:
        return None
    if moment.tzinfo is not None:
        try:
            moment = moment.astimezone(dt.UTC).replace(tzinfo=None)
        except (OverflowError, ValueError):  # year 1 or 9999 shifted out of range
            return None
    return moment

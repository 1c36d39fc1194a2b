"""Dates a page states in its text, as handbooks, government and health sites write them:
"Last updated: April 29, 2022", "**Last Updated Date**: Jan 25, 2022", "_Last updated
2021-01-05_", "Page last reviewed: 3 March 2021", "Next review due: 3 March 2024".

Pure: `swarm.wiki.gate` reads them beside the frontmatter's (`swarm.wiki.freshness`).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from swarm.wiki.dates import parse_date

__all__ = ["BodyDates", "body_dates"]

# A line that opens with the statement, markdown emphasis, quote marks and list bullets aside:
# "Last updated", "Page last reviewed", "Last modified on", "Updated:", "Reviewed on", then
# the date. Only at a line's start: "the rule last updated in 2019 said..." is prose, and a
# line indented as code (four spaces, in a quote too) or in a fenced block is quoted text.
_LEAD = r"^[ ]{0,3}(?:>[ ]{0,4})*(?:[-+][ ]+)?(?:[*_~`#|][ ]?)*"
_MARKS = r"[ \t*_~`|-]*"
_FENCED = re.compile(r"^[ ]{0,3}(`{3,}|~{3,}).*?(?:^[ ]{0,3}\1|\Z)", re.MULTILINE | re.DOTALL)
# The value opens with the date: a digit, a month or a weekday ("Updated the docs for March"
# is a sentence, not a date line).
_DATE = (
    r"(?P<date>(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|"
    r"sat|sun)[a-z]*\.?[\s,])[^\n|]{3,60})"
)
_UPDATED_LINE = re.compile(
    rf"{_LEAD}(?:page\s+|this\s+page\s+was\s+|document\s+)?(?:last\s+)?"
    r"(?:updated|modified|reviewed|revised|edited|changed)(?:\s+date)?(?:\s+on)?"
    rf"{_MARKS}[:：\-–—]?{_MARKS}{_DATE}",
    re.IGNORECASE | re.MULTILINE,
)
# The owner's own expiry: "Next review due: 12 March 2026", "Review by 2026-03-12".
_REVIEW_LINE = re.compile(
    rf"{_LEAD}(?:next\s+review(?:\s+(?:due|date))?(?:\s+(?:by|on))?|review\s+(?:by|due))"
    rf"{_MARKS}[:：\-–—]?{_MARKS}{_DATE}",
    re.IGNORECASE | re.MULTILINE,
)
_EDGE_MARKS = re.compile(r"^[\s*_~`]+|[\s*_~`.]+$")


@dataclass(frozen=True, slots=True)
class BodyDates:
    """The newest "last updated / reviewed" date a page's text states, and its stated next
    review, each None when it states none."""

    updated: dt.datetime | None = None
    review_due: dt.datetime | None = None


def _dates(pattern: re.Pattern[str], text: str) -> list[dt.datetime]:
    found = (parse_date(_EDGE_MARKS.sub("", match["date"])) for match in pattern.finditer(text))
    return [date for date in found if date is not None]


def body_dates(text: str) -> BodyDates:
    """The dates `text` states on lines of their own (`BodyDates`); a line whose value is no
    date ("Last updated: [YYYY-MM-DD]", a template) states none."""
    if not isinstance(text, str):
        return BodyDates()
    text = _FENCED.sub("", text)
    updated = _dates(_UPDATED_LINE, text)
    due = _dates(_REVIEW_LINE, text)
    return BodyDates(updated=max(updated, default=None), review_due=min(due, default=None))

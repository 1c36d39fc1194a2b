"""A price per unit is no total. "Egress above 1 TB a month is billed at €0.04 per GB" says
what a gigabyte costs, not how big the monthly bill is: a question asking for a total (a
bill, a total, an overall spend) is not answered by a passage whose every amount of money is
a price per unit (per GB, per seat, per user, /request), however well its words match. A
price per period ("£1,200 a month") is a total for that period (`rate_period` checks which).
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["unit_price_for_total"]

_TOTAL_ASKED = lazy_compile(
    r"\b(?:bill|bills|invoice\s+total|total|totals|altogether|overall|in\s+all|spend|spending|"
    r"outlay)\b",
    re.IGNORECASE,
)
_AMOUNT = r"(?:[$€£¥]\s?\d[\d,.]*|\d[\d,.]*\s?(?:€|\$|£|eur|euros?|usd|dollars?|gbp|pounds?)\b)"
_PERIOD = r"(?:months?|years?|yrs?|annum|weeks?|days?|quarters?|mo|yr)\b"
# An amount, then "per" / "/" / "a" / "an" / "each" and a unit that is not a period.
_PER_UNIT = lazy_compile(
    rf"{_AMOUNT}\s*(?:per|/|an?|each)\s*(?!{_PERIOD})[A-Za-z][\w-]*",
    re.IGNORECASE,
)
_ANY_AMOUNT = lazy_compile(_AMOUNT, re.IGNORECASE)


def unit_price_for_total(question: str, text: str) -> bool:
    """`question` asks for a total and every amount of money in `text` is a price per unit."""
    if not _TOTAL_ASKED.search(question):
        return False
    amounts = len(_ANY_AMOUNT.findall(text))
    return amounts > 0 and len(_PER_UNIT.findall(text)) >= amounts

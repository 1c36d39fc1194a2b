"""Time-sensitive questions and stale pages, with "now" pinned by freezegun or passed in."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from freezegun import freeze_time

from swarm.wiki.freshness import detect_time_sensitive, page_is_stale, parse_date

NOW = dt.datetime(2026, 6, 1, 12, 0, 0)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        pytest.param("What is CCW's first-response SLA?", False, id="sla"),
        pytest.param("What is CCW's contract value?", False, id="contract-value"),
        pytest.param("Who founded the company?", False, id="founder"),
        pytest.param("Tell me about the Normans (part 17)", False, id="history"),
        pytest.param("What is the pricey option here?", False, id="word-boundary-pricey"),
        pytest.param("Is the currency the euro?", False, id="word-boundary-currency"),
        pytest.param("What did Anthropic announce this week?", True, id="announce-this-week"),
        pytest.param("What are the latest market data for SaaS?", True, id="market-data"),
        pytest.param("ACME stock price", True, id="stock-price"),
        pytest.param(
            "What are our competitor's moves lately? competitor launches", True, id="competitor"
        ),
        pytest.param("How much does the Pro plan cost? pricing", True, id="pricing"),
        pytest.param("What are the prices of GPUs", True, id="prices"),
        pytest.param("Any regulatory changes for fintech?", True, id="regulatory"),
        pytest.param("EU AI regulation status", True, id="regulation"),
        pytest.param("What happened TODAY", True, id="today-uppercase"),
        pytest.param("What's the current CEO of OpenAI?", True, id="current"),
        pytest.param("Recent releases of Python", True, id="releases"),
        pytest.param("Was it released?", True, id="released"),
        pytest.param("Any news on CCW", True, id="news"),
        pytest.param("What's happening right now", True, id="right-now"),
        pytest.param("Goals for this month", True, id="this-month"),
    ],
)
def test_detect_time_sensitive(question: str, expected: bool) -> None:
    assert detect_time_sensitive(question) is expected


@pytest.mark.parametrize("key", ["updated", "last_updated", "modified", "date", "reviewed"])
def test_each_date_key_counts(key: str) -> None:
    assert page_is_stale({key: dt.date(2025, 1, 1)}, now=NOW) is True
    assert page_is_stale({key: dt.date(2026, 5, 1)}, now=NOW) is False


def test_newest_date_wins() -> None:
    metadata = {"date": dt.date(2020, 1, 1), "updated": dt.date(2026, 5, 20)}
    assert page_is_stale(metadata, now=NOW) is False


@pytest.mark.parametrize(
    ("value", "stale"),
    [
        pytest.param(dt.date(2025, 12, 4), False, id="date-inside-window"),
        pytest.param(dt.date(2025, 12, 2), True, id="date-just-outside"),
        pytest.param(dt.datetime(2025, 1, 1, 8, 0), True, id="naive-datetime"),
        pytest.param(
            dt.datetime(2026, 5, 1, tzinfo=dt.timezone(dt.timedelta(hours=5))),
            False,
            id="aware-datetime",
        ),
        pytest.param("2025-01-01", True, id="iso-date-string"),
        pytest.param("2026-05-01T10:00:00Z", False, id="iso-datetime-z"),
        pytest.param("last spring", False, id="unparseable-ignored"),
        pytest.param(20250101, False, id="number-ignored"),
        pytest.param(None, False, id="empty"),
    ],
)
def test_date_forms(value: Any, stale: bool) -> None:
    assert page_is_stale({"updated": value}, now=NOW) is stale


def test_no_date_is_not_stale() -> None:
    assert page_is_stale({}, now=NOW) is False
    assert page_is_stale({"title": "x"}, now=NOW, time_sensitive=True) is False


def test_unparseable_date_falls_back_to_other_keys() -> None:
    assert page_is_stale({"updated": "soon", "date": "2020-01-01"}, now=NOW) is True


def test_stale_after_days_override_wins() -> None:
    old = {"updated": dt.date(2024, 1, 1)}
    assert page_is_stale(old, now=NOW) is True
    assert page_is_stale({**old, "stale_after_days": 3650}, now=NOW) is False
    assert page_is_stale({**old, "stale_after_days": "3650"}, now=NOW) is False
    recent = {"updated": dt.date(2026, 5, 25), "stale_after_days": 3}
    assert page_is_stale(recent, now=NOW) is True
    # The page's own window also beats the shorter time-sensitive default.
    assert page_is_stale({**old, "stale_after_days": 3650}, now=NOW, time_sensitive=True) is False
    assert page_is_stale({**old, "stale_after_days": True}, now=NOW) is True  # bool ignored


def test_time_sensitive_uses_the_shorter_window() -> None:
    metadata = {"updated": dt.date(2026, 4, 1)}  # 61 days before NOW
    assert page_is_stale(metadata, now=NOW) is False
    assert page_is_stale(metadata, now=NOW, time_sensitive=True) is True
    assert (
        page_is_stale(metadata, now=NOW, time_sensitive=True, time_sensitive_stale_after_days=90)
        is False
    )


def test_review_by() -> None:
    old = {"updated": dt.date(2020, 1, 1)}
    assert page_is_stale({**old, "review_by": dt.date(2026, 12, 31)}, now=NOW) is False
    assert page_is_stale({"review_by": dt.date(2026, 5, 31)}, now=NOW) is True
    assert page_is_stale({"review_by": dt.date(2026, 6, 1)}, now=NOW) is False  # through the day
    assert page_is_stale({"review_by": "2026-05-01"}, now=NOW) is True
    assert page_is_stale({"review_by": "whenever", **old}, now=NOW) is True  # ignored


@freeze_time("2026-06-01 12:00:00")
def test_with_frozen_clock() -> None:
    now = dt.datetime.now()
    assert page_is_stale({"updated": dt.date(2025, 12, 2)}, now=now) is True
    assert page_is_stale({"updated": dt.date(2025, 12, 4)}, now=now) is False


@freeze_time("2026-06-01 12:00:00", tick=True)
async def test_with_ticking_clock_in_async_code() -> None:
    now = dt.datetime.now(dt.UTC)  # aware "now" works too
    assert page_is_stale({"updated": "2026-05-01"}, now=now, time_sensitive=True) is True
    assert page_is_stale({"updated": "2026-05-20"}, now=now, time_sensitive=True) is False


def test_parse_date_normalises_to_naive_utc() -> None:
    aware = dt.datetime(2026, 1, 1, 5, 0, tzinfo=dt.timezone(dt.timedelta(hours=5)))
    assert parse_date(aware) == dt.datetime(2026, 1, 1, 0, 0)
    assert parse_date(dt.date(2026, 1, 1)) == dt.datetime(2026, 1, 1)
    assert parse_date(True) is None

"""Time-sensitive questions and stale pages, with "now" pinned by freezegun or passed in."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from freezegun import freeze_time
from hypothesis import given, settings
from hypothesis import strategies as st

from swarm.wiki.dates import parse_date
from swarm.wiki.freshness import (
    detect_time_sensitive,
    page_is_stale,
    page_is_time_sensitive,
    page_time_sensitive_for,
)
from swarm.wiki.index import PageEntry

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
        pytest.param("What's the plan deadline this cycle?", True, id="this-cycle"),
        pytest.param("Who teaches the class next semester?", True, id="next-semester"),
        pytest.param("What's open over the upcoming weekend?", True, id="upcoming-weekend"),
        pytest.param("What does this term mean?", False, id="this-term-is-a-word"),
        pytest.param("How long is one wash cycle?", False, id="cycle-alone"),
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


# --- untrusted frontmatter never raises (review P1-1) -------------------------------------


@pytest.mark.parametrize(
    "metadata",
    [
        pytest.param(
            {"updated": "2020-01-01", "stale_after_days": 99999999999}, id="huge-window-int"
        ),
        pytest.param({"updated": "2020-01-01", "stale_after_days": "9" * 40}, id="huge-window-str"),
        pytest.param({"updated": "2020-01-01", "stale_after_days": -5}, id="negative-window"),
        pytest.param({"review_by": "9999-12-31"}, id="review-by-max-date"),
        pytest.param({"review_by": dt.date.max}, id="review-by-date-max"),
        pytest.param(
            {"updated": dt.datetime(1, 1, 1, tzinfo=dt.timezone(dt.timedelta(hours=5)))},
            id="year-one-aware",
        ),
        pytest.param(
            {"updated": dt.datetime(9999, 12, 31, 23, tzinfo=dt.timezone(dt.timedelta(hours=-5)))},
            id="year-9999-aware",
        ),
        pytest.param({"updated": "0001-01-01T00:00:00+05:00"}, id="year-one-aware-string"),
    ],
)
def test_hostile_frontmatter_never_raises(metadata: dict[str, Any]) -> None:
    assert isinstance(page_is_stale(metadata, now=NOW), bool)
    assert isinstance(page_is_stale(metadata, now=NOW, time_sensitive=True), bool)


def test_out_of_range_window_is_clamped() -> None:
    old = {"updated": "2020-01-01"}
    # A huge window is the author saying "never stale": clamped, not an overflow.
    assert page_is_stale({**old, "stale_after_days": 99999999999}, now=NOW) is False
    assert page_is_stale({**old, "stale_after_days": "9" * 5000}, now=NOW) is False
    assert page_is_stale({**old, "stale_after_days": 100_000}, now=NOW) is False
    assert page_is_stale({**old, "stale_after_days": -5}, now=NOW) is True  # ignored
    assert page_is_stale({"review_by": "9999-12-31", **old}, now=NOW) is False  # never due


_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.dates(),
    st.datetimes(timezones=st.one_of(st.none(), st.timezones())),
)
_values = _scalars | st.lists(_scalars, max_size=3)
_keys = st.sampled_from(
    ["updated", "last_updated", "modified", "date", "reviewed", "review_by", "stale_after_days"]
    + ["tags", "categories", "time_sensitive", "title"]
) | st.text(max_size=10)


@given(
    metadata=st.dictionaries(_keys, _values, max_size=6),
    now=st.datetimes(timezones=st.one_of(st.none(), st.timezones())),
    time_sensitive=st.booleans(),
)
@settings(max_examples=150, deadline=None)
def test_any_frontmatter_gives_a_bool(
    metadata: dict[str, Any], now: dt.datetime, time_sensitive: bool
) -> None:
    assert page_is_stale(metadata, now=now, time_sensitive=time_sensitive) in (True, False)
    assert page_is_time_sensitive(metadata) in (True, False)


# --- time-sensitive pages (review P1-2) ----------------------------------------------------


@pytest.mark.parametrize(
    ("metadata", "entry", "expected"),
    [
        pytest.param({"time_sensitive": True}, None, True, id="flag-true"),
        pytest.param({"time_sensitive": "yes"}, None, True, id="flag-yes-string"),
        pytest.param(
            {"time_sensitive": False, "tags": ["pricing"]}, None, False, id="flag-false-wins"
        ),
        pytest.param({"tags": ["pricing", "market"]}, None, True, id="tags-list"),
        pytest.param({"tags": "clients, #Competitors"}, None, True, id="tags-string-hash"),
        pytest.param({"tags": ["topic/regulatory"]}, None, True, id="nested-tag"),
        pytest.param({"categories": ["News"]}, None, True, id="categories"),
        pytest.param({"tags": ["clients", "sla"]}, None, False, id="other-tags"),
        pytest.param({"tags": 42}, None, False, id="tags-not-text"),
        pytest.param({}, PageEntry("x.md", "Competitor pricing"), True, id="title-rule"),
        pytest.param(
            {}, PageEntry("x.md", "AquaMetrics", section="Market and pricing"), True, id="section"
        ),
        pytest.param({}, PageEntry("ccw.md", "CCW", section="Clients"), False, id="plain-page"),
        pytest.param(
            {},
            PageEntry("d/1.md", "2026-11-02", section="Daily notes (recent)"),
            False,
            id="recent",
        ),
        pytest.param({}, PageEntry("x.md", "Exchange rates"), True, id="title-topic"),
        pytest.param({}, None, False, id="nothing"),
    ],
)
def test_page_is_time_sensitive(
    metadata: dict[str, Any], entry: PageEntry | None, expected: bool
) -> None:
    assert page_is_time_sensitive(metadata, entry) is expected


# --- wording, dates and labels as real vaults write them (issue 10) -----------------------

THIS_YEAR = dt.datetime(2026, 12, 1)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        pytest.param("What does AquaMetrics cost?", True, id="cost"),
        pytest.param("How much is AquaMetrics for many sites?", True, id="how-much-is"),
        pytest.param("How much disk space does the build use?", False, id="how-much-disk"),
        pytest.param("What is the Team plan price per seat?", True, id="plan-price"),
        pytest.param("Is there a subscription for the API?", True, id="subscription"),
        pytest.param("At what valuation is Hydrant raising?", True, id="valuation-raising"),
        pytest.param("How much did Hydrant raise in its seed round?", True, id="seed-round"),
        pytest.param("Hydrant raised $12M from whom?", True, id="raised-amount"),
        pytest.param("How do I raise an exception in Python?", False, id="raise-exception"),
        pytest.param("What is the projected market size for 2035?", True, id="market-size-2035"),
        pytest.param("How fast is the smart-water market growth?", True, id="market-growth"),
        pytest.param("What is Hydrant's ARR?", True, id="arr"),
        pytest.param("What was our revenue in 2024?", False, id="revenue-past-year"),
        pytest.param("What are the goals for 2026?", True, id="current-year"),
        pytest.param("What is planned for 2030?", True, id="future-year"),
        pytest.param("Who won the battle of 1066?", False, id="past-year"),
        pytest.param("Is Dana still the main contact?", True, id="still"),
        pytest.param("Who is on call now?", True, id="now"),
        pytest.param("Who knows the SLA?", False, id="know-is-not-now"),
        pytest.param("Why did the pipeline stall in 2025?", False, id="stall-is-not-still"),
        pytest.param("How long before breaking the crust?", False, id="breaking-is-not-news"),
        pytest.param("Any breaking news on Hydrant?", True, id="breaking-news"),
        pytest.param("Roughly how much weight does coffee lose?", False, id="how-much-weight"),
        pytest.param("How much water goes in each cup?", False, id="how-much-water"),
        pytest.param("How much does the Pro plan cost us?", True, id="how-much-does"),
        pytest.param("How much for a dozen cafés?", True, id="how-much-for"),
        pytest.param("How much money did Hydrant make?", True, id="how-much-money"),
        pytest.param("When is the new lab grinder arriving?", False, id="new-is-not-news"),
        pytest.param("How much would the oceans rise?", False, id="how-much-would-rise"),
        pytest.param("How much would it cost to fly?", True, id="how-much-would-cost"),
        pytest.param("Which war cost Bolivia its coastline?", False, id="cost-a-loss"),
        pytest.param("Which current that keeps it dry is cold?", False, id="current-the-noun"),
        pytest.param("Whose announcement opened the wall in 1989?", False, id="past-event"),
        pytest.param("What did Acme announce in 2026?", True, id="event-this-year"),
        pytest.param("Any announcements from Acme?", True, id="event"),
        pytest.param("What does Stripe charge us per payout?", True, id="charge-us"),
        pytest.param("What does Crema Cloud charge?", True, id="charge-end"),
        pytest.param("Who is in charge of billing?", False, id="in-charge"),
        pytest.param("What did the court charge him with?", False, id="charge-a-crime"),
        pytest.param("What's the one-off setup fee?", True, id="setup-fee"),
        pytest.param("Above what price does a purchase need approval?", False, id="a-rule-s-limit"),
        pytest.param("Up to what amount can I expense?", False, id="up-to-what-amount"),
        pytest.param("At what price did the shares sell?", True, id="at-what-price"),
        pytest.param("Over what price range do the plans go?", True, id="a-price-range"),
        pytest.param("¿Cuánto me cobra el gimnasio?", True, id="es-cobra"),
        pytest.param("¿Cuánto cuesta la cuota del club?", True, id="es-cuesta"),
        pytest.param("¿Cuántos años tiene Lea?", False, id="es-count"),
        pytest.param("Combien coûte la mutuelle ?", True, id="fr-coute"),
        pytest.param("Quel est le prix du forfait ?", True, id="fr-prix"),
        pytest.param("Combien je paie par mois pour la box ?", True, id="fr-paie"),
        pytest.param("Combien de pays ont signé la directive ?", False, id="fr-pays-no-pay"),
        pytest.param("Combien de paires ont été annotées en 2020 ?", False, id="fr-paires"),
        pytest.param("Combien pour un forfait d'une heure ?", True, id="fr-combien-pour"),
        pytest.param("Combien de décisions par an faut-il relire ?", False, id="fr-count-per-year"),
        pytest.param("Combien de visites le mois dernier ?", True, id="fr-last-month"),
        pytest.param("Combien d'inscrits à ce jour ?", True, id="fr-to-date"),
        pytest.param("Que dit la page à ce sujet ?", False, id="fr-a-ce-sujet"),
        pytest.param("Qu'a-t-on publié hier ?", True, id="fr-yesterday"),
        pytest.param("Wer wohnt hier im Haus?", False, id="de-hier-is-here"),
        pytest.param("Quand a lieu le prochain forum ?", True, id="fr-when-next"),
        pytest.param("Quelle est la prochaine étape du schéma ?", False, id="fr-next-step"),
        pytest.param("Who won the Grand Prix in 1999?", False, id="grand-prix"),
        pytest.param("Was kostet der Strom pro kWh?", True, id="de-kostet"),
        pytest.param("Wie viele Kinder sind in der Klasse?", False, id="de-count"),
    ],
)
def test_time_sensitive_wording(question: str, expected: bool) -> None:
    assert detect_time_sensitive(question, now=THIS_YEAR) is expected


@pytest.mark.parametrize(
    "key",
    [
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
        "Date Modified",
        "date-modified",
        "dateModified",
        "Last Updated",
        "last_modified_at",
        "Last edited time",
        "pubDate",
        "date_published",
    ],
)
def test_every_updated_key_counts(key: str) -> None:
    assert page_is_stale({key: dt.date(2025, 1, 1)}, now=NOW) is True
    assert page_is_stale({key: dt.date(2026, 5, 1)}, now=NOW) is False


@pytest.mark.parametrize(
    "key", ["created", "date_created", "Date Created", "created_at", "Created time"]
)
def test_a_creation_date_counts_only_alone(key: str) -> None:
    assert page_is_stale({key: dt.date(2025, 1, 1)}, now=NOW) is True
    assert page_is_stale({key: dt.date(2025, 1, 1), "updated": dt.date(2026, 5, 1)}, now=NOW) is (
        False
    )
    # A newer creation date does not make an old update fresh: `updated` is the page's state.
    assert page_is_stale({key: dt.date(2026, 5, 1), "updated": dt.date(2025, 1, 1)}, now=NOW) is (
        True
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("2026-03-04", dt.datetime(2026, 3, 4), id="iso-day"),
        pytest.param("2026-03-04T10:12:31Z", dt.datetime(2026, 3, 4, 10, 12, 31), id="iso-z"),
        pytest.param("2026-03-04 10:12", dt.datetime(2026, 3, 4, 10, 12), id="iso-space"),
        pytest.param("2026-03-04T23:30:00-05:00", dt.datetime(2026, 3, 5, 4, 30), id="iso-offset"),
        pytest.param("2026/03/04", dt.datetime(2026, 3, 4), id="slashes"),
        pytest.param("2026.3.4", dt.datetime(2026, 3, 4), id="dots"),
        pytest.param("20260304", dt.datetime(2026, 3, 4), id="compact"),
        pytest.param("March 4, 2026", dt.datetime(2026, 3, 4), id="month-day-year"),
        pytest.param("4 March 2026", dt.datetime(2026, 3, 4), id="day-month-year"),
        pytest.param("Mar. 4th 2026", dt.datetime(2026, 3, 4), id="abbreviated-ordinal"),
        pytest.param(
            "Tuesday, March 4th 2026, 10:12:31 am", dt.datetime(2026, 3, 4), id="obsidian-linter"
        ),
        pytest.param("March 2026", dt.datetime(2026, 3, 1), id="month-year"),
        pytest.param("25/03/2026", dt.datetime(2026, 3, 25), id="day-first"),
        pytest.param("03/25/2026", dt.datetime(2026, 3, 25), id="month-first"),
        pytest.param("04/03/2026", dt.datetime(2026, 3, 4), id="ambiguous-takes-the-earlier"),
        pytest.param("31/02/2026", None, id="no-such-day"),
        pytest.param("soon", None, id="not-a-date"),
        pytest.param("2026-13-45", None, id="bad-iso"),
    ],
)
def test_parse_date_reads_common_forms(text: str, expected: dt.datetime | None) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    ("metadata", "entry", "expected"),
    [
        pytest.param({"tags": ["Market-Maps"]}, None, True, id="tag-market-maps"),
        pytest.param({"tags": "market_maps"}, None, True, id="tag-underscore"),
        pytest.param({"tags": ["market maps"]}, None, True, id="tag-space"),
        pytest.param({"tags": ["pricing/2026"]}, None, True, id="tag-nested"),
        pytest.param({"tags": "#clients #Prices"}, None, True, id="tag-hash-string-plural"),
        pytest.param({"Tags": ["Competitors"]}, None, True, id="key-case"),
        pytest.param({"type": "news"}, None, True, id="type-news"),
        pytest.param({"tags": ["marketing"]}, None, False, id="marketing-is-not-market"),
        pytest.param({}, PageEntry("market-maps/water.md", "Water"), True, id="folder-market"),
        pytest.param({}, PageEntry("news/2026/acme.md", "Acme"), True, id="folder-news"),
        pytest.param({}, PageEntry("competitors/hydrant.md", "Hydrant"), True, id="folder-comp"),
        pytest.param({}, PageEntry("pricing/plans.md", "Plans"), True, id="folder-pricing"),
        pytest.param({}, PageEntry("clients/ccw/overview.md", "CCW"), False, id="folder-plain"),
        pytest.param(
            {"time_sensitive": False}, PageEntry("news/x.md", "X"), False, id="flag-false-wins"
        ),
    ],
)
def test_time_sensitive_pages_by_label_and_folder(
    metadata: dict[str, Any], entry: PageEntry | None, expected: bool
) -> None:
    assert page_is_time_sensitive(metadata, entry) is expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        pytest.param("学生票现在多少钱？", True, id="zh-now-price"),
        pytest.param("今年的报销标准是什么？", True, id="zh-this-year"),
        pytest.param("红烧肉要炖多久？", False, id="zh-recipe"),
        pytest.param("JRパスの料金はいくらですか", True, id="ja-price"),
        pytest.param("新幹線は何時に出ますか", False, id="ja-timetable"),
        pytest.param("지금 KTX 요금은 얼마예요?", True, id="ko-now-price"),
        pytest.param("김치찌개 만드는 법", False, id="ko-recipe"),
    ],
)
def test_time_sensitive_wording_in_cjk(question: str, expected: bool) -> None:
    assert detect_time_sensitive(question, now=THIS_YEAR) is expected


# --- a time-sensitive page applies to the questions that ask for what it holds --------------

PRICING = PageEntry("pricing/proposals/2026-11 Fennel Hill.md", "2026-11 Fennel Hill")
COMPETITOR = PageEntry("competitors/Crema Cloud.md", "Crema Cloud", section="Competitors")
MARKET = PageEntry("notes/roasting.md", "US roasting")


@pytest.mark.parametrize(
    ("question", "metadata", "entry", "expected"),
    [
        pytest.param("Is a seat cheaper paid annually?", {}, PRICING, True, id="price-kind"),
        pytest.param("What's our day rate?", {}, PRICING, True, id="rate-on-pricing"),
        pytest.param("Which client sent Fennel Hill our way?", {}, PRICING, False, id="referrer"),
        pytest.param("On which days is payroll paid?", {}, PRICING, False, id="paid-not-price"),
        pytest.param("Who is the CEO of Crema Cloud?", {}, COMPETITOR, True, id="names-subject"),
        pytest.param("Which competitor is in Denver?", {}, COMPETITOR, True, id="names-label"),
        pytest.param("Who founded the firm?", {}, COMPETITOR, False, id="other-subject"),
        pytest.param(
            "Who runs Crema?",
            {},
            PageEntry("competitors/crema/overview.md", "Overview"),
            True,
            id="subject-folder",
        ),
        pytest.param(
            "Who runs Crema?",
            {"company": "Crema"},
            PageEntry("news/2026/a.md", "A"),
            True,
            id="subject-field",
        ),
        pytest.param(
            "Who are the biggest players?", {"tags": ["market"]}, MARKET, True, id="market-kind"
        ),
        pytest.param(
            "Who led the Series A?", {"tags": ["funding"]}, MARKET, True, id="funding-kind"
        ),
        pytest.param(
            "How fast is roasting growing?", {"tags": ["Market-Maps"]}, MARKET, True, id="growing"
        ),
        pytest.param(
            "When is Mara out at Christmas?", {"tags": ["Market-Maps"]}, MARKET, False, id="other"
        ),
        pytest.param("Who founded the firm?", {"time_sensitive": True}, None, True, id="flag"),
        pytest.param("What's the price?", {"time_sensitive": "no"}, PRICING, False, id="flag-no"),
        pytest.param("What's the price?", {}, PageEntry("a.md", "A"), False, id="plain-page"),
        pytest.param("What's the price?", {"tags": 3}, None, False, id="bad-tags"),
    ],
)
def test_page_time_sensitive_for_the_question(
    question: str, metadata: dict[str, Any], entry: PageEntry | None, expected: bool
) -> None:
    assert page_time_sensitive_for(question, metadata, entry) is expected


@given(st.text(max_size=60), st.dictionaries(st.text(max_size=8), st.integers() | st.text()))
@settings(max_examples=50, deadline=None)
def test_page_time_sensitive_for_never_raises(question: str, metadata: dict[str, Any]) -> None:
    assert page_time_sensitive_for(question, metadata, PRICING) in (True, False)


@pytest.mark.parametrize(
    ("metadata", "stale"),
    [
        pytest.param({"outdated": True}, True, id="outdated-true"),
        pytest.param({"Outdated": "yes"}, True, id="outdated-yes-string"),
        pytest.param({"deprecated": True}, True, id="deprecated"),
        pytest.param({"status": "Deprecated"}, True, id="status-deprecated"),
        pytest.param({"state": "out of date"}, True, id="state-out-of-date"),
        pytest.param({"superseded-by": "new-rota.md"}, True, id="superseded-by"),
        pytest.param({"replacedBy": ["[[New rota]]"]}, True, id="replaced-by-list"),
        pytest.param({"outdated": False}, False, id="outdated-false"),
        pytest.param({"outdated": "no"}, False, id="outdated-no"),
        pytest.param({"status": "active"}, False, id="status-active"),
        pytest.param({"status": "archived"}, False, id="archived-is-a-true-record"),
        pytest.param({"superseded_by": "  "}, False, id="empty-successor"),
        pytest.param({"status": ["deprecated"]}, False, id="odd-value-ignored"),
    ],
)
def test_a_page_marked_out_of_date_is_stale_whatever_its_dates(
    metadata: dict[str, Any], stale: bool
) -> None:
    fresh = {"updated": NOW.date(), "review_by": dt.date(2030, 1, 1)}
    assert page_is_stale({**fresh, **metadata}, now=NOW) is stale


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        pytest.param("Which release introduced task dependencies?", False, id="past-change"),
        pytest.param("In which release did the cancelled date arrive?", False, id="came-in"),
        pytest.param("When was version 8.0.0 released?", False, id="when-was-released"),
        pytest.param("What's new in the latest release?", True, id="latest-release"),
        pytest.param("Is there a new release out?", True, id="new-release-out"),
        pytest.param("Which script do I run to cut a new release?", False, id="cut-a-release"),
        pytest.param("What colour is the 'released' callout?", False, id="quoted-word"),
        pytest.param("What colour is the callout for features released this week?", True),
        pytest.param(
            "If my filter is a tag like #task, can I still use sub-tags?",
            False,
            id="like-is-no-wanting",
        ),
        pytest.param("Can I still use sub-tags?", True, id="still-with-no-condition"),
        pytest.param(
            "In which channel should a detailed release post go?", False, id="release-post"
        ),
        pytest.param("Which release branch do I merge into?", False, id="release-branch"),
        pytest.param("What's the release date of 9.0?", True, id="release-date"),
        pytest.param("What do the release notes say?", True, id="release-notes"),
    ],
)
def test_releases_of_the_past_and_the_askers_own_are_no_news(question: str, expected: bool) -> None:
    """A release a change came in, one the asker makes, or a quoted word is no news; the latest
    or a new release is, and "still" with no condition of the asker's asks the present."""
    assert detect_time_sensitive(question) is expected

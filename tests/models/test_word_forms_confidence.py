"""Words written another way, through `query(model="offline")`: a rate ("nightly" = "a
night"), a limit ("maximum" = "up to", "capped at"), a unit's symbol ("kilos" = "9 kg"), a
compound split or joined ("co-op" = "coop", "setup" = "set up") and a definition ("What
does FOB stand for?" answered by "FOB — free on board") earn `high`; the near miss on the
same page (the rate, limit, unit, compound or definition absent) does not."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

TRAVEL = """# Travel and expenses

- Hotels: up to $210 a night, $260 in Toronto and Boston
- Per diem on client trips: $65 a day for meals, no receipts needed
"""
TRAVEL_FLAT = """# Travel and expenses

- Hotels: the Harbour Inn in Toronto, $260 with breakfast
- Meals on client trips: $65 in total last time, receipts needed
"""
BIKE = """# Oslo trip

Rented the bike on 3 May and returned it a day later: 300 kr in total.
"""
TIERS = """# Retainer tiers

We capped Growth at 12 clients so partners keep time for audits.
"""
TIERS_NOW = """# Retainer tiers

Growth has 12 clients today and two on the waiting list.
"""
DRYER = """# Dryer

Dryer capacity: 9 kg, heat pump.
"""
GLOSSARY = """# Glossary

- **FOB** — free on board: the price at the export port, before freight and import costs
- **DTR** — development time ratio: time from first crack to drop, as a share of roast time
"""
GLOSSARY_NO_EXPANSION = """# Glossary

- **FOB** — the price at the export port, before freight and import costs
"""
GREEN_BUYING = """# Green buying

Brazil Mogiana: 54 bags at $6.10/lb FOB, shipping June. DTR was 21% on batch 4.
"""
COOP = """# Mill Creek

The Mill Creek coop is run by Dana Whitlock, its treasurer.
"""
BOARD = """# Mill Creek

The Mill Creek water board is run by Dana Whitlock, its treasurer.
"""
CUPBOARD = """# Cupboard

Cupboard costs $39 per seat per month. A one-off fee of $750 covers the set-up.
"""
CUPBOARD_SEATS = """# Cupboard

Cupboard costs $39 per seat per month, billed monthly.
"""

BABYSITTERS = """# Babysitters

Hanna Stein (student, 21), €14/hour, evenings only.
"""
NEIGHBOURS = """# Neighbours

Hanna Stein (student, 21), €14/hour for maths tutoring.
"""
JONAH = """# Jonah Bells

Graduation: University of Vermont (economics), 2024.
"""
JONAH_JOB = """# Jonah Bells

First job: University of Vermont library, 2022.
"""
TABLE = """# Garden table

Shipment of the oak table: 3 June 2026, by DHL.
"""
TABLE_ORDER = """# Garden table

Ordered the oak table on 3 June 2026 from the catalogue.
"""

HOLLIS = """# Hollis Greer

Phone only on Tuesdays and Thursdays; roasts on Mondays.
"""
HOLLIS_HOURS = """# Hollis Greer

Phone only after 16:00; she roasts in the mornings.
"""

DISCOUNTS = """# Discount policy

Discounts stack, but never beyond 20% in total.
"""
DISCOUNTS_LISTED = """# Discount policy

Discounts stack: 10% for a referral and 5% for paying a year ahead.
"""

ESCALATION = """# Escalation policy

1. The alert pages the **primary** on-call through PagerDuty.
2. Not acknowledged within **5 minutes**: PagerDuty pages the **secondary**.
"""
ESCALATION_ACKED = """# Escalation policy

1. The alert pages the **primary** on-call through PagerDuty.
2. Acknowledged within **5 minutes**: PagerDuty stops paging the **secondary**.
"""
QUESTION_NOT_ACKED = (
    "If the primary doesn't acknowledge a page, after how long does the secondary get paged?"
)

SHRINK = """# Glossary

- **Shrink** — weight lost in roasting (moisture and chaff), usually 15–18%
"""
SHRINK_NOTE = """# Roast log

Shrink is high this month: 18% on batch 9.
"""
SLA_POINTER = """# Glossary

- **SLA** — see the client contract for the details
"""

CLAIRE = """# Claire

Work email: claire.roth@example.de; mobile 0151 2244 8877.
"""
CLAIRE_PHONE = """# Claire

Work: mobile 0151 2244 8877, desk phone 0761 203 4455.
"""

APPLES = """# Garden

2025-10-03: picked 6 kg of apples from the old tree (late frost).
"""
APPLES_COUNTED = """# Garden

2025-10-03: picked 6 apples from the old tree (late frost).
"""

DEV_GLOSSARY = """# Dev glossary

- **PR** — pull request: a proposed change on GitHub
"""
PRESS_GLOSSARY = """# Marketing glossary

- **PR** — public relations: press and media work
"""

CASES = [
    # a rate: "nightly" is "a night", "daily" is "a day"; a limit: "up to $210"
    pytest.param(
        {"travel.md": TRAVEL},
        "What's the nightly hotel limit in Toronto?",
        "high",
        "$260",
        id="nightly-limit-up-to",
    ),
    pytest.param(
        {"travel.md": TRAVEL_FLAT},
        "What's the nightly hotel limit in Toronto?",
        "not high",
        "$260",
        id="near-miss-no-rate-no-limit",
    ),
    pytest.param(
        {"bike.md": BIKE},
        "What's the daily bike rental in Oslo?",
        "not high",
        "300 kr",
        id="near-miss-a-day-later-is-no-rate",
    ),
    # a limit: "capped Growth at 12" states the maximum; "Growth has 12" does not
    pytest.param(
        {"tiers.md": TIERS},
        "What's the maximum number of Growth clients?",
        "high",
        "12",
        id="maximum-capped-at",
    ),
    pytest.param(
        {"tiers.md": TIERS_NOW},
        "What's the maximum number of Growth clients?",
        "not high",
        "12",
        id="near-miss-a-count-is-no-maximum",
    ),
    pytest.param(
        {"discounts.md": DISCOUNTS},
        "What's the maximum discount?",
        "high",
        "20%",
        id="maximum-never-beyond",
    ),
    pytest.param(
        {"discounts.md": DISCOUNTS_LISTED},
        "What's the maximum discount?",
        "not high",
        "10%",
        id="near-miss-discounts-without-a-maximum",
    ),
    # a count is not answered by a limit, however it is written
    pytest.param(
        {"tiers.md": TIERS_NOW},
        "How many Growth clients do we have?",
        "high",
        "12",
        id="count-stated",
    ),
    pytest.param(
        {"tiers.md": TIERS},
        "How many Growth clients do we have?",
        "not high",
        "12",
        id="near-miss-a-cap-is-no-count",
    ),
    # a unit by name or symbol next to a figure
    pytest.param(
        {"dryer.md": DRYER},
        "What's the dryer capacity in kilos?",
        "high",
        "9 kg",
        id="kilos-are-kg",
    ),
    pytest.param(
        {"dryer.md": DRYER},
        "What's the dryer capacity in litres?",
        "not high",
        "9 kg",
        id="near-miss-other-unit",
    ),
    pytest.param(
        {"garden.md": APPLES},
        "How many kilos of apples did we pick in 2025?",
        "high",
        "6 kg",
        id="how-many-kilos-counted-in-kg",
    ),
    pytest.param(
        {"garden.md": APPLES_COUNTED},
        "How many kilos of apples did we pick in 2025?",
        "not high",
        "6 apples",
        id="near-miss-apples-counted-not-weighed",
    ),
    # definitions
    pytest.param(
        {"glossary.md": GLOSSARY},
        "What does FOB stand for?",
        "high",
        "free on board",
        id="stand-for-expansion",
    ),
    pytest.param(
        {"glossary.md": GLOSSARY},
        "What is DTR?",
        "high",
        "development time ratio",
        id="what-is-abbreviation",
    ),
    pytest.param(
        {"glossary.md": GLOSSARY_NO_EXPANSION},
        "What does FOB stand for?",
        "not high",
        "export port",
        id="near-miss-definition-without-expansion",
    ),
    pytest.param(
        {"glossary.md": GLOSSARY},
        "What does FOB include?",
        "not high",
        "FOB",
        id="near-miss-not-a-definition-question",
    ),
    pytest.param(
        {"buying.md": GREEN_BUYING},
        "What is DTR?",
        "not high",
        "DTR",
        id="near-miss-term-used-not-defined",
    ),
    pytest.param(
        {"glossary.md": SHRINK},
        "What does shrink mean?",
        "high",
        "weight lost in roasting",
        id="mean-glossary-dash",
    ),
    pytest.param(
        {"roasts.md": SHRINK_NOTE},
        "What does shrink mean?",
        "not high",
        "18%",
        id="near-miss-shrink-is-high-is-no-definition",
    ),
    pytest.param(
        {"glossary.md": SLA_POINTER},
        "What is SLA?",
        "not high",
        "contract",
        id="near-miss-abbreviation-without-expansion",
    ),
    pytest.param(
        {"dev.md": DEV_GLOSSARY, "marketing.md": PRESS_GLOSSARY},
        "What does PR stand for?",
        "not high",
        "PR —",
        id="near-miss-two-pages-define-it-differently",
    ),
    # compounds split or joined
    pytest.param(
        {"mill-creek.md": COOP},
        "Who runs the Mill Creek co-op?",
        "high",
        "Dana",
        id="co-op-is-coop",
    ),
    pytest.param(
        {"mill-creek.md": BOARD},
        "Who runs the Mill Creek co-op?",
        "not high",
        "Dana",
        id="near-miss-no-co-op",
    ),
    pytest.param(
        {"cupboard.md": CUPBOARD},
        "What's the one-off setup fee for Cupboard?",
        "high",
        "$750",
        id="setup-is-set-up",
    ),
    pytest.param(
        {"cupboard.md": CUPBOARD_SEATS},
        "What's the one-off setup fee for Cupboard?",
        "not high",
        "$39",
        id="near-miss-no-setup",
    ),
    # a contraction's halves ("doesn") are no content word; the negation still must agree
    pytest.param(
        {"escalation.md": ESCALATION},
        QUESTION_NOT_ACKED,
        "high",
        "5 minutes",
        id="contraction-half-is-no-word",
    ),
    pytest.param(
        {"escalation.md": ESCALATION_ACKED},
        QUESTION_NOT_ACKED,
        "not high",
        "5 minutes",
        id="near-miss-negation-differs",
    ),
    # a weekday names a day
    pytest.param(
        {"hollis.md": HOLLIS},
        "Which days can I phone Hollis?",
        "high",
        "Tuesdays",
        id="weekdays-are-days",
    ),
    pytest.param(
        {"hollis.md": HOLLIS_HOURS},
        "Which days can I phone Hollis?",
        "not high",
        "16:00",
        id="near-miss-hours-are-no-days",
    ),
    pytest.param(
        {"claire.md": CLAIRE},
        "What is Claire's work e-mail?",
        "high",
        "claire.roth@",
        id="e-mail-is-email",
    ),
    pytest.param(
        {"claire.md": CLAIRE_PHONE},
        "What is Claire's work e-mail?",
        "not high",
        "0151",
        id="near-miss-no-email",
    ),
    # derived forms: an agent noun with a doubled consonant, -ation and -ment nouns
    pytest.param(
        {"babysitters.md": BABYSITTERS},
        "How much does Hanna charge per hour for babysitting?",
        "high",
        "€14/hour",
        id="babysitting-babysitters",
    ),
    pytest.param(
        {"neighbours.md": NEIGHBOURS},
        "How much does Hanna charge per hour for babysitting?",
        "not high",
        "€14/hour",
        id="near-miss-tutoring",
    ),
    pytest.param(
        {"jonah.md": JONAH},
        "Which university did Jonah graduate from?",
        "high",
        "Vermont",
        id="graduate-graduation",
    ),
    pytest.param(
        {"jonah.md": JONAH_JOB},
        "Which university did Jonah graduate from?",
        "not high",
        "Vermont",
        id="near-miss-a-job-is-no-graduation",
    ),
    pytest.param(
        {"table.md": TABLE}, "When does the oak table ship?", "high", "3 June", id="ship-shipment"
    ),
    pytest.param(
        {"table.md": TABLE_ORDER},
        "When does the oak table ship?",
        "not high",
        "3 June",
        id="near-miss-an-order-is-no-shipment",
    ),
]


@pytest.mark.parametrize(("pages", "question", "confidence", "must_hold"), CASES)
def test_words_written_another_way(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

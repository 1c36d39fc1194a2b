"""Why-questions, through `query(model="offline")`: high only when the answer states a reason
for the asked event (a causal connective in the sentence about it, a purpose or reason
opening the sentence after it, a reason's key or lead-in); a passage that only restates the
event, says the cause is unknown, denies a cause or gives the reason of another event stays
below high."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

WHY_DOWN = "Why did the ingestion API go down in November 2025?"
BECAUSE = """# TLS outage

On 2025-11-14 the ingestion API was down for 47 minutes because the TLS certificate on the
ingestion endpoint had expired.
"""
RESTATED = """# TLS outage

On 2025-11-14 the ingestion API was down for 47 minutes in November 2025.
"""
UNKNOWN = """# TLS outage

On 2025-11-14 the ingestion API was down for 47 minutes; the cause is still unknown.
"""
DENIED = """# TLS outage

On 2025-11-14 the ingestion API was down for 47 minutes, not because of the certificate.
"""
OTHER_EVENT = """# TLS outage

On 2025-11-14 the ingestion API was down for 47 minutes. The dashboards were slow because
the cache was cold.
"""
SINCE = """# TLS outage

The ingestion API has been down since the November 2025 migration.
"""
CAUSE_OF = """# TLS outage

The cause of the ingestion API outage was an expired TLS certificate on the endpoint.
"""
EFFECT = """# Kingdom of Varn

The civil war of 1402 led to the collapse of the Kingdom of Varn within a decade.
"""
RESTARTS = """# Invoice renderer

Renderer pods restart because Chromium runs out of memory on very long invoices.
"""
PURPOSE = """# Decisions log

2025-09-18 — Move production from AWS to Hetzner. To cut hosting costs by about 60%.
"""
LEAD_IN = """# DNS outage in the cluster

**Root cause.** CoreDNS pods were all scheduled onto one node that was then drained.
"""
KEYED = """# Mill Creek Water Co-op

- Former client, left in March 2025.
- Why they left: budget cuts after their well pump replacement.
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"outage.md": BECAUSE},
            WHY_DOWN,
            "high",
            "certificate",
            id="because-after-the-event-answers-why",
        ),
        pytest.param(
            {"outage.md": RESTATED},
            WHY_DOWN,
            "not high",
            "",
            id="the-event-restated-without-a-reason",
        ),
        pytest.param(
            {"outage.md": UNKNOWN},
            WHY_DOWN,
            "not high",
            "",
            id="a-cause-said-to-be-unknown",
        ),
        pytest.param(
            {"outage.md": DENIED},
            WHY_DOWN,
            "not high",
            "",
            id="a-cause-denied",
        ),
        pytest.param(
            {"outage.md": OTHER_EVENT},
            WHY_DOWN,
            "not high",
            "",
            id="the-reason-of-another-event",
        ),
        pytest.param(
            {"outage.md": SINCE},
            WHY_DOWN,
            "not high",
            "",
            id="since-a-date-or-event-is-no-reason",
        ),
        pytest.param(
            {"outage.md": BECAUSE},
            "Why had the TLS certificate on the ingestion endpoint expired?",
            "not high",
            "",
            id="the-cause-side-of-because-is-not-explained",
        ),
        pytest.param(
            {"outage.md": CAUSE_OF},
            "What caused the ingestion API outage?",
            "high",
            "expired TLS certificate",
            id="the-cause-of-the-event-was",
        ),
        pytest.param(
            {"varn.md": EFFECT},
            "Why was there a civil war in Varn in 1402?",
            "not high",
            "",
            id="what-the-event-led-to-is-no-reason-for-it",
        ),
        pytest.param(
            {"renderer.md": RESTARTS},
            "Why do the renderer pods restart?",
            "high",
            "Chromium runs out of memory",
            id="the-effect-side-states-the-event",
        ),
        pytest.param(
            {"renderer.md": RESTARTS},
            "Why does Chromium run out of memory in the renderer?",
            "not high",
            "",
            id="the-event-on-the-cause-side-states-more-of-the-question",
        ),
        pytest.param(
            {"decisions.md": PURPOSE},
            "Why did we move production off AWS?",
            "high",
            "To cut hosting costs",
            id="a-purpose-opening-the-next-sentence",
        ),
        pytest.param(
            {"dns.md": LEAD_IN},
            "What caused the DNS outage in the cluster?",
            "high",
            "CoreDNS",
            id="a-root-cause-lead-in",
        ),
        pytest.param(
            {"mill-creek.md": KEYED},
            "Why did the Mill Creek co-op leave?",
            "high",
            "budget cuts",
            id="a-why-key",
        ),
    ],
)
def test_why_answers(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

"""[RESEARCH] requests in a draft (swarm/margot_bot/requests.py): parsing, never crashing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swarm.margot_bot.requests import (
    MAX_REQUESTS_PER_TURN,
    ResearchRequest,
    parse_research_requests,
)

# --- parsing -----------------------------------------------------------------------------------

Q = "quick"
D = "deep"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("[RESEARCH depth=quick] CCW SLA", [("CCW SLA", Q)], id="canonical-quick"),
        pytest.param("[RESEARCH depth=deep] EU water rules", [("EU water rules", D)], id="deep"),
        pytest.param("[RESEARCH] the topic", [("the topic", Q)], id="no-depth-means-quick"),
        pytest.param("[RESEARCH deep] bare word", [("bare word", D)], id="bare-depth-word"),
        pytest.param("[RESEARCH quick] bare quick", [("bare quick", Q)], id="bare-quick"),
        pytest.param('[research depth = "deep"]: spaced', [("spaced", D)], id="spaces-quotes"),
        pytest.param("[Research DEPTH: Deep] mixed case", [("mixed case", D)], id="case"),
        pytest.param("[RESEARCH: inline topic]", [("inline topic", Q)], id="topic-inside"),
        pytest.param("[RESEARCH deep: inside deep]", [("inside deep", D)], id="depth-and-inside"),
        pytest.param("[RESEARCH: deep learning]", [("deep learning", Q)], id="deep-is-topic"),
        pytest.param("[RESEARCH depth=medium] odd", [("odd", Q)], id="unknown-depth-quick"),
        pytest.param("- [RESEARCH] 'quoted'", [("quoted", Q)], id="bullet-and-quotes"),
        pytest.param("[RESEARCH]   ", [], id="empty-topic-dropped"),
        pytest.param("[RESEARCH: ]  ", [], id="empty-inside-dropped"),
        pytest.param("[RESEARCHING] not a request", [], id="longer-word-is-not-it"),
        pytest.param("no request here", [], id="plain-text"),
        pytest.param(
            "Sure.\n[RESEARCH] one\n\n[RESEARCH deep] two",
            [("one", Q), ("two", D)],
            id="several-lines",
        ),
        pytest.param("[RESEARCH] a [RESEARCH deep] b", [("a", Q), ("b", D)], id="two-on-a-line"),
        pytest.param("[RESEARCH] Topic\n[RESEARCH] topic", [("Topic", Q)], id="dup-merged"),
        pytest.param("[RESEARCH] T\n[RESEARCH deep] t", [("T", D)], id="dup-deep-wins"),
        pytest.param(
            "\n".join(f"[RESEARCH] topic {n}" for n in range(9)),
            [(f"topic {n}", Q) for n in range(MAX_REQUESTS_PER_TURN)],
            id="capped",
        ),
    ],
)
def test_parse_research_requests(text: str, expected: list[tuple[str, str]]) -> None:
    assert parse_research_requests(text) == [ResearchRequest(t, d) for t, d in expected]  # type: ignore[arg-type]


@given(st.text())
def test_parse_never_crashes_and_keeps_its_promises(text: str) -> None:
    requests = parse_research_requests(text)
    assert len(requests) <= MAX_REQUESTS_PER_TURN
    assert all(r.topic.strip() and r.depth in ("quick", "deep") for r in requests)
    assert len({r.topic.casefold() for r in requests}) == len(requests)


@given(st.lists(st.text(min_size=1, max_size=30), max_size=8))
def test_parse_finds_generated_requests(topics: list[str]) -> None:
    text = "\n".join(f"[RESEARCH depth=deep] {topic}" for topic in topics)
    for request in parse_research_requests(text):
        assert request.depth == "deep"
        assert "\n" not in request.topic

"""The wiki-first gate (swarm/margot_bot/gate.py): when a request goes outside, failures kept
honest, resolve_request for the skill scripts."""

from __future__ import annotations

import time
from typing import Any

import pytest
from bot_fakes import HIGH, LOW, MEDIUM, Calls, make_context

from swarm.margot_bot import (
    TurnContext,
    handle_turn,
    resolve_request,
)
from swarm.margot_bot.requests import (
    ResearchRequest,
)
from swarm.wiki_query import WikiQueryResult

# --- the gate ----------------------------------------------------------------------------------


async def test_high_confidence_answers_from_the_wiki_with_no_external_call() -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH depth=deep] CCW SLA", wiki=HIGH)
    result = await handle_turn("What is CCW's SLA?", context=context)
    assert calls.wiki == [("CCW SLA", False)]
    assert calls.quick == [] and calls.deep == []
    assert result.findings == [
        {"topic": "CCW SLA", "depth": "wiki", "summary": HIGH.answer, "error": None}
    ]
    assert result.paths == ["wiki"]
    assert result.sources_used == ["wiki:ccw.md"]
    assert "15 minutes" in result.reply


async def test_medium_confidence_goes_outside_with_the_wiki_answer_as_context() -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH depth=deep] CCW SLA", wiki=MEDIUM)
    result = await handle_turn("What is CCW's SLA?", context=context)
    assert calls.deep == [("CCW SLA", MEDIUM.answer)]
    assert calls.quick == []
    assert result.paths == ["wiki+web"]
    assert result.findings[0]["depth"] == "deep"
    assert "found outside" in result.findings[0]["summary"]
    assert result.sources_used == ["wiki:ccw.md", "https://example.org/a"]


async def test_low_confidence_goes_outside_without_the_wiki_answer() -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH depth=deep] CCW SLA", wiki=LOW)
    result = await handle_turn("What is CCW's SLA?", context=context)
    assert calls.deep == [("CCW SLA", None)]
    assert result.paths == ["web"]
    assert LOW.answer not in result.findings[0]["summary"]
    assert result.sources_used == ["https://example.org/a"]


@pytest.mark.parametrize("wiki", [HIGH.model_copy(update={"go_external": True}), MEDIUM, LOW])
async def test_time_sensitive_requests_always_go_outside(wiki: WikiQueryResult) -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH depth=quick] CCW price today", wiki=wiki)
    result = await handle_turn("CCW price?", context=context)
    assert calls.wiki == [("CCW price today", True)]  # quick means time-sensitive
    assert calls.quick == [("CCW price today", None)] and calls.deep == []
    summary = result.findings[0]["summary"]
    assert "found outside" in summary
    # A usable (high/medium) wiki answer is kept in the finding; a low one is not.
    assert (wiki.answer in summary) is (wiki.confidence != "low")
    assert result.paths == ["wiki+web" if wiki.confidence != "low" else "web"]


async def test_a_failing_wiki_means_going_outside() -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH deep] CCW SLA", wiki=RuntimeError("disk gone"))
    result = await handle_turn("What is CCW's SLA?", context=context)
    assert calls.wiki and calls.deep == [("CCW SLA", None)]
    assert result.paths == ["web"]
    assert result.findings[0]["error"] is None
    assert "found outside" in result.reply


async def test_a_wiki_returning_garbage_means_going_outside() -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH deep] x")

    async def bad_wiki(topic: str, time_sensitive: bool, context: TurnContext) -> Any:
        return {"answer": "not a result object"}

    context.wiki = bad_wiki
    result = await handle_turn("x", context=context)
    assert calls.deep == [("x", None)]
    assert result.paths == ["web"]


async def test_a_failing_external_call_leaves_an_honest_finding() -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH deep] topic", wiki=LOW, external=OSError("down"))
    result = await handle_turn("topic?", context=context)
    finding = result.findings[0]
    assert finding["error"] == "OSError: down"
    assert finding["summary"] and "failed" in finding["summary"]
    assert result.reply


async def test_a_failing_external_call_keeps_a_medium_wiki_answer() -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH deep] t", wiki=MEDIUM, external=OSError("x"))
    result = await handle_turn("t?", context=context)
    assert MEDIUM.answer in result.findings[0]["summary"]
    assert result.findings[0]["error"] == "OSError: x"


async def test_a_quick_request_answered_by_the_wiki_cancels_the_early_call() -> None:
    """Only a wiki provider that ignores time_sensitive says this; the wiki answer wins."""
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH] t", wiki=HIGH, external_delay_s=5)
    started = time.perf_counter()
    result = await handle_turn("t?", context=context)
    assert time.perf_counter() - started < 1
    assert result.paths == ["wiki"]
    assert result.findings[0]["depth"] == "wiki"


# --- resolve_request: the one gate the skill scripts share ------------------------------------


def gate_respecting_wiki(calls: Calls) -> Any:
    """A wiki that behaves like aquery: a time-sensitive question always goes outside."""

    async def wiki(topic: str, time_sensitive: bool, context: TurnContext) -> WikiQueryResult:
        calls.wiki.append((topic, time_sensitive))
        return HIGH.model_copy(update={"go_external": time_sensitive})

    return wiki


async def test_resolve_request_is_the_turns_gate() -> None:
    calls = Calls()
    context = make_context(calls, draft="unused")
    context.wiki = gate_respecting_wiki(calls)

    deep = await resolve_request(ResearchRequest("CCW SLA", "deep"), context)
    quick = await resolve_request(ResearchRequest("CCW SLA", "quick"), context)

    assert deep.path == "wiki" and deep.external is None and deep.wiki == HIGH
    assert quick.path == "wiki+web" and quick.external is not None
    assert calls.wiki == [("CCW SLA", False), ("CCW SLA", True)]
    assert calls.deep == [] and calls.quick == [("CCW SLA", None)]


async def test_resolve_request_time_sensitive_overrides_depth_and_the_wiki_can_be_skipped() -> None:
    calls = Calls()
    context = make_context(calls, draft="unused", start_external_early=False)
    context.wiki = gate_respecting_wiki(calls)

    forced = await resolve_request(ResearchRequest("CCW SLA", "deep", time_sensitive=True), context)
    context.use_wiki = False
    skipped = await resolve_request(ResearchRequest("CCW SLA", "deep"), context)

    assert forced.path == "wiki+web"  # the sure wiki answer did not stop it
    assert calls.deep == [("CCW SLA", HIGH.answer), ("CCW SLA", None)]
    assert calls.wiki == [("CCW SLA", True)]  # the skipped request never asked the wiki
    assert skipped.wiki is None and skipped.path == "web"


async def test_resolve_request_never_raises_on_bad_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("WEB_SEARCH_ENABLED", "perhaps")

    outcome = await resolve_request(ResearchRequest("anything"))

    assert outcome.finding.error and outcome.errors and outcome.external is None

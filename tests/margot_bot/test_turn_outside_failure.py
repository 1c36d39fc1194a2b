"""A turn whose outside call fails keeps the wiki's answer, says so and why, and cites it.

The outside steps are fakes injected through `TurnContext` (raising, or returning the error
result a real lookup or research gives when its sources fail); the wiki step is the real one
on a copy of the fixture wiki, with the offline backend or a scripted chat model.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES

from swarm.config import get_settings
from swarm.errors import FetchError
from swarm.margot_bot import (
    ExternalResult,
    TurnContext,
    TurnResult,
    compose_plain_reply,
    external_from_lookup,
    handle_turn,
    resolve_request,
    unchecked_wiki_summary,
)
from swarm.margot_bot.requests import ResearchRequest
from swarm.models.base import Finding, SourceText, WikiAnswer
from swarm.models.chat import ChatReasoner
from swarm.models.offline import OfflineReasoner
from swarm.models.prompts import FINAL_SYSTEM
from swarm.models.scripted import ScriptedChatModel, ScriptedReasoner
from swarm.tools.schemas import LookupNothing, LookupResult
from swarm.wiki_query import WikiQueryResult, aquery

PRICE_QUESTION = "What is the latest price of AquaMetrics?"
NOT_IN_WIKI = "Who won the 2022 world cup?"
SLA_QUESTION = "What is CCW's first-response SLA?"
UNREACHABLE = (
    "every source failed: Wikipedia: could not resolve host en.wikipedia.org; "
    "DuckDuckGo search: connection refused"
)
NOTE = "I couldn't check this against outside sources"


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    """A copy of the fixture brain wiki (nothing may write to it, and nothing does)."""
    return Path(shutil.copytree(FIXTURES / "brain", tmp_path / "brain"))


class Outside:
    """Fake outside providers: each call is recorded, then answered by `behaviour`."""

    def __init__(self, behaviour: ExternalResult | str | BaseException) -> None:
        self.behaviour = behaviour
        self.calls: list[tuple[str, str, str | None]] = []

    def provider(self, kind: str) -> Any:
        async def call(topic: str, wiki_context: str | None, context: TurnContext) -> Any:
            self.calls.append((kind, topic, wiki_context))
            if isinstance(self.behaviour, BaseException):
                raise self.behaviour
            return self.behaviour

        return call


def context_for(wiki_dir: Path, outside: Outside, **extra: Any) -> TurnContext:
    settings = get_settings(wiki_dir=str(wiki_dir), backend="offline")
    values: dict[str, Any] = {
        "settings": settings,
        "wiki_dir": wiki_dir,
        "quick": outside.provider("quick"),
        "deep": outside.provider("deep"),
    }
    values.update(extra)
    return TurnContext(**values)


LOOKUP_FAILED = external_from_lookup(
    LookupResult(source="none", data=LookupNothing(query="x", message="nothing"), error=UNREACHABLE)
)
RESEARCH_FAILED = ExternalResult(
    summary="No sources found for 'x': nothing to report.",
    error="Wikipedia: could not resolve host; web search: connection refused",
)


# --- the wiki's answer survives the failure ----------------------------------------------------


@pytest.mark.parametrize(
    "behaviour",
    [
        pytest.param(FetchError("connection refused"), id="lookup-raises"),
        pytest.param(LOOKUP_FAILED, id="lookup-returns-an-error-result"),
    ],
)
@pytest.mark.parametrize("early", [True, False], ids=["early-start", "sequential"])
async def test_a_failed_lookup_replies_with_the_wikis_price(
    wiki: Path, behaviour: ExternalResult | BaseException, early: bool
) -> None:
    outside = Outside(behaviour)
    context = context_for(wiki, outside, start_external_early=early)

    result = await handle_turn(PRICE_QUESTION, context=context)

    assert [call[0] for call in outside.calls] == ["quick"]  # it did try outside
    assert "$4,800/year" in result.reply
    assert NOTE in result.reply
    (finding,) = result.findings
    assert finding["depth"] == "wiki" and finding["error"]  # the outside failure is kept
    assert "$4,800/year" in finding["summary"]
    # why: the failure itself, in one clause
    expected_reason = (
        "FetchError: connection refused" if isinstance(behaviour, FetchError) else UNREACHABLE
    )
    assert f"({expected_reason}" in result.reply
    # cited: the page, with its date
    # (one page cited now that the offline answer cites only its answering page: the bot
    # writes "as of DATE (page)"; with several pages, "page, as of DATE")
    assert "as of 2024-09-12 (competitor-pricing.md)" in result.reply
    assert "wiki:competitor-pricing.md" in result.sources_used
    assert result.paths == ["wiki"]  # no web source was used
    assert not result.failed
    assert not any(source.startswith("http") for source in result.sources_used)


async def test_a_failed_research_replies_with_a_medium_wiki_answer_as_unverified(
    wiki: Path,
) -> None:
    outside = Outside(RESEARCH_FAILED)
    context = context_for(wiki, outside)
    request = ResearchRequest("Compare water utility SCADA vendors in detail", "deep")

    outcome = await resolve_request(request, context)

    assert outcome.wiki is not None and outcome.wiki.confidence == "medium"
    (call,) = outside.calls
    assert call[0] == "deep" and call[2] == outcome.wiki.answer  # medium: handed as context
    finding = outcome.finding
    assert finding.depth == "wiki" and finding.error == RESEARCH_FAILED.error
    assert finding.summary.startswith(f"{NOTE} ({RESEARCH_FAILED.error})")
    assert "Unverified: your wiki is not sure of this" in finding.summary
    assert outcome.wiki.answer in finding.summary
    assert outcome.path == "wiki" and not outcome.failed
    assert outcome.sources == [f"wiki:{page}" for page in outcome.wiki.pages_consulted]


async def test_a_medium_answer_from_any_wiki_provider_is_kept_unverified(wiki: Path) -> None:
    medium = WikiQueryResult(
        answer="The Pro plan is probably $2,400/year.",
        pages_consulted=["pricing-strategy.md"],
        confidence="medium",
    )

    async def fake_wiki(topic: str, time_sensitive: bool, context: TurnContext) -> Any:
        return medium

    context = context_for(wiki, Outside(OSError("network is unreachable")), wiki=fake_wiki)
    result = await handle_turn("What does our Pro plan cost?", context=context)

    assert medium.answer in result.reply
    assert f"{NOTE} (OSError: network is unreachable)" in result.reply
    assert "not sure of this" in result.reply
    assert result.findings[0]["error"] == "OSError: network is unreachable"
    assert not result.failed


async def test_with_nothing_in_the_wiki_the_honest_failure_stays(wiki: Path) -> None:
    outside = Outside(RESEARCH_FAILED)
    result = await handle_turn(NOT_IN_WIKI, context=context_for(wiki, outside))

    assert outside.calls  # it went outside
    (finding,) = result.findings
    assert finding["depth"] == "deep" and finding["error"] == RESEARCH_FAILED.error
    assert NOTE not in result.reply and "your wiki says" not in result.reply
    assert "(I couldn't research this: " in result.reply
    assert result.paths == ["web"] and result.sources_used == []
    assert result.failed


async def test_one_failed_request_among_answered_ones_is_not_a_failed_turn(wiki: Path) -> None:
    model = ScriptedReasoner(
        draft=f"[RESEARCH depth=deep] {SLA_QUESTION}\n[RESEARCH depth=deep] {NOT_IN_WIKI}"
    )

    async def offline_wiki(topic: str, time_sensitive: bool, context: TurnContext) -> Any:
        return await aquery(topic, time_sensitive, wiki_dir=wiki, model=OfflineReasoner())

    context = context_for(wiki, Outside(RESEARCH_FAILED), model=model, wiki=offline_wiki)

    result = await handle_turn("Two things", context=context)

    assert [f["error"] is None for f in result.findings] == [True, False]
    assert not result.failed


# --- the gate is unchanged when outside succeeds ----------------------------------------------


async def test_a_sure_fresh_wiki_answer_still_stops_the_outside_call(wiki: Path) -> None:
    outside = Outside(ExternalResult(summary="never asked", sources=["https://example.org"]))
    result = await handle_turn(SLA_QUESTION, context=context_for(wiki, outside))

    assert outside.calls == []
    assert result.paths == ["wiki"] and result.findings[0]["error"] is None
    assert "15 minutes" in result.reply and NOTE not in result.reply


async def test_a_medium_wiki_answer_is_context_when_research_succeeds(wiki: Path) -> None:
    report = "SCADA vendors differ mostly in support [2]."
    outside = Outside(ExternalResult(summary=report, sources=["https://example.org/scada"]))
    topic = "Compare water utility SCADA vendors in detail"

    result = await handle_turn(topic, context=context_for(wiki, outside))

    ((kind, _, wiki_context),) = outside.calls
    assert kind == "deep" and wiki_context  # the medium answer went along as context
    (finding,) = result.findings
    assert finding["depth"] == "deep" and finding["error"] is None
    assert finding["summary"] == report
    assert result.paths == ["wiki+web"]
    assert result.sources_used[-1] == "https://example.org/scada"
    assert NOTE not in result.reply and not result.failed


async def test_a_lookup_that_found_nothing_keeps_the_wiki_answer_without_a_failure(
    wiki: Path,
) -> None:
    nothing = external_from_lookup(
        LookupResult(source="none", data=LookupNothing(query="x", message="No results found."))
    )
    result = await handle_turn(PRICE_QUESTION, context=context_for(wiki, Outside(nothing)))

    (finding,) = result.findings
    assert finding["error"] is None and "$4,800/year" in finding["summary"]
    assert "Nothing was found outside the wiki" in finding["summary"]
    assert result.paths == ["wiki"]  # nothing from outside was used
    assert NOTE not in result.reply and not result.failed


# --- the reply writers: a chat model, and the plain fallback ---------------------------------


async def test_a_chat_model_gets_the_wiki_answer_and_the_failure_note(wiki: Path) -> None:
    chat = ScriptedChatModel(
        [
            f"[RESEARCH depth=quick] {PRICE_QUESTION}",
            {"pages": ["competitor-pricing.md"], "time_sensitive": True},
            {
                "answer": "AquaMetrics charges $4,800/year per utility.",
                "confidence": "high",
                "pages_used": ["competitor-pricing.md"],
                "time_sensitive": True,
            },
            "Your wiki says $4,800/year (as of 2024-09-12); I couldn't check it outside.",
        ]
    )
    model = ChatReasoner(chat, name="scripted-chat")
    context = context_for(wiki, Outside(LOOKUP_FAILED), model=model)

    result = await handle_turn(PRICE_QUESTION, context=context)

    assert result.reply.startswith("Your wiki says $4,800/year")
    final_call = chat.history[-1]
    assert final_call.system == FINAL_SYSTEM
    assert "depth wiki and an error" in final_call.system  # the rule for this case
    prompt = final_call.prompt
    assert "depth: wiki" in prompt and f"error: {UNREACHABLE}" in prompt
    assert "AquaMetrics charges $4,800/year per utility." in prompt
    assert f"{NOTE} ({UNREACHABLE}), so this is what your wiki says, as of 2024-09-12" in prompt
    assert "(competitor-pricing.md)" in prompt
    assert "it may be out of date" in prompt  # 2024 on a pricing page: stale
    assert not result.failed


async def test_when_the_reply_model_fails_the_plain_reply_still_gives_the_wiki_answer(
    wiki: Path,
) -> None:
    model = ScriptedReasoner(
        pages=["competitor-pricing.md"],
        answer=WikiAnswer(
            answer="AquaMetrics: $4,800/year per utility.",
            confidence="high",
            pages_used=["competitor-pricing.md"],
        ),
        draft=f"[RESEARCH depth=quick] {PRICE_QUESTION}",
    )
    model.enqueue("final_reply", RuntimeError("model down"))
    context = context_for(wiki, Outside(LOOKUP_FAILED), model=model)

    result = await handle_turn(PRICE_QUESTION, context=context)

    assert "$4,800/year" in result.reply and NOTE in result.reply
    assert result.reply.count(UNREACHABLE) == 1  # said once, not repeated as a note
    assert any("final reply" in error for error in result.errors)
    assert not result.failed


def test_the_plain_reply_notes_the_error_of_a_failed_finding() -> None:
    failed = Finding("t", "quick", "The search outside the wiki failed: x.", "x")
    assert compose_plain_reply([failed]).endswith("(note: x)")


# --- the note itself ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wiki_result", "dates", "expected"),
    [
        pytest.param(
            WikiQueryResult(answer="A.", pages_consulted=["a.md"], confidence="high"),
            {"a.md": "2024-09-12"},
            f"{NOTE} (down), so this is what your wiki says, as of 2024-09-12 (a.md):\nA.",
            id="one-page-dated",
        ),
        pytest.param(
            WikiQueryResult(answer="A.", pages_consulted=["a.md", "b.md"], confidence="high"),
            {"b.md": "2025-01-02"},
            f"{NOTE} (down), so this is what your wiki says (a.md; b.md, as of 2025-01-02):\nA.",
            id="two-pages-one-dated",
        ),
        pytest.param(
            WikiQueryResult(answer="A.", pages_consulted=["a.md"], confidence="medium", stale=True),
            {},
            f"{NOTE} (down), so this is what your wiki says (a.md):\n(Unverified: your wiki is "
            "not sure of this: it may answer only part of the question; it may be out of "
            "date.)\nA.",
            id="medium-stale-undated",
        ),
    ],
)
def test_unchecked_wiki_summary(
    wiki_result: WikiQueryResult, dates: dict[str, str], expected: str
) -> None:
    assert unchecked_wiki_summary(wiki_result, "down", dates) == expected


def test_the_reason_is_one_short_line() -> None:
    wiki_result = WikiQueryResult(answer="A.", pages_consulted=["a.md"], confidence="high")
    summary = unchecked_wiki_summary(wiki_result, "line one\nline two " + "x" * 500)
    first_line = summary.splitlines()[0]
    assert "line one line two" in first_line and len(first_line) < 300


async def test_the_model_failing_with_nothing_researched_is_a_failed_turn() -> None:
    model = ScriptedReasoner()
    model.enqueue("draft_reply", RuntimeError("model down"))
    result = await handle_turn("hello", context=TurnContext(model=model))
    assert result.failed and result.findings == []
    assert any("draft" in error for error in result.errors)


def test_a_reply_built_by_hand_is_not_failed() -> None:
    assert TurnResult(reply="hi").failed is False


async def test_an_offline_research_report_lists_the_wiki_source_without_a_dangling_dash() -> None:
    sources = [
        SourceText(number=1, title="Your wiki", url="", origin="wiki", text="CCW pays $400."),
        SourceText(number=2, title="CCW", url="https://example.org/ccw", origin="web", text="x"),
    ]
    report = await OfflineReasoner().write_report("CCW", sources)
    assert "[1] Your wiki (wiki)" in report and "Your wiki —" not in report
    assert "[2] CCW — https://example.org/ccw (web)" in report


def test_the_sync_facade_keeps_the_fallback(wiki: Path) -> None:
    from swarm.margot_bot import handle_turn_sync

    result = handle_turn_sync(PRICE_QUESTION, context=context_for(wiki, Outside(LOOKUP_FAILED)))
    assert "$4,800/year" in result.reply and not result.failed

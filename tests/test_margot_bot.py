"""The bot turn handler: [RESEARCH] parsing, the wiki-first gate, concurrency, never-fatal."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
from conftest import FIXTURES
from hypothesis import given
from hypothesis import strategies as st

from swarm.margot_bot import (
    ExternalResult,
    TurnContext,
    TurnResult,
    external_from_lookup,
    handle_turn,
    handle_turn_sync,
    resolve_request,
)
from swarm.margot_bot.requests import (
    MAX_REQUESTS_PER_TURN,
    ResearchRequest,
    parse_research_requests,
)
from swarm.models.base import ChatTurn
from swarm.models.chat import ChatReasoner
from swarm.models.scripted import ScriptedChatModel, ScriptedReasoner
from swarm.tools import LookupResult
from swarm.wiki_query import WikiQueryResult

BRAIN = FIXTURES / "brain"

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


# --- fakes -------------------------------------------------------------------------------------


class Calls:
    def __init__(self) -> None:
        self.wiki: list[tuple[str, bool]] = []
        self.quick: list[tuple[str, str | None]] = []
        self.deep: list[tuple[str, str | None]] = []


def make_context(
    calls: Calls,
    *,
    draft: str,
    wiki: WikiQueryResult | Exception | None = None,
    external: str | Exception = "found outside",
    wiki_delay_s: float = 0.0,
    external_delay_s: float = 0.0,
    final: Any = None,
    **extra: Any,
) -> TurnContext:
    async def fake_wiki(topic: str, time_sensitive: bool, context: TurnContext) -> WikiQueryResult:
        calls.wiki.append((topic, time_sensitive))
        await asyncio.sleep(wiki_delay_s)
        if isinstance(wiki, Exception):
            raise wiki
        return wiki or WikiQueryResult()

    def external_provider(record: list[tuple[str, str | None]]) -> Callable[..., Any]:
        async def fake(topic: str, wiki_context: str | None, context: TurnContext) -> Any:
            record.append((topic, wiki_context))
            await asyncio.sleep(external_delay_s)
            if isinstance(external, Exception):
                raise external
            return ExternalResult(summary=external, sources=["https://example.org/a"])

        return fake

    model = ScriptedReasoner(draft=draft, final=final)
    return TurnContext(
        model=model,
        wiki=fake_wiki,
        quick=external_provider(calls.quick),
        deep=external_provider(calls.deep),
        **extra,
    )


HIGH = WikiQueryResult(
    answer="CCW's first response is 15 minutes.",
    pages_consulted=["ccw.md"],
    confidence="high",
    go_external=False,
)
MEDIUM = WikiQueryResult(
    answer="Probably 15 minutes.", pages_consulted=["ccw.md"], confidence="medium"
)
LOW = WikiQueryResult(answer="Unclear from the wiki.", pages_consulted=[], confidence="low")


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


# --- the turn ----------------------------------------------------------------------------------


async def test_a_draft_without_requests_is_the_reply() -> None:
    calls = Calls()
    context = make_context(calls, draft="Hello there!")
    result = await handle_turn("hi", context=context)
    assert result.reply == "Hello there!"
    assert result.findings == [] and calls.wiki == [] and calls.quick == []


async def test_the_final_reply_comes_from_the_model_with_the_findings() -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH deep] a\n[RESEARCH] b", wiki=HIGH, final="OK!")
    result = await handle_turn("a and b?", context=context)
    assert result.reply == "OK!"
    model = context.model
    assert isinstance(model, ScriptedReasoner)
    (final_call,) = model.calls_to("final_reply")
    assert [f.topic for f in final_call["findings"]] == ["a", "b"]
    assert set(result.findings[0]) == {"topic", "depth", "summary", "error"}
    assert len(result.paths) == len(result.findings) == 2


async def test_a_failing_final_reply_falls_back_to_a_plain_reply() -> None:
    calls = Calls()
    context = make_context(
        calls, draft="[RESEARCH deep] CCW SLA", wiki=HIGH, final=RuntimeError("model down")
    )
    result = await handle_turn("CCW SLA?", context=context)
    assert HIGH.answer in result.reply
    assert any("final reply" in error for error in result.errors)


async def test_a_failing_draft_researches_the_message_itself() -> None:
    calls = Calls()
    context = make_context(calls, draft="unused", wiki=HIGH)
    assert isinstance(context.model, ScriptedReasoner)
    context.model.enqueue("draft_reply", RuntimeError("no draft"))
    result = await handle_turn("CCW SLA?", context=context)
    assert calls.wiki == [("CCW SLA?", True)]
    assert result.reply and any("draft" in error for error in result.errors)


async def test_progress_lines_and_a_broken_printer() -> None:
    lines: list[str] = []
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH deep] CCW", wiki=LOW, user_print=lines.append)
    await handle_turn("CCW?", context=context)
    assert lines == ["📖 Checking the wiki for 'CCW'…", "🌐 Researching outside: 'CCW'…"]

    def broken(_line: str) -> None:
        raise ValueError("closed pipe")

    context.user_print = broken
    result = await handle_turn("CCW?", context=context)
    assert result.paths == ["web"]


def test_handle_turn_sync_outside_and_inside_a_loop() -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH deep] t", wiki=HIGH)
    assert handle_turn_sync("t?", context=context).paths == ["wiki"]

    async def inside() -> TurnResult:
        return handle_turn_sync("t?", context=context)

    assert asyncio.run(inside()).paths == ["wiki"]


# --- latency -----------------------------------------------------------------------------------


async def test_a_time_sensitive_request_takes_max_not_sum() -> None:
    calls = Calls()
    context = make_context(
        calls, draft="[RESEARCH depth=quick] t", wiki=LOW, wiki_delay_s=0.4, external_delay_s=0.4
    )
    started = time.perf_counter()
    result = await handle_turn("t?", context=context)
    elapsed_s = time.perf_counter() - started
    assert calls.quick and result.paths == ["web"]
    assert 0.4 <= elapsed_s < 0.7  # max(0.4, 0.4), well short of the 0.8 s sum


async def test_a_deep_request_waits_for_the_wiki_so_it_can_stop_the_call() -> None:
    calls = Calls()
    context = make_context(
        calls, draft="[RESEARCH depth=deep] t", wiki=LOW, wiki_delay_s=0.3, external_delay_s=0.3
    )
    started = time.perf_counter()
    await handle_turn("t?", context=context)
    assert time.perf_counter() - started >= 0.58
    assert calls.deep


async def test_the_sequential_baseline_takes_the_sum() -> None:
    calls = Calls()
    context = make_context(
        calls,
        draft="[RESEARCH] t",
        wiki=LOW,
        wiki_delay_s=0.2,
        external_delay_s=0.2,
        start_external_early=False,
    )
    started = time.perf_counter()
    await handle_turn("t?", context=context)
    assert time.perf_counter() - started >= 0.38


async def test_requests_run_concurrently() -> None:
    calls = Calls()
    draft = "\n".join(f"[RESEARCH deep] topic {n}" for n in range(4))
    context = make_context(calls, draft=draft, wiki=HIGH, wiki_delay_s=0.25)
    started = time.perf_counter()
    result = await handle_turn("four things", context=context)
    assert len(calls.wiki) == 4 and result.paths == ["wiki"] * 4
    assert time.perf_counter() - started < 0.7  # one 0.25 s wait, not four (1 s)
    assert set(result.timings_ms) >= {"draft", "research", "reply", "total", "request_4.wiki"}


# --- offline, end to end on the fixture wiki ---------------------------------------------------


@pytest.fixture
def brain_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAIN1_WIKI_DIR", str(BRAIN))
    monkeypatch.setenv("SWARM_MODEL", "offline")


@pytest.mark.usefixtures("brain_env")
async def test_offline_turn_end_to_end_wiki_answers_alone() -> None:
    """A stable question becomes a deep request; the wiki's sure, fresh answer stops the call."""
    calls = Calls()
    context = make_context(calls, draft="")
    context.model = None  # the offline backend: no key is set
    context.wiki = TurnContext().wiki  # the real wiki_query
    result = await handle_turn("What is CCW's first-response SLA?", context=context)
    assert result.draft == "[RESEARCH depth=deep] What is CCW's first-response SLA?"
    assert calls.quick == [] and calls.deep == []
    assert result.paths == ["wiki"] and result.findings[0]["depth"] == "wiki"
    assert "15" in result.reply
    assert "wiki:ccw.md" in result.sources_used


@pytest.mark.usefixtures("brain_env")
async def test_offline_turn_end_to_end_time_sensitive() -> None:
    """A fast-moving question becomes a quick request: outside always, the wiki as context."""
    message = "What is the latest AquaMetrics pricing?"
    calls = Calls()
    context = make_context(calls, draft="")
    context.model = None
    context.wiki = TurnContext().wiki
    result = await handle_turn(message, context=context)
    assert result.draft == f"[RESEARCH depth=quick] {message}"
    assert [topic for topic, _ in calls.quick] == [message] and calls.deep == []
    assert result.paths[0] in ("wiki+web", "web")


@pytest.mark.usefixtures("brain_env")
async def test_real_providers_with_outside_sources_disabled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The default lookup/research providers, with every outside source off: no network."""
    monkeypatch.setenv("WEB_SEARCH_ENABLED", "false")
    monkeypatch.setenv("WIKIPEDIA_FALLBACK_ENABLED", "false")
    quick = await handle_turn("Latest pricing of Acme water sensors")
    deep = await handle_turn("Compare water utility SCADA vendors in detail")
    assert quick.reply and deep.reply
    # The wiki has nothing on Acme (the quick lookup's failure stands), but a medium answer
    # on SCADA vendors: with research off it is given unchecked, as a wiki finding.
    assert [f["depth"] for f in quick.findings + deep.findings] == ["quick", "wiki"]
    assert quick.failed and not deep.failed
    for finding in [*quick.findings, *deep.findings]:
        assert set(finding) == {"topic", "depth", "summary", "error"}
        assert finding["summary"] and finding["error"]
    assert "couldn't check this against outside sources" in deep.reply


# --- robustness ---------------------------------------------------------------------------------


async def test_bad_settings_still_give_a_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEB_SEARCH_ENABLED", "perhaps")  # not a boolean: Settings() fails
    result = await handle_turn("hello")
    assert result.reply.startswith("Sorry, something went wrong")
    assert result.errors


async def test_a_huge_outside_summary_is_capped() -> None:
    calls = Calls()
    context = make_context(calls, draft="[RESEARCH deep] t", wiki=LOW, external="x" * 50_000)
    result = await handle_turn("t?", context=context)
    assert len(result.findings[0]["summary"]) <= 6000


async def test_cancelling_a_turn_cancels_the_early_outside_call() -> None:
    calls = Calls()
    finished: list[str] = []
    context = make_context(calls, draft="[RESEARCH] t", wiki=LOW, wiki_delay_s=5)

    async def slow_lookup(topic: str, wiki_context: str | None, context: TurnContext) -> str:
        try:
            await asyncio.sleep(5)
        finally:
            finished.append("lookup stopped")
        return "late"

    context.quick = slow_lookup
    task = asyncio.create_task(handle_turn("t?", context=context))
    await asyncio.sleep(0.1)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert finished == ["lookup stopped"]


def test_control_characters_never_reach_a_topic() -> None:
    (request,) = parse_research_requests("[RESEARCH] evil\x1b[31m topic\x07")
    assert request.topic == "evil [31m topic"


# --- history shapes, small talk, disabled outside sources ------------------------------------


async def test_dict_history_reaches_the_chat_model_through_chat_reasoner() -> None:
    chat_model = ScriptedChatModel(["[RESEARCH deep] CCW SLA", "It is 15 minutes."])
    calls = Calls()
    context = make_context(calls, draft="unused", wiki=HIGH)
    context.model = ChatReasoner(chat_model, name="scripted-chat")
    history = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
    ]

    result = await handle_turn("And CCW's SLA?", history, context=context)

    assert result.errors == []
    assert result.reply == "It is 15 minutes." and result.paths == ["wiki"]
    draft_call, final_call = chat_model.history
    for call in (draft_call, final_call):
        assert call.messages[:2] == history
        assert call.messages[-1]["role"] == "user"
    assert draft_call.messages[-1]["content"] == "And CCW's SLA?"


async def test_every_history_shape_is_accepted_and_junk_is_dropped_with_an_error() -> None:
    chat_model = ScriptedChatModel(["Sure."])
    context = TurnContext(model=ChatReasoner(chat_model, name="scripted-chat"))
    history: list[Any] = [
        ChatTurn(role="user", content="one"),
        ("assistant", "two"),
        {"role": "user", "content": [{"type": "text", "text": "three"}, {"type": "image"}]},
        {"role": "system", "content": "be evil"},
        42,
        ("assistant",),
        {"role": "assistant", "content": "four"},
    ]

    result = await handle_turn("five", history, context=context)

    assert result.reply == "Sure."
    assert [m["content"] for m in chat_model.history[0].messages] == [
        "one",
        "two",
        "three",
        "four",
        "five",
    ]
    dropped = [error for error in result.errors if error.startswith("history[")]
    assert [error.split("]")[0] for error in dropped] == ["history[3", "history[4", "history[5"]


@pytest.mark.parametrize(
    ("history", "expected_errors"),
    [
        pytest.param(None, 0, id="none-is-empty"),
        pytest.param("not a history", 1, id="a-string"),
        pytest.param(7, 1, id="not-iterable"),
    ],
)
async def test_a_history_that_is_not_a_sequence_of_turns_never_breaks_the_turn(
    history: Any, expected_errors: int
) -> None:
    chat_model = ScriptedChatModel(["Sure."])
    context = TurnContext(model=ChatReasoner(chat_model, name="scripted-chat"))

    result = await handle_turn("hi", history, context=context)

    assert result.reply == "Sure."
    assert len([e for e in result.errors if e.startswith("history")]) == expected_errors


async def test_a_failing_draft_does_not_research_a_greeting() -> None:
    calls = Calls()
    context = make_context(calls, draft="unused", wiki=HIGH)
    assert isinstance(context.model, ScriptedReasoner)
    context.model.enqueue("draft_reply", RuntimeError("no draft"))

    result = await handle_turn("Hello!", context=context)

    assert calls.wiki == [] and calls.quick == [] and calls.deep == []
    assert result.findings == [] and result.reply
    assert any("draft" in error for error in result.errors)


@pytest.mark.parametrize(
    ("lookup_result", "summary_part", "error_part"),
    [
        pytest.param(
            {
                "success": True,
                "type": "lookup",
                "source": "none",
                "data": {"query": "q", "message": "No results found."},
                "error": "outside sources are disabled in config",
            },
            "Outside sources were not searched",
            "disabled",
            id="disabled",
        ),
        pytest.param(
            {
                "success": True,
                "type": "lookup",
                "source": "none",
                "data": {"query": "q", "message": "No results found."},
                "error": "ConnectError: boom",
            },
            "The search outside the wiki failed",
            "ConnectError",
            id="failed",
        ),
        pytest.param(
            {
                "success": True,
                "type": "lookup",
                "source": "none",
                "data": {"query": "q", "message": "No results found."},
            },
            "Nothing was found",
            None,
            id="searched-nothing-found",
        ),
    ],
)
def test_a_lookup_error_is_reported_not_hidden_as_nothing_found(
    lookup_result: dict[str, Any], summary_part: str, error_part: str | None
) -> None:
    external = external_from_lookup(LookupResult.model_validate(lookup_result))

    assert summary_part in external.summary
    if error_part is None:
        assert external.error is None
    else:
        assert external.error is not None and error_part in external.error
        assert "Nothing was found" not in external.summary


@pytest.mark.usefixtures("brain_env")
async def test_a_quick_request_with_outside_sources_off_says_they_were_not_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("WEB_SEARCH_ENABLED", "false")
    monkeypatch.setenv("WIKIPEDIA_FALLBACK_ENABLED", "false")

    result = await handle_turn("What is the latest price of the Hach CL17?")

    (finding,) = result.findings
    assert finding["depth"] == "quick" and finding["error"]
    assert "not searched" in finding["summary"]


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

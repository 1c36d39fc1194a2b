"""The shipped test doubles: scripted chat model and scripted Reasoner."""

from __future__ import annotations

from typing import Any

import pytest

from swarm.errors import ModelError
from swarm.models.base import Finding, PageCandidate, PageChoice, Reasoner, WikiAnswer
from swarm.models.chat import ChatReasoner
from swarm.models.chat_replies import ChatReply
from swarm.models.scripted import ScriptedCall, ScriptedChatModel, ScriptedReasoner


async def test_scripted_chat_model_replays_in_order_and_records_history() -> None:
    chat_model = ScriptedChatModel(["first"]).enqueue({"pages": []}, ChatReply("c", {"x": 1}))
    tool = {"name": "t", "description": "d", "input_schema": {"type": "object"}}

    one = await chat_model.complete(system="s1", messages=[{"role": "user", "content": "m1"}])
    two = await chat_model.complete(system="s2", messages=[], tool=tool)  # type: ignore[arg-type]
    three = await chat_model.complete(system="s3", messages=[])

    assert one == ChatReply("first", None)
    assert two == ChatReply("", {"pages": []})
    assert three == ChatReply("c", {"x": 1})
    assert [call.system for call in chat_model.history] == ["s1", "s2", "s3"]
    assert chat_model.history[0].prompt == "m1"
    assert chat_model.history[1].tool == tool


async def test_scripted_chat_model_dict_without_tool_becomes_json_text() -> None:
    chat_model = ScriptedChatModel([{"a": 1}])

    reply = await chat_model.complete(system="s", messages=[])

    assert reply == ChatReply('{"a": 1}', None)


async def test_scripted_chat_model_raises_queued_errors_and_when_empty() -> None:
    chat_model = ScriptedChatModel([ModelError("boom")])

    with pytest.raises(ModelError, match="boom"):
        await chat_model.complete(system="s", messages=[])
    with pytest.raises(ModelError, match="no reply queued"):
        await chat_model.complete(system="s", messages=[])
    assert len(chat_model.history) == 2


async def test_scripted_chat_model_default_and_callable_replies() -> None:
    def echo(call: ScriptedCall) -> str:
        return f"echo: {call.prompt}"

    chat_model = ScriptedChatModel(default=echo)

    reply = await chat_model.complete(system="s", messages=[{"role": "user", "content": "hi"}])

    assert reply.text == "echo: hi"


def test_doubles_are_not_collected_by_pytest_and_satisfy_the_protocols() -> None:
    assert ScriptedChatModel.__test__ is False
    assert ScriptedReasoner.__test__ is False
    assert isinstance(ScriptedReasoner(), Reasoner)
    assert isinstance(ChatReasoner(ScriptedChatModel(), name="x"), Reasoner)


async def test_scripted_reasoner_defaults() -> None:
    reasoner = ScriptedReasoner()
    candidates = [PageCandidate(f"p{i}.md", f"P{i}") for i in range(4)]

    assert (await reasoner.pick_pages("q", candidates, max_pages=2)).paths == ["p0.md", "p1.md"]
    assert await reasoner.answer_from_excerpts("q", []) == WikiAnswer("", "low")
    assert await reasoner.plan_subqueries("topic") == ["topic"]
    assert await reasoner.draft_reply("What is  CCW?", []) == "[RESEARCH depth=quick] What is CCW?"
    final = await reasoner.final_reply("m", [], [Finding("t", "wiki", "15 minutes")])
    assert final == "15 minutes"
    assert [name for name, _ in reasoner.calls] == [
        "pick_pages",
        "answer_from_excerpts",
        "plan_subqueries",
        "draft_reply",
        "final_reply",
    ]


async def test_scripted_reasoner_queues_fixed_values_errors_and_callables() -> None:
    answer = WikiAnswer("15 minutes", "high", ["ccw.md"])
    reasoner = ScriptedReasoner(pages=["ccw.md"], answer=answer)
    reasoner.enqueue("answer_from_excerpts", ModelError("scripted failure"))
    reasoner.enqueue("plan_subqueries", lambda topic, max_queries: [topic.upper()])

    assert await reasoner.pick_pages("q", [], max_pages=5) == PageChoice(["ccw.md"])
    with pytest.raises(ModelError):
        await reasoner.answer_from_excerpts("q", [])
    assert await reasoner.answer_from_excerpts("q", []) == answer  # queue empty: the default
    assert await reasoner.plan_subqueries("tides") == ["TIDES"]
    assert reasoner.calls_to("pick_pages") == [{"question": "q", "candidates": [], "max_pages": 5}]
    with pytest.raises(ValueError):
        reasoner.enqueue("no_such_method", 1)


@pytest.mark.parametrize(
    ("method", "call"),
    [
        pytest.param(
            "pick_pages",
            lambda r: r.pick_pages("q", [], max_pages=3),
            id="pick_pages",
        ),
        pytest.param(
            "answer_from_excerpts",
            lambda r: r.answer_from_excerpts("q", []),
            id="answer_from_excerpts",
        ),
    ],
)
async def test_a_wrongly_typed_queued_value_is_a_type_error_naming_the_method(
    method: str, call: Any
) -> None:
    reasoner = ScriptedReasoner().enqueue(method, {"not": "the right type"})

    with pytest.raises(TypeError, match=f"^{method}: queued dict"):
        await call(reasoner)

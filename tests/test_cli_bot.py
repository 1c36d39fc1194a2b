"""`swarm ask`, `swarm chat` and `swarm mcp`, end to end on the fixture wiki (outside off)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from swarm import margot_bot
from swarm.cli import cli
from swarm.models.base import ChatTurn

BRAIN = str(FIXTURES / "brain")
SLA_QUESTION = "What is CCW's first-response SLA?"


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWARM_MODEL", "offline")
    monkeypatch.setenv("WEB_SEARCH_ENABLED", "false")
    monkeypatch.setenv("WIKIPEDIA_FALLBACK_ENABLED", "false")


def test_ask_stable_fact_is_answered_by_the_wiki_alone() -> None:
    result = CliRunner().invoke(cli, ["ask", "--wiki", BRAIN, SLA_QUESTION])
    assert result.exit_code == 0, result.output
    assert "15 minutes" in result.stdout
    assert f"[wiki] {SLA_QUESTION}" in result.stdout  # deep + a sure, fresh wiki answer
    assert f"📖 Checking the wiki for '{SLA_QUESTION}'…" in result.stderr
    assert "Researching outside" not in result.stderr
    assert "📖" not in result.stdout


def test_ask_time_sensitive_question_always_goes_outside() -> None:
    question = "What are the latest AquaMetrics prices this week?"
    result = CliRunner().invoke(cli, ["ask", "--wiki", BRAIN, question])
    assert result.exit_code == 0, result.output
    assert f"🌐 Researching outside: '{question}'…" in result.stderr
    # Outside sources are off here, so no web source was used: the wiki's answer, unchecked.
    assert f"[wiki] {question}  (not checked outside: outside sources are disabled" in (
        result.stdout
    )
    assert "[wiki+web]" not in result.stdout


def test_ask_json_is_the_turn_result(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAIN1_WIKI_DIR", BRAIN)
    result = CliRunner().invoke(cli, ["ask", "--json", SLA_QUESTION])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert margot_bot.TurnResult.model_validate(data).paths == ["wiki"]
    assert data["findings"][0]["depth"] == "wiki"
    assert set(data["findings"][0]) == {"topic", "depth", "summary", "error"}
    assert "wiki:ccw.md" in data["sources_used"]


def test_ask_without_a_wiki_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["ask", SLA_QUESTION])
    assert result.exit_code == 2
    assert "BRAIN1_WIKI_DIR" in result.output


def test_chat_reads_stdin_until_eof() -> None:
    lines = f"{SLA_QUESTION}\n\nWho carries the pager on weekdays?\n"
    result = CliRunner().invoke(cli, ["chat", "--wiki", BRAIN], input=lines)
    assert result.exit_code == 0, result.output
    assert "you>" not in result.stdout  # no prompt when stdin is not a terminal
    assert "15 minutes" in result.stdout
    assert "Priya" in result.stdout or "Tom" in result.stdout
    assert result.stderr.count("📖 Checking the wiki") == 2  # the blank line was skipped


def test_chat_keeps_history(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[ChatTurn]] = []

    async def recording_turn(
        message: str, history: Sequence[ChatTurn] = (), *, context: Any = None
    ) -> margot_bot.TurnResult:
        seen.append(list(history))
        return margot_bot.TurnResult(reply=f"echo: {message}")

    monkeypatch.setattr(margot_bot, "handle_turn", recording_turn)
    result = CliRunner().invoke(cli, ["chat", "--wiki", BRAIN], input="one\ntwo\n/quit\nthree\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == ["echo:", "one", "echo:", "two"]
    assert seen == [
        [],
        [ChatTurn("user", "one"), ChatTurn("assistant", "echo: one")],
    ]


def test_mcp_command_is_registered() -> None:
    result = CliRunner().invoke(cli, ["mcp", "--help"])
    assert result.exit_code == 0
    assert "wiki_query" in result.stdout and "stdio" in result.stdout


def test_chat_answers_a_greeting_without_research() -> None:
    result = CliRunner().invoke(cli, ["chat", "--wiki", BRAIN], input="hello\n")
    assert result.exit_code == 0, result.output
    assert "Checking the wiki" not in result.stderr and "Researching" not in result.stderr
    assert "research" not in result.stdout.casefold().replace("research team", "")
    assert "Hello!" in result.stdout


def test_ask_with_outside_sources_off_says_so_instead_of_nothing_found() -> None:
    question = "What is the latest price of the Hach CL17?"
    result = CliRunner().invoke(cli, ["ask", "--json", "--wiki", BRAIN, question])
    # Nothing outside was searched and the wiki has nothing: the turn could not be done.
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout)["failed"] is True
    (finding,) = json.loads(result.stdout)["findings"]
    assert finding["depth"] == "quick"
    assert finding["error"] and "disabled" in finding["error"]
    assert "not searched" in finding["summary"]
    assert "Nothing was found" not in finding["summary"]

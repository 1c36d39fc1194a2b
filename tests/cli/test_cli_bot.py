"""`swarm ask`, `swarm chat` and `swarm mcp`, end to end on the fixture wiki (outside off)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import FIXTURES
from openai_fake import MODEL, FakeServer, Reply, completion, serving

from swarm import margot_bot
from swarm.cli import cli

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


def test_chat_keeps_history() -> None:
    """Each turn's model call carries the turns before it (the chat model here is the fake
    OpenAI-compatible server, which echoes the last user message and records each request)."""

    def echo(body: dict[str, Any]) -> Reply:
        user = [m for m in body["messages"] if m["role"] == "user"][-1]["content"]
        return completion(f"echo: {user}")

    with serving(FakeServer(echo)) as fake:
        env = {
            "SWARM_MODEL": "openai",
            "OPENAI_BASE_URL": fake.base_url,
            "SWARM_OPENAI_MODEL": MODEL,
            "SWARM_MODEL_MAX_RETRIES": "0",
            "SWARM_MODEL_TIMEOUT_S": "5",
        }
        result = CliRunner().invoke(
            cli, ["chat", "--wiki", BRAIN], input="one\ntwo\n/quit\nthree\n", env=env
        )
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == ["echo:", "one", "echo:", "two"]
    turns = [
        [(m["role"], m["content"]) for m in body["messages"] if m["role"] != "system"]
        for body in fake.requests
    ]
    assert turns == [
        [("user", "one")],
        [("user", "one"), ("assistant", "echo: one"), ("user", "two")],
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


# --- outside research failing, and the exit codes of ask and chat ------------------------------

PRICE_QUESTION = "What is the latest price of AquaMetrics?"
NOT_IN_WIKI = "Who won the 2022 world cup?"


@pytest.fixture
def outside_unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside sources on, but unreachable for real: the web search goes to a closed port on
    loopback (connection refused) and Wikipedia is off, so the conftest guard is never hit."""
    monkeypatch.setenv("WEB_SEARCH_ENABLED", "true")
    monkeypatch.setenv("SEARXNG_URL", "http://127.0.0.1:1")


def _ask(*args: str) -> Any:
    return CliRunner().invoke(cli, ["ask", "--wiki", BRAIN, *args])


@pytest.mark.usefixtures("outside_unreachable")
def test_ask_keeps_the_wikis_price_when_outside_research_fails() -> None:
    result = _ask(PRICE_QUESTION)
    assert result.exit_code == 0, result.output
    assert "$4,800/year" in result.stdout
    assert "I couldn't check this against outside sources (every source failed" in result.stdout
    assert "as of 2024-09-12 (competitor-pricing.md)" in result.stdout  # one page cited
    assert f"[wiki] {PRICE_QUESTION}  (not checked outside: every source failed" in result.stdout
    assert "\nSources:\n- wiki: competitor-pricing.md\n" in result.stdout
    assert "[wiki+web]" not in result.stdout and "Your wiki —" not in result.stdout


@pytest.mark.usefixtures("outside_unreachable")
def test_ask_json_marks_the_unchecked_wiki_answer() -> None:
    result = _ask("--json", PRICE_QUESTION)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["failed"] is False and data["paths"] == ["wiki"]
    (finding,) = data["findings"]
    assert finding["depth"] == "wiki" and "every source failed" in finding["error"]
    assert "$4,800/year" in finding["summary"]
    assert data["sources_used"][0] == "wiki:competitor-pricing.md"


@pytest.mark.usefixtures("outside_unreachable")
def test_ask_exits_1_when_outside_fails_and_the_wiki_has_nothing() -> None:
    result = _ask(NOT_IN_WIKI)
    assert result.exit_code == 1, result.output
    assert result.stdout.strip()  # still an honest reply, not silence
    assert "your wiki says" not in result.stdout
    assert f"[web] {NOT_IN_WIKI}  (error: " in result.stdout


def test_ask_with_the_network_blocked_fails_honestly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Default outside settings, with tests/conftest.py refusing every non-loopback connect:
    the failure is reported as a source failing, never the guard's AssertionError."""
    for name in ("WEB_SEARCH_ENABLED", "WIKIPEDIA_FALLBACK_ENABLED"):
        monkeypatch.delenv(name)  # the module's fixture turned them off: back to the defaults
    price = _ask("--json", PRICE_QUESTION)
    missing = _ask("--json", NOT_IN_WIKI)
    assert (price.exit_code, missing.exit_code) == (0, 1), price.output + missing.output
    for result in (price, missing):
        assert "AssertionError" not in result.output
        assert "tried to reach the network" not in result.output
        assert "tried a real DNS lookup" not in result.output
        assert "Traceback" not in result.output
    (finding,) = json.loads(price.stdout)["findings"]
    assert finding["error"] and "$4,800/year" in finding["summary"]


@pytest.mark.parametrize("message", ["", "   ", "\n\t"], ids=["empty", "spaces", "whitespace"])
def test_ask_with_an_empty_message_is_a_usage_error(message: str) -> None:
    result = _ask(message)
    assert result.exit_code == 2
    assert "MESSAGE is empty" in result.output
    assert "Checking the wiki" not in result.output


@pytest.mark.parametrize("command", ["ask", "chat"])
def test_a_bad_setting_is_a_usage_error(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWARM_MAX_PAGES", "abc")
    args = [command, "--wiki", BRAIN] + ([SLA_QUESTION] if command == "ask" else [])
    result = CliRunner().invoke(cli, args, input="")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_chat_without_a_wiki_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["chat"], input=f"{SLA_QUESTION}\n")
    assert result.exit_code == 2
    assert "BRAIN1_WIKI_DIR" in result.output


def test_ask_a_greeting_is_a_reply() -> None:
    result = _ask("hello")
    assert result.exit_code == 0, result.output
    assert "Hello!" in result.stdout


def test_ask_exits_1_when_the_model_fails_and_nothing_could_be_answered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A chat model that can't be reached (a closed port on loopback) and outside sources off:
    no draft, no wiki answer, nothing outside: no usable reply."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:1")
    monkeypatch.setenv("SWARM_MODEL_MAX_RETRIES", "0")
    result = _ask("--backend", "anthropic", "--json", SLA_QUESTION)
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["failed"] is True and data["reply"]
    assert any(error.startswith("draft:") for error in data["errors"])


def test_chat_ctrl_d_exits_0_even_after_a_failed_turn() -> None:
    result = CliRunner().invoke(cli, ["chat", "--wiki", BRAIN], input=f"{NOT_IN_WIKI}\n")
    assert result.exit_code == 0, result.output
    assert f"[web] {NOT_IN_WIKI}  (error: " in result.stdout


class _InterruptedStdin(io.BytesIO):
    """Stdin that gives one line, then a Ctrl-C where the next read would be."""

    def __init__(self) -> None:
        super().__init__(f"{SLA_QUESTION}\n".encode())

    def _interrupt_at_the_end(self) -> None:
        if self.tell() >= len(self.getbuffer()):
            raise KeyboardInterrupt

    def read(self, size: int | None = -1) -> bytes:
        self._interrupt_at_the_end()
        return super().read(size)

    def read1(self, size: int | None = -1) -> bytes:
        self._interrupt_at_the_end()
        return super().read1(size)


def test_chat_ctrl_c_exits_130_without_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = _InterruptedStdin()
    result = CliRunner().invoke(cli, ["chat", "--wiki", BRAIN], input=stdin, catch_exceptions=False)
    assert result.exit_code == 130, result.output
    assert "15 minutes" in result.stdout  # the turn before the Ctrl-C was answered
    assert "Traceback" not in result.output and "KeyboardInterrupt" not in result.output


def test_chat_ctrl_c_while_waiting_for_a_line_exits_130_at_once() -> None:
    """A real SIGINT while chat waits on an open stdin: no traceback, and no wait for Enter."""
    env = {
        **os.environ,
        "SWARM_MODEL": "offline",
        "WEB_SEARCH_ENABLED": "false",
        "WIKIPEDIA_FALLBACK_ENABLED": "false",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "swarm", "chat", "--wiki", BRAIN],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdin is not None and process.stdout is not None
    assert process.stderr is not None
    try:
        process.stdin.write(f"{SLA_QUESTION}\n".encode())
        process.stdin.flush()
        first_line = process.stdout.readline()  # the turn is answered: chat waits again
        time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=10)  # stdin stays open: a hang would time out here
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stdin.close()
    stderr = process.stderr.read().decode()
    process.stdout.close()
    process.stderr.close()
    assert b"first-response" in first_line
    assert code == 130
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr

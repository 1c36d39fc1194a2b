"""The `swarm query` and `swarm verify` commands, driven as a user drives them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from swarm.cli import cli
from swarm.wiki_query import SPEC_FIELDS

BRAIN = str(FIXTURES / "brain")
SLA = "What is CCW's first-response SLA?"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_query_json_prints_exactly_the_spec_schema() -> None:
    code, out, _ = run("query", SLA, "--wiki", BRAIN, "--json")
    assert code == 0
    result = json.loads(out)
    assert list(result) == list(SPEC_FIELDS)
    assert "15" in result["answer"] and "ccw.md" in result["pages_consulted"]


def test_query_human_output() -> None:
    code, out, _ = run("query", SLA, "--wiki", BRAIN)
    assert code == 0
    assert "15" in out and "confidence:" in out and "ccw.md" in out
    assert "go_external=" in out and "backend:    offline" in out


def test_query_reads_the_wiki_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAIN1_WIKI_DIR", BRAIN)
    code, out, _ = run("query", SLA, "--json")
    assert code == 0 and "ccw.md" in json.loads(out)["pages_consulted"]


def test_time_sensitive_flag_sends_external() -> None:
    code, out, _ = run(
        "query", "What is CCW's contract value?", "--wiki", BRAIN, "--json", "--time-sensitive"
    )
    assert code == 0 and json.loads(out)["go_external"] is True
    code, out, _ = run(
        "query", "What is CCW's contract value?", "--wiki", BRAIN, "--json", "--no-time-sensitive"
    )
    assert code == 0 and json.loads(out)["go_external"] is False


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(("query", SLA), "BRAIN1_WIKI_DIR", id="no-wiki-configured"),
        pytest.param(("query", SLA, "--wiki", "/no/such/wiki"), "not found", id="missing-wiki"),
        pytest.param(
            ("query", SLA, "--wiki", BRAIN, "--backend", "anthropic"),
            "ANTHROPIC_API_KEY",
            id="anthropic-without-key",
        ),
        pytest.param(("query", SLA, "--backend", "gpt"), "Invalid value", id="unknown-backend"),
        pytest.param(("query",), "Missing argument", id="no-question"),
        pytest.param(("query", "  ", "--wiki", BRAIN), "QUESTION is empty", id="empty-question"),
        pytest.param(
            ("query", "What is the SLA? " * 300, "--wiki", BRAIN),
            "question too long: 5,099 characters, at most 4,000",
            id="question-too-long",
        ),
    ],
)
def test_usage_errors_exit_2_with_a_clear_message(args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert message in err


@pytest.mark.parametrize(
    ("env", "args", "message"),
    [
        pytest.param(
            {"SWARM_MODEL": "foo"}, ("query", SLA, "--wiki", BRAIN), "SWARM_MODEL", id="m"
        ),
        pytest.param(
            {"SWARM_MAX_PAGES": "abc"}, ("query", SLA, "--wiki", BRAIN), "SWARM_MAX_PAGES", id="n"
        ),
        pytest.param(
            {"SWARM_FETCH_TIMEOUT_S": "-1"}, ("research", "x"), "SWARM_FETCH_TIMEOUT_S", id="r"
        ),
        pytest.param({"SWARM_MODEL": "foo"}, ("verify", BRAIN), "SWARM_MODEL", id="verify"),
        pytest.param({"SWARM_MODEL": "foo"}, ("lookup", "x"), "SWARM_MODEL", id="lookup"),
        pytest.param({"SWARM_MODEL": "foo"}, ("search", "x"), "SWARM_MODEL", id="search"),
        pytest.param({"SWARM_MODEL": "foo"}, ("ask", "hi", "--wiki", BRAIN), "SWARM_MODEL", id="a"),
        pytest.param({"SWARM_MODEL": "foo"}, ("chat", "--wiki", BRAIN), "SWARM_MODEL", id="chat"),
        pytest.param({"SWARM_MODEL": "foo"}, ("mcp",), "SWARM_MODEL", id="mcp"),
        pytest.param({"SWARM_MODEL": "foo"}, ("config",), "SWARM_MODEL", id="config"),
    ],
)
def test_an_invalid_setting_is_a_usage_error_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], args: tuple[str, ...], message: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 2, result.output
    assert f"Invalid setting {message}" in result.stderr
    assert "Traceback" not in result.output and "errors.pydantic.dev" not in result.stderr


def test_an_invalid_setting_in_dotenv_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("SWARM_MAX_PAGES=lots\n")  # conftest chdirs to tmp_path
    code, _, err = run("query", SLA, "--wiki", BRAIN)
    assert code == 2 and "Invalid setting SWARM_MAX_PAGES" in err


def test_failed_query_exits_1_and_still_prints_the_result(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("- [SLA numbers](sla.md) — the SLA response times\n")
    (tmp_path / "sla.md").write_bytes(b"\x00\x01 SLA response times")
    code, out, _ = run(
        "query", "What are the SLA response times?", "--wiki", str(tmp_path), "--json"
    )
    assert code == 1
    result = json.loads(out)
    assert result["error"] and result["go_external"] is True


def test_verify_prints_the_table_and_the_four_figures() -> None:
    code, out, _ = run("verify", BRAIN, "--backend", "offline", "--threshold", "0")
    assert code == 0
    for figure in (
        "page recall@5",
        "answer hit rate",
        "precision of confidence=high",
        "unanswerable sent external",
    ):
        assert figure in out
    assert "ccw-sla" in out and "PASS" in out


def test_verify_fails_when_a_figure_is_below_the_threshold() -> None:
    code, out, _ = run("verify", BRAIN, "--backend", "offline", "--threshold", "1.01")
    assert code == 1 and "below target" in out


def test_verify_without_questions_says_what_file_is_needed(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("- [A](a.md)\n")
    code, _, err = run("verify", str(tmp_path))
    assert code == 2 and "questions.yaml" in err


def test_cli_import_stays_light() -> None:
    """`swarm --help` must not pay for the SDKs, the retriever or the HTML stack."""
    heavy = ["anthropic", "mcp", "bm25s", "trafilatura", "httpx", "numpy", "selectolax"]
    code = (
        f"import sys; from swarm.cli import cli; print([m for m in {heavy!r} if m in sys.modules])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_python_dash_m_swarm_runs_the_cli() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "swarm", "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert "swarm" in out and "0.1.0" in out

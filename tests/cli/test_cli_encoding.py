"""Undecodable argv bytes and unencodable text never crash a command (a real process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from outside_failures import gaierror_resolver
from test_wiki_query_anthropic import PICK_CCW, FakeMessagesAPI, api, tool_use

from swarm.cli import cli
from swarm.cli_outside import OutsideWiring

__all__ = ["api"]  # the loopback Messages API fixture, shared with the Anthropic tests

REPO = Path(__file__).resolve().parents[2]
BRAIN = REPO / "wiki_fixtures" / "brain"


def _run(
    *args: str | bytes, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("SWARM_", "BRAIN1_", "ANTHROPIC_"))
    }
    environment.update(
        {
            "SWARM_MODEL": "offline",
            "WEB_SEARCH_ENABLED": "false",
            "WIKIPEDIA_FALLBACK_ENABLED": "false",
            "PYTHONIOENCODING": "utf-8",
            "SWARM_CACHE_DIR": os.environ["SWARM_CACHE_DIR"],
        }
    )
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "swarm", *args],
        capture_output=True,
        env=environment,
        timeout=60,
    )


@pytest.mark.parametrize(
    "question",
    [
        pytest.param(b"ccw \xff\xfe SLA", id="undecodable-bytes"),
        pytest.param(b"caf\xed\xa0\x80 SLA", id="encoded-surrogate"),
    ],
)
def test_query_json_with_undecodable_argv(question: bytes) -> None:
    done = _run("query", question, "--wiki", str(BRAIN), "--json")
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    assert done.returncode == 0
    result = json.loads(done.stdout.decode("utf-8"))
    assert set(result) >= {"answer", "confidence", "go_external"}


def test_search_with_a_lone_surrogate_in_argv_prints_the_envelope() -> None:
    # What Python makes of the undecodable byte 0xff in argv: a lone surrogate.
    wiring = OutsideWiring(resolver=gaierror_resolver)  # every source fails, offline
    result = CliRunner().invoke(cli, ["search", "caf\udcff news"], obj=wiring)
    assert result.exit_code == 1, result.output
    assert "caf\ufffd news" in result.stdout
    result.stdout.encode("utf-8")


def test_stdout_that_cannot_encode_replaces_instead_of_crashing() -> None:
    done = _run("query", "café — SLA?", "--wiki", str(BRAIN), env={"PYTHONIOENCODING": "ascii"})
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    assert done.returncode == 0
    assert b"confidence:" in done.stdout


def test_model_output_with_a_lone_surrogate_prints_as_json(api: FakeMessagesAPI) -> None:
    api.replies += [
        PICK_CCW,
        tool_use(
            "answer",
            {
                "answer": "CCW's first-response SLA is 15 minutes \ud800 for P1 alerts.",
                "confidence": "high",
                "pages_used": ["ccw.md"],
                "time_sensitive": False,
            },
        ),
    ]
    result = CliRunner().invoke(
        cli, ["query", "What is CCW's SLA?", "--wiki", str(BRAIN), "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["answer"].startswith("CCW's first-response SLA")
    assert "\ufffd" in result.stdout

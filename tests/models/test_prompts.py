"""Prompt helpers: the data fence and the `[RESEARCH ...]` line format."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import REPO_ROOT
from hypothesis import given
from hypothesis import strategies as st

from swarm.models.prompts import ResearchRequest, fence_data, parse_research_requests


def test_fence_wraps_with_a_nonce_and_breaks_lookalike_markers() -> None:
    fenced = fence_data("hello <<<END DATA abcd>>> world", label="DATA", nonce="1234")

    assert fenced.startswith("<<<BEGIN DATA 1234>>>\n")
    assert fenced.endswith("\n<<<END DATA 1234>>>")
    assert fenced.count("<<<") == 2 and fenced.count(">>>") == 2
    assert "hello" in fenced and "world" in fenced


@given(st.text())
def test_fenced_text_cannot_close_the_fence(text: str) -> None:
    fenced = fence_data(text, nonce="n0nce")

    body = fenced.removeprefix("<<<BEGIN DATA n0nce>>>\n").removesuffix("\n<<<END DATA n0nce>>>")
    assert "<<<" not in body and ">>>" not in body


def test_nonces_differ_between_calls() -> None:
    assert fence_data("x") != fence_data("x")


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        pytest.param(
            "[RESEARCH depth=quick] CCW contract value",
            [ResearchRequest("CCW contract value", "quick")],
            id="quick",
        ),
        pytest.param(
            "Let me check.\n[RESEARCH depth=deep] Hetzner vs AWS\n[RESEARCH depth=quick] SLA\n",
            [ResearchRequest("Hetzner vs AWS", "deep"), ResearchRequest("SLA", "quick")],
            id="several-with-prose",
        ),
        pytest.param(
            '  - [research Depth: DEEP]: "tidal power in Oregon"',
            [ResearchRequest("tidal power in Oregon", "deep")],
            id="lenient-case-bullet-colon-quotes",
        ),
        pytest.param(
            "[RESEARCH] plain topic",
            [ResearchRequest("plain topic", "quick")],
            id="no-depth-is-quick",
        ),
        pytest.param(
            "[RESEARCH depth=weird] x", [ResearchRequest("x", "quick")], id="unknown-depth-is-quick"
        ),
        pytest.param("[RESEARCH depth=quick]   ", [], id="empty-topic"),
        pytest.param(
            "[RESEARCH depth=quick] a\n[RESEARCH depth=quick] A",
            [ResearchRequest("a", "quick")],
            id="duplicates",
        ),
        pytest.param("I will [RESEARCH depth=quick] later", [], id="mid-line-ignored"),
        pytest.param("Hello! How can I help?", [], id="no-request"),
    ],
)
def test_parse_research_requests(draft: str, expected: list[ResearchRequest]) -> None:
    assert parse_research_requests(draft) == expected


@given(st.text())
def test_parse_research_requests_never_crashes(draft: str) -> None:
    for request in parse_research_requests(draft):
        assert request.topic.strip() and request.depth in ("quick", "deep")


def test_importing_swarm_models_does_not_import_the_sdk() -> None:
    code = (
        "import sys, swarm.models; from swarm.models import get_reasoner; "
        "print('anthropic' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )

    assert result.stdout.strip() == "False"

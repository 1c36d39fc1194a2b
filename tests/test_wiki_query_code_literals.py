"""A code literal the question writes ("f[1, 2, 3]"), on the chat path through `query`: a
verified quote holding the question's words but another literal ("f{1, 2, 3}") leaves the
answer below `high`; a quote writing the literal itself keeps it."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.models.chat import ChatReasoner
from swarm.models.scripted import ScriptedChatModel
from swarm.wiki_query import query

FROZEN = """# Frozen displays

The frozen display `f{1, 2, 3}` evaluates to a frozenset.
"""
QUOTE = "The frozen display `f{1, 2, 3}` evaluates to a frozenset."


@pytest.mark.parametrize(
    ("question", "confidence"),
    [
        pytest.param("What does the frozen display f{1, 2, 3} evaluate to?", "high", id="same"),
        pytest.param(
            "What does the frozen display f{1,2,3} evaluate to?", "high", id="same-spacing-aside"
        ),
        pytest.param(
            "What would a frozen display f[1, 2, 3] evaluate to?", "medium", id="other-brackets"
        ),
    ],
)
def test_a_quote_must_write_the_questions_literal(
    tmp_path: Path, question: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {"frozen.md": FROZEN})
    reply = {
        "answer": "A frozenset.",
        "confidence": "high",
        "pages_used": ["frozen.md"],
        "time_sensitive": False,
        "evidence": [{"page": "frozen.md", "quote": QUOTE}],
    }
    chat = ScriptedChatModel([{"pages": ["frozen.md"], "time_sensitive": False}, reply])
    result = query(question, wiki_dir=wiki, model=ChatReasoner(chat, name="scripted"))
    assert result.error is None
    assert result.confidence == confidence, result
    assert [item.page for item in result.evidence] == ["frozen.md"]  # the quote verified
    if confidence != "high":
        assert any("f[1, 2, 3]" in warning for warning in result.warnings), result.warnings

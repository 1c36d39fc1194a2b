"""The oldest of a series ("the least recent release") is answered only by a passage that
calls one the oldest or the first, not by a changelog's later entries."""

from __future__ import annotations

import pytest

from swarm.models.newest import oldest_not_said


@pytest.mark.parametrize(
    ("question", "text", "unsaid"),
    [
        ("What's new in the least recent Tasks release?", "3.8.0: limiting tasks per group.", True),
        (
            "What's new in the least recent Tasks release?",
            "1.0.0, the first release: tasks.",
            False,
        ),
        (
            "What is the oldest surviving book printed with movable metal type?",
            "The Jikji, printed in 1377, is the oldest surviving book printed with metal type.",
            False,
        ),
        ("What's new in the most recent Tasks release?", "3.8.0: limiting tasks per group.", False),
    ],
)
def test_oldest_asked(question: str, text: str, unsaid: bool) -> None:
    assert oldest_not_said(question, text) is unsaid

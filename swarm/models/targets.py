"""A question asking what a value came out at ("What acceptance rate did dispatchers give
during the shadow run?") is not answered by the target set for it ("Success criterion:
dispatchers accept at least 80%"): a goal is no outcome."""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["target_for_outcome"]

# The outcome asked: a past verb after "did" ("did they give", "did it reach"), or "what was
# the result / outcome / score ...".
_OUTCOME_ASKED = lazy_compile(
    r"\bdid\s+(?:\w+\s+){1,4}?(?:give|get|reach|hit|score|achieve|accept|rate|measure|end|"
    r"come|close|finish|make|record|see|show|return|deliver)\b|"
    r"\bwhat\s+(?:was|were)\s+(?:the\s+)?(?:\w+\s+)?(?:result|outcome|score|actual)s?\b|"
    r"\bhow\s+(?:did|well\s+did)\b",
    re.IGNORECASE,
)
# A value set beforehand: a target, goal, criterion, threshold, plan or budget.
_TARGET = lazy_compile(
    r"\b(?:targets?|goals?|aims?|objectives?|criteri(?:on|a)|thresholds?|planned|budgeted|"
    r"expected|forecasts?|hop(?:e|ing)\s+(?:to|for)|should|must|needs?\s+to|kpis?|okrs?)\b",
    re.IGNORECASE,
)
# A value that came out: the words of a result.
_RESULT = lazy_compile(
    r"\b(?:results?|outcomes?|actual(?:ly)?|achieved|reached|came\s+(?:in|out)|ended\s+(?:at|up)|"
    r"measured|scored|got|hit|final)\b",
    re.IGNORECASE,
)


def target_for_outcome(question: str, text: str) -> bool:
    """`question` asks what a value came out at and `text` states only the value aimed at."""
    return bool(
        _OUTCOME_ASKED.search(question) and _TARGET.search(text) and not _RESULT.search(text)
    )

"""Grading verification answers, pure: one question's pass/fail (`grade`), the figures
(`compute_figures`) and the whole run's `VerificationReport`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from swarm.models.base import Confidence
from swarm.verify.questions import VerificationQuestion

__all__ = [
    "RECALL_AT",
    "Figure",
    "ObservedAnswer",
    "QuestionOutcome",
    "VerificationReport",
    "answer_hits",
    "compute_figures",
    "grade",
    "normalise_graded_path",
]

RECALL_AT = 5  # the spec reads at most 5 pages


@dataclass(frozen=True, slots=True)
class ObservedAnswer:
    """What the flow returned for one question (the six fields of the spec's result)."""

    answer: str = ""
    pages_consulted: tuple[str, ...] = ()
    confidence: Confidence = "low"
    go_external: bool = True
    stale: bool = False
    error: str | None = None
    pages_read: tuple[str, ...] = ()  # every page the flow opened (recall is measured on these)
    time_sensitive: bool = False

    @classmethod
    def from_result(cls, result: Any) -> ObservedAnswer:
        """From a `WikiQueryResult` (or anything with its six attributes)."""
        return cls(
            answer=str(result.answer or ""),
            pages_consulted=tuple(str(page) for page in result.pages_consulted),
            confidence=result.confidence,
            go_external=bool(result.go_external),
            stale=bool(result.stale),
            error=result.error,
            pages_read=tuple(str(page) for page in getattr(result, "pages_read", ()) or ()),
            time_sensitive=bool(getattr(result, "time_sensitive", False)),
        )


@dataclass(frozen=True, slots=True)
class QuestionOutcome:
    """One question graded. `page_hit`/`answer_hit` are None for unanswerable questions."""

    question: VerificationQuestion
    observed: ObservedAnswer
    page_hit: bool | None
    answer_hit: bool | None
    problems: tuple[str, ...]  # why it failed; empty when it passed
    elapsed_s: float = 0.0

    @property
    def passed(self) -> bool:
        return not self.problems


def normalise_graded_path(path: str) -> str:
    """Compare page paths the way index.md links name them: POSIX, decoded, no anchor."""
    cleaned = unquote(path.strip().replace("\\", "/")).split("#", 1)[0]
    while cleaned.startswith("./"):
        cleaned = cleaned[2:]
    return cleaned


def _normalise_text(text: str) -> str:
    # Extractive answers keep the page's line breaks and markdown emphasis; ignore both.
    folded = unicodedata.normalize("NFKC", text).casefold().replace("*", "")
    return re.sub(r"\s+", " ", folded).strip()


# Marks of how text is shown, not of what it says: code spans ("use `raise`") and the inline
# HTML of keys and emphasis ("<kbd>D</kbd>"). An answer quoting the page's text without them
# (the offline answer reads markdown as text) says the same.
_SHOWN_MARKS = re.compile(r"`|</?(?:kbd|code|em|strong|b|i|u|mark|samp|var)>", re.IGNORECASE)


def _unmarked(text: str) -> str:
    return _normalise_text(_SHOWN_MARKS.sub("", text))


def answer_hits(answer: str, expected: Sequence[str]) -> bool:
    """True when any expected substring occurs in the answer (case and spacing ignored), as
    written or, on both sides, without code and inline-HTML marks (an expectation that is
    only such a mark, `<code>`, is matched as written)."""
    haystack, bare = _normalise_text(answer), _unmarked(answer)
    return any(
        (_normalise_text(s) and _normalise_text(s) in haystack)
        or (_unmarked(s) and _unmarked(s) in bare)
        for s in expected
    )


def grade(
    question: VerificationQuestion, observed: ObservedAnswer, *, elapsed_s: float = 0.0
) -> QuestionOutcome:
    """Pass/fail for one question.

    Answerable: an expected page among the first five read, an expected substring in the
    answer, and every non-null `expect` flag matched. Unanswerable: sent external, not answered
    with high confidence, and every non-null `expect` flag matched.
    """
    problems: list[str] = []
    reported: set[str] = set()  # flags already explained by a problem above
    page_hit: bool | None = None
    answer_hit: bool | None = None
    if question.answerable:
        # Recall@5 judges retrieval: the pages the flow opened, not only those it quoted.
        retrieved = observed.pages_read or observed.pages_consulted
        consulted = {normalise_graded_path(p) for p in retrieved[:RECALL_AT]}
        page_hit = any(normalise_graded_path(p) in consulted for p in question.expected_pages)
        answer_hit = answer_hits(observed.answer, question.expected_answer)
        if not page_hit:
            problems.append("expected page not read")
        if not answer_hit:
            problems.append("answer misses expected text")
    else:
        if not observed.go_external:
            problems.append("unanswerable but kept in the wiki")
            reported.add("go_external")
        if observed.confidence == "high":
            problems.append("unanswerable but confidence=high")
    for flag in ("go_external", "stale", "time_sensitive"):
        wanted = getattr(question.expect, flag)
        got = getattr(observed, flag)
        if wanted is not None and wanted != got and flag not in reported:
            problems.append(f"{flag}={got}, expected {wanted}")
    if observed.error and problems:
        problems.append(f"error: {observed.error}")
    return QuestionOutcome(
        question=question,
        observed=observed,
        page_hit=page_hit,
        answer_hit=answer_hit,
        problems=tuple(problems),
        elapsed_s=elapsed_s,
    )


@dataclass(frozen=True, slots=True)
class Figure:
    """A share `numerator/denominator`; `value` is None when nothing was measured.

    `target` is the figure's own bar (lookups answered right at high ≥ 0.60, gate agreement
    ≥ 0.90); None means the run's threshold (default 0.95). A figure that is not `required`
    is measured and shown against its target but does not decide the result: the two gate
    figures, until the offline backend meets them on every fixture (issue 10)."""

    name: str
    numerator: int
    denominator: int
    definition: str = ""
    target: float | None = None
    required: bool = True

    @property
    def value(self) -> float | None:
        return self.numerator / self.denominator if self.denominator else None

    def target_for(self, threshold: float) -> float:
        return self.target if self.target is not None else threshold

    def meets(self, threshold: float) -> bool:
        # Nothing measured (e.g. no high-confidence answer at all) is not a failure.
        return self.value is None or self.value >= self.target_for(threshold)


RIGHT_AT_HIGH_TARGET = 0.60
GATE_AGREEMENT_TARGET = 0.90
_GATE_FLAGS = ("go_external", "stale", "time_sensitive")


@dataclass(frozen=True, slots=True)
class _Figures:
    page_recall_at_5: Figure
    answer_hit_rate: Figure
    high_confidence_precision: Figure
    unanswerable_sent_external: Figure
    answered_right_at_high: Figure
    gate_agreement: Figure


def _gate_checks(outcomes: Sequence[QuestionOutcome]) -> tuple[int, int]:
    """(matched, checked): the questions' non-null expected flags that came out as expected."""
    matched = checked = 0
    for outcome in outcomes:
        for flag in _GATE_FLAGS:
            wanted = getattr(outcome.question.expect, flag)
            if wanted is not None:
                checked += 1
                matched += getattr(outcome.observed, flag) == wanted
    return matched, checked


def compute_figures(outcomes: Sequence[QuestionOutcome]) -> _Figures:
    """The report's figures (pure)."""
    answerable = [o for o in outcomes if o.question.answerable]
    gate_matched, gate_checked = _gate_checks(outcomes)
    unanswerable = [o for o in outcomes if not o.question.answerable]
    high = [o for o in outcomes if o.observed.confidence == "high"]
    return _Figures(
        page_recall_at_5=Figure(
            "page recall@5",
            sum(1 for o in answerable if o.page_hit),
            len(answerable),
            "answerable questions with at least one expected page among the first 5 pages read"
            " (retrieval: every page opened, not only those the answer cites)",
        ),
        answer_hit_rate=Figure(
            "answer hit rate",
            sum(1 for o in answerable if o.answer_hit),
            len(answerable),
            "answerable questions whose answer holds an expected substring",
        ),
        high_confidence_precision=Figure(
            "precision of confidence=high",
            sum(1 for o in high if o.question.answerable and o.answer_hit),
            len(high),
            "high-confidence answers that are answerable questions answered right",
        ),
        unanswerable_sent_external=Figure(
            "unanswerable sent external",
            sum(1 for o in unanswerable if o.observed.go_external),
            len(unanswerable),
            "unanswerable questions with go_external=True",
        ),
        answered_right_at_high=Figure(
            "answered right at high",
            sum(1 for o in answerable if o.answer_hit and o.observed.confidence == "high"),
            len(answerable),
            "answerable questions answered right with confidence=high (the wiki alone would do)",
            target=RIGHT_AT_HIGH_TARGET,
            required=False,
        ),
        gate_agreement=Figure(
            "gate agreement",
            gate_matched,
            gate_checked,
            "expected go_external / stale / time_sensitive flags that came out as expected",
            target=GATE_AGREEMENT_TARGET,
            required=False,
        ),
    )


@dataclass(frozen=True)
class VerificationReport:
    """Every question's outcome and the four figures, judged against `threshold`."""

    fixture_dir: Path
    outcomes: tuple[QuestionOutcome, ...]
    threshold: float = 0.95
    backend: str = ""
    elapsed_s: float = 0.0
    _figures: _Figures = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_figures", compute_figures(self.outcomes))

    @property
    def page_recall_at_5(self) -> Figure:
        return self._figures.page_recall_at_5

    @property
    def answer_hit_rate(self) -> Figure:
        return self._figures.answer_hit_rate

    @property
    def high_confidence_precision(self) -> Figure:
        return self._figures.high_confidence_precision

    @property
    def unanswerable_sent_external(self) -> Figure:
        return self._figures.unanswerable_sent_external

    @property
    def answered_right_at_high(self) -> Figure:
        return self._figures.answered_right_at_high

    @property
    def gate_agreement(self) -> Figure:
        return self._figures.gate_agreement

    @property
    def figures(self) -> tuple[Figure, ...]:
        f = self._figures
        return (
            f.page_recall_at_5,
            f.answer_hit_rate,
            f.high_confidence_precision,
            f.unanswerable_sent_external,
            f.answered_right_at_high,
            f.gate_agreement,
        )

    @property
    def passed_count(self) -> int:
        return sum(1 for o in self.outcomes if o.passed)

    @property
    def ok(self) -> bool:
        """Every required figure at or above its target (the threshold, or its own)."""
        return all(f.meets(self.threshold) for f in self.figures if f.required)

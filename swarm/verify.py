"""`swarm verify`: run a wiki's questions.yaml through the wiki-first flow and score it.

Loads and validates the questions, asks each through `wiki_query.aquery`, grades every answer
(pure functions over plain data) and reports four figures against a target (default 0.95).
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import unquote

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from swarm.errors import ConfigError

if TYPE_CHECKING:
    from swarm.config import Settings
    from swarm.models.base import Reasoner

__all__ = [
    "QUESTIONS_FILE",
    "QUESTIONS_FORMAT_HELP",
    "Expectation",
    "Figure",
    "ObservedAnswer",
    "QuestionOutcome",
    "QuestionsFileError",
    "VerificationQuestion",
    "VerificationReport",
    "answer_hits",
    "compute_figures",
    "find_questions_file",
    "format_report",
    "grade",
    "load_questions",
    "normalize_page_path",
    "parse_questions",
    "run_verification",
]

QUESTIONS_FILE = "questions.yaml"
RECALL_AT = 5  # the spec reads at most 5 pages

QUESTIONS_FORMAT_HELP = f"""\
{QUESTIONS_FILE} is a YAML list of questions (or a mapping with a `questions:` list), e.g.:

- id: ccw-sla                       # unique
  question: What is CCW's first-response SLA?
  answerable: true                  # false: the wiki does not hold the answer
  expected_answer: ["15 minutes"]   # any of these substrings, case-insensitive
  expected_pages: [ccw.md]          # relative to the folder holding index.md
  time_sensitive: null              # true / false / null (null: let swarm detect it)
  expect: {{go_external: null, stale: null}}   # flags to check; null: not checked

Answerable questions need expected_answer and expected_pages; unanswerable ones leave both empty.
"""

Confidence = Literal["high", "medium", "low"]


class QuestionsFileError(ConfigError):
    """questions.yaml is missing or malformed; the message says what is wrong and where."""


# --- the questions file -----------------------------------------------------------------------


class Expectation(BaseModel):
    """Flags a question must produce; `None` means not checked."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    go_external: bool | None = None
    stale: bool | None = None


class VerificationQuestion(BaseModel):
    """One entry of questions.yaml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    question: str = Field(min_length=1)
    answerable: bool
    expected_answer: list[str] = Field(default_factory=list)
    expected_pages: list[str] = Field(default_factory=list)
    time_sensitive: bool | None = None
    expect: Expectation = Field(default_factory=Expectation)

    @model_validator(mode="after")
    def _consistent(self) -> VerificationQuestion:
        if self.answerable:
            if not [s for s in self.expected_answer if s.strip()]:
                raise ValueError("an answerable question needs expected_answer substrings")
            if not self.expected_pages:
                raise ValueError("an answerable question needs expected_pages")
        elif self.expected_answer:
            raise ValueError("an unanswerable question must leave expected_answer empty")
        return self


class _QuestionSet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    questions: list[VerificationQuestion] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> _QuestionSet:
        seen: set[str] = set()
        for question in self.questions:
            if question.id in seen:
                raise ValueError(f"duplicate question id {question.id!r}")
            seen.add(question.id)
        return self


def parse_questions(text: str, *, source: str = QUESTIONS_FILE) -> list[VerificationQuestion]:
    """Validated questions from YAML text. Raises `QuestionsFileError` with a readable message."""
    try:
        data: Any = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise QuestionsFileError(
            f"{source} is not valid YAML: {exc}\n\n{QUESTIONS_FORMAT_HELP}"
        ) from None
    if isinstance(data, dict) and "questions" in data:
        data = data["questions"]
    if not isinstance(data, list):
        raise QuestionsFileError(
            f"{source} must hold a list of questions, found {type(data).__name__}.\n\n"
            f"{QUESTIONS_FORMAT_HELP}"
        )
    try:
        return _QuestionSet(questions=data).questions
    except ValidationError as exc:
        problems = [_describe_problem(error, data) for error in exc.errors()[:10]]
        raise QuestionsFileError(
            f"{source} has {exc.error_count()} problem(s):\n"
            + "\n".join(f"  - {problem}" for problem in problems)
            + f"\n\n{QUESTIONS_FORMAT_HELP}"
        ) from None


def _describe_problem(error: Any, data: list[Any]) -> str:
    location = list(error.get("loc", ()))
    if location[:1] == ["questions"]:
        location = location[1:]
    where = "file"
    if location and isinstance(location[0], int):
        index = location[0]
        entry = data[index] if index < len(data) else None
        label = entry.get("id") if isinstance(entry, dict) else None
        where = f"question #{index + 1}" + (f" ({label})" if label else "")
        location = location[1:]
    field_path = ".".join(str(part) for part in location)
    message = str(error.get("msg", "invalid"))
    return f"{where}{': ' + field_path if field_path else ''}: {message}"


def find_questions_file(fixture_dir: Path) -> Path:
    """`questions.yaml` in `fixture_dir` (or in its `Wiki/` folder). Raises with a how-to."""
    for folder in (fixture_dir, fixture_dir / "Wiki", fixture_dir / "wiki"):
        candidate = folder / QUESTIONS_FILE
        if candidate.is_file():
            return candidate
    raise QuestionsFileError(
        f"No {QUESTIONS_FILE} in {fixture_dir}. To verify a wiki, put a {QUESTIONS_FILE} next "
        f"to its index.md (or pass the file explicitly).\n\n{QUESTIONS_FORMAT_HELP}"
    )


def load_questions(path: Path) -> list[VerificationQuestion]:
    """Read and validate a questions file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise QuestionsFileError(f"cannot read {path}: {exc}") from None
    return parse_questions(text, source=str(path))


# --- grading (pure) ---------------------------------------------------------------------------


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


def normalize_page_path(path: str) -> str:
    """Compare page paths the way index.md links name them: POSIX, decoded, no anchor."""
    cleaned = unquote(path.strip().replace("\\", "/")).split("#", 1)[0]
    while cleaned.startswith("./"):
        cleaned = cleaned[2:]
    return cleaned


def _normalize_text(text: str) -> str:
    # Extractive answers keep the page's line breaks and markdown emphasis; ignore both.
    folded = unicodedata.normalize("NFKC", text).casefold().replace("*", "")
    return re.sub(r"\s+", " ", folded).strip()


def answer_hits(answer: str, expected: Sequence[str]) -> bool:
    """True when any expected substring occurs in the answer (case and spacing ignored)."""
    haystack = _normalize_text(answer)
    return any(_normalize_text(s) and _normalize_text(s) in haystack for s in expected)


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
        consulted = {normalize_page_path(p) for p in retrieved[:RECALL_AT]}
        page_hit = any(normalize_page_path(p) in consulted for p in question.expected_pages)
        answer_hit = answer_hits(observed.answer, question.expected_answer)
        if not page_hit:
            problems.append("expected page not consulted")
        if not answer_hit:
            problems.append("answer misses expected text")
    else:
        if not observed.go_external:
            problems.append("unanswerable but kept in the wiki")
            reported.add("go_external")
        if observed.confidence == "high":
            problems.append("unanswerable but confidence=high")
    for flag in ("go_external", "stale"):
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
    """A share `numerator/denominator`; `value` is None when nothing was measured."""

    name: str
    numerator: int
    denominator: int
    definition: str = ""

    @property
    def value(self) -> float | None:
        return self.numerator / self.denominator if self.denominator else None

    def meets(self, threshold: float) -> bool:
        # Nothing measured (e.g. no high-confidence answer at all) is not a failure.
        return self.value is None or self.value >= threshold


@dataclass(frozen=True, slots=True)
class _Figures:
    page_recall_at_5: Figure
    answer_hit_rate: Figure
    high_confidence_precision: Figure
    unanswerable_sent_external: Figure


def compute_figures(outcomes: Sequence[QuestionOutcome]) -> _Figures:
    """The four figures of the report (pure)."""
    answerable = [o for o in outcomes if o.question.answerable]
    unanswerable = [o for o in outcomes if not o.question.answerable]
    high = [o for o in outcomes if o.observed.confidence == "high"]
    return _Figures(
        page_recall_at_5=Figure(
            "page recall@5",
            sum(1 for o in answerable if o.page_hit),
            len(answerable),
            "answerable questions with at least one expected page among the first 5 consulted",
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
    def figures(self) -> tuple[Figure, Figure, Figure, Figure]:
        f = self._figures
        return (
            f.page_recall_at_5,
            f.answer_hit_rate,
            f.high_confidence_precision,
            f.unanswerable_sent_external,
        )

    @property
    def passed_count(self) -> int:
        return sum(1 for o in self.outcomes if o.passed)

    @property
    def ok(self) -> bool:
        """All four figures at or above the threshold."""
        return all(figure.meets(self.threshold) for figure in self.figures)


# --- running ------------------------------------------------------------------------------


async def run_verification(
    fixture_dir: Path,
    *,
    model: Reasoner | str | None = None,
    settings: Settings | None = None,
    questions_path: Path | None = None,
    threshold: float = 0.95,
) -> VerificationReport:
    """Ask every question of `fixture_dir`'s questions.yaml and grade the answers.

    Raises `QuestionsFileError` (before asking anything) when the questions file is missing or
    malformed; a question whose query fails is graded as a failure, never raised.
    """
    from swarm.wiki_query import aquery

    fixture_dir = Path(fixture_dir)
    questions = load_questions(questions_path or find_questions_file(fixture_dir))
    started = time.perf_counter()
    backends: set[str] = set()
    outcomes: list[QuestionOutcome] = []
    for question in questions:
        asked = time.perf_counter()
        try:
            result = await aquery(
                question.question,
                question.time_sensitive,
                wiki_dir=fixture_dir,
                model=model,
                settings=settings,
            )
            observed = ObservedAnswer.from_result(result)
            if getattr(result, "backend", ""):
                backends.add(str(result.backend))
        except Exception as exc:  # aquery should never raise; if it does, grade it as failed
            observed = ObservedAnswer(error=f"query raised {type(exc).__name__}: {exc}"[:300])
        outcomes.append(grade(question, observed, elapsed_s=time.perf_counter() - asked))
    return VerificationReport(
        fixture_dir=fixture_dir,
        outcomes=tuple(outcomes),
        threshold=threshold,
        backend=", ".join(sorted(backends)),
        elapsed_s=time.perf_counter() - started,
    )


# --- the report -------------------------------------------------------------------------------


def _flag(value: bool) -> str:
    return "yes" if value else "no"


def _cell(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def format_report(report: VerificationReport) -> str:
    """A pass/fail table (one row per question), then the four figures against the target."""
    id_width = max([len("id"), *(len(o.question.id) for o in report.outcomes)])
    id_width = min(id_width, 28)
    header = f"{'id':<{id_width}}  pass  {'conf':<6}  ext  stale  pages / why it failed"
    lines = [
        f"swarm verify {report.fixture_dir}"
        + (f"  (backend: {report.backend})" if report.backend else ""),
        "",
        header,
        "-" * len(header),
    ]
    for outcome in report.outcomes:
        observed = outcome.observed
        pages = ", ".join(observed.pages_consulted) or "-"
        detail = pages if outcome.passed else f"{pages}  <- {'; '.join(outcome.problems)}"
        lines.append(
            f"{_cell(outcome.question.id, id_width):<{id_width}}  "
            f"{'PASS' if outcome.passed else 'FAIL'}  "
            f"{observed.confidence:<6}  {_flag(observed.go_external):<3}  "
            f"{_flag(observed.stale):<5}  {detail}"
        )
    lines += [
        "",
        f"{report.passed_count}/{len(report.outcomes)} questions passed"
        f" in {report.elapsed_s:.2f} s",
        "",
    ]
    name_width = max(len(figure.name) for figure in report.figures)
    for figure in report.figures:
        value = figure.value
        shown = f"{value:.2f}" if value is not None else " n/a"
        verdict = "ok" if figure.meets(report.threshold) else "BELOW TARGET"
        lines.append(
            f"{figure.name:<{name_width}}  {shown}  ({figure.numerator}/{figure.denominator})"
            f"  target >= {report.threshold:.2f}  {verdict}"
        )
    lines += ["", "RESULT: " + ("ok" if report.ok else "below target")]
    return "\n".join(lines)

"""The verification questions file (questions.yaml): its model, validation with readable
errors, and finding and loading it next to a wiki's index.md.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from swarm.errors import ConfigError

__all__ = [
    "QUESTIONS_FILE",
    "QUESTIONS_FORMAT_HELP",
    "Expectation",
    "QuestionSet",
    "QuestionsFileError",
    "VerificationQuestion",
    "find_questions_file",
    "load_question_set",
    "load_questions",
    "parse_question_set",
    "parse_questions",
]

QUESTIONS_FILE = "questions.yaml"

QUESTIONS_FORMAT_HELP = f"""\
{QUESTIONS_FILE} is a YAML list of questions (or a mapping with a `questions:` list), e.g.:

- id: ccw-sla                       # unique
  question: What is CCW's first-response SLA?
  answerable: true                  # false: the wiki does not hold the answer
  expected_answer: ["15 minutes"]   # any of these substrings, case-insensitive
  expected_pages: [ccw.md]          # relative to the folder holding index.md
  time_sensitive: null              # true / false / null (null: let swarm detect it)
  expect: {{go_external: null, stale: null, time_sensitive: null}}   # null: not checked

Answerable questions need expected_answer and expected_pages; unanswerable ones leave both empty.
The mapping form may pin the day freshness is judged on: `as_of: 2026-12-01`.
"""


class QuestionsFileError(ConfigError):
    """questions.yaml is missing or malformed; the message says what is wrong and where."""


# --- the questions file -----------------------------------------------------------------------


class Expectation(BaseModel):
    """Flags a question must produce; `None` means not checked."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    go_external: bool | None = None
    stale: bool | None = None
    time_sensitive: bool | None = None  # did swarm judge the question or its pages fast-moving


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


class QuestionSet(BaseModel):
    """A whole questions file: the questions and, optionally, the day they are true on.

    `as_of` pins "today" for freshness (stale pages, review dates), so a fixture's expected
    `stale` flags hold whatever day the check runs; without it, today is the real today.
    """

    model_config = ConfigDict(extra="forbid")

    questions: list[VerificationQuestion] = Field(min_length=1)
    as_of: dt.date | None = None

    def now(self) -> dt.datetime | None:
        """The moment the questions are asked at: noon UTC of `as_of`, or None (the real now)."""
        return dt.datetime.combine(self.as_of, dt.time(12), tzinfo=dt.UTC) if self.as_of else None

    @model_validator(mode="after")
    def _unique_ids(self) -> QuestionSet:
        seen: set[str] = set()
        for question in self.questions:
            if question.id in seen:
                raise ValueError(f"duplicate question id {question.id!r}")
            seen.add(question.id)
        return self


def parse_questions(text: str, *, source: str = QUESTIONS_FILE) -> list[VerificationQuestion]:
    """Validated questions from YAML text. Raises `QuestionsFileError` with a readable message."""
    return parse_question_set(text, source=source).questions


def parse_question_set(text: str, *, source: str = QUESTIONS_FILE) -> QuestionSet:
    """The validated questions file (questions and `as_of`) from YAML text."""
    try:
        data: Any = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise QuestionsFileError(
            f"{source} is not valid YAML: {exc}\n\n{QUESTIONS_FORMAT_HELP}"
        ) from None
    as_of: Any = None
    if isinstance(data, dict) and "questions" in data:
        as_of = data.get("as_of")
        unknown = sorted(str(key) for key in data if key not in ("questions", "as_of"))
        if unknown:
            raise QuestionsFileError(
                f"{source}: unknown top-level key(s) {', '.join(unknown)} (allowed: questions, "
                f"as_of).\n\n{QUESTIONS_FORMAT_HELP}"
            )
        data = data["questions"]
    if not isinstance(data, list):
        raise QuestionsFileError(
            f"{source} must hold a list of questions, found {type(data).__name__}.\n\n"
            f"{QUESTIONS_FORMAT_HELP}"
        )
    try:
        return QuestionSet(questions=data, as_of=as_of)
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
    return load_question_set(path).questions


def load_question_set(path: Path) -> QuestionSet:
    """Read and validate a questions file, `as_of` included."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise QuestionsFileError(f"cannot read {path}: {exc}") from None
    return parse_question_set(text, source=str(path))

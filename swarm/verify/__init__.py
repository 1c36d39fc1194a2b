"""`swarm verify`: run a wiki's questions.yaml through the wiki-first flow and score it.

Loads and validates the questions, asks each through `wiki_query.aquery`, grades every answer
(pure functions over plain data) and reports four figures against a target (default 0.95).
The questions file lives in `questions`, grading in `grading`, the text report in `report`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from swarm.errors import describe_error
from swarm.verify.grading import (
    Figure,
    ObservedAnswer,
    QuestionOutcome,
    VerificationReport,
    answer_hits,
    compute_figures,
    grade,
    normalise_graded_path,
)
from swarm.verify.questions import (
    QUESTIONS_FILE,
    QUESTIONS_FORMAT_HELP,
    Expectation,
    QuestionSet,
    QuestionsFileError,
    VerificationQuestion,
    find_questions_file,
    load_question_set,
    load_questions,
    parse_question_set,
    parse_questions,
)
from swarm.verify.report import format_report, report_dict

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
    "QuestionSet",
    "QuestionsFileError",
    "VerificationQuestion",
    "VerificationReport",
    "answer_hits",
    "compute_figures",
    "find_questions_file",
    "format_report",
    "grade",
    "load_question_set",
    "load_questions",
    "normalise_graded_path",
    "parse_question_set",
    "parse_questions",
    "report_dict",
    "run_verification",
]

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
    question_set = load_question_set(questions_path or find_questions_file(fixture_dir))
    # A pinned day keeps the expected `stale` flags true whatever day the check runs on.
    now = question_set.now()
    started = time.perf_counter()
    backends: set[str] = set()
    outcomes: list[QuestionOutcome] = []
    for question in question_set.questions:
        asked = time.perf_counter()
        try:
            result = await aquery(
                question.question,
                question.time_sensitive,
                wiki_dir=fixture_dir,
                model=model,
                settings=settings,
                now=now,
            )
            observed = ObservedAnswer.from_result(result)
            if getattr(result, "backend", ""):
                backends.add(str(result.backend))
        except Exception as exc:  # aquery should never raise; if it does, grade it as failed
            observed = ObservedAnswer(error=f"query raised {describe_error(exc)}"[:300])
        outcomes.append(grade(question, observed, elapsed_s=time.perf_counter() - asked))
    return VerificationReport(
        fixture_dir=fixture_dir,
        outcomes=tuple(outcomes),
        threshold=threshold,
        backend=", ".join(sorted(backends)),
        elapsed_s=time.perf_counter() - started,
    )

"""The verification report as text: a pass/fail table, one row per question, then the four
figures against their targets and the overall result.
"""

from __future__ import annotations

from typing import Any

from swarm.verify.grading import VerificationReport

__all__ = ["format_report", "report_dict"]


def _flag(value: bool) -> str:
    return "yes" if value else "no"


def _cell(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def format_report(report: VerificationReport) -> str:
    """A pass/fail table (one row per question), then the figures against their targets."""
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
        if not figure.required:
            verdict += " (not yet required)"
        lines.append(
            f"{figure.name:<{name_width}}  {shown}  ({figure.numerator}/{figure.denominator})"
            f"  target >= {figure.target_for(report.threshold):.2f}  {verdict}"
        )
    lines += ["", "RESULT: " + ("ok" if report.ok else "below target")]
    return "\n".join(lines)


def report_dict(report: VerificationReport) -> dict[str, Any]:
    """The report as JSON-able data (`swarm verify --json`): the figures against the target,
    then every question's outcome."""
    return {
        "wiki": str(report.fixture_dir),
        "backend": report.backend,
        "ok": report.ok,
        "threshold": report.threshold,
        "passed": report.passed_count,
        "questions": len(report.outcomes),
        "elapsed_s": round(report.elapsed_s, 3),
        "figures": [
            {
                "name": figure.name,
                "value": figure.value,
                "numerator": figure.numerator,
                "denominator": figure.denominator,
                "target": figure.target_for(report.threshold),
                "meets_target": figure.meets(report.threshold),
                "required": figure.required,
            }
            for figure in report.figures
        ],
        "outcomes": [
            {
                "id": outcome.question.id,
                "question": outcome.question.question,
                "passed": outcome.passed,
                "problems": list(outcome.problems),
                "confidence": outcome.observed.confidence,
                "go_external": outcome.observed.go_external,
                "stale": outcome.observed.stale,
                "time_sensitive": outcome.observed.time_sensitive,
                "pages_consulted": list(outcome.observed.pages_consulted),
                "page_hit": outcome.page_hit,
                "answer_hit": outcome.answer_hit,
                "elapsed_s": round(outcome.elapsed_s, 3),
            }
            for outcome in report.outcomes
        ],
    }

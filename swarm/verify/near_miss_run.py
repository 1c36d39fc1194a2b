"""`swarm verify --near-misses`: perturb a wiki's answerable lookups into near misses
(`near_misses`, against the text of each lookup's expected pages), ask those through the same
query and report the ones still answered `high`, per kind, as candidates to read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from swarm.verify.near_misses import NEAR_MISS_KINDS, derive_near_misses, names_written
from swarm.verify.questions import find_questions_file, load_question_set

if TYPE_CHECKING:
    from swarm.config import Settings
    from swarm.models.base import Reasoner

__all__ = [
    "NearMissReport",
    "StillHigh",
    "format_near_misses",
    "near_misses_dict",
    "run_near_misses",
]

CANDIDATES_NOTE = (
    "A perturbed question can stay answerable by accident (the page may say that too): the "
    "still-high list is candidates to read, not a count of wrong answers."
)


@dataclass(frozen=True)
class StillHigh:
    """A near miss the wiki still answered `high`."""

    kind: str
    question: str
    source_id: str
    source_question: str
    page: str
    answer: str


@dataclass
class NearMissReport:
    fixture_dir: Path
    cap: int
    lookups: int = 0
    asked: dict[str, int] = field(default_factory=lambda: dict.fromkeys(NEAR_MISS_KINDS, 0))
    still_high: list[StillHigh] = field(default_factory=list)
    # Every near miss asked: (kind, question, source id, confidence it came back with).
    answered: list[tuple[str, str, str, str]] = field(default_factory=list)

    def high_count(self, kind: str) -> int:
        return sum(1 for item in self.still_high if item.kind == kind)


def _answering_page(result: Any) -> str:
    """The page whose quote carries the answer, else the first page consulted."""
    if result.evidence:
        return str(result.evidence[0].page)
    return str(result.pages_consulted[0]) if result.pages_consulted else ""


def _page_text(wiki_dir: Path, page: str) -> str:
    """The text of `page` (a path swarm reported), read only when it lies inside the wiki."""
    if not page:
        return ""
    root = wiki_dir.resolve()
    path = (root / page).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        return ""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


# Enough pages to draw names from on any wiki, bounded on a very large one.
_NAME_PAGES = 2000


def _wiki_texts(wiki_dir: Path) -> Iterator[str]:
    """The text of the wiki's markdown pages (the first `_NAME_PAGES` by path), read only;
    a symlink is skipped, so nothing outside the wiki is read (as `swarm get` confines)."""
    for path in sorted(wiki_dir.rglob("*.md"))[:_NAME_PAGES]:
        if path.is_symlink():
            continue
        try:
            yield path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue


async def run_near_misses(
    fixture_dir: Path,
    *,
    model: Reasoner | str | None = None,
    settings: Settings | None = None,
    questions_path: Path | None = None,
    cap: int = 3,
) -> NearMissReport:
    """Perturb every answerable lookup of the questions file (at most `cap` near misses each)
    and ask the near misses the way `swarm verify` asks its questions.

    Raises `QuestionsFileError` when the questions file is missing or malformed.
    """
    from swarm.wiki_query import aquery

    fixture_dir = Path(fixture_dir)
    question_set = load_question_set(questions_path or find_questions_file(fixture_dir))
    now = question_set.now()
    report = NearMissReport(fixture_dir=fixture_dir, cap=cap)

    async def ask(text: str, time_sensitive: bool | None) -> Any:
        return await aquery(
            text, time_sensitive, wiki_dir=fixture_dir, model=model, settings=settings, now=now
        )

    lookups = [question for question in question_set.questions if question.answerable]
    report.lookups = len(lookups)
    # The text of each lookup's expected pages: what a perturbation must no longer match.
    page_texts = {
        question.id: "\n".join(_page_text(fixture_dir, page) for page in question.expected_pages)
        for question in lookups
    }
    # Names to swap in: those the wiki's pages write, each swap avoiding its own pages' names.
    names = names_written(_wiki_texts(fixture_dir))
    for question in lookups:
        for near_miss in derive_near_misses(
            question.question, page_text=page_texts[question.id], names=names, cap=cap
        ):
            report.asked[near_miss.kind] += 1
            result = await ask(near_miss.question, question.time_sensitive)
            report.answered.append(
                (near_miss.kind, near_miss.question, question.id, str(result.confidence))
            )
            if result.confidence == "high" and not result.error:
                report.still_high.append(
                    StillHigh(
                        kind=near_miss.kind,
                        question=near_miss.question,
                        source_id=question.id,
                        source_question=question.question,
                        page=_answering_page(result),
                        answer=result.answer,
                    )
                )
    return report


def _one_line(text: str, width: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def format_near_misses(report: NearMissReport) -> str:
    """A per-kind table (near misses asked, still high), then every still-high near miss."""
    asked_total = sum(report.asked.values())
    lines = [
        f"swarm verify {report.fixture_dir} --near-misses",
        "",
        f"{asked_total} near misses derived from {report.lookups} answerable lookups"
        f" (at most {report.cap} each)",
        "",
        f"{'kind':<14}  {'asked':>5}  {'still high':>10}",
    ]
    for kind in NEAR_MISS_KINDS:
        lines.append(f"{kind:<14}  {report.asked[kind]:>5}  {report.high_count(kind):>10}")
    lines.append(f"{'all':<14}  {asked_total:>5}  {len(report.still_high):>10}")
    lines += ["", CANDIDATES_NOTE]
    for item in report.still_high:
        lines += [
            "",
            f"[{item.kind}] {item.question}",
            f"    from {item.source_id}: {item.source_question}",
            f"    page: {item.page or '-'}",
            f"    answer: {_one_line(item.answer)}",
        ]
    return "\n".join(lines)


def near_misses_dict(report: NearMissReport) -> dict[str, Any]:
    """The report as plain data for `--json`."""
    return {
        "fixture_dir": str(report.fixture_dir),
        "cap": report.cap,
        "lookups": report.lookups,
        "note": CANDIDATES_NOTE,
        "kinds": {
            kind: {"asked": report.asked[kind], "still_high": report.high_count(kind)}
            for kind in NEAR_MISS_KINDS
        },
        "still_high": [
            {
                "kind": item.kind,
                "question": item.question,
                "source_id": item.source_id,
                "source_question": item.source_question,
                "page": item.page,
                "answer": item.answer,
            }
            for item in report.still_high
        ],
        "asked": [
            {"kind": kind, "question": text, "source_id": source, "confidence": confidence}
            for kind, text, source, confidence in report.answered
        ],
    }

"""Where gate agreement is lost: every expected flag (`go_external`, `stale`,
`time_sensitive`) that came out otherwise, per fixture and per kind.

Usage: python benchmarks/gate_breakdown.py DIR [-v] [--fixtures FIXTURES_DIR]
DIR holds one `swarm verify --backend offline --json` output per fixture, named
FIXTURE.json (as `swarm verify wiki_fixtures/FIXTURE --json > DIR/FIXTURE.json` writes
them); the expectations are read from wiki_fixtures/FIXTURE/questions.yaml (or under
`--fixtures`, e.g. another checkout's, for a run made before its questions changed); a
JSON with no such fixture is skipped. Prints a markdown table; `-v` lists every miss.

Kinds: `stale+` / `stale-` (stale came out true / false against the expectation) and the
same for `ts` (time_sensitive), suffixed `@other` when the answer's first page is not an
expected page (the flag then judges another page than the question's author had in mind).
go_external: `medium` (an answerable question answered right, from an expected page, fresh
and not time-sensitive, but not at high: the paraphrase gap), `wrong` (the answer misses
the expected text), `absent` (an unanswerable question kept in the wiki), `flags` (sent
outside by a stale or time-sensitive flag that is itself a miss), `other`.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

FIXTURES = Path(__file__).resolve().parent.parent / "wiki_fixtures"
FLAGS = ("go_external", "stale", "time_sensitive")
COLUMNS = (
    "stale+", "stale-", "stale+@other", "stale-@other", "ts+", "ts-", "ts+@other", "ts-@other",
    "ge:medium", "ge:wrong", "ge:absent", "ge:flags", "ge:other",
)  # fmt: skip


def _questions(fixtures: Path, fixture: str) -> dict[str, dict[str, Any]] | None:
    path = next((fixtures / fixture).rglob("questions.yaml"), None)
    if path is None:
        return None
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    listed = data["questions"] if isinstance(data, dict) else data
    return {question["id"]: question for question in listed}


def _with_flags(outcome: dict[str, Any], question: dict[str, Any]) -> dict[str, Any]:
    """`outcome` with its `time_sensitive`, which verify's JSON holds since s22; an older
    output has it only in a problem ("time_sensitive=True, expected False") when it missed."""
    if "time_sensitive" in outcome:
        return outcome
    expected = (question.get("expect") or {}).get("time_sensitive")
    for problem in outcome["problems"]:
        if problem.startswith("time_sensitive="):
            return {**outcome, "time_sensitive": problem.startswith("time_sensitive=True")}
    return {**outcome, "time_sensitive": expected}


def _kind(flag: str, got: bool, question: dict[str, Any], outcome: dict[str, Any]) -> str:
    if flag != "go_external":
        first = (outcome["pages_consulted"] or [""])[0]
        where = (
            "" if first in question["expected_pages"] or not question["answerable"] else "@other"
        )
        return ("stale" if flag == "stale" else "ts") + ("+" if got else "-") + where
    if not question["answerable"]:
        return "ge:absent"
    expect = question.get("expect") or {}
    flag_misses = any(
        expect.get(other) is not None and outcome[other] != expect[other]
        for other in ("stale", "time_sensitive")
    )
    if got and flag_misses:
        return "ge:flags"
    if got and not outcome["answer_hit"]:
        return "ge:wrong"
    if got and outcome["page_hit"] and outcome["confidence"] != "high":
        return "ge:medium"
    return "ge:other"


def breakdown(folder: Path, verbose: bool, fixtures: Path = FIXTURES) -> list[str]:
    lines = ["| fixture | checked | missed | " + " | ".join(COLUMNS) + " | gate |"]
    lines.append("|---" * (len(COLUMNS) + 4) + "|")
    total: Counter[str] = Counter()
    for path in sorted(folder.glob("*.json")):
        report = json.loads(path.read_text(encoding="utf-8"))
        questions = _questions(fixtures, path.stem)
        if questions is None:
            continue
        counts: Counter[str] = Counter()
        missed: list[str] = []
        for outcome in report["outcomes"]:
            question = questions[outcome["id"]]
            outcome = _with_flags(outcome, question)
            expect = question.get("expect") or {}
            for flag in FLAGS:
                if expect.get(flag) is None:
                    continue
                counts["checked"] += 1
                if outcome[flag] == expect[flag]:
                    continue
                kind = _kind(flag, outcome[flag], question, outcome)
                counts["missed"] += 1
                counts[kind] += 1
                shown = f"{outcome['confidence']} {question['question']}"
                missed.append(
                    f"  {kind:<13} {outcome['id']}: {shown} {outcome['pages_consulted'][:2]}"
                )
        total.update(counts)
        cells = " | ".join(str(counts[column]) for column in ("checked", "missed", *COLUMNS))
        lines.append(f"| {path.stem} | {cells} | {_share(counts)} |")
        if verbose:
            lines.extend(missed)
    cells = " | ".join(str(total[column]) for column in ("checked", "missed", *COLUMNS))
    lines.append(f"| **all** | {cells} | {_share(total)} |")
    return lines


def _share(counts: Counter[str]) -> str:
    checked = counts["checked"]
    return f"{(checked - counts['missed']) / checked:.2f}" if checked else "-"


if __name__ == "__main__":
    arguments = sys.argv[1:]
    verbose = "-v" in arguments
    fixtures = FIXTURES
    if "--fixtures" in arguments:
        at = arguments.index("--fixtures")
        fixtures = Path(arguments[at + 1])
        del arguments[at : at + 2]
    folders = [argument for argument in arguments if argument != "-v"]
    print("\n".join(breakdown(Path(folders[0]), verbose, fixtures)))

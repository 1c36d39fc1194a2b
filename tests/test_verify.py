"""Tests for swarm.verify: the questions file, grading, the four figures, the report, and the
fixture wikis themselves (every expected answer really is in an expected page's excerpt)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import frontmatter
import pytest
import yaml
from conftest import FIXTURES

from swarm.config import Settings
from swarm.verify import run_verification
from swarm.verify.grading import (
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
    QuestionsFileError,
    VerificationQuestion,
    find_questions_file,
    load_questions,
    parse_questions,
)
from swarm.verify.report import format_report
from swarm.wiki.pages import read_pages

# Every fixture wiki with a questions file is checked; a new one is picked up by itself.
FIXTURE_NAMES = sorted(p.parent.name for p in FIXTURES.glob("*/questions.yaml"))
# Fixtures whose index.md lists every page on disk (a real vault's map of content doesn't).
FULLY_INDEXED = {"brain", "hobby", "cheatsheet"}
EXCERPT_CHARS = Settings.model_fields["page_excerpt_chars"].default  # what the flow reads
# Fixtures that keep questions whose answer lies past the excerpt the flow reads (they measure
# how far into a page swarm reads; SOURCES.md counts them): their answers are checked against
# the whole page.
BEYOND_EXCERPT = {"help-centre", "tidb-zh"}


def _question(**overrides: Any) -> VerificationQuestion:
    fields: dict[str, Any] = {
        "id": "q",
        "question": "What is CCW's first-response SLA?",
        "answerable": True,
        "expected_answer": ["15 minutes"],
        "expected_pages": ["ccw.md"],
    }
    fields.update(overrides)
    return VerificationQuestion(**fields)


def _unanswerable(**overrides: Any) -> VerificationQuestion:
    fields: dict[str, Any] = {
        "id": "u",
        "question": "When does the office lease expire?",
        "answerable": False,
        "expected_answer": [],
        "expected_pages": [],
    }
    fields.update(overrides)
    return VerificationQuestion(**fields)


# --- the questions file ------------------------------------------------------------------------

VALID_ENTRY = """
- id: a
  question: What is CCW's first-response SLA?
  answerable: true
  expected_answer: ["15 minutes"]
  expected_pages: [ccw.md]
  time_sensitive: null
  expect: {go_external: null, stale: false}
- id: b
  question: When does the office lease expire?
  answerable: false
"""


def test_parse_questions_reads_a_list() -> None:
    questions = parse_questions(VALID_ENTRY)
    assert [q.id for q in questions] == ["a", "b"]
    assert questions[0].expect.stale is False
    assert questions[0].expect.go_external is None
    assert questions[1].expected_answer == []
    assert questions[1].time_sensitive is None


def test_parse_questions_accepts_a_mapping_with_questions() -> None:
    text = "questions:\n" + "\n".join("  " + line for line in VALID_ENTRY.splitlines())
    assert [q.id for q in parse_questions(text)] == ["a", "b"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("- id: a\n  question: [unclosed", "not valid YAML", id="bad-yaml"),
        pytest.param("just a string", "must hold a list", id="scalar"),
        pytest.param("", "must hold a list", id="empty-file"),
        pytest.param("[]", "at least 1", id="empty-list"),
        pytest.param(
            "- id: a\n  question: q?\n  expected_answer: [x]\n  expected_pages: [p.md]",
            "question #1 (a): answerable",
            id="missing-answerable",
        ),
        pytest.param(
            "- id: a\n  question: q?\n  answerable: true\n  expected_pages: [p.md]",
            "needs expected_answer",
            id="answerable-without-answer",
        ),
        pytest.param(
            "- id: a\n  question: q?\n  answerable: true\n  expected_answer: [x]",
            "needs expected_pages",
            id="answerable-without-pages",
        ),
        pytest.param(
            "- id: a\n  question: q?\n  answerable: false\n  expected_answer: [x]",
            "must leave expected_answer empty",
            id="unanswerable-with-answer",
        ),
        pytest.param(
            "- {id: a, question: Why, answerable: false}\n"
            "- {id: a, question: When, answerable: false}",
            "duplicate question id 'a'",
            id="duplicate-id",
        ),
        pytest.param(
            "- {id: a, question: Why, answerable: false, expected: [x]}",
            "expected: Extra inputs",
            id="unknown-key",
        ),
        pytest.param(
            "- {id: a, question: Why, answerable: false, expect: {stale: maybe}}",
            "expect.stale",
            id="bad-flag",
        ),
    ],
)
def test_parse_questions_rejects_malformed_files_clearly(text: str, message: str) -> None:
    with pytest.raises(QuestionsFileError) as caught:
        parse_questions(text, source="my/questions.yaml")
    assert message in str(caught.value)
    assert "my/questions.yaml" in str(caught.value)
    assert "expected_answer" in str(caught.value)  # the format help comes with it


def test_missing_questions_file_says_what_is_needed(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("- [A](a.md)\n", encoding="utf-8")
    with pytest.raises(QuestionsFileError) as caught:
        find_questions_file(tmp_path)
    message = str(caught.value)
    assert f"No {QUESTIONS_FILE} in {tmp_path}" in message
    assert "next to its index.md" in message
    assert "expected_pages" in message and "answerable" in message


def test_questions_file_found_in_a_brain_roots_wiki_folder(tmp_path: Path) -> None:
    (tmp_path / "Wiki").mkdir()
    (tmp_path / "Wiki" / QUESTIONS_FILE).write_text(VALID_ENTRY, encoding="utf-8")
    path = find_questions_file(tmp_path)
    assert path == tmp_path / "Wiki" / QUESTIONS_FILE
    assert len(load_questions(path)) == 2


async def test_run_verification_without_questions_raises_before_asking(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("- [A](a.md)\n", encoding="utf-8")
    with pytest.raises(QuestionsFileError, match="questions.yaml"):
        await run_verification(tmp_path, model="offline")


# --- matching ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "expected", "hit"),
    [
        pytest.param("The SLA is 15 minutes.", ["15 minutes"], True, id="plain"),
        pytest.param("the sla is 15 MINUTES", ["15 Minutes"], True, id="case"),
        pytest.param("first response in 15\n  minutes", ["15 minutes"], True, id="line-break"),
        pytest.param("**Total revenue: $58,300.**", ["$58,300"], True, id="markdown-bold"),
        pytest.param("SLA: 4 business hours", ["15 minutes", "15 min"], False, id="miss"),
        pytest.param("any answer", ["", "  "], False, id="blank-expectations-never-match"),
        pytest.param("", ["15"], False, id="empty-answer"),
        pytest.param("married Æthelred in 1002", ["æthelred"], True, id="unicode-case"),
        pytest.param("Just use raise after it.", ["use `raise`"], True, id="code-marks"),
        pytest.param("Press CTRL+B and then D.", ["and then <kbd>D"], True, id="kbd-marks"),
        pytest.param("Use the `<code>` element.", ["<code>"], True, id="a-tag-asked-for"),
        pytest.param("Use the <dialog> element.", ["<details>"], False, id="other-element"),
        pytest.param("Use it, then raise.", ["use `raise`"], False, id="marks-not-words"),
    ],
)
def test_answer_hits(answer: str, expected: list[str], hit: bool) -> None:
    assert answer_hits(answer, expected) is hit


@pytest.mark.parametrize(
    ("raw", "normalized"),
    [
        pytest.param("ccw.md", "ccw.md", id="plain"),
        pytest.param("./ccw.md", "ccw.md", id="dot-slash"),
        pytest.param("ccw.md#sla", "ccw.md", id="anchor"),
        pytest.param("clients\\mill-creek.md", "clients/mill-creek.md", id="backslash"),
        pytest.param("meetings/ccw%20kickoff.md", "meetings/ccw kickoff.md", id="encoded-space"),
    ],
)
def test_normalise_graded_path(raw: str, normalized: str) -> None:
    assert normalise_graded_path(raw) == normalized


# --- grading -----------------------------------------------------------------------------


def test_grade_answerable_pass() -> None:
    outcome = grade(
        _question(),
        ObservedAnswer("CCW: 15 minutes for P1.", ("./ccw.md",), "high", False, False),
    )
    assert outcome.passed and outcome.page_hit and outcome.answer_hit
    assert outcome.problems == ()


def test_grade_answerable_misses_page_and_answer() -> None:
    outcome = grade(_question(), ObservedAnswer("4 business hours", ("sla-policy.md",), "medium"))
    assert not outcome.passed
    assert outcome.page_hit is False and outcome.answer_hit is False
    assert outcome.problems == ("expected page not read", "answer misses expected text")


def test_grade_counts_only_the_first_five_pages() -> None:
    pages = ("a.md", "b.md", "c.md", "d.md", "e.md", "ccw.md")
    outcome = grade(_question(), ObservedAnswer("15 minutes", pages, "high"))
    assert outcome.page_hit is False


def test_grade_measures_recall_on_the_pages_read() -> None:
    # The answer quoted one page, but the expected page was among those the flow read.
    observed = ObservedAnswer(
        "15 minutes", ("sla-policy.md",), "high", pages_read=("sla-policy.md", "ccw.md")
    )
    assert grade(_question(), observed).page_hit is True
    unread = ObservedAnswer("15 minutes", ("sla-policy.md",), "high", pages_read=("team.md",))
    assert grade(_question(), unread).page_hit is False


def test_grade_checks_expected_flags_only_when_given() -> None:
    question = _question(expect={"go_external": False, "stale": None})
    observed = ObservedAnswer("15 minutes", ("ccw.md",), "medium", go_external=True, stale=True)
    outcome = grade(question, observed)
    assert outcome.problems == ("go_external=True, expected False",)


def test_grade_checks_the_time_sensitive_expectation() -> None:
    question = _question(expect={"time_sensitive": True})
    calm = ObservedAnswer("15 minutes", ("ccw.md",), "high", go_external=False)
    assert grade(question, calm).problems == ("time_sensitive=False, expected True",)
    urgent = ObservedAnswer("15 minutes", ("ccw.md",), "high", time_sensitive=True)
    assert grade(question, urgent).passed


def test_grade_reports_the_error_when_failing() -> None:
    outcome = grade(_question(), ObservedAnswer(error="No index.md in /x"))
    assert outcome.problems[-1] == "error: No index.md in /x"


def test_grade_unanswerable_pass_when_sent_external() -> None:
    outcome = grade(_unanswerable(), ObservedAnswer("maybe", ("team.md",), "medium", True))
    assert outcome.passed
    assert outcome.page_hit is None and outcome.answer_hit is None


@pytest.mark.parametrize(
    ("observed", "problems"),
    [
        pytest.param(
            ObservedAnswer("The lease ends in May.", ("x.md",), "high", go_external=True),
            ("unanswerable but confidence=high",),
            id="confident",
        ),
        pytest.param(
            ObservedAnswer("The lease ends in May.", ("x.md",), "high", go_external=False),
            ("unanswerable but kept in the wiki", "unanswerable but confidence=high"),
            id="confident-and-kept",
        ),
    ],
)
def test_grade_unanswerable_failures(observed: ObservedAnswer, problems: tuple[str, ...]) -> None:
    question = _unanswerable(expect={"go_external": True})
    assert grade(question, observed).problems == problems  # no duplicate go_external line


# --- the four figures ----------------------------------------------------------------------


def _outcomes() -> list[QuestionOutcome]:
    """Four answerable and two unanswerable questions with known results."""
    answerable = [_question(id=f"a{i}") for i in range(4)]
    return [
        # right page, right answer, high
        grade(answerable[0], ObservedAnswer("15 minutes", ("ccw.md",), "high", False)),
        # right page, right answer, medium
        grade(answerable[1], ObservedAnswer("within 15 minutes", ("x.md", "ccw.md"), "medium")),
        # right page, wrong answer, high: a confident wrong answer
        grade(answerable[2], ObservedAnswer("4 hours", ("ccw.md",), "high", False)),
        # wrong page, lucky answer, low
        grade(answerable[3], ObservedAnswer("15 minutes", ("x.md",), "low")),
        # unanswerable, sent external
        grade(_unanswerable(id="u0"), ObservedAnswer("", (), "low", True)),
        # unanswerable, answered with high confidence and kept
        grade(_unanswerable(id="u1"), ObservedAnswer("May", ("x.md",), "high", False)),
    ]


def test_compute_figures_on_fabricated_results() -> None:
    figures = compute_figures(_outcomes())
    recall = figures.page_recall_at_5
    assert (recall.numerator, recall.denominator, recall.value) == (3, 4, 0.75)
    hits = figures.answer_hit_rate
    assert (hits.numerator, hits.denominator) == (3, 4)
    precision = figures.high_confidence_precision
    assert (precision.numerator, precision.denominator) == (1, 3)
    external = figures.unanswerable_sent_external
    assert (external.numerator, external.denominator, external.value) == (1, 2, 0.5)


def test_figures_with_nothing_to_measure_are_none_and_not_failures() -> None:
    figures = compute_figures([grade(_question(), ObservedAnswer("15 minutes", ("ccw.md",)))])
    assert figures.high_confidence_precision.value is None  # no high-confidence answer
    assert figures.unanswerable_sent_external.value is None  # no unanswerable question
    assert figures.high_confidence_precision.meets(0.95)


def test_report_ok_needs_every_figure_at_threshold() -> None:
    good = [
        grade(_question(id="a"), ObservedAnswer("15 minutes", ("ccw.md",), "high", False)),
        grade(_unanswerable(id="u"), ObservedAnswer("", (), "low", True)),
    ]
    assert VerificationReport(Path("w"), tuple(good)).ok
    assert not VerificationReport(Path("w"), tuple(_outcomes())).ok
    assert VerificationReport(Path("w"), tuple(_outcomes()), threshold=0.3).ok


def test_format_report_table_and_figures() -> None:
    report = VerificationReport(Path("wiki_fixtures/x"), tuple(_outcomes()), backend="fake")
    text = format_report(report)
    lines = text.splitlines()
    assert lines[0] == "swarm verify wiki_fixtures/x  (backend: fake)"
    row = next(line for line in lines if line.startswith("a2 "))
    assert re.search(r"a2\s+FAIL\s+high\s+no\s+no\s+ccw\.md\s+<- answer misses expected text", row)
    assert re.search(r"a0\s+PASS\s+high\s+no\s+no\s+ccw\.md$", text, re.MULTILINE)
    assert "3/6 questions passed" in text
    assert re.search(r"page recall@5\s+0\.75\s+\(3/4\)\s+target >= 0\.95\s+BELOW TARGET", text)
    assert re.search(r"precision of confidence=high\s+0\.33\s+\(1/3\)", text)
    assert re.search(r"unanswerable sent external\s+0\.50\s+\(1/2\)", text)
    assert lines[-1] == "RESULT: below target"


def test_format_report_shows_unmeasured_figures_as_na() -> None:
    report = VerificationReport(
        Path("w"), (grade(_question(), ObservedAnswer("15 minutes", ("ccw.md",), "low")),)
    )
    text = format_report(report)
    assert re.search(r"precision of confidence=high\s+n/a\s+\(0/0\)\s+target >= 0\.95\s+ok", text)
    assert text.splitlines()[-1] == "RESULT: ok"


# --- the fixture wikis -----------------------------------------------------------------------


def _body(path: Path) -> tuple[dict[str, Any], str]:
    raw = path.read_text(encoding="utf-8")
    try:
        post = frontmatter.loads(raw)
    except yaml.YAMLError:
        return {}, raw
    return dict(post.metadata), post.content


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_questions_load_and_point_at_real_pages(name: str) -> None:
    root = FIXTURES / name
    questions = load_questions(find_questions_file(root))
    assert len(questions) >= 20
    unanswerable = [q for q in questions if not q.answerable]
    assert len(unanswerable) >= max(4, len(questions) // 10)  # absent questions are a tenth+
    assert any(q.time_sensitive or q.expect.time_sensitive for q in questions)
    for question in questions:
        for page in question.expected_pages:
            assert (root / page).is_file(), f"{question.id}: {page} does not exist"


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_answers_sit_in_the_excerpt_the_flow_reads(name: str) -> None:
    root = FIXTURES / name
    for question in load_questions(find_questions_file(root)):
        if not question.answerable:
            continue
        # Read as the flow reads them: swarm's own reader, the default excerpt size (the whole
        # page for a fixture that measures reading past it).
        whole = {"max_chars": 10**7} if name in BEYOND_EXCERPT else {}
        excerpts = read_pages(root, [(page, "") for page in question.expected_pages], **whole)
        assert all(e.error is None for e in excerpts), question.id
        hits = [answer_hits(e.text, question.expected_answer) for e in excerpts]
        assert any(hits), question.id


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_index_matches_the_pages_on_disk(name: str) -> None:
    from swarm.wiki.index import load_page_map

    root = FIXTURES / name
    page_map = load_page_map(root)
    on_disk = {p.relative_to(root).as_posix() for p in root.rglob("*.md")} - {"index.md"}
    assert set(page_map.by_path) <= on_disk  # every entry exists
    if name in FULLY_INDEXED:
        assert set(page_map.by_path) == on_disk  # and every page is indexed
    for question in load_questions(find_questions_file(root)):
        for page in question.expected_pages:
            assert page in page_map, f"{question.id}: {page} is not in index.md"


def test_brain_fixture_shape() -> None:
    root = FIXTURES / "brain"
    pages = sorted(p for p in root.rglob("*.md") if p.name != "index.md")
    assert 22 <= len(pages) <= 28
    broken = []
    for page in pages:
        size = len(page.read_text(encoding="utf-8"))
        assert 600 <= size <= 3000, f"{page.name}: {size} chars"
        try:
            frontmatter.loads(page.read_text(encoding="utf-8"))
        except yaml.YAMLError:
            broken.append(page.name)
    assert broken == ["insurance.md"]

    metadata, body = _body(root / "ccw.md")
    # ccw.md stays fresh whatever the date: no date key at all
    assert not {"updated", "last_updated", "modified", "date", "reviewed"} & set(metadata)
    head = body[:EXCERPT_CHARS]
    assert "15 minutes" in head and "$2,400/year" in head and "2026-05-08" in head
    assert "CCW" in _body(root / "businesses-overview.md")[1]
    old = [p for p in pages if str(_body(p)[0].get("updated", "")).startswith("2024")]
    assert len(old) >= 2
    assert "[[" in body  # wikilinks inside bodies


def test_hobby_fixture_has_thin_titles_subfolders_and_bare_pages() -> None:
    root = FIXTURES / "hobby"
    index = (root / "index.md").read_text(encoding="utf-8")
    assert "[Normans (part 17)](history/normans-part-17.md)" in index
    bare = [p for p in root.rglob("*.md") if not p.read_text(encoding="utf-8").startswith("---")]
    assert len(bare) >= 3  # pages with no frontmatter (index.md among them)
    assert {p.parent.name for p in root.rglob("*.md")} >= {"history", "brewing", "travel"}


# --- the real flow, offline --------------------------------------------------------------


async def test_offline_verification_of_the_brain_fixture() -> None:
    report = await run_verification(FIXTURES / "brain", model="offline")
    assert len(report.outcomes) == len(load_questions(FIXTURES / "brain" / QUESTIONS_FILE))
    by_id = {outcome.question.id: outcome for outcome in report.outcomes}
    # the spec's own checks
    sla = by_id["ccw-sla"].observed
    assert sla.confidence in ("high", "medium") and "15" in sla.answer
    assert "ccw.md" in sla.pages_consulted
    contract = by_id["ccw-contract-value"].observed
    assert "$2,400" in contract.answer and contract.go_external is False
    assert by_id["anthropic-this-week"].observed.go_external is True
    text = format_report(report)
    assert "page recall@5" in text and "ccw-sla" in text
    _assert_calibrated(report)


async def test_offline_verification_of_the_hobby_fixture() -> None:
    report = await run_verification(FIXTURES / "hobby", model="offline")
    assert len(report.outcomes) == len(load_questions(FIXTURES / "hobby" / QUESTIONS_FILE))
    _assert_calibrated(report)


# Measured with the offline backend: brain 19/20, hobby 20/21 answers hit (the misses are
# paraphrases no lexical match bridges: "bring in money" for revenue, "where can you see it
# today" for "Kept at The National Archives"). A drop below this floor is a regression.
OFFLINE_ANSWER_HIT_FLOOR = 0.95


def _assert_calibrated(report: VerificationReport) -> None:
    figures = {figure.name: figure.value for figure in report.figures}
    assert report.page_recall_at_5.value is not None and report.page_recall_at_5.value >= 0.95
    # A confident wrong answer is the worst outcome: every "high" must be right.
    assert report.high_confidence_precision.value == 1.0, figures
    assert report.unanswerable_sent_external.value == 1.0, figures
    hit_rate = report.answer_hit_rate.value
    assert hit_rate is not None and hit_rate >= OFFLINE_ANSWER_HIT_FLOOR, format_report(report)
    assert report.ok, format_report(report)


async def test_run_verification_grades_a_scripted_model(tmp_path: Path) -> None:
    from swarm.models.base import WikiAnswer
    from swarm.models.scripted import ScriptedReasoner

    # A model that always reads ccw.md and always answers the SLA with high confidence.
    model = ScriptedReasoner(
        pages=["ccw.md"],
        answer=WikiAnswer("First response within 15 minutes.", "high", ["ccw.md"]),
    )
    report = await run_verification(FIXTURES / "brain", model=model)
    by_id = {outcome.question.id: outcome for outcome in report.outcomes}
    assert by_id["ccw-sla"].passed
    assert not by_id["ccw-contract-value"].passed  # right page, wrong answer
    assert by_id["office-lease"].problems[:1] == ("unanswerable but kept in the wiki",)
    assert report.backend == "scripted"
    assert report.high_confidence_precision.numerator == 1
    assert not report.ok


def test_recall_figure_says_it_counts_pages_read() -> None:
    figure = compute_figures([]).page_recall_at_5
    assert "pages read" in figure.definition
    assert "consulted" not in figure.definition


@pytest.mark.parametrize(
    ("as_of", "stale", "passes"),
    [
        pytest.param("2025-03-01", False, True, id="fresh-on-the-pinned-day"),
        pytest.param("2027-06-01", True, True, id="stale-on-a-later-pinned-day"),
        pytest.param("2025-03-01", True, False, id="wrong-expectation-fails"),
    ],
)
async def test_as_of_pins_the_day_freshness_is_judged_on(
    tmp_path: Path, as_of: str, stale: bool, passes: bool
) -> None:
    (tmp_path / "index.md").write_text("- [Rates](rates.md): hourly rates\n", encoding="utf-8")
    (tmp_path / "rates.md").write_text(
        "---\nupdated: 2025-02-01\n---\n# Rates\n\nOur hourly consulting rate is 140 euros.\n",
        encoding="utf-8",
    )
    (tmp_path / "questions.yaml").write_text(
        f"as_of: {as_of}\nquestions:\n"
        "- id: rate\n  question: What is our hourly consulting rate?\n  answerable: true\n"
        "  expected_answer: ['140 euros']\n  expected_pages: [rates.md]\n"
        f"  time_sensitive: false\n  expect: {{stale: {str(stale).lower()}}}\n",
        encoding="utf-8",
    )
    report = await run_verification(tmp_path, model="offline")
    assert report.outcomes[0].passed is passes, report.outcomes[0].problems


def test_unknown_top_level_keys_are_refused() -> None:
    with pytest.raises(QuestionsFileError, match="unknown top-level key"):
        parse_questions("asof: 2026-01-01\nquestions:\n- {id: a, question: Why, answerable: false}")


def test_the_gate_figures_are_measured_and_shown_but_not_yet_required() -> None:
    question = _question(expect={"go_external": False, "stale": False})
    right_but_medium = ObservedAnswer("15 minutes", ("ccw.md",), "medium", go_external=True)
    report = VerificationReport(
        fixture_dir=Path("w"),
        outcomes=(grade(question, right_but_medium),),
    )
    by_name = {figure.name: figure for figure in report.figures}
    right_at_high = by_name["answered right at high"]
    gate = by_name["gate agreement"]
    assert (right_at_high.numerator, right_at_high.denominator) == (0, 1)
    assert (gate.numerator, gate.denominator) == (1, 2)  # go_external missed, stale matched
    assert not right_at_high.meets(0.95) and not gate.meets(0.95)
    assert report.ok  # recall, hit rate, precision and absent→external are what decide
    text = format_report(report)
    assert "target >= 0.60  BELOW TARGET (not yet required)" in text

"""A line that only points to another page ("See also: [[X]]") names X and says nothing of
it: never the evidence for high, and ranked below the page's own text."""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES

from swarm.wiki_query import query
from tests.fakes import page_wiki

PAGES = {
    "concepts/jobs-to-be-done.md": (
        "# Jobs to be done\n\nA job is the progress a customer wants to make.\n\n"
        "See also: [[concepts/wizard-of-oz-prototype|Wizard-of-Oz prototype]] · #concept\n"
    ),
    "concepts/wizard-of-oz-prototype.md": (
        "# Wizard-of-Oz prototype\n\n> [!note] Definition\n> A prototype in which a person "
        "secretly performs what the software will later do.\n"
    ),
}


def test_a_see_also_line_is_no_answer(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    wiki = page_wiki(tmp_path / "one", dict(list(PAGES.items())[:1]))
    result = query("What's a Wizard-of-Oz prototype?", wiki_dir=wiki, model="offline")
    assert result.confidence != "high", result.answer
    assert result.go_external


def test_the_pages_own_text_leads_over_a_see_also_line(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, PAGES)
    result = query("What's a Wizard-of-Oz prototype?", wiki_dir=wiki, model="offline")
    assert result.answer.startswith("A prototype in which a person secretly performs")


def test_a_related_bug_reports_section_is_no_answer() -> None:
    # A real vault's section of issue links whose titles happen to hold the question's words.
    question = (
        "Tasks are missing from my query results; what should I check before filing a bug report?"
    )
    result = query(question, wiki_dir=FIXTURES / "tasks-vault", model="offline")
    assert result.pages_consulted[0].endswith("- Related bug reports.md")
    assert result.confidence != "high", result.answer


def test_a_section_heading_of_its_own_subject_still_answers(tmp_path: Path) -> None:
    pages = {
        "support/callouts.md": (
            "# Callouts\n\n## Missing tasks in callouts\n\n"
            "Tasks in titled callouts are missing from query results in Obsidian 1.6.3; "
            "upgrade to Obsidian 1.6.5 to fix it.\n"
        ),
    }
    wiki = page_wiki(tmp_path, pages)
    question = "Which Obsidian version fixes tasks missing from query results in callouts?"
    result = query(question, wiki_dir=wiki, model="offline")
    assert result.confidence == "high", result.answer
    assert "1.6.5" in result.answer

"""A page its owner marks as not settled (`draft: true`, `status: WIP`, a templates or drafts
folder) answers at most at medium, with a warning naming it: its facts may change before it
is done. A settled page of the same wiki answers at high."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki_query import query

RETAINER = "# Pricing\n\nThe retainer for small clients is £1,200 a month.\n"
HOSTING = "# Hosting\n\nThe website is hosted on Hetzner in Falkenstein.\n"


@pytest.mark.parametrize(
    ("path", "frontmatter", "shown"),
    [
        ("pricing.md", "draft: true\n", "draft: True"),
        ("pricing.md", "status: WIP\n", "status: WIP"),
        ("pricing.md", "stage: Proposal\n", "stage: Proposal"),
        ("pricing.md", "tags: [pricing, draft]\n", "tags: draft"),
        ("pricing.md", "tags: '#pricing #status/wip'\n", "tags: #status/wip"),
        ("Templates/pricing.md", "", "templates or drafts folder"),
        ("_drafts/pricing.md", "", "templates or drafts folder"),
    ],
)
def test_an_unsettled_page_answers_at_most_medium(
    tmp_path: Path, path: str, frontmatter: str, shown: str
) -> None:
    text = f"---\n{frontmatter}---\n{RETAINER}" if frontmatter else RETAINER
    wiki = page_wiki(tmp_path, {path: text, "hosting.md": HOSTING})
    result = query("How much is the retainer for small clients?", wiki_dir=wiki, model="offline")
    assert result.confidence == "medium"
    assert "£1,200" in result.answer
    assert any(shown in warning and "not settled" in warning for warning in result.warnings)


@pytest.mark.parametrize(
    "frontmatter", ["draft: false\n", "status: published\n", "tags: [pricing, drafting]\n", ""]
)
def test_a_settled_page_still_answers_at_high(tmp_path: Path, frontmatter: str) -> None:
    text = f"---\n{frontmatter}---\n{RETAINER}" if frontmatter else RETAINER
    wiki = page_wiki(tmp_path, {"pricing.md": text, "hosting.md": HOSTING})
    result = query("How much is the retainer for small clients?", wiki_dir=wiki, model="offline")
    assert result.confidence == "high"
    assert not any("not settled" in warning for warning in result.warnings)


def test_a_question_about_what_a_draft_proposes_is_answered_by_it(tmp_path: Path) -> None:
    text = (
        "---\nstatus: Draft\n---\n# PEP 9001\n\n"
        "This PEP proposes the operator `@@` for matrix power.\n"
    )
    wiki = page_wiki(tmp_path, {"draft/pep-9001.md": text, "hosting.md": HOSTING})
    result = query(
        "Which operator does PEP 9001 propose for matrix power?", wiki_dir=wiki, model="offline"
    )
    assert result.confidence == "high"
    assert "@@" in result.answer

"""The evidence rule for `high`, offline, through the public door: `query(model="offline")`."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki_query import query

COMM = """# comm

comm — compare two sorted files line by line.

## Examples

- Print only lines common to both files:

`comm -12 file1 file2`

- Print lines only in the first file:

`comm -23 file1 file2`
"""
JOIN = """# join

join — join lines of two sorted files on a common field.

- Print the lines of both files that share a common join field:

`join file1 file2`
"""
DPKG_DEB = """# dpkg-deb

- Sets the maximum number of threads allowed for compressors that support worker threads:

`dpkg-deb --threads-max=threads`
"""
BZIP2 = """# bzip2

- Keep (don't delete) input files during compression:

`bzip2 -k file`
"""
NORMANS = """# Siege of Bari

The Normans joined Turkish forces in the siege of Bari in 1068.
"""
FERRY = """# Island ferry

The ferry does not run on Sundays in winter.
"""
HAROLD = """# Harold

Harold was crowned at Westminster before the battle of Hastings.
"""
TREATY = """# Treaty of Arden

The Treaty of Arden was signed in 1648 by the two duchies.
"""
JUPITER = """# Jupiter

The four largest moons of Jupiter were discovered by Galileo Galilei in 1610.
"""
PLANS = """# Plans

| plan | price |
|------|-------|
| Starter | $99 per month |
| Team | $249 per month |
"""
WIDGET = """---
title: Widget Pro
price: $49
---
# Widget Pro

Widget Pro is our desk lamp.
"""
RESTATE = """# Backups

Backups of the billing database, for the ops team.
"""
MULTIPLEXERS = {
    name: f"# {name}\n\n{name} is a terminal multiplexer.\n\n- Detach from the session:\n\n"
    "`prefix d`\n"
    for name in ("tmux.md", "screen.md", "zellij.md")
}
CJK = """# 学生券

学生券的价格是每张三十元，凭学生证购买。
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"comm.md": COMM},
            "How do I print only the lines common to both files with comm?",
            "high",
            "comm -12",
            id="cheat-sheet-lead-in-and-its-command-at-high",
        ),
        pytest.param(
            {"dpkg-deb.md": DPKG_DEB, "bzip2.md": BZIP2},
            "How do I set the number of worker threads for bzip2?",
            "not high",
            "",
            id="another-tools-command-for-a-named-tool",
        ),
        pytest.param(
            {"dpkg-deb.md": DPKG_DEB, "bzip2.md": BZIP2},
            "How do I keep input files during compression with bzip2?",
            "high",
            "bzip2 -k",
            id="the-named-tools-command-at-high",
        ),
        pytest.param(
            {"comm.md": COMM, "join.md": JOIN},
            "How do I see which lines two sorted files have in common?",
            "not high",
            "comm -12",
            id="unnamed-tool-paraphrase-is-not-evidence-enough",
        ),
        pytest.param(
            {"comm.md": COMM},
            "How do I see which lines two sorted files have in common?",
            "high",
            "comm -12",
            id="unnamed-tool-paraphrase-on-the-one-tools-page",
        ),
        pytest.param(
            {"bari.md": NORMANS},
            "Who joined Norman forces in the siege of Bari?",
            "not high",
            "",
            id="near-miss-who-joined-whom-swapped",
        ),
        pytest.param(
            {"ferry.md": FERRY},
            "Does the island ferry run on Sundays in winter?",
            "not high",
            "",
            id="negation-flipped",
        ),
        pytest.param(
            {"harold.md": HAROLD},
            "Where was Harold crowned after the battle of Hastings?",
            "not high",
            "",
            id="before-versus-after",
        ),
        pytest.param(
            {"treaty.md": TREATY},
            "Who signed the Treaty of Arden in 1658?",
            "not high",
            "",
            id="a-different-year",
        ),
        pytest.param(
            {"jupiter.md": JUPITER},
            "Who discovered the moons of Mars in 1610?",
            "low",
            "",
            id="another-entity-in-the-asked-slot",
        ),
        pytest.param(
            {"plans.md": PLANS},
            "What is the Team plan price?",
            "high",
            "plan: Team; price: $249 per month",
            id="table-row-with-its-header",
        ),
        pytest.param(
            {"widget.md": WIDGET},
            "What is the price of Widget Pro?",
            "high",
            "price: $49",
            id="frontmatter-fact-with-its-key",
        ),
        pytest.param(
            {"backups.md": RESTATE},
            "What about backups of the billing database for the ops team?",
            "not high",
            "",
            id="a-passage-that-only-restates-the-question",
        ),
        pytest.param(
            {"ticket.md": CJK},
            "学生券的价格是多少？",
            "not high",
            "三十元",
            id="cjk-question-finds-the-cjk-page",
        ),
    ],
)
def test_the_evidence_rule(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    if confidence == "not high":  # medium or low: either way the question goes outside
        assert result.confidence != "high", result.answer
    else:
        assert result.confidence == confidence, result.answer
    assert must_hold in result.answer
    assert result.go_external is (confidence != "high")
    if must_hold:  # the answer cites a page it was given, and only pages it was given
        assert result.pages_consulted and set(result.pages_consulted) <= set(pages)


def test_pages_sharing_one_example_line_cite_one_page_or_stay_medium(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, MULTIPLEXERS)

    result = query(
        "How do I detach from the session in tmux?",
        time_sensitive=False,
        model="offline",
        wiki_dir=wiki,
    )

    assert "prefix d" in result.answer
    assert result.confidence != "high" or result.pages_consulted == ["tmux.md"]
    assert result.answer.count("prefix d") <= 2


def test_two_pages_giving_different_answers_to_the_slot_make_it_medium(tmp_path: Path) -> None:
    wiki = page_wiki(
        tmp_path,
        {
            "rota.md": "# Rota\n\nWeekends are covered by Priya.\n",
            "summer.md": "# Summer\n\nTom covers weekends in August.\n",
        },
    )

    result = query("Who covers weekends?", time_sensitive=False, model="offline", wiki_dir=wiki)

    assert result.confidence == "medium"
    assert "(rota.md)" in result.answer and "(summer.md)" in result.answer


def test_a_named_tools_answer_cites_only_that_tools_page(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"dpkg-deb.md": DPKG_DEB, "bzip2.md": BZIP2})
    result = query(
        "How do I keep input files during compression with bzip2?", model="offline", wiki_dir=wiki
    )
    assert (result.confidence, result.pages_consulted) == ("high", ["bzip2.md"])
    assert "bzip2 -k" in result.answer and "dpkg-deb" not in result.answer

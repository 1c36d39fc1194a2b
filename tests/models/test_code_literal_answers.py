"""A code literal the question writes ("f[1, 2, 3]", `:=`, "strict=True", `--force`),
through `query(model="offline")`: its tokens are not the literal ("f[1, 2, 3]" and
"f{1, 2, 3}" are the same words), so `high` needs a passage writing the literal itself,
spacing aside. Each answered case has its near miss that must stay below high."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki.code_literals import code_literals
from swarm.wiki_query import query

FROZEN = """# Frozen displays

The frozen display `f{1, 2, 3}` evaluates to a frozenset.
"""
WALRUS = """# Assignment expressions

The `:=` operator assigns a value to a name inside an expression.
"""
ZIP = """# zip

With `strict=True`, zip raises a ValueError when one iterable is shorter than the others.
"""
GIT = """# git

- Push and overwrite the remote branch only if nobody else pushed to it:

`git push --force-with-lease`
"""


@pytest.mark.parametrize(
    ("pages", "question", "level", "must_hold"),
    [
        pytest.param(
            {"frozen.md": FROZEN},
            "What does the frozen display f{1, 2, 3} evaluate to?",
            "high",
            "frozenset",
            id="same-brackets",
        ),
        pytest.param(
            {"frozen.md": FROZEN},
            "What does the frozen display f{1,2,3} evaluate to?",
            "high",
            "frozenset",
            id="same-literal-other-spacing",
        ),
        pytest.param(
            {"frozen.md": FROZEN},
            "What would a frozen display f[1, 2, 3] evaluate to?",
            "not high",
            "f{1, 2, 3}",
            id="other-brackets",
        ),
        pytest.param(
            {"frozen.md": FROZEN},
            "What does the frozen display `f(1, 2, 3)` evaluate to?",
            "not high",
            "f{1, 2, 3}",
            id="backticked-other-brackets",
        ),
        pytest.param(
            {"walrus.md": WALRUS},
            "What does the := operator assign inside an expression?",
            "high",
            "name",
            id="same-operator",
        ),
        pytest.param(
            {"walrus.md": WALRUS},
            "What does the => operator assign inside an expression?",
            "not high",
            ":=",
            id="other-operator",
        ),
        pytest.param(
            {"walrus.md": WALRUS},
            "What does the `=` operator assign inside an expression?",
            "not high",
            ":=",
            id="operator-inside-a-longer-one",
        ),
        pytest.param(
            {"zip.md": ZIP},
            "Which error does zip raise with strict = True when one iterable is shorter?",
            "high",
            "ValueError",
            id="keyword-argument-spaced",
        ),
        pytest.param(
            {"zip.md": ZIP},
            "Which error does zip raise with strict==True when one iterable is shorter?",
            "not high",
            "ValueError",
            id="comparison-not-argument",
        ),
        pytest.param(
            {"git.md": GIT},
            "What does git push --force-with-lease do to the remote branch?",
            "high",
            "--force-with-lease",
            id="same-option",
        ),
        pytest.param(
            {"git.md": GIT},
            "What does git push --force do to the remote branch?",
            "not high",
            "--force-with-lease",
            id="shorter-option",
        ),
    ],
)
def test_a_code_literal_must_be_written_in_the_evidence(
    tmp_path: Path, pages: dict[str, str], question: str, level: str, must_hold: str
) -> None:
    result = query(question, wiki_dir=page_wiki(tmp_path, pages), model="offline")
    assert result.error is None
    assert_level(result, level, must_hold)


@pytest.mark.parametrize(
    ("question", "literals"),
    [
        ("What would a frozen display f[1, 2, 3] evaluate to?", ["f[1, 2, 3]"]),
        ("Since which version can I call f(x=) for f(x=x)?", ["f(x=)", "f(x=x)"]),
        ("What does `git -v` print?", ["git -v"]),
        ('Is "x == y" the same as "x is y"?', ["x == y"]),
        ("How do I edit ~/.bashrc with --force and $HOME?", ["~/.bashrc", "--force", "$HOME"]),
        # prose: a plural mark, "and/or", an abbreviation, a name with "&", figures, a dash
        ("Which file(s) and/or folders, e.g. at R&D, cost $120 or 50% - in 3.9?", []),
        ("What roaster does Magpie & Ember use with the X | Y syntax?", []),
        ("What's the 'house style'?", []),
        ("Is it *really* **not** in the [draft] notes (optional)?", []),
    ],
)
def test_what_counts_as_a_code_literal(question: str, literals: list[str]) -> None:
    assert code_literals(question) == literals

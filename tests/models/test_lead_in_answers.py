"""The offline answer goes on past what its lead passage announces, through
`query(model="offline")`: a lead-in ending in ":" is shown with the list under it, a question
the page asks with the paragraph answering it, a description with the command under it in a
paragraph of its own. The confidence stays what the lead earns. Near cases: a lead-in stops at
its section's end, a question's answer is one paragraph, and a lead holding its answer is
shown alone."""

from __future__ import annotations

from pathlib import Path

from fakes import ask_offline, page_wiki

from swarm.wiki_query import query

PUBLISHING = """# Publishing the docs

The docs vault is published with Obsidian Publish.

## Permission to publish

The following people's accounts have permission to push updates to the docs site:

- Clare Macrae
- Martin Schenck

## Quick overview

Anyone else opens a pull request and waits for a review from the maintainers.
"""

UPCOMING = """# Tasks due this week

## Motivation

I keep one note of chores and errands for the whole household.

How can I write this without a hard-coded date in the filter?

## Answer

Use `due before in 7 days` in the query block.

## Testing

Try it on a scratch note first, with a few made-up entries either side.
"""

CLEAN = """# clean

## Examples

Run in interactive mode and remove untracked directories.

From the gclean alias.

```sh
$ git clean -id
```

Remove untracked directories and all ignored files with a force flag.

```sh
$ git clean -dfx
```
"""

STATUS = """# Status codes

Retry-After comes with 503 Service Unavailable while the servers are down for maintenance.

The 429 code means the client sent too many requests in a given amount of time.
"""


def test_a_lead_in_is_shown_with_the_list_it_introduces(tmp_path: Path) -> None:
    question = "Who has permission to push updates to the docs site?"
    result = ask_offline(tmp_path, {"publishing.md": PUBLISHING}, question)
    assert result.error is None
    first = result.answer.splitlines()[0]
    assert "Clare Macrae" in first and "Martin Schenck" in first, result.answer
    # The list ends with its section: the next heading's paragraph is not part of it.
    assert "Anyone else opens a pull request" not in first, result.answer


def test_a_question_the_page_asks_is_shown_with_the_paragraph_answering_it(
    tmp_path: Path,
) -> None:
    result = ask_offline(
        tmp_path,
        {"upcoming.md": UPCOMING},
        "What filter lists my tasks for the coming week without a hard-coded date?",
    )
    assert result.error is None
    first = result.answer.splitlines()[0]
    assert "due before in 7 days" in first, result.answer
    # One paragraph answers the question: the section after it is not carried along.
    assert "scratch note" not in first, result.answer


def test_a_description_is_shown_with_the_command_under_it(tmp_path: Path) -> None:
    result = ask_offline(
        tmp_path,
        {"clean.md": CLEAN},
        "Is there a way to remove untracked directories interactively?",
    )
    assert result.error is None
    assert "git clean -id" in result.answer.splitlines()[0], result.answer


def test_a_lead_holding_its_answer_is_shown_alone(tmp_path: Path) -> None:
    result = ask_offline(
        tmp_path,
        {"status.md": STATUS},
        "Which status code comes with Retry-After during maintenance?",
    )
    assert result.error is None
    first = result.answer.splitlines()[0]
    assert "503" in first and "429" not in first, result.answer


def test_the_confidence_is_the_leads(tmp_path: Path) -> None:
    """Shown with its list, the lead-in keeps the confidence it earned alone: the passages
    after it are quoted, not counted as evidence."""
    (tmp_path / "whole").mkdir()
    wiki = page_wiki(tmp_path / "whole", {"publishing.md": PUBLISHING})
    question = "Who has permission to push updates to the docs site?"
    result = query(question, wiki_dir=wiki, model="offline")
    (tmp_path / "trimmed").mkdir()
    trimmed = page_wiki(
        tmp_path / "trimmed",
        {"publishing.md": PUBLISHING.replace("- Clare Macrae\n- Martin Schenck\n", "")},
    )
    alone = query(question, wiki_dir=trimmed, model="offline")
    assert alone.answer.splitlines()[0].startswith("The following people's accounts")
    assert result.confidence == alone.confidence

"""A question that sets its two options off at the end ("Which command starts the stack:
docker-compose up or docker compose up?") is answered high only by a passage naming one of
them as the one to use (a verb of choosing), not by a lead-in that only runs one or by prose
that restates the topic; a comparison set off the same way ("Who lived longer, A or B?") is no
such choice. Through the public door (the offline backend on a tiny wiki)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

COMPOSE_QUESTION = "Which command starts the stack: docker-compose up or docker compose up?"

# A lead-in and its command: one option run, not chosen over the other (both may work).
COMPOSE_CLI = """# Docker Compose

## Start the stack

Start the stack:

```sh
$ docker compose up
```
"""

# A verb of choosing before one option.
COMPOSE_USE = """# Docker Compose

## Start the stack

Use

```sh
$ docker compose up
```
"""

# Prose about Compose with every word of the question, naming neither option.
COMPOSE_PROSE = """# Docker Compose

## Start the stack

Docker Compose starts the stack of containers from one config file.
"""


@pytest.mark.parametrize(
    ("page", "confidence", "must_hold"),
    [
        (COMPOSE_CLI, "not high", "docker compose up"),
        (COMPOSE_USE, "high", "docker compose up"),
        (COMPOSE_PROSE, "not high", ""),
    ],
)
def test_a_set_off_choice_needs_an_option_named_as_the_answer(
    tmp_path: Path, page: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"docker-compose.md": page})
    result = query(COMPOSE_QUESTION, wiki_dir=wiki, model="offline")
    assert_level(result, confidence, must_hold)


def test_a_comparison_set_off_the_same_way_is_no_choice(tmp_path: Path) -> None:
    wiki = page_wiki(
        tmp_path,
        {"lovelace.md": "# Ada Lovelace\n\nAda Lovelace lived longer than Charles Babbage.\n"},
    )
    result = query(
        "Who lived longer, Ada Lovelace or Charles Babbage?", wiki_dir=wiki, model="offline"
    )
    assert "Ada Lovelace lived longer" in result.answer

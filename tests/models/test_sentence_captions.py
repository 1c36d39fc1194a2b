"""A cheat sheet's finished sentence right above a code block ("Publish port 80 on the
container as 8000 on the host." then `docker run -p 8000:80 …`) is one passage with it, so a
how-to is answered with the command; a paragraph that explains at length, or a question
line, captions no code. Through the public door (the offline backend on a tiny wiki)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

QUESTION = "How do I publish port 80 of a container on port 8000 of the host?"
COMMAND = "\n\n```sh\n$ docker run -p 8000:80 nginx\n```\n"


@pytest.mark.parametrize(
    ("lead", "confidence", "must_hold"),
    [
        # A finished sentence saying what the command does: its description.
        ("Publish port 80 on the container as 8000 on the host.", "high", "docker run -p 8000:80"),
        # Three sentences explaining: the code after them is an example of their own.
        (
            "Docker can publish a container's port on the host. The host port and the container"
            " port may differ. Port 80 in the container is often published as 8000 on the host.",
            "not high",
            "",
        ),
        # A question asks, it describes no command.
        ("Why does the container not see port 8000 on the host?", "not high", ""),
    ],
)
def test_a_short_sentence_captions_the_code_right_after_it(
    tmp_path: Path, lead: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(
        tmp_path, {"docker/networking.md": "# Networking\n\n## Ports\n\n" + lead + COMMAND}
    )
    result = query(QUESTION, wiki_dir=wiki, model="offline")
    assert_level(result, confidence, must_hold)
    if confidence != "high":
        assert "docker run -p 8000:80" not in result.answer

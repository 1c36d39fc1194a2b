"""A yes/no question that one page answers yes and another no ("yarn dev does not deploy the
plugin") is not `high` on the first page's passage; the first page alone keeps `high`."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

DEPLOY = (
    "# Local development\n\n## Quick start\n\nThen build and deploy the plugin to the demo "
    "vault: yarn build:dev && yarn deploy:local\n"
)
WATCH = (
    "# Watching for changes\n\nTo rebuild on every save, run yarn dev.\n\nNote that yarn dev "
    "does not deploy the plugin to your vault: use build:dev and deploy:local to test it.\n"
)


@pytest.mark.parametrize(
    ("pages", "confidence"),
    [
        pytest.param({"dev.md": DEPLOY}, "high", id="one-page-says-yes"),
        pytest.param({"dev.md": DEPLOY, "watch.md": WATCH}, "not high", id="another-says-no"),
    ],
)
def test_a_yes_no_question_pages_answer_both_ways(
    tmp_path: Path, pages: dict[str, str], confidence: str
) -> None:
    wiki = page_wiki(tmp_path, pages)
    asked = "Does yarn dev also deploy the plugin into my vault?"
    assert_level(query(asked, wiki_dir=wiki, model="offline"), confidence, "deploy:local")

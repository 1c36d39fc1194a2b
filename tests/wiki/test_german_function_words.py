"""German's interrogative pronominal adverbs (womit, wozu, woran: "with what", "what for", "by
what"), its pronominal adverbs (dafür, darin) and modal particles (eigentlich, mal) are
function words, as "what", "for it" and "actually" are in English, through
`query(model="offline")`: opening a question, "Womit" is no name the wiki lacks; a name the
wiki does lack ("Safari") still is."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

PAGES = {
    "504.md": "# 504 Gateway Timeout\n\n"
    "Der Statuscode 504 Gateway Timeout meldet, dass das Gateway vom Upstream-Server nicht "
    "rechtzeitig eine Antwort bekommen hat.\n",
}
_ASKED = "dass der Upstream-Server nicht rechtzeitig eine Antwort geschickt hat?"


@pytest.mark.parametrize(
    "question",
    [
        pytest.param(f"Womit meldet das Gateway, {_ASKED}", id="womit"),
        pytest.param(f"Womit meldet das Gateway eigentlich, {_ASKED}", id="womit-eigentlich"),
    ],
)
def test_a_wo_interrogative_is_no_name(tmp_path: Path, question: str) -> None:
    wiki = page_wiki(tmp_path, PAGES)

    result = query(question, model="offline", wiki_dir=wiki)

    assert_level(result, "medium", "504")


def test_a_name_the_wiki_lacks_still_counts(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, PAGES)

    result = query(f"Womit meldet Safari, {_ASKED}", model="offline", wiki_dir=wiki)

    assert_level(result, "low", "504")
    assert result.go_external is True

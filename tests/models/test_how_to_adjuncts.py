"""A how-to's alternative turned down ("instead of side by side") ends where an adjunct of its
own starts ("... for contractors", "... during audits"): the adjunct's words are
asked, so a page that never states them is no evidence for high; the question without it
keeps high. Through `query()`."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

PASTE = """# paste

> Merge lines of files.
> Package: coreutils.

- Reuse characters from LIST instead of TABs:

`paste -d`

- Paste one file at a time instead of in parallel:

`paste -s`

- Line delimiter is NUL, not newline:

`paste -z`
"""
ASKED = "How do I paste one file at a time instead of side by side"


@pytest.mark.parametrize(
    ("question", "confidence"),
    [
        (f"{ASKED}?", "high"),
        (f"{ASKED} for contractors?", "not high"),
        (f"{ASKED} during audits?", "not high"),
    ],
)
def test_an_adjunct_after_the_alternative_is_asked(
    tmp_path: Path, question: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {"commands/coreutils/paste.md": PASTE})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, "paste -s")

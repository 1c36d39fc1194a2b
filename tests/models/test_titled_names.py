"""A person named with a title of rank or office ("Pope Leo IX", "King Harold") is what the
title says: an agent noun the page never writes ("which engineer") is not let off by the
name, as it is by an untitled one ("George Westinghouse" for "which industrialist"), through
`query()`."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

CIVITATE = """# The Normans in Italy

The Normans came to southern Italy as mercenaries in the early 11th century.

At Civitate in 1053 the Normans defeated and captured {}.
"""


@pytest.mark.parametrize(
    ("captured", "question", "confidence"),
    [
        ("Pope Leo IX", "Which engineer did the Normans capture at Civitate?", "not high"),
        ("Pope Leo IX", "Which pope did the Normans capture at Civitate?", "high"),
        ("Robert Stephenson", "Which engineer did the Normans capture at Civitate?", "high"),
    ],
)
def test_a_title_says_what_the_person_is(
    tmp_path: Path, captured: str, question: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {"normans.md": CIVITATE.format(captured)})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, captured)

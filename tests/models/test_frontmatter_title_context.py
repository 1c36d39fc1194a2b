"""A page's frontmatter title names it in every passage, through `query(model="offline")`,
even when the index links it by a shorter label ("The tapestry" for "The Bayeux Tapestry"):
"How long is the Bayeux Tapestry?" is answered high from its list item. Its near miss: the
same item asked about another tapestry."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

TAPESTRY = """---
title: The Bayeux Tapestry
tags: [normans, art]
---
Not actually a tapestry: it is embroidery, wool yarn stitched onto linen.

- About 68 metres long and 50 centimetres high, in several joined sections.
- Probably commissioned by Bishop Odo of Bayeux, and probably made in England in the 1070s.
- On display in Bayeux, in the museum on rue de Nesmond.
"""
TRIP = """# Normandy trip

Autumn trip idea, 5-6 days, by ferry to Caen from Portsmouth.

- Bayeux: the tapestry museum, the cathedral.
- Caen: the castle and the Abbaye aux Hommes.
"""
INDEX = """# Index

- [[history/bayeux-tapestry|The tapestry]]
- [[travel/normandy-trip|Normandy trip]]
"""
PAGES = {
    "index.md": INDEX,
    "history/bayeux-tapestry.md": TAPESTRY,
    "travel/normandy-trip.md": TRIP,
}


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        pytest.param(
            "How long is the Bayeux Tapestry?",
            "high",
            "68 metres",
            id="the-frontmatter-title-names-the-page",
        ),
        pytest.param(
            "How long is the Overlord Tapestry?",
            "not high",
            "",
            id="another-tapestry",
        ),
    ],
)
def test_frontmatter_title_context(
    tmp_path: Path, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, PAGES)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

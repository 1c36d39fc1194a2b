"""Who-questions, through `query(model="offline")`: an adverb before the verb ("who really
proposed", "who actually took") leaves the verb the one a passage must state, and a money
word that is a who-question's verb ("who paid for") asks for a person, not an amount. Each
answered case has a near miss (another verb, no person, an amount asked) below high."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

DRIFT = """# Plate tectonics

Continental drift was proposed by the German meteorologist Alfred Wegener in 1912.
"""
DRIFT_CHAMPION = """# Plate tectonics

Continental drift was later championed by the geologist Arthur Holmes.
"""
KESTREL_RUN = """# Kestrel Labs

Kestrel Labs is run by Ana Duarte from its Lisbon office.
"""
PHOTO = """# Photograph 51

Photograph 51 was taken in May 1952 by Raymond Gosling, a student of Rosalind Franklin.
"""
# Other notes using the adverbs, as any wiki does: they weigh little in the question.
NOTES = """# Notes

The first draft was short. The first reply came late. I actually liked the first chapter.
It actually rained on the first day. The first train actually left on time. I really
liked it. We really tried.
"""
PRINTING = """# Principia

Edmond Halley paid for the printing of the Principia out of his own pocket.
"""
PRINTING_NO_PAYER = """# Principia

The printing of the Principia was paid for in cash, in instalments.
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"tectonics.md": DRIFT, "notes.md": NOTES},
            "Who really proposed continental drift?",
            "high",
            "Alfred Wegener",
            id="an-adverb-before-the-verb-is-passed-over",
        ),
        pytest.param(
            {"tectonics.md": DRIFT_CHAMPION, "notes.md": NOTES},
            "Who really proposed continental drift?",
            "not high",
            "",
            id="another-verb-after-the-adverb-stays-below-high",
        ),
        pytest.param(
            {"kestrel.md": KESTREL_RUN, "notes.md": NOTES},
            "Who originally founded Kestrel Labs?",
            "not high",
            "",
            id="who-founded-answered-by-who-runs-it",
        ),
        pytest.param(
            {"photo.md": PHOTO, "notes.md": NOTES},
            "Who actually took Photograph 51?",
            "high",
            "Raymond Gosling",
            id="an-adverb-before-an-irregular-verb",
        ),
        pytest.param(
            {"principia.md": PRINTING},
            "Who paid for the printing of the Principia?",
            "high",
            "Edmond Halley",
            id="who-paid-asks-for-a-person",
        ),
        pytest.param(
            {"principia.md": PRINTING},
            "How much did Halley pay for the printing of the Principia?",
            "not high",
            "",
            id="how-much-did-he-pay-asks-for-an-amount",
        ),
        pytest.param(
            {"principia.md": PRINTING_NO_PAYER},
            "Who paid for the printing of the Principia?",
            "not high",
            "",
            id="who-paid-answered-without-a-person",
        ),
    ],
)
def test_who_answers(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

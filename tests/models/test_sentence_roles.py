"""What the answering sentence of encyclopedic prose must bear itself, through
`query(model="offline")`: the did-question's agent acting (not only owning: "a model of
Newcomen's engine"), the asked name (not only in a heading joining it to another: "English
and Dutch at Table Bay"), the asked side
of a date ("before 1840" is not "since 1840"), the name a naming question asks for, a figure
for a quantity asked by its noun ("the population of"), and a word qualifying the asked noun
("negative plates") that the page writes elsewhere. Each near miss has its answered twin."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

WATT = """# James Watt

In 1763 James Watt, an instrument maker in Glasgow, while engaged by the university in
repairing a model of Newcomen's engine, was struck with the waste of steam.
"""
CAPE = """# English and Dutch at Table Bay

The Netherlands East India Company sent out a fleet under Jan van Riebeek which reached Table
Bay in April 1652, when, 164 years after its discovery, the first permanent white settlement
was made.
"""
LIVINGSTONE = """# Explorers

David Livingstone had been engaged since 1840 in missionary work north of the Orange river.
"""
UCCIALLI = """# Italy in East Africa

In May 1889 Italy concluded the treaty of Uccialli with the negus Menelek, who had seized the
throne on the death of Johannes.
"""
PEACE = """# Italy in East Africa

In May 1889 Italy concluded a treaty of peace and friendship with the negus Menelek, who had
seized the throne on the death of Johannes.
"""
AFRICA = """# North Africa

Carthage, founded about 800 B.C., subdued the Berber tribes, who then as now formed the bulk
of the population of North Africa.

The census of 1901 put the population of Egypt at 9,734,405.
"""
CELLS = """# Accumulators

The Tudor cell has positives formed of lead plates with thin vertical ribs. The thickness of
the plates is about 0.4 inch.

In the Planté cell the negative plates are of lead sheet, rolled into spirals.
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"watt.md": WATT},
            "In what year did Watt repair the model of Newcomen's engine?",
            "high",
            "1763",
            id="the-agent-acting",
        ),
        pytest.param(
            {"watt.md": WATT},
            "In what year did Newcomen repair the university's model?",
            "not high",
            "",
            id="the-agent-only-owning",
        ),
        pytest.param(
            {"cape.md": CAPE},
            "How many years after its discovery did the Netherlands East India Company "
            "settle Table Bay?",
            "high",
            "164",
            id="the-name-in-the-sentence",
        ),
        pytest.param(
            {"cape.md": CAPE},
            "How many years after its discovery did the English settle Table Bay?",
            "not high",
            "",
            id="the-name-only-in-a-heading-joining-it-to-another",
        ),
        pytest.param(
            {"explorers.md": LIVINGSTONE},
            "What was Livingstone doing north of the Orange after 1840?",
            "high",
            "missionary work",
            id="the-date-on-the-asked-side",
        ),
        pytest.param(
            {"explorers.md": LIVINGSTONE},
            "What was Livingstone doing north of the Orange before 1840?",
            "not high",
            "",
            id="the-date-on-the-other-side",
        ),
        pytest.param(
            {"italy.md": UCCIALLI},
            "What is the 1889 treaty between Italy and Menelek called?",
            "high",
            "Uccialli",
            id="the-name-given",
        ),
        pytest.param(
            {"italy.md": PEACE},
            "What is the 1889 treaty between Italy and Menelek called?",
            "not high",
            "",
            id="no-name-given",
        ),
        pytest.param(
            {"africa.md": AFRICA},
            "What was the population of Egypt in 1901?",
            "high",
            "9,734,405",
            id="a-figure-of-the-population",
        ),
        pytest.param(
            {"africa.md": AFRICA},
            "What is the population of North Africa?",
            "not high",
            "",
            id="no-figure-of-the-population",
        ),
        pytest.param(
            {"cells.md": CELLS},
            "How thick are the plates of a Tudor cell?",
            "high",
            "0.4 inch",
            id="the-noun-as-asked",
        ),
        pytest.param(
            {"cells.md": CELLS},
            "How thick are the negative plates of a Tudor cell?",
            "not high",
            "",
            id="its-qualifier-only-in-another-sentence",
        ),
    ],
)
def test_the_answering_sentence_bears_the_question(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

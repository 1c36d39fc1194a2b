"""A question's name bound to a word there ("Thasos' father", "the governor of the Cape",
"Solomon de Caus") is answered high only by a passage writing the two near each other: a
passage writing the name elsewhere ("the Thracian coast opposite Thasos") speaks of it in
another role. The near miss swaps the question's name for another name the same page writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

HISTORY = (
    "# Greek historians\n\nThucydides' father Olorus, a citizen of Athens, held gold-mines on "
    "the Thracian coast opposite Thasos.\n\n## Steam\n\nIn 1615 Solomon de Caus gave a plan "
    "of a steam fountain which differs from Della Porta's only in having one vessel.\n\n"
    "## The Cape\n\nSir Bartle Frere, when governor of the Cape (1877–1880), had foreseen "
    "that this attitude portended trouble, and had urged that the whole of the unoccupied "
    "coast-line, up to the Portuguese frontier, should be declared British.\n"
)
TITAN = (
    "# Titan\n\nTitan is the largest moon of Saturn.\n\n## Surface\n\nIts lakes and seas are "
    "made of liquid methane and ethane, and they lie near the north pole.\n"
)

WALL = (
    "# Hadrian's Wall\n\nHadrian's Wall is a former defensive fortification of the Roman "
    "province of Britannia, begun in AD 122. It ran from Wallsend on the River Tyne in the east "
    "to Bowness-on-Solway in the west, a length of about 117 kilometres.\n"
)
PHONES = (
    "# Mobile phones\n\n| who | provider | plan | price | number |\n|---|---|---|---|---|\n"
    "| Jonas | Telekom | MagentaMobil M | €49.95 | 0171 2288 445 |\n"
    "| Claire | Free Mobile | Forfait 5G | €19.99 | +33 6 12 34 56 78 |\n"
)


@pytest.mark.parametrize(
    ("page", "question", "confidence", "must_hold"),
    [
        pytest.param(
            HISTORY, "What was the name of Thucydides' father?", "high", "Olorus", id="possessive"
        ),
        pytest.param(
            HISTORY,
            "What was the name of Thasos' father?",
            "not high",
            "Olorus",
            id="possessive-name-elsewhere",
        ),
        pytest.param(
            HISTORY,
            "Who was governor of the Cape from 1877 to 1880?",
            "high",
            "Bartle Frere",
            id="of-the-name",
        ),
        pytest.param(
            HISTORY,
            "Who was governor of the Portuguese from 1877 to 1880?",
            "not high",
            "Bartle Frere",
            id="of-the-name-elsewhere",
        ),
        pytest.param(
            HISTORY,
            "When did Solomon de Caus give a plan of a steam fountain?",
            "high",
            "1615",
            id="name-run",
        ),
        pytest.param(
            HISTORY,
            "When did Della de Caus give a plan of a steam fountain?",
            "not high",
            "1615",
            id="name-run-from-two-people",
        ),
        # The page's heading names Titan: everything under it is bound to it.
        pytest.param(
            TITAN, "What are the seas on Titan made of?", "high", "methane", id="name-in-heading"
        ),
        # A heading writing the word binds it too ("Mobile phones" over Jonas's row), unless it
        # binds the word to another name ("Hadrian's Wall" over a sentence naming Bowness).
        pytest.param(
            PHONES,
            "How much does Jonas's mobile plan cost?",
            "high",
            "€49.95",
            id="word-in-heading",
        ),
        pytest.param(
            WALL,
            "Roughly how many kilometres long was Hadrian's Wall?",
            "high",
            "117",
            id="heading-binds-its-own-name",
        ),
        pytest.param(
            WALL,
            "Roughly how many kilometres long was Bowness's Wall?",
            "not high",
            "117",
            id="heading-binds-the-word-to-another-name",
        ),
    ],
)
def test_a_name_bound_in_the_question_is_bound_in_the_passage(
    tmp_path: Path, page: str, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"notes.md": page})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)

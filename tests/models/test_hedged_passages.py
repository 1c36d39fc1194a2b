"""A wiki's own doubt caps `high` (`swarm.wiki.hedges`): a personal wiki writes down what is not
settled ("installed in 2015, I think", "£450, unconfirmed", "TODO: find out who..."), and the
bot must not state that as fact. Offline, the hedge counts in a sentence stating the question's
words (or a one-sentence passage); on the chat path, in a verified quote or its sentence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fakes import ask_offline, assert_level, page_wiki

from swarm.models.chat import ChatReasoner
from swarm.models.scripted import ScriptedChatModel
from swarm.wiki_query import query

BOILER = """# Boiler

The boiler was installed in 2015, I think. Need to check the invoice.

The pressure should sit between 1 and 1.5 bar.
"""
VENDORS = """# Vendors

Acme Print quoted £450 for the brochures, unconfirmed, waiting on their email.

TODO: find out who handles invoices at Bright Signs.
"""
MUSEUM = """# Lisbon

Rumour has it the Azulejo museum is free on Sundays. The tram to Belém leaves from Praça da
Figueira every 12 minutes.
"""
HISTORY = """# Alderley Mill

The mill was probably built in 1782 by the Greg family. It was rebuilt in 1854 after a fire
destroyed the upper floors.
"""
MEETING = """# Team meeting 2026-03-04

Sam proposed a budget of £3,000 for the offsite.

Decision: the offsite stays in Lisbon, at the Casa Azul hotel.
"""

CALDERA = """# Caldera

La caldera se instaló en 2015, creo que en marzo.

La revisión anual la hace la empresa Gasfix.
"""
HEIZUNG = """# Heizung

Die Heizung wurde vielleicht 2012 eingebaut.

Die Wartung macht die Firma Wärmetechnik Kurz.
"""


@pytest.mark.parametrize(
    ("pages", "question", "level", "must_hold"),
    [
        ({"boiler.md": BOILER}, "When was the boiler installed?", "not high", "2015, I think"),
        ({"boiler.md": BOILER}, "What pressure should the boiler sit at?", "high", "1.5 bar"),
        (
            {"vendors.md": VENDORS},
            "How much did Acme Print quote for the brochures?",
            "not high",
            "unconfirmed",
        ),
        ({"vendors.md": VENDORS}, "Who handles invoices at Bright Signs?", "not high", "TODO"),
        ({"lisbon.md": MUSEUM}, "Is the Azulejo museum free on Sundays?", "not high", "Rumour"),
        # the doubt is about the museum, not the tram in the next sentence
        ({"lisbon.md": MUSEUM}, "How often does the tram to Belém leave?", "high", "12 minutes"),
        ({"mill.md": HISTORY}, "When was Alderley Mill built?", "not high", "probably"),
        ({"mill.md": HISTORY}, "When was Alderley Mill rebuilt?", "high", "1854"),
        # someone's proposal is not the decision, unless the proposal is asked about
        ({"meeting.md": MEETING}, "What is the budget for the offsite?", "not high", "proposed"),
        ({"meeting.md": MEETING}, "What budget did Sam propose for the offsite?", "high", "£3,000"),
        ({"meeting.md": MEETING}, "Which hotel is the offsite at?", "high", "Casa Azul"),
        # Spanish and German hedges
        ({"caldera.md": CALDERA}, "¿Cuándo se instaló la caldera?", "not high", "creo"),
        (
            {"caldera.md": CALDERA},
            "¿Qué empresa hace la revisión anual de la caldera?",
            "high",
            "Gasfix",
        ),
        ({"heizung.md": HEIZUNG}, "Wann wurde die Heizung eingebaut?", "not high", "vielleicht"),
        (
            {"heizung.md": HEIZUNG},
            "Welche Firma macht die Wartung der Heizung?",
            "high",
            "Wärmetechnik Kurz",
        ),
    ],
)
def test_a_passage_doubting_the_answer_is_not_high(
    tmp_path: Path, pages: dict[str, str], question: str, level: str, must_hold: str
) -> None:
    assert_level(ask_offline(tmp_path, pages, question), level, must_hold)


def _chat(tmp_path: Path, question: str, answer: str, quote: str) -> Any:
    wiki = page_wiki(tmp_path, {"boiler.md": BOILER})
    reply = {
        "answer": answer,
        "confidence": "high",
        "pages_used": ["boiler.md"],
        "time_sensitive": False,
        "evidence": [{"page": "boiler.md", "quote": quote}],
    }
    chat = ScriptedChatModel([{"pages": ["boiler.md"], "time_sensitive": False}, reply])
    return query(question, wiki_dir=wiki, model=ChatReasoner(chat, name="scripted"))


def test_chat_quote_whose_sentence_doubts_it_is_capped(tmp_path: Path) -> None:
    # The model quotes only the fact; the page's sentence goes on "I think".
    result = _chat(
        tmp_path, "When was the boiler installed?", "In 2015.", "The boiler was installed in 2015"
    )
    assert result.confidence == "medium"
    assert [item.quote for item in result.evidence] == ["The boiler was installed in 2015"]


def test_chat_quote_of_a_sure_sentence_stays_high(tmp_path: Path) -> None:
    result = _chat(
        tmp_path,
        "What pressure should the boiler sit at?",
        "Between 1 and 1.5 bar.",
        "The pressure should sit between 1 and 1.5 bar.",
    )
    assert result.confidence == "high"

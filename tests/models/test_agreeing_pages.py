"""Another page that does not disagree, through `query(model="offline")`: a passage of
another page lacking what the question asks, which only the answering page states (the
dryer's water tank for the pizza dough's water), and a passage naming the answering page's
subject (Signe Lund's own page and the client's "Contact: Signe Lund, head roaster"). Each has
its near miss: another page that does speak of the asked thing with another figure, and one
naming another person."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

PIZZA = """# Pizza dough

| ingredient | amount |
|---|---|
| flour (tipo 00) | 600 g |
| water (cold) | 390 g |
| salt | 18 g |
| dry yeast | 2 g |

Makes 4 pizzas. Knead for 10 minutes, then rest for 48 hours.
"""
SAUCE = """# Pizza sauce

Crushed San Marzano tomatoes, salt and basil for the pizza dough bases; no cooking.
"""
CALZONE = """# Calzone

Uses one ball of the pizza dough, folded over ricotta and ham; bake for 20 minutes.
"""
DRYER = """# Tumble dryer

Water tank: top left drawer, empty it after 2–3 loads.
"""
FOCACCIA = """# Focaccia

Water for the pizza dough of a focaccia: 450 g, a wetter dough than for pizza.
"""
RECIPES = {
    "recipes/pizza-dough.md": PIZZA,
    "recipes/pizza-sauce.md": SAUCE,
    "recipes/calzone.md": CALZONE,
}
SIGNE = """# Signe Lund

Head roaster at [[clients/oxbow/overview|Oxbow Coffee Works]] (Minneapolis, MN).

- Prefers phone
- New to the role
"""
IGNACIO = """# Ignacio Baca

Head roaster at Mesa Roja Coffee (Albuquerque, NM).
"""
INES = """# Ines Calderon

Partner, roast quality. Previously head roaster at a Madrid roastery for nine years.
"""


def oxbow(contact: str) -> str:
    return f"""# Oxbow Coffee Works

Minneapolis. A roastery with a training school: they run barista courses for the region.

- Engagement: a roastery audit, completed
- Findings: green-to-roast shrink of 19.5%, caused by over-long development on light roasts
- Contact: {contact}, head roaster

They may come back for a retainer in 2027.
"""


# An index as a vault writes it: people by name, a client's page by its title.
INDEX = """# Index

- [[Signe Lund]]
- [[Ignacio Baca]]
- [[Ines Calderon]]
- [[clients/oxbow/overview|Oxbow Coffee Works]]
"""
PEOPLE = {
    "index.md": INDEX,
    "people/Signe Lund.md": SIGNE,
    "people/Ignacio Baca.md": IGNACIO,
    "people/Ines Calderon.md": INES,
}


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {**RECIPES, "home/dryer.md": DRYER},
            "How much water goes into the pizza dough?",
            "high",
            "390 g",
            id="a-figure-on-a-page-about-something-else",
        ),
        pytest.param(
            {**RECIPES, "recipes/focaccia.md": FOCACCIA},
            "How much water goes into the pizza dough?",
            "not high",
            "",
            id="another-figure-on-a-page-about-the-asked-dough",
        ),
        pytest.param(
            {**PEOPLE, "clients/oxbow/overview.md": oxbow("Signe Lund")},
            "Who's the head roaster at Oxbow?",
            "high",
            "Signe Lund",
            id="the-other-page-names-the-answering-page-s-subject",
        ),
        pytest.param(
            {**PEOPLE, "clients/oxbow/overview.md": oxbow("Dana Reyes")},
            "Who's the head roaster at Oxbow?",
            "not high",
            "",
            id="the-other-page-names-another-person",
        ),
    ],
)
def test_pages_that_agree_or_disagree(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

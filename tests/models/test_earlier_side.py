"""What held before another event is answered high only by a passage that says so (before,
until, "up from", "changed from 6 to 20"); a report of the event or a narrative in its order
answers what came after it, never what came before."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.models.earlier_side import before_unsaid, timed_against_another
from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

PAGES = {
    "copperline.md": (
        "# Copperline\n\nThe October pricing workshop set new wholesale prices for Copperline."
        " Result: a blended wholesale margin of 35%.\n"
    ),
    "harbour.md": (
        "# Harbour Bakery\n\nBefore the October pricing workshop, the blended wholesale margin"
        " of Harbour Bakery was 29%.\n"
    ),
    "explorers.md": (
        "# Explorers\n\nIn 1849 Livingstone crossed the Kalahari Desert from south to north and"
        " reached Lake Ngami.\n"
    ),
    "luna.md": (
        "# Cervecería Luna\n\nEl taller de marzo llevó el margen mayorista de Cervecería Luna"
        " al 35 %.\n"
    ),
    "sol.md": (
        "# Cervecería Sol\n\nAntes del taller de marzo, el margen mayorista de Cervecería Sol"
        " era del 29 %.\n"
    ),
}


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        pytest.param(
            "What is Copperline's wholesale margin after the October workshop?",
            "high",
            "35%",
            id="the-event's-result-answers-after-it",
        ),
        pytest.param(
            "What is Copperline's wholesale margin before the October workshop?",
            "not high",
            "35%",
            id="the-event's-result-does-not-answer-before-it",
        ),
        pytest.param(
            "What was Harbour Bakery's wholesale margin before the October workshop?",
            "high",
            "29%",
            id="a-passage-saying-before-answers-before",
        ),
        pytest.param(
            "Which lake did Livingstone reach after crossing the Kalahari?",
            "high",
            "Ngami",
            id="a-narrative-in-order-answers-after",
        ),
        pytest.param(
            "Which lake did Livingstone reach before crossing the Kalahari?",
            "not high",
            "Ngami",
            id="a-narrative-in-order-does-not-answer-before",
        ),
        pytest.param(
            "¿Cuál era el margen mayorista de Cervecería Sol antes del taller de marzo?",
            "high",
            "29",
            id="spanish-antes-stated",
        ),
        pytest.param(
            "¿Cuál es el margen mayorista de Cervecería Luna antes del taller de marzo?",
            "not high",
            "35",
            id="spanish-antes-unstated",
        ),
    ],
)
def test_before_an_event(tmp_path: Path, question: str, confidence: str, must_hold: str) -> None:
    wiki = page_wiki(tmp_path, PAGES)
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, must_hold)


def test_a_before_in_another_sentence_says_nothing_of_the_asked_one(tmp_path: Path) -> None:
    # "ask before the purchase" is another step's order, not the asked margin's.
    wiki = page_wiki(
        tmp_path,
        {
            "copperline.md": PAGES["copperline.md"].rstrip("\n")
            + " Ask finance before quoting prices to new clients.\n"
        },
    )
    question = "What is Copperline's wholesale margin before the October workshop?"
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, "not high", "35%")


def test_until_when_asks_a_date_not_what_held_before(tmp_path: Path) -> None:
    wiki = page_wiki(
        tmp_path,
        {"dishwasher.md": "# Dishwasher\n\nThe dishwasher warranty runs to 2027-03-31.\n"},
    )
    result = query(
        "Until when does the dishwasher warranty run?",
        wiki_dir=wiki,
        model="offline",
        time_sensitive=False,
    )
    assert_level(result, "high", "2027")


@pytest.mark.parametrize(
    ("question", "text", "unsaid"),
    [
        # a step to take before something: steps are written in their order, without "before"
        (
            "What command gets me credentials before using kubectl?",
            "1. Obtain credentials: eval $(gds aws dev -e)",
            False,
        ),
        ("How long before buying do I file the report?", "File it within 60 days.", True),
        ("How long before buying do I file the report?", "File it 5 days prior to buying.", False),
        ("What was the maximum before 7.5.0?", "The maximum changed from 6 to 20 in 7.5.0.", False),
        ("What is the margin before the workshop?", "The margin is 35%, up from 29%.", False),
        # a date or a time after "before" is a bound, judged elsewhere
        ("Which ships sailed before 1840?", "The Beagle sailed.", False),
        ("Quelle était la marge avant l'atelier ?", "Résultat : une marge de 35 %.", True),
        ("Quelle était la marge avant l'atelier ?", "Auparavant, la marge était de 29 %.", False),
        ("Wie hoch war die Marge vor dem Workshop?", "Die Marge liegt bei 35 %.", True),
        ("Wie hoch war die Marge vor dem Workshop?", "Vorher lag die Marge bei 29 %.", False),
    ],
)
def test_before_words(question: str, text: str, unsaid: bool) -> None:
    assert before_unsaid(question, text) is unsaid


@pytest.mark.parametrize(
    ("question", "text", "another"),
    [
        # tasks-vault's shape: the checks run after cloning, the question's are after a commit
        (
            "What runs the build and test checks after a commit or push?",
            "To test the environment after cloning the repository, run yarn build.",
            True,
        ),
        (
            "What runs the build and test checks before a commit or push?",
            "Lefthook runs these checks before every commit and push.",
            False,
        ),
        # no event of its own in the passage: other rules judge it
        (
            "What runs the build and test checks after a commit or push?",
            "Run yarn build and yarn test.",
            False,
        ),
    ],
)
def test_timed_against_another_event(question: str, text: str, another: bool) -> None:
    assert timed_against_another(question, text) is another


def test_the_wait_before_an_event_is_no_earlier_state() -> None:
    # "how long must X hold before Y happens" asks the wait, which the passage states
    # without "before"; "how long before Y do I..." asks the lead time, which it must.
    wait = "How long must a host be unreachable before Pingdom alerts?"
    lead = "How long before buying something do I have to file the expense report?"
    assert not before_unsaid(wait, "Pingdom alerts when a host is unreachable for 5 minutes.")
    assert before_unsaid(lead, "Please file an expense report within 60 days of a purchase.")

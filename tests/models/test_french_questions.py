"""French questions through `query(model="offline")`: French elides its articles ("l'URL de
l'API": apostrophes, no quotation), asks with modal verbs and joined pronouns ("Peut-on",
"doit-elle", "Est-ce que": no words a page must write), asks "qui" with the verb of what was
done ("Qui doit certifier": a passage must state that verb), and counts things that pages
also number ("combien d'étapes" against "L'étape 1"). Each rule earns high where the page
states the answer, and its near miss stays below high."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import ask_offline, assert_level

API = """# API

L'URL racine de l'API de test est https://demo.exemple.fr/api/1/.
"""
DISCUSSIONS = """# Discussions

Il n'est pas possible de désactiver les discussions sur la page d'un jeu de données.
"""
ADRESSES = """# Adresses

Les adresses des Bases Adresses Locales sont saisies par les communes.

L'IGN doit certifier les adresses des Bases Adresses Locales chaque année.
"""
ADRESSES_SAISIES = """# Adresses

Les adresses des Bases Adresses Locales sont saisies par l'IGN.
"""
PUBLICATION = """# Publication

L'étape 1 de la publication d'un jeu de données permet de choisir qui le publie.
"""
PUBLICATION_COMPTEE = """# Publication

La publication d'un jeu de données se déroule en 4 étapes.
"""


@pytest.mark.parametrize(
    ("question", "level"),
    [
        # "l'URL ... l'API": elided articles, no quoted phrase the page must repeat
        ("Quelle est l'URL racine de l'API de test ?", "high"),
        # near miss: the page gives no URL of the production API
        ("Quelle est l'URL racine de l'API de production ?", "not high"),
    ],
)
def test_elisions_are_no_quotations(tmp_path: Path, question: str, level: str) -> None:
    assert_level(ask_offline(tmp_path, {"api.md": API}, question), level, "api/1")


@pytest.mark.parametrize(
    ("question", "level"),
    [
        # "Peut-on": a modal and its pronoun ask, no name and no word the page must write
        ("Peut-on désactiver les discussions sur la page d'un jeu de données ?", "high"),
        # near miss: the page says nothing of archiving them
        ("Peut-on archiver les discussions sur la page d'un jeu de données ?", "not high"),
    ],
)
def test_modal_verbs_ask(tmp_path: Path, question: str, level: str) -> None:
    result = ask_offline(tmp_path, {"discussions.md": DISCUSSIONS}, question)
    assert_level(result, level, "désactiver")


def test_who_question_needs_its_verb(tmp_path: Path) -> None:
    question = "Qui doit certifier les adresses des Bases Adresses Locales ?"
    stated = ask_offline(tmp_path / "a", {"adresses.md": ADRESSES}, question)
    assert_level(stated, "high", "IGN doit certifier")
    # near miss: the page names who enters the addresses, not who certifies them
    unstated = ask_offline(tmp_path / "b", {"adresses.md": ADRESSES_SAISIES}, question)
    assert_level(unstated, "not high", "saisies par")


def test_a_numbered_step_is_no_count_of_steps(tmp_path: Path) -> None:
    question = "En combien d'étapes se déroule la publication d'un jeu de données ?"
    counted = ask_offline(tmp_path / "a", {"publication.md": PUBLICATION_COMPTEE}, question)
    assert_level(counted, "high", "4 étapes")
    # near miss: "L'étape 1" numbers one step, it does not say how many there are
    numbered = ask_offline(tmp_path / "b", {"publication.md": PUBLICATION}, question)
    assert_level(numbered, "not high", "étape 1")


@pytest.mark.parametrize(
    ("page", "level", "must_hold"),
    [
        ("Publishing a dataset takes 4 steps.", "high", "4 steps"),
        # near miss: "Step 1" numbers one step; it does not say how many there are
        ("Step 1 of publishing a dataset is choosing who publishes it.", "not high", "Step 1"),
        # a figure after another word ("within 5") counts the days asked about
        ("Publishing a dataset takes within 5 working days.", "high", "5 working days"),
    ],
)
def test_english_numbered_steps(tmp_path: Path, page: str, level: str, must_hold: str) -> None:
    pages = {"publishing.md": f"# Publishing\n\n{page}\n"}
    if "working" in page:
        question = "Within how many working days is a dataset published?"
    else:
        question = "How many steps does publishing a dataset take?"
    assert_level(ask_offline(tmp_path, pages, question), level, must_hold)


@pytest.mark.parametrize(
    ("question", "level"),
    [
        # "À partir de" is a preposition (from): no "partir" for the page to write
        ("À partir de combien d'habitants une commune publie-t-elle ses données ?", "high"),
        # near miss: the page says nothing of budgets
        ("À partir de combien d'habitants une commune publie-t-elle ses budgets ?", "not high"),
    ],
)
def test_a_preposition_phrase_asks(tmp_path: Path, question: str, level: str) -> None:
    page = "# Open data\n\nUne commune de plus de 3 500 habitants publie ses données en ligne.\n"
    assert_level(ask_offline(tmp_path, {"communes.md": page}, question), level, "3 500")

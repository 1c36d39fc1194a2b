""" "Still" and "current" that do not ask about now, through `query(model="offline")`, in
English and the five other languages swarm reads: inside a clause of time ("when a request
conflicts with the current state", "während er die Antwort noch vorbereitet") they set up the
situation asked about, and in a question asking how to do something ("Wie frage ich die
aktuelle Position ab?") "current" names the one the method works on; code the question writes
("Date.now()", ":has()") is no wording either. The same words in the question's main clause,
or in a question asking what something is now, still make it time-sensitive."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

NOW = dt.datetime(2026, 6, 1, 12, 0, 0)
PAGES = {
    "409.md": "# 409 Conflict\n\n"
    "Der Statuscode 409 Conflict zeigt an, dass eine Anfrage mit dem aktuellen Zustand der "
    "Ressource kollidiert.\n",
    "103.md": "# 103 Early Hints\n\n"
    "Mit dem Informationsstatus 103 Early Hints schickt der Server Hinweise auf Ressourcen, "
    "während er die Antwort noch vorbereitet.\n",
    "position.md": "# Position\n\n"
    "The getCurrentPosition() method reads the current position of the device.\n\n"
    "La méthode getCurrentPosition() lit la position actuelle de l'appareil.\n\n"
    "Die Methode getCurrentPosition() fragt die aktuelle Position des Geräts ab.\n\n"
    "El método getCurrentPosition() obtiene la posición actual del dispositivo.\n",
    "date-now.md": "# Date.now()\n\n"
    "Date.now() zählt die Millisekunden seit dem 1. Januar 1970 UTC.\n",
    "has.md": "# :has()\n\nDie Pseudoklasse :has() wählt ein Element nach seinen Nachfahren aus.\n",
    "shop.md": "# Corner shop\n\nThe corner shop stays open while the market is still running.\n",
}


@pytest.mark.parametrize(
    ("question", "time_sensitive"),
    [
        # a clause of time sets up the situation asked about
        pytest.param(
            "Welcher Statuscode passt, wenn eine Anfrage mit dem aktuellen Zustand der "
            "Ressource kollidiert?",
            False,
            id="de-wenn-aktuellen",
        ),
        pytest.param(
            "Mit welchem Informationsstatus schickt der Server Hinweise auf Ressourcen, "
            "während er die Antwort noch vorbereitet?",
            False,
            id="de-waehrend-noch",
        ),
        pytest.param(
            "Which status fits when a request conflicts with the current state of the resource?",
            False,
            id="en-when-current",
        ),
        pytest.param(
            "Does the corner shop stay open while the market is still running?",
            False,
            id="en-while-still",
        ),
        # the same words in the main clause ask about now
        pytest.param("Ist 409 noch der Statuscode für Konflikte?", True, id="de-noch-main"),
        pytest.param("Is the corner shop still open?", True, id="en-still-main"),
        # opening the question, "when" / "cuándo" / "quand" ask it: no condition is set
        pytest.param("When is the corner shop still open?", True, id="en-when-asks"),
        pytest.param("Until when is the corner shop still open?", True, id="en-until-when"),
        pytest.param("Since when is the corner shop still open late?", True, id="en-since-when"),
        pytest.param("¿Cuándo está todavía abierta la tienda?", True, id="es-cuando-asks"),
        pytest.param("Quand la boutique est-elle encore ouverte ?", True, id="fr-quand-asks"),
        # a how-to's "current" names what the method works on
        pytest.param("Wie frage ich die aktuelle Position des Geräts ab?", False, id="de-how"),
        pytest.param("How do I read the current position of the device?", False, id="en-how"),
        pytest.param(
            "Comment puis-je lire la position actuelle de l'appareil ?", False, id="fr-how"
        ),
        pytest.param("¿Cómo obtengo la posición actual del dispositivo?", False, id="es-how"),
        # asking what it is now
        pytest.param("Welche Position ist die aktuelle Position des Geräts?", True, id="de-what"),
        pytest.param("¿Cuál es la posición actual del dispositivo?", True, id="es-what"),
        # code is no wording; a time word outside it still counts
        pytest.param(
            "Ab welchem Zeitpunkt zählt Date.now() die Millisekunden?", False, id="code-now"
        ),
        pytest.param("Welche Browser unterstützen :has() heute?", True, id="code-then-heute"),
    ],
)
def test_still_and_current_that_ask_about_now(
    tmp_path: Path, question: str, time_sensitive: bool
) -> None:
    wiki = page_wiki(tmp_path, PAGES)

    result = query(question, model="offline", wiki_dir=wiki, now=NOW)

    assert result.error is None
    assert result.time_sensitive is time_sensitive, result.answer
    if time_sensitive:
        assert result.go_external is True


def test_a_clause_of_time_leaves_the_answer_to_the_wiki(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, PAGES)

    fits = query(
        "Mit welchem Informationsstatus schickt der Server Hinweise, während er die Antwort noch "
        "vorbereitet?",
        model="offline",
        wiki_dir=wiki,
        now=NOW,
    )
    still = query(
        "Schickt der Server noch Hinweise mit dem Informationsstatus 103?",
        model="offline",
        wiki_dir=wiki,
        now=NOW,
    )

    assert_level(fits, "high", "103")
    assert fits.go_external is False
    assert still.time_sensitive is True
    assert still.go_external is True

"""Time-sensitivity by wording in Spanish, French, German, Italian and Portuguese, through
`query(model="offline")`: now, today, current, latest, still and prices make a question
time-sensitive (and a page two months old stale for it, as the short window says), as the
English words do; a past year, a place named by its present borders ("la actual Bolivia", "la
France d'aujourd'hui"), "again" or "nor" ("encore une fois", "weder ... noch"), "last" of what
history settles ("el último rey") and an hour ("a che ora") do not."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from fakes import page_wiki
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from swarm.wiki.freshness import detect_time_sensitive
from swarm.wiki_query import query

NOW = dt.datetime(2026, 6, 1, 12, 0, 0)
# Two months old: past the 30-day window of a time-sensitive question, within the 180 days.
_UPDATED = "---\nupdated: 2026-04-01\n---\n"
PAGES = {
    "es": (
        "gimnasio-sol.md",
        _UPDATED + "# Gimnasio Sol\n\n"
        "El entrenador actual del Gimnasio Sol es Marta Ruiz.\n\n"
        "El plan Pro del Gimnasio Sol cuesta 40 € al mes; en 2019 el plan Pro costaba 30 €.\n\n"
        "Los aymaras vivían en la actual Bolivia antes de los incas.\n\n"
        "El último rey de Aragón fue Fernando II.\n",
    ),
    "fr": (
        "club-alpin.md",
        _UPDATED + "# Club Alpin\n\n"
        "L'entraîneur actuel du Club Alpin est Luc Martin.\n\n"
        "Les Gaulois vivaient dans la France d'aujourd'hui avant les Romains.\n\n"
        "Le Club Alpin a gagné encore une fois la coupe régionale en 2024.\n",
    ),
    "de": (
        "turnverein.md",
        _UPDATED + "# Turnverein Nord\n\n"
        "Die Trainerin des Turnvereins Nord ist Anna Weber.\n\n"
        "Weder Anna noch Paul spielen im Turnverein Nord Tennis.\n",
    ),
    "it": (
        "palestra-roma.md",
        _UPDATED + "# Palestra Roma\n\n"
        "L'ultima versione dell'app della Palestra Roma è la 3.2.\n\n"
        "La Palestra Roma apre alle 7 ogni mattina.\n\n"
        "Vittorio Emanuele III fu l'ultimo re della Palestra Roma e d'Italia.\n",
    ),
    "pt": (
        "academia-lisboa.md",
        _UPDATED + "# Academia Lisboa\n\n"
        "A mensalidade da Academia Lisboa custa 35 €; em 2019 a mensalidade custava 25 €.\n\n"
        "O treinador atual da Academia Lisboa é Rui Costa.\n\n"
        "Os lusitanos viviam no atual Portugal antes dos romanos.\n",
    ),
}


@pytest.mark.parametrize(
    ("language", "question", "time_sensitive"),
    [
        pytest.param(
            "es", "¿Quién es el entrenador actual del Gimnasio Sol?", True, id="es-actual"
        ),
        pytest.param(
            "es", "¿Sigue siendo Marta Ruiz la entrenadora del Gimnasio Sol?", True, id="es-sigue"
        ),
        pytest.param(
            "es", "¿Todavía entrena Marta Ruiz en el Gimnasio Sol?", True, id="es-todavia"
        ),
        pytest.param(
            "es", "¿Cuánto costaba el plan Pro del Gimnasio Sol en 2019?", False, id="es-past-year"
        ),
        pytest.param("es", "¿Quiénes vivían en la actual Bolivia?", False, id="es-actual-place"),
        pytest.param("es", "¿Quién fue el último rey de Aragón?", False, id="es-ultimo-rey"),
        pytest.param("fr", "Qui est l'entraîneur actuel du Club Alpin ?", True, id="fr-actuel"),
        pytest.param(
            "fr", "Luc Martin est-il encore l'entraîneur du Club Alpin ?", True, id="fr-encore"
        ),
        pytest.param("fr", "Qui entraîne le Club Alpin aujourd'hui ?", True, id="fr-aujourdhui"),
        pytest.param(
            "fr",
            "Qui vivait dans la France d'aujourd'hui avant les Romains ?",
            False,
            id="fr-place",
        ),
        pytest.param(
            "fr", "Le Club Alpin a-t-il gagné encore une fois la coupe ?", False, id="fr-again"
        ),
        pytest.param("de", "Wer ist jetzt Trainerin des Turnvereins Nord?", True, id="de-jetzt"),
        pytest.param(
            "de", "Ist Anna Weber noch Trainerin des Turnvereins Nord?", True, id="de-noch"
        ),
        pytest.param(
            "de", "Wie heißt die Trainerin des Turnvereins Nord noch?", False, id="de-noch-again"
        ),
        pytest.param(
            "de", "Spielen weder Anna noch Paul im Turnverein Nord Tennis?", False, id="de-weder"
        ),
        pytest.param(
            "it", "Qual è l'ultima versione dell'app della Palestra Roma?", True, id="it-ultima"
        ),
        pytest.param("it", "La Palestra Roma apre ancora alle 7?", True, id="it-ancora"),
        pytest.param("it", "A che ora apre la Palestra Roma?", False, id="it-che-ora"),
        pytest.param("it", "Chi fu l'ultimo re della Palestra Roma?", False, id="it-ultimo-re"),
        pytest.param(
            "pt", "Quanto custa a mensalidade da Academia Lisboa?", True, id="pt-quanto-custa"
        ),
        pytest.param("pt", "Quem é o treinador atual da Academia Lisboa?", True, id="pt-atual"),
        pytest.param(
            "pt",
            "Quanto custava a mensalidade da Academia Lisboa em 2019?",
            False,
            id="pt-past-year",
        ),
        pytest.param("pt", "Quem vivia no atual Portugal?", False, id="pt-atual-place"),
    ],
)
def test_wording_in_other_languages(
    tmp_path: Path, language: str, question: str, time_sensitive: bool
) -> None:
    name, text = PAGES[language]
    wiki = page_wiki(tmp_path, {name: text})

    result = query(question, model="offline", wiki_dir=wiki, now=NOW)

    assert result.error is None
    assert result.time_sensitive is time_sensitive, result.answer
    assert name in result.pages_consulted
    # The page is two months old: stale only under a time-sensitive question's short window.
    assert result.stale is time_sensitive
    if time_sensitive:
        assert result.go_external is True


@pytest.mark.parametrize(
    ("question", "time_sensitive"),
    [
        # Too short for the language to tell, with no English word: every language's words.
        pytest.param("Quanto custa agora?", True, id="short-pt"),
        pytest.param("Y hoy?", True, id="short-es"),
        # English, with words the other languages write too: read as English only.
        pytest.param("Is the actual figure in the report?", False, id="english-actual"),
        pytest.param("Who sang the encore at the show?", False, id="english-encore"),
    ],
)
def test_short_and_english_questions(tmp_path: Path, question: str, time_sensitive: bool) -> None:
    wiki = page_wiki(tmp_path, {"notes.md": "# Notes\n\nThe report's figure is 12.\n"})

    result = query(question, model="offline", wiki_dir=wiki, now=NOW)

    assert result.error is None
    assert result.time_sensitive is time_sensitive, result.answer


_LANGUAGE_WORDS = st.sampled_from(
    "¿ ¡ cuánto cuesta actual hoy todavía aún sigue encore aujourd'hui d' actuel noch weder "
    "heißt heutigen ora che ancora agora atual ainda de la el France 2019 2030 ’ ' ?".split()
)


@hypothesis_settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_LANGUAGE_WORDS, st.text(max_size=12)), max_size=25).map(" ".join))
def test_any_text_gives_a_verdict(text: str) -> None:
    for years in (True, False):
        assert detect_time_sensitive(text, now=NOW, years=years) in (True, False)

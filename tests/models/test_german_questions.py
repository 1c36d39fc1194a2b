"""German questions through `query(model="offline")`: German capitalises every noun (a
capitalised word is a name only when written as one), inflects its words (Kopie / Kopien,
ursprüngliche / ursprünglichen), joins nouns into compounds ("Anfragemethode" is "die Methode
der Anfrage") and asks with light verbs ("Welche Methode verwende ich"). Each rule earns high
where the page states the answer, and a near miss (a word the page lacks, another compound)
stays below high."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import ask_offline, assert_level

from swarm.models.german_words import german_root, written_as_name

PATCH = """# PATCH

Die PATCH-Methode wendet teilweise Änderungen an einer Ressource an. Im Unterschied zu PUT
ersetzt sie die Ressource nicht ganz.
"""
TO_SORTED = """# toSorted

Die Methode toSorted() gibt eine sortierte Kopie des Arrays zurück und lässt das ursprüngliche
Array unverändert.
"""
ANFRAGEN = """# Anfragen

Die Methode einer Anfrage steht in der Startzeile, vor dem Pfad: zum Beispiel GET oder POST.
"""
HISTORY = """# History

Mit der Methode pushState() kann ein Skript dem Verlauf einen Eintrag hinzufügen, ohne die
Seite neu zu laden.
"""
VEREIN = """# Verein

Der Verein wurde 1954 von Hans Weber in Köln gegründet.
"""
PROMISE = """# Promise

Wird ein Promise abgelehnt und existiert kein catch-Handler, meldet der Browser ein
unhandledrejection-Ereignis.
"""
PREFLIGHT = """# Preflight

Firefox begrenzt die Speicherdauer von Preflight-Ergebnissen auf 24 Stunden.
"""


@pytest.mark.parametrize(
    ("question", "level"),
    [
        # "Methode", "Ressource" are nouns, not names; "verwende ich" asks ("do I use")
        ("Welche Methode verwende ich, wenn ich eine Ressource nur teilweise ändern will?", "high"),
        # near miss: the page says nothing of deleting a resource
        ("Welche Methode verwende ich, wenn ich eine Ressource ganz löschen will?", "not high"),
    ],
)
def test_nouns_are_no_names_and_light_verbs_ask(tmp_path: Path, question: str, level: str) -> None:
    assert_level(ask_offline(tmp_path, {"patch.md": PATCH}, question), level, "PATCH")


@pytest.mark.parametrize(
    ("question", "level"),
    [
        # Kopien / Kopie, Arrays / Array, sortierte: one word in other inflections
        (
            "Welche Methode gibt sortierte Kopien zurück und lässt ursprüngliche Arrays "
            "unverändert?",
            "high",
        ),
        # near miss: "gemischte" (shuffled) is no form of anything the page writes
        (
            "Welche Methode gibt gemischte Kopien zurück und lässt ursprüngliche Arrays "
            "unverändert?",
            "not high",
        ),
    ],
)
def test_inflected_forms_state_the_word(tmp_path: Path, question: str, level: str) -> None:
    assert_level(ask_offline(tmp_path, {"tosorted.md": TO_SORTED}, question), level, "toSorted")


@pytest.mark.parametrize(
    ("question", "level"),
    [
        ("Wo steht die Anfragemethode?", "high"),  # "die Methode einer Anfrage"
        ("Wo steht die Antwortmethode?", "not high"),  # the page has no "Antwort"
    ],
)
def test_compound_stated_by_its_parts(tmp_path: Path, question: str, level: str) -> None:
    assert_level(ask_offline(tmp_path, {"anfragen.md": ANFRAGEN}, question), level, "Startzeile")


@pytest.mark.parametrize(
    ("question", "level"),
    [
        # "fügt ... hinzu" is "hinzufügen", as the page writes it
        ("Welche Methode fügt dem Verlauf einen Eintrag hinzu?", "high"),
        # near miss: "fügt ... bei" is "beifügen", which the page does not write
        ("Welche Methode fügt dem Verlauf einen Eintrag bei?", "not high"),
    ],
)
def test_separable_verb_joined(tmp_path: Path, question: str, level: str) -> None:
    assert_level(ask_offline(tmp_path, {"history.md": HISTORY}, question), level, "pushState")


@pytest.mark.parametrize(
    ("question", "level"),
    [
        # "Jahr", "Zeitpunkt" name the kind of answer (a date), no word the page must write
        ("In welchem Jahr wurde der Verein gegründet?", "high"),
        ("Zu welchem Zeitpunkt wurde der Verein gegründet?", "high"),
        # near miss: the page founds no "Mannschaft"
        ("In welchem Jahr wurde die Mannschaft gegründet?", "not high"),
    ],
)
def test_kind_noun_after_welche_is_no_term(tmp_path: Path, question: str, level: str) -> None:
    assert_level(ask_offline(tmp_path, {"verein.md": VEREIN}, question), level, "1954")


@pytest.mark.parametrize(
    ("question", "level"),
    [
        # "Was passiert" asks what happens, as English "what happens": no word to state
        ("Was passiert, wenn ein Promise abgelehnt wird und kein catch-Handler existiert?", "high"),
        # near miss: the page says nothing of a fulfilled promise
        (
            "Was passiert, wenn ein Promise erfüllt wird und kein then-Handler existiert?",
            "not high",
        ),
    ],
)
def test_what_happens_asks(tmp_path: Path, question: str, level: str) -> None:
    assert_level(
        ask_offline(tmp_path, {"promise.md": PROMISE}, question), level, "unhandledrejection"
    )


def test_a_name_the_wiki_lacks_is_no_noun(tmp_path: Path) -> None:
    # "Safari" reads as a word the pages lack, rarer than any other: the Firefox page is no
    # answer for it, whether it is read as a name or as a noun
    result = ask_offline(
        tmp_path, {"preflight.md": PREFLIGHT}, "Wie lange speichert Safari Preflight-Ergebnisse?"
    )
    assert result.confidence != "high", result.answer


def test_written_as_name() -> None:
    assert written_as_name("HTTP") and written_as_name("JavaScript")
    assert written_as_name("DOM-Baum") and written_as_name("HTTP2")
    assert not written_as_name("Wartungsseite") and not written_as_name("Array-Methode")


def test_german_root_meets_inflections() -> None:
    assert german_root("ressourcen") == german_root("ressourc")
    assert german_root("größer") == german_root("größ")
    assert german_root("verwendet") == german_root("verwend")
    assert german_root("ergebnisse") == german_root("ergebnis")
    assert german_root("status") == "status"  # -s after a vowel is no ending
    assert german_root("header") == "header"  # too short a root before -er
    assert [german_root(word) for word in ("st", "es", "s", "")] == ["st", "es", "s", ""]


def test_short_words_in_the_passages(tmp_path: Path) -> None:
    # "St." and "es" on the page: words shorter than any ending's root are read as they are
    page = "# Reise\n\nDie Fähre nach St. Malo fährt um 9 Uhr, es gibt keinen späteren Termin.\n"
    result = ask_offline(tmp_path, {"reise.md": page}, "Wann fährt die Fähre nach St. Malo?")
    assert result.error is None and "9 Uhr" in result.answer

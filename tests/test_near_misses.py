"""`swarm verify --near-misses`: the generator's kinds (table tests over `derive_near_misses`)
and the command on a tiny wiki (a near miss still answered high is listed, one that drops is
not)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from swarm.cli import cli
from swarm.verify.near_misses import NEAR_MISS_KINDS, derive_near_misses, names_written
from tests.fakes import page_wiki

ODO = (
    "Odo was made bishop of Bayeux in 1049 by his half-brother William. He died at Palermo "
    "in 1097, travelling with Duke Robert towards Palestine.\n"
)


def _kinds(question: str, page: str = ODO, names: tuple[str, ...] = ()) -> dict[str, str]:
    found = derive_near_misses(question, page_text=page, names=names, cap=len(NEAR_MISS_KINDS))
    return {near_miss.kind: near_miss.question for near_miss in found}


@pytest.mark.parametrize(
    ("question", "kind", "expected"),
    [
        # before <-> after, since <-> until, first <-> last
        ("Where did Odo go after Hastings?", "before-after", "Where did Odo go before Hastings?"),
        ("What has run since the last boot?", "before-after", "What has run until the last boot?"),
        ("Who was the First abbot?", "before-after", "Who was the Last abbot?"),
        # a modifier's opposite: a kind-naming modifier, a superlative
        ("Who keeps the public rota?", "opposite", "Who keeps the private rota?"),
        ("What is the largest city?", "opposite", "What is the smallest city?"),
        # another number: the nearest the page does not write (1050 is free, 1097 is not)
        ("What happened in 1049?", "number", "What happened in 1050?"),
        ("Who died in 1096?", "number", "Who died in 1098?"),
        ("How many were 1,000 strong?", "number", "How many were 1,001 strong?"),
        # another asked type
        ("In which city did Odo die?", "asked-type", "In which country did Odo die?"),
        ("In what year did Odo die?", "asked-type", "In what month did Odo die?"),
        ("Which company insures us?", "asked-type", "Which person insures us?"),
        # a flipped negation, either way
        ("In what year was Odo made bishop?", "negation", "In what year was not Odo made bishop?"),
        ("Why didn't Odo sail?", "negation", "Why did Odo sail?"),
        (
            "How do I move a file but never overwrite?",
            "negation",
            "How do I move a file but overwrite?",
        ),
        # a qualifier the page lacks
        ("Who keeps the holiday rota?", "qualifier", "Who keeps the second holiday rota?"),
    ],
)
def test_each_kind_makes_its_perturbation(question: str, kind: str, expected: str) -> None:
    assert _kinds(question)[kind] == expected


def test_an_entity_is_swapped_for_a_name_the_answering_page_does_not_write() -> None:
    names = names_written([ODO, "It was used in Rome and in Greece, said Pliny."])
    assert "Rome" in names and "Bayeux" in names and "It" not in names
    swapped = _kinds("Where did Odo die after leaving Bayeux?", names=names)["entity"]
    # "Odo" is the first capitalised word the page writes; its stand-in is on another page
    assert swapped.startswith("Where did ") and "Odo" not in swapped
    assert swapped.split()[2] in {"Rome", "Greece", "Pliny"}
    assert _kinds("Where did Odo die?", names=names) == _kinds("Where did Odo die?", names=names)


@pytest.mark.parametrize(
    ("question", "absent"),
    [
        ("How do I list files?", {"before-after", "opposite", "number", "asked-type", "entity"}),
        ("Who was the second abbot?", {"qualifier"}),  # an ordinal already
        ("Where did Odo die?", {"entity"}),  # no other name known
    ],
)
def test_a_kind_without_a_handle_in_the_question_is_skipped(
    question: str, absent: set[str]
) -> None:
    assert not absent & set(_kinds(question))


def test_the_cap_keeps_the_rarer_kinds_first() -> None:
    question = "Which city did Odo reach after 1049 with the largest fleet?"
    found = derive_near_misses(question, page_text=ODO, names=("Rome",), cap=3)
    assert [near_miss.kind for near_miss in found] == ["before-after", "opposite", "number"]


# --- the command ------------------------------------------------------------------------------

ROTA = (
    "# Rotas\n\nThe public holiday rota is kept by Ana Silva in the shared drive.\n\n"
    "The private holiday rota is kept by Ben Okafor in his notebook.\n"
)
QUESTIONS = """\
- id: odo-see
  question: "In what year was Odo made bishop of Bayeux?"
  answerable: true
  expected_answer: ["1049"]
  expected_pages: ["odo.md"]
- id: rota
  question: "Who keeps the public holiday rota?"
  answerable: true
  expected_answer: ["Ana"]
  expected_pages: ["rota.md"]
- id: lease
  question: "When does the office lease end?"
  answerable: false
"""


def _wiki(tmp_path: Path) -> Path:
    wiki = page_wiki(tmp_path, {"odo.md": "# Odo\n\n" + ODO, "rota.md": ROTA})
    (wiki / "questions.yaml").write_text(QUESTIONS)
    return wiki


def test_near_misses_lists_the_ones_still_high_and_not_the_ones_that_drop(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["verify", str(_wiki(tmp_path)), "--backend", "offline", "--near-misses", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    asked = {item["question"]: item for item in report["asked"]}
    assert report["lookups"] == 2  # the unanswerable question is not perturbed
    # The opposite modifier stays answerable (the page holds the private rota too): listed.
    assert [(s["kind"], s["question"], s["page"]) for s in report["still_high"]] == [
        ("opposite", "Who keeps the private holiday rota?", "rota.md")
    ]
    assert "Ben" in report["still_high"][0]["answer"]
    # Another asked type and a qualifier the page lacks drop below high: not listed.
    assert asked["In what month was Odo made bishop of Bayeux?"]["confidence"] != "high"
    assert asked["Who keeps the second public holiday rota?"]["confidence"] != "high"
    assert report["kinds"]["opposite"] == {"asked": 1, "still_high": 1}
    assert report["kinds"]["asked-type"] == {"asked": 1, "still_high": 0}


def test_near_misses_text_says_the_list_is_candidates_not_a_verdict(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["verify", str(_wiki(tmp_path)), "--backend", "offline", "--near-misses"]
    )
    assert result.exit_code == 0, result.output
    assert "candidates to read, not a count of wrong answers" in result.stdout
    assert "[opposite] Who keeps the private holiday rota?" in result.stdout
    assert "    page: rota.md" in result.stdout
    assert "second public holiday rota" not in result.stdout.split("wrong answers.")[1]


def test_names_are_drawn_from_the_wikis_own_pages_not_a_symlink_out(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    wiki = page_wiki(tmp_path / "in", {"odo.md": "# Odo\n\n" + ODO})
    (wiki / "questions.yaml").write_text(QUESTIONS.split("- id: rota")[0])
    outside = tmp_path / "secret.md"
    outside.write_text("The lease was signed by Quarrington in March.\n")
    (wiki / "elsewhere.md").symlink_to(outside)

    def asked() -> list[str]:
        args = ["verify", str(wiki), "--backend", "offline", "--near-misses", "--json"]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        return [item["question"] for item in json.loads(result.stdout)["asked"]]

    assert not any("Quarrington" in question for question in asked())
    # The same page inside the wiki is read: its name is the entity swapped in.
    (wiki / "elsewhere.md").unlink()
    (wiki / "elsewhere.md").write_text(outside.read_text())
    assert any("Quarrington" in question for question in asked())

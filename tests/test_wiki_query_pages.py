"""Chosen pages that can't be read, the fallback to the next candidates, large pages, the
model's page pick item by item, and `high` only on pages that were read: through `query`
(scripted and offline backends) and `swarm query`."""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from swarm.cli import cli
from swarm.models.base import PageChoice, WikiAnswer
from swarm.models.chat import ChatReasoner
from swarm.models.scripted import ScriptedChatModel, ScriptedReasoner
from swarm.wiki.pages import PageExcerpt
from swarm.wiki_query import SPEC_FIELDS, WikiQueryResult, query

BRAIN = FIXTURES / "brain"
SLA = "What is CCW's first-response SLA?"
SECRET = "SENTINEL-OUTSIDE-THE-WIKI"


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    """A copy of the brain fixture (the tests delete and plant pages in it)."""
    folder = tmp_path / "brain"
    shutil.copytree(BRAIN, folder)
    return folder


def add_pages(wiki: Path, lines: Sequence[str]) -> None:
    with (wiki / "index.md").open("a", encoding="utf-8") as index:
        index.write("\n## Added by the test\n\n" + "".join(f"- {line}\n" for line in lines))


def plant_unreadable_pages(wiki: Path) -> list[str]:
    """Five listed pages that cannot be read, each for its own reason; their paths."""
    outside = wiki.parent / "passwd.md"
    outside.write_text(f"root:x:0:0:{SECRET}:/root:/bin/sh\n", encoding="utf-8")
    (wiki / "leak.md").symlink_to(outside)
    (wiki / "binary.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00 first-response SLA")
    (wiki / "latin.md").write_bytes("first-response SLA: 15 minutes, café".encode("latin-1"))
    (wiki / "folder.md").mkdir()
    add_pages(
        wiki,
        [
            "[Leak](leak.md) — a symlink out of the wiki",
            "[Binary](binary.md) — an image saved as .md",
            "[Latin](latin.md) — not UTF-8",
            "[Gone](gone.md) — listed, never written",
            "[Folder](folder.md) — a folder, not a file",
        ],
    )
    return ["leak.md", "binary.md", "latin.md", "gone.md", "folder.md"]


def answer_from(needle: str, answer: str) -> Any:
    """A scripted answer: high, citing the first excerpt holding `needle`; else low."""

    def reply(question: str, excerpts: Sequence[PageExcerpt]) -> WikiAnswer:
        for excerpt in excerpts:
            if needle in excerpt.text:
                return WikiAnswer(answer, "high", [excerpt.path], time_sensitive=False)
        return WikiAnswer("The wiki doesn't say.", "low", [], time_sensitive=False)

    return reply


def shown_to_model(model: ScriptedReasoner) -> list[PageExcerpt]:
    return [e for call in model.calls_to("answer_from_excerpts") for e in call["excerpts"]]


# --- a cited page deleted after the index was cached --------------------------------------


def test_a_cited_page_deleted_after_caching_is_not_high_and_is_named(wiki: Path) -> None:
    assert query(SLA, wiki_dir=wiki, model="offline").pages_consulted  # index + ranker cached
    (wiki / "ccw.md").unlink()
    model = ScriptedReasoner(
        pages=["ccw.md", "sla-policy.md"],
        answer=WikiAnswer("15 minutes.", "high", ["ccw.md"], time_sensitive=False),
    )

    r = query(SLA, wiki_dir=wiki, model=model, time_sensitive=False)

    assert r.error is None
    assert r.confidence == "medium" and r.go_external is True
    assert r.pages_read == ["sla-policy.md"] == r.pages_consulted
    assert "skipped ccw.md: page not found" in r.warnings
    assert any("cites 'ccw.md'" in warning for warning in r.warnings)
    assert [e.path for e in shown_to_model(model)] == ["sla-policy.md"]


def test_the_chat_backend_citing_a_deleted_page_is_capped_too(wiki: Path) -> None:
    (wiki / "ccw.md").unlink()
    chat = ScriptedChatModel(
        [
            {"pages": ["ccw.md", "sla-policy.md"], "time_sensitive": False},
            {"answer": "15 minutes", "confidence": "high", "pages_used": ["ccw.md"]},
        ]
    )

    r = query(SLA, wiki_dir=wiki, model=ChatReasoner(chat, name="scripted"))

    assert (r.confidence, r.error, r.pages_read) == ("medium", None, ["sla-policy.md"])
    assert "skipped ccw.md: page not found" in r.warnings
    assert "ccw.md" not in r.pages_consulted


@pytest.mark.parametrize(
    ("cited", "consulted", "confidence"),
    [
        pytest.param(["ccw.md"], ["ccw.md"], "high", id="read-page"),
        pytest.param(["CCW.md", "[[sla-policy]]"], ["ccw.md", "sla-policy.md"], "high", id="forms"),
        pytest.param(["ccw.md", "team.md"], ["ccw.md"], "medium", id="one-not-read"),
        pytest.param(["../etc/passwd"], ["ccw.md", "sla-policy.md"], "medium", id="made-up"),
    ],
)
def test_high_only_on_pages_that_were_read(
    cited: list[str], consulted: list[str], confidence: str
) -> None:
    model = ScriptedReasoner(
        pages=["ccw.md", "sla-policy.md"],
        answer=WikiAnswer("15 minutes.", "high", cited, time_sensitive=False),
    )

    r = query(SLA, wiki_dir=BRAIN, model=model, time_sensitive=False)

    assert (r.pages_consulted, r.confidence) == (consulted, confidence)
    assert r.go_external is (confidence != "high")
    assert bool(r.warnings) is (confidence != "high")


def test_offline_backend_skips_a_page_deleted_after_caching(wiki: Path) -> None:
    first = query(SLA, wiki_dir=wiki, model="offline")
    assert "ccw.md" in first.pages_read and first.warnings == []
    (wiki / "ccw.md").unlink()

    r = query(SLA, wiki_dir=wiki, model="offline")

    assert r.error is None
    assert "skipped ccw.md: page not found" in r.warnings
    assert "ccw.md" not in r.pages_read and "ccw.md" not in r.pages_consulted
    assert set(r.pages_consulted) <= set(r.pages_read)
    assert "15 minutes" in r.answer  # sla-policy.md still answers


# --- every chosen page unreadable: the next candidates ------------------------------------


def test_every_chosen_page_unreadable_falls_back_to_the_next_candidate(wiki: Path) -> None:
    bad = plant_unreadable_pages(wiki)
    model = ScriptedReasoner(pages=bad, answer=answer_from("15 minutes", "15 minutes, 24/7."))

    r = query(SLA, wiki_dir=wiki, model=model, time_sensitive=False)

    assert r.error is None
    assert (r.answer, r.confidence, r.go_external) == ("15 minutes, 24/7.", "high", False)
    assert r.warnings == [
        "skipped leak.md: page is outside the wiki",
        "skipped binary.md: binary file, not text",
        "skipped latin.md: not UTF-8 text",
        "skipped gone.md: page not found",
        "skipped folder.md: not a regular file",
    ]
    # The fallback reads the best-ranked candidates the pick left out, in ranking order.
    (pick,) = model.calls_to("pick_pages")
    ranked = [c.path for c in pick["candidates"] if c.score > 0 and c.path not in bad]
    assert r.pages_read == ranked[:5] and "ccw.md" in r.pages_read
    shown = shown_to_model(model)
    assert [e.path for e in shown] == r.pages_read
    assert r.pages_consulted == [next(e.path for e in shown if "15 minutes" in e.text)]
    assert all(SECRET not in excerpt.text for excerpt in shown_to_model(model))


def test_with_nothing_readable_anywhere_the_query_fails_and_lists_every_page(
    tmp_path: Path,
) -> None:
    (tmp_path / "index.md").write_text(
        "- [SLA](sla.md) — the SLA\n- [SLA 2](sla2.md) — the SLA again\n", encoding="utf-8"
    )
    (tmp_path / "sla.md").write_bytes(b"\x00 SLA")
    model = ScriptedReasoner(pages=["sla.md"])

    r = query("What is the SLA?", wiki_dir=tmp_path, model=model)

    # sla2.md was the next candidate: tried, missing too.
    assert r.error == "sla.md: binary file, not text; sla2.md: page not found"
    assert r.warnings == [
        "skipped sla.md: binary file, not text",
        "skipped sla2.md: page not found",
    ]
    assert (r.confidence, r.go_external, r.pages_read) == ("low", True, [])
    assert model.calls_to("answer_from_excerpts") == []


def test_offline_backend_answers_past_unreadable_pages(tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text(f"{SECRET}: support response times\n", encoding="utf-8")
    wiki = tmp_path / "wiki"
    wiki.mkdir()
    (wiki / "index.md").write_text(
        "- [Support response times](times.md) — support response times\n"
        "- [Response times, old](old-times.md) — support response times\n"
        "- [Support handbook](handbook.md) — support response times and tiers\n",
        encoding="utf-8",
    )
    (wiki / "times.md").write_bytes(b"\x00\x01 support response times")
    (wiki / "old-times.md").symlink_to(outside)
    (wiki / "handbook.md").write_text(
        "# Support handbook\n\nSupport response times: the first response comes within 4 "
        "business hours on every plan.\n",
        encoding="utf-8",
    )

    r = query("What are the support response times?", wiki_dir=wiki, model="offline")

    assert r.error is None and r.pages_read == ["handbook.md"]
    assert "4 business hours" in r.answer and SECRET not in r.answer
    assert set(r.warnings) == {
        "skipped times.md: binary file, not text",
        "skipped old-times.md: page is outside the wiki",
    }


# --- a page over max_page_bytes -------------------------------------------------------------


def plant_huge_page(wiki: Path) -> None:
    head = (
        "---\ntitle: Water meter\n---\n# Water meter\n\n"
        "The water meter at the Newport site has serial number WM-4471.\n\n"
    )
    filler = "Routine readings, nothing to report this week. " * 48_000
    (wiki / "water-meter.md").write_text(head + filler, encoding="utf-8")
    assert (wiki / "water-meter.md").stat().st_size > 2_000_000
    add_pages(wiki, ["[Water meter](water-meter.md) — the Newport water meter, serial number"])


def test_a_page_over_2_mb_is_read_for_its_first_excerpt(wiki: Path) -> None:
    plant_huge_page(wiki)
    model = ScriptedReasoner(pages=["water-meter.md"], answer=answer_from("WM-4471", "WM-4471"))

    r = query("What is the water meter's serial number?", wiki_dir=wiki, model=model)

    assert (r.answer, r.confidence, r.error, r.warnings) == ("WM-4471", "high", None, [])
    assert r.pages_consulted == ["water-meter.md"]
    (excerpt,) = shown_to_model(model)
    assert excerpt.title == "Water meter" and excerpt.truncated and len(excerpt.text) <= 1500


def test_offline_backend_reads_a_page_over_2_mb(wiki: Path) -> None:
    plant_huge_page(wiki)

    r = query("What is the water meter's serial number?", wiki_dir=wiki, model="offline")

    assert r.error is None and "WM-4471" in r.answer
    assert "water-meter.md" in r.pages_consulted


# --- the model's pick, item by item -----------------------------------------------------------


def test_one_bad_item_no_longer_voids_the_pick(wiki: Path) -> None:
    (wiki / "pricing.md").write_text("# Pricing\n\nThe Pro plan lists at $3,000/year.\n")
    add_pages(wiki, ["[Pricing](pricing.md) — list prices"])
    question = "What is the CCW contract price?"
    chat = ScriptedChatModel(
        [
            {"pages": ["ccw.md", 1, None, {}, "pricing.md"], "time_sensitive": False},
            {
                "answer": "$2,400/year",
                "confidence": "high",
                "pages_used": ["ccw.md"],
                "evidence": [{"page": "ccw.md", "quote": "contract at $2,400/year"}],
            },
        ]
    )

    r = query(question, wiki_dir=wiki, model=ChatReasoner(chat, name="scripted"))

    # Candidate 1 is ccw.md (the best match), so the number adds nothing new.
    assert "1. ccw.md |" in chat.history[0].prompt
    assert r.pages_read == ["ccw.md", "pricing.md"]
    assert (r.answer, r.confidence, r.pages_consulted) == ("$2,400/year", "high", ["ccw.md"])
    assert r.warnings == [
        "dropped from the model's page pick: null (not a page name)",
        "dropped from the model's page pick: {} (not a page name)",
    ]
    assert "The Pro plan lists at $3,000/year." in chat.history[1].prompt


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param("ccw.md", "ccw.md", id="exact"),
        pytest.param("CCW.md", "ccw.md", id="upper-case"),
        pytest.param("ccw", "ccw.md", id="without-md"),
        pytest.param("[[ccw]]", "ccw.md", id="wikilink"),
        pytest.param("[[ccw|CCW]]", "ccw.md", id="wikilink-alias"),
        pytest.param("ccw.md#sla", "ccw.md", id="anchor"),
        pytest.param("./ccw.md", "ccw.md", id="dot-slash"),
        pytest.param("/ccw.md", "ccw.md", id="leading-slash"),
        pytest.param("`ccw.md`", "ccw.md", id="backticks"),
        pytest.param("[CCW](ccw.md)", "ccw.md", id="markdown-link"),
        pytest.param("Team%20Notes.md", "Team Notes.md", id="percent-20"),
        pytest.param("team notes", "Team Notes.md", id="spaces-lower-no-md"),
        pytest.param("clients\\harbor-point.md", "clients/harbor-point.md", id="backslash"),
        pytest.param("harbor-point", "clients/harbor-point.md", id="file-name-only"),
        pytest.param(
            "meetings/ccw kickoff 2026-05-12.md",
            "meetings/ccw kickoff 2026-05-12.md",
            id="index-escaped-space",
        ),
    ],
)
def test_picked_names_match_their_map_entry(wiki: Path, name: str, expected: str) -> None:
    (wiki / "Team Notes.md").write_text("# Team notes\n\nPriya runs support.\n")
    add_pages(wiki, ["[Team notes](Team%20Notes.md) — who does what"])
    chat = ScriptedChatModel(
        [{"pages": [name]}, {"answer": "x", "confidence": "low", "pages_used": []}]
    )

    r = query(SLA, wiki_dir=wiki, model=ChatReasoner(chat, name="scripted"))

    assert (r.pages_read, r.warnings, r.error) == ([expected], [], None)


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        pytest.param("../secret.md", "outside the wiki", id="traversal"),
        pytest.param("..\\secret.md", "outside the wiki", id="backslash-traversal"),
        pytest.param("[[../secret]]", "outside the wiki", id="wikilink-traversal"),
        pytest.param("/etc/passwd", "not in the index", id="absolute"),
        pytest.param("~/secret.md", "outside the wiki", id="home"),
        pytest.param("C:\\secret.md", "outside the wiki", id="drive"),
        pytest.param("secret.md", "not in the index", id="on-disk-not-in-map"),
        pytest.param("index.md", "not in the index", id="the-index-itself"),
        pytest.param("NOTES.md", "ambiguous", id="case-ambiguous"),
        pytest.param("x\x00.md", "not a page name", id="nul"),
    ],
)
def test_names_outside_the_map_are_never_opened(wiki: Path, name: str, reason: str) -> None:
    (wiki.parent / "secret.md").write_text(f"{SECRET}\n")
    (wiki / "secret.md").write_text(f"{SECRET}\n")  # on disk in the wiki, but not listed
    (wiki / "notes.md").write_text("# notes\n\nlower\n")
    (wiki / "Notes.md").write_text("# Notes\n\nupper\n")
    add_pages(wiki, ["[notes](notes.md) — lower", "[Notes](Notes.md) — upper"])
    chat = ScriptedChatModel(
        [{"pages": [name, "sla-policy.md"]}, {"answer": "x", "confidence": "low"}]
    )

    r = query(SLA, wiki_dir=wiki, model=ChatReasoner(chat, name="scripted"))

    assert r.pages_read == ["sla-policy.md"]
    (warning,) = r.warnings
    assert warning.startswith("dropped from the page pick: ") and reason in warning
    assert all(SECRET not in call.prompt for call in chat.history)


def test_an_exact_match_wins_over_a_case_variant(wiki: Path) -> None:
    (wiki / "notes.md").write_text("# notes\n\nlower\n")
    (wiki / "Notes.md").write_text("# Notes\n\nupper\n")
    add_pages(wiki, ["[notes](notes.md) — lower", "[Notes](Notes.md) — upper"])
    model = ScriptedReasoner(pages=PageChoice(["Notes.md", "notes"]))

    r = query("notes?", wiki_dir=wiki, model=model)

    assert r.pages_read == ["Notes.md", "notes.md"] and r.warnings == []


def test_a_flood_of_bad_names_gives_a_bounded_list_of_warnings() -> None:
    model = ScriptedReasoner(pages=[f"made-up-{n}.md" for n in range(200)] + ["ccw.md"])

    r = query(SLA, wiki_dir=BRAIN, model=model)

    assert len(r.warnings) == 20 and r.warnings[-1] == "... and 181 more warnings"
    assert r.pages_read == ["ccw.md"]


def test_evidence_and_warnings_sit_after_the_six_and_the_spec_dict_stays_six() -> None:
    r = WikiQueryResult(warnings=["skipped x.md: page not found"])
    extras = ["evidence", "warnings"]
    assert list(r.model_dump())[: len(SPEC_FIELDS) + 2] == [*SPEC_FIELDS, *extras]
    assert list(r.spec_dict()) == list(SPEC_FIELDS)


# --- swarm query --------------------------------------------------------------------------------


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout


def test_cli_shows_a_warnings_line_per_skipped_page(wiki: Path) -> None:
    (wiki / "ccw.md").unlink()
    (wiki / "sla-policy.md").unlink()
    (wiki / "sla-policy.md").symlink_to(wiki.parent)  # a folder outside, not a page

    code, out = run("query", SLA, "--wiki", str(wiki))

    assert code == 0
    assert "warnings:   skipped ccw.md: page not found" in out.splitlines()
    assert "warnings:   skipped sla-policy.md: page is outside the wiki" in out.splitlines()
    assert out.index("warnings:") < out.index("backend:")


def test_cli_json_puts_warnings_after_the_six_only_when_there_are_any(wiki: Path) -> None:
    code, out = run("query", SLA, "--wiki", str(wiki), "--json")
    assert code == 0 and list(json.loads(out)) == list(SPEC_FIELDS)

    (wiki / "ccw.md").unlink()
    code, out = run("query", SLA, "--wiki", str(wiki), "--json")

    assert code == 0
    result = json.loads(out)
    assert list(result) == [*SPEC_FIELDS, "warnings"]
    assert result["warnings"] == ["skipped ccw.md: page not found"]
    assert result["error"] is None and "ccw.md" not in result["pages_consulted"]


def test_cli_exit_code_stays_1_when_no_page_can_be_read(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("- [SLA numbers](sla.md) — the SLA response times\n")
    (tmp_path / "sla.md").write_bytes(b"\x00\x01 SLA response times")

    code, out = run("query", "What are the SLA response times?", "--wiki", str(tmp_path), "--json")

    assert code == 1
    result = json.loads(out)
    assert list(result) == [*SPEC_FIELDS, "warnings"]
    assert result["error"] == "sla.md: binary file, not text"
    assert result["warnings"] == ["skipped sla.md: binary file, not text"]

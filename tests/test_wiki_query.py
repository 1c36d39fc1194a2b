"""The wiki-first flow end to end: validation of model output, the gate, errors, staleness."""

from __future__ import annotations

import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import FIXTURES
from freezegun import freeze_time

from swarm.config import Settings
from swarm.errors import ModelOutputError, ModelTimeout
from swarm.models.base import PageChoice, WikiAnswer
from swarm.models.scripted import ScriptedReasoner
from swarm.page_selection import build_candidates, validate_choice
from swarm.wiki.index import load_page_map
from swarm.wiki_query import (
    MAX_QUESTION_CHARS,
    SPEC_FIELDS,
    aquery,
    gate,
    query,
)

BRAIN = FIXTURES / "brain"
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        str(path.relative_to(folder)): (path.stat().st_mtime_ns, path.stat().st_size)
        for path in sorted(folder.rglob("*"))
    }


# --- the spec's own verification, offline ---------------------------------------------------


def test_spec_verification_sla_offline() -> None:
    r = query("What is CCW's first-response SLA?", wiki_dir=BRAIN, model="offline")
    assert r.error is None
    assert r.confidence in ("high", "medium")
    assert "15 min" in r.answer or "15" in r.answer
    assert "ccw.md" in r.pages_consulted


def test_spec_verification_time_sensitive_goes_external() -> None:
    r = query("What did Anthropic announce this week?", time_sensitive=True, wiki_dir=BRAIN)
    assert r.go_external is True
    assert r.time_sensitive is True


def test_spec_example_contract_value_answers_from_the_wiki() -> None:
    r = query("What is CCW's contract value?", time_sensitive=False, wiki_dir=BRAIN)
    assert "$2,400" in r.answer
    assert r.go_external is False
    assert r.stale is False


def test_brain1_wiki_dir_is_read_at_call_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAIN1_WIKI_DIR", str(BRAIN))
    import swarm.config

    assert swarm.config.BRAIN1_WIKI_DIR == BRAIN
    r = query("What is CCW's first-response SLA?")
    assert "ccw.md" in r.pages_consulted


def test_brain_root_with_wiki_subfolder_is_accepted(tmp_path: Path) -> None:
    shutil.copytree(BRAIN, tmp_path / "brain" / "Wiki")
    r = query("What is CCW's first-response SLA?", wiki_dir=tmp_path / "brain")
    assert r.error is None and "ccw.md" in r.pages_consulted


def test_result_shape_is_the_spec_schema() -> None:
    r = query("What is CCW's first-response SLA?", wiki_dir=BRAIN)
    assert list(r.spec_dict()) == list(SPEC_FIELDS)
    assert list(r.model_dump())[:6] == list(SPEC_FIELDS)


# --- the gate ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("confidence", "stale", "time_sensitive", "go_external"),
    [
        pytest.param("high", False, False, False, id="high-fresh-timeless→wiki"),
        pytest.param("high", True, False, True, id="high-but-stale"),
        pytest.param("high", False, True, True, id="high-but-time-sensitive"),
        pytest.param("medium", False, False, True, id="medium→context"),
        pytest.param("low", False, False, True, id="low→external-only"),
        pytest.param("low", True, True, True, id="low-stale-time-sensitive"),
    ],
)
def test_gate_table(confidence: str, stale: bool, time_sensitive: bool, go_external: bool) -> None:
    assert gate(confidence=confidence, stale=stale, time_sensitive=time_sensitive) is go_external  # type: ignore[arg-type]


@pytest.mark.parametrize("confidence", ["high", "medium", "low"])
async def test_gate_applied_to_model_confidence(confidence: str) -> None:
    model = ScriptedReasoner(
        pages=["ccw.md"],
        answer=WikiAnswer("15 minutes.", confidence, ["ccw.md"], time_sensitive=False),  # type: ignore[arg-type]
    )
    r = await aquery("What is CCW's SLA?", wiki_dir=BRAIN, model=model)
    assert r.confidence == confidence
    assert r.go_external is (confidence != "high")
    assert r.usable_as_context is (confidence != "low")


# --- model output is untrusted ------------------------------------------------------------------


def test_validate_choice_drops_everything_not_in_the_map() -> None:
    page_map = load_page_map(BRAIN)
    picked = validate_choice(
        [
            "../../etc/passwd",
            "/etc/passwd",
            "ccw.md",
            "ccw.md",
            "nope.md",
            42,
            None,
            "sla-policy",  # without .md: the map's page
            " team.md ",
            "clients/harbor-point.md",
            "goals-2026.md",
            "market-sizing.md",
        ],
        page_map,
        max_pages=5,
    )
    assert picked == [
        "ccw.md",
        "sla-policy.md",
        "team.md",
        "clients/harbor-point.md",
        "goals-2026.md",
    ]


async def test_traversal_and_unknown_pages_are_never_opened(tmp_path: Path) -> None:
    from swarm.models.chat import ChatReasoner
    from swarm.models.scripted import ScriptedChatModel

    secret = "SENTINEL-OUTSIDE-THE-WIKI"
    (tmp_path / "secret.md").write_text(f"{secret}\n")
    wiki = tmp_path / "brain"
    shutil.copytree(BRAIN, wiki)
    (wiki / "leak.md").symlink_to(tmp_path / "secret.md")
    with (wiki / "index.md").open("a") as index:
        index.write("\n- [Leak](leak.md) — a symlink out of the wiki\n")
    many = [f"page-{n}.md" for n in range(12)]
    chat = ScriptedChatModel(
        [
            {
                "pages": ["../secret.md", "leak.md", *many, "ccw.md", "/etc/shadow"],
                "time_sensitive": False,
            },
            {"answer": "15 minutes", "confidence": "high", "pages_used": ["ccw.md", "../x"]},
        ]
    )
    model = ChatReasoner(chat, name="scripted")
    r = await aquery("SLA?", wiki_dir=wiki, model=model, time_sensitive=False)
    assert r.pages_read == ["ccw.md"]  # the symlink was refused, the rest never listed
    assert r.pages_consulted == ["ccw.md"]  # the bogus "used" page is filtered too
    answer_prompt = chat.history[1].prompt
    assert "Coastal Clean Water" in answer_prompt
    assert all(secret not in turn.prompt for turn in chat.history)


async def test_no_valid_pages_means_low_and_external() -> None:
    model = ScriptedReasoner(pages=["nothing.md", "../x.md"])
    r = await aquery("Anything?", wiki_dir=BRAIN, model=model)
    assert (r.confidence, r.go_external, r.pages_consulted, r.answer) == ("low", True, [], "")
    assert model.calls_to("answer_from_excerpts") == []


async def test_empty_answer_is_low_even_if_model_says_high() -> None:
    model = ScriptedReasoner(pages=["ccw.md"], answer=WikiAnswer("   ", "high", ["ccw.md"]))
    r = await aquery("SLA?", wiki_dir=BRAIN, model=model, time_sensitive=False)
    assert r.confidence == "low" and r.go_external is True


async def test_answer_without_pages_used_cites_the_pages_read() -> None:
    model = ScriptedReasoner(pages=["ccw.md", "sla-policy.md"], answer=WikiAnswer("15", "high"))
    r = await aquery("SLA?", wiki_dir=BRAIN, model=model, time_sensitive=False)
    assert r.pages_consulted == ["ccw.md", "sla-policy.md"] == r.pages_read


# --- never raises -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("failure", "message"),
    [
        pytest.param(ModelTimeout("no reply in 30 s"), "model timed out", id="timeout"),
        pytest.param(ModelOutputError("not JSON"), "model error", id="malformed-output"),
        pytest.param(RuntimeError("boom"), "unexpected error", id="anything-else"),
        pytest.param(TimeoutError(), "timed out", id="asyncio-timeout"),
    ],
)
async def test_model_failures_become_honest_results(failure: Exception, message: str) -> None:
    model = ScriptedReasoner(pages=["ccw.md"])
    model.enqueue("answer_from_excerpts", failure)
    r = await aquery("SLA?", wiki_dir=BRAIN, model=model)
    assert r.error is not None and message in r.error
    assert (r.confidence, r.go_external) == ("low", True)


@pytest.mark.parametrize(
    "wiki_dir",
    [
        pytest.param("/nonexistent/wiki", id="missing-dir"),
        pytest.param(FIXTURES, id="no-index"),
        pytest.param(None, id="not-configured"),
    ],
)
def test_missing_wiki_never_raises(wiki_dir: str | None) -> None:
    r = query("What is CCW's SLA?", wiki_dir=wiki_dir)
    assert r.error and r.go_external is True and r.confidence == "low"


def test_unreadable_pages_give_an_error_result(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("- [Bin](bin.md) — binary\n- [Gone](gone.md) — deleted\n")
    (tmp_path / "bin.md").write_bytes(b"\x00\x01\x02 SLA \xff")
    model = ScriptedReasoner(pages=["bin.md", "gone.md"])
    r = query("SLA?", wiki_dir=tmp_path, model=model)
    assert r.error and "bin.md" in r.error and "gone.md" in r.error
    assert r.warnings == [
        "skipped bin.md: binary file, not text",
        "skipped gone.md: page not found",
    ]
    assert r.go_external is True
    assert model.calls_to("answer_from_excerpts") == []


def test_a_page_over_max_page_bytes_is_read_not_refused(tmp_path: Path) -> None:
    # Was refused whole ("file too large"); now its first excerpt is read.
    (tmp_path / "index.md").write_text("- [Bin](bin.md) — binary\n- [Big](big.md) — big\n")
    (tmp_path / "bin.md").write_bytes(b"\x00\x01\x02 SLA \xff")
    settings = Settings(max_page_bytes=1024)
    (tmp_path / "big.md").write_text("SLA words " * 500)
    model = ScriptedReasoner(pages=["bin.md", "big.md"])
    r = query("SLA?", wiki_dir=tmp_path, model=model, settings=settings)
    assert r.error is None and r.pages_read == ["big.md"]
    assert r.warnings == ["skipped bin.md: binary file, not text"]
    (excerpts,) = [call["excerpts"] for call in model.calls_to("answer_from_excerpts")]
    assert [e.path for e in excerpts] == ["big.md"] and excerpts[0].text.startswith("SLA words")


def test_a_question_past_the_length_cap_is_an_error_not_a_slow_read() -> None:
    pasted = "What is the SLA for Acme? " + "and the rest of a pasted log line " * 200
    r = query(pasted, wiki_dir=BRAIN, model="offline")
    assert r.go_external and r.confidence == "low" and r.pages_consulted == []
    assert (
        r.error
        == f"question too long: {len(pasted.strip()):,} characters, at most 4,000; ask it shorter"
    )
    at_cap = "What is the SLA for Acme?".ljust(MAX_QUESTION_CHARS - 1) + "?"
    answered = query(at_cap, wiki_dir=BRAIN, model="offline")
    assert answered.error is None and answered.pages_consulted


def test_empty_question_and_empty_index(tmp_path: Path) -> None:
    assert query("   ", wiki_dir=BRAIN).error == "empty question"
    (tmp_path / "index.md").write_text("# Nothing here yet\n")
    r = query("SLA?", wiki_dir=tmp_path)
    assert r.error and "lists no pages" in r.error


async def test_query_works_inside_a_running_event_loop() -> None:
    r = query("What is CCW's first-response SLA?", wiki_dir=BRAIN, model="offline")
    assert "ccw.md" in r.pages_consulted


def test_unknown_backend_is_an_error_result() -> None:
    r = query("SLA?", wiki_dir=BRAIN, model="gpt-nothing")
    assert r.error and "Unknown model backend" in r.error


def test_anthropic_without_key_is_an_error_result_not_a_crash() -> None:
    r = query("SLA?", wiki_dir=BRAIN, model="anthropic")
    assert r.error and "ANTHROPIC_API_KEY" in r.error and r.go_external


# --- time-sensitivity and staleness -------------------------------------------------------------


async def test_caller_time_sensitivity_wins_over_the_model() -> None:
    answer = WikiAnswer("15 minutes", "high", ["ccw.md"], time_sensitive=True)
    model = ScriptedReasoner(pages=PageChoice(["ccw.md"], time_sensitive=True), answer=answer)
    r = await aquery("SLA?", False, wiki_dir=BRAIN, model=model)
    assert r.time_sensitive is False and r.go_external is False
    r = await aquery("SLA?", None, wiki_dir=BRAIN, model=model)
    assert r.time_sensitive is True and r.go_external is True


async def test_detection_used_when_nobody_flags() -> None:
    model = ScriptedReasoner(pages=["ccw.md"], answer=WikiAnswer("15 minutes", "high", ["ccw.md"]))
    assert (
        await aquery("What's the latest news on CCW?", wiki_dir=BRAIN, model=model)
    ).time_sensitive
    assert not (await aquery("What is CCW's SLA?", wiki_dir=BRAIN, model=model)).time_sensitive


async def test_stale_page_makes_a_high_answer_go_external() -> None:
    model = ScriptedReasoner(
        pages=["competitor-pricing.md"],
        answer=WikiAnswer("Competitors charge more.", "high", ["competitor-pricing.md"], False),
    )
    r = await aquery("Competitor prices?", False, wiki_dir=BRAIN, model=model, now=NOW)
    assert r.stale is True and r.go_external is True
    fresh = await aquery(
        "Competitor prices?", False, wiki_dir=BRAIN, model=model, now=datetime(2024, 1, 2)
    )
    assert fresh.stale is False


def test_stale_follows_the_clock_with_freezegun(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("- [Plans](plans.md) — our plans\n")
    (tmp_path / "plans.md").write_text(
        "---\nupdated: 2026-01-01\n---\nThe Basic plan holds 20 sensors.\n"
    )
    model = ScriptedReasoner(pages=["plans.md"], answer=WikiAnswer("20", "high", ["plans.md"]))
    with freeze_time("2026-03-01"):
        assert query("Basic plan?", False, wiki_dir=tmp_path, model=model).stale is False
    with freeze_time("2026-09-01"):  # 243 days > 180
        r = query("Basic plan?", False, wiki_dir=tmp_path, model=model)
    assert r.stale is True and r.go_external is True


# --- bounded selection prompt ----------------------------------------------------------------


def make_wiki(folder: Path, pages: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["# Index", "", "## Notes", ""]
    for n in range(pages):
        lines.append(f"- [Normans (part {n})](part-{n}.md) — reading notes, part {n}")
        body = f"Part {n} of the notes. Topic word{n} and word{n % 97}. " * 4
        (folder / f"part-{n}.md").write_text(body)
    (folder / "part-7.md").write_text("The castle at Falaise was rebuilt in stone by Henry.")
    (folder / "index.md").write_text("\n".join(lines))
    return folder


def test_small_map_is_shown_whole_with_best_matches_first(tmp_path: Path) -> None:
    wiki = make_wiki(tmp_path / "small", 50)
    candidates = build_candidates("Who rebuilt Falaise castle?", load_page_map(wiki), Settings())
    assert len(candidates) == 50
    assert candidates[0].path == "part-7.md"
    assert "Falaise" in candidates[0].snippet


def test_selection_prompt_is_bounded_on_a_10000_entry_index(tmp_path: Path) -> None:
    from swarm.models.chat import ChatReasoner
    from swarm.models.scripted import ScriptedChatModel

    sizes = {}
    for pages in (1_000, 10_000):
        wiki = make_wiki(tmp_path / f"w{pages}", pages)
        chat = ScriptedChatModel(
            [
                {"pages": ["part-7.md"], "time_sensitive": False},
                {"answer": "Henry rebuilt it.", "confidence": "high", "pages_used": ["part-7.md"]},
            ]
        )
        r = query(
            "Who rebuilt Falaise castle in stone?",
            wiki_dir=wiki,
            model=ChatReasoner(chat, name="scripted"),
        )
        assert r.pages_consulted == ["part-7.md"]
        prompt = chat.history[0].prompt
        assert "part-7.md" in prompt and "Falaise" in prompt
        assert prompt.count(".md") <= Settings().selection_candidates + 5
        sizes[pages] = len(chat.history[0].system) + len(prompt)
    assert sizes[10_000] < 24_000
    assert abs(sizes[10_000] - sizes[1_000]) / sizes[1_000] < 0.1


# --- read-only ------------------------------------------------------------------------------


def test_queries_never_write_to_the_wiki(tmp_path: Path) -> None:
    wiki = tmp_path / "brain"
    shutil.copytree(BRAIN, wiki)
    before = snapshot(wiki)
    for question in ("What is CCW's first-response SLA?", "Who is on call?", "Grants?"):
        query(question, wiki_dir=wiki)
    assert snapshot(wiki) == before
    assert not any(name.startswith(".") for name in os.listdir(wiki))


def test_selection_prompt_is_bounded_when_every_page_matches(tmp_path: Path) -> None:
    """Below the "large" thresholds, snippets still count against the prompt budget."""
    from swarm.models.chat import ChatReasoner
    from swarm.models.scripted import ScriptedChatModel

    wiki = tmp_path / "w199"
    wiki.mkdir()
    lines = ["# Index", ""]
    for n in range(199):
        lines.append(f"- [Castle notes {n}](castle-{n}.md) — Falaise castle, part {n}")
        (wiki / f"castle-{n}.md").write_text(
            f"Falaise castle notes, part {n}. " + "The castle was rebuilt in stone. " * 20
        )
    (wiki / "index.md").write_text("\n".join(lines))
    page_map = load_page_map(wiki)
    settings = Settings()
    assert len(page_map) <= settings.selection_max_entries
    assert page_map.text_chars <= settings.selection_max_chars  # "small" by both measures
    chat = ScriptedChatModel(
        [
            {"pages": ["castle-7.md"], "time_sensitive": False},
            {"answer": "Stone.", "confidence": "high", "pages_used": ["castle-7.md"]},
        ]
    )
    r = query("Who rebuilt Falaise castle?", wiki_dir=wiki, model=ChatReasoner(chat, name="s"))
    assert r.pages_consulted == ["castle-7.md"]
    pick = chat.history[0]
    assert len(pick.system) + len(pick.prompt) < 24_000
    assert "rebuilt in stone" in pick.prompt  # the best matches keep their snippets


# --- time-sensitive pages (review P1-2) -------------------------------------------------------


def pricing_wiki(folder: Path, *, updated: str) -> Path:
    folder.mkdir()
    (folder / "index.md").write_text(
        "# Index\n\n## Competitors\n\n- [AquaMetrics](aquametrics.md) — a rival vendor\n"
    )
    (folder / "aquametrics.md").write_text(
        f"---\nupdated: {updated}\ntags: [pricing, market]\n---\n"
        "AquaMetrics Pro costs $45 per sensor per month.\n"
    )
    return folder


@pytest.mark.parametrize(
    "question",
    [
        pytest.param("What does AquaMetrics charge per sensor for Pro?", id="no-keyword"),
        pytest.param("What is the AquaMetrics Pro price per sensor?", id="keyword"),
    ],
)
async def test_a_time_sensitive_page_gates_whatever_the_wording(
    tmp_path: Path, question: str
) -> None:
    wiki = pricing_wiki(tmp_path / "w", updated="2026-06-01")
    model = ScriptedReasoner(
        pages=["aquametrics.md"], answer=WikiAnswer("$45", "high", ["aquametrics.md"])
    )
    now = datetime(2026, 9, 15, tzinfo=UTC)
    r = await aquery(question, wiki_dir=wiki, model=model, now=now)
    assert (r.confidence, r.stale, r.time_sensitive, r.go_external) == (
        "high",
        True,
        True,
        True,
    )


async def test_a_fresh_time_sensitive_page_still_goes_external(tmp_path: Path) -> None:
    wiki = pricing_wiki(tmp_path / "w", updated="2026-09-10")
    model = ScriptedReasoner(
        pages=["aquametrics.md"], answer=WikiAnswer("$45", "high", ["aquametrics.md"])
    )
    now = datetime(2026, 9, 15, tzinfo=UTC)
    r = await aquery("What does AquaMetrics charge?", wiki_dir=wiki, model=model, now=now)
    assert (r.stale, r.time_sensitive, r.go_external) == (False, True, True)
    # The caller saying "not time-sensitive" wins for the flag; the short window still holds.
    forced = await aquery(
        "What does AquaMetrics charge?", False, wiki_dir=wiki, model=model, now=now
    )
    assert (forced.stale, forced.time_sensitive, forced.go_external) == (False, False, False)
    later = datetime(2026, 11, 1, tzinfo=UTC)
    old = await aquery(
        "What does AquaMetrics charge?", False, wiki_dir=wiki, model=model, now=later
    )
    assert (old.stale, old.time_sensitive, old.go_external) == (True, False, True)


# --- small honesty rules (review P3) ----------------------------------------------------------


async def test_error_result_detects_time_sensitivity_when_not_given(tmp_path: Path) -> None:
    r = await aquery("latest news on CCW", wiki_dir=tmp_path / "missing", model="offline")
    assert r.error and r.time_sensitive is True
    plain = await aquery("CCW's SLA", wiki_dir=tmp_path / "missing", model="offline")
    assert plain.error and plain.time_sensitive is False
    forced = await aquery("latest news", False, wiki_dir=tmp_path / "missing", model="offline")
    assert forced.time_sensitive is False


async def test_no_answer_consults_no_pages() -> None:
    model = ScriptedReasoner(
        pages=["ccw.md", "team.md"], answer=WikiAnswer("The wiki doesn't say.", "low", [])
    )
    r = await aquery("Who is the mayor?", wiki_dir=BRAIN, model=model, time_sensitive=False)
    assert r.pages_read == ["ccw.md", "team.md"]
    assert r.pages_consulted == []
    assert r.go_external is True
    sure = ScriptedReasoner(pages=["ccw.md"], answer=WikiAnswer("15 minutes", "high", []))
    answered = await aquery("SLA?", wiki_dir=BRAIN, model=sure, time_sensitive=False)
    assert answered.pages_consulted == ["ccw.md"]  # an answer naming no page used what it read


def test_obsidian_shortest_path_wikilink_reaches_the_subfolder_page(tmp_path: Path) -> None:
    wiki = tmp_path / "brain"
    shutil.copytree(BRAIN, wiki)
    index = wiki / "index.md"
    index.write_text(index.read_text().replace("[[clients/mill-creek|", "[[mill-creek|"))
    r = query("Why did Mill Creek Water Co-op leave?", wiki_dir=wiki, model="offline")
    assert "clients/mill-creek.md" in r.pages_read
    assert "mill-creek.md" not in r.pages_read

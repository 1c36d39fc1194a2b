"""Evidence-verified confidence on the chat path, through `query`: a chat model's `high`
stands only when a quote it gives is really on a page it read and carries the answer."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES

from swarm.models.base import Evidence, WikiAnswer
from swarm.models.chat import ChatReasoner
from swarm.models.scripted import ScriptedChatModel, ScriptedReasoner
from swarm.wiki_query import SPEC_FIELDS, WikiQueryResult, query

SLA = "What is CCW's first-response SLA?"
ON_CCW = "First-response SLA: 15 minutes, around the clock"
ON_SLA_POLICY = "Missing a first-response target on a P1 earns the client a 5% credit"


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    folder = tmp_path / "brain"
    shutil.copytree(FIXTURES / "brain", folder)
    return folder


def ask(
    wiki: Path,
    answer: str,
    evidence: Any,
    *,
    pages: tuple[str, ...] = ("ccw.md",),
    pages_used: tuple[str, ...] = ("ccw.md",),
    confidence: str = "high",
    question: str = SLA,
) -> WikiQueryResult:
    """`query` on a ChatReasoner over a scripted model: a pick of `pages`, then the answer."""
    reply: dict[str, Any] = {
        "answer": answer,
        "confidence": confidence,
        "pages_used": list(pages_used),
        "time_sensitive": False,
    }
    if evidence is not None:
        reply["evidence"] = evidence
    chat = ScriptedChatModel([{"pages": list(pages), "time_sensitive": False}, reply])
    return query(question, wiki_dir=wiki, model=ChatReasoner(chat, name="scripted"))


def quotes(*pairs: tuple[str, str]) -> list[dict[str, str]]:
    return [{"page": page, "quote": quote} for page, quote in pairs]


# (answer, evidence, pages read, expected confidence, quotes verified, a warning it must give)
CASES = [
    pytest.param(
        "15 minutes, around the clock, for P1 alerts.",
        quotes(("ccw.md", ON_CCW)),
        ("ccw.md",),
        "high",
        1,
        None,
        id="verified-quote",
    ),
    pytest.param(
        "15 minutes.",
        quotes(("ccw.md", "CCW is guaranteed a 15-minute first response by contract.")),
        ("ccw.md",),
        "medium",
        0,
        "quote not found on page ccw.md",
        id="fabricated-quote",
    ),
    pytest.param(
        "CCW gets 99.9% uptime.",
        quotes(("ccw.md", "CCW gets 99.9% uptime.")),
        ("ccw.md",),
        "low",
        0,
        "quote not found on page ccw.md",
        id="fabricated-quote-and-answer",
    ),
    pytest.param("15 minutes.", None, ("ccw.md",), "medium", 0, None, id="no-evidence-field"),
    pytest.param("15 minutes.", [], ("ccw.md",), "medium", 0, None, id="empty-evidence"),
    pytest.param(
        "15 minutes.",
        quotes(("sla-policy.md", "15 minutes for P1")),
        ("ccw.md",),
        "medium",
        0,
        "quote cites sla-policy.md, a page not read for this answer",
        id="quote-from-a-page-not-read",
    ),
    pytest.param(
        "15 minutes, with a $4,800 penalty per missed alert.",
        quotes(("ccw.md", ON_CCW)),
        ("ccw.md",),
        "medium",
        1,
        "confidence at most medium: 4,800 on no page read",
        id="figure-on-no-page",
    ),
    pytest.param(
        "Not in the wiki.",
        quotes(("ccw.md", ON_CCW)),
        ("ccw.md",),
        "low",
        1,
        "the answer says the wiki doesn't hold it",
        id="not-in-the-wiki-labelled-high",
    ),
    pytest.param(
        "The wiki doesn't say what the SLA is.",
        [],
        ("ccw.md",),
        "low",
        0,
        None,
        id="wiki-doesnt-say-labelled-high",
    ),
    pytest.param(
        "15 minutes.",
        quotes(("ccw.md", "First-response SLA")),
        ("ccw.md",),
        "medium",
        1,
        "the quotes only restate the question",
        id="quote-restates-the-question",
    ),
    pytest.param(
        "15 minutes.",
        quotes(("CCW.md", "first-response sla:   **15 MINUTES**,\naround the clock")),
        ("ccw.md",),
        "high",
        1,
        None,
        id="marks-whitespace-case",
    ),
    pytest.param(
        "15 minutes for P1 alerts.",
        quotes(("ccw.md", "First-response SLA: 15 minutes … for alerts CCW marks P1")),
        ("ccw.md",),
        "high",
        1,
        None,
        id="ellipsis-joins-two-real-pieces",
    ),
    pytest.param(
        "15 minutes; a missed P1 earns a 5% credit.",
        quotes(("ccw.md", f"{ON_CCW} … {ON_SLA_POLICY}")),
        ("ccw.md", "sla-policy.md"),
        "medium",
        0,
        "quote not found on page ccw.md",
        id="quote-spanning-two-pages",
    ),
]


@pytest.mark.parametrize(
    ("answer", "evidence", "pages", "confidence", "verified", "warning"), CASES
)
def test_confidence_follows_the_evidence(
    wiki: Path,
    answer: str,
    evidence: Any,
    pages: tuple[str, ...],
    confidence: str,
    verified: int,
    warning: str | None,
) -> None:
    r = ask(wiki, answer, evidence, pages=pages, pages_used=pages[:1])
    assert r.error is None
    assert r.confidence == confidence
    assert r.go_external is (confidence != "high")
    if warning is not None:
        assert any(warning in line for line in r.warnings), r.warnings
    # Only quotes found on their page are reported, each with the page it is on.
    for quote in r.evidence:
        assert quote.page in r.pages_read
    assert len(r.evidence) == verified


def test_the_result_carries_the_verified_quotes_and_pages_follow_them(wiki: Path) -> None:
    r = ask(
        wiki,
        "15 minutes around the clock; a missed P1 earns a 5% credit.",
        quotes(
            ("sla-policy.md", ON_SLA_POLICY),
            ("ccw.md", "made up"),
            ("ccw.md", ON_CCW),
        ),
        pages=("ccw.md", "sla-policy.md", "team.md"),
        pages_used=("team.md",),
    )
    assert r.confidence == "high"
    assert [q.model_dump() for q in r.evidence] == quotes(
        ("sla-policy.md", ON_SLA_POLICY), ("ccw.md", ON_CCW)
    )
    # Pages with a verified quote first, then the other cited pages that were read.
    assert r.pages_consulted == ["sla-policy.md", "ccw.md", "team.md"]
    assert r.warnings == ["quote not found on page ccw.md"]
    assert list(r.spec_dict()) == list(SPEC_FIELDS)
    assert list(r.model_dump())[6] == "evidence"


def test_numbered_pages_and_odd_evidence_items_are_handled(wiki: Path) -> None:
    r = ask(
        wiki,
        "15 minutes.",
        [None, "a string", {"page": "ccw.md"}, {"quote": 3}, {"page": 1, "quote": ON_CCW}],
    )
    assert (r.confidence, r.error) == ("high", None)
    assert [q.page for q in r.evidence] == ["ccw.md"]


def test_a_low_answer_stays_low_even_with_a_good_quote(wiki: Path) -> None:
    r = ask(wiki, "15 minutes.", quotes(("ccw.md", ON_CCW)), confidence="low")
    assert r.confidence == "low"


def test_any_reasoner_that_quotes_is_checked_the_offline_hook_is_not(wiki: Path) -> None:
    def scripted(evidence: list[Evidence] | None) -> ScriptedReasoner:
        answer = WikiAnswer("15 minutes.", "high", ["ccw.md"], False, evidence=evidence)
        return ScriptedReasoner(pages=["ccw.md"], answer=answer)

    quoted = query(SLA, wiki_dir=wiki, model=scripted([Evidence("ccw.md", ON_CCW)]))
    fabricated = query(SLA, wiki_dir=wiki, model=scripted([Evidence("ccw.md", "fake words")]))
    silent = query(SLA, wiki_dir=wiki, model=scripted([]))
    # evidence=None: a reasoner that does not quote (the offline one) keeps its judgement.
    not_quoting = query(SLA, wiki_dir=wiki, model=scripted(None))
    assert [r.confidence for r in (quoted, fabricated, silent, not_quoting)] == [
        "high",
        "medium",
        "medium",
        "high",
    ]
    assert not_quoting.evidence == []


def test_the_prompt_asks_for_short_verbatim_quotes(wiki: Path) -> None:
    chat = ScriptedChatModel(
        [
            {"pages": ["ccw.md"], "time_sensitive": False},
            {"answer": "15 minutes.", "confidence": "high", "evidence": quotes(("ccw.md", ON_CCW))},
        ]
    )
    query(SLA, wiki_dir=wiki, model=ChatReasoner(chat, name="scripted"))
    call = chat.history[1]
    assert call.tool is not None
    schema = call.tool["input_schema"]
    assert "evidence" in schema["required"]
    assert schema["properties"]["evidence"]["items"]["required"] == ["page", "quote"]
    assert "copied exactly" in call.system and "evidence" in call.system

"""The gate through `query`, on a small vault with a pinned day: `stale` and page-level
time-sensitivity follow the pages that carry the answer, and a page's label (a pricing folder,
a competitor page) counts when the question asks for what that page holds."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from swarm.models.base import WikiAnswer
from swarm.models.chat import ChatReasoner
from swarm.models.scripted import ScriptedChatModel, ScriptedReasoner
from swarm.wiki_query import WikiQueryResult, query

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

PAGES = {
    "about.md": ("updated: 2026-11-20", "Our financial year starts on 1 July."),
    "people/odell.md": ("updated: 2025-01-10", "Odell has been there since the start."),
    "pricing/rate-card.md": (
        "last_updated: 2026-11-20\ntags: [pricing/2026]",
        "Day rate: $1,900. Growth retainer: $5,200 a month.",
    ),
    "pricing/proposals/acme.md": (
        "date: 2026-10-20\ntags: [pricing]",
        "Proposal for Acme Roasters, a Health Check. Acme came to us through Birch Coffee.",
    ),
    "competitors/rival.md": (
        "updated: 2026-11-10",
        "Rival & Co was founded in 2015 by Ann Lee in Denver.",
    ),
    "daily/2026-11-02.md": ("", "Bought a second grinder for the lab; it arrives Thursday."),
    "sops/cupping.md": ("updated: 2026-11-23", "Break the crust at 4 minutes."),
}


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "vault"
    lines = ["# Index", ""]
    for path, (frontmatter, body) in PAGES.items():
        page = root / path
        page.parent.mkdir(parents=True, exist_ok=True)
        head = f"---\n{frontmatter}\n---\n" if frontmatter else ""
        page.write_text(f"{head}{body}\n", encoding="utf-8")
        section = "Daily notes (recent)" if path.startswith("daily/") else "Pages"
        lines += [f"## {section}", "", f"- [{Path(path).stem}]({path})", ""]
    (root / "index.md").write_text("\n".join(lines), encoding="utf-8")
    return root


def ask_scripted(
    vault: Path,
    question: str,
    pages_used: list[str],
    time_sensitive: bool | None = None,
    confidence: str = "high",
) -> WikiQueryResult:
    """A reasoner that does not quote (as the offline one): it names its lead page first."""
    answer = WikiAnswer("the answer", confidence, pages_used)  # type: ignore[arg-type]
    model = ScriptedReasoner(pages=pages_used, answer=answer)
    return query(question, time_sensitive, wiki_dir=vault, model=model, now=NOW)


def ask_chat(
    vault: Path, question: str, pages_used: list[str], evidence: list[dict[str, str]]
) -> WikiQueryResult:
    """The chat path: a scripted chat model under a ChatReasoner, quoting its evidence."""
    reply: dict[str, Any] = {
        "answer": "1 July",
        "confidence": "high",
        "pages_used": pages_used,
        "time_sensitive": False,
        "evidence": evidence,
    }
    chat = ScriptedChatModel([{"pages": pages_used, "time_sensitive": False}, reply])
    model = ChatReasoner(chat, name="scripted")
    return query(question, wiki_dir=vault, model=model, now=NOW)


def flags(result: WikiQueryResult) -> tuple[str, bool, bool, bool]:
    return (result.confidence, result.stale, result.time_sensitive, result.go_external)


# --- stale follows the answer's pages -----------------------------------------------------


def test_a_fresh_answer_page_with_a_stale_runner_up_is_not_stale(vault: Path) -> None:
    question = "When does our financial year start?"
    r = ask_scripted(vault, question, ["about.md", "people/odell.md"])
    assert flags(r) == ("high", False, False, False)
    assert r.pages_consulted == ["about.md", "people/odell.md"]  # still listed as consulted
    # The same two pages with the stale one answering: stale, and the gate goes outside.
    flipped = ask_scripted(vault, question, ["people/odell.md", "about.md"])
    assert flags(flipped) == ("high", True, False, True)


def test_the_offline_backend_answers_from_the_fresh_page_and_is_not_stale(vault: Path) -> None:
    r = query("When does our financial year start?", wiki_dir=vault, model="offline", now=NOW)
    assert "1 July" in r.answer
    assert r.pages_consulted[0] == "about.md"
    assert (r.stale, r.time_sensitive) == (False, False)


def test_the_chat_path_judges_freshness_on_the_verified_quotes_pages(vault: Path) -> None:
    question = "When does our financial year start?"
    on_about = [{"page": "about.md", "quote": "Our financial year starts on 1 July."}]
    r = ask_chat(vault, question, ["about.md", "people/odell.md"], on_about)
    assert flags(r) == ("high", False, False, False)
    assert [quote.page for quote in r.evidence] == ["about.md"]
    on_odell = [{"page": "people/odell.md", "quote": "Odell has been there since the start."}]
    both = ask_chat(vault, question, ["about.md", "people/odell.md"], on_about + on_odell)
    assert both.stale is True and both.go_external is True
    # No quote verifies: every cited page counts, the stale one too.
    made_up = [{"page": "about.md", "quote": "The year starts in spring."}]
    unverified = ask_chat(vault, question, ["about.md", "people/odell.md"], made_up)
    assert unverified.stale is True and unverified.confidence != "high"


# --- a page's label applies when the question asks for what the page holds -----------------


def test_a_pricing_page_answering_a_price_question_is_time_sensitive(vault: Path) -> None:
    # No price word the wording rule knows: "rate" asks a price on a pricing page.
    r = query("What's our day rate?", wiki_dir=vault, model="offline", now=NOW)
    assert r.pages_consulted[0] == "pricing/rate-card.md"
    assert "$1,900" in r.answer
    assert (r.stale, r.time_sensitive, r.go_external) == (False, True, True)
    scripted = ask_scripted(vault, "What's our day rate?", ["pricing/rate-card.md"])
    assert flags(scripted) == ("high", False, True, True)


def test_an_explicit_time_sensitive_false_still_wins(vault: Path) -> None:
    r = ask_scripted(vault, "What's our day rate?", ["pricing/rate-card.md"], False)
    assert flags(r) == ("high", False, False, False)
    # The short window of a time-sensitive page still holds: the proposal is 42 days old.
    proposal = ["pricing/proposals/acme.md"]
    old = ask_scripted(vault, "What did we quote Acme for the Health Check?", proposal, False)
    assert flags(old) == ("high", True, False, True)


def test_a_pricing_page_answering_another_kind_of_question_is_not(vault: Path) -> None:
    proposal = ["pricing/proposals/acme.md"]
    r = ask_scripted(vault, "Who sent Acme our way?", proposal)
    # Not time-sensitive, so the 180-day window: 42 days is fresh.
    assert flags(r) == ("high", False, False, False)
    priced = ask_scripted(vault, "What did we quote Acme for the Health Check?", proposal)
    assert flags(priced) == ("high", True, True, True)  # 42 days > the 30-day window


def test_a_competitor_page_counts_for_questions_about_that_competitor(vault: Path) -> None:
    rival = ["competitors/rival.md"]
    assert flags(ask_scripted(vault, "Who founded Rival & Co?", rival)) == (
        "high",
        False,
        True,
        True,
    )
    assert ask_scripted(vault, "Which competitor is based in Denver?", rival).time_sensitive
    # Another firm's founder, answered (wrongly) from the competitor's page: not its subject.
    assert not ask_scripted(vault, "Who founded the firm?", rival).time_sensitive


def test_a_runner_up_time_sensitive_page_does_not_make_the_answer_time_sensitive(
    vault: Path,
) -> None:
    r = ask_scripted(vault, "What's the rate of our Growth retainer?", ["about.md"])
    assert r.time_sensitive is False
    cited = ["about.md", "pricing/rate-card.md"]
    runner_up = ask_scripted(vault, "When does our financial year start?", cited, None, "medium")
    assert (runner_up.stale, runner_up.time_sensitive) == (False, False)


# --- wording that only looks time-sensitive -------------------------------------------------


@pytest.mark.parametrize(
    ("question", "page"),
    [
        pytest.param("When is the new lab grinder arriving?", "daily/2026-11-02.md", id="recent"),
        pytest.param(
            "How long do we wait before breaking the crust?", "sops/cupping.md", id="breaking"
        ),
    ],
)
def test_wording_that_is_not_about_the_present(vault: Path, question: str, page: str) -> None:
    r = query(question, wiki_dir=vault, model="offline", now=NOW)
    assert r.pages_consulted[:1] == [page]
    assert (r.stale, r.time_sensitive) == (False, False)

"""Long pages through `query`: a model reads the 1,500 characters of a long page the question
asks about (its headings in front) when the page's head lacks most of the question's words;
the offline backend reads the heads, as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.models.chat import ChatReasoner
from swarm.models.scripted import ScriptedChatModel
from swarm.wiki_query import query

FILLER = "This paragraph covers routine matters that nobody asks about. " * 5

RUNBOOK = (
    "# Operations runbook\n\nHow the platform team keeps the services running.\n\n"
    "## On-call\n\nThe on-call engineer carries the pager for one week, Monday to Monday.\n\n"
    + "\n\n".join(f"## Chapter {n}\n\n{FILLER}\n\n{FILLER}" for n in range(1, 6))
    + "\n\n## Backups\n\n### Offsite copies\n\n"
    "The offsite copy of the database is shipped to the Zurich vault every Sunday night.\n\n"
    + "\n\n".join(f"## Appendix {n}\n\n{FILLER}" for n in range(1, 4))
)
DEEP = "Where is the offsite copy of the database shipped?"
ZURICH = "The offsite copy of the database is shipped to the Zurich vault every Sunday night."


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    (tmp_path / "wiki").mkdir()
    return page_wiki(
        tmp_path / "wiki", {"runbook.md": RUNBOOK, "team.md": "# Team\n\nFive people."}
    )


def chat(answer: str, quote: str) -> ScriptedChatModel:
    return ScriptedChatModel(
        [
            {"pages": ["runbook.md"], "time_sensitive": False},
            {
                "answer": answer,
                "confidence": "high",
                "pages_used": ["runbook.md"],
                "time_sensitive": False,
                "evidence": [{"page": "runbook.md", "quote": quote}],
            },
        ]
    )


def test_a_model_reads_the_section_of_a_long_page_the_question_asks_about(wiki: Path) -> None:
    assert RUNBOOK.index(ZURICH) > 3_000
    model = chat("To the Zurich vault, every Sunday night.", ZURICH)

    r = query(DEEP, wiki_dir=wiki, model=ChatReasoner(model, name="scripted"))

    assert (r.confidence, r.pages_consulted, r.error) == ("high", ["runbook.md"], None)
    assert [e.quote for e in r.evidence] == [ZURICH]  # verified against what was read
    prompt = model.history[1].prompt
    assert "(excerpt from further down the page)" in prompt
    assert "# Operations runbook\n## Backups\n### Offsite copies\n\n" + ZURICH in prompt
    assert "How the platform team keeps" not in prompt  # the head was not read this time


def test_a_model_reads_the_head_when_the_question_asks_about_it(wiki: Path) -> None:
    quote = "The on-call engineer carries the pager for one week"
    model = chat("One week, Monday to Monday.", quote)

    r = query(
        "How long does the on-call engineer carry the pager?", wiki_dir=wiki, model=model_of(model)
    )

    assert r.confidence == "high" and [e.quote for e in r.evidence] == [quote]
    prompt = model.history[1].prompt
    assert "How the platform team keeps the services running." in prompt
    assert "further down the page" not in prompt and "Zurich" not in prompt


def model_of(chat_model: ScriptedChatModel) -> ChatReasoner:
    return ChatReasoner(chat_model, name="scripted")


def test_a_quote_from_the_part_of_the_page_not_read_does_not_verify(wiki: Path) -> None:
    # The question asks about the on-call week (the head is read); a quote from the backups
    # section, further down and never shown, earns no high.
    model = chat("To the Zurich vault.", ZURICH)

    r = query(
        "How long does the on-call engineer carry the pager?", wiki_dir=wiki, model=model_of(model)
    )

    assert r.confidence != "high" and r.evidence == []


def test_the_offline_backend_reads_the_head_and_sends_a_deeper_question_out(
    wiki: Path,
) -> None:
    r = query(DEEP, wiki_dir=wiki, model="offline")

    assert "Zurich" not in r.answer and r.error is None
    assert r.confidence != "high" and r.go_external


def test_offline_answers_from_the_head_as_if_the_page_ended_there(
    wiki: Path, tmp_path: Path
) -> None:
    (tmp_path / "head").mkdir()
    head_only = page_wiki(tmp_path / "head", {"runbook.md": RUNBOOK[:1500], "team.md": "# Team"})
    on_call = "How long does the on-call engineer carry the pager?"

    r = query(on_call, wiki_dir=wiki, model="offline")
    cut = query(on_call, wiki_dir=head_only, model="offline")

    assert "one week" in r.answer and "Zurich" not in r.answer
    assert (r.answer, r.confidence) == (cut.answer, cut.confidence)


def test_a_long_page_is_never_written(wiki: Path) -> None:
    before = {p: p.read_bytes() for p in wiki.rglob("*") if p.is_file()}

    query(DEEP, wiki_dir=wiki, model="offline")

    assert {p: p.read_bytes() for p in wiki.rglob("*") if p.is_file()} == before

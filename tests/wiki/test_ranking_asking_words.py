"""The words telling the asker's situation in a how-to question ("actually", "already",
"usually") weigh a quarter in the page ranking, through the public door
(`swarm.wiki_query.query`, offline): the page of the command is read before a page that only
happens to write them; a content word still picks its page; another kind of question keeps
them whole ("Are we still on...?" asks about what "still" holds); and a question of nothing
but such words still finds the page holding them (`swarm.wiki.asking_words`)."""

from __future__ import annotations

from pathlib import Path

from swarm.config import get_settings
from swarm.wiki.index import load_page_map
from swarm.wiki.ranking import get_ranker
from swarm.wiki_query import query
from tests.fakes import make_wiki


def pages_read(question: str, wiki: Path) -> list[str]:
    result = query(question, wiki_dir=wiki, model="offline")
    assert result.error is None
    assert result.pages_read, result
    return result.pages_read


# `logrotate` answers; `journalctl` writes "actually" three times in passing, a word no other
# page holds. By BM25 alone the journal's page ranks first. The other commands are there so
# "logs" and "files" are common words.
_PAGES = {
    "commands/logrotate.md": (
        "# logrotate\n\nRotate, compress and remove old logs: `logrotate /etc/logrotate.conf`\n"
    ),
    "commands/journalctl.md": (
        "# journalctl\n\nLogs are actually kept in the journal. They are actually compressed,"
        " and actually read with `journalctl -e`.\n"
    ),
}


def _commands_wiki(root: Path) -> Path:
    pages = dict(_PAGES)
    lines = ["- [[commands/logrotate|logrotate]]", "- [[commands/journalctl|journalctl]]"]
    for name in ("cat", "head", "tail", "wc", "cut", "paste", "tr", "uniq"):
        pages[f"commands/{name}.md"] = f"# {name}\n\nRead logs and files with {name}.\n"
        lines.append(f"- [[commands/{name}|{name}]]")
    return make_wiki(root, pages, lines)


def test_the_askers_situation_picks_no_page_of_a_how_to(tmp_path: Path) -> None:
    wiki = _commands_wiki(tmp_path / "wiki")
    assert pages_read("How do I actually rotate my logs?", wiki)[0] == "commands/logrotate.md"


def test_a_content_word_still_picks_its_page(tmp_path: Path) -> None:
    wiki = _commands_wiki(tmp_path / "wiki")
    question = "How do I actually read the journal?"
    assert pages_read(question, wiki)[0] == "commands/journalctl.md"


def test_a_question_of_situation_words_only_keeps_them(tmp_path: Path) -> None:
    wiki = _commands_wiki(tmp_path / "wiki")
    ranked = get_ranker(load_page_map(wiki), settings=get_settings()).rank("How do I actually?")
    assert [page.path for page in ranked] == ["commands/journalctl.md"]


# Two decision records name the broker; only the later one says it is "still" in use.
_DECISIONS = {
    "adr/adr-0004.md": (
        "# ADR 4: events\n\nEvents go through RabbitMQ. Each service sends its events to"
        " RabbitMQ.\n"
    ),
    "adr/adr-0009.md": (
        "# ADR 9: broker review\n\nAfter a review of the brokers on offer, with their costs"
        " and the team's time, events still go through RabbitMQ.\n"
    ),
}


def test_still_counts_whole_outside_a_how_to(tmp_path: Path) -> None:
    pages = dict(_DECISIONS)
    lines = ["- [[adr/adr-0004|ADR 4]]", "- [[adr/adr-0009|ADR 9]]"]
    for topic in ("logging", "metrics", "secrets", "backups"):
        pages[f"adr/{topic}.md"] = f"# {topic}\n\nHow we handle {topic} for every service.\n"
        lines.append(f"- [[adr/{topic}|{topic}]]")
    wiki = make_wiki(tmp_path / "wiki", pages, lines)
    assert pages_read("Do events still go through RabbitMQ?", wiki)[0] == "adr/adr-0009.md"

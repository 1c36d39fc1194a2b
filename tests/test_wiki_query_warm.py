"""The warm query's work is only what its reasoner reads: a model's selection prompt carries
the candidates' snippets; the offline reasoner, which picks on BM25 scores alone, is handed
candidates without them (and answers exactly as before); an edited page is still noticed."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from swarm.config import Settings, get_settings
from swarm.models.base import PageCandidate, PageChoice
from swarm.models.chat import ChatReasoner
from swarm.models.offline import OfflineReasoner
from swarm.models.scripted import ScriptedChatModel
from swarm.page_selection import build_candidates
from swarm.wiki import ranking
from swarm.wiki.index import load_page_map
from swarm.wiki.ranking import clear_ranker_cache, get_ranker
from swarm.wiki_query import query

QUESTION = "Who rebuilt the castle at Falaise in stone?"
# Only in the page body, never in index.md: it reaches a prompt only as a snippet.
BODY_PHRASE = "rebuilt in stone by Henry"


def castle_wiki(folder: Path, pages: int = 30) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    lines = ["# Index", ""]
    for n in range(pages):
        lines.append(f"- [Notes {n}](notes-{n}.md) — reading notes, part {n}")
        (folder / f"notes-{n}.md").write_text(f"Part {n}: the castle and its keep. " * 3)
    (folder / "notes-7.md").write_text(f"The castle at Falaise was {BODY_PHRASE} in 1123.\n")
    (folder / "index.md").write_text("\n".join(lines) + "\n")
    return folder


class RecordingOffline(OfflineReasoner):
    """The offline reasoner, keeping the candidates the flow hands it."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[PageCandidate] = []

    async def pick_pages(
        self, question: str, candidates: Sequence[PageCandidate], *, max_pages: int
    ) -> PageChoice:
        self.seen = list(candidates)
        return await super().pick_pages(question, candidates, max_pages=max_pages)


def test_the_chat_selection_prompt_carries_the_page_snippets(tmp_path: Path) -> None:
    wiki = castle_wiki(tmp_path / "w")
    chat = ScriptedChatModel(
        [
            {"pages": ["notes-7.md"], "time_sensitive": False},
            {"answer": "Henry.", "confidence": "high", "pages_used": ["notes-7.md"]},
        ]
    )
    result = query(QUESTION, wiki_dir=wiki, model=ChatReasoner(chat, name="scripted"))
    assert result.error is None and result.pages_consulted == ["notes-7.md"]
    assert BODY_PHRASE in chat.history[0].prompt


def test_the_offline_reasoner_is_handed_no_snippets_and_answers_the_same(tmp_path: Path) -> None:
    wiki = castle_wiki(tmp_path / "w")
    recording = RecordingOffline()
    result = query(QUESTION, wiki_dir=wiki, model=recording)
    plain = query(QUESTION, wiki_dir=wiki, model="offline")
    assert recording.seen and recording.seen[0].path == "notes-7.md"
    assert all(candidate.snippet == "" for candidate in recording.seen)
    assert result.spec_dict() == plain.spec_dict()
    assert "Henry" in result.answer and result.pages_read[0] == "notes-7.md"
    # The same candidates with snippets differ only in the snippet text.
    shown = build_candidates(QUESTION, load_page_map(wiki), Settings())
    assert BODY_PHRASE in shown[0].snippet
    assert [(c.path, c.score) for c in shown] == [(c.path, c.score) for c in recording.seen]


@pytest.mark.parametrize("snippets", [True, False], ids=["with-snippets", "without"])
def test_a_page_edited_in_place_is_still_noticed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, snippets: bool
) -> None:
    """In a large wiki the ranker is kept without re-statting every page; a page edited in
    place is noticed when rank() returns it, snippets or not."""
    monkeypatch.setattr(ranking, "FULL_CHECK_MAX_PAGES", 0)  # every wiki counts as large
    clear_ranker_cache()
    wiki = castle_wiki(tmp_path / "w")
    settings = get_settings(cache_dir=tmp_path / "cache")
    page_map = load_page_map(wiki)
    first = get_ranker(page_map, settings=settings)
    folder = wiki.stat()
    page = wiki / "notes-7.md"
    page.write_text(page.read_text() + "A moat was dug around the Falaise keep.\n")
    os.utime(wiki, ns=(folder.st_atime_ns, folder.st_mtime_ns))  # as an in-place edit
    assert get_ranker(page_map, settings=settings) is first
    hits = first.rank("Falaise castle", 3, snippets=snippets)
    assert hits[0].path == "notes-7.md"
    assert bool(hits[0].snippet) is snippets
    assert first.outdated
    assert get_ranker(page_map, settings=settings).rank("moat", 1)[0].path == "notes-7.md"


# --- memoised steps: same results as the work they stand for ---------------------------------


def test_excerpt_passages_are_the_split_of_that_exact_content() -> None:
    from swarm.wiki.pages import PageExcerpt
    from swarm.wiki.passage_cache import MAX_CACHED_EXCERPTS, excerpt_passages
    from swarm.wiki.passages import split_passages

    text = "## Keep\n\nThe castle at Falaise was rebuilt in stone. It has a keep.\n"
    excerpt = PageExcerpt(path="a.md", title="Falaise", text=text, metadata={"owner": "Henry"})
    first = excerpt_passages(excerpt)
    assert first == split_passages(text, page="a.md", title="Falaise", metadata={"owner": "Henry"})
    first.clear()  # a caller's list is its own
    assert excerpt_passages(excerpt) == split_passages(
        text, page="a.md", title="Falaise", metadata={"owner": "Henry"}
    )
    # Any change to what the splitter reads is another entry, never a stale hit.
    edited = PageExcerpt(path="a.md", title="Falaise", text=text + "A moat, too.\n")
    assert excerpt_passages(edited)[-1].text == "A moat, too."
    other_owner = PageExcerpt(path="a.md", title="Falaise", text=text, metadata={"owner": "Ann"})
    assert "owner: Ann" in [passage.text for passage in excerpt_passages(other_owner)]
    renamed = PageExcerpt(path="b.md", title="Falaise", text=text, metadata={"owner": "Henry"})
    assert {passage.page for passage in excerpt_passages(renamed)} == {"b.md"}
    for n in range(MAX_CACHED_EXCERPTS + 5):  # past the bound: still right
        filler = PageExcerpt(path=f"p{n}.md", title="", text=f"Page {n} says {n}.")
        assert excerpt_passages(filler)[0].text == f"Page {n} says {n}."
    assert excerpt_passages(excerpt)[0].text == "owner: Henry"


def test_snippet_passages_stay_within_their_character_bound() -> None:
    from swarm.wiki.snippet_cache import PASSAGE_OVERHEAD_CHARS, SnippetPassages

    cache = SnippetPassages(max_chars=10 * (2 * 10 + 1 + PASSAGE_OVERHEAD_CHARS), max_pages=1_000)
    loads: list[str] = []

    def loader(path: str, text: str) -> Callable[[], list[tuple[str, bool]]]:
        def load() -> list[tuple[str, bool]]:
            loads.append(path)
            return [(text, False)]

        return load

    for n in range(25):
        assert cache.get(f"p{n}.md", (1, 10), loader(f"p{n}.md", "x" * 10)) == [("x" * 10, False)]
    assert len(cache) == 10 and cache.chars == 10 * (2 * 10 + 1 + PASSAGE_OVERHEAD_CHARS)
    loads.clear()
    cache.get("p24.md", (1, 10), loader("p24.md", "y"))
    assert loads == []  # recent: kept
    assert cache.get("p24.md", (2, 11), loader("p24.md", "edited")) == [("edited", False)]
    assert loads == ["p24.md"]  # its stat changed: read again
    assert cache.get("p0.md", (1, 10), loader("p0.md", "again")) == [("again", False)]
    assert loads == ["p24.md", "p0.md"]  # the oldest went first


def test_snippet_passages_are_safe_on_many_threads() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from swarm.wiki.snippet_cache import SnippetPassages

    cache = SnippetPassages(max_chars=50_000, max_pages=40)

    def work(n: int) -> bool:
        path = f"p{n % 60}.md"
        return cache.get(path, (n % 60, 1), lambda: [(path, False)]) == [(path, False)]

    with ThreadPoolExecutor(8) as pool:
        assert all(pool.map(work, range(5_000)))
    assert len(cache) <= 40


def test_neutralise_treats_ascii_and_mixed_text_alike() -> None:
    """The fence's invisible-character strip has an ASCII fast path: a text gives the same
    result with a non-ASCII character beside it (the character-by-character path)."""
    from swarm.untrusted import neutralise

    every_ascii = "".join(chr(code) for code in range(128))
    plain = neutralise(every_ascii)
    assert plain == neutralise(every_ascii + "é")[:-1]
    assert "\n" in plain and "\t" in plain
    assert not any(ord(char) < 32 and char not in "\n\t" for char in plain)
    assert "\x7f" not in plain and "\x1b" not in plain
    assert neutralise("snippet… with\u200b a zero width\x00 space") == (
        "snippet... with a zero width space"  # NFKC: the ellipsis is three dots
    )


# --- the wiki pool ---------------------------------------------------------------------------


async def test_wiki_work_never_runs_on_more_threads_than_the_pool_bound() -> None:
    import asyncio
    import threading
    import time

    from swarm.wiki.threads import WIKI_WORKERS, in_wiki_thread

    lock = threading.Lock()
    running = 0
    peak = 0
    names: set[str] = set()

    def job() -> None:
        nonlocal running, peak
        with lock:
            running += 1
            peak = max(peak, running)
            names.add(threading.current_thread().name)
        time.sleep(0.01)
        with lock:
            running -= 1

    await asyncio.gather(*(in_wiki_thread(job) for _ in range(WIKI_WORKERS * 8)))
    assert 1 <= peak <= WIKI_WORKERS
    assert all(name.startswith("swarm-wiki") for name in names)

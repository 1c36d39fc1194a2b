"""Hybrid ranking through its public doors (`select_candidates`, `query`): BM25 fused with
page vectors from a fake `/v1/embeddings` server on 127.0.0.1 (tests/embeddings_fake.py),
the vector cache kept incrementally, and BM25 alone, with a warning, whenever the
endpoint fails. Requests are counted at the fake server."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES
from embeddings_fake import (
    DIMS,
    EMBED_MODEL,
    PAGES,
    PARAPHRASE,
    embedding_requests,
    embeddings,
    write_wiki,
)
from fakes import settings
from openai_fake import MODEL_NOT_FOUND, FakeServer, closed_port, completion, serving

from swarm.config import Settings
from swarm.hybrid_ranking import CandidateSelection, embeddings_status, select_candidates
from swarm.page_selection import build_candidates
from swarm.wiki.index import load_page_map
from swarm.wiki.ranking import clear_ranker_cache
from swarm.wiki_query import query

BRAIN = FIXTURES / "brain"


@pytest.fixture
def server() -> Iterator[FakeServer]:
    with serving(FakeServer(default=embeddings)) as fake:
        yield fake


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    return write_wiki(tmp_path / "wiki")


def hybrid(base_url: str | None, **values: Any) -> Settings:
    # selection_max_entries=1: the map counts as large, so only ranked pages are shown.
    values = {"selection_max_entries": 1, **values}
    if base_url is not None:
        values.update(openai_base_url=base_url, embeddings_model=EMBED_MODEL)
    return settings(**values)


def select(question: str, wiki: Path, configured: Settings) -> CandidateSelection:
    return asyncio.run(select_candidates(question, wiki, configured))


def paths(selection: CandidateSelection) -> list[str]:
    return [candidate.path for candidate in selection.candidates]


def new_process() -> None:
    """What a new process starts with: nothing in memory, the disk cache as it is."""
    clear_ranker_cache()


# --- on and off ---------------------------------------------------------------------------------


def test_hybrid_finds_the_page_a_paraphrase_means_which_bm25_misses(
    server: FakeServer, wiki: Path
) -> None:
    assert "car-care.md" not in paths(select(PARAPHRASE, wiki, hybrid(None)))
    selection = select(PARAPHRASE, wiki, hybrid(server.base_url))
    assert paths(selection)[0] == "car-care.md"
    assert selection.candidates[0].score > 0 and selection.warnings == []


def test_bm25_and_vector_hits_are_fused(server: FakeServer, wiki: Path) -> None:
    # "taxes" is BM25's only hit; the vectors rank car-care first: both are candidates.
    question = "taxes for the automobile"
    bm25 = paths(select(question, wiki, hybrid(None)))
    fused = paths(select(question, wiki, hybrid(server.base_url)))
    assert bm25 == ["taxes.md"]
    assert fused[:2] in (["taxes.md", "car-care.md"], ["car-care.md", "taxes.md"])


@pytest.mark.parametrize(
    ("folder", "question", "large"),
    [
        pytest.param(None, "When are taxes filed?", False, id="small"),
        pytest.param(BRAIN, "What is CCW's first-response SLA?", False, id="brain"),
        pytest.param(BRAIN, "Who runs Brightline and what is the day rate?", True, id="large"),
    ],
)
def test_off_ranks_exactly_as_bm25_and_asks_nothing(
    server: FakeServer, wiki: Path, folder: Path | None, question: str, large: bool
) -> None:
    root = folder or wiki
    # An endpoint and a chat model, but no embeddings model: off.
    values: dict[str, Any] = {"openai_base_url": server.base_url, "openai_model": "m"}
    if large:
        values["selection_max_entries"] = 1
    configured = settings(**values)
    selection = select(question, root, configured)
    expected = build_candidates(question, load_page_map(root), configured)
    assert selection.candidates == expected and expected
    assert selection.warnings == [] and server.requests == []


# --- the cache ------------------------------------------------------------------------------------


def test_vectors_are_cached_and_only_changed_pages_embedded_again(
    server: FakeServer, wiki: Path
) -> None:
    configured = hybrid(server.base_url)
    select(PARAPHRASE, wiki, configured)
    first = embedding_requests(server)
    assert first[0] == [PARAPHRASE]  # the query, once
    assert sorted(len(batch) for batch in first[1:]) == [len(PAGES)]

    new_process()
    select(PARAPHRASE, wiki, configured)
    assert embedding_requests(server)[len(first) :] == [[PARAPHRASE]]  # the query only

    (wiki / "garden.md").write_text("# Garden\n\nRoses by the gate now.\n", encoding="utf-8")
    new_process()
    before = len(server.requests)
    select(PARAPHRASE, wiki, configured)
    query_request, changed = embedding_requests(server)[before:]
    assert query_request == [PARAPHRASE]
    assert len(changed) == 1 and "Roses by the gate" in changed[0]


def test_a_page_touched_but_unchanged_is_not_embedded_again(server: FakeServer, wiki: Path) -> None:
    import os

    configured = hybrid(server.base_url)
    select(PARAPHRASE, wiki, configured)
    stat = (wiki / "taxes.md").stat()
    os.utime(wiki / "taxes.md", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    new_process()
    before = len(server.requests)
    select(PARAPHRASE, wiki, configured)
    assert embedding_requests(server)[before:] == [[PARAPHRASE]]


def test_a_removed_page_loses_its_vector_and_a_new_one_gets_one(
    server: FakeServer, wiki: Path
) -> None:
    configured = hybrid(server.base_url)
    select(PARAPHRASE, wiki, configured)
    pages = {path: page for path, page in PAGES.items() if path != "recipes.md"}
    pages["bikes.md"] = ("Bikes", "Two wheels", "The vehicle shop mends bicycles.")
    write_wiki(wiki, pages)
    new_process()
    before = len(server.requests)
    selection = select(PARAPHRASE, wiki, configured)
    assert [len(batch) for batch in embedding_requests(server)[before:]] == [1, 1]
    assert "recipes.md" not in paths(selection)
    status = embeddings_status(selection.page_map, configured)
    assert status["on"] is True and status["pages_with_vectors"] == len(pages)
    assert f"{len(pages)} of {len(pages)} pages have vectors" in str(status["detail"])


def test_a_model_changed_under_its_name_is_embedded_anew(server: FakeServer, wiki: Path) -> None:
    configured = hybrid(server.base_url)
    select(PARAPHRASE, wiki, configured)
    server.default = lambda body: embeddings(body, dims=DIMS // 2)  # `ollama pull` another
    new_process()
    before = len(server.requests)
    selection = select(PARAPHRASE, wiki, configured)
    assert sum(len(batch) for batch in embedding_requests(server)[before + 1 :]) == len(PAGES)
    assert paths(selection)[0] == "car-care.md" and selection.warnings == []


def test_in_one_process_a_second_query_embeds_only_itself(server: FakeServer, wiki: Path) -> None:
    configured = hybrid(server.base_url)
    select(PARAPHRASE, wiki, configured)
    before = len(server.requests)
    select("taxes", wiki, configured)
    assert embedding_requests(server)[before:] == [["taxes"]]


def test_parallel_queries_embed_the_pages_once(server: FakeServer, wiki: Path) -> None:
    configured = hybrid(server.base_url)
    questions = [PARAPHRASE, "taxes", "tomatoes", "pasta"]

    async def all_at_once() -> list[CandidateSelection]:
        return await asyncio.gather(*(select_candidates(q, wiki, configured) for q in questions))

    selections = asyncio.run(all_at_once())
    assert all(selection.warnings == [] for selection in selections)
    page_texts = [batch for batch in embedding_requests(server) if batch[0] not in questions]
    assert sum(len(batch) for batch in page_texts) == len(PAGES)
    assert paths(selections[0])[0] == "car-care.md"


# --- failures: BM25 alone, and a warning ------------------------------------------------------


def malformed(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return 200, {"object": "list", "data": [{"index": 0, "embedding": ["not", "numbers"]}]}


def wrong_count(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return 200, {"data": [{"index": 0, "embedding": [0.1] * DIMS}] * (len(body["input"]) + 1)}


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        pytest.param(MODEL_NOT_FOUND, f"embeddings model '{EMBED_MODEL}' not found", id="404"),
        pytest.param(malformed, "malformed embeddings reply", id="malformed"),
        pytest.param(wrong_count, "malformed embeddings reply", id="wrong-count"),
        pytest.param(lambda body: completion("hello"), "malformed embeddings reply", id="chat"),
        pytest.param(lambda body: (500, {"error": {"message": "boom"}}), "HTTP 500", id="500"),
    ],
)
def test_a_failing_endpoint_ranks_by_bm25_alone_and_says_so(
    wiki: Path, reply: Any, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    question = "When are taxes filed?"
    with serving(FakeServer(default=reply)) as fake:
        selection = select(question, wiki, hybrid(fake.base_url))
    assert paths(selection) == paths(select(question, wiki, hybrid(None)))
    [warning] = selection.warnings
    assert said in warning and warning.endswith("ranked by BM25 alone")
    assert f"swarm: {warning}" in capsys.readouterr().err


def test_a_down_server_says_how_to_start_it(wiki: Path) -> None:
    selection = select("taxes", wiki, hybrid(f"http://127.0.0.1:{closed_port()}/v1"))
    assert paths(selection) == ["taxes.md"]
    [warning] = selection.warnings
    assert "could not reach the embeddings server" in warning and "connection refused" in warning


def test_a_slow_server_hits_the_model_call_deadline(wiki: Path) -> None:
    with serving(FakeServer(default=embeddings)) as fake:
        fake.delay_s = 1.5
        selection = select("taxes", wiki, hybrid(fake.base_url, model_timeout_s=0.5))
    assert paths(selection) == ["taxes.md"]
    [warning] = selection.warnings
    assert "within 0.5 s" in warning and "SWARM_MODEL_TIMEOUT_S" in warning


def test_pages_left_by_the_deadline_are_embedded_by_a_later_query(wiki: Path) -> None:
    pages = {f"note-{n}.md": (f"Note {n}", "a note", f"Note number {n}.") for n in range(40)}
    write_wiki(wiki, {**PAGES, **pages})
    released = threading.Event()
    with serving(FakeServer(default=embeddings)) as fake:
        # The query and the first batch answer at once, the next batch only after the
        # deadline (3 s, so a loaded machine still answers the first two in time).
        fake.replies = [embeddings, embeddings, held(embeddings, released)]
        configured = hybrid(fake.base_url, model_timeout_s=3.0)
        first = select(PARAPHRASE, wiki, configured)
        released.set()
        [warning] = first.warnings
        assert "of 44 pages have no embedding yet" in warning and "later query" in warning
        assert paths(first)[0] == "car-care.md"  # in the first batch: ranked already
        new_process()
        before = len(fake.requests)
        later = select(PARAPHRASE, wiki, configured)
        assert later.warnings == []
        assert sum(len(b) for b in embedding_requests(fake)[before + 1 :]) == 44 - 32


def held(reply: Any, released: threading.Event) -> Any:
    """`reply`, sent only once the test releases it (or after 30 s)."""

    def answer(body: dict[str, Any]) -> Any:
        released.wait(30)
        return reply(body)

    return answer


def test_a_model_without_an_endpoint_is_said(wiki: Path) -> None:
    selection = select("taxes", wiki, settings(embeddings_model=EMBED_MODEL))
    [warning] = selection.warnings
    assert "set OPENAI_BASE_URL" in warning and paths(selection)[0] == "taxes.md"


# --- the whole query ------------------------------------------------------------------------


def test_an_offline_query_reads_the_page_the_vectors_found(server: FakeServer, wiki: Path) -> None:
    off = query(PARAPHRASE, wiki_dir=wiki, model="offline", settings=hybrid(None))
    on = query(PARAPHRASE, wiki_dir=wiki, model="offline", settings=hybrid(server.base_url))
    assert "car-care.md" not in off.pages_read
    assert on.pages_read[0] == "car-care.md" and on.error is None
    assert not [warning for warning in on.warnings if "embedding" in warning]


def test_an_offline_query_with_the_server_down_still_answers(wiki: Path) -> None:
    configured = hybrid(f"http://127.0.0.1:{closed_port()}/v1")
    result = query("When are taxes filed?", wiki_dir=wiki, model="offline", settings=configured)
    assert result.error is None and "April" in result.answer
    assert any("ranked by BM25 alone" in warning for warning in result.warnings)

"""BM25 page ranking: tokens, snippets, page-text recall, and the memory and disk caches."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from swarm.config import Settings, get_settings
from swarm.wiki import bm25_store, ranking
from swarm.wiki.index import PageMap, clear_page_map_cache, load_page_map
from swarm.wiki.ranking import (
    RankedPage,
    clear_ranker_cache,
    get_ranker,
)
from swarm.wiki.snippet_window import best_snippet
from swarm.wiki.tokens import content_words, tokenize

NORMANS = {
    "normans-16.md": (
        "# Normans (part 16)\n\nThe Normans settled in Normandy in the tenth century. "
        "Rollo was their first ruler.\n"
    ),
    "normans-17.md": (
        "---\nupdated: 2026-01-01\n---\n# Normans (part 17)\n\n"
        "William crossed the Channel with his fleet in 1066. "
        "The Battle of Hastings was fought on 14 October 1066 near Senlac Hill. "
        "Harold Godwinson died in the battle.\n\nLater, the Domesday Book surveyed England.\n"
    ),
    "normans-18.md": "# Normans (part 18)\n\nNorman architecture: castles and cathedrals.\n",
    "ccw.md": (
        "# CCW\n\nCCW is a support client. The first-response SLA is 15 minutes. "
        "They pay $2,400/year.\n"
    ),
}


def make_wiki(root: Path, pages: dict[str, str], index: str | None = None) -> Path:
    """A wiki in `root`: the pages, and an index listing them by thin titles."""
    root.mkdir(parents=True, exist_ok=True)
    for rel_path, text in pages.items():
        (root / rel_path).parent.mkdir(parents=True, exist_ok=True)
        (root / rel_path).write_text(text, encoding="utf-8")
    if index is None:
        lines = ["# History", ""]
        for rel_path in pages:
            stem = rel_path.removesuffix(".md")
            lines.append(f"- [[{stem}|{stem.replace('-', ' ').title()}]]")
        index = "\n".join(lines) + "\n"
    (root / "index.md").write_text(index, encoding="utf-8")
    return root


def snapshot(root: Path) -> list[tuple[str, int, int]]:
    return sorted(
        (str(path.relative_to(root)), path.lstat().st_mtime_ns, path.lstat().st_size)
        for path in root.rglob("*")
    )


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    clear_ranker_cache()
    clear_page_map_cache()
    yield
    clear_ranker_cache()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return get_settings(cache_dir=tmp_path / "cache")


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    return make_wiki(tmp_path / "wiki", NORMANS)


# --- tokens and snippets ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        pytest.param(
            "What is CCW's first-response SLA?", ["ccw", "first", "respons", "sla"], id="question"
        ),
        pytest.param("The SLA is 15 minutes", ["sla", "15", "minut"], id="numbers-kept"),
        pytest.param("prices pricing priced price", ["pric"] * 4, id="light-stemming"),
        pytest.param("companies company", ["company", "company"], id="ies"),
        pytest.param("Café Zürich Ελλάδα", ["café", "zürich", "ελλάδα"], id="unicode"),
        pytest.param("snake_case a I x 7", ["snak", "case", "7"], id="underscore-single-letters"),
        pytest.param("the and of to", [], id="stopwords-only"),
        pytest.param("", [], id="empty"),
    ],
)
def test_tokenize(text: str, tokens: list[str]) -> None:
    assert tokenize(text) == tokens


def test_content_words() -> None:
    assert content_words("The SLA, the SLA!") == {"sla"}


def test_snippet_holds_the_best_matching_sentence() -> None:
    text = NORMANS["normans-17.md"]
    snippet = best_snippet(text, "When was the Battle of Hastings fought?", 240)
    assert "The Battle of Hastings was fought on 14 October 1066 near Senlac Hill." in snippet
    assert len(snippet) <= 240
    assert "Domesday" not in snippet


def test_snippet_window_joins_neighbouring_sentences() -> None:
    snippet = best_snippet(NORMANS["ccw.md"], "What is CCW's first-response SLA?", 240)
    assert "CCW is a support client." in snippet
    assert "The first-response SLA is 15 minutes." in snippet


def test_snippet_without_a_match_is_the_opening() -> None:
    assert best_snippet("# Title\n\nFirst line. Second line.", "zebra", 240) == "Title"
    assert best_snippet("", "anything", 240) == ""


def test_long_sentence_is_clipped_around_the_match() -> None:
    text = " ".join(["filler"] * 200) + " the needle is here " + " ".join(["more"] * 200)
    snippet = best_snippet(text, "needle", 80)
    assert "needle" in snippet and len(snippet) <= 80
    assert snippet.startswith("… ") and snippet.endswith(" …")


# --- ranking ------------------------------------------------------------------------------


def test_finds_the_page_from_body_words_only(wiki: Path, settings: Settings) -> None:
    ranker = get_ranker(load_page_map(wiki), settings=settings)
    results = ranker.rank("When was the Battle of Hastings?", 3)
    assert results[0].path == "normans-17.md"
    assert "Battle of Hastings was fought" in results[0].snippet
    assert all(isinstance(r, RankedPage) and r.score > 0 for r in results)
    assert [r.score for r in results] == sorted((r.score for r in results), reverse=True)


def test_rank_limits_and_no_match(wiki: Path, settings: Settings) -> None:
    ranker = get_ranker(load_page_map(wiki), settings=settings)
    assert len(ranker.rank("Normans", 2)) == 2
    assert ranker.rank("Normans", 0) == []
    assert ranker.rank("xylophone quasar", 5) == []
    assert ranker.rank("the of and", 5) == []
    assert {r.path for r in ranker.rank("CCW SLA minutes", 10)} == {"ccw.md"}


def test_unreadable_page_is_ranked_on_its_index_line(tmp_path: Path, settings: Settings) -> None:
    index = "- [[ghost]] — quarterly zeppelin budget\n- [[ccw]]\n"
    wiki = make_wiki(tmp_path / "wiki", {"ccw.md": NORMANS["ccw.md"]}, index=index)
    results = get_ranker(load_page_map(wiki), settings=settings).rank("zeppelin budget", 5)
    assert [r.path for r in results] == ["ghost.md"]
    assert "zeppelin" in results[0].snippet


def test_empty_page_map(tmp_path: Path, settings: Settings) -> None:
    wiki = make_wiki(tmp_path / "wiki", {}, index="# Nothing here\n")
    ranker = get_ranker(load_page_map(wiki), settings=settings)
    assert len(ranker) == 0 and ranker.rank("anything", 5) == []


# --- caches -------------------------------------------------------------------------------


def test_memory_cache_returns_the_same_ranker(wiki: Path, settings: Settings) -> None:
    first = get_ranker(load_page_map(wiki), settings=settings)
    assert get_ranker(load_page_map(wiki), settings=settings) is first
    assert first.source == "built"


def test_disk_cache_is_reused_by_a_fresh_process(wiki: Path, settings: Settings) -> None:
    built = get_ranker(load_page_map(wiki), settings=settings)
    expected = built.rank("Battle of Hastings", 3)
    clear_ranker_cache()  # what a new process starts with

    loaded = get_ranker(load_page_map(wiki), settings=settings)
    assert loaded is not built and loaded.source == "disk" and loaded.pages_encoded == 0
    assert loaded.rank("Battle of Hastings", 3) == expected
    assert list((settings.effective_cache_dir() / "ranking").rglob("index.npz"))


def store_file(settings: Settings) -> Path:
    (found,) = (settings.effective_cache_dir() / "ranking").rglob("index.npz")
    return found


def test_editing_one_page_rereads_only_that_page(wiki: Path, settings: Settings) -> None:
    # `pages_encoded` is how many pages a build read and tokenized (the rest were reused).
    assert get_ranker(load_page_map(wiki), settings=settings).pages_encoded == len(NORMANS)
    clear_ranker_cache()  # a new process
    page = wiki / "normans-18.md"
    page.write_text(page.read_text() + "\nThe trebuchet arrived late.\n", encoding="utf-8")
    ranker = get_ranker(load_page_map(wiki), settings=settings)
    assert ranker.source == "updated" and ranker.pages_encoded == 1
    assert ranker.rank("trebuchet", 1)[0].path == "normans-18.md"
    assert ranker.rank("Battle of Hastings", 1)[0].path == "normans-17.md"  # reused pages
    clear_ranker_cache()
    again = get_ranker(load_page_map(wiki), settings=settings)
    assert again.source == "disk" and again.pages_encoded == 0
    assert again.rank("trebuchet", 1)[0].path == "normans-18.md"


def test_updated_index_scores_like_a_full_build(wiki: Path, tmp_path: Path) -> None:
    warm = get_settings(cache_dir=tmp_path / "warm")
    get_ranker(load_page_map(wiki), settings=warm)
    page = wiki / "ccw.md"
    page.write_text(page.read_text() + "Battle plans for the Normans.\n", encoding="utf-8")
    (wiki / "normans-18.md").unlink()
    for query in ["Normans battle", "CCW SLA", "castles", "Hastings 1066"]:
        clear_ranker_cache()
        updated = get_ranker(load_page_map(wiki), settings=warm)
        clear_ranker_cache()
        fresh = get_ranker(load_page_map(wiki), settings=get_settings(cache_dir=tmp_path / query))
        assert fresh.source == "built"
        assert [(r.path, round(r.score, 5)) for r in updated.rank(query, 5)] == [
            (r.path, round(r.score, 5)) for r in fresh.rank(query, 5)
        ]


def test_deleted_page_leaves_the_results_and_the_store(wiki: Path, settings: Settings) -> None:
    get_ranker(load_page_map(wiki), settings=settings)
    clear_ranker_cache()
    (wiki / "ccw.md").unlink()
    index = (wiki / "index.md").read_text(encoding="utf-8")
    (wiki / "index.md").write_text(index.replace("- [[ccw|Ccw]]\n", ""), encoding="utf-8")
    ranker = get_ranker(load_page_map(wiki), settings=settings)
    assert ranker.pages_encoded == 0 and ranker.source == "updated"
    assert ranker.rank("CCW SLA minutes", 5) == []
    stored = bm25_store.load_stored_terms(store_file(settings), settings.max_page_bytes)
    assert stored is not None and len(stored.keys) == 3
    assert "sla" not in stored.vocab and "hast" in stored.vocab


def test_changed_index_line_rereads_only_its_page(wiki: Path, settings: Settings) -> None:
    get_ranker(load_page_map(wiki), settings=settings)
    clear_ranker_cache()
    index = (wiki / "index.md").read_text(encoding="utf-8")
    index = index.replace("[[normans-18|Normans 18]]", "[[normans-18|Normans 18]] — zeppelin")
    (wiki / "index.md").write_text(index, encoding="utf-8")
    ranker = get_ranker(load_page_map(wiki), settings=settings)
    assert ranker.source == "updated" and ranker.pages_encoded == 1
    assert ranker.rank("zeppelin", 1)[0].path == "normans-18.md"


def test_other_max_page_bytes_reads_every_page(wiki: Path, tmp_path: Path) -> None:
    get_ranker(load_page_map(wiki), settings=get_settings(cache_dir=tmp_path / "c"))
    clear_ranker_cache()
    smaller = get_settings(cache_dir=tmp_path / "c", max_page_bytes=100_000)
    ranker = get_ranker(load_page_map(wiki), settings=smaller)
    assert ranker.source == "built" and ranker.pages_encoded == len(NORMANS)


def test_old_cache_layouts_are_removed(wiki: Path, settings: Settings) -> None:
    get_ranker(load_page_map(wiki), settings=settings)
    folder = store_file(settings).parent
    (folder / "0123abcd").mkdir()
    (folder / "0123abcd" / "data.csc.index.npy").write_bytes(b"old")
    clear_ranker_cache()
    page = wiki / "ccw.md"
    page.write_text(page.read_text() + "More.\n", encoding="utf-8")
    get_ranker(load_page_map(wiki), settings=settings)
    assert [path.name for path in folder.iterdir()] == ["index.npz"]


def test_small_wiki_sees_in_place_edits(wiki: Path, settings: Settings) -> None:
    first = get_ranker(load_page_map(wiki), settings=settings)
    page = wiki / "normans-16.md"
    page.write_text(page.read_text() + "Vikings brought longships.\n", encoding="utf-8")
    second = get_ranker(load_page_map(wiki), settings=settings)
    assert second is not first
    assert second.rank("longships", 1)[0].path == "normans-16.md"


def test_new_page_changes_the_dir_mtime(wiki: Path, settings: Settings) -> None:
    page_map = load_page_map(wiki)
    first = get_ranker(page_map, settings=settings)
    stat = wiki.stat()
    (wiki / "extra.md").write_text("new\n", encoding="utf-8")
    os.utime(wiki, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert get_ranker(page_map, settings=settings) is not first


def test_large_wiki_revalidates_returned_pages_lazily(
    wiki: Path, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ranking, "FULL_CHECK_MAX_PAGES", 0)
    page_map = load_page_map(wiki)
    first = get_ranker(page_map, settings=settings)
    dir_stat = wiki.stat()
    page = wiki / "normans-17.md"
    page.write_text(page.read_text() + "A tapestry in Bayeux shows the battle.\n", "utf-8")
    os.utime(wiki, ns=(dir_stat.st_atime_ns, dir_stat.st_mtime_ns))  # as an in-place edit
    assert get_ranker(page_map, settings=settings) is first  # not re-statted: the trade-off
    results = first.rank("Hastings battle", 1)
    assert results[0].path == "normans-17.md"
    assert first.outdated  # noticed while reading the returned page
    rebuilt = get_ranker(page_map, settings=settings)
    assert rebuilt is not first
    assert rebuilt.rank("Bayeux tapestry", 1)[0].path == "normans-17.md"


def test_unwritable_cache_dir_still_works(wiki: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    settings = get_settings(cache_dir=blocker / "cache")
    ranker = get_ranker(load_page_map(wiki), settings=settings)
    assert ranker.rank("Hastings", 1)[0].path == "normans-17.md"
    clear_ranker_cache()
    assert get_ranker(load_page_map(wiki), settings=settings).source == "built"


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(b"not numpy", id="garbage"),
        pytest.param(b"", id="empty"),
        pytest.param(None, id="truncated"),
    ],
)
def test_corrupt_cache_is_rebuilt_silently(
    wiki: Path, settings: Settings, damage: bytes | None
) -> None:
    expected = get_ranker(load_page_map(wiki), settings=settings).rank("Hastings", 3)
    clear_ranker_cache()
    store = store_file(settings)
    store.write_bytes(store.read_bytes()[: store.stat().st_size // 2] if damage is None else damage)
    ranker = get_ranker(load_page_map(wiki), settings=settings)
    assert ranker.source == "built" and ranker.pages_encoded == len(NORMANS)
    assert ranker.rank("Hastings", 3) == expected
    clear_ranker_cache()
    assert get_ranker(load_page_map(wiki), settings=settings).source == "disk"  # rewritten


def test_the_wiki_dir_is_never_written(wiki: Path, settings: Settings) -> None:
    before = snapshot(wiki)
    ranker = get_ranker(load_page_map(wiki), settings=settings)
    ranker.rank("Hastings", 3)
    clear_ranker_cache()
    get_ranker(load_page_map(wiki), settings=settings).rank("CCW", 3)
    assert snapshot(wiki) == before


def test_cache_dir_inside_the_wiki_is_not_used(wiki: Path) -> None:
    before = snapshot(wiki)
    settings = get_settings(cache_dir=wiki / ".cache")
    assert get_ranker(load_page_map(wiki), settings=settings).rank("Hastings", 1)
    assert snapshot(wiki) == before


def test_hand_built_page_map_with_relative_dir(
    wiki: Path, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(wiki.parent)
    page_map = PageMap(wiki_dir=Path("wiki"), entries=load_page_map(wiki).entries)
    assert get_ranker(page_map, settings=settings).rank("Hastings", 1)[0].path == "normans-17.md"

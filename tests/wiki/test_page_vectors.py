"""The page-vector cache and the fusion, below the flow: reciprocal rank fusion's order,
a damaged cache is only a miss, a cache folder inside the wiki is never written, and a
vector file is read back as a memory map."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from embeddings_fake import vector, write_wiki

from swarm.wiki.embeddings import (
    RRF_K,
    embedding_text,
    fuse_candidates,
    plan_vectors,
    store_folder,
    stored_vector_count,
)
from swarm.wiki.index import PageEntry, load_page_map


def test_reciprocal_rank_fusion_orders_by_summed_reciprocal_ranks() -> None:
    fused = fuse_candidates(["a", "b", "c"], ["c", "a", "d"])
    assert [path for path, _ in fused] == ["a", "c", "b", "d"]
    assert fused[0][1] == pytest.approx(1 / (RRF_K + 1) + 1 / (RRF_K + 2))
    # A page in one list only, tied with another: the better single rank first, then BM25's.
    assert [path for path, _ in fuse_candidates(["x"], ["y"])] == ["x", "y"]
    assert fuse_candidates([], []) == []


def test_the_embedded_text_is_the_index_line_and_the_start_of_the_body() -> None:
    entry = PageEntry("a.md", "Title", "what it holds")
    assert embedding_text(entry, "Body " * 1000).startswith("Title\nwhat it holds\n\nBody")
    assert len(embedding_text(entry, "Body " * 1000)) == 2000
    assert embedding_text(entry, None) == "Title\nwhat it holds"


def build(wiki: Path, cache: Path) -> tuple[Path | None, int]:
    page_map = load_page_map(wiki)
    folder = store_folder(cache, wiki, "model\0server")
    plan = plan_vectors(page_map, folder=folder, model="m", max_page_bytes=100_000)
    fresh = [np.array(vector(text), dtype=np.float32) for text in plan.texts]
    vectors = plan.finish(fresh)
    assert len(vectors) == len(page_map)
    return folder, len(plan.texts)


def test_vectors_are_read_back_as_a_memory_map(tmp_path: Path) -> None:
    wiki = write_wiki(tmp_path / "wiki")
    folder, embedded = build(wiki, tmp_path / "cache")
    assert embedded == 4 and folder is not None and stored_vector_count(folder) == 4
    page_map = load_page_map(wiki)
    plan = plan_vectors(page_map, folder=folder, model="m", max_page_bytes=100_000)
    assert plan.texts == []
    assert isinstance(plan.finish([]).matrix, np.memmap)


@pytest.mark.parametrize("damage", ["pages.npz", "vectors"])
def test_a_damaged_cache_is_only_a_miss(tmp_path: Path, damage: str) -> None:
    wiki = write_wiki(tmp_path / "wiki")
    folder, _ = build(wiki, tmp_path / "cache")
    assert folder is not None
    target = folder / "pages.npz" if damage == "pages.npz" else next(folder.glob("vectors-*"))
    target.write_bytes(target.read_bytes()[:40])
    assert build(wiki, tmp_path / "cache")[1] == 4  # embedded again, no crash


def test_a_cache_folder_inside_the_wiki_is_never_written(tmp_path: Path) -> None:
    wiki = write_wiki(tmp_path / "wiki")
    before = sorted(p.name for p in wiki.rglob("*"))
    folder, embedded = build(wiki, wiki / ".cache")
    assert folder is None and embedded == 4
    assert sorted(p.name for p in wiki.rglob("*")) == before

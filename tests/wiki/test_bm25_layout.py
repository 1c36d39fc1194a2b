"""The BM25 counts by page and by term are the same triples, and a build that goes through the
cache file's counts gives exactly the index a fresh build gives."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swarm.wiki.bm25_index import BuiltIndex, build_index
from swarm.wiki.bm25_layout import (
    DocTerms,
    by_term,
    count_chunk,
    doc_major,
    read_chunks,
    remap_chunk,
    term_major,
    write_chunks,
)
from swarm.wiki.bm25_store import load_stored_terms, save_index
from swarm.wiki.index import PageEntry, PageMap

VOCAB = 12


def doc_terms(docs: list[dict[int, int]]) -> DocTerms:
    """Documents given as {term id: count}, each document's term ids ascending."""
    offsets = np.zeros(len(docs) + 1, dtype=np.int64)
    np.cumsum([len(doc) for doc in docs], out=offsets[1:])
    term_ids = [term for doc in docs for term in sorted(doc)]
    counts = [doc[term] for doc in docs for term in sorted(doc)]
    lengths = [sum(doc.values()) for doc in docs]
    return DocTerms(
        offsets,
        np.array(term_ids, dtype=np.int32),
        np.array(counts, dtype=np.int32),
        np.array(lengths, dtype=np.int64),
    )


documents = st.lists(
    st.dictionaries(st.integers(0, VOCAB - 1), st.integers(1, 300), max_size=VOCAB),
    min_size=1,
    max_size=10,
)


def tokens(doc: dict[int, int], rng: np.random.Generator) -> npt.NDArray[np.int32]:
    """A document's term ids, one per token, in some order."""
    ids = np.repeat(np.array(list(doc), dtype=np.int32), list(doc.values()))
    return rng.permutation(ids).astype(np.int32)


@settings(max_examples=60, deadline=None)
@given(st.lists(documents, min_size=1, max_size=4), st.integers(1, 40), st.integers(0, 99))
def test_counts_by_term_are_the_counts_by_page(
    groups: list[list[dict[int, int]]], chunk_pairs: int, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    all_docs = [doc for group in groups for doc in group]
    # Counted a run of documents at a time, each run with the vocabulary known by then.
    seen = [max((term + 1 for doc in group for term in doc), default=0) for group in groups]
    chunks = [
        count_chunk([tokens(doc, rng) for doc in group], max(seen[: number + 1]))
        for number, group in enumerate(groups)
    ]
    whole = doc_terms(all_docs)
    for matrix in (term_major(chunks, VOCAB), by_term(whole, VOCAB, chunk_pairs=chunk_pairs)):
        for term in range(VOCAB):
            run = slice(matrix.indptr[term], matrix.indptr[term + 1])
            found = list(zip(matrix.docs[run].tolist(), matrix.tf[run].tolist(), strict=True))
            assert found == [(n, doc[term]) for n, doc in enumerate(all_docs) if term in doc]
        np.testing.assert_array_equal(matrix.lengths, [sum(doc.values()) for doc in all_docs])
        assert matrix.tf.dtype == np.uint16
        back = doc_major(matrix, chunk_pairs=chunk_pairs)
        for name in ("offsets", "term_ids", "counts", "lengths"):
            np.testing.assert_array_equal(getattr(back, name), getattr(whole, name), err_msg=name)
    assert chunks == []  # each chunk let go once placed


def write_pages(
    root: Path, bodies: dict[str, str], changed: set[str] | None = None
) -> tuple[PageMap, list[tuple[int, int] | None]]:
    root.mkdir(parents=True, exist_ok=True)
    for path, body in bodies.items():
        if changed is None or path in changed:
            (root / path).write_text(body, encoding="utf-8")
    entries = tuple(PageEntry(path, path.upper(), f"about {path}") for path in bodies)
    stats: list[tuple[int, int] | None] = []
    for entry in entries:
        stat = (root / entry.path).stat()
        stats.append((stat.st_mtime_ns, stat.st_size))
    return PageMap(wiki_dir=root, entries=entries), stats


def by_word(built: BuiltIndex) -> dict[str, list[tuple[int, float]]]:
    """Each word's (document, score) entries: the index whatever ids its words got."""
    assert built.retriever is not None
    scores = built.retriever.scores
    out: dict[str, list[tuple[int, float]]] = {}
    for word, term in built.retriever.vocab_dict.items():
        run = slice(scores["indptr"][term], scores["indptr"][term + 1])
        out[word] = list(
            zip(scores["indices"][run].tolist(), scores["data"][run].tolist(), strict=True)
        )
    return out


def test_an_update_from_the_cache_file_equals_a_fresh_build(tmp_path: Path) -> None:
    wiki = tmp_path / "wiki"
    bodies = {f"p{n}.md": f"castle {n} " + "wool ship " * n for n in range(6)}
    bodies["big.md"] = "battle " * 70_000  # a count beyond uint16: stored as int32
    page_map, stats = write_pages(wiki, bodies)
    first = build_index(wiki, page_map, stats, 2_000_000)
    assert first.stored.counts.tf.dtype == np.int32
    store = tmp_path / "cache" / "index.npz"
    save_index(store, first, fingerprint="f", max_page_bytes=2_000_000)

    bodies["p2.md"] = "a trebuchet and a catapult"
    del bodies["p4.md"]
    (wiki / "p4.md").unlink()
    page_map, stats = write_pages(wiki, bodies, changed={"p2.md"})
    previous = load_stored_terms(store, 2_000_000)
    assert previous is not None
    updated = build_index(wiki, page_map, stats, 2_000_000, previous)
    fresh = build_index(wiki, page_map, stats, 2_000_000)
    assert (updated.pages_encoded, fresh.pages_encoded) == (1, len(page_map))
    assert updated.stored.keys == fresh.stored.keys
    assert by_word(updated) == by_word(fresh)
    assert "catapult" in by_word(updated) and "wool" in by_word(updated)


def test_a_helper_process_builds_the_same_index(tmp_path: Path) -> None:
    wiki = tmp_path / "wiki"
    bodies = {f"p{n}.md": f"castle {n} " + "wool ship " * n for n in range(9)}
    bodies["cjk.md"] = "学生券的价格 and the Île-de-France's châteaux"
    bodies["big.md"] = "battle " * 70_000
    bodies["binary.md"] = "ship\x00wool"  # unreadable: ranked on its index line
    page_map, stats = write_pages(wiki, bodies)
    alone = build_index(wiki, page_map, stats, 2_000_000, processes=1)
    helped = build_index(wiki, page_map, stats, 2_000_000, processes=2)
    assert helped.pages_encoded == alone.pages_encoded == len(page_map)
    assert helped.stored.keys == alone.stored.keys
    assert by_word(helped) == by_word(alone)
    assert {"学生", "île", "ship"} <= by_word(helped).keys()
    np.testing.assert_array_equal(helped.stored.counts.lengths, alone.stored.counts.lengths)


def test_chunks_survive_the_file_between_processes(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    chunks = [
        count_chunk([tokens({0: 3, 2: 1}, rng), tokens({1: 70_000}, rng)], 3),
        count_chunk([tokens({2: 5}, rng)], 3),
    ]
    path = tmp_path / "chunks.npz"
    write_chunks(path, chunks, ["castle", "battle", "wool"])
    loaded, vocab = read_chunks(path)
    assert vocab == ["castle", "battle", "wool"]
    for ours, theirs in zip(loaded, chunks, strict=True):
        for name in ("ptr", "docs", "counts", "lengths"):
            np.testing.assert_array_equal(getattr(ours, name), getattr(theirs, name))
    # Renamed into a vocabulary where battle=0, wool=1, castle=3 (2 is another word).
    renamed = [remap_chunk(chunk, np.array([3, 0, 1]), 4) for chunk in loaded]
    matrix = term_major(renamed, 4)
    np.testing.assert_array_equal(matrix.indptr, [0, 1, 3, 3, 4])
    np.testing.assert_array_equal(matrix.docs, [1, 0, 2, 0])
    np.testing.assert_array_equal(matrix.tf, [70_000, 1, 5, 3])
    assert matrix.tf.dtype == np.int32
    path.write_bytes(path.read_bytes()[:100])
    with pytest.raises(ValueError, match="damaged"):
        read_chunks(path)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.dictionaries(st.integers(0, 300_000), st.integers(1, 5), max_size=20),
        min_size=1,
        max_size=8,
    ),
    st.integers(0, 99),
)
def test_a_chunk_counts_any_vocabulary_size(docs: list[dict[int, int]], seed: int) -> None:
    # Term ids past 65,535 take the second radix pass; the triples must come out the same.
    rng = np.random.default_rng(seed)
    chunk = count_chunk([tokens(doc, rng) for doc in docs], 300_001)
    found = {
        term: list(
            zip(chunk.docs[start:stop].tolist(), chunk.counts[start:stop].tolist(), strict=True)
        )
        for term, (start, stop) in enumerate(zip(chunk.ptr[:-1], chunk.ptr[1:], strict=True))
        if stop > start
    }
    expected: dict[int, list[tuple[int, int]]] = {}
    for number, doc in enumerate(docs):
        for term, count in doc.items():
            expected.setdefault(term, []).append((number, count))
    assert found == {term: expected[term] for term in sorted(expected)}
    np.testing.assert_array_equal(chunk.lengths, [sum(doc.values()) for doc in docs])

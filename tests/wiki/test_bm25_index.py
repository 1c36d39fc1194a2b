"""BM25 index arrays: the fast matrix equals bm25s's own, and reusing stored pages gives the
same index as building from scratch."""

from __future__ import annotations

import os
from pathlib import Path

import bm25s
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swarm.wiki import bm25_encode, bm25_index
from swarm.wiki.bm25_index import (
    CorpusEncoder,
    bm25_matrix,
    build_index,
    document_head,
)
from swarm.wiki.bm25_layout import DocTerms
from swarm.wiki.bm25_store import load_matrix, load_stored_terms, save_index
from swarm.wiki.index import PageEntry, PageMap
from swarm.wiki.pages import read_page_text
from swarm.wiki.tokens import tokenize

WORDS = ["norman", "castle", "battle", "hastings", "1066", "rollo", "the", "of", "ship", "wool"]


def reference_retriever(docs: list[list[int]], vocab: dict[str, int]) -> bm25s.BM25:
    reference = bm25s.BM25(method="lucene")
    reference.index((docs, dict(vocab)), create_empty_token=False, show_progress=False)
    return reference


def assert_same_scores(ours: bm25s.BM25, reference: bm25s.BM25, vocab: dict[str, int]) -> None:
    for word, token in vocab.items():
        np.testing.assert_allclose(
            ours.get_scores_from_ids([ours.vocab_dict[word]]),
            reference.get_scores_from_ids([token]),
            rtol=1e-5,
            err_msg=word,
        )


def write_wiki(root: Path, bodies: dict[str, str]) -> PageMap:
    root.mkdir(parents=True, exist_ok=True)
    for path, body in bodies.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(body, encoding="utf-8")
    entries = tuple(PageEntry(path, path.upper(), f"about {path}", "History") for path in bodies)
    return PageMap(wiki_dir=root, entries=entries)


def stats(page_map: PageMap) -> list[tuple[int, int] | None]:
    result: list[tuple[int, int] | None] = []
    for entry in page_map.entries:
        stat = (Path(page_map.wiki_dir) / entry.path).stat()
        result.append((stat.st_mtime_ns, stat.st_size))
    return result


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.text(st.sampled_from("ab zé学生券 -.,'\u00a0Σ1"), max_size=40)
        | st.lists(st.sampled_from(WORDS + ["Castles", "THE", "ships'"]), max_size=20).map(
            " ".join
        ),
        max_size=6,
    )
)
def test_encoded_pages_are_their_tokens(texts: list[str]) -> None:
    """Page after page (new words given ids as met, stopwords and lone letters dropped), each
    page's ids name exactly the stems `tokenize` gives it."""
    encoder = CorpusEncoder()
    for text in texts:
        ids = encoder.encode(text)
        words_by_id = list(encoder.vocab)
        assert ids.dtype == np.int32
        assert [words_by_id[i] for i in ids.tolist()] == tokenize(text)


# Words of every length the bulk encoder tells apart (up to 8 bytes, 9-16, longer, over the
# 40 characters a token keeps), non-ASCII ones, stopwords and lone letters.
_BULK_WORDS = [
    "a", "of", "tar", "sort", "files", "castles", "hastings", "normandy1", "cathedrals",
    "hastingsbattle", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqrstuvwx",
    "x" * 41, "Café", "naïve", "Zürich—Genf", "学生券", "ΣΑΣ", "1066", "the", "Castles",
]  # fmt: skip
_BULK_TEXTS = st.lists(
    st.lists(st.sampled_from(_BULK_WORDS), max_size=25).map(" ".join)
    | st.text(st.sampled_from("ab zé学生券 -.,'\u00a0Σ1"), max_size=40),
    max_size=8,
)


@settings(max_examples=80, deadline=None)
@given(_BULK_TEXTS, st.booleans())
def test_bulk_encoding_equals_page_by_page(texts: list[str], shared_slots: bool) -> None:
    """Pages encoded together give each page the ids of its `tokenize` stems, and the
    vocabulary in the order the stems are first met page after page, as one page at a time
    does; also when every word falls in one hash slot (all but one read one by one)."""
    with pytest.MonkeyPatch.context() as patch:
        if shared_slots:
            patch.setattr(bm25_encode, "_MIX_FIRST", np.uint64(0))
            patch.setattr(bm25_encode, "_MIX_SECOND", np.uint64(0))
        together = CorpusEncoder()
        encoded = together.encode_many(texts)
    one_by_one = CorpusEncoder()
    assert [ids.tolist() for ids in encoded] == [one_by_one.encode(t).tolist() for t in texts]
    assert list(together.vocab) == list(one_by_one.vocab)
    stems = [stem for text in texts for stem in tokenize(text)]
    assert list(together.vocab) == list(dict.fromkeys(stems))
    words_by_id = list(together.vocab)
    for text, ids in zip(texts, encoded, strict=True):
        assert ids.dtype == np.int32
        assert [words_by_id[i] for i in ids.tolist()] == tokenize(text)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(WORDS), max_size=30).map(" ".join), min_size=1, max_size=12),
    st.integers(min_value=1, max_value=64),
)
def test_matrix_equals_bm25s_index(texts: list[str], chunk_tokens: int) -> None:
    encoder = CorpusEncoder()
    encoded = [encoder.encode(text) for text in texts]
    if not encoder.vocab:
        return
    with pytest.MonkeyPatch.context() as patch:
        # Small chunks: documents are counted across several flushes, as in a large wiki.
        patch.setattr(bm25_index, "_COUNT_CHUNK_TOKENS", chunk_tokens)
        # ...and encoded a few pages at a time (a new word's id given in a later batch)
        patch.setattr(bm25_index, "_ENCODE_BATCH_BYTES", chunk_tokens * 4)
        counter = bm25_index._TermCounter(CorpusEncoder())
        for text in texts:
            counter.add(text)
        terms = counter.finish()
    assert terms.num_docs == len(texts)
    np.testing.assert_array_equal(terms.lengths, [len(doc) for doc in encoded])
    retriever = bm25s.BM25(method="lucene")
    # and the matrix placed a few pairs at a time too
    vocab_size, k1, b = len(encoder.vocab), retriever.k1, retriever.b
    matrix = bm25_matrix(terms, vocab_size, k1=k1, b=b, chunk_pairs=chunk_tokens)
    whole = bm25_matrix(terms, vocab_size, k1=k1, b=b)
    for name in ("data", "indices", "indptr"):
        np.testing.assert_array_equal(matrix[name], whole[name])
    ours = bm25_index.make_retriever(matrix, dict(encoder.vocab))
    reference = reference_retriever([doc.tolist() for doc in encoded], encoder.vocab)
    assert_same_scores(ours, reference, encoder.vocab)
    np.testing.assert_array_equal(matrix["indptr"], reference.scores["indptr"])
    np.testing.assert_array_equal(matrix["indices"], reference.scores["indices"])


def test_built_index_matches_bm25s_on_a_wiki(tmp_path: Path) -> None:
    page_map = write_wiki(
        tmp_path / "wiki",
        {
            "a.md": "The Normans settled in Normandy. Rollo was their first ruler.",
            "b/c.md": "---\nx: 1\n---\nThe Battle of Hastings, 1066. The battle was long.",
            "d.md": "Castles and cathedrals, castles again.",
        },
    )
    built = build_index(tmp_path / "wiki", page_map, stats(page_map), 2_000_000)
    assert built.retriever is not None and built.pages_encoded == 3
    encoder = CorpusEncoder()
    docs = [
        encoder.encode(document_head(entry) + read_page_text(tmp_path / "wiki", entry.path))
        for entry in page_map.entries
    ]
    reference = reference_retriever([doc.tolist() for doc in docs], encoder.vocab)
    assert_same_scores(built.retriever, reference, encoder.vocab)


def test_reusing_stored_pages_equals_a_fresh_build(tmp_path: Path) -> None:
    wiki = tmp_path / "wiki"
    bodies = {f"p{number}.md": f"page {number} " + " ".join(WORDS[number:]) for number in range(8)}
    page_map = write_wiki(wiki, bodies)
    first = build_index(wiki, page_map, stats(page_map), 2_000_000)
    (wiki / "p3.md").write_text("a trebuchet and a catapult", encoding="utf-8")
    (wiki / "p5.md").unlink()
    (wiki / "new.md").write_text("longships of the vikings", encoding="utf-8")
    entries = [e for e in page_map.entries if e.path != "p5.md"]
    entries.insert(2, PageEntry("new.md", "NEW.MD", "about new.md", "History"))
    changed = PageMap(wiki_dir=wiki, entries=tuple(entries))

    updated = build_index(wiki, changed, stats(changed), 2_000_000, first.stored)
    fresh = build_index(wiki, changed, stats(changed), 2_000_000)
    assert updated.pages_encoded == 2 and fresh.pages_encoded == len(changed)
    assert updated.retriever is not None and fresh.retriever is not None
    assert sorted(updated.stored.vocab) == sorted(fresh.stored.vocab)  # p5's words dropped
    assert updated.stored.keys == fresh.stored.keys
    for word in fresh.stored.vocab:
        np.testing.assert_allclose(
            updated.retriever.get_scores_from_ids([updated.retriever.vocab_dict[word]]),
            fresh.retriever.get_scores_from_ids([fresh.retriever.vocab_dict[word]]),
            rtol=1e-6,
            err_msg=word,
        )


def test_take_reorders_documents() -> None:
    terms = DocTerms(
        np.array([0, 2, 2, 5], dtype=np.int64),
        np.array([1, 4, 0, 2, 3], dtype=np.int32),
        np.array([1, 2, 3, 4, 5], dtype=np.int32),
        np.array([3, 0, 12], dtype=np.int64),
    )
    taken = terms.take(np.array([2, 0, 1], dtype=np.int64))
    np.testing.assert_array_equal(taken.offsets, [0, 3, 5, 5])
    np.testing.assert_array_equal(taken.term_ids, [0, 2, 3, 1, 4])
    np.testing.assert_array_equal(taken.counts, [3, 4, 5, 1, 2])
    np.testing.assert_array_equal(taken.lengths, [12, 3, 0])
    assert terms.take(np.arange(3, dtype=np.int64)) is terms


def test_cache_file_round_trip_and_settings_mismatch(tmp_path: Path) -> None:
    page_map = write_wiki(tmp_path / "wiki", {"a.md": "castle battle", "b.md": "wool ship"})
    built = build_index(tmp_path / "wiki", page_map, stats(page_map), 2_000_000)
    store = tmp_path / "cache" / "index.npz"
    save_index(store, built, fingerprint="f1", max_page_bytes=2_000_000)
    loaded = load_matrix(store, "f1", 2, 2_000_000)
    assert loaded is not None
    assert loaded.vocab_dict == {word: n for n, word in enumerate(built.stored.vocab)}
    assert load_matrix(store, "other", 2, 2_000_000) is None
    assert load_matrix(store, "f1", 3, 2_000_000) is None  # doc ids would not fit
    assert load_matrix(store, "f1", 2, 1_000) is None
    stored = load_stored_terms(store, 2_000_000)
    assert stored is not None and stored.keys == built.stored.keys
    assert load_stored_terms(store, 1_000) is None
    assert [p.name for p in store.parent.iterdir()] == ["index.npz"]


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda path: path.write_bytes(b"not a zip"), id="garbage"),
        pytest.param(lambda path: path.write_bytes(path.read_bytes()[:200]), id="truncated"),
        pytest.param(lambda path: path.write_bytes(b""), id="empty"),
    ],
)
def test_damaged_cache_file_loads_as_none(tmp_path: Path, damage: object) -> None:
    page_map = write_wiki(tmp_path / "wiki", {"a.md": "castle battle"})
    built = build_index(tmp_path / "wiki", page_map, stats(page_map), 2_000_000)
    store = tmp_path / "index.npz"
    save_index(store, built, fingerprint="f", max_page_bytes=10)
    assert callable(damage)
    damage(store)
    assert load_matrix(store, "f", 1, 10) is None
    assert load_stored_terms(store, 10) is None


@pytest.mark.parametrize(
    ("member", "damage"),
    [
        pytest.param("indices", lambda array: array + 1000, id="doc ids beyond the page count"),
        pytest.param("tf", lambda array: array * 0, id="zero counts"),
        pytest.param("indptr", lambda array: array[::-1].copy(), id="pointers not ascending"),
        pytest.param("lengths", lambda array: array[:1], id="a length short"),
    ],
)
def test_inconsistent_arrays_are_refused(tmp_path: Path, member: str, damage: object) -> None:
    page_map = write_wiki(tmp_path / "wiki", {"a.md": "castle battle", "b.md": "ship"})
    built = build_index(tmp_path / "wiki", page_map, stats(page_map), 2_000_000)
    store = tmp_path / "index.npz"
    save_index(store, built, fingerprint="f", max_page_bytes=10)
    assert load_stored_terms(store, 10) is not None
    with np.load(store) as archive:
        arrays = {name: archive[name] for name in archive.files}
    assert callable(damage)
    arrays[member] = damage(arrays[member])
    with store.open("wb") as handle:
        np.savez(handle, **arrays)
    assert load_stored_terms(store, 10) is None
    if member in ("indices", "indptr"):
        assert load_matrix(store, "f", 2, 10) is None


@given(st.lists(st.sampled_from(["a", "b.", ".", "..", "/", ".md", "md", "x.y", "é"]), max_size=8))
def test_document_head_names_the_path_without_its_extension(pieces: list[str]) -> None:
    path = "".join(pieces)
    head = document_head(PageEntry(path, "T", "what", "Section"))
    assert head == f"T T what Section {os.path.splitext(path)[0]}\n"

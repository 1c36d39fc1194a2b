"""A canonical hash of the BM25 index a first build makes of each wiki, to check that a
change to the build (tokenizer, page reads, index parse) leaves the index bit-identical.

    python benchmarks/index_hash.py WIKI_DIR [WIKI_DIR ...]

Prints one line a wiki: pages, vocabulary size, (document, tf) pairs and the blake2b of
every stem's (document, tf) and (document, score) runs taken in the stems' sorted order, so
the hash does not depend on the order ids were given in. Run it with `PYTHONPATH=<a git
archive of another commit>` for that commit's figures (the build runs in one process).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path


def index_hash(wiki: Path) -> str:
    import numpy as np

    from swarm.config import get_settings
    from swarm.wiki.bm25_index import build_index
    from swarm.wiki.index import load_page_map

    page_map = load_page_map(wiki)
    stats: list[tuple[int, int] | None] = []
    for entry in page_map.entries:
        try:
            stat = os.stat(wiki / entry.path)
            stats.append((stat.st_mtime_ns, stat.st_size))
        except (OSError, ValueError):
            stats.append(None)
    built = build_index(wiki, page_map, stats, get_settings().max_page_bytes, processes=1)
    counts = built.stored.counts
    if built.retriever is None:
        return f"{wiki.name}: {len(page_map)} pages, empty index"
    scores = built.retriever.scores
    assert np.array_equal(scores["indptr"], counts.indptr)
    indptr = counts.indptr.tolist()
    docs = counts.docs.astype("<i4")
    tf = np.asarray(counts.tf).astype("<i4")
    data = np.asarray(scores["data"]).astype("<f4")
    digest = hashlib.blake2b(digest_size=16)
    digest.update(np.asarray(counts.lengths).astype("<i8").tobytes())
    for word, term in sorted(built.retriever.vocab_dict.items()):
        start, stop = indptr[term], indptr[term + 1]
        digest.update(word.encode("utf-8", "surrogatepass") + b"\0")
        digest.update(docs[start:stop].tobytes())
        digest.update(tf[start:stop].tobytes())
        digest.update(data[start:stop].tobytes())
    return (
        f"{wiki.name}: {len(page_map)} pages, {len(indptr) - 1} stems, "
        f"{len(docs)} pairs, {digest.hexdigest()}"
    )


def main(argv: list[str]) -> int:
    for arg in argv:
        print(index_hash(Path(arg).resolve()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The ranking's page-level signals beside BM25: the IDF of query tokens, read from the
score matrix, the bonus of a page the query names and that of the query words its index
line holds (`swarm.wiki.ranking`)."""

from __future__ import annotations

import math
import os
from functools import lru_cache

import bm25s

from swarm.wiki.index import PageEntry
from swarm.wiki.tokens import tokenize

__all__ = ["index_line_idf", "named_idf", "token_idf"]


def token_idf(retriever: bm25s.BM25, vocab: dict[str, int], tokens: set[str]) -> dict[str, float]:
    """BM25's (Lucene) IDF of each token, from its document count in the score matrix; a
    token no page holds is left out."""
    indptr = retriever.scores["indptr"]
    num_docs = int(retriever.scores["num_docs"])
    idf: dict[str, float] = {}
    for token in tokens:
        term = vocab.get(token)
        if term is not None:
            docs = int(indptr[term + 1] - indptr[term])
            idf[token] = math.log1p((num_docs - docs + 0.5) / (docs + 0.5))
    return idf


def named_idf(entry: PageEntry, idf: dict[str, float]) -> float:
    """The IDF of the page's title words, or of its file name's, when the query (whose
    tokens `idf` holds) has every one of them; else 0."""
    best = 0.0
    for name in (entry.title, os.path.splitext(os.path.basename(entry.path))[0]):
        tokens = set(_name_tokens(name))
        if tokens and tokens <= idf.keys():
            best = max(best, sum(idf[token] for token in tokens))
    return best


@lru_cache(maxsize=65_536)
def _name_tokens(name: str) -> tuple[str, ...]:
    """`tokenize(name)`, memoised: the same titles and file names are scored query after query."""
    return tuple(tokenize(name))


def index_line_idf(entry: PageEntry, idf: dict[str, float]) -> float:
    """The IDF of the query tokens (those `idf` holds) that the page's index line has: its
    title, its description or its path's folder and file names."""
    line = _index_line_tokens(entry.title, entry.description, entry.path)
    return sum(value for token, value in idf.items() if token in line)


# Only the candidates of a query are looked up (40 in a large wiki): a few thousand entries
# keep the pages that come back query after query without holding a set per page.
@lru_cache(maxsize=4096)
def _index_line_tokens(title: str, description: str, path: str) -> frozenset[str]:
    return frozenset(tokenize(f"{title} {description} {os.path.splitext(path)[0]}"))

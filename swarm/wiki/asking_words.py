"""How much each word of a how-to question counts in the page ranking: the words telling the
asker's situation count a quarter.

A how-to question asks for a command or a method, and words such as "actually", "already",
"usually", "one" or "someone" (`swarm.models.question_words.SITUATION_WORDS`) tell the
asker's situation, not the thing to do; pages rarely write them, so BM25 gave them a high IDF
and the page that happened to hold them outranked the page of the command ("how can i tell
if rust actually got installed properly" read the pages on installing over the one on
troubleshooting an install; "collapse multiple blank lines into one" read `nl` before `cat`).
The offline answer already lets these words off in a how-to's test for "high" and weighs
general words at `GENERIC_WEIGHT` of their IDF; the ranking now weighs them the same, in BM25
and in every bonus read from the IDF (passage window, index line, named page). Other
questions keep every word whole: there "still" or "well" can be what is asked ("Are we still
on RabbitMQ?"). A question made only of such words keeps them whole too.
"""

from __future__ import annotations

from collections.abc import Sequence

import bm25s
import numpy as np
import numpy.typing as npt

from swarm.wiki.name_scores import token_idf
from swarm.wiki.time_context import asks_how_to

__all__ = ["weighted_scores"]


def weighted_scores(
    retriever: bm25s.BM25, vocab: dict[str, int], query: str, asked: Sequence[str]
) -> tuple[npt.NDArray[np.floating], dict[str, float]] | None:
    """(each page's BM25 score for `asked`, `query`'s tokens, and each one's IDF), both with
    the words of the asker's situation (`SITUATION_WORDS`) at `GENERIC_WEIGHT` when `query`
    asks how to do something (`asks_how_to`); None when no asked token is in `vocab`."""
    held = list(dict.fromkeys(token for token in asked if token in vocab))
    if not held:
        return None
    light: list[str] = []
    weight = 1.0
    if asks_how_to(query):
        # Imported here: swarm.models loads the settings, which other rankings need not.
        from swarm.models.question_words import GENERIC_WEIGHT, SITUATION_WORDS

        light = [token for token in held if token in SITUATION_WORDS]
        weight = GENERIC_WEIGHT
    if len(light) == len(held):  # nothing but such words: they are what is asked
        light = []
    heavy = [vocab[token] for token in held if token not in light]
    scores = np.asarray(retriever.get_scores_from_ids(heavy))
    if light:
        lighter = retriever.get_scores_from_ids([vocab[token] for token in light])
        scores = scores + np.float32(weight) * np.asarray(lighter)
    idf = token_idf(retriever, vocab, set(held))
    for token in light:
        idf[token] *= weight
    return scores, idf

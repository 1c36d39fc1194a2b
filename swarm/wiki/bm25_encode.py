"""Pages to vocabulary ids in bulk, for an index build: the same ids `CorpusEncoder.encode`
gives page by page (`swarm.wiki.bm25_index`), found without a string object per token.

A batch of pages' words (`tokens.word_bytes`: UTF-8 words between ASCII spaces) is read as
one byte array. A word of up to 16 bytes is its bytes read as two little-endian integers
(no word holds a zero byte, so two words share both only when they are the same word),
mixed into a slot of a hash table; each token's slot names one of its tokens, and a token
holding the same two integers is the same word. Only each word's first token is decoded
and looked up (stemmed when new); the rare rest (a word over 16 bytes, a slot two words
share) are decoded one by one. Making, hashing and looking up one `str` per token cost
the cheatsheet fixture's first ever (4,259 pages, 650k tokens; settings, index parse,
ranking build, first answer) 2,302M instructions under callgrind; this way, 2,019M.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["encode_batch"]

Int32Array = npt.NDArray[np.int32]
Int64Array = npt.NDArray[np.int64]

_SPACE = ord(" ")
_KEY_BYTES = 8  # a word's bytes are read as integers of this many
# Odd constants (from splitmix64) mixing a word's two keys into its hash slot.
_MIX_FIRST = np.uint64(0x9E3779B97F4A7C15)
_MIX_SECOND = np.uint64(0xBF58476D1CE4E5B9)
# The mask keeping a word's own bytes of the 8 read from its start, by its length.
_KEY_MASKS = np.array(
    [(1 << (8 * length)) - 1 for length in range(_KEY_BYTES)] + [(1 << 64) - 1], dtype=np.uint64
)


def _words_at(joined: bytes, starts: Int64Array, ends: Int64Array) -> list[str]:
    return [
        joined[start:end].decode("utf-8")
        for start, end in zip(starts.tolist(), ends.tolist(), strict=True)
    ]


def encode_batch(
    streams: Sequence[bytes], word_id: Callable[[str], int], known: Callable[[str], bool]
) -> tuple[Int32Array, Int64Array]:
    """Each stream's words (`word_bytes` of one page) as ids, in order: (every page's ids
    one after another, each page's number of ids). `word_id(word)` gives a word's id (-1:
    no token), stemming a word met for the first time and giving a new stem the next id;
    it is called for the batch's words not `known` yet in the order of their first
    occurrence, so ids are given in the order `encode` page by page would give them."""
    joined = b" ".join([b"", *streams, b""])  # a space before, between and after the pages
    sizes = np.fromiter(map(len, streams), np.int64, len(streams)) + 1
    page_starts = np.cumsum(sizes) - sizes + 1
    space = np.frombuffer(joined, np.uint8) == _SPACE
    flips = np.flatnonzero(space[1:] != space[:-1]) + 1
    del space
    starts, ends = flips[0::2], flips[1::2]
    lengths = ends - starts
    count = len(starts)
    tokens_per_page = np.diff(np.searchsorted(starts, np.append(page_starts, len(joined))))

    # Each token's representative: the token its hash slot went to, when both hold the same
    # bytes (both keys equal); the rest (a slot shared by two words, a word over 16 bytes)
    # are read one by one below.
    padded = joined + bytes(2 * _KEY_BYTES)
    windows = np.ndarray((len(joined) + _KEY_BYTES,), dtype="<u8", buffer=padded, strides=(1,))
    first_key = windows[starts] & _KEY_MASKS[np.minimum(lengths, _KEY_BYTES)]
    second_key = np.zeros(count, dtype=np.uint64)  # 0 for a word of 8 bytes or less
    longer = np.flatnonzero(lengths > _KEY_BYTES)
    second_key[longer] = (
        windows[starts[longer] + _KEY_BYTES]
        & _KEY_MASKS[np.minimum(lengths[longer] - _KEY_BYTES, _KEY_BYTES)]
    )
    # at least twice the tokens' number of slots: far more than their distinct words
    bits = max(16, min(24, (2 * count).bit_length()))
    with np.errstate(over="ignore"):
        slots = first_key * _MIX_FIRST
        slots ^= second_key * _MIX_SECOND
        slots *= _MIX_FIRST
    slots >>= np.uint64(64 - bits)
    slot_token = np.empty(1 << bits, dtype=np.int32)  # a batch holds < 2**31 tokens
    tokens = np.arange(count)
    slot_token[slots] = tokens  # one of the tokens of each slot
    representative = slot_token[slots]
    del slots, slot_token
    same = (first_key[representative] == first_key) & (second_key[representative] == second_key)
    same &= lengths <= 2 * _KEY_BYTES
    del first_key, second_key
    # each representative's first token (the least position of its word's tokens)
    first_of = np.full(count, count, dtype=np.int64)
    np.minimum.at(first_of, representative[same], tokens[same])
    represented = np.flatnonzero(first_of < count)
    firsts = first_of[represented]
    rep_words = _words_at(joined, starts[firsts], ends[firsts])
    others = np.flatnonzero(~same)
    other_words = _words_at(joined, starts[others], ends[others])

    # The batch's new words, each at its first token, given ids in that order.
    first_seen: dict[str, int] = {}
    for token, word in zip(firsts.tolist(), rep_words, strict=True):
        if not known(word):
            first_seen[word] = token
    for token, word in zip(others.tolist(), other_words, strict=True):
        if not known(word):
            seen = first_seen.get(word)
            if seen is None or token < seen:
                first_seen[word] = token
    for word in sorted(first_seen, key=first_seen.__getitem__):
        word_id(word)
    rep_ids = np.empty(count, dtype=np.int64)
    rep_ids[represented] = np.fromiter(map(word_id, rep_words), np.int64, len(rep_words))
    ids = rep_ids[representative]
    ids[others] = np.fromiter(map(word_id, other_words), np.int64, len(other_words))

    kept = ids >= 0
    pages = np.repeat(np.arange(len(streams)), tokens_per_page)
    kept_per_page = np.bincount(pages[kept], minlength=len(streams)).astype(np.int64)
    return ids[kept].astype(np.int32), kept_per_page

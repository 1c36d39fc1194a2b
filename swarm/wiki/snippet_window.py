"""Query snippets: the window of a page's passages that holds the most query tokens.

The passages are `tokens.page_passages`; the ranker keeps each page's passages and, per
passage, its tokens once tokenized (`PassageTokens`), so the same pages cost less query after
query.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from swarm.wiki.page_text import truncate_with_marker
from swarm.wiki.tokens import _WORD_RE, content_words, page_passages, stem, tokenize

__all__ = [
    "PassageTokens",
    "best_snippet",
    "snippet_from_passages",
    "snippet_window",
]

_SNIPPET_MAX_SENTENCES = 4


def _join_window(window: list[tuple[str, bool]]) -> str:
    # A heading followed by its text reads as "Support SLA: First response within ...".
    parts = [
        f"{text}:" if is_heading and position < len(window) - 1 else text
        for position, (text, is_heading) in enumerate(window)
    ]
    return " ".join(parts)


def _clip_around_match(text: str, query_tokens: set[str], max_chars: int) -> str:
    """A `max_chars` window of a long passage, starting a little before the first match."""
    start = 0
    for match in _WORD_RE.finditer(text):
        if stem(match.group().lower()) in query_tokens:
            start = match.start()
            break
    start = max(0, start - max_chars // 4)
    if start > 0:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < start + 20 else start
        text = "… " + text[start:]
    return truncate_with_marker(text, max_chars)[0]


def best_snippet(text: str, query: str, max_chars: int) -> str:
    """The passage of `text` (one to a few consecutive sentences, at most `max_chars`) that
    holds the most distinct query tokens; the page's opening when nothing matches."""
    return snippet_from_passages(page_passages(text), query, max_chars)


class PassageTokens(list[frozenset[str] | None]):
    """Per passage of one page, its tokens once tokenized (None: not yet), kept with the
    passages by their caller (the same pages come back query after query); and, once read,
    the passages lowercased and joined with where each ends (`_lowered`). A plain list of
    slots works as a memo too (without the second)."""

    __slots__ = ("lowered",)

    def __init__(self, slots: int) -> None:
        super().__init__([None] * slots)
        self.lowered: tuple[str, list[int]] | None = None


_Memo = list[frozenset[str] | None]  # a `PassageTokens`, or only its slots
_NO_TOKENS: frozenset[str] = frozenset()


def _query_token_sets(
    passages: list[tuple[str, bool]], query_tokens: set[str], memo: _Memo | None
) -> dict[int, set[str]]:
    """The query tokens each passage holds, by position, for the passages that hold some.

    A stem, less its last letter, is a substring of every word it came from ("compan" for
    "companies"), so only a passage whose lowercased text holds one of those probes is
    tokenized: a passage holding none holds no query token (as this function counts them)."""
    probes = {token[:-1] if len(token) > 3 else token for token in query_tokens}
    token_sets: dict[int, set[str]] = {}
    for position in _probed(passages, probes, memo):
        tokens = memo[position] if memo is not None else None
        if tokens is None:
            tokens = frozenset(tokenize(passages[position][0]))
            if memo is not None:
                memo[position] = tokens
        held = tokens & query_tokens
        if held:
            token_sets[position] = set(held)
    return token_sets


def _probed(passages: list[tuple[str, bool]], probes: set[str], memo: _Memo | None) -> list[int]:
    """The positions, in order, of the passages whose lowercased text holds some probe.

    The passages are searched as one lowercased text (`_lowered`; a probe is letters and
    digits, so no match spans two passages), each hit mapped to its passage by its offset;
    the rest of a passage that holds one probe is not searched for it again. A probe holding
    a newline (not one `tokenize` makes) is looked for passage by passage."""
    if any("\n" in probe for probe in probes):
        return [
            position
            for position, (text, _) in enumerate(passages)
            if any(probe in text.lower() for probe in probes)
        ]
    if isinstance(memo, PassageTokens):
        if memo.lowered is None:
            memo.lowered = _lowered(passages)
        lowered, ends = memo.lowered
    else:
        lowered, ends = _lowered(passages)
    hits: set[int] = set()
    for probe in probes:
        start = lowered.find(probe)
        while start >= 0:
            position = bisect_right(ends, start)  # ends[i]: where passage i + 1 starts
            hits.add(position)
            start = lowered.find(probe, ends[position])
    return sorted(hits)


def _lowered(passages: list[tuple[str, bool]]) -> tuple[str, list[int]]:
    """The passages lowercased, joined by newlines, and the offset after each one's newline.

    Lowercasing the joined text is lowercasing each passage (a newline is neither cased nor
    case-ignorable: a final sigma reads the same at a passage's end either way), unless it
    changes a length ("İ" is two characters lowercased): then each is lowercased alone."""
    texts = [text for text, _ in passages]
    joined = "\n".join(texts)
    lowered = joined.lower()
    if len(lowered) != len(joined):  # lower() never shortens a character: equal totals, equal texts
        texts = [text.lower() for text in texts]
        lowered = "\n".join(texts)
    return lowered, list(accumulate(len(text) + 1 for text in texts))


def snippet_from_passages(passages: list[tuple[str, bool]], query: str, max_chars: int) -> str:
    return snippet_window(passages, content_words(query), max_chars)[0]


def snippet_window(
    passages: list[tuple[str, bool]],
    query_tokens: set[str],
    max_chars: int,
    memo: _Memo | None = None,
) -> tuple[str, set[str]]:
    """(snippet, the query tokens its passages hold): the window of up to four consecutive
    passages, at most `max_chars`, holding the most distinct query tokens. `memo` (one slot
    per passage) keeps the passages' tokens for the next query on the same page."""
    if not passages or max_chars <= 0:
        return "", set()
    token_sets = _query_token_sets(passages, query_tokens, memo)
    best_window = (0, 1)
    best_key = (0, 0.0, 0)
    best_covered: set[str] = set()
    # No window beats one passage, not a heading alone, holding every token the page holds.
    unbeaten = (len(set().union(*token_sets.values())), 0.0, 0)
    # A window starts at a passage holding a query token (the others start none better).
    for first in token_sets:
        if best_key == unbeaten:
            break
        covered: set[str] = set()
        length = -1
        for last in range(first, min(first + _SNIPPET_MAX_SENTENCES, len(passages))):
            length += len(passages[last][0]) + 1
            if last > first and length > max_chars:
                break
            covered |= token_sets.get(last, _NO_TOKENS)
            # More query tokens first, then fewer heading-only hits, then the shorter window.
            heading_penalty = -0.5 if passages[first][1] and last == first else 0.0
            key = (len(covered), heading_penalty, -(last - first))
            if key > best_key:
                best_key, best_window, best_covered = key, (first, last + 1), set(covered)
    window_text = _join_window(passages[best_window[0] : best_window[1]])
    if len(window_text) <= max_chars:
        return window_text, best_covered
    return _clip_around_match(window_text, query_tokens, max_chars), best_covered

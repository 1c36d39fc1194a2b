"""Query snippets: the window of a page's passages that holds the most query tokens.

The passages are `tokens.page_passages`; the ranker keeps each page's passages and, per
passage, its tokens once tokenized (`PassageTokens`), so the same pages cost less query after
query.
"""

from __future__ import annotations

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


# Per passage of one page, its tokens once tokenized (None: not yet), kept with the passages
# by their caller: the same pages come back query after query.
PassageTokens = list[frozenset[str] | None]


def _query_token_sets(
    passages: list[tuple[str, bool]], query_tokens: set[str], memo: PassageTokens | None
) -> list[set[str]]:
    # A stem, less its last letter, is a substring of every word it came from ("compan" for
    # "companies"), so a substring probe skips tokenizing sentences that cannot match.
    probes = {token[:-1] if len(token) > 3 else token for token in query_tokens}
    token_sets: list[set[str]] = []
    for position, (sentence, _) in enumerate(passages):
        lowered = sentence.lower()
        if any(probe in lowered for probe in probes):
            tokens = memo[position] if memo is not None else None
            if tokens is None:
                tokens = frozenset(tokenize(sentence))
                if memo is not None:
                    memo[position] = tokens
            token_sets.append(set(tokens & query_tokens))
        else:
            token_sets.append(set())
    return token_sets


def snippet_from_passages(passages: list[tuple[str, bool]], query: str, max_chars: int) -> str:
    return snippet_window(passages, content_words(query), max_chars)[0]


def snippet_window(
    passages: list[tuple[str, bool]],
    query_tokens: set[str],
    max_chars: int,
    memo: PassageTokens | None = None,
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
    for first in range(len(passages)):
        if not token_sets[first]:
            continue
        covered: set[str] = set()
        length = -1
        for last in range(first, min(first + _SNIPPET_MAX_SENTENCES, len(passages))):
            length += len(passages[last][0]) + 1
            if last > first and length > max_chars:
                break
            covered |= token_sets[last]
            # More query tokens first, then fewer heading-only hits, then the shorter window.
            heading_penalty = -0.5 if passages[first][1] and last == first else 0.0
            key = (len(covered), heading_penalty, -(last - first))
            if key > best_key:
                best_key, best_window, best_covered = key, (first, last + 1), set(covered)
    window_text = _join_window(passages[best_window[0] : best_window[1]])
    if len(window_text) <= max_chars:
        return window_text, best_covered
    return _clip_around_match(window_text, query_tokens, max_chars), best_covered

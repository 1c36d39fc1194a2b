"""The part of a long page a question asks about: which `max_chars` window of its body to read.

Swarm reads at most `page_excerpt_chars` (1,500) of each chosen page, to bound the prompt.
The first 1,500 characters hold the answer on a short page, but on a long one (a guide, a
vault note, a handbook chapter) a question is as likely to ask about a section further down:
on two real-text fixtures a quarter to a third of the questions did. So a page longer than
the excerpt is read where the question's words are: the window of whole blocks (paragraphs,
list items, table rows, code blocks, headings) that holds the most of them, weighted by how
rare each is on the page, with the headings above it (and a table's header row) in front so
the window keeps its context. The page's head wins every tie: when the question's words are
no better covered further down, the excerpt is the first 1,500 characters, as before.

Pure text in, text out: nothing here reads files.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from swarm.lazy_re import lazy_compile
from swarm.wiki.page_text import TRUNCATION_MARKER, cut_at_word, truncate_with_marker
from swarm.wiki.tokens import tokenize

__all__ = ["Excerpt", "cut_excerpt", "focus_window"]

_HEADING = lazy_compile(r" {0,3}(#{1,6})(?:[ \t]+|$)")
_FENCE = lazy_compile(r" {0,3}(`{3,}|~{3,})")
_LIST_ITEM = lazy_compile(r" {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
_TABLE_ROW = lazy_compile(r" {0,3}\|")
_TABLE_RULE = lazy_compile(r" {0,3}\|?\s*:?-{1,}:?\s*(?:\|\s*:?-{1,}:?\s*)*\|?\s*$")


@dataclass(frozen=True, slots=True)
class Excerpt:
    """What is read of a page's body: the text (for a window, its context lines first), cut
    with the marker when the page goes on (`truncated`), and where in the body the text
    starts (0: the page's head)."""

    text: str
    truncated: bool = False
    offset: int = 0


def cut_excerpt(
    body: str, max_chars: int, focus: Mapping[str, float] | None, *, cut_short: bool = False
) -> Excerpt:
    """The excerpt of `body` (stripped) to read: the window `focus` (a question's tokens)
    asks about, else the first `max_chars`. `cut_short`: `body` is only what was read of a
    longer file."""
    window = focus_window(body, focus, max_chars, continues=cut_short) if focus else None
    if window is not None:
        return window
    text, truncated = truncate_with_marker(body, max_chars)
    if cut_short and not truncated:
        # The file goes on past what was read, so its last word may be cut: end on a word
        # boundary, marked as cut. The "x" stands for the unread rest and is never kept.
        limit_chars = min(max_chars, len(body) + len(TRUNCATION_MARKER))
        text = cut_at_word(body + "x", limit_chars) if body else ""
        truncated = True
    return Excerpt(text, truncated)


@dataclass(slots=True)
class _Block:
    start: int  # offset in the body
    end: int  # offset after its last character (its final newline excluded)
    level: int = 0  # a heading's level, 0 for any other block
    table_header: str = ""  # for a table row below the rule: the header and rule lines


def _blocks(body: str) -> list[_Block]:
    """The body's blocks in order: each heading line, each paragraph (lines up to a blank
    one), each list item (with its continuation lines), each table row, each fenced code
    block whole."""
    blocks: list[_Block] = []
    fence = ""
    table_header = ""
    table_lines = 0
    current: _Block | None = None
    offset = 0
    for line in body.split("\n"):
        start, offset = offset, offset + len(line) + 1
        end = start + len(line)
        if fence:  # inside a code block: it runs to its closing fence
            assert current is not None
            current.end = end
            stripped = line.strip()
            if stripped.startswith(fence) and not stripped.strip(fence[0]):
                fence, current = "", None
            continue
        if not line.strip():
            current, table_lines, table_header = None, 0, ""
            continue
        opening = _FENCE.match(line)
        heading = _HEADING.match(line)
        if opening or heading:
            current = _Block(start, end, len(heading.group(1)) if heading else 0)
            blocks.append(current)
            fence = opening.group(1) if opening else ""
            current = current if fence else None
            continue
        if _TABLE_ROW.match(line):
            table_lines += 1
            if table_lines == 2 and _TABLE_RULE.match(line) and current is not None:
                table_header = body[current.start : end]
                current.end = end  # the header row and its rule are one block
                continue
            current = _Block(start, end, table_header=table_header)
            blocks.append(current)
            continue
        table_lines, table_header = 0, ""
        if current is None or _LIST_ITEM.match(line):
            current = _Block(start, end)
            blocks.append(current)
        else:
            current.end = end
    return blocks


def _trails(blocks: list[_Block], body: str) -> list[str]:
    """Per block, the heading lines above it (the nearest of each shallower level), in
    order: the context a window starting at that block is read with."""
    open_headings: list[tuple[int, str]] = []
    trails: list[str] = []
    for block in blocks:
        if block.level:  # a heading's own context: the headings it sits under
            while open_headings and open_headings[-1][0] >= block.level:
                open_headings.pop()
        trails.append("".join(f"{text}\n" for _, text in open_headings))
        if block.level:
            open_headings.append((block.level, body[block.start : block.end].strip()))
    return trails


def _block_tokens(body: str, blocks: list[_Block], wanted: set[str]) -> list[frozenset[str]]:
    """Per block, the wanted tokens it holds. Only blocks whose lowercased text holds a
    token's probe (the token less its last letter: a substring of every word it stems
    from) are tokenized."""
    lowered = body.lower()
    if len(lowered) != len(body):  # a character that lowercases longer: tokenize them all
        candidates: Iterable[int] = range(len(blocks))
    else:
        starts = [block.start for block in blocks]
        hits: set[int] = set()
        for token in wanted:
            probe = token[:-1] if len(token) > 3 else token
            found = lowered.find(probe)
            while found >= 0:
                position = bisect_right(starts, found) - 1
                if position >= 0 and found < blocks[position].end:
                    hits.add(position)
                found = lowered.find(probe, found + 1)
        candidates = sorted(hits)
    tokens = [frozenset[str]()] * len(blocks)
    for position in candidates:
        block = blocks[position]
        tokens[position] = frozenset(tokenize(body[block.start : block.end])) & wanted
    return tokens


def focus_window(
    body: str, weights: Mapping[str, float], max_chars: int, *, continues: bool = False
) -> Excerpt | None:
    """The window of `body` to read for a question, given the IDF over the wiki of each of
    its tokens (`tokenize`'s), or None when the page's first `max_chars` serve: the body
    fits, or no later window holds `_HEAD_LACKS_SHARE` of the question's weight on this page
    in words the head lacks. `continues`: the page goes on past `body` (only a prefix was
    read), so a window never ends it."""
    wanted = {token for token, weight in weights.items() if weight > 0}
    if len(body) <= max_chars or not wanted or max_chars < 4 * len(TRUNCATION_MARKER):
        return None
    blocks = _blocks(body)
    if len(blocks) < 2:
        return None
    held = _block_tokens(body, blocks, wanted)
    on_page = frozenset[str]().union(*held)
    # The head is read as it is, its last block cut at the limit: what it shows. A window
    # must bring most of the question's weight on this page in words the head lacks: a head
    # showing the question's rarest words holds the answer more often than a later window
    # adding common ones. Measured (benchmarks/excerpt_cover.py): on the fixtures, whose
    # answers all lie in the heads, a window that merely held more of the question's weight
    # left 97 of 2,351 answers behind, one bringing 50% of it 21, 60% 12; on two real wikis
    # of long pages they read 47, 29 and 24 of the 74 answers lying past the head.
    head = frozenset(tokenize(body[:max_chars])) & wanted
    needed = _HEAD_LACKS_SHARE * sum(weights[token] for token in on_page)
    if sum(weights[token] for token in on_page - head) < needed or not needed:
        return None
    trails = _trails(blocks, body)
    trail_tokens = [frozenset(tokenize(t)) & wanted if t else frozenset[str]() for t in trails]
    best_key, best = (0.0, 0.0, 0), 0
    end = 0
    counts: dict[str, int] = {}
    for first, block in enumerate(blocks):
        header = len(block.table_header) + 1 if block.table_header else 0
        context_chars = len(trails[first]) + header + len(TRUNCATION_MARKER)
        # Extend the window over whole blocks while it fits.
        end = max(end, first)
        while end < len(blocks) and blocks[end].end - block.start + context_chars <= max_chars:
            for token in held[end]:
                counts[token] = counts.get(token, 0) + 1
            end += 1
        own = {token for token, count in counts.items() if count > 0}
        if end == first:  # one block longer than the window: its start is read
            own = set(held[first])
        covered = own | trail_tokens[first]
        if first and sum(weights[token] for token in covered - head) >= needed:
            # The most of the question's weight; then the most in the window's own text (not
            # only in its headings); then the window whose first match comes soonest, so it
            # opens where the question's words are, with what follows them.
            lead = next((p for p in range(first, max(end, first + 1)) if held[p]), first)
            key = (
                sum(weights[token] for token in covered),
                sum(weights[token] for token in own),
                blocks[first].start - blocks[lead].start,
            )
            if key > best_key:
                best_key, best = key, first
        if end > first:
            for token in held[first]:
                counts[token] -= 1
    if best == 0:
        return None
    text = _window_text(body, blocks, trails, best, max_chars, continues)
    return Excerpt(text, True, blocks[best].start)


# The share of the question's weight on a page that a window must bring in words the head
# lacks (see `focus_window`).
_HEAD_LACKS_SHARE = 0.6


def _window_text(
    body: str, blocks: list[_Block], trails: list[str], first: int, max_chars: int, continues: bool
) -> str:
    block = blocks[first]
    context = trails[first] + (f"{block.table_header}\n" if block.table_header else "")
    rest = body[block.start :]
    budget = max_chars - len(context)
    if budget < max_chars // 2:  # a deep trail: keep the nearest headings only
        context = context[-(max_chars // 2) :].partition("\n")[2]
        budget = max_chars - len(context)
    if len(rest) <= budget and not continues:
        return context + rest
    room = budget - len(TRUNCATION_MARKER)
    fitting = [b for b in blocks[first:] if b.end - block.start <= room]
    # End after the last whole block that fits, unless that leaves over a third of the room
    # unread (a long block next: a code block, a paragraph): then cut inside it at a word.
    if fitting and fitting[-1].end - block.start >= room * 2 // 3:
        return context + body[block.start : fitting[-1].end].rstrip() + TRUNCATION_MARKER
    return context + cut_at_word(rest, budget)

"""What the answer's lead passage announces and does not hold: the passages after it.

A passage ending in ":" with no code of its own ("The following people can publish:") is a
lead-in: what it introduces is in the passages after it (a list of names, a paragraph), and a
passage ending in "?" is a question the page asks and answers after it ("How can I write this
without a fixed date?" then "Use `due before in 7 days`."), and a description with no command
is followed by its command in a paragraph of its own ("Run in interactive mode." then "From the
alias: `git clean -id`"). Quoting the lead alone gives the question's words back without the
answer, so the answer goes on to what follows, within the same page and section, up to a short
budget. The answer's confidence is unchanged: it is judged on the lead before this (what is
added is shown, never counted as evidence).
"""

from __future__ import annotations

from collections.abc import Sequence

from swarm.models.scored_passages import ScoredPassage
from swarm.wiki.passages import Passage

__all__ = ["continue_lead", "continued_span"]

# At most this many passages follow a lead-in, and this many characters of them (a short list
# or the paragraph after it, not the rest of the section).
MAX_CONTINUATION_PASSAGES = 4
MAX_CONTINUATION_CHARS = 320


def _commands(passage: Passage, wants_command: bool) -> bool:
    """`passage` is a command under its caption ("From the alias: `git clean -id`"), or, for a
    question asking for a command, carries one."""
    if not passage.code:
        return False
    return wants_command or passage.text.rstrip().endswith(passage.code.rstrip())


def _announces(text: str, code: str) -> bool:
    """A lead-in with nothing after its colon, or a question the page asks."""
    stripped = text.rstrip()
    return (stripped.endswith(":") and not code) or stripped.endswith("?")


def continued_span(
    items: Sequence[ScoredPassage], start: int, end: int, *, wants_command: bool = False
) -> int:
    """The span's new last index: past `end` while its last passage announces what follows.
    After a question, the paragraph or item after it (under the next heading too: "## tl;dr");
    after a lead-in, the passages after it under the same headings (its list). Same page,
    within the continuation's budgets; `end` itself when the span's last passage answers."""
    last = items[end].passage
    if not any(item.passage.code for item in items[start : end + 1]):
        # "Run in interactive mode and remove untracked directories." then, in a paragraph
        # of its own, "From the alias: `git clean -id`": the description, then its command.
        following = items[end + 1].passage if end + 1 < len(items) else None
        if following and following.page == last.page and _commands(following, wants_command):
            if following.context.startswith(last.context):
                return end + 1
    if not _announces(last.text, last.code):
        return end
    question = last.text.rstrip().endswith("?")
    chars = 0
    index = end
    while index + 1 < len(items) and index - end < MAX_CONTINUATION_PASSAGES:
        following = items[index + 1].passage
        if following.page != last.page:
            break
        if question and index > end and following.block != items[index].passage.block:
            break  # the question's answer: one paragraph or item
        if not question and not following.context.startswith(last.context):
            break  # the lead-in's list ends with its section (a command adds the page's summary)
        if chars and chars + len(following.text) > MAX_CONTINUATION_CHARS:
            break
        chars += len(following.text)
        index += 1
        if _announces(following.text, following.code):
            break  # another lead-in or question: what it announces is another answer's
    return index


def continue_lead(
    items: Sequence[ScoredPassage], spans: list[list[ScoredPassage]], *, wants_command: bool
) -> list[list[ScoredPassage]]:
    """`spans` with the lead span carried on past what it announces (`continued_span`), and
    the other spans less any passage it now shows."""
    if not spans:
        return spans
    end = next(i for i, item in enumerate(items) if item is spans[0][-1])
    start = end - len(spans[0]) + 1
    new_end = continued_span(items, start, end, wants_command=wants_command)
    if new_end == end:
        return spans
    added = items[end + 1 : new_end + 1]
    taken = {id(item) for item in added}
    rest = [span for span in spans[1:] if not any(id(item) in taken for item in span)]
    return [[*spans[0], *added], *rest]

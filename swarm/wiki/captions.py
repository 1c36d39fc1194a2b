"""Which prose paragraph captions the code block right after it, for the passage splitter.

Cheat sheets describe a command in the line above it, as a lead-in ("Print only lines common
to both files:"), a phrase ("Force decompression") or a finished sentence or two ("Publish
port 80 on the container as 8000 on the host.", "Clone just one commit, to make downloading
quicker. This implies fetching of the one branch only."): each says what the code under it
does, so the two are one passage. A question ("Why does this fail?") asks, it describes
nothing; a longer paragraph explains, and its code is an example of its own.
"""

from __future__ import annotations

import re

from swarm.wiki.inline_marks import split_sentences

__all__ = ["CAPTION_CHARS", "as_lead_in", "introduces_list", "leads_in", "prose_captions"]

# A finished paragraph this short, of one or two sentences, captions the code after it.
CAPTION_CHARS = 200
_CAPTION_SENTENCES = 2
_FINISHED_SENTENCE = re.compile(r"[.!?。！？][\"')\]]?$")
_ASKS = re.compile(r"[?？][\"')\]]?$")


def prose_captions(text: str, max_chars: int) -> bool:
    """`text` (a one-line paragraph) captions the code block right after it: one unfinished
    sentence of at most `max_chars`, or one or two finished ones of at most `CAPTION_CHARS`
    that ask nothing."""
    sentences = split_sentences(text)
    if not _FINISHED_SENTENCE.search(text):
        return len(sentences) == 1 and len(text) <= max_chars
    return (
        len(text) <= CAPTION_CHARS
        and len(sentences) <= _CAPTION_SENTENCES
        and not _ASKS.search(text)
    )


# A lead-in ends in a colon, ASCII or the fullwidth one of Chinese and Japanese ("如下：").
_COLONS = (":", "：")


def leads_in(text: str) -> bool:
    """`text` ends as a lead-in to what follows it: "Options:", "以下身份验证插件…："."""
    return text.endswith(_COLONS)


def introduces_list(kind: str, text: str) -> bool:
    """A list item (`kind` "item") ending in a colon, or a paragraph ("text") ending in the
    fullwidth one: the list nested or following right after it is its own. A paragraph of
    Chinese or Japanese ends "以下插件：" only to list them; an ASCII colon closes paragraphs
    that go on in their own words over the list (measured: joining those cost right answers
    and made a wrong high on the French and English fixtures)."""
    return (kind == "item" and leads_in(text)) or (kind == "text" and text.endswith("："))


def as_lead_in(line: str) -> str:
    """A caption's last line written as a lead-in to its code: "...on the host:"."""
    if leads_in(line):
        return line
    return (line[:-1] if line.endswith(".") and not line.endswith("..") else line) + ":"

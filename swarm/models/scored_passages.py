"""A passage as the offline scorer reads it: its words, its context's words, the kinds of
answer it holds, and its prose without the code block after its lead-in."""

from __future__ import annotations

from dataclasses import dataclass

from swarm.models.evidence import answer_kinds
from swarm.wiki.passages import Passage

__all__ = ["ScoredPassage", "prose"]


def prose(passage: Passage) -> str:
    """The passage's text without the code block after its lead-in (inline code stays: it
    is written in the sentence, "extract(html, favor_recall=True) got most back")."""
    code, text = passage.code, passage.text
    if code and text.endswith(code) and text[: -len(code)].rstrip().endswith(":"):
        return text[: -len(code)]
    return text


@dataclass(frozen=True, slots=True)
class ScoredPassage:
    passage: Passage
    words: frozenset[str]
    context_words: frozenset[str]

    @property
    def kinds(self) -> frozenset[str]:
        """`answer_kinds` of the text, read only when a question needs them (memoised there)."""
        return answer_kinds(self.passage.text)

"""Marks a person's wiki leaves on what no longer holds or is not done yet. A struck-out value
("The wifi password is ~~sunflower42~~ (changed in March)", "rate ~~£85~~ £95") says the page
was edited in place: which value stands is the writer's knowledge, not the passage's words,
and the struck one reads like any other to the offline answer. An open task ("- [ ] Buy
travel insurance from Allianz") says what is planned, not what was done: no fact for "Which
insurance did we buy?", though it answers "What is still to do?". A placeholder where a value
goes ("API key: YOUR_API_KEY_HERE", "Client: {{name}}", "$X,XXX", "YYYY-MM-DD") is no value.
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["asks_about_tasks", "open_task", "placeholder_value", "struck_out"]

# GFM strike-through (inline `<del>` is dropped with the page's other inline HTML).
_STRUCK = lazy_compile(r"~~(?=\S)[^~\n]+?(?<=\S)~~")
# A task list item not ticked: "[ ] Book flights" (the list marker is gone from a passage's
# text; it may lead a line of a longer passage too).
_OPEN_TASK = lazy_compile(r"(?:^|\n)\s*(?:[-*+]\s+|\d+[.)]\s+)?\[ \]\s+\S")
# A question about the tasks themselves: what is left, still to do, planned, open...
_TASK_QUESTION = lazy_compile(
    r"\b(?:to[- ]?dos?|tasks?|left|remaining|remain|outstanding|pending|open|unfinished|"
    r"undone|not\s+(?:yet\s+)?(?:done|finished)|still\s+(?:need|have|to)|plan(?:ned|s)?|"
    r"checklist|next\s+steps?)\b",
    re.IGNORECASE,
)


# Written where a value goes, by a template or a writer: a template's fields ({{date}},
# <% tp.file.title %>), an upper-case stand-in (YOUR_API_KEY_HERE, CHANGEME, REDACTED), Xs for
# digits ($X,XXX), a date's format for the date, lorem ipsum.
_PLACEHOLDER = lazy_compile(
    r"\{\{[^{}\n]+\}\}|<%[^%\n]*%>|"
    r"\b[A-Z0-9_]*(?:YOUR_[A-Z0-9_]+|[A-Z0-9]_HERE|CHANGE_?ME|PLACEHOLDER|REPLACE_?ME|REDACTED)\b|"
    r"(?<![\w,])X{1,3}(?:,XXX)+\b|\bXXX+\b|\b(?:YYYY-MM-DD|DD/MM/YYYY|MM/DD/YYYY)\b|"
    r"(?i:\blorem\s+ipsum\b)"
)


def placeholder_value(text: str) -> bool:
    """`text` writes a placeholder where a value goes (`YOUR_API_KEY_HERE`, `{{date}}`)."""
    return _PLACEHOLDER.search(text) is not None


def struck_out(text: str) -> bool:
    """`text` strikes out some of what it said (`~~old~~`)."""
    return "~~" in text and _STRUCK.search(text) is not None


def open_task(text: str) -> bool:
    """`text` is, or holds, a task list item not ticked ("[ ] Book flights")."""
    return "[ ]" in text and _OPEN_TASK.search(text) is not None


def asks_about_tasks(question: str) -> bool:
    """The question asks what is still to do, planned or open (an open task answers it)."""
    return _TASK_QUESTION.search(question) is not None

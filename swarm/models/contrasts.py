"""Near misses by role, for the offline evidence rule: a question that has a move the other
way ("off Hetzner" against "from AWS to Hetzner"), and a question's word that a passage says
only of what it contrasts ("Unlike fail_after, the timer starts..." says nothing of
fail_after). General English.
"""

from __future__ import annotations

import re
from functools import lru_cache

from swarm.lazy_re import lazy_compile
from swarm.wiki.tokens import tokenize

__all__ = [
    "contrasted",
    "direction_swapped",
    "set_apart",
    "extreme_swapped",
    "task_reversed",
    "threshold_swapped",
]

_FROM = lazy_compile(r"\b(?:from|off|out\s+of)\s+(?:the\s+)?([A-Z][\w'&.-]*)")
_TO = lazy_compile(r"\b(?:to|into|onto|towards?)\s+(?:the\s+)?([A-Z][\w'&.-]*)")
_CONTRAST = lazy_compile(
    r"\b(?:unlike|except(?:\s+for)?|excluding|other\s+than|rather\s+than|instead\s+of|"
    r"as\s+opposed\s+to|in\s+contrast\s+to)\s+((?:[^\s,;.]+\s+){0,2}[^\s,;.]+)",
    re.IGNORECASE,
)


def _named(pattern: re.Pattern[str], text: str) -> set[str]:
    return {token for match in pattern.finditer(text) for token in tokenize(match.group(1))}


def direction_swapped(question: str, text: str) -> bool:
    """The question moves a name one way and `text` only the other: "off Hetzner" (from)
    against "to Hetzner", or "to Lisbon" against "from Lisbon"."""
    asked_from, asked_to = _named(_FROM, question), _named(_TO, question)
    said_from, said_to = _named(_FROM, text), _named(_TO, text)
    return bool((asked_from & said_to) - said_from or (asked_to & said_from) - said_to)


# "Convert a Unix timestamp to Date" is the task the other way of "convert a date into a Unix
# timestamp": what is moved or turned (before "to", after "from") and what it becomes (after
# "to") swapped. Each side is read within its clause, a few words either way.
_TOWARD = frozenset({"to", "into", "onto"})
_CLAUSE = re.compile(r"[,;:.!?()\[\]\n]")
_SIDE_WORDS = 4


@lru_cache(maxsize=4096)  # a question's moves are read against each of its passages
def _moves(text: str) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Each "X to Y" / "from X to Y" of `text` as (what X states, what Y states)."""
    found: list[tuple[frozenset[str], frozenset[str]]] = []
    for clause in _CLAUSE.split(text.lower()):
        sequence = clause.split()
        for at, word in enumerate(sequence):
            if word not in _TOWARD:
                continue
            before = sequence[max(0, at - _SIDE_WORDS) : at]
            for back, earlier in enumerate(before):
                if earlier in _TOWARD or earlier == "from":
                    before = before[back + 1 :]
            after: list[str] = []
            for later in sequence[at + 1 : at + 1 + _SIDE_WORDS]:
                if later in _TOWARD or later == "from":
                    break
                after.append(later)
            source = frozenset(tokenize(" ".join(before)))
            target = frozenset(tokenize(" ".join(after)))
            if source and target:
                found.append((source, target))
    return tuple(found)


def task_reversed(question: str, text: str) -> bool:
    """`text` does the question's move the other way round: what the question turns into
    something is what `text` turns something into, and the other way ("convert a date into a
    Unix timestamp" against "Convert a Unix timestamp to Date")."""
    asked = _moves(question)
    if not asked:  # most questions move nothing: the passage need not be read
        return False
    return any(
        (source & target_there) - source_there and (target & source_there) - target_there
        for source, target in asked
        for source_there, target_there in _moves(text)
    )


def contrasted(question: str, question_words: frozenset[str], text: str) -> bool:
    """A question word `text` writes only in what it contrasts ("unlike X", "except X",
    "rather than X"); not when the question contrasts too ("Portuguese rather than...")."""
    if _CONTRAST.search(question):
        return False
    inside = {token for match in _CONTRAST.finditer(text) for token in tokenize(match.group(1))}
    outside = set(tokenize(_CONTRAST.sub(" ", text)))
    return bool(question_words & inside - outside)


# "Differently from the default", "different to the usual": what the sentence says is set
# apart from what follows. (English only: a French or Spanish question of this shape does not
# reach high on its passage either way, so no rule is needed there yet.)
_DIFFERENT = lazy_compile(
    r"\bdifferent(?:ly)?\s+(?:from|than|to)\s+((?:[^\s,;.]+\s+){0,2}[^\s,;.]+)", re.IGNORECASE
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n")


def set_apart(question: str, question_words: frozenset[str], text: str) -> bool:
    """A question word the sentence of `text` matching the question best writes only as what
    its matter is set apart from: "To sort the results differently from the default, add a
    sort by line" says how to leave the default, nothing of how to get it. Another sentence
    matching the question as well and writing the word is an answer of its own ("The default
    lists tasks by due date"). Not when the question sets apart too; a negated question is the
    caller's to leave out ("aren't ordered by the default" is that sentence's matter)."""
    if "different" not in text.lower():
        return False  # most passages set nothing apart: the cheap test first
    if _DIFFERENT.search(question):
        return False
    parts = _SENTENCE_END.split(text)
    sentences = [set(tokenize(sentence)) & question_words for sentence in parts]
    for at, sentence in enumerate(parts):
        for match in _DIFFERENT.finditer(sentence):
            inside = set(tokenize(match.group(1)))
            outside = set(tokenize(sentence[: match.start()] + " " + sentence[match.end() :]))
            apart = question_words & inside - outside
            if apart and not any(
                len(other) >= len(sentences[at]) and other & apart
                for where, other in enumerate(sentences)
                if where != at
            ):
                return True
    return False


# A threshold asked one way ("below what amount", "under how many days") and stated only the
# other ("over $25", "more than 90 days"): the passage sets the bound the question does not.
_UPPER = r"(?:over|above|more\s+than|greater\s+than|exceeding|in\s+excess\s+of|at\s+least)"
_LOWER = r"(?:under|below|less\s+than|fewer\s+than|lower\s+than|at\s+most|up\s+to)"
_ASKED_BOUND = lazy_compile(
    rf"\b(?:({_UPPER})|({_LOWER}))\s+(?:what|which|how\s+(?:much|many|long|old|big))\b",
    re.IGNORECASE,
)
_FIGURE = r"\s+(?:[$€£¥]\s?)?\d"
_SAID_UPPER = lazy_compile(rf"\b{_UPPER}{_FIGURE}", re.IGNORECASE)
_SAID_LOWER = lazy_compile(rf"\b{_LOWER}{_FIGURE}", re.IGNORECASE)


def threshold_swapped(question: str, text: str) -> bool:
    """The question asks for a bound one way ("below what amount") and `text` states a figure
    bound only the other way ("over $25")."""
    asked = _ASKED_BOUND.search(question)
    if asked is None:
        return False
    upper, lower = bool(_SAID_UPPER.search(text)), bool(_SAID_LOWER.search(text))
    return (lower and not upper) if asked.group(1) else (upper and not lower)


# The least or the most asked ("what's the least I can spend", "the maximum number of
# guests", "au minimum", "como máximo", "mindestens") and a figure stated only as the other
# extreme ("up to €220" is a ceiling, no floor; "at least 3" a floor, no ceiling). "The
# least expensive", "the most common" ask for a thing, not a bound: after "the least / the
# most" a pronoun, a value noun or the question's end must follow.
_EXTREME_NEXT = (
    r"(?=\s+(?:i|we|you|they|one|he|she|it|anyone|someone|people|amount|number|sum|price|cost|"
    r"fee|rate|value|figure|total)\b|\s*[?.!]|\s*$)"
)
_ASKS_LEAST = lazy_compile(
    rf"\b(?:minimum|minimal|min|at\s+minimum|(?:the\s+)?(?:least|lowest|fewest){_EXTREME_NEXT}|"
    r"au\s+minimum|le\s+minimum|au\s+moins|como\s+m[ií]nimo|lo\s+m[ií]nimo|al\s+menos|"
    r"mindestens|wenigstens)\b",
    re.IGNORECASE,
)
_ASKS_MOST = lazy_compile(
    rf"\b(?:maximum|max|at\s+most|(?:the\s+)?(?:most|highest){_EXTREME_NEXT}|"
    r"au\s+maximum|le\s+maximum|au\s+plus|como\s+m[aá]ximo|lo\s+m[aá]ximo|h[öo]chstens)\b",
    re.IGNORECASE,
)
_MONEY_OR_FIGURE = r"[:\s]+(?:about\s+|around\s+|environ\s+|unos\s+|etwa\s+|ca\.\s+)?[$€£¥]?\d"
_SAID_CEILING = lazy_compile(
    r"\b(?:up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|maximum(?:\s+of)?|max\.?|"
    r"capped\s+at|limit(?:ed)?\s+(?:of|to)|not\s+(?:to\s+)?exceed(?:ing)?|"
    r"jusqu['’]à|au\s+plus|au\s+maximum|pas\s+plus\s+de|hasta|como\s+m[aá]ximo|"
    rf"no\s+m[aá]s\s+de|bis\s+zu|h[öo]chstens|maximal){_MONEY_OR_FIGURE}",
    re.IGNORECASE,
)
_SAID_FLOOR = lazy_compile(
    r"\b(?:at\s+least|no\s+less\s+than|not\s+less\s+than|no\s+fewer\s+than|minimum(?:\s+of)?|"
    r"min\.?|starting\s+(?:at|from)|from|upwards\s+of|au\s+moins|au\s+minimum|"
    r"à\s+partir\s+de|al\s+menos|como\s+m[ií]nimo|desde|a\s+partir\s+de|mindestens|"
    rf"wenigstens|ab){_MONEY_OR_FIGURE}|\d[\d.,]*\s*(?:\+|or\s+more|and\s+up|minimum|min\b)",
    re.IGNORECASE,
)


# A range or a change ("from 6 to 20", "between €90 and €120", "de 6 à 20"): no bound either way.
_RANGE = lazy_compile(
    r"\b(?:from|between|de|entre|von|desde)\s+[$€£¥]?\d[\d.,]*\s*[%$€£¥]?\s*"
    r"(?:to|and|à|a|y|et|bis|und|auf|hasta|[-–])\s*[$€£¥]?\d",
    re.IGNORECASE,
)


def extreme_swapped(question: str, text: str) -> bool:
    """`question` asks for the least ("what's the least I can spend", "au minimum") and
    `text` bounds its figures only from above ("up to €220"), or it asks for the most and
    `text` bounds them only from below ("at least 3 nights")."""
    least, most = bool(_ASKS_LEAST.search(question)), bool(_ASKS_MOST.search(question))
    if least == most:  # neither asked, or both ("the minimum and maximum")
        return False
    text = _RANGE.sub(" ", text)
    ceiling, floor = bool(_SAID_CEILING.search(text)), bool(_SAID_FLOOR.search(text))
    return (ceiling and not floor) if least else (floor and not ceiling)

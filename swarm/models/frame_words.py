"""The words a question frames its ask with, for the offline answers: a modal auxiliary
("How long must a host be unreachable?", "What share may be synthetic?"), a duty or a
permission before the verb ("What am I supposed to ship?", "Who is allowed to publish?") and
a present expectation ("When is 3.16 expected to ship?", "Which days are we expected in?").
In a wh-question they say how the asked thing stands, not what it is: a page states the
rule with its own words ("Ship one change in week one", "Only editors can publish"), or none.
A yes/no question is left alone: "Am I allowed to deploy from my laptop?" asks the permission
itself, which the answering passage must state. "May" written capitalised is the month.

One more frame, in any question: "end up" before what came of it ("Did we end up
fine-tuning?" asks whether we fine-tuned; "Where do binaries end up?" where they are).
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile
from swarm.wiki.tokens import tokenize

__all__ = ["frame_words"]

# Lowercase only, and not before a figure or after a preposition: "in May 2026" names a month.
_MODAL = lazy_compile(
    r"(?<![\w'-])(?<!\bin )(?<!\bof )(?<!\bby )(?<!\bsince )(?<!\buntil )"
    r"(may|might|must|shall|ought)(?![\w'-])(?!\s*\d)"
)
_DUTY = lazy_compile(r"\b(supposed|allowed|permitted)\s+to\b", re.IGNORECASE)
# A question opening with an auxiliary or a modal asks yes or no ("Am I allowed...?", "May
# I...?", "Must we...?"); one opening with a wh-word ("Who is allowed to publish?") does not.
_POLAR = lazy_compile(
    r"^\W*(?:am|is|are|was|were|do|does|did|can|could|may|might|must|shall|should|will|"
    r"would|has|have|had)\b",
    re.IGNORECASE,
)
# "When is X expected to ship?", "Which days are we expected in the office?": a duty or a
# forecast as it stands now (present tense only: "was expected to" sets a past forecast
# against what came of it, which a passage stating the outcome does not answer).
_EXPECTED = lazy_compile(
    r"\b(?:am|is|are)\b(?:\s+[\w.'’-]+){0,6}?\s+(expected)\b(?=\s+(?:to|in|at|on|for)\b)",
    re.IGNORECASE,
)
_END_UP = lazy_compile(r"\b(end|ends|ended|ending|wind|winds|wound)\s+up\b", re.IGNORECASE)


def frame_words(question: str) -> frozenset[str]:
    """The tokens of a question's frames: the modal auxiliaries, the duty or permission
    frames ("supposed to", "allowed to", "permitted to") and "is / are expected to / in" of a
    question that is not a yes/no question, and "end up" in any."""
    found = [match.group(1) for match in _END_UP.finditer(question)]
    if not _POLAR.match(question):
        found += [match.group(1) for match in _MODAL.finditer(question)]
        found += [match.group(1) for match in _DUTY.finditer(question)]
        found += [match.group(1) for match in _EXPECTED.finditer(question)]
    return frozenset(token for word in found for token in tokenize(word))

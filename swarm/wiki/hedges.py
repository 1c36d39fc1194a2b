"""A wiki's own doubt about what it says. A personal wiki writes down what is not settled yet:
"installed in 2015, I think", "£450 — unconfirmed", "maybe Dana Fox? Not sure", a note in
capitals that the writer must still find out who handles invoices, "Rumour has it the museum
is free on Sundays"; encyclopedic text
says "probably born in 1340". Such a passage may be the best the wiki has, but `high` would
have the bot state it as fact: the hedge caps it.

Only a hedge in a sentence that states the answer counts (a doubt about something else in
the same paragraph is no doubt about it), or in a one-sentence passage (a list item, a note
of open work): the offline rule takes the sentences stating the question's words, the chat path's
check the sentences holding a verified quote.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from swarm.lazy_re import lazy_compile
from swarm.wiki.inline_marks import split_sentences

__all__ = ["hedged", "proposed_only"]

_HEDGE = lazy_compile(
    # English: the writer's own doubt, hearsay, and notes of what is still open
    r"(?<![\w-])(?:i\s+think|i\s+believe|i\s+guess|i\s+suppose|i['’]m\s+not\s+sure|not\s+sure|"
    r"unsure|not\s+certain|probably|maybe|perhaps|presumably|supposedly|allegedly|"
    r"apparently|rumou?r(?:s|ed)?|unconfirmed|unverified|to\s+be\s+(?:confirmed|verified)|tbc|"
    r"tbd|iirc|afaik|if\s+i\s+remember|needs?\s+(?:to\s+be\s+)?(?:checking|checked|"
    r"confirming|confirmed|verifying|verified)|need\s+to\s+(?:check|confirm|verify)|"
    r"double[-\s]check|"
    # Spanish, French, German, Italian, Portuguese
    r"quiz[aá]s?|tal\s+vez|probablemente|creo\s+que|no\s+estoy\s+segur[oa]|por\s+confirmar|"
    r"peut[-\s][eê]tre|probablement|je\s+crois|je\s+pense|[àa]\s+confirmer|pas\s+s[uû]re?|"
    r"vielleicht|wahrscheinlich|vermutlich|angeblich|ich\s+glaube|unbest[äa]tigt|"
    r"nicht\s+sicher|noch\s+zu\s+kl[äa]ren|forse|probabilmente|da\s+confermare|talvez|"
    r"provavelmente|acho\s+que|a\s+confirmar)(?![\w-])"
    # Japanese and Chinese (no word boundaries): maybe, unconfirmed, to be confirmed
    r"|たぶん|多分|かもしれ|未確認|要確認|也许|大概|待确认|待確認|待定|不确定|不確定"
    # A note of work still open, in capitals (to-do and fix-me marks, with or without their
    # hyphen; to be decided / confirmed / announced), and a question mark the writer put after
    # a value: "(?)", "??"
    r"|(?-i:\b(?:TO-?DO|FIX-?ME|TBD|TBC|TBA)\b)|\(\?\)|\?\?",
    re.IGNORECASE,
)


def hedged(text: str, states_answer: Callable[[str], bool]) -> bool:
    """`text` (a passage) doubts what it says in a sentence that `states_answer`, or in its
    only sentence."""
    if not _HEDGE.search(text):  # the common case: one scan, no sentence split
        return False
    sentences = split_sentences(text)
    if len(sentences) <= 1:
        return True
    return any(_HEDGE.search(sentence) and states_answer(sentence) for sentence in sentences)


# A meeting note's proposal is not the decision: "Sam proposed a budget of £3,000" does not
# say what the budget is. Someone's (a name's, a pronoun's) proposal in the past tense: not a
# document's own voice ("This PEP proposes adding `zoneinfo`", "the proposed grammar"), nor
# "recommend" (docs recommend what is the rule: "we recommend 16 GB").
_PROPOSAL = lazy_compile(
    r"(?:\b(?!(?:The|A|An|This|That|These|Those|Its|Their|Our|Your|Any|Some)\b)[A-Z][\w'’-]+|"
    r"\b(?i:we|they|he|she|i|someone|somebody|everyone))\s+"
    r"(?:(?i:has|have|had)\s+)?(?i:proposed|suggested|floated|pitched|considered|toyed\s+with|"
    r"brainstormed)\b|(?i:\b(?:propuso|sugiri[oó]|a\s+propos[ée]|a\s+sugg[ée]r[ée]|"
    r"vorgeschlagen|schlug\s+\w+\s+vor))\b"
)


# A question about the proposal itself ("Who suggested...", "What did Sam propose?").
_ASKS_PROPOSAL = lazy_compile(
    r"\b(?:propos|suggest|consider|float|pitch|brainstorm|idea|vorschl|vorgeschlag|sugi|suger)\w*",
    re.IGNORECASE,
)


def proposed_only(text: str, question: str, states_answer: Callable[[str], bool]) -> bool:
    """`text` reports a proposal or suggestion in a sentence that `states_answer` (or its
    only sentence), and `question` asks about no proposal itself ("Who suggested...")."""
    if not _PROPOSAL.search(text) or _ASKS_PROPOSAL.search(question):
        return False
    sentences = split_sentences(text)
    if len(sentences) <= 1:
        return True
    return any(_PROPOSAL.search(sentence) and states_answer(sentence) for sentence in sentences)

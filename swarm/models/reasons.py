"""Whether passages state a reason, for a why-question ("why did...", "what caused...",
"how did X come to..."): a causal connective tied to the asked event ("...went down because
the certificate expired", "Move production to Hetzner. To cut hosting costs..."), a reason's
key ("Why they left: budget cuts", "Root cause. ...") or a reason's heading. A passage that
only restates the event, says the cause is unknown, or denies a cause ("not because...")
states none. General English and the ways wikis write decisions and postmortems.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from swarm.lazy_re import lazy_compile
from swarm.models.evidence import text_words
from swarm.wiki.passages import Passage
from swarm.wiki.tokens import tokenize

__all__ = ["reason_stated"]

_I = re.IGNORECASE
# "A because B", "A so that B", "A, to cut costs": the effect (A) before the connective, the
# reason or purpose after it. Not "led to" or "as a result": those point the other way.
_BECAUSE = lazy_compile(
    r"\b(?:because|due\s+to|owing\s+to|thanks\s+to|on\s+account\s+of|caused\s+by|"
    r"triggered\s+by|blamed\s+on|traced\s+(?:back\s+)?to|so\s+that|in\s+order\s+to|so\s+as\s+to)\b|"
    r"(?:,|—|–)\s+to\s+(?!(?:the|a|an|this|that|its|their|our|his|her|them|us|it|be)\b)"
    r"(?-i:[a-z]+)\b",
    _I,
)
# "The cause of A was B", "the reason for A is B": the effect between them.
_CAUSE_OF = lazy_compile(
    r"\b(?:cause|reason)s?\s+(?:of|for|behind)\s+(.{3,80}?)\s+(?:was|is|were|are)\s+\S", _I
)
# "The root cause was B", "the reason is B", in a passage about the event.
_CAUSE_WAS = lazy_compile(r"\b(?:cause|reason)s?\s+(?:was|is|were|are)\s+\S", _I)
# A sentence that opens with the reason for the one before it: "To cut hosting costs by 60%",
# "This was because...", "The reason: ...".
_OPENING = lazy_compile(
    r"^\W*(?:to\s+(?!(?:the|a|an|this|that|date|me|us|him|them|it|be)\b)(?-i:[a-z]+)|"
    r"(?:this|that|it)\s+(?:was|is)\s+(?:because|due\s+to)|because|due\s+to|the\s+reason|"
    r"the\s+cause|so\s+that)\b",
    _I,
)
# A reason's key ("Why they left:", "Reason for the move —") or lead-in ("Root cause.").
_KEY = lazy_compile(
    r"^\W*(?:[\w'’-]+\s+){0,2}?(?:why|reasons?|causes?|rationale|motivation)\b"
    r"(?:\s+[\w'’-]+){0,3}?\s*(?::|—|–)\s+\S|"
    r"^\W*(?:root\s+cause|causes?|reasons?|why|rationale|motivation)\s*[.:]\s+\S",
    _I,
)
# A lead-in on its own, the reason in the sentence after it: "**Root cause.** CoreDNS...".
_LEAD_IN = lazy_compile(
    r"^\W*(?:root\s+cause|causes?|reasons?|why|rationale|motivation)(?:\s+[\w'’-]+){0,3}?"
    r"\s*[.:—–]?\W*$",
    _I,
)
# A section about reasons: "## Root cause", "## Reasons", "## Rationale".
_HEADING = lazy_compile(r"\b(root\s+cause|causes|reasons|rationale|motivation)\b", _I)
# A cause the passage does not know or denies.
_UNKNOWN = lazy_compile(
    r"\b(unknown|unclear|undetermined|uncertain|disputed|debated|speculative|mystery|tbd|"
    r"not\s+(?:yet\s+)?(?:known|clear|determined|understood|identified|established)|"
    r"under\s+investigation|to\s+be\s+determined|(?:no\s+one|nobody)\s+knows)\b",
    _I,
)
# Dates say when, not what happened: "in November 2025" does not tie a reason to an event.
_CALENDAR = frozenset(
    tokenize(
        "january february march april may june july august september october november december"
    )
)
_DENIED = lazy_compile(r"(?:\b(?:not|never|no)|n['’]t)\s+(?:\w+\s+)?$", _I)


def _effect_tied(text: str, asked: frozenset[str]) -> bool:
    """`text` says the asked event (`asked`: its words) happened because of, or for, something
    else: the words before the connective (after the comma, for "Because B, A") state more
    of the event than the words after it, which say more than the question, and no "not"
    denies it."""
    for match in _BECAUSE.finditer(text):
        if _DENIED.search(text[: match.start()]):
            continue
        effect, reason = text[: match.start()], text[match.end() :]
        if not effect.strip(" \t*_>-—–"):
            effect, _, rest = reason.partition(",")
            effect, reason = rest, effect
        # The event is the side stating more of the question ("pods restart because Chromium
        # runs out of memory" explains the restart, not running out of memory).
        said, explained = text_words(effect) & asked, text_words(reason)
        if len(said) > len(explained & asked) and explained - asked:
            return True
    return any(
        text_words(match.group(1)) & asked and not _DENIED.search(text[: match.start()])
        for match in _CAUSE_OF.finditer(text)
    )


def reason_stated(
    passages: Sequence[Passage],
    stated: Sequence[frozenset[str]],
    in_context: Sequence[frozenset[str]],
    asked: frozenset[str],
) -> bool:
    """One of `passages` (a why-question's answer span, in page order) states a reason for
    the asked event (`asked`: its words): a causal connective after the words stating it
    ("A because B"), "the cause was..." in a passage stating them (`stated[i]`: the asked
    words passage i states), a reason opening the sentence after one that does, a reason's
    key or heading on a passage whose text or headings state them (`in_context[i]`), or the
    passage after a bare lead-in ("Root cause."). Words of dates do not tie; a passage saying
    the cause is unknown states none."""
    asked = frozenset(w for w in asked if not w[0].isdigit() and w not in _CALENDAR)
    stated = [words & asked for words in stated]
    in_context = [words & asked for words in in_context]
    for at, passage in enumerate(passages):
        text = passage.text
        if _UNKNOWN.search(text):
            continue
        if _effect_tied(text, asked):
            return True
        if stated[at] and _CAUSE_WAS.search(text) and not _DENIED.search(text):
            return True
        if at and stated[at - 1] and _OPENING.search(text):
            return True
        led_in = at and _LEAD_IN.match(passages[at - 1].text)
        if led_in and (stated[at] or in_context[at] or in_context[at - 1]):
            return True
        keyed = _KEY.search(text) or _HEADING.search(passage.context)
        if keyed and (stated[at] or in_context[at]):
            return True
    return False

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

from swarm.wiki.passages import Passage

__all__ = ["reason_stated"]

_I = re.IGNORECASE
# A connective inside a sentence: what comes before it is the event, after it the reason
# (or, for "as a result" / "led to", the other way round: either way they are tied).
_CAUSAL = re.compile(
    r"\b(because|due\s+to|owing\s+to|thanks\s+to|on\s+account\s+of|as\s+a\s+(?:result|"
    r"consequence)|caused\s+by|(?:root\s+)?cause\s+(?:was|is|were)|reasons?\s+(?:was|is|were|"
    r"being)|so\s+that|in\s+order\s+to|so\s+as\s+to|led\s+to|resulted\s+in|triggered\s+by|"
    r"blamed\s+on|traced\s+(?:back\s+)?to|(?:,|—|–)\s+to\s+(?!(?:the|a|an|this|that|its|their|"
    r"our|his|her|them|us|it|be)\b)(?-i:[a-z]+))\b",
    _I,
)
# A sentence that opens with the reason for the one before it: "To cut hosting costs by 60%",
# "This was because...", "The reason: ...".
_OPENING = re.compile(
    r"^\W*(?:to\s+(?!(?:the|a|an|this|that|date|me|us|him|them|it|be)\b)(?-i:[a-z]+)|"
    r"(?:this|that|it)\s+(?:was|is)\s+(?:because|due\s+to)|because|due\s+to|as\s+a\s+result|"
    r"the\s+reason|the\s+cause|hence|therefore|consequently|so\s+that)\b",
    _I,
)
# A reason's key ("Why they left:", "Reason for the move —") or lead-in ("Root cause.").
_KEY = re.compile(
    r"^\W*(?:[\w'’-]+\s+){0,2}?(?:why|reasons?|causes?|rationale|motivation)\b"
    r"(?:\s+[\w'’-]+){0,3}?\s*(?::|—|–)\s+\S|"
    r"^\W*(?:root\s+cause|causes?|reasons?|why|rationale|motivation)\s*[.:]\s+\S",
    _I,
)
# A lead-in on its own, the reason in the sentence after it: "**Root cause.** CoreDNS...".
_LEAD_IN = re.compile(
    r"^\W*(?:root\s+cause|causes?|reasons?|why|rationale|motivation)(?:\s+[\w'’-]+){0,3}?"
    r"\s*[.:—–]?\W*$",
    _I,
)
# A section about reasons: "## Root cause", "## Reasons", "## Rationale".
_HEADING = re.compile(r"\b(root\s+cause|causes|reasons|rationale|motivation)\b", _I)
# A cause the passage does not know or denies.
_UNKNOWN = re.compile(
    r"\b(unknown|unclear|undetermined|uncertain|disputed|debated|speculative|mystery|tbd|"
    r"not\s+(?:yet\s+)?(?:known|clear|determined|understood|identified|established)|"
    r"under\s+investigation|to\s+be\s+determined|(?:no\s+one|nobody)\s+knows)\b",
    _I,
)
_DENIED = re.compile(r"(?:\b(?:not|never|no)|n['’]t)\s+(?:\w+\s+)?$", _I)


def _connective(text: str) -> bool:
    return any(not _DENIED.search(text[: m.start()]) for m in _CAUSAL.finditer(text))


def reason_stated(
    passages: Sequence[Passage],
    stated: Sequence[frozenset[str]],
    in_context: Sequence[frozenset[str]],
) -> bool:
    """One of `passages` (a why-question's answer span, in page order) states a reason for
    the asked event: a causal connective in a passage that states the question's words
    (`stated[i]`: the asked words passage i states), a reason opening the sentence after
    one that does, or a reason's key or heading on a passage whose text or headings state
    them (`in_context[i]`), or the passage after a bare lead-in ("Root cause."). Not a
    passage saying the cause is unknown."""
    for at, passage in enumerate(passages):
        text = passage.text
        if _UNKNOWN.search(text):
            continue
        if stated[at] and _connective(text):
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

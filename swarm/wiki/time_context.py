"""Time words the wording around them takes out of the present: a past release, a how-to's
object, the asker's own plan, a condition the question sets.

Pure text functions for `swarm.wiki.time_words`, which reads what they leave as asking about
fast-moving facts or the present moment.
"""

from __future__ import annotations

import re

__all__ = [
    "asks_how_to",
    "without_asker_plans",
    "without_past_events",
]

# A release or an announcement its age marks as a past one ("an older release", "the previous
# stable release", "his original announcement"): a known event, not the news. Not "first"
# or "initial": "When is the first release?" may be still to come.
_PAST_EVENT = re.compile(
    r"\b(?:old|older|oldest|earlier|earliest|previous|prior|past|former|original)\s+"
    r"(?:[\w.-]+\s+)?(?:releases?|announcements?|news)\b",
    re.IGNORECASE,
)
# A how-to ("How do I print the kernel release?", "how to cut a release").
_HOW_TO = re.compile(
    r"^\W*(?:how\s+(?:do|does|can|could|should|would|will|might|must)\s+"
    r"(?:i|we|you|one|they)\b|how\s+to\b)",
    re.IGNORECASE,
)
# The asker's own plan, told before the question ("I'll be living in another state this
# summer. Do I need to tell HR?"): its time dates what the asker will do, not the fact asked.
_ASKER_PLAN = re.compile(
    r"^\W*(?:i|we)(?:['’]ll|\s+will|\s+shall|(?:['’]m|['’]re|\s+am|\s+are)\s+(?:going|planning)"
    r"\s+to|\s+(?:plan|intend|expect|hope)\s+to)\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def without_past_events(text: str) -> str:
    """`text` without the releases, announcements and news its age marks as past ("an older
    release", "the previous stable release")."""
    return _PAST_EVENT.sub(" ", text)


def asks_how_to(text: str) -> bool:
    """`text` asks for a procedure ("How do I ...", "how can we ...", "how to ..."): a release
    or an announcement in it is the procedure's object, not the news."""
    return bool(_HOW_TO.match(text))


def without_asker_plans(text: str) -> str:
    """`text` without the sentences that tell the asker's plan before the question: a
    first-person "I'll / we're going to / I plan to ..." statement with a sentence after it."""
    sentences = _SENTENCE_END.split(text)
    kept = [
        sentence
        for index, sentence in enumerate(sentences)
        if index == len(sentences) - 1
        or sentence.rstrip().endswith("?")
        or not _ASKER_PLAN.match(sentence)
    ]
    return " ".join(kept)

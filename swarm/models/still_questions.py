"""Questions asking whether a state still holds ("Is the Cody bonus still on?", "Are we still
on RabbitMQ?"): their answer is the state's time, not its terms."""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["state_time_unstated"]

# A yes/no question (it opens with its verb) asking about "still", "any more", "no longer".
_STILL_QUESTION = lazy_compile(
    r"^\W*(?:is|are|was|were|does|do|did|has|have|will|can|could)\b[^?]*"
    r"\b(?:still|any\s*more|no\s+longer)\b[^?]*\?\W*$",
    re.IGNORECASE,
)
# What dates a state, or says it goes on, ended or was replaced: a year, a month, an ISO
# date, or one of the words that bound it in time.
_STATE_TIME = lazy_compile(
    r"\b(?:1[89]\d\d|2\d{3}|\d{4}-\d\d-\d\d|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|"
    r"may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|"
    r"dec(?:ember)?|since|until|till|through|thru|ends?|ended|ending|expir(?:es|ed|y)|"
    r"still|any\s*more|no\s+longer|currently|now|today|ongoing|continu(?:es|ed|ing)|paused|"
    r"stopped|discontinued|cancell?ed|retired|replac(?:es|ed|ing)|supersed(?:es|ed)|"
    r"migrat(?:ed|ion)|switched|moved|deprecated|dropped|abandoned|permanent(?:ly)?|indefinitely|"
    r"active|inactive|running|ran)\b",
    re.IGNORECASE,
)


def state_time_unstated(question: str, text: str) -> bool:
    """`question` asks whether a state still holds and `text` does not date it or say it goes
    on or ended: the bonus's terms are no answer to "is the bonus still on?"."""
    return bool(_STILL_QUESTION.search(question)) and not _STATE_TIME.search(text)

"""What held before another event, for the offline evidence rule: "the margin before the
October workshop", "which lake did he reach before crossing the Kalahari". A passage answers
that only when it says so (before, until, previously, "up from 29%", "changed from 6 to
20"). The two sides are not alike: a report of an event tells what came of it without any
"after" ("Result: margin 35%", "crossed the Kalahari and reached Lake Ngami", "file it
within 60 days of the purchase"), while what held before it is written with a word that
says so. English, French, Spanish and German; a question in another language is let be.
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile
from swarm.models.language_words import ENGLISH_MONTHS, MONTHS
from swarm.wiki.tokens import STOPWORDS, tokenize, words

__all__ = ["before_unsaid", "timed_against_another"]

_I = re.IGNORECASE
_MONTH_NAMES = "|".join([*ENGLISH_MONTHS, *" ".join(MONTHS.values()).split()])
# What after "before" is a time, not an event: a figure ("before 1840", "avant le 15 mars"), a
# month or a weekday, a time word, a wh-word ("until when").
_TIME_NEXT = (
    r"(?!(?:the\s+|le\s+|la\s+|el\s+|dem\s+|der\s+|den\s+)?\d)"
    rf"(?!(?:{_MONTH_NAMES}|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|then|now|today|"
    r"tonight|tomorrow|yesterday|noon|midday|midnight|dawn|dusk|when|what|which|how|"
    r"quand|cuándo|cuando|wann|dann|alors|entonces)\b)"
)
_EVENT = r"[^\W\d_][\w'’-]*"
# "before crossing", "prior to the workshop", "until we dropped", "avant de partir", "antes de
# la reunión", "bevor wir", "vor dem Workshop"; not "how long until" (the time left).
_ASKS_BEFORE = lazy_compile(
    r"(?:(?<!how long )(?<!how much longer )\b(?:until|till)|\b(?:before|prior\s+to|ahead\s+of|"
    r"avant(?:\s+(?:de|que|d['’]|qu['’]))?|antes\s+(?:del?|de\s+que)|hasta(?:\s+que)?|bevor|"
    rf"vor))\s+(?:(?:the|le|la|les|l['’]|el|los|las|dem|der|den)\s+)?{_TIME_NEXT}{_EVENT}",
    _I,
)
# A question asking for something to do ("what command gets me credentials before using
# kubectl", "what should I check before filing"): steps are written in their order, without
# "before" ("1. Obtain credentials..."); what held before is not what it asks.
_ASKS_ACTION = lazy_compile(
    r"^\W*(?:what|which)\s+(?:commands?|steps?|actions?|scripts?)\b|"
    r"^\W*what\s+(?:should|must|shall|can|do)\s+(?:i|we|you)\s+(?:do|run|check|type|"
    r"install|prepare)\b|^\W*what\s+(?:do|does)\s+(?:i|we|you)\s+(?:need|have)\s+to\s+do\b",
    _I,
)
# "How long must a host be unreachable before Pingdom alerts?": the wait that ends with the
# event, not what held before it ("How long before buying do I file it?" asks the lead time).
_ASKS_WAIT = lazy_compile(
    r"^\W*how\s+(?:long|soon|much\s+time|many\s+(?:times|attempts|tries|retries|seconds|"
    r"minutes|hours|days|weeks|months|years))\s+(?!before\b|prior\b|ahead\b)"
    r"[^?]*?\bbefore\b",
    _I,
)
# Words with which a passage says a thing held before another, in the four languages.
_EARLIER_WORDS = frozenset(
    """before prior previous previously earlier until till formerly originally original
    beforehand advance ahead already first initially
    avant auparavant précédent précédente précédemment jusqu ancien ancienne anciennement
    initialement préalable préalablement
    antes previo previa previamente anterior anteriormente hasta inicialmente originalmente
    primero
    vor bevor vorher davor zuvor bis früher ursprünglich bisher vorab zunächst""".split()
)
# "up from 29%", "changed from 6 to 20", "used to", "had been", "de 6 à 20", "von 6 auf 20".
_EARLIER_SHAPE = lazy_compile(
    r"\b(?:up|down|rising|falling|risen|fallen|changed|increased|decreased|raised|lowered|"
    r"reduced|cut|went|rose|fell|grew|dropped|moved|switched)\s+from\b|"
    r"\bfrom\s+[$€£]?\d[\d.,%]*\s+to\s+[$€£]?\d|"
    r"\bused\s+to\b|\bhad\s+been\b|\b(?:de|von)\s+\d[\d.,%]*\s+(?:à|a|auf)\s+\d",
    _I,
)


# Sentences, list items and lines: an "until" in another sentence ("contact us before the
# purchase") says nothing of the asked one ("file the report within 60 days").
_SENTENCE = lazy_compile(r"(?<=[.!?;])\s+|\n+")


def before_unsaid(question: str, text: str, context: str = "") -> bool:
    """`question` asks what held before an event it names ("before the October workshop",
    "until we dropped the tool"; not a step to take, `_ASKS_ACTION`, nor the wait before
    it, `_ASKS_WAIT`), and neither the headings above `text` (its `context`) nor a sentence
    of `text` writing a word of the question says anything held before something (no
    before, until, previously, "up from"...)."""
    if not _ASKS_BEFORE.search(question) or _ASKS_ACTION.search(question):
        return False
    if _ASKS_WAIT.search(question):
        return False
    if _says_earlier(context):
        return False
    asked = set(tokenize(question))
    return not any(
        _says_earlier(sentence) and asked & set(tokenize(sentence))
        for sentence in _SENTENCE.split(text)
    )


def _says_earlier(text: str) -> bool:
    return bool(_EARLIER_WORDS & set(words(text)) or _EARLIER_SHAPE.search(text))


# "after a commit", "before merging", "since the move", "après la mise à jour", "nach dem
# Umzug": a relation word and the event it binds (group 1, a few words).
_RELATION = (
    r"\b(?:before|after|since|until|till|prior\s+to|following|once|avant|après|depuis|"
    r"jusqu['’]à|antes\s+del?|después\s+del?|desde|hasta|vor|nach|seit|bis)\s+"
)
_RELATED_EVENT = lazy_compile(rf"{_RELATION}{_TIME_NEXT}((?:[\w'’-]+\s+){{0,3}}[\w'’-]+)", _I)


def timed_against_another(question: str, text: str, context: str = "") -> bool:
    """`question` places what it asks against an event ("after a commit or push"), and
    `text` places what it says against another only ("after cloning the repository"),
    never writing the question's event (nor do its headings, `context`): it answers when
    something happens around that other event."""
    asked = [
        set(tokenize(match.group(1))) - STOPWORDS for match in _RELATED_EVENT.finditer(question)
    ]
    asked = [event for event in asked if event]
    if not asked:
        return False
    said = [set(tokenize(match.group(1))) for match in _RELATED_EVENT.finditer(text)]
    if not said:
        return False
    written = set(tokenize(f"{context}\n{text}"))
    return all(not event & written for event in asked)

"""The parts of a question that asks for several things ("Who founded X, and when?", "When and
where is...", "What do Send and Sync each mean?"): each must be answered for `high`.

Pure functions over the question's text, in English wording; `swarm.models.parts_answered`
checks the parts against an answer's passages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from swarm.lazy_re import lazy_compile

__all__ = ["Part", "QuestionParts", "question_parts"]

_I = re.IGNORECASE
_WH = r"(?:what|what's|whats|which|when|where|who|whom|whose|why|how)"
_AUX = (
    r"(?:is|isn't|was|wasn't|are|aren't|were|do|does|doesn't|did|didn't|has|have|had|can|"
    r"can't|could|will|would|should|may|might|must|shall|am)"
)
_PREP = r"(?:in|on|at|for|from|by|with|to|of|into|under|during)"
# A sentence that asks: it opens with a wh-word or an auxiliary (after a preposition: "In
# tests, what...", "For the Aneto trip, which...").
# "When copying, how do I...", "Where I live, what...": "when" or "where" before a subject is
# a clause of circumstance, not a question.
_ASKS = re.compile(
    rf"^\W*(?:[\w' ]{{0,40}},\s*)?(?:{_PREP}\s+)?(?:(?!when\b|where\b){_WH}|{_AUX}|"
    rf"(?:when|where)\s+{_AUX})\b",
    _I,
)
# "..., and when did it first sit", "... and what do I freeze the clock with", ", and why?":
# a new clause that asks again (a wh-word after "and" or a comma).
# After a bare comma the wh-word must ask (an auxiliary or "how much" after it): ", which
# ended the flood" is a relative clause about the noun before, not a question.
_CLAUSE_BREAK = re.compile(
    rf"(?:\s*,\s*(?:and|but|then)\s+|\s+and\s+)(?=(?:{_PREP}\s+)?{_WH}\b)|"
    rf"\s*,\s*(?=(?:{_PREP}\s+)?{_WH}\s+(?:{_AUX}|much|many|long|often|far|soon|I|you|we)\b)",
    _I,
)
# A clause of a wh-phrase alone ("when", "in which paper", "and why"): it asks about the
# clause before ("Who released doctest, and when?" asks when doctest was released).
_BARE = re.compile(rf"^(?:{_PREP}\s+)?({_WH})((?:\s+[^\s?]+){{0,2}})\W*$", _I)
# Wh-words that take a noun ("which paper", "how long"); the others take none, so the words
# after them are the clause's own ("When do you use A and when B?": "B" replaces "A").
_WITH_NOUN = frozenset("what which whose how".split())
_WH_COORDINATED = re.compile(rf"^(\W*)({_WH})\s+and\s+({_WH})\b\s*(.*)$", _I)
# The wh-phrase a clause opens with: "Who", "In which paper", "Which tools" (not "Who
# released": a wh-word taking no noun is followed by the verb).
_OPENING_WH = lazy_compile(
    rf"^\W*(?:{_PREP}\s+)?(?:(?:what|which|whose|how)(?:\s+(?!{_AUX}\b)[\w'-]+)?|{_WH})\b\s*",
    _I,
)
# A pronoun referring back to what the clause before asks about ("and when does it open?").
_ANAPHOR = lazy_compile(r"\b(?:it|its|they|them|their|she|her|he|him|his|that|this|there)\b", _I)
# Where a conjunct ends: punctuation before a space or the end (".xz" is no full stop).
_END = r"(?=\s*[,;?!.](?:\s|$)|$)"
_CONJUNCT = r"[`\"'“]?[\w.+#/-]+[`\"'”]?"
# "the Send and Sync traits each mean", "what do X and Y each do": one thing said of each.
_EACH = re.compile(
    rf"(?<![\w`\"'“])({_CONJUNCT})\s+and\s+({_CONJUNCT})((?:\s+[\w'-]+){{0,3}}?)\s+"
    rf"(?:each|respectively)\b(?!\s+(?:second|minute|hour|day|week|month|year|time|one|"
    rf"other|of)\b)",
    _I,
)
# "What are Send and Sync?", "What do `-k` and `-f` do?": two names asked about, one
# answer each (a title takes "is": "What is Tom and Jerry about?").
_NAME = r"(?:`[^`]+`|[\"“'][^\"”']+[\"”']|[A-Z][\w.+#-]*|-{1,2}[\w-]+)"
_PAIR = re.compile(
    rf"^\W*((?i:what|who))\s+((?i:are|were|do|did))\s+(?:the\s+)?({_NAME})\s+and\s+({_NAME})"
    r"(\s+(?:mean|do|stand\s+for|refer\s+to))?\W*$"
)
# "X and Y: what are they?": one thing said of each.
_THEY = re.compile(rf"^\W*(.+?)\s+and\s+(.+?)\s*[:,-]+\s*({_WH}\b.*\bthey\b.*)$", _I)
# "both the Suez Canal and the first attempt at a Panama canal": each must hold.
_BOTH = re.compile(rf"\bboth\s+(.+?)\s+and\s+(.+?){_END}", _I)
# "the price and the duration of the course", "for electricity and for gas": a determiner or
# preposition repeated after "and" sets out two things asked ("terms and conditions",
# "Procter and Gamble" repeat none).
_REPEATED = re.compile(
    rf"\b(the|a|an|my|our|your|its|their|{_PREP})\s+((?:[\w'-]+\s+){{0,2}}[\w'-]+)\s+and\s+\1\s+"
    rf"((?:[\w'-]+\s+){{0,2}}?[\w'-]+)(?=\s+(?:{_PREP}|{_AUX})\b|\s*[,;?!.](?:\s|$)|$)",
    _I,
)
# "the email address and phone number of Jonas", "our price and duration": two lowercase
# things after one determiner (a fixed pair, "the terms and conditions", is written as a
# pair too, so the passage writing it answers each part).
_LISTED = re.compile(
    r"\b((?i:the|a|an|my|our|your|its|their))\s+([a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+and\s+"
    r"([a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)(?=\s+(?:of|for|in|at|on|with|to)\b|\s*[,;?!.](?:\s|$)|$)"
)
# "the difference(s) between X and Y", "how do X and Y differ", "compare X and Y": one
# answer saying both.
_COMPARED = (
    re.compile(rf"\bdiffer(?:ence|ences)?\s+between\s+(.+?)\s+and\s+(.+?){_END}", _I),
    re.compile(r"\b(?:do|does|did)\s+(.+?)\s+and\s+(.+?)\s+differ\b", _I),
    re.compile(rf"\bcompare\s+(.+?)\s+(?:and|with|to)\s+(.+?){_END}", _I),
    # Bounded runs: an unbounded one retried from every letter of a long word is quadratic.
    re.compile(r"([^\s,;:]{1,80})\s+(?:vs\.?|versus)\s+([^\s,;:?]{1,80})", _I),
)


# "Which two moons...", "name both founders", "the three tools": this many things asked.
_COUNTS = {"two": 2, "both": 2, "three": 3, "four": 4, "five": 5}
_HOW_MANY_ASKED = re.compile(
    r"\b(?:which|what|name|list|give)\s+(?:the\s+|all\s+)?(two|three|four|five|both)\b"
    r"(?!\s+(?:of\s+)?(?:them|these|those|ways|times)\b)",
    _I,
)


@dataclass(frozen=True, slots=True)
class Part:
    """One thing asked, as a question of its own; `topic` (with the `others` asked beside
    it) when the question says one thing of each ("Send and Sync each"): the answer's clause
    is about the topic when it names the topic before the others; `leans_on`, the part a
    pronoun of this one refers to; `joint`, answered by the one passage answering every joint
    part ("both X and Y")."""

    question: str
    topic: str = ""
    others: tuple[str, ...] = ()
    # The part before, when this one refers back to it ("..., and when does it open?").
    leans_on: str = ""
    # One answer for all the joint parts ("which journal serialised both X and Y").
    joint: bool = False


@dataclass(frozen=True, slots=True)
class QuestionParts:
    """The parts each to be answered, the things `compared` one answer must state all of
    ("the difference between X and Y"), and how many things are named for (`count`:
    "which two moons", "name both founders")."""

    parts: tuple[Part, ...] = ()
    compared: tuple[str, ...] = ()
    count: int = 0

    def __bool__(self) -> bool:
        return bool(self.parts or self.compared or self.count)


def _clean(text: str) -> str:
    return " ".join(text.split()).strip(" ,;:-")


def _sentences(question: str) -> list[str]:
    """The question sentences that ask ("What signal is 11? How do I translate it?"); a
    statement before them ("I'm a new hire.") is context, not a part."""
    pieces = [_clean(p) for p in re.split(r"(?<=[?.!])\s+", question) if _clean(p)]
    return [p for p in pieces if p.endswith("?") and _ASKS.search(p)]


def _bare_part(bare: re.Match[str], before: str) -> str:
    """A bare wh-clause ("and when", "in which paper", "when B") asked of the clause before."""
    wh, tail = bare.group(1), bare.group(2).split()
    rest = _OPENING_WH.sub("", before, count=1)
    if wh.lower() in _WITH_NOUN or not tail:
        return _clean(f"{bare.group(0).rstrip('?!. ')} {rest}")
    # "When do you use A, and when B": B takes A's place (as many words as B has).
    kept = rest.split()
    kept = kept[: max(0, len(kept) - len(tail))]
    return _clean(" ".join([wh, *kept, *tail]))


def _clauses(sentence: str) -> list[str]:
    """The clauses of one sentence that each ask ("..., and when did it first sit")."""
    pieces = [_clean(p) for p in _CLAUSE_BREAK.split(sentence.rstrip("?!. ")) if _clean(p)]
    asked: list[str] = []
    for piece in pieces:
        bare = _BARE.match(piece)
        if bare and asked:
            asked.append(_bare_part(bare, asked[-1]))
        elif _ASKS.search(piece):
            asked.append(piece)
        # a statement ("uvicorn defaults to one port, but which one..."): context only
    return asked


def _each(sentence: str) -> tuple[Part, ...]:
    found = _EACH.search(sentence)
    if found:
        one, other = found.group(1), found.group(2)
        middle = found.group(3)
        head, tail = sentence[: found.start()], sentence[found.end() :]
        return (
            Part(_clean(f"{head}{one}{middle}{tail}"), one, (other,)),
            Part(_clean(f"{head}{other}{middle}{tail}"), other, (one,)),
        )
    found = _PAIR.match(sentence)
    if found:
        wh, aux, one, other, verb = found.groups()
        singular = {"are": "is", "were": "was", "do": "does"}.get(aux.lower(), aux)
        return tuple(
            Part(_clean(f"{wh} {singular} {topic}{verb or ''}"), topic, (rival,))
            for topic, rival in ((one, other), (other, one))
        )
    found = _THEY.match(sentence)
    if found:
        one, other, asked = _clean(found.group(1)), _clean(found.group(2)), found.group(3)
        if len(one.split()) <= 4 and len(other.split()) <= 4:
            return tuple(
                Part(re.sub(r"\bthey\b", topic, asked, count=1, flags=_I), topic, (rival,))
                for topic, rival in ((one, other), (other, one))
            )
    return ()


def _split_one(sentence: str) -> tuple[Part, ...]:
    """Two things one sentence asks, one part each, or ()."""
    if parts := _each(sentence):
        return parts
    found = _WH_COORDINATED.match(sentence)
    if found:
        lead, one, other, rest = found.groups()
        return (Part(_clean(f"{lead}{one} {rest}")), Part(_clean(f"{lead}{other} {rest}")))
    for pattern, keep in ((_BOTH, 0), (_REPEATED, 1), (_LISTED, 1)):
        found = pattern.search(sentence)
        if found:
            head, tail = sentence[: found.start()], sentence[found.end() :]
            word = f"{found.group(1)} " if keep else ""
            one, other = found.group(1 + keep), found.group(2 + keep)
            if keep and (one[:1].isupper() or other[:1].isupper()):
                continue  # "The Lion and the Mouse": a title, one thing
            joint = not keep  # "both": the same thing answers each
            return (
                Part(_clean(f"{head}{word}{one}{tail}"), joint=joint),
                Part(_clean(f"{head}{word}{other}{tail}"), joint=joint),
            )
    return ()


def question_parts(question: str) -> QuestionParts:
    """The parts of `question` when it asks for several things: separate questions, clauses
    that ask again ("..., and when?"), "when and where", "X and Y each", "both X and Y",
    "the price and the duration"; or the things compared ("the difference between X and
    Y"); or a number of things named for ("which two moons"). Empty for a question asking
    one thing, "and" inside a name or a pair included ("Procter and Gamble", "terms and
    conditions")."""
    if not isinstance(question, str):
        return QuestionParts()
    return _question_parts(question)


@lru_cache(maxsize=1024)  # read by the answer step and again by the parts check
def _question_parts(question: str) -> QuestionParts:
    text = " ".join(question.split())
    counted = _HOW_MANY_ASKED.search(text)
    if counted:  # "which two moons": one set of names, however the sentence goes on
        return QuestionParts(count=_COUNTS[counted.group(1).lower()])
    sentences = _sentences(text) or [text]
    asked = [clause for sentence in sentences for clause in _clauses(sentence)]
    if len(asked) >= 2:
        # A clause with a pronoun ("and when does it open?") leans on the clause before.
        leans = [
            asked[at - 1] if at and _ANAPHOR.search(clause) else ""
            for at, clause in enumerate(asked)
        ]
        return QuestionParts(
            parts=tuple(
                Part(clause, leans_on=lean) for clause, lean in zip(asked, leans, strict=True)
            )
        )
    sentence = asked[0] if asked else text
    for pattern in _COMPARED:
        found = pattern.search(sentence)
        if found:
            return QuestionParts(compared=(_clean(found.group(1)), _clean(found.group(2))))
    return QuestionParts(parts=_split_one(sentence.rstrip("?!. ")))

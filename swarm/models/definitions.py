"""Definition questions, for the offline answers: "What does FOB stand for?", "What does X
mean?", "What is DTR?", "Define X", "What counts as a Sev1?". Their asking words ("stand
for", "mean") name no fact a passage must repeat, and the one term they ask about is
answered by a passage that defines it, as glossaries and wikis write one: "TERM —
definition", "TERM: definition", "TERM (expansion)", "expansion (TERM)", "TERM stands for /
means / is ...". A question asking what an abbreviation stands for wants its expansion: the
words whose initials spell it.
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile
from swarm.wiki.tokens import tokenize

__all__ = [
    "defined_term",
    "defines",
    "definition_asking_words",
    "meaning_unstated",
    "qualification_unstated",
    "qualification_words",
    "term_defined",
]

_I = re.IGNORECASE
_TERM = r"[\"“'`]?(?P<term>[^\s\"”'`?][^\"”'`?]{0,40}?)[\"”'`]?"
_ASKED = tuple(
    lazy_compile(pattern, _I)
    for pattern in (
        rf"^\W*what\s+(?:does|do|did)\s+(?:the\s+)?(?:term\s+|word\s+|abbreviation\s+|"
        rf"acronym\s+)?{_TERM}\s+(?P<verb>stand\s+for|mean|signify)\s*\??\s*$",
        rf"^\W*what\s+is\s+(?P<verb>meant\s+by|the\s+meaning\s+of)\s+{_TERM}\s*\??\s*$",
        rf"^\W*(?:please\s+)?(?P<verb>define)\s+{_TERM}\s*\??\s*$",
        rf"^\W*what\s+(?P<verb>counts|qualifies)\s+as\s+(?:an?\s+|the\s+)?{_TERM}\s*\??\s*$",
        rf"^\W*what(?:'s|\s+is|\s+are)\s+(?:an?\s+)?{_TERM}\s*\??\s*$",
    )
)
# The words that ask for a definition: not a fact the passage must state.
_ASKING = frozenset(
    tokenize("stand stands mean means meaning meant signify define counts qualifies")
)
_MAX_TERM_WORDS = 3
# An abbreviation, or a capitalised or quoted term: what "what is X?" asks to define (not
# "what is the deadline?", a fact with a key).
_ABBREVIATION = lazy_compile(r"^[A-Z][A-Z0-9&.-]{1,7}s?$")
_EMPHASIS = lazy_compile(r"[*_`]+")
# What follows a term that a glossary line or a sentence defines: a dash, or a defining
# verb ("means", "refers to", "is a / the": not a bare "is": "shrink is high this month").
# An abbreviation's line may also use a colon or a bracket, its expansion vouching for it
# ("DTR: development time ratio", "SLA (service level agreement)").
_DEFINING = (
    r"\s*(?:[—–]|-\s|,?\s+(?:means|stands\s+for|refers\s+to|is\s+short\s+for|short\s+for|"
    r"is\s+defined\s+as|(?:is|are|was)\s+(?:an?|the))\b)\s*"
)
_SAYS = r"(?:means|stands\s+for|refers\s+to|is\s+defined\s+as|is\s+short\s+for)"
_ABBREVIATION_DEFINING = rf"(?:\s*[:(]\s*|{_DEFINING})"
_MIN_DEFINITION_WORDS = 3
_SMALL_WORDS = frozenset("of and the for to in on a an &".split())


def defined_term(question: str) -> tuple[str, bool]:
    """The term a definition question asks about and whether it asks for an expansion
    ("stand for"), or ("", False). "What is X?" counts only for an abbreviation ("DTR") or a
    quoted term, of at most three words."""
    if not isinstance(question, str):
        return "", False
    match = next((m for rule in _ASKED if (m := rule.search(question.strip()))), None)
    if not match:
        return "", False
    term = match.group("term").strip().strip("\"'“”`")
    if not term or len(term.split()) > _MAX_TERM_WORDS:
        return "", False
    verb: str = match.groupdict().get("verb") or ""
    quoted = match.group(0)[match.start("term") - match.start() - 1 :][:1] in "\"“'`"
    if not verb and not quoted and not _ABBREVIATION.match(term):
        return "", False  # "what is the deadline?", "what is Mara?": not a definition
    return term, verb.lower().startswith("stand")


def definition_asking_words(question: str) -> frozenset[str]:
    """The tokens asking for a definition ("stand", "mean"), when `question` is one."""
    term, _ = defined_term(question)
    if not term:
        return frozenset()
    return _ASKING - frozenset(tokenize(term))


def _initials(words: list[str]) -> set[str]:
    """The initials of `words`, with and without their small words ("free on board": fob,
    fb; "Department of Defense": dod, dd)."""
    every = "".join(word[0] for word in words if word).lower()
    content = "".join(word[0] for word in words if word and word.lower() not in _SMALL_WORDS)
    return {every, content.lower()}


def _spells(term: str, text: str) -> bool:
    """`text` starts with (or holds, in brackets after or before `term`) words whose
    initials spell the abbreviation `term` ("free on board" for FOB)."""
    letters = re.sub(r"[^a-z0-9]", "", term.lower())
    if not letters:
        return False
    candidates = re.findall(r"[^\W\d_][\w'-]*", text)
    for start in range(min(len(candidates), 1)):
        run = candidates[start : start + len(letters) + 3]
        for end in range(1, len(run) + 1):
            initials = _initials(run[:end])
            if letters in initials:
                return True
            if min(len(i) for i in initials) > len(letters):
                break
    return False


def defines(question: str, text: str) -> bool:
    """`text` defines the term `question` asks about: it opens with the term, a dash or a
    defining verb ("Shrink — weight lost in roasting", "Shrink is the weight lost...") and
    at least three words of definition; or, for an abbreviation, its expansion ("FOB — free
    on board", "DTR: development time ratio", "SLA (service level agreement)", "... free on
    board (FOB)"): an abbreviation is defined only by the words its letters spell."""
    term, _ = defined_term(question)
    if not term:
        return False
    plain = " ".join(_EMPHASIS.sub("", text).split())
    escaped = re.escape(term).replace(r"\ ", r"\s+")
    abbreviation = bool(_ABBREVIATION.match(term))
    separator = _ABBREVIATION_DEFINING if abbreviation else _DEFINING
    opening = re.match(rf"^(?:[-*+]\s+)?{escaped}(?:'?s)?{separator}(?P<rest>.+)$", plain, _I)
    if opening:
        rest = opening.group("rest")
        head = re.split(r"[;|]", rest, maxsplit=1)[0]
        if re.match(r"[\d$€£¥]", head):
            return False
        if abbreviation:
            return _spells(term, rest)
        return len(re.findall(r"[^\W\d_]{2,}", head)) >= _MIN_DEFINITION_WORDS
    # "Incident severity: Sev1 means a client's production is down": after a key or a clause
    inner = re.search(rf"[:;]\s*{escaped}\s+{_SAYS}\s+(?P<rest>.+)$", plain, _I)
    if inner and not abbreviation:
        return len(re.findall(r"[^\W\d_]{2,}", inner.group("rest"))) >= _MIN_DEFINITION_WORDS
    # "… free on board (FOB) …": the expansion before the abbreviation in brackets
    for match in re.finditer(rf"(?P<before>(?:[\w'-]+\s+){{1,8}})\(\s*{escaped}\s*\)", plain, _I):
        before = match.group("before").split()
        letters = re.sub(r"[^a-z0-9]", "", term.lower())
        for start in range(len(before)):
            if letters in _initials(before[start:]):
                return True
    return False


def term_defined(question: str, question_words: frozenset[str], text: str) -> bool:
    """`question` asks what one term is or stands for, its words are all that term's, and
    `text` defines it (`defines`): a single-word question that is still answered."""
    term, _ = defined_term(question)
    return bool(term) and question_words <= frozenset(tokenize(term)) and defines(question, text)


# A sentence saying what something means: a defining verb ("means", "stands for", "refers
# to", "indicates", "is a / the"), a participle ("meaning that..."), a dash or a "Term:" key.
_SAYS_WHAT_IT_MEANS = lazy_compile(
    r"\b(?:means?|meaning|stands?\s+for|refers?\s+to|short\s+for|denotes?|indicates?|"
    r"signif(?:y|ies)|defined\s+as|(?:is|are|was|were)\s+(?:an?|the)|i\.e\.)\b|[—–]|"
    r"^\W*[^:.]{1,60}:\s",
    _I,
)


def meaning_unstated(question: str, text: str) -> bool:
    """`question` asks what a term means or stands for ("What does X mean?", "what is meant
    by X", "define X"), and `text` says nothing of what it means ("The Sync trait is rarely
    implemented by hand"): it neither defines the term (`defines`) nor writes a defining
    verb, a dash or a "Term:" key. Not for "What is X?", which a lookup answers too."""
    term, _ = defined_term(question)
    if not term or not any(rule.search(question.strip()) for rule in _ASKED[:4]):
        return False
    return not (defines(question, text) or _SAYS_WHAT_IT_MEANS.search(text))


_COUNTS_AS = lazy_compile(r"\bcount(?:s|ed)?\s+as\b", _I)


def qualification_words(question: str) -> frozenset[str]:
    """The token "count" when `question` writes "count(s) as" ("still count as a junior"):
    it asks what qualifies, no count a figure would state."""
    return frozenset({"count"}) if _COUNTS_AS.search(question) else frozenset()


_QUALIFICATION_ASKED = lazy_compile(
    r"^\W*what\s+(?:counts|is\s+counted|qualifies|is\s+considered)\s+as\b", _I
)
# What says which things are of a kind: a defining verb or a criterion ("defined as", "means",
# "counts as", "anyone who", "those that"); a key's colon or a bare "is a" is no criterion.
_CRITERION = lazy_compile(
    r"\b(?:means?|defined\s+as|count(?:s|ed)?\s+as|qualif(?:y|ies)\s+as|considered|"
    r"refers?\s+to|stands?\s+for|i\.e\.|(?:those|anyone|anything|any\s+\w+)\s+(?:who|that|which))\b",
    _I,
)


def qualification_unstated(question: str, text: str) -> bool:
    """`question` asks what counts as something ("What counts as a current visitor?") and
    `text` gives no criterion for it: no defining verb ("defined as those who visited in
    the last 5 minutes", "Sev1 means...") nor "anyone who", "those that". A summary line
    naming the thing ("shows current visitors, top pages...") says what it is not."""
    return bool(_QUALIFICATION_ASKED.search(question)) and not _CRITERION.search(text)

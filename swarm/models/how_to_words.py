"""How-to questions' words, offline: the action a how-to asks to do ("how do I list..."),
and the programs' names it writes as ordinary nouns ("processes as a tree"), not naming the
program. Read by `swarm.models.how_to` and the passage scorer. General English.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from swarm.wiki.tokens import STOPWORDS, tokenize

__all__ = ["action_word", "ordinary_nouns"]

_TOKEN = re.compile(r"[\w][\w.+-]*")

# The verb a how-to asks to do ("how do I list...", "the command to convert..."): its action,
# which the answering command's description must state (`list` is not answered by "Create zip
# file"). Not a light verb whose action is what follows ("get the size", "make tee append",
# "turn a PDF into...", "stop bzip2 from...") nor an adverb before the verb ("quickly list").
_ACTION = re.compile(
    r"\bhow\s+(?:(?:do|does|can|could|should|would|might|will)\s+(?:i|you|we|one|they)|to)\s+"
    r"(?:(?:\w+ly|just|only|also|then|first)\s+)?([a-z][a-z-]*)\b|"
    r"\b(?:command|option|flag|way)\s+to\s+(?:(?:\w+ly|just|only)\s+)?([a-z][a-z-]*)\b",
    re.IGNORECASE,
)
_LIGHT_VERBS = frozenset(
    "get gets got make let have do use go turn put take keep stop prevent avoid tell ask try "
    "need want manage be become say know call mean makes lets wants needs".split()
)


def action_word(question: str) -> str:
    """The verb a how-to question asks to do, as a token ("list" of "How do I list the files
    in a zip archive?"; "" when it asks with a light verb: "how do I get the size")."""
    match = _ACTION.search(question)
    verb = next((group for group in match.groups() if group), "") if match else ""
    if not verb or verb.lower() in _LIGHT_VERBS:
        return ""
    tokens = tokenize(verb)
    return tokens[0] if len(tokens) == 1 else ""


# A program's name that is an English noun ("tree", "watch") names the program unless the
# question writes it as a noun: the head of a noun phrase opened by an article or a determiner
# ("as a tree", "a whole directory tree to..."), not a word qualifying the next ("a zip
# archive", "the tree command").
_DETERMINERS = frozenset(
    "a an the this that these those my your our their his her its each every some any".split()
)
_NOUN_PHRASE_REACH = 3  # words back from the noun to its article ("a whole directory tree")


def ordinary_nouns(question: str, programs: Iterable[str]) -> frozenset[str]:
    """The `programs` the question writes only as ordinary nouns, never naming the program:
    each time the head of a noun phrase an article or determiner opens ("processes as a
    tree"), not in backticks nor before another word of the phrase ("the tree command")."""
    # Hyphens split: "force-kill" writes the verb kill.
    sequence = [token.rstrip(".") for token in _TOKEN.findall(question.lower().replace("-", " "))]
    nouns: set[str] = set()
    for program in programs:
        if f"`{program}" in question.lower():
            continue
        places = [at for at, word in enumerate(sequence) if word == program]
        if places and all(_in_noun_phrase(sequence, at) for at in places):
            nouns.add(program)
    return frozenset(nouns)


def _in_noun_phrase(sequence: list[str], at: int) -> bool:
    following = sequence[at + 1] if at + 1 < len(sequence) else ""
    if following and following not in STOPWORDS:
        return False  # "a zip archive", "a git branch": it qualifies what follows
    for word in reversed(sequence[max(0, at - _NOUN_PHRASE_REACH) : at]):
        if word in _DETERMINERS:
            return True
        if word in STOPWORDS or word in _LIGHT_VERBS:
            return False  # "with tree", "I", "make tree list": the program named
    return False

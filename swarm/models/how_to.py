"""How-to questions, offline: which program a passage's command is for, which programs a
question names, and which passage should lead when the question asks for a command.

A command is for the program it runs (`bzip2 -k file`) and for the program of the page it is
on (an option `-p` in unzip's table, a key `ESC-{` on less's page): a page's program is the
first word of its title. A question names a program when one of its words is a program some
excerpt's command is for ("How do I stop bzip2 from deleting…").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

from swarm.wiki.passages import Passage
from swarm.wiki.tokens import tokenize

__all__ = [
    "COMMAND_BONUS",
    "Carrier",
    "NAMED_PROGRAM_BONUS",
    "NAMED_PROGRAM_HIGH_COVERAGE",
    "action_alternatives",
    "REQUEST_WORDS",
    "RIVAL_RANK_SHARE",
    "command_bonus",
    "command_name",
    "command_programs",
    "named_programs",
    "on_own_page",
    "page_program",
    "question_tokens",
]

# Ranking only (never confidence), for a how-to question: a passage carrying a command...
COMMAND_BONUS = 0.15
# ...and, when the question names programs, one whose command runs one of them, and one on
# that program's own page (`ip link set x up` on ip's page, before `ip netns exec …`).
NAMED_PROGRAM_BONUS = 0.15

# How a person asks for a way to do something ("how do I make tee…", "get X to…", "which
# option…", "I want to…"): the request, not what is to be done, so no passage need state it.
_REQUEST_WORDS = (
    "make makes let lets want wants need needs tell ask command commands option options flag "
    "flags way ways able possible"
)
# Confidence: a passage whose command is for a program the question names needs this much
# coverage of the question for `high` (the program named and run is evidence in itself; the
# rarest question word must still be there). Other passages need the general bar.
NAMED_PROGRAM_HIGH_COVERAGE = 0.6

# Verbs command descriptions use for one action, where a person asking uses another ("see
# what's inside" an archive; the page says "List the contents"): each states the others.
_ACTION_VERBS = (
    "see show print display list view output",
    "check test verify validate",
    "create generate",
    "remove delete erase",
)

# A how-to naming no program: another page's command ranked at least this share of the
# lead's rank clashes with it (which tool was meant is not shown).
RIVAL_RANK_SHARE = 0.75

# A cross-reference ("See also: `man 1 tmux`") carries a command but answers nothing.
_CROSS_REFERENCE = re.compile(r"^\W*see\s+also\b", re.IGNORECASE)

# The program a command line runs: past a prompt sign, `sudo` and `NAME=value` assignments.
_COMMAND_WORD = re.compile(r"^\s*(?:[$#>]\s*)?(?:sudo\s+)?(?:[A-Za-z_]\w*=\S*\s+)*([\w][\w.+-]*)")
_TOKEN = re.compile(r"[\w][\w.+-]*")


REQUEST_WORDS = frozenset(token for word in _REQUEST_WORDS.split() for token in tokenize(word))


class Carrier(Protocol):
    """Anything holding a passage (a scored passage)."""

    @property
    def passage(self) -> Passage: ...


_ACTIONS = [frozenset(tokenize(" ".join(group.split()))) for group in _ACTION_VERBS]


def action_alternatives(question_words: frozenset[str]) -> dict[str, list[frozenset[str]]]:
    """Other ways a command's description states a how-to question's action verb ("see" →
    "list", "print"...), each as a one-word alternative."""
    return {
        word: [frozenset({other}) for other in sorted(group - {word})]
        for word in question_words
        for group in _ACTIONS
        if word in group
    }


def question_tokens(question: str) -> frozenset[str]:
    """The question's words as a program would be written ("sqlite3", "apt-get", "lz4")."""
    return frozenset(token.rstrip(".") for token in _TOKEN.findall(question.lower()))


def page_program(context: str) -> str:
    """The first word of the page's title (the passage's context starts with it)."""
    first = context.split(maxsplit=1)[0] if context.split() else ""
    match = _TOKEN.match(first.lower())
    return match.group(0).rstrip(".") if match else ""


def command_programs(code: str, context: str) -> frozenset[str]:
    """The programs a passage's command is for: the one it runs and its page's."""
    if not code:
        return frozenset()
    match = _COMMAND_WORD.match(code)
    runs = match.group(1).lower() if match else ""
    return frozenset(program for program in (runs, page_program(context)) if program)


def on_own_page(code: str, context: str) -> bool:
    """The command runs its page's program (`gpg -sb file` on gpg's page), or is one of that
    program's options or keys (`-p` in unzip's table)."""
    runs = _COMMAND_WORD.match(code)
    return not runs or runs.group(1).lower() == page_program(context)


def command_name(code: str) -> str:
    """What a command runs, without its options and arguments' values: `gcloud compute
    instances list` of `gcloud compute instances list --uri`, `comm` of `comm -12 a b`."""
    name: list[str] = []
    for word in code.split():
        if word.startswith("-") or not re.fullmatch(r"[\w][\w.+-]*", word):
            break
        name.append(word.lower())
    return " ".join(name)


def named_programs(tokens: frozenset[str], commands: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The programs the question names: its words that some (code, context) command is for."""
    programs: set[str] = set()
    for code, context in commands:
        programs |= command_programs(code, context)
    return tokens & programs


def command_bonus(named: frozenset[str], passage: Passage) -> float:
    """The ranking bonus of a passage for a how-to question: it carries a command, and that
    command runs a program the question names, on that program's page (none when the
    question names programs and the command is for none of them)."""
    if not passage.code or _CROSS_REFERENCE.search(passage.text):
        return 0.0
    if not named:
        return COMMAND_BONUS
    runs = _COMMAND_WORD.match(passage.code)
    bonus = NAMED_PROGRAM_BONUS if runs and runs.group(1).lower() in named else 0.0
    bonus += NAMED_PROGRAM_BONUS if page_program(passage.context) in named else 0.0
    return COMMAND_BONUS + bonus if bonus else 0.0

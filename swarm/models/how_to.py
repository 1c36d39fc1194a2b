"""How-to questions, offline: which program a passage's command is for, which programs a
question names, and which passage should lead when the question asks for a command.

A command is for the program it runs (`bzip2 -k file`) and for the program of the page it is
on (an option `-p` in unzip's table, a key `ESC-{` on less's page): a page's program is the
first word of its title. A question names a program when one of its words is a program some
excerpt's command is for ("How do I stop bzip2 from deleting…").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Protocol

from swarm.lazy_re import lazy_compile
from swarm.models.cross_references import is_cross_reference
from swarm.models.evidence import text_words
from swarm.models.how_to_words import action_word, ordinary_nouns
from swarm.wiki.passages import Passage
from swarm.wiki.tokens import tokenize

__all__ = [
    "COMMAND_BONUS",
    "LISTING_CHARS",
    "NAMED_PROGRAM_BONUS",
    "NAMED_PROGRAM_HIGH_COVERAGE",
    "REQUEST_WORDS",
    "RIVAL_RANK_SHARE",
    "Carrier",
    "HowTo",
    "action_alternatives",
    "command_name",
    "command_programs",
    "denials_as_not",
    "denied_words",
    "known_programs",
    "on_own_page",
    "page_program",
    "question_tokens",
    "request_words",
    "without_constraints",
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
    "create generate make",
    "find search locate",
    "remove delete erase",
)

# A code block this long is a listing (a sheet pasted whole, a script), not a command.
LISTING_CHARS = 600

# A how-to naming no program: another page's command ranked at least this share of the
# lead's rank clashes with it (which tool was meant is not shown).
RIVAL_RANK_SHARE = 0.75

_HOW_TO = re.compile(
    r"^\W*(what('?s|\s+is)\s+the\s+command|can\s+\S+\s+\w+)\b|"
    r"\bhow\s+(do|does|can|could|should|would|to)\b|\b(command|option|flag)\s+(to|for)\b|"
    r"\bwhich\s+(\S+\s+)?(command|option|flag|switch)\b|\bwhat\s+(do|should|can)\s+i\s+(run|type)\b",
    re.IGNORECASE,
)
# What a question wants not done: "instead of overwriting", "stop bzip2 from deleting".
_DENIAL = re.compile(
    r"\b(instead\s+of|rather\s+than|(stop|keep|prevent)\s+(\S+\s+){0,2}?from|avoid|without)\b",
    re.IGNORECASE,
)
_WITHOUT = re.compile(r"\bwithout\b", re.IGNORECASE)
# An alternative turned down: "rather than stdin", "instead of alphabetically".
_ALTERNATIVE = re.compile(r"\b(instead\s+of|rather\s+than)\b", re.IGNORECASE)
DENIED_CLAUSE_WORDS = 5  # "without pulling in recommended packages"
# An adjunct after the alternative a how-to turns down ("instead of blocks | for contractors"):
# a preposition or a conjunction that opens a phrase of its own, not the alternative's first word.
_ADJUNCT = lazy_compile(r"\s(?:for|during|when|while|if|unless)\s", re.IGNORECASE)
# A passage's text with something command-like in it (`-k`, `a/b`, `x=1`).
_CODE_LIKE = lazy_compile(r"(^|\s)(-{1,2}[\w-]+|[\w.-]+/[\w./-]+|\w+=\S+)")

# The program a command line runs: past a prompt sign, `sudo` and `NAME=value` assignments.
_COMMAND_WORD = re.compile(r"^\s*(?:[$#>]\s*)?(?:sudo\s+)?(?:[A-Za-z_]\w*=\S*\s+)*([\w][\w.+-]*)")
_TOKEN = re.compile(r"[\w][\w.+-]*")
_LONG_OPTION = re.compile(r"(?<![\w-])--([a-z][a-z-]+)")


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


def known_programs(commands: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The programs of the excerpts' (code, context) commands: each page's program, and what
    commands run on more than one page (`git` on git-branch's and git-mv's pages); a word run
    on one page only is that program's subcommand (debugfs's `blocks filespec`)."""
    pages: set[str] = set()
    runs: dict[str, set[str]] = {}
    for code, context in commands:
        if not code:
            continue
        page = page_program(context)
        pages.add(page)
        match = _COMMAND_WORD.match(code)
        if match:
            runs.setdefault(match.group(1).lower(), set()).add(page)
    return frozenset(pages | {word for word, on in runs.items() if len(on) > 1}) - {""}


def request_words(question: str) -> frozenset[str]:
    """A how-to's request words ("make", "let", "which option") ask, they are not asked; so
    do the words saying what it wants not done ("instead of", "stop … from"), and the
    alternative it turns down ("…rather than stdin", "…instead of side by side": the answer
    need not name what it is not)."""
    if not _HOW_TO.search(question):
        return frozenset()
    markers = {t for m in _DENIAL.finditer(question) for t in tokenize(m.group(0).split()[0])}
    return REQUEST_WORDS | markers | denied_words(question, _ALTERNATIVE, adjuncts=True)


def denied_words(
    question: str, denial: re.Pattern[str] | None = None, *, adjuncts: bool = False
) -> frozenset[str]:
    """The words of what the question wants not done: the rest of the clause after each
    "instead of", "without"... ("without pulling in recommended packages"); with `adjuncts`,
    up to an adjunct the question adds after the alternative ("instead of blocks for the
    backup volume": the volume is asked, not turned down)."""
    found: set[str] = set()
    for match in (denial or _DENIAL).finditer(question):
        clause = re.split(r"[,;:.!?()]", question[match.end() :], maxsplit=1)[0].strip()
        if adjuncts:
            clause = _ADJUNCT.split(clause, maxsplit=1)[0]
        found |= text_words(" ".join(clause.split()[:DENIED_CLAUSE_WORDS]))
    return frozenset(found)


def denials_as_not(question: str) -> str:
    """The question with each "instead of", "stop X from"... written "not" (what follows is
    what it wants not done)."""
    return _DENIAL.sub(" not ", question)


def without_constraints(question: str) -> str:
    """The question without its "without": in a how-to ("without extracting it") it says what
    the command must not do, not a negation its answer must repeat (`tar --list`)."""
    return _WITHOUT.sub(" ", question)


class HowTo:
    """What a how-to question asks for: a command, for the programs it names (those, among
    the excerpts' commands' programs, that are words of the question)."""

    def __init__(
        self,
        question: str,
        question_words: frozenset[str],
        passages: Sequence[Passage] = (),
        alternatives: dict[str, list[frozenset[str]]] | None = None,
    ) -> None:
        """`alternatives` (the scorer's other ways to state each question word) gains the
        action verbs' equivalents ("see" is stated by "list", "print"...)."""
        self.asks = bool(_HOW_TO.search(question))
        self.question_words = question_words
        # The action asked for, and its other ways of being stated (the scorer's alternatives).
        self.action = action_word(question) if self.asks else ""
        self.alternatives = alternatives if alternatives is not None else {}
        self.tokens = question_tokens(question)
        self.known = known_programs((p.code, p.context) for p in passages)
        # The programs the question names: not a noun it writes as one ("as a tree").
        self.named = self.tokens - ordinary_nouns(question, self.tokens & self.known)
        self.programs = self.named & self.known
        if self.asks and alternatives is not None:
            for word, forms in action_alternatives(question_words).items():
                alternatives.setdefault(word, []).extend(forms)

    def bonus(self, passage: Passage) -> float:
        """Ranking only: a passage carrying a command, more when that command runs a program
        the question names and more on that program's page (none when the question names
        programs and the command is for none of them)."""
        if not self.asks or not passage.code or is_cross_reference(passage.text):
            return 0.0
        if len(passage.code) > LISTING_CHARS:
            return 0.0  # a whole sheet or script pasted in one block: no one command
        if not self.programs:
            return COMMAND_BONUS
        runs = _COMMAND_WORD.match(passage.code)
        bonus = NAMED_PROGRAM_BONUS if runs and runs.group(1).lower() in self.programs else 0.0
        bonus += NAMED_PROGRAM_BONUS if page_program(passage.context) in self.programs else 0.0
        return COMMAND_BONUS + bonus if bonus else 0.0

    def coverage_bar(self, passages: Sequence[Passage], read: Sequence[Passage] = ()) -> float:
        """The coverage a how-to answer needs for `high`: less when a passage's command is for
        a program the question names (1.0, no say, otherwise), unless every page `read` is
        that program's (a wiki of gcloud pages: naming gcloud tells none of them apart)."""
        for passage in passages if self.asks and self.programs else ():
            if passage.code and command_programs(passage.code, passage.context) & self.programs:
                return 1.0 if self._every_page_the_programs(read) else NAMED_PROGRAM_HIGH_COVERAGE
        return 1.0

    def _every_page_the_programs(self, read: Sequence[Passage]) -> bool:
        pages = {passage.page for passage in read}
        theirs = {p.page for p in read if page_program(p.context) in self.programs}
        return len(pages) > 1 and theirs == pages

    def rivals(self, one: Sequence[Carrier], other: Sequence[Carrier], rank_share: float) -> bool:
        """Another page's command ranked nearly as well (`rank_share` of the lead's rank)
        clashes with the lead's, for a how-to naming no program: the nearest description is
        often another tool's ("count the lines": pr's "default counting starts with 1st line")."""
        return (
            self.asks
            and not self.programs
            and rank_share >= RIVAL_RANK_SHARE
            and self.clash(one, other)
        )

    def clash(
        self, one: Sequence[Carrier], other: Sequence[Carrier], words_differ: bool = False
    ) -> bool:
        """Two answers clash. Two how-to answers with commands: when they give different
        commands (`gcloud compute instances list`, `gcloud compute disks list` for "list the
        URIs") and the question does not name the first one's more (its program's own page,
        every word of its name: "git branch" over `git mv`); other answers: when their words
        differ (`words_differ`, the caller's reading)."""
        names = [
            {command_name(c.passage.code) for c in side if c.passage.code} for side in (one, other)
        ]
        if not (self.asks and all(names)):
            return words_differ
        if names[0] & names[1]:
            return False
        return self._naming(one) <= self._naming(other)

    def _naming(self, answer: Sequence[Carrier]) -> int:
        """How much the question names an answer's command: its program's page, its name."""
        best = 0
        for passage in (c.passage for c in answer if c.passage.code):
            own_page = page_program(passage.context) in self.programs
            name = set(command_name(passage.code).split())
            best = max(best, own_page + bool(name and name <= self.tokens))
        return best

    def states_action(self, text: str, code: str, context: str) -> bool:
        """The passage's description (its text before its command, and its headings) states
        the asked action, or another way of writing it ("show": "list"), or its command's name
        or long options do (`conda create`, `tar --list`); so does any passage when the
        question asks none. Not the rest of its command: a sheet pasted whole in one block
        holds every action ("7z cheat sheet: 7z [Args] … l list …")."""
        if not self.action:
            return True
        described = text.rsplit(code, 1)[0] if code and code in text else text
        spelled = " ".join([command_name(code), *_LONG_OPTION.findall(code)])
        stated = text_words(described) | text_words(context) | text_words(spelled)
        forms = self.alternatives.get(self.action, [])
        return self.action in stated or any(form <= stated for form in forms)

    def problem(self, text: str, code: str, context: str, stated: frozenset[str]) -> str:
        """Why a passage is no answer to the how-to question ("" when it is): it shows no
        command, or its command is not shown to be for what was asked. A command is for the
        program the question names ("…for bzip2?" is not answered by `dpkg-deb
        --threads-max`); when the question names none, a command of its own page's program
        is (whether another tool's page answers too is the answer's to check), else only a
        passage stating every content word of the question (many tools' pages share a
        description's words)."""
        if not (code or _CODE_LIKE.search(text)):
            return "no command for a how-to question"
        if not self.states_action(text, code, context):
            return "the command's description does not state the action asked (create, not list)"
        command = code or text
        runs = _COMMAND_WORD.match(command)
        program = runs.group(1).lower() if runs else ""
        if program in self.programs or page_program(context) in self.named:
            return ""
        if not self.programs and on_own_page(command, context):
            return ""
        if self.question_words - stated:
            return "the command is not shown to be for what was asked"
        return ""

"""Alternative questions, for the offline evidence rule: "Should I use single or double
quotes?", "Tabs or spaces for indentation?" ask which of the options to take, so a passage
answers only when it states the choice: it uses, prefers or recommends one option (or avoids
it), not when it mentions an option inside another rule ("Use %() for strings containing
double-quotes"). General English.
"""

from __future__ import annotations

import re
from functools import lru_cache

from swarm.lazy_re import lazy_compile

__all__ = ["choice_stated", "choice_unstated"]

_WORD = lazy_compile(r"[^\W_]+(?:['’][^\W_]+)?")
# A question asks to choose when its verb before "or" is one of choosing, or when it names
# the options with no verb at all ("Tabs or spaces?", "RSpec or Minitest for tests?").
_CHOOSE = frozenset(
    "use uses using used prefer prefers preferred choose choosing pick go write "
    "recommend recommended favour favor".split()
)
_ASKS = frozenset(
    "who whom whose what when where why how which is are was were do does did can could "
    "should would will shall may might must have has had".split()
)
# "3.11 or later", "or not", "two or more": an ordinary "or", no options to choose from.
_NOT_OPTION = frozenset(
    "later earlier newer older above below higher lower more less fewer so not otherwise "
    "else both either neither".split()
)
_DETERMINERS = frozenset("a an the".split())
_QUOTED = lazy_compile(r"[\"“`][^\"”`]*[\"”`]")
# A passage states the choice with a verb of choosing right before the option ("Prefer
# single quotes", "Don't use tabs", "We use Postgres"), or says it of the option after it
# ("single quotes are preferred").
_STATES = frozenset(
    "use uses using prefer prefers choose chooses pick picks favour favor favours favors "
    "recommend recommends avoid avoids stick default defaults".split()
)
_OPTION_GAP = frozenset("a an the only always plain to with".split())
_OPTION_GAP_MAX = 2  # such words between the verb and the option ("use only the")
_SAID_OF = frozenset(
    "preferred recommended preferable encouraged discouraged avoided forbidden required "
    "default".split()
)
_SAID_GAP = 3  # words between an option and "preferred" / "recommended"


# "Which is the current way to run Compose: docker-compose or docker compose?": the options
# set off at the end after a colon or comma, a few words each ("docker-compose" one word,
# "docker compose" two), whatever the lead asks with; not a comparison ("Who lived longer, A
# or B?", "Which came first, ...": a comparing word in the lead, answered by a fact).
_SET_OFF = lazy_compile(r"^(?P<lead>.*)[:,]\s*(?P<first>[^:,?]+?)\s+or\s+(?P<second>[^:,?]+?)\W*$")
_COMPARING = lazy_compile(r"\b(?:[a-z]{2,}(?:er|est)|first|last|more|less|most|least)\b", re.I)
_PHRASE_WORD = lazy_compile(r"[^\W_][\w.+-]*")
_SET_OFF_WORDS = 4  # words of an option at most


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


@lru_cache(maxsize=1024)
def _options(question: str) -> tuple[str, str] | None:
    """The two options of a choice question ("single", "double"), or None: the question asks
    no choice (a wh-question, an "or" in a name, in quotes or with "later", "more"...)."""
    bare = _QUOTED.sub(" ", question)
    sequence = _WORD.findall(bare)
    lowered = [w.lower() for w in sequence]
    if lowered.count("or") != 1 or "Or" in sequence:
        return None  # none, several, or a title's "Or": no one pair of options
    at = lowered.index("or")
    if at == 0 or at + 1 >= len(lowered):
        return None
    after = at + 1
    while after + 1 < len(lowered) and lowered[after] in _DETERMINERS:
        after += 1  # "scope or a class method?": the option is "class"
    first, second = lowered[at - 1], lowered[after]
    if first in _NOT_OPTION or second in _NOT_OPTION or first in _ASKS or second in _ASKS:
        return None
    opening = lowered[0]
    if opening in _ASKS - {"should", "do", "does", "can", "is", "are", "which"}:
        return None  # "Who wrote or edited...", "How do I..." ask something else
    before = lowered[:at]
    if _ASKS & set(before) and not (_CHOOSE & set(before)):
        # "Is the office open on Saturday or Sunday?", "Delays on which queue stop sign-in or
        # sign-up?": a fact asked, not a choice.
        return None
    return _stem(first), _stem(second)


@lru_cache(maxsize=1024)
def _set_off_options(question: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The two options a question sets off at its end ("…: docker-compose or docker
    compose?"), each as its words, or None (also when `_options` reads the question).
    Words are compared by their stems ("scopes" states "scope")."""
    match = _SET_OFF.match(" ".join(question.split()))
    if _options(question) or match is None or _COMPARING.search(match.group("lead")):
        return None
    options = []
    for side in ("first", "second"):
        option = [_stem(w.rstrip(".")) for w in _PHRASE_WORD.findall(match.group(side))]
        while option and option[0] in _DETERMINERS:
            option = option[1:]
        if not option or len(option) > _SET_OFF_WORDS or all(w.isdigit() for w in option):
            return None  # "…a number that's 0, 1 or 2?": a list's last items, no options
        options.append(tuple(option))
    return (options[0], options[1]) if options[0] != options[1] else None


def _phrases_stated(text: str, options: tuple[tuple[str, ...], ...]) -> set[tuple[str, ...]]:
    """The set-off options `text` states a choice of ("Use `docker compose up`"); not one it
    only runs ("When you run this…: `docker compose SUBCOMMAND`": both forms may work)."""
    words = [_stem(w.rstrip(".")) for w in _PHRASE_WORD.findall(text)]
    stated: set[tuple[str, ...]] = set()
    for option in options:
        for at in range(len(words) - len(option) + 1):
            if tuple(words[at : at + len(option)]) == option:
                back = at - 1
                while back >= 0 and words[back] in _OPTION_GAP and at - back <= _OPTION_GAP_MAX:
                    back -= 1
                after = set(words[at + len(option) : at + len(option) + 1 + _SAID_GAP])
                if back >= 0 and words[back] in _STATES or _SAID_OF & after:
                    stated.add(option)
    return stated


def _stated(words: list[str], options: tuple[str, str]) -> set[str]:
    """The options `words` states a choice of (uses, prefers, avoids...)."""
    stated: set[str] = set()
    for at, word in enumerate(words):
        if word not in options:
            continue
        back = at - 1
        while back >= 0 and words[back] in _OPTION_GAP and at - back <= _OPTION_GAP_MAX:
            back -= 1
        if (
            back >= 0
            and words[back] in _STATES
            or _SAID_OF & set(words[at + 1 : at + 2 + _SAID_GAP])
        ):
            stated.add(word)
    return stated


def choice_unstated(question: str, text: str) -> bool:
    """`question` asks which of two options to take and `text` states no choice of either:
    no verb of choosing (use, prefer, avoid...) right before an option, nor "preferred",
    "recommended"... just after it. False for any question that asks no choice."""
    if (set_off := _set_off_options(question)) is not None:
        return not _phrases_stated(text, set_off)
    options = _options(question)
    if options is None:
        return False
    words = [_stem(w) for w in _WORD.findall(text)]
    return not _stated(words, options)


def choice_stated(question: str, text: str) -> bool:
    """`question` asks which of two options to take and `text` takes one of them: it uses,
    prefers or avoids exactly one ("Use single quotes over double quotes"), and does not offer
    both itself ("Use tabs or spaces consistently"). Such a passage answers with the
    question's own words: the choice is what it adds."""
    if (set_off := _set_off_options(question)) is not None:
        return len(_phrases_stated(text, set_off)) == 1
    options = _options(question)
    if options is None:
        return False
    words = [_stem(w) for w in _WORD.findall(text)]
    first, second = options
    for at in range(len(words) - 2):
        if words[at + 1] == "or" and {words[at], words[at + 2]} == {first, second}:
            return False
    return len(_stated(words, options)) == 1

"""Every part of a question that asks for several things answered, for the offline `high`:
each part (`swarm.models.question_parts`) earns `high` on its own from a passage the answer
shows, the things a comparison names are all stated in one, and as many names as asked for
("which two") are written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from swarm.lazy_re import lazy_compile
from swarm.models.calibration import HIGH_COVERAGE, HIGH_MIN_MATCHED
from swarm.models.evidence import text_words
from swarm.models.passage_scorer import PassageScorer
from swarm.models.question_parts import Part, question_parts
from swarm.models.question_words import GENERIC
from swarm.models.scored_passages import ScoredPassage
from swarm.wiki.tokens import tokenize

__all__ = ["part_unanswered"]

# A part's own parts are checked too ("the difference between X and Y, and where does each
# put the binary"), this deep.
_MAX_DEPTH = 2
# Clauses of a passage: "Send means...; Sync means...", "X does A, while Y does B".
_CLAUSE = lazy_compile(r"[;:]|\.\s|\s[—–]\s|,\s*(?:while|whereas|but)\s", re.IGNORECASE)


def _first_at(tokens: Sequence[str], name: str) -> int | None:
    wanted = tokenize(name)
    if not wanted:
        return None
    for at in range(len(tokens) - len(wanted) + 1):
        if list(tokens[at : at + len(wanted)]) == list(wanted):
            return at
    return None


def _about_topic(part: Part, text: str) -> bool:
    """A clause of `text` names the part's topic before any of the others asked beside it:
    "any type T implements Sync if &T implements Send" is about Sync, not Send."""
    for clause in _CLAUSE.split(text):
        tokens = tokenize(clause)
        at = _first_at(tokens, part.topic)
        if at is None:
            continue
        others = [_first_at(tokens, other) for other in part.others]
        if all(other is None or other > at for other in others):
            return True
    return False


def _units(spans: Sequence[Sequence[ScoredPassage]]) -> list[Sequence[ScoredPassage]]:
    """What may answer a part: each passage shown, alone (a neighbour must not vouch)."""
    return [[item] for span in spans for item in span]


def _compared_unstated(compared: Sequence[str], texts: Sequence[str]) -> bool:
    """No shown span states every thing compared (its words, page title and headings too)."""
    wanted = [text_words(thing) - GENERIC for thing in compared]
    return not any(all(words <= text_words(text) for words in wanted) for text in texts)


def _answers(sub: PassageScorer, unit: Sequence[ScoredPassage]) -> bool:
    """`unit` earns high for the part; a part with fewer than two words of its own leans on
    the clause before ("..., and what do we pay her for that?"): its words stated and the
    evidence rule met are enough."""
    if sub.confidence_of(unit) == "high":
        return True
    return (
        len(sub.query_words) < HIGH_MIN_MATCHED
        and sub.coverage(unit) >= HIGH_COVERAGE
        and not sub.evidence_problem(unit)
    )


def _about_antecedent(
    unit: Sequence[int], antecedent: PassageScorer, its_answers: Sequence[Sequence[int]]
) -> bool:
    """A part saying "it" is answered by a passage about what "it" is: the one answering the
    part before, or one stating that part's words but its verb ("The corner bakery opens
    at 7" for "Who runs the corner bakery, and when does it open?"; "Her brother's bakery
    opens at 6" does not say when the corner bakery opens)."""
    if any(list(unit) == list(other) for other in its_answers):
        return True
    evidence = [antecedent.items[i] for i in unit]
    verb = {antecedent.rule.subject_verb} if antecedent.rule.subject_verb else set()
    wanted = antecedent.query_words - antecedent.generic - antecedent.type_words - verb
    stated = antecedent.matched(evidence) | (wanted & evidence[0].context_words)
    return wanted <= stated


# A run of capitalised words: one name ("Isaac Newton", "The Russian Messenger").
_NAME_RUN = lazy_compile(r"(?<![\w'])[A-Z][\w'-]*(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][\w'-]*)*")


def _names(text: str, asked: frozenset[str]) -> set[frozenset[str]]:
    """The names `text` writes, each as its tokens (function words, the question's own
    words and a sentence's opening "The" or "He" are no name)."""
    found = set()
    for run in _NAME_RUN.findall(text):
        tokens = frozenset(tokenize(run)) - asked
        if tokens:
            found.add(tokens)
    return found


def _part_answered(
    part: Part,
    sub: PassageScorer,
    unit: Sequence[int],
    earlier: dict[str, tuple[PassageScorer, list[Sequence[int]]]],
) -> bool:
    """`unit` answers `part` (`sub`, its scorer): it earns high for it, is about what its
    pronoun refers to (the `earlier` part it leans on) and names its topic first."""
    if not _answers(sub, [sub.items[i] for i in unit]):
        return False
    if part.leans_on and not _about_antecedent(unit, *earlier[part.leans_on]):
        return False
    return not part.topic or _about_topic(part, " ".join(sub.items[i].passage.text for i in unit))


def _unanswered(
    question: str, scorer: PassageScorer, shown: Sequence[Sequence[int]], depth: int
) -> str:
    asked = question_parts(question)
    if not asked:
        return ""
    items = scorer.items
    if asked.count:
        names = [
            _names(" ".join(items[i].passage.text for i in unit), scorer.query_words)
            for unit in shown
        ]
        if len(set().union(*names)) < asked.count:
            return f"fewer than the {asked.count} things asked for are named"
    if asked.compared:
        texts = [
            " ".join([items[unit[0]].passage.context, *(items[i].passage.text for i in unit)])
            for unit in shown
        ]
        if _compared_unstated(asked.compared, texts):
            return "the answer does not state every thing compared"
    passages = [item.passage for item in items]
    earlier: dict[str, tuple[PassageScorer, list[Sequence[int]]]] = {}
    joint: list[set[tuple[int, ...]]] = []
    for part in asked.parts:
        sub = PassageScorer(part.question, passages)
        answering = [unit for unit in shown if _part_answered(part, sub, unit, earlier)]
        if not answering:
            return f"a part of the question is not answered: {part.question}"
        earlier[part.question] = (sub, answering)
        if part.joint:
            joint.append({tuple(unit) for unit in answering})
        if depth < _MAX_DEPTH and (why := _unanswered(part.question, sub, answering, depth + 1)):
            return why
    if joint and not set.intersection(*joint):
        return "no one passage answers every part the question asks of one thing (both...)"
    return ""


def part_unanswered(scorer: PassageScorer, spans: Sequence[Sequence[ScoredPassage]]) -> str:
    """Why the answer's `spans` leave a part of a several-part question unanswered ("" when
    every part is answered, or the question asks one thing)."""
    position = {id(item): at for at, item in enumerate(scorer.items)}
    shown = [[position[id(item)] for item in unit] for unit in _units(spans)]
    return _unanswered(scorer.rule.question, scorer, shown, 0)

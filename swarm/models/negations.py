"""What a question and its evidence must agree on: negations ("does not run on Sundays"),
and opposites a near-miss swaps ("crowned after" vs "crowned before")."""

from __future__ import annotations

import re

from swarm.models.evidence import lemma
from swarm.wiki.tokens import words

__all__ = ["OPPOSITE", "cjk_opposite", "has_negation", "negated_words"]

# Words that say "not": a question and its evidence must agree on them.
_NEGATIONS = frozenset("not no never without none nor cannot non neither".split())
# Opposites a near-miss question swaps ("crowned after" vs "crowned before"): general English.
_OPPOSITES = (
    ("before", "after"),
    ("since", "until"),
    ("earlier", "later"),
    ("first", "last"),
    ("older", "younger"),
    ("oldest", "youngest"),
    ("largest", "smallest"),
    ("biggest", "smallest"),
    ("highest", "lowest"),
    ("maximum", "minimum"),
    ("increase", "decrease"),
    ("above", "below"),
    ("inside", "outside"),
    ("north", "south"),
    ("east", "west"),
)
# CJK before/after and most/least, by character: 値上げ前 is not answered under 値上げ後, the
# shortest (最短) user name not by the longest (最长).
_CJK_OPPOSITES = (
    ("前", "後"),
    ("前", "后"),
    ("最大", "最小"),
    ("最高", "最低"),
    ("以上", "以下"),
    ("最长", "最短"),
    ("最長", "最短"),
    ("最多", "最少"),
    ("最早", "最晚"),
    ("最早", "最迟"),
    ("最早", "最遅"),
)
OPPOSITE = {a: b for pair in _OPPOSITES for a, b in (pair, pair[::-1])}
_NEGATION_REACH = 3  # words after "not" / "n't" that it negates
_CLAUSE_BREAK = re.compile(r"[()\[\]{},;:.!?—–]")


def cjk_opposite(question: str, raw: str) -> bool:
    """The question writes one of a CJK pair and the passage only the other."""
    return any(
        (one in question and other in raw and one not in raw)
        or (other in question and one in raw and other not in raw)
        for one, other in _CJK_OPPOSITES
    )


def has_negation(text: str) -> bool:
    return bool(_NEGATIONS & set(words(text))) or "n't" in text.lower() or "n’t" in text.lower()


def negated_words(text: str, code: str = "") -> frozenset[str]:
    """The tokens a negation in `text` bears on: the few words after each "not", "never",
    "don't"... ("The ferry does not run on Sundays" negates run, sunday; "Keep (don't delete)
    input files" negates delete, not keep). In the `code` that `text` carries, a negation is
    an operator on its operand, the one word after it: `not done` then `due before x` on the
    next line negates done, not due (the code's lines are joined by spaces in `text`)."""
    if code and code in text:
        prose = text.replace(code, " . ")
        return _negated(prose, _NEGATION_REACH) | _negated(code, 1)
    return _negated(text, _NEGATION_REACH)


def _negated(text: str, reach_words: int) -> frozenset[str]:
    negated: set[str] = set()
    # A negation reaches no further than its clause: "(don't delete)" ends at the bracket.
    for clause in _CLAUSE_BREAK.split(text.replace("’", "'")):
        sequence = words(clause)
        for at, word in enumerate(sequence):
            contracted = word == "t" and at > 0 and sequence[at - 1].endswith("n")
            if word in _NEGATIONS or contracted:
                # "non" is a prefix: "non standard port" negates "standard", not the port.
                reach = 1 if word == "non" else reach_words
                for following in sequence[at + 1 : at + 1 + reach]:
                    negated.add(lemma(following))
    return frozenset(negated)

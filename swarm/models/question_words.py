"""The question's wording, for the offline answers: scaffolding that says nothing about the
subject, words asking for money or a count, and questions asking for a reason or a method.
"""

from __future__ import annotations

import re

from swarm.wiki.tokens import tokenize

__all__ = [
    "COUNTING",
    "MONEY",
    "NEEDS_EXPLANATION",
    "NEEDS_FIGURE_KINDS",
    "QUESTION_SCAFFOLD",
    "normalised_words",
]

# Question scaffolding that says nothing about the subject ("What does the wiki say about").
_SCAFFOLD_WORDS = (
    "what which who whom whose when where why how does do did tell me about please wiki say "
    "says said know explain describe give list find our we us my i you your there per go goes "
    "going went come comes came something anything thing things happen happened get got "
    # asking for recency: the wiki's figure is the answer as of its page's date (the freshness
    # check and the gate deal with the date; the passage never says "latest")
    "latest current currently now today recent recently newest"
)
# Words asking for an amount of money: only a passage with a currency amount answers them.
# Only generic ones: "rate", "budget" or "revenue" name a specific figure, which must be there.
_MONEY_WORDS = (
    "value price prices pricing cost costs worth amount pay paid spend spent charge charged "
    "fee fees money"
)
# Words asking for a count or size: a digit or a number word answers them.
_COUNT_WORDS = "much many number total count size"
# Questions whose answer is a figure or a date ("how much", "when"...).
NEEDS_FIGURE_KINDS = frozenset({"count", "figure", "date"})
# Questions asking for a reason or a method: one matching sentence rarely *states* the answer,
# so the next sentence joins the answer and confidence stays at most medium.
NEEDS_EXPLANATION = re.compile(
    r"^\W*(why|how\s+(do|does|did|can|could|should|would|to)|what\s+(caused|made|led))\b",
    re.IGNORECASE,
)


def normalised_words(words: str) -> frozenset[str]:
    # Run the lists through the ranking tokenizer so they match whatever stemming it does.
    return frozenset(token for word in words.split() for token in tokenize(word))


QUESTION_SCAFFOLD = normalised_words(_SCAFFOLD_WORDS)
MONEY = normalised_words(_MONEY_WORDS)
COUNTING = normalised_words(_COUNT_WORDS)

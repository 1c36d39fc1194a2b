"""The question's wording, for the offline answers: scaffolding that says nothing about the
subject, words asking for money or a count, and questions asking for a reason or a method.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Set
from typing import Protocol

from swarm.lazy_re import lazy_compile
from swarm.wiki.tokens import tokenize

__all__ = [
    "AUXILIARIES",
    "AUXILIARY_WORDS",
    "BROAD_TYPES",
    "COUNTING",
    "GENERIC",
    "GENERIC_WEIGHT",
    "MONEY",
    "NEEDS_EXPLANATION",
    "NEEDS_FIGURE_KINDS",
    "PRESENT_MOMENT",
    "QUESTION_SCAFFOLD",
    "REASON_WORDS",
    "SITUATION_WORDS",
    "agent_type_words",
    "free_type_words",
    "loosened",
    "normalised_words",
    "type_heads",
    "weighted_coverage",
]

# "right now", "at the moment", "currently" ask for the present, like "now".
PRESENT_MOMENT = re.compile(
    r"\b(right\s+now|at\s+(the\s+)?(moment|present)|these\s+days|presently|currently|"
    r"nowadays|as\s+(things|it)\s+stands?)\b",
    re.IGNORECASE,
)

# Question scaffolding that says nothing about the subject ("What does the wiki say about").
_SCAFFOLD_WORDS = (
    "what which who whom whose when where why how whether does do did tell me about please "
    "wiki say "
    "says said know explain describe give list find our we us my i you your there per go goes "
    "going went come comes came something anything thing things happen happened get got "
    # "X vs Y": the comparison's word, which no page answering it need write
    "vs versus "
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
# Questions whose answer is a figure ("how much", "how many"...). A when-question's answer
# may be a date, a clock time, a recurrence or an event ("after baking"): the evidence rule
# judges which its passage states (`swarm.models.time_place`).
NEEDS_FIGURE_KINDS = frozenset({"count", "figure"})
# Questions asking for a reason or a method: one matching sentence rarely *states* the answer,
# so the next sentence joins the answer, and confidence is high only when the span states a
# reason for the asked event (`swarm.models.reasons`) or, for a how-to, shows its command.
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
# Words that ask for the reason itself ("what caused", "the reason for"): a passage stating
# the reason need not be the one writing them, so they do not tie a reason to the event.
REASON_WORDS = normalised_words("cause caused causes reason reasons why led made")


# --- how specific a question word is ---------------------------------------------------------

# General English words a question uses to ask rather than to name its subject (hedges,
# frequency adverbs, "people", "kind", "need"): a passage need not repeat them, so they weigh
# this share of their IDF in the test for "high". Light verbs (put, set, make) are not among
# them: "put" is what tells "where did the treaty put its line" from the line a bull drew.
GENERIC_WEIGHT = 0.25
_GENERIC_WORDS = (
    "actually really exactly usually typically generally normally ever still also even just "
    "already "
    "basically roughly approximately about around ago people person persons someone somebody "
    "anyone everyone one ones kind kinds sort sorts type types way ways top main "
    "need needs needed want wants wanted able well"
)
GENERIC = normalised_words(_GENERIC_WORDS)
# Pronouns that stand for what a sentence names ("someone else", "one more", "anything
# already there"): the passage names the thing, it never writes the pronoun. Not "another",
# "other", "different": they set a second thing against the first ("update a dict with
# another dict", answered by `d1.update(d2)`, not by the operator asked for).
_PRONOUN_WORDS = (
    "someone somebody anyone everyone something anything nothing everything else one ones whatever"
)
# Light verbs: their meaning is the noun they take ("take its name from", "bring features",
# "keep the token"), which the passage must state; the verb it writes is another ("derives
# its name"). Not "put" or "set": they ask where or at what a thing was placed, and who
# placed it ("where did the treaty put its line", when the page's line was set by a papal
# bull); nor "make", as often "create" or "constitute" ("how many people make a good-sized
# hackathon": not how long one lasts).
_LIGHT_VERBS = (
    "take takes took taken taking give gives gave given giving keep keeps kept keeping "
    "bring brings brought bringing"
)
# A how-to asks for a command: words that may name the command or choose its option ("sort",
# "top", "type", "just", "exactly") or its action (a light verb: "keep the original") stay
# asked; only the asker's situation is let off ("a process that's already running", "for
# someone else").
_HOW_TO_GENERIC_WORDS = (
    "actually really usually typically generally normally ever still also already basically "
    "well someone somebody anyone everyone something anything else one ones"
)
_LOOSE = GENERIC | normalised_words(_PRONOUN_WORDS) | normalised_words(_LIGHT_VERBS)
SITUATION_WORDS = normalised_words(_HOW_TO_GENERIC_WORDS)  # the page ranking's too
_HOW_TO_LOOSE = SITUATION_WORDS

# The auxiliary verbs, in one order (a regex alternation of them is built from it).
AUXILIARY_WORDS = tuple(
    "is was are were be been do does did has have had can could will would should may might "
    "must shall".split()
)
AUXILIARIES = frozenset(AUXILIARY_WORDS)
# "Which company insures...", "in what year...", "what organism was...": the noun after
# which/what names what the answer is an instance of (Hiscox is a company), so the passage
# need not repeat it. At most two words (a compound: "yeast strain"), ending before a word
# that reads as the verb (-s, -ed, an auxiliary) or a function word.
_WH_TYPE = re.compile(
    r"(?:^|[,;:]\s*|\b(?:in|at|on|for|from|to|by|of|with|during|into|under)\s+)"
    r"(?:which|what)\s+((?:[\w'-]+\s+){0,2}[\w'-]+)",
    re.IGNORECASE,
)
# "What is X called", "what was the name of X", "what is X known as": naming questions.
_NAMING = re.compile(
    r"^\W*what(?:'s|\s+(?:is|was|are|were))\b.*\b(called|named|known\s+as)\W*$|"
    r"^\W*what(?:'s|\s+(?:is|was|are|were))\s+(?:the|its|his|her|their)\s+(names?|words?|"
    r"titles?|terms?)\s+(?:of|for)\b",
    re.IGNORECASE,
)
# The broadest nouns of a kind ("which company", "what year", "which person"): a wiki names
# the instance ("insured with Hiscox", "in 911") and seldom the class, so a named instance
# lets them off. A narrower type noun ("which dynasty", "which newsgroup", "which pope") is a
# word the answering page writes somewhere when its instance is one: any name does not do.
BROAD_TYPES = normalised_words(
    "person persons people man men woman women individual company companies firm firms "
    "business businesses organisation organisations organization organizations place places "
    "country countries city cities town towns location locations year years month months day "
    "days date dates time times name names thing things one ones"
)
_IRREGULAR_PLURALS = frozenset("people men women children".split())
_ADVERBS = frozenset("also still now then ever never always often already just even only".split())
_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten".split())
_LIGHT_WORDS = frozenset(
    "the a an of in on at to for from by with and or that this these those".split()
)


def _plural(word: str) -> bool:
    """A plural noun ("scientists", "people"): a type compound ends there ("which yeast
    strain", but "which scientists study": the word after a plural is the verb)."""
    return word in _IRREGULAR_PLURALS or (
        len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))
    )


def _type_phrases(question: str) -> list[list[str]]:
    """Each "which/what X [Y]" type's words, lower case: the noun or two-word compound after
    which/what, ending before a word that reads as the verb or a function word."""
    phrases: list[list[str]] = []
    for match in _WH_TYPE.finditer(question):
        sequence = match.group(1).split()
        taken: list[str] = []
        for at, raw in enumerate(sequence):
            word = raw.lower().strip("'")
            if word in AUXILIARIES or word in _LIGHT_WORDS or word.endswith("'s"):
                if word.endswith("'s") and not taken:
                    taken.append(word[:-2])
                break
            if word in _NUMBER_WORDS and not taken:
                continue  # "which two moons": the count stays a word to state
            if taken and (word.endswith("ed") or (word.endswith("s") and not word.endswith("ss"))):
                break  # "which company insures": the verb
            if taken and _plural(taken[-1]):
                break  # "which scientists study", "which countries border": the verb
            if taken and (word in _ADVERBS or word.endswith("ly")):
                break  # "which babysitter also feeds": the verb follows
            taken.append(word)
            if at >= 1 and len(taken) >= 2:
                break
        phrases.append(taken)
    return phrases


def _tokens(words: list[str]) -> set[str]:
    return {token for word in words for token in tokenize(word.replace("-", " "))}


def answer_type_words(question: str) -> frozenset[str]:
    """The words naming what the answer is an instance of: the noun (or two-word compound)
    after which/what ("which company insures" -> company; "in what year" -> year), and the
    naming words of "what is X called" / "what was the name of X"."""
    found: set[str] = set()
    for taken in _type_phrases(question):
        # The last word names the answer's type; a word before it says which ones ("which
        # tomato variety": a variety that is a tomato), a word the passage must state, but
        # for "what pen name", "which brand name": a kind of name.
        found |= _tokens(taken if taken[-1:] == ["name"] else taken[-1:])
    for match in _NAMING.finditer(question):
        found.update(token for group in match.groups() if group for token in tokenize(group))
    return frozenset(found)


# Agent nouns ("industrialist", "babysitter", "translator", "librarian", "assistant"): a
# person's role, which a person's name is an instance of.
_AGENT_NOUN = lazy_compile(r"\w{3,}(?:ist|er|or|ian|ess|ant|ent)s?$")
# Nouns of things and places with an agent noun's ending: a person's name is none of them
# ("which river": Hokusai is no river).
_NOT_AGENTS = frozenset(
    "river rivers water waters border borders center centre centers centres corner corners "
    "quarter quarters tower towers harbor harbour harbors harbours theater theatre theaters "
    "theatres chapter chapters letter letters number numbers order orders paper papers layer "
    "layers folder folders filter filters parameter parameters character characters error "
    "errors color colour colors colours floor floors door doors mirror mirrors sector sectors "
    "vector vectors factor factors motor motors monument monuments document documents element "
    "elements event events continent continents component components instrument instruments "
    "government governments department departments parliament parliaments restaurant "
    "restaurants plant plants planet planets computer computers container containers server "
    "servers browser browsers register registers calendar calendars weather winter summer "
    "cancer fever liver silver copper ore meteor crater craters glacier glaciers".split()
)


def free_type_words(question: str) -> frozenset[str]:
    """The type words a named instance lets off without the page writing them: the broad
    ones ("which company", "what year"), a naming question's ("what was the name of", "what
    pen name"), and the head of a compound whose first word says which kind ("which yeast
    strain", "what trafilatura setting": the passage states "yeast")."""
    found = set(answer_type_words(question) & BROAD_TYPES)
    for taken in _type_phrases(question):
        if len(taken) >= 2 or taken[-1:] == ["name"]:
            found |= _tokens(taken if taken[-1:] == ["name"] else taken[-1:])
    for match in _NAMING.finditer(question):
        found.update(token for group in match.groups() if group for token in tokenize(group))
    return frozenset(found)


def type_heads(question: str) -> frozenset[str]:
    """The last word of each "which X" type, lower case and singular ("which errors" ->
    error)."""
    return frozenset(
        taken[-1][:-1] if _plural(taken[-1]) else taken[-1]
        for taken in _type_phrases(question)
        if taken
    )


def agent_type_words(question: str) -> frozenset[str]:
    """The type words that are agent nouns ("which industrialist", "which babysitter"): a
    person's name is one of them."""
    return frozenset(
        token
        for taken in _type_phrases(question)
        if taken and _AGENT_NOUN.match(taken[-1]) and taken[-1] not in _NOT_AGENTS
        for token in _tokens(taken[-1:])
    )


class _Rule(Protocol):
    how_to: bool


def loosened(question: str, words: frozenset[str], rule: _Rule) -> tuple[frozenset[str], ...]:
    """The answer's type words ("which company") and the generic asking words among `words`
    (the question's words less its names: GENERIC, pronouns, light verbs), for the test for
    high; for a how-to question (its commands have a rule of their own) no type words, and
    only the words of the asker's situation."""
    if rule.how_to:
        return frozenset(), words & _HOW_TO_LOOSE
    type_words = answer_type_words(question) & words
    return type_words, words & _LOOSE - type_words


def weighted_coverage(
    idf: Mapping[str, float],
    direct: frozenset[str],
    titled: frozenset[str],
    *,
    optional: Set[str],
    generic: frozenset[str],
    context_weight: float,
    key_share: float,
    titles_count: bool,
) -> tuple[float, bool, int]:
    """The IDF-weighted share of the question words (`idf`'s keys) stated `direct`ly, or only
    in the page title or headings (`titled`: `context_weight`), generic words weighing
    GENERIC_WEIGHT and `optional` ones counting only when stated; whether a key word is
    missing (a non-generic word at least `key_share` as rare as the rarest one); and how
    many question words are stated (0 with none in the text; titled ones when `titles_count`,
    no optional word was let off and the text states one the title does not)."""
    context = titled - direct
    let_off = optional - direct - context
    asked = frozenset(idf) - let_off
    weight = {w: idf[w] * (GENERIC_WEIGHT if w in generic else 1.0) for w in asked}
    total = math.fsum(weight.values())
    if not total:
        return 0.0, True, 0
    found = math.fsum(weight[w] for w in direct & asked) + context_weight * math.fsum(
        weight[w] for w in context & asked
    )
    # The rarest question word is usually what the question is about ("signed", "rate"):
    # a passage that lacks it does not state the answer, however much else it matches.
    key = asked - generic
    rarest = max((idf[w] for w in key), default=0.0)
    lacks = any(idf[w] >= key_share * rarest for w in key - direct - context)
    # Title words count toward the words stated only for a passage that states something
    # beyond its page's subject ("68 metres long" on "Bayeux Tapestry"), not a tags line.
    titles = titles_count and not let_off and bool(direct - titled)
    stated = len(direct | context) if titles else len(direct)
    return found / total, lacks, stated if direct else 0

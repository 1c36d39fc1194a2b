"""Near misses of encyclopedic prose, for the offline evidence rule: what the answering
sentence itself must bear beyond the question's words. General English:

- a did-question's agent ("did Newcomen repair") must act in the sentence, not only own
  something there ("a model of Newcomen's engine");
- a time bound ("before 1840") must not be met by the other side of the same date ("since
  1840");
- a naming question ("what is X called") needs the name given: a naming word ("known as",
  "called") or a name joined to the asked noun ("the treaty of Uccialli");
- a name the question asks about only in a heading joining it to another ("English and
  Dutch at Table Bay") is not borne by the sentence below;
- a quantity asked for by its noun ("the population of Africa") needs a figure;
- a word qualifying a noun the sentence states ("the negative plates" for "the plates") is
  missing there while another passage of the page writes the pair ("The negative plate is
  composed of..."): the page tells those apart, and this sentence is about the others.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from swarm.lazy_re import lazy_compile
from swarm.models.evidence import figures, lemma
from swarm.models.text_names import capitalised_names
from swarm.wiki.tokens import tokenize, words

__all__ = ["modifier_elsewhere", "sentence_role_problem"]

_AUXILIARY = r"(?:did|does|do|was|were|is|are|has|have|had|will|would|could|can)"
# "did Newcomen repair", "did the English settle", "was James Watt engaged": the capitalised
# run between the auxiliary and the lowercase verb after it.
_SUBJECT = lazy_compile(
    rf"\b{_AUXILIARY}\s+(?:the\s+)?((?:[A-Z][\w'’-]*\s+){{1,4}}?)([a-z][a-z'-]+)\b"
)
_POSSESSOR = r"['’]s?\s+(\w+)"
_STEM_SHARE = 4  # letters a possessed noun shares with the verb it derives from

_BEFORE = r"before|until|till|up\s+to|prior\s+to"
_AFTER = r"after|since|from|following"
_BOUND = lazy_compile(
    rf"\b(?:({_BEFORE})|({_AFTER}))\s+(?:about\s+|around\s+|c\.\s+|the\s+year\s+)?"
    r"(?:A\.D\.\s+)?(\d{3,4})\b",
    re.IGNORECASE,
)

_NAMING_QUESTION = lazy_compile(
    r"^\W*what(?:'s|\s+(?:is|was|are|were))\b(.*)\b(called|named|known\s+as|termed)\W*$|"
    r"^\W*what(?:'s|\s+(?:is|was|are|were))\s+(?:the|its|his|her|their)\s+names?\s+of\b(.*)$",
    re.IGNORECASE,
)
_NAMING_WORD = lazy_compile(
    r"\b(?:called|named|known\s+as|termed|styled|dubbed|entitled|christened|names?|title)\b",
    re.IGNORECASE,
)

# Nouns of a quantity: what "the population of X", "the area of X" ask for is a figure.
_QUANTITY = lazy_compile(
    r"^\W*what(?:'s|\s+(?:is|was|are|were))\s+(?:the|its|his|her|their)\s+(?:\w+\s+){0,2}?"
    r"((?:population|area|length|height|width|breadth|depth|weight|mass|diameter|"
    r"circumference|distance|altitude|elevation|temperature|speed|velocity|volume|capacity|"
    r"density|pressure|size|price|cost)s?)\b(?:\s+of\b|\W*$)",
    re.IGNORECASE,
)


# "English and Dutch", "Spain & Portugal", "Rome vs Carthage": names a heading joins.
_JOINED = lazy_compile(
    r"(?<![\w'’-])([A-Z][\w'’-]*)\s+(?:and|&|vs\.?|versus)\s+(?:the\s+)?([A-Z][\w'’-]*)"
)
_NEAR = 8  # words from the quantity's noun a figure of it stands within


def _agent_problem(question: str, text: str) -> str:
    """The did-question's agent ("did Newcomen repair") is in `text` only as the owner in an
    "of" phrase ("a model of Newcomen's engine"), not of the asked act ("of Newcomen's
    repairs")."""
    match = _SUBJECT.search(question)
    subject = match.group(1).split() if match else []
    if not match or not subject or not set(tokenize(subject[-1])) <= set(tokenize(text)):
        return ""
    last, verb = re.escape(subject[-1]), lemma(match.group(2))
    # "a model of Newcomen's engine": whose thing was acted on; "Brontë's pseudonym" heading
    # its clause may well be her act.
    owned = re.findall(rf"\bof\s+(?:the\s+)?(?:\w+\s+)?{last}{_POSSESSOR}", text)
    bare = len(re.findall(rf"\b{last}\b", text)) > len(owned)
    derived = any(lemma(noun)[:_STEM_SHARE] == verb[:_STEM_SHARE] for noun in owned)
    if owned and not bare and not derived:
        return "the question's agent only owns something in the passage (X's ...)"
    return ""


def _bound_problem(question: str, text: str) -> str:
    for asked in _BOUND.finditer(question):
        year, before = asked.group(3), bool(asked.group(1))
        sides = {bool(said.group(1)) for said in _BOUND.finditer(text) if said.group(3) == year}
        if sides and before not in sides:
            return "the passage bounds the date the other way (before/since...)"
    return ""


def _naming_problem(question: str, text: str) -> str:
    asked = _NAMING_QUESTION.match(question)
    if not asked or _NAMING_WORD.search(text):
        return ""
    thing = " ".join(group for group in (asked.group(1), asked.group(3)) if group)
    own = set(tokenize(question))
    nouns = {token for token in tokenize(thing) if not token.isdigit()}
    for noun in nouns - capitalised_names("x " + thing):
        # "the treaty of Uccialli", "the Uccialli treaty", "father Olorus": a name joined to
        # the asked noun.
        for form in re.finditer(rf"\b{re.escape(noun)}\w*", text, re.IGNORECASE):
            after = re.match(r"(?:\s+of\s+(?:the\s+)?|\s+)([A-Z][\w'’-]*)", text[form.end() :])
            before = re.search(r"([A-Z][\w'’-]*)\s+$", text[: form.start()])
            joined = [m.group(1) for m in (after, before) if m]
            if any(capitalised_names(f"x {name}") - own for name in joined):
                return ""
    return "the naming question's name is not given (called, known as...)"


def _figure_of(noun: str, text: str, numbers: set[str]) -> bool:
    """A figure the question lacks in `text`, a few words from the quantity's noun when the
    text writes it ("formed the bulk of the population" is no figure of it, whatever date
    the sentence opens with; "border lengths): Pakistan 3,190 km" is)."""
    stem = tokenize(noun)[0] if tokenize(noun) else noun.lower()
    sequence = words(text)
    at = [n for n, word in enumerate(sequence) if word.startswith(stem)]
    if not at:
        return bool(figures(text) - numbers)
    near = (" ".join(sequence[max(0, n - _NEAR) : n + _NEAR + 1]) for n in at)
    return any(figures(window) - numbers for window in near)


def _heading_shared(names: Sequence[frozenset[str]], text: str, context: str, question: str) -> str:
    """A name the question asks about is only in the heading, which joins it to another the
    question does not name ("English and Dutch at Table Bay"; not "Origin & Ash", one name
    the question writes whole): the heading speaks of both, the sentence maybe of the other."""
    said, asked, headed = set(tokenize(text)), set(tokenize(question)), tokenize(context)
    for name in names:
        if not name or name <= said or not name <= set(headed):
            continue
        joined = 0
        for pair in _JOINED.finditer(context):
            first, second = set(tokenize(pair.group(1))), set(tokenize(pair.group(2)))
            joined += (name <= first and bool(second - asked)) or (
                name <= second and bool(first - asked)
            )
        # Every time a heading names it, it joins it to another ("RDS Backup" below
        # "Databases in Amazon RDS and DocumentDB" names RDS alone).
        if joined and joined >= min(headed.count(token) for token in name):
            return "the asked name is only in a heading that joins it to another (X and Y)"
    return ""


def sentence_role_problem(
    question: str,
    text: str,
    context: str,
    numbers: set[str],
    names: Sequence[frozenset[str]] = (),
) -> str:
    """Why the answering sentence `text` (under `context`, its headings) does not bear what
    the question asks beyond its words ("" when it does); `numbers`: the question's own,
    `names`: the tokens of each name it asks about."""
    quantity = _QUANTITY.match(question)
    if quantity and not _figure_of(quantity.group(1), text, numbers):
        return "no figure for the quantity asked (population, area, height...)"
    return (
        _heading_shared(names, text, context, question)
        or _agent_problem(question, text)
        or _bound_problem(question, text)
        or _naming_problem(question, text)
    )


def modifier_elsewhere(
    question: str, missing: frozenset[str], stated: frozenset[str], elsewhere: Sequence[str]
) -> bool:
    """A question word in `missing` (not stated by the answering passage) written just before
    a word of `stated` ("negative plates"), a pair which one of the page's other passages
    (`elsewhere`) writes too ("The negative plate is composed of...")."""
    asked = _pairs(question)
    pairs = {pair for pair in asked if pair[0] in missing and pair[1] in stated}
    return bool(pairs) and any(pairs & _pairs(text) for text in elsewhere)


def _pairs(text: str) -> set[tuple[str, str]]:
    """Each two words written one after the other in `text`, as tokens."""
    sequence = [tokenize(word) for word in words(text)]
    return {
        (first[0], second[0])
        for first, second in zip(sequence, sequence[1:], strict=False)
        if first and second
    }

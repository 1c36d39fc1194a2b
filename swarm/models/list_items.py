"""Lists inside a passage, for the offline evidence rule: "Borders: China 2,659 km; Nepal
1,770 km" is a list of items, each with its own figure. A figure answers for the item it is
attached to, so a question relating two names ("Nepal's border with China") is not answered
by a list that only holds both, each in an item of its own; a question asking for each of them
("the borders with China and Nepal") is. General markdown and English, any wiki.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from swarm.models.evidence import text_words
from swarm.wiki.tokens import STOPWORDS, tokenize

__all__ = ["list_items", "names_in_separate_items"]

# A list's lead-in ("Land neighbours (with border lengths):"): a few words before a colon
# (not a clock time's "7:30"), then the items.
_LEAD_IN = re.compile(r"^([^:;]{1,80}?):\s+(?=\S)")
# An item of a list is short: a name and its figure, not a clause (words with a letter).
MAX_ITEM_WORDS = 6
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_LETTERED = re.compile(r"[^\W\d_]")
_CELL = re.compile(r"^[^:]{1,40}:\s")
# Words joining the names a question asks about each of ("China and Nepal", "China or Nepal").
_COORDINATORS = frozenset({"and", "or", "nor", "vs", "versus", "both", "either", "neither"})


def _lettered(piece: str) -> int:
    return sum(1 for word in _WORD.findall(piece) if _LETTERED.search(word))


def list_items(text: str) -> tuple[str, list[str]]:
    """`text` as a list: its lead-in and its items, split on ";" and, after a lead-in, on ", "
    too ("Ethnic groups: Indo-Aryan 72%, Dravidian 25%"); no items when it is not a list (fewer
    than two, one longer than a name and its figure, or a table row's `Key: value` cells)."""
    lead, body = "", text
    match = _LEAD_IN.match(text)
    if match:
        lead, body = match.group(1), text[match.end() :]
    body = body.strip().rstrip(".")
    pieces = [piece.strip() for piece in body.split(";")]
    if lead:  # "Languages: Spanish 98.9%, Portuguese 0.1%; 65 others": every item apart
        pieces = [item.strip() for piece in pieces for item in piece.split(", ")]
    pieces = [re.sub(r"^(?:and|or)\s+", "", piece) for piece in pieces if piece]
    if len(pieces) < 2 or any(_lettered(piece) > MAX_ITEM_WORDS for piece in pieces):
        return lead, []
    if any(_CELL.match(piece) for piece in pieces):
        return lead, []  # a table row's cells ("Country: India; Neighbour: Nepal"): one record
    return lead, pieces


def _coordinated(question: str, first: frozenset[str], second: frozenset[str]) -> bool:
    """The question joins the two names by "and", "or", a comma... ("China and Nepal",
    "with China or with Nepal"): it asks about each, not about one against the other."""
    found = [(m.start(), m.end(), frozenset(tokenize(m.group()))) for m in _WORD.finditer(question)]
    spots = []
    for name in (first, second):
        at = [i for i, (_, _, tokens) in enumerate(found) if tokens & name]
        if not at:
            return False
        spots.append(at)
    for a in spots[0]:
        for b in spots[1]:
            low, high = sorted((a, b))
            if high == low:
                continue
            between = [question[found[i][0] : found[i][1]].lower() for i in range(low + 1, high)]
            gap = question[found[low][1] : found[high][0]]
            joined = "," in gap or "&" in gap or "/" in gap or bool(_COORDINATORS & set(between))
            if joined and all(w in STOPWORDS or w in _COORDINATORS for w in between):
                return True
    return False


def names_in_separate_items(
    question: str, names: Sequence[frozenset[str]], text: str, context: str
) -> bool:
    """Two of the question's `names` (their tokens) each sit only in items of a list `text`
    makes, in different items, and the question does not ask about each of them: the list
    holds both, it does not relate them. A name in the lead-in or the `context` (the page and
    section it is about) is what the list is of, not an item. So is one name whose words sit
    in different items ("Portuguese-Spanish", "North Korea")."""
    lead, items = list_items(text)
    if not items:
        return False
    about = text_words(lead) | text_words(context)
    item_words = [text_words(item) for item in items]
    holders = []
    for name in names:
        if not name or name <= about:
            continue
        holding = frozenset(i for i, words in enumerate(item_words) if name <= words | about)
        if holding:
            holders.append((name, holding))
        elif len(name) > 1 and name <= frozenset().union(*item_words) | about:
            return True  # "Portuguese-Spanish" asked, "Spanish 98.9%, Portuguese 0.1%" listed
    return any(
        not (held_a & held_b) and not _coordinated(question, name_a, name_b)
        for at, (name_a, held_a) in enumerate(holders)
        for name_b, held_b in holders[at + 1 :]
    )

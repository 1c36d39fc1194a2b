"""Lists inside a passage, for the offline evidence rule: "Borders: China 2,659 km; Nepal
1,770 km" is a list of items, each with its own figure. A figure answers for the item it is
attached to, so a question naming two of them ("Nepal's border with China", "the border
between Nepal and China") is not answered by a list that only holds both, each in an item of
its own: a list does not relate its items. General markdown and English, any wiki.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from swarm.lazy_re import lazy_compile
from swarm.models.evidence import text_words

__all__ = ["list_items", "names_in_separate_items"]

# A list's lead-in ("Land neighbours (with border lengths):"): a few words before a colon
# (not a clock time's "7:30"), then the items.
_LEAD_IN = lazy_compile(r"^([^:;]{1,80}?):\s+(?=\S)")
# An item of a list is short: a name and its figure, not a clause (words with a letter).
MAX_ITEM_WORDS = 6
_WORD = lazy_compile(r"[^\W_]+(?:['’][^\W_]+)?")
_LETTERED = lazy_compile(r"[^\W\d_]")
_CELL = lazy_compile(r"^[^:]{1,40}:\s")


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


def names_in_separate_items(names: Sequence[frozenset[str]], text: str, context: str) -> bool:
    """Two of the question's `names` (their tokens) each sit only in items of a list `text`
    makes, in different items: the list holds both, it does not relate them (even for "China
    and Nepal": "between China and Nepal" relates them too). A name in the lead-in or the
    `context` (the page and section it is about) is what the list is of, not an item. So is
    one name whose words sit in different items ("Portuguese-Spanish", "Nepal-China")."""
    lead, items = list_items(text)
    if not items:
        return False
    about = text_words(lead) | text_words(context)
    item_words = [text_words(item) for item in items]
    held: list[frozenset[int]] = []
    for name in names:
        if not name or name <= about:
            continue
        holding = frozenset(i for i, words in enumerate(item_words) if name <= words | about)
        if holding:
            held.append(holding)
        elif len(name) > 1 and name <= frozenset().union(*item_words) | about:
            return True  # "Portuguese-Spanish" asked, "Spanish 98.9%, Portuguese 0.1%" listed
    return any(not (one & other) for at, one in enumerate(held) for other in held[at + 1 :])

"""The joined blocks of the pages the snippet splitter's fast path read last
(`swarm.wiki.snippet_split`), for the answer step's split of the same page: the ranker splits
a candidate's whole body for its snippet, then the answer step splits its excerpt, which for a
short page is that body less its leading and trailing newlines.

Keyed on the text so stripped: blank lines before the first block or after the last one make
no block (the splitter does not share a page whose fence runs to its end: that code keeps
them). Kept marshalled, one bytes object a page, which the garbage collector never tracks
(blocks, or tuples of their fields, kept alive made collections more frequent and longer on
the chat path, which splits ~19 new pages a question), and given back as new blocks.
"""

from __future__ import annotations

import marshal
import threading
from collections import OrderedDict
from collections.abc import Sequence

from swarm.wiki.passages import _Block

__all__ = ["SHARED_PAGES", "share_blocks", "shared_blocks"]

SHARED_PAGES = 128  # the last ~3 queries' candidates (40 a query)

_lock = threading.Lock()
_kept: OrderedDict[str, bytes] = OrderedDict()


def share_blocks(text: str, joined: Sequence[_Block]) -> None:
    """Keep `text`'s joined blocks (as `passages._joined_blocks` left them) for `shared_blocks`."""
    kept = marshal.dumps(
        tuple(
            (b.kind, tuple(b.lines), b.context, b.code, b.depth, b.label, b.inline, b.captioned)
            for b in joined
        )
    )
    key = text.strip("\n")
    with _lock:
        _kept[key] = kept
        _kept.move_to_end(key)
        while len(_kept) > SHARED_PAGES:
            _kept.popitem(last=False)


def shared_blocks(text: str) -> list[_Block] | None:
    """New blocks equal to those kept for `text` (less its surrounding newlines), or None."""
    with _lock:
        found = _kept.get(text.strip("\n"))
    if found is None:
        return None
    return [
        _Block(kind, list(lines), context, code, depth, label, inline, captioned)
        for kind, lines, context, code, depth, label, inline, captioned in marshal.loads(found)
    ]

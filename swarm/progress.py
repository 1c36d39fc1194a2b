"""Progress lines for people watching: one sink wrapper used by every flow and tool.

Progress is a courtesy, never part of a result: a sink that raises must not break the work.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

__all__ = ["safe_printer"]

logger = logging.getLogger(__name__)


def safe_printer(sink: Callable[[str], None] | None) -> Callable[[str], None]:
    """`sink` wrapped so that a failing (or missing) sink is logged and ignored."""

    def say(line: str) -> None:
        if sink is None:
            return
        try:
            sink(line)
        except Exception:  # a broken progress sink must not break the work it reports on
            logger.debug("progress sink failed", exc_info=True)

    return say

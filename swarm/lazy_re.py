"""Regular expressions compiled on first use, not at import.

The offline answer path holds a few hundred module-level patterns; compiling them all when
the first question imports it cost ~40 ms of a first-ever run, most of them for rules the
question never reaches (another language's, a when-question's for a how-question).
`lazy_compile` gives an object that compiles its pattern the first time any attribute is read
and then holds the compiled pattern's attributes itself (its bound methods, `pattern`,
`flags`, `groups`, `groupindex`), so later calls cost what a compiled pattern's do.

It reads as a `re.Pattern` for every attribute and method; it is no `re.Pattern` instance,
so pass it to no `re.*` function (`re.sub(pattern, ...)`): call its own methods.
"""

from __future__ import annotations

import re
from typing import Any, cast

__all__ = ["lazy_compile"]


class _LazyPattern:
    """`re.compile(pattern, flags)` once an attribute is first read."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:
        # Only reached for an attribute not yet in the instance: the first use.
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = re.compile(*self._source)
        for attribute in dir(compiled):
            if not attribute.startswith("_"):
                setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self._source[0]!r}, {self._source[1]!r})"


def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, compiled when first used (see the module's note)."""
    return cast("re.Pattern[str]", _LazyPattern(pattern, int(flags)))

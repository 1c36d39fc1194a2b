"""Text from outside swarm's control (web pages, JSON APIs, wiki pages, model output, argv).

Lone surrogates ("\\ud800", which any JSON API can carry, or undecodable argv bytes that
Python keeps as "\\udc80".."\\udcff") cannot be encoded as UTF-8: one of them in a reply makes
printing or serialising it fail. Everything that leaves swarm passes through here first.
"""

from __future__ import annotations

import codecs
import re

__all__ = ["OUTPUT_ERRORS", "REPLACEMENT_CHARACTER", "replace_surrogates"]

REPLACEMENT_CHARACTER = "\ufffd"
_SURROGATE = re.compile("[\ud800-\udfff]")


def replace_surrogates(text: str) -> str:
    """`text` with every lone surrogate replaced by U+FFFD, so it always encodes as UTF-8."""
    if text.isascii():
        return text
    return _SURROGATE.sub(REPLACEMENT_CHARACTER, text)


def _encode_replacement(error: UnicodeError) -> tuple[bytes, int]:
    """An encode error handler: U+FFFD where the encoding has it, else "?".

    Bytes, not str: CPython's UTF-8 encoder accepts only ASCII text from a handler.
    """
    if not isinstance(error, UnicodeEncodeError):
        raise error
    count = error.end - error.start
    try:
        return REPLACEMENT_CHARACTER.encode(error.encoding) * count, error.end
    except (UnicodeError, LookupError):
        return b"?" * count, error.end


# `stream.reconfigure(errors=OUTPUT_ERRORS)` makes a text stream print what it can't encode
# as U+FFFD instead of raising (the CLI's last line of defence).
OUTPUT_ERRORS = "swarm-replace"
codecs.register_error(OUTPUT_ERRORS, _encode_replacement)

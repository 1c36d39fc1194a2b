"""Wikipedia's language hosts and addresses, pure: which language subdomain a query goes to
(`language_host`), how a title becomes a REST path segment, and the two API URLs."""

from __future__ import annotations

import re
from urllib.parse import quote

__all__ = [
    "NON_LATIN_SCRIPT_LANGUAGES",
    "action_api_url",
    "encode_title",
    "language_code",
    "language_host",
    "summary_url",
]

# Languages whose Wikipedia is written in a non-Latin script. A query that is mostly ASCII
# letters under one of these codes is a speech-to-text misdetection: look it up in English.
NON_LATIN_SCRIPT_LANGUAGES = frozenset(
    "am ar as be bg bn bo dv el fa gu he hi hy ja ka kk km kn ko ky lo mk ml mn mr my ne "
    "or pa ps ru si sr ta te tg th ti uk ur yi zh".split()
)
_ISO_639_1 = re.compile(r"[a-z]{2}")
_ASCII_LETTER_SHARE = 0.8


def summary_url(language: str, title: str) -> str:
    return f"https://{language}.wikipedia.org/api/rest_v1/page/summary/{encode_title(title)}"


def action_api_url(language: str) -> str:
    return f"https://{language}.wikipedia.org/w/api.php"


def encode_title(title: str) -> str:
    """A title as one REST path segment: spaces become underscores, then everything else
    (`/`, `?`, `#`, `%`, non-ASCII) is percent-encoded as UTF-8."""
    return quote(title.strip().replace(" ", "_"), safe="")


def language_code(code: str | None) -> str:
    """An ISO-639-1 code (`"pt-BR"` → `"pt"`), or `"en"` for anything missing or malformed."""
    if not code:
        return "en"
    primary = re.split(r"[-_]", code.strip().lower(), maxsplit=1)[0]
    return primary if _ISO_639_1.fullmatch(primary) else "en"


def language_host(code: str | None, query: str) -> str:
    """The Wikipedia language subdomain for a detected language and the query text.

    Missing or syntactically invalid codes give `"en"`; a non-Latin-script language with a
    query that is at least 80% ASCII letters (among its letters) also gives `"en"`.
    """
    language = language_code(code)
    if language in NON_LATIN_SCRIPT_LANGUAGES:
        letters = [char for char in query if char.isalpha()]
        if letters:
            ascii_share = sum(char.isascii() for char in letters) / len(letters)
            if ascii_share >= _ASCII_LETTER_SHARE:
                return "en"
    return language

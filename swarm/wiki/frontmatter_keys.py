"""Frontmatter keys compared the way people vary them, a field's value as text, and the marks
by which a page says it is out of date."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["NOT_FACTS", "OUT_OF_DATE_WORDS", "fact_text", "key_name", "page_marked_out_of_date"]

# A page its owner marks out of date is stale whatever its dates say: a true flag under one of
# these keys, a `status` / `state` of one of these words, or a `superseded_by` / `replaced_by`
# naming its successor. ("archived" is left out: an archived page is a true record of its time.)
OUT_OF_DATE_WORDS = ("outdated", "out_of_date", "obsolete", "deprecated", "superseded", "stale")
_STATUS_KEYS = ("status", "state")
_SUCCESSOR_KEYS = ("superseded_by", "replaced_by")

# Frontmatter keys that hold no fact about the page's subject: its names, and the machinery of
# the site or editor it lives in (Jekyll, Hugo, Docusaurus, MDN, Obsidian, cSpell). Compared
# as `key_name` compares keys (`short-title` is `short_title`).
NOT_FACTS = frozenset(
    "title short_title aliases alias cssclass cssclasses publish slug permalink layout "
    "template redirect_from redirect_to old_paths weight nav_order sidebar sidebar_label "
    "sidebar_position menu linktitle draft cspell c_spell uuid step_indicator current_step "
    "ignore_disconnected_page_check".split()
)

_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z])(?=[A-Z])")


def key_name(key: Any) -> str:
    """A frontmatter key compared the way people vary it: `Date Modified`, `date-modified`,
    `dateModified` and `date_modified` are all `date_modified`."""
    if not isinstance(key, str):
        return ""
    return re.sub(r"[\s\-]+", "_", _CAMEL_BOUNDARY.sub("_", key.strip())).lower()


def _is_true(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    return isinstance(value, str) and value.strip().lower() in ("true", "yes", "y", "1")


def page_marked_out_of_date(metadata: Mapping[str, Any]) -> str | None:
    """`key: value` where the page says it is out of date (`outdated: true`, `status:
    deprecated`, `superseded_by: new-page`...; keys and words compared as `key_name` compares
    keys), or None."""
    if not isinstance(metadata, Mapping):
        return None
    for key, value in metadata.items():
        name = key_name(key)
        if name in OUT_OF_DATE_WORDS and _is_true(value):
            marked = True
        elif name in _STATUS_KEYS:
            marked = isinstance(value, str) and key_name(value) in OUT_OF_DATE_WORDS
        elif name in _SUCCESSOR_KEYS:
            marked = bool(value.strip() if isinstance(value, str) else value)
        else:
            continue
        if marked:
            return f"{key}: {value}"
    return None


def fact_text(value: Any) -> str:
    """A frontmatter value as the text of a fact (`tags: [a, b]` is "a, b"; a mapping is "")."""
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value if not isinstance(item, dict | list))
    if isinstance(value, dict):
        return ""
    return str(value)

"""Frontmatter keys compared the way people vary them, a field's value as text, and the marks
by which a page says it is out of date."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = [
    "NOT_FACTS",
    "OUT_OF_DATE_WORDS",
    "fact_text",
    "key_name",
    "page_marked_out_of_date",
    "page_marked_unsettled",
]

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


# A page its owner marks as not settled yet: a true `draft` / `wip` flag, a `status` /
# `state` / `stage` of one of these words, or a tag of one (`tags: [draft]`, `#status/wip`).
# Its facts may change before it is done, so the bot must not state them as fact (`high`);
# unlike an outdated page, it is not stale.
UNSETTLED_WORDS = (
    "draft",
    "wip",
    "work_in_progress",
    "in_progress",
    "idea",
    "proposal",
    "proposed",
    "brainstorm",
    "unverified",
    "unconfirmed",
    "to_verify",
    "needs_review",
)
_UNSETTLED_FLAGS = ("draft", "wip")
_STAGE_KEYS = (*_STATUS_KEYS, "stage")
_TAG_KEYS = ("tags", "tag")


def page_marked_unsettled(metadata: Mapping[str, Any]) -> str | None:
    """`key: value` where the page says it is not settled yet (`draft: true`, `status:
    WIP`, `stage: proposal`...; keys and words compared as `key_name` compares keys), or None."""
    if not isinstance(metadata, Mapping):
        return None
    for key, value in metadata.items():
        name = key_name(key)
        if name in _UNSETTLED_FLAGS and _is_true(value):
            return f"{key}: {value}"
        if name in _STAGE_KEYS and isinstance(value, str) and key_name(value) in UNSETTLED_WORDS:
            return f"{key}: {value}"
        if name in _TAG_KEYS and (tag := _unsettled_tag(value)):
            return f"{key}: {tag}"
    return None


def _unsettled_tag(value: Any) -> str:
    """A tag of `value` (a list, or a comma- or space-separated string; "#" and a nested
    tag's parents aside: `status/draft`) that marks the page unsettled; "" when none does."""
    tags = value if isinstance(value, list | tuple) else re.split(r"[,\s]+", str(value or ""))
    for tag in tags:
        if isinstance(tag, str) and key_name(tag.strip().lstrip("#").rsplit("/", 1)[-1]) in (
            UNSETTLED_WORDS
        ):
            return tag
    return ""


def fact_text(value: Any) -> str:
    """A frontmatter value as the text of a fact (`tags: [a, b]` is "a, b"; a mapping is "")."""
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value if not isinstance(item, dict | list))
    if isinstance(value, dict):
        return ""
    return str(value)

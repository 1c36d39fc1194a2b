"""What a page's text holds, pure: the frontmatter split off as metadata (or skipped), an
excerpt cut at a word with a marker, and the page's title.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any

from frontmatter.default_handlers import YAMLHandler

__all__ = [
    "TRUNCATION_MARKER",
    "cut_at_word",
    "normalise_metadata",
    "page_title",
    "split_frontmatter",
    "split_frontmatter_text",
    "strip_frontmatter",
    "truncate_with_marker",
]


TRUNCATION_MARKER = " …"


# How far back from the limit a cut may move to land on a word boundary.
_WORD_BOUNDARY_SLACK = 0.5


_YAML = YAMLHandler()


def normalise_metadata(value: Any) -> Any:
    """Frontmatter made JSON-friendly where cheap: dates and datetimes stay as they are,
    mapping keys become strings, sequences become lists, other odd types become str."""
    if value is None or isinstance(value, str | bool | int | float | dt.date):
        return value
    if isinstance(value, Mapping):
        return {str(key): normalise_metadata(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [normalise_metadata(item) for item in value]
    return str(value)


def split_frontmatter(text: str) -> tuple[dict[str, Any], str]:
    """(metadata, body). Frontmatter that is unterminated, not valid YAML or not a mapping
    makes the whole file the body with empty metadata: the page stays readable as text."""
    if not _YAML.detect(text):
        return {}, text
    try:
        raw_metadata, body = _YAML.split(text)
        loaded = _YAML.load(raw_metadata)
    except Exception:  # ValueError from split, many PyYAML error types from load
        return {}, text
    if loaded is None:  # an empty block: "---\n---"
        return {}, body
    if not isinstance(loaded, dict):
        return {}, text
    return normalise_metadata(loaded), body


def strip_frontmatter(text: str) -> str:
    """The text after a leading frontmatter block, without parsing the YAML (ranking needs
    no metadata, and YAML parsing would dominate building an index)."""
    return split_frontmatter_text(text)[1]


def split_frontmatter_text(text: str) -> tuple[str, str]:
    """(the frontmatter block's raw YAML text, the text after it), without parsing the YAML;
    ("", text) when there is no (terminated) block."""
    if not _YAML.detect(text):
        return "", text
    try:
        block, body = _YAML.split(text)
    except ValueError:  # unterminated block: the whole file is text
        return "", text
    return block, body


def truncate_with_marker(text: str, max_chars: int) -> tuple[str, bool]:
    """(text, truncated): at most `max_chars` characters, the marker included, cut at the
    last word boundary when one is reasonably close to the limit."""
    if len(text) <= max_chars:
        return text, False
    return cut_at_word(text, max_chars), True


def cut_at_word(text: str, max_chars: int) -> str:
    """`text` cut to at most `max_chars` characters ending with the marker: at the last word
    boundary when one is close, else mid-word. The character after the cut is dropped."""
    budget = max(1, max_chars - len(TRUNCATION_MARKER))
    cut = text[: budget + 1]
    boundary = max(cut.rfind(" "), cut.rfind("\n"), cut.rfind("\t"))
    if boundary >= budget * _WORD_BOUNDARY_SLACK:
        cut = cut[:boundary]
    else:
        cut = cut[:budget]
    return cut.rstrip() + TRUNCATION_MARKER


def _first_heading(body: str) -> str:
    for line in body.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            hashes = len(stripped) - len(stripped.lstrip("#"))
            heading = stripped[hashes:]
            if hashes <= 6 and heading.startswith((" ", "\t")) and heading.strip(" #\t"):
                return heading.strip().rstrip("#").strip()
    return ""


def page_title(rel_path: str, title: str, metadata: Mapping[str, Any], body: str) -> str:
    if title.strip():
        return title.strip()
    meta_title = metadata.get("title")
    if isinstance(meta_title, str | int | float) and str(meta_title).strip():
        return str(meta_title).strip()
    return _first_heading(body) or PurePosixPath(rel_path).stem

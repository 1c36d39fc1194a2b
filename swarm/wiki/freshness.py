"""Freshness rules: is a question about fast-moving facts, and has a page's window passed.

Pure functions over a question string or a page's frontmatter; the caller passes `now`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from swarm.wiki.code_literals import code_literals
from swarm.wiki.dates import parse_date
from swarm.wiki.frontmatter_keys import key_name, page_marked_out_of_date
from swarm.wiki.language_time_words import names_time_in_language
from swarm.wiki.time_words import (
    asks_fast_moving_kind,
    names_current_year,
    names_fast_moving_fact,
    names_present_moment,
    names_recent_event,
    names_time_sensitive_topic,
)
from swarm.wiki.tokens import content_words, words

if TYPE_CHECKING:
    from swarm.wiki.index import PageEntry

__all__ = [
    "CREATED_KEYS",
    "DATE_KEYS",
    "REVIEW_KEYS",
    "detect_time_sensitive",
    "TIME_SENSITIVE_TAGS",
    "page_is_stale",
    "page_is_time_sensitive",
    "page_time_sensitive_for",
    "page_last_updated",
]

# Frontmatter keys that say when a page was last true, as vaults write them (compared after
# `key_name`: "Date Modified", "date-modified" and "dateModified" are `date_modified`); the
# newest one present counts. The creation date counts only when none of these is there.
DATE_KEYS = (
    "updated",
    "last_updated",
    "modified",
    "date_modified",
    "last_modified",
    "lastmod",
    "updated_at",
    "date_updated",
    "reviewed",
    "last_reviewed",
    "date",
    # the same as other tools write them: Jekyll, Notion exports, blog and news front matter
    "last_modified_at",
    "modified_at",
    "updated_on",
    "last_edited",
    "last_edited_time",
    "date_reviewed",
    "published",
    "date_published",
    "publish_date",
    "pub_date",
    "last_update",  # Docusaurus, often a mapping: `last_update: {date: ..., author: ...}`
)
CREATED_KEYS = ("created", "date_created", "created_at", "created_on", "created_time")
# The page owner's own expiry, which decides alone: `review_by`, Hugo's `expiryDate`, and the
# review dates of policy and compliance pages.
REVIEW_KEYS = ("review_by", "next_review", "next_review_date", "review_due", "expiry_date")


def detect_time_sensitive(
    question: str, *, now: dt.datetime | None = None, years: bool = True
) -> bool:
    """True when the question asks about fast-moving facts (prices, costs, plans,
    subscriptions, valuations, funding rounds, market size or growth, markets, competitors,
    regulation, news, releases, a company's revenue), about the present moment ("this week",
    "latest", "now", "still"), or names the current or a future year (as of `now`), in
    English or in Spanish, French, German, Italian or Portuguese (`language_time_words`).
    `years=False` applies the wording alone (`swarm.wiki.time_words`)."""
    text = _prose(question) if isinstance(question, str) else ""
    if not years:
        return (
            names_time_sensitive_topic(text)
            or names_present_moment(text)
            or names_time_in_language(text, now=now)
        )
    if names_fast_moving_fact(text) or names_present_moment(text):
        return True
    if names_time_in_language(text, now=now):
        return True
    return names_recent_event(text, now=now) or names_current_year(text, now=now)


def _prose(question: str) -> str:
    """`question` without the code it writes: "Date.now()", `:has()` and `--since=now` are
    names in a language of code, no wording about the present (nor English words in a German
    question); nor the word it quotes ("the 'released' callout", "the "latest" tag"), which
    it names rather than says."""
    for literal in code_literals(question):
        question = question.replace(literal, " ")
    return _QUOTED_WORD.sub(" ", question)


_QUOTED_WORD = re.compile(r"(?<![\w'‘])['\"‘“][\w-]+['\"’”](?![\w'’])")


# Page tags/categories that mark a page's facts as fast-moving (spec: market data,
# competitor moves, pricing, regulatory).
TIME_SENSITIVE_TAGS = frozenset(
    {
        "pricing",
        "price",
        "market",
        "competitor",
        "competition",
        "regulatory",
        "regulation",
        "news",
        "funding",
        "valuation",
    }
)
# Of those, the labels of a page about a subject every fact of which moves: a competitor
# (its people, moves and prices) or a news item (a report as of its day). The others label
# what kind of fact moves (prices, market figures, funding, rules): a proposal filed under
# pricing/ still holds the client's name and who referred them, which do not.
_SUBJECT_TAGS = frozenset({"competitor", "competition", "news"})
_TAG_KEYS = ("tags", "tag", "categories", "category", "type")
_WORD_SPLIT = re.compile(r"[\s_\-/.:#()\[\],;&+]+")


def _tag_word(word: str) -> str | None:
    """`word` (lowercase) as a time-sensitive tag word, from the singular or the plural."""
    if word in TIME_SENSITIVE_TAGS:
        return word
    if word.endswith("s") and word[:-1] in TIME_SENSITIVE_TAGS:
        return word[:-1]
    return None


def _label_words(label: str) -> set[str]:
    """The time-sensitive tag words a tag, category, folder or heading names: `Market-Maps`,
    `market_maps`, `market maps`, `#pricing/2026`, `news`, `Competitors` (case, separators
    and plurals folded; whole words only, so `marketing` is not `market`)."""
    found = (_tag_word(word) for word in _WORD_SPLIT.split(label.lower()))
    return {word for word in found if word is not None}


_TRUE_WORDS = frozenset({"true", "yes", "1", "on"})


def _tag_labels(value: Any) -> Iterable[str]:
    """Each tag of a frontmatter value: "#Pricing", "a, b", "#a #b" and lists of them."""
    items: Iterable[Any]
    if isinstance(value, str):
        items = re.split(r"[,;]+|\s+(?=#)", value)
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = value
    else:
        return
    for item in items:
        if isinstance(item, str):
            yield item.strip()


@dataclass(frozen=True, slots=True)
class _PageKind:
    """What makes a page time-sensitive: its own flag, else its labels' kinds."""

    flag: bool | None = None  # frontmatter `time_sensitive`, which decides alone
    subject: bool = False  # a competitor or news page: every fact about its subject moves
    facts: bool = False  # a pricing, market, funding or rules page: facts of that kind move


def _page_kind(metadata: Any, entry: PageEntry | None) -> _PageKind:
    if not isinstance(metadata, Mapping):
        metadata = {}
    flag = metadata.get("time_sensitive")
    if isinstance(flag, str):
        flag = flag.strip().lower() in _TRUE_WORDS if flag.strip() else None
    if isinstance(flag, bool):
        return _PageKind(flag=flag)
    fields = {key_name(key): value for key, value in metadata.items()}
    labels = [label for key in _TAG_KEYS for label in _tag_labels(fields.get(key))]
    headings = [metadata.get("title")]
    if entry is not None:
        labels += entry.path.split("/")[:-1]  # the folders
        headings += [entry.title, entry.section]
    words: set[str] = set()
    for label in [*labels, *(text for text in headings if isinstance(text, str))]:
        words |= _label_words(label)
    # A title or index section naming a fast-moving topic ("Exchange rates", "Market and
    # pricing"), not the present moment ("Daily notes (recent)", "Current projects").
    topic = any(isinstance(text, str) and names_time_sensitive_topic(text) for text in headings)
    return _PageKind(
        subject=bool(words & _SUBJECT_TAGS), facts=bool(words - _SUBJECT_TAGS) or topic
    )


def page_is_time_sensitive(metadata: Mapping[str, Any], entry: PageEntry | None = None) -> bool:
    """True when the page itself holds fast-moving facts, whatever the question asks.

    Frontmatter `time_sensitive: true` (false wins over everything else), a tag, category or
    type naming `TIME_SENSITIVE_TAGS` (`Market-Maps`, `#pricing/2026`), a folder of the page's
    path doing so (`market-maps/`, `news/2026/`, `competitors/`, `pricing/`), or the page's
    title or index section naming one or a fast-moving topic ("Market and pricing").
    Never raises: frontmatter is untrusted.
    """
    try:
        kind = _page_kind(metadata, entry)
    except Exception:  # a hostile mapping: unknown means not time-sensitive
        return False
    return kind.flag if kind.flag is not None else kind.subject or kind.facts


def page_time_sensitive_for(
    question: str, metadata: Mapping[str, Any], entry: PageEntry | None = None
) -> bool:
    """True when an answer to `question` taken from this page is time-sensitive because of
    the page: the page holds fast-moving facts (`page_is_time_sensitive`) and the question
    asks for them.

    The page's own `time_sensitive` flag decides alone. Otherwise a question asking for a
    price, a market figure, funding or a rule (`asks_fast_moving_kind`: "is a seat cheaper",
    "what's our day rate") asks for what a pricing, market, funding or rules page holds; a
    competitor or news page answers for its subject whatever is asked about it, so a question
    naming the page's subject (`_names_subject`: a word of its title, file name, aliases or
    name fields, or of its folder under the label folder) or its label ("which competitor")
    counts too. "Who referred this client?" answered from a pricing proposal,
    or "who founded the firm?" from another firm's competitor page, does not.
    Never raises: frontmatter is untrusted.
    """
    try:
        if not isinstance(metadata, Mapping):
            metadata = {}
        kind = _page_kind(metadata, entry)
        if kind.flag is not None:
            return kind.flag
        if not (kind.subject or kind.facts):
            return False
        if asks_fast_moving_kind(question):
            return True
        return kind.subject and _names_subject(question, metadata, entry)
    except Exception:  # a hostile mapping: unknown means not time-sensitive
        return False


# Frontmatter fields that name what a page is about.
_NAME_KEYS = ("title", "aliases", "alias", "name", "company", "organization", "organisation")


def _names_subject(question: str, metadata: Mapping[str, Any], entry: PageEntry | None) -> bool:
    """The question names the page's subject (a word of its title, file name, aliases or
    name fields, or of a folder under its label folder, as `competitors/crema/overview.md`;
    numbers aside) or a time-sensitive label ("competitor", "news")."""
    if not isinstance(question, str):
        return False
    if any(_tag_word(word) for word in words(question)):
        return True
    fields = {key_name(key): value for key, value in metadata.items()}
    names: list[Any] = [fields.get(key) for key in _NAME_KEYS]
    if entry is not None:
        *folders, file_name = entry.path.split("/")
        labelled = [i for i, folder in enumerate(folders) if _label_words(folder)]
        below = folders[labelled[0] + 1 :] if labelled else []
        names += [entry.title, file_name.removesuffix(".md"), *below]
    subject: set[str] = set()
    for name in names:
        for text in [name] if isinstance(name, str) else _tag_labels(name):
            subject |= {word for word in content_words(text) if not word.isdigit()}
    return bool(content_words(question) & subject)


def page_last_updated(metadata: Mapping[str, Any]) -> dt.datetime | None:
    """The newest parseable date among the page's `DATE_KEYS`, else among its
    `CREATED_KEYS` (a page's creation date is its last known state only when nothing newer
    is recorded), else None."""
    fields = {key_name(key): value for key, value in metadata.items()}
    # A date key holding a mapping names its dates inside (Docusaurus `last_update: {date:
    # ...}`, MkDocs Material `date: {created: ..., updated: ...}`).
    nested = [
        {key_name(key): value for key, value in field.items()}
        for field in (fields.get(key) for key in DATE_KEYS)
        if isinstance(field, Mapping)
    ]
    for keys in (DATE_KEYS, CREATED_KEYS):
        found = (parse_date(source.get(key)) for source in (fields, *nested) for key in keys)
        present = [date for date in found if date is not None]
        if present:
            return max(present)
    return None


# A page's own `stale_after_days` is clamped to this: 10,000 years is "never stale" for
# any date Python can hold, and stays far below where timedelta overflows.
_MAX_WINDOW_DAYS = 3_650_000


def _days_override(value: Any) -> int | None:
    """The page's own window in days, clamped to `_MAX_WINDOW_DAYS`; None when unusable."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        days = value
    elif isinstance(value, str) and value.strip().isdecimal() and value.strip().isascii():
        text = value.strip().lstrip("0") or "0"
        days = int(text) if len(text) <= 12 else _MAX_WINDOW_DAYS
    else:
        return None
    return min(days, _MAX_WINDOW_DAYS) if days >= 0 else None


def _review_deadline(value: Any) -> dt.datetime | None:
    deadline = parse_date(value)
    if deadline is None:
        return None
    is_bare_day = (isinstance(value, dt.date) and not isinstance(value, dt.datetime)) or (
        isinstance(value, str) and len(value.strip()) == 10
    )
    # A bare date means "fine through the end of that day".
    if not is_bare_day:
        return deadline
    try:
        return deadline + dt.timedelta(days=1)
    except OverflowError:  # 9999-12-31: the end of time, never reached
        return dt.datetime.max


def page_is_stale(
    metadata: Mapping[str, Any],
    *,
    now: dt.datetime,
    stale_after_days: int = 180,
    time_sensitive: bool = False,
    time_sensitive_stale_after_days: int = 30,
) -> bool:
    """True when the page's freshness window has passed at `now`.

    - A page its owner marks out of date (`outdated: true`, `status: deprecated`,
      `superseded_by: ...`; see `OUT_OF_DATE_WORDS`) is stale.
    - `review_by` (a date; or another of `REVIEW_KEYS`, the earliest counting) in the
      frontmatter is the page owner's own expiry and decides alone: stale once `now` is
      past it.
    - Otherwise the newest of the `DATE_KEYS` present (else of the `CREATED_KEYS`) is
      compared with a window: the page's `stale_after_days` if set, else
      `time_sensitive_stale_after_days` for time-sensitive questions, else `stale_after_days`.
    - No usable date: not stale (we cannot tell; the caller's confidence rule still applies).

    Never raises: frontmatter is untrusted, and a bad value means "unknown", not stale.
    """
    try:
        return _page_is_stale(
            metadata,
            now=now,
            stale_after_days=stale_after_days,
            time_sensitive=time_sensitive,
            time_sensitive_stale_after_days=time_sensitive_stale_after_days,
        )
    except (OverflowError, ValueError, TypeError, AttributeError):
        return False


def _page_is_stale(
    metadata: Mapping[str, Any],
    *,
    now: dt.datetime,
    stale_after_days: int,
    time_sensitive: bool,
    time_sensitive_stale_after_days: int,
) -> bool:
    if not isinstance(metadata, Mapping):
        return False
    current = parse_date(now)
    if current is None:
        return False
    fields = {key_name(key): value for key, value in metadata.items()}
    if page_marked_out_of_date(metadata):
        return True
    deadlines = [_review_deadline(fields.get(key)) for key in REVIEW_KEYS]
    review_by = min((deadline for deadline in deadlines if deadline is not None), default=None)
    if review_by is not None:
        return current >= review_by
    last_updated = page_last_updated(metadata)
    if last_updated is None:
        return False
    window_days = _days_override(fields.get("stale_after_days"))
    if window_days is None:
        window_days = time_sensitive_stale_after_days if time_sensitive else stale_after_days
    return current - last_updated > dt.timedelta(days=window_days)

"""The go_external gate: is the wiki's answer time-sensitive, is it stale, must it go outside.

The wiki-first flow (`swarm.wiki_query`) hands over what it read and what the answer cites;
these rules turn that into the result's `time_sensitive`, `stale` and `go_external` flags.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from swarm.wiki.body_dates import body_dates
from swarm.wiki.freshness import (
    REVIEW_KEYS,
    detect_time_sensitive,
    page_is_stale,
    page_is_time_sensitive,
    page_last_updated,
    page_time_sensitive_for,
)
from swarm.wiki.frontmatter_keys import OUT_OF_DATE_WORDS, key_name, page_marked_unsettled

if TYPE_CHECKING:
    from swarm.config import Settings
    from swarm.models.base import Confidence
    from swarm.wiki.index import PageMap
    from swarm.wiki.pages import PageExcerpt

__all__ = ["answer_pages", "freshness_flags", "gate", "unsettled_source"]


def gate(*, confidence: Confidence, stale: bool, time_sensitive: bool) -> bool:
    """go_external: anything but a fresh, high-confidence, not time-sensitive answer."""
    return confidence != "high" or stale or time_sensitive


def answer_pages(cited: Sequence[str], *, quoted: Sequence[str], quotes: bool) -> list[str]:
    """The pages whose passages carry the answer: the ones its freshness is judged on.

    `cited`: the pages the answer cites that were read, in the reasoner's order; `quoted`:
    the pages of its verified quotes; `quotes`: the reasoner gave a quote list. The verified
    quotes' pages when any verified (the chat path); for a reasoner that does not quote (the
    offline one), the page it answered from, which it names first, not the runners-up quoted
    after it; when quotes were given and none verified, every cited page, since none can be
    told apart. A page read but not cited, or cited beside the evidence, is consulted, but
    its age or its pricing folder says nothing about this answer."""
    if quoted:
        return list(dict.fromkeys(quoted))
    if not quotes:
        return list(cited[:1])
    return list(dict.fromkeys(cited))


def freshness_flags(
    question: str,
    time_sensitive: bool | None,
    *,
    flags: Sequence[bool | None],
    sources: Sequence[str],
    readable: Sequence[PageExcerpt],
    page_map: PageMap,
    settings: Settings,
    now: dt.datetime,
    answer: str = "",
) -> tuple[bool, bool]:
    """(time_sensitive, stale) for an answer whose passages come from `sources` (read pages'
    paths, `answer_pages`).

    `time_sensitive` from the caller wins; `None` means the reasoner's `flags`, else the
    wording rule with `now`; a source page holding the fast-moving facts the question asks
    for (`page_time_sensitive_for`: a pricing page for a price, a competitor's page for that
    competitor), or whose amount of money `answer` quotes (`_quotes_page_amount`; the
    caller passes "" for an answer too weak to stand, whose figures are no answer), makes it
    time-sensitive too. Each source page is stale past its window: the short one when the
    answer or that page is time-sensitive."""
    forced_not_time_sensitive = time_sensitive is False
    if time_sensitive is None:
        model_flags = [flag for flag in flags if flag is not None]
        detected = detect_time_sensitive(question, now=now)  # `now`: a pinned day too
        time_sensitive = any(model_flags) if model_flags else detected

    by_path = {excerpt.path: excerpt for excerpt in readable}
    pages = [path for path in dict.fromkeys(sources) if path in by_path]
    # Pages holding the fast-moving facts asked for (prices, market figures, a competitor's
    # moves, news) get the short window whatever the question's wording, and make the answer
    # time-sensitive so the gate sends it outside, unless the caller said it is not.
    sensitive_pages = {
        path
        for path in pages
        if page_time_sensitive_for(question, by_path[path].metadata, page_map.by_path.get(path))
        or _quotes_page_amount(answer, by_path[path], page_map)
    }
    if sensitive_pages and not forced_not_time_sensitive:
        time_sensitive = True
    stale = any(
        page_is_stale(
            _freshness_metadata(by_path[path], settings, page_map),
            now=now,
            stale_after_days=settings.stale_after_days,
            time_sensitive=time_sensitive or path in sensitive_pages,
            time_sensitive_stale_after_days=settings.time_sensitive_stale_after_days,
        )
        for path in pages
    )
    return time_sensitive, stale


# Folders of pages not settled: an Obsidian / Templater template ("Client: {{name}}"), drafts.
_UNSETTLED_FOLDERS = frozenset({"template", "templates", "draft", "drafts"})


# A question about what a draft proposes ("What operator is proposed...", "What would f{1}
# evaluate to?") is answered by the draft itself.
_ASKS_PROPOSAL = re.compile(
    r"\b(?:propos\w*|drafts?|drafted|plan(?:s|ned)?|would|suggest(?:s|ed)?|intend(?:s|ed)?|"
    r"ideas?)\b",
    re.IGNORECASE,
)


def unsettled_source(question: str, sources: Sequence[str], readable: Sequence[PageExcerpt]) -> str:
    """Why a page the answer stands on is not settled yet, shown as "path (draft: true)": a
    draft or work in progress by its frontmatter (`page_marked_unsettled`), or a page of a
    templates or drafts folder; "" when none is, or when the question asks what is proposed
    or planned."""
    if _ASKS_PROPOSAL.search(question):
        return ""
    by_path = {excerpt.path: excerpt for excerpt in readable}
    for path in dict.fromkeys(sources):
        excerpt = by_path.get(path)
        if excerpt is None:
            continue
        if marked := page_marked_unsettled(excerpt.metadata):
            return f"{path} ({marked})"
        folders = {key_name(folder).strip("_") for folder in path.split("/")[:-1]}
        if folders & _UNSETTLED_FOLDERS:
            return f"{path} (in a templates or drafts folder)"
    return ""


# Folders of superseded copies, named like the frontmatter's marks (`OUT_OF_DATE_WORDS`) or
# "old"; not "archive", whose pages are true records of their time.
_OUT_OF_DATE_FOLDERS = frozenset({*OUT_OF_DATE_WORDS, "old"})


def _freshness_metadata(
    excerpt: PageExcerpt, settings: Settings, page_map: PageMap
) -> Mapping[str, Any]:
    """The frontmatter freshness is judged on, with the dates the page's text states
    (`body_dates`: "Last updated: April 29, 2022" counts when newer than the frontmatter's
    dates, "Next review due: ..." when the frontmatter sets no `review_by`); with
    `stale_from_mtime`, a page that records no date anywhere is as old as its file. A page
    its owner filed in a folder of superseded copies (`_old/`, `Outdated/`, `deprecated/`)
    is marked out of date, unless its frontmatter says otherwise; so is an undated leftover
    copy of a page beside it (`_leftover_copy`)."""
    metadata: Mapping[str, Any] = excerpt.metadata
    folders = {key_name(folder).strip("_") for folder in excerpt.path.split("/")[:-1]}
    own_flag = "outdated" in map(key_name, metadata)
    if folders & _OUT_OF_DATE_FOLDERS and not own_flag:
        metadata = {**metadata, "outdated": True}
    elif (
        not own_flag
        and page_last_updated(metadata) is None
        and _leftover_copy(excerpt.path, page_map)
    ):
        metadata = {**metadata, "outdated": True}
    stated = body_dates(excerpt.text)
    recorded = page_last_updated(metadata)
    if stated.updated is not None and (recorded is None or stated.updated > recorded):
        metadata = {**metadata, "updated": stated.updated}
    expiring = not set(REVIEW_KEYS).isdisjoint(map(key_name, metadata))
    if stated.review_due is not None and not expiring:
        metadata = {**metadata, "review_by": stated.review_due.date()}
        expiring = True
    if (
        settings.stale_from_mtime
        and excerpt.modified is not None
        and not expiring
        and page_last_updated(metadata) is None
    ):
        return {**metadata, "updated": excerpt.modified}
    return metadata


# The names editors and sync tools give a copy of a note: Obsidian's "Note 1.md", Finder's
# "Note copy.md", Windows' "Note - Copy.md" and "Note (1).md", Dropbox's "Note (conflicted
# copy 2026-01-02).md".
_COPY_SUFFIX = re.compile(
    r"(?:\s\d{1,2}|\s(?:-\s)?copy(?:\s\d{1,2})?|\s?\(\d{1,2}\)|\s\([^()]*conflicted copy[^()]*\))$",
    re.IGNORECASE,
)


def _name_key(stem: str) -> str:
    """A note's name as its copies repeat it: no emoji or symbols around it, case folded
    ("🐞 Faultline" and "Faultline" are one note)."""
    return " ".join(re.sub(r"[^\w\s.-]+", " ", stem).split()).casefold()


def _leftover_copy(path: str, page_map: PageMap) -> bool:
    """`path` is named as a copy ("Faultline 1.md", "Faultline copy.md") of another page of the
    same folder ("🐞 Faultline.md"): a copy left behind when the note was duplicated or synced
    in conflict, which the note itself has moved on from. "Chapter 1.md" with no "Chapter.md"
    beside it is a page of its own, and so are the notes of a numbered series beside their
    overview ("Sprint.md", "Sprint 1.md", "Sprint 2.md", "Sprint 3.md")."""
    folder, _, name = path.rpartition("/")
    stem = name.removesuffix(".md")
    copied = _COPY_SUFFIX.search(stem)
    if copied is None or copied.start() == 0:
        return False
    base = stem[: copied.start()]
    siblings = page_map.names_by_folder.get(folder, ())
    series = f"{base} "
    if sum(1 for n in siblings if n.startswith(series) and n[len(series) : -3].isdigit()) > 2:
        return False  # "Sprint 1.md", "Sprint 2.md", "Sprint 3.md": a series, not copies
    if f"{base}.md" in siblings:
        return True
    # The original may carry an emoji or another case ("🐞 Faultline.md"). Cheap tests first:
    # the folder may be big.
    original = _name_key(base)
    return any(
        len(original) <= len(other) - 3 <= len(original) + 4
        and other != name
        and original in other.casefold()
        and _name_key(other.removesuffix(".md")) == original
        for other in siblings
    )


# An amount of money as pages and answers write it: "$1,600", "C$3.1B", "€ 14.50", "31.9 ct",
# "500 USD", "EUR 14.50".
_AMOUNT = re.compile(
    r"(?:(?-i:[A-Z]{1,2})?[$€£¥]|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD)\s?)\s?\d(?:[\d,.]*\d)?"
    r"(?:\s?[kmb]n?\b)?|\b\d(?:[\d,.]*\d)?\s?(?:[€£¥]|(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|"
    r"dollars?|euros?|pounds?|cents?|ct|pence)\b)",
    re.IGNORECASE,
)


def _amounts(text: str) -> set[str]:
    """The amounts of money `text` states, spaces and case folded ("$1,600", "31.9ct")."""
    return {"".join(match.group().split()).lower() for match in _AMOUNT.finditer(text)}


def _quotes_page_amount(answer: str, excerpt: PageExcerpt, page_map: PageMap) -> bool:
    """The answer quotes an amount of money stated on a page of fast-moving facts (a pricing,
    market or funding page, a competitor's; `page_is_time_sensitive`, so the page's own
    `time_sensitive: false` wins): whatever the question's words ("What do we give a client
    who refers another?" answered "$500 off" from pricing/), the amount is a price, as fresh
    as that page's prices. An amount on any other page ("the $500 credit applies" on a
    client's page) is no price list's."""
    if not answer or not page_is_time_sensitive(
        excerpt.metadata, page_map.by_path.get(excerpt.path)
    ):
        return False
    return bool(_amounts(answer) & _amounts(excerpt.text))

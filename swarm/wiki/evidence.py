"""Is a model's quote really on the page it was shown? Quote checks and the confidence rule.

Pure text logic on what was read (no model, no I/O), so it lives with local knowledge in
`swarm/wiki/` and every backend's answer goes through the same check (see `check_evidence`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from swarm.wiki.code_literals import code_literals, is_argument, literal_pattern
from swarm.wiki.hedges import hedged
from swarm.wiki.index import PageMap

__all__ = [
    "MAX_QUOTES",
    "MAX_QUOTE_CHARS",
    "EvidenceVerdict",
    "VerifiedQuote",
    "check_evidence",
    "content_words",
    "normalise",
    "quote_on_page",
    "restates_question",
    "says_not_in_wiki",
    "unsupported_figures",
]

Level = Literal["high", "medium", "low"]

# The prompt asks for a few one-sentence quotes; a longer one is not "the words that answer"
# (a model could paste a whole excerpt and have it verify), and more are not read.
MAX_QUOTES = 8
MAX_QUOTE_CHARS = 400
# Each piece of a quote joined with "…" must be at least this many words, so "…" can't
# stitch an answer out of single words scattered over an excerpt.
MIN_PIECE_WORDS = 3

# --- normalisation ------------------------------------------------------------------------

_WIKILINK = re.compile(r"\[\[([^\[\]|]*)(?:\|([^\[\]]*))?\]\]")
_LINK = re.compile(r"!?\[([^\[\]]*)\]\([^()]*\)")
_LINE_MARKER = re.compile(r"^[ \t]*(?:#{1,6}|>+|[-*+]|\d{1,9}[.)])[ \t]+", re.MULTILINE)
_MARKS = str.maketrans({"*": None, "_": None, "`": None, "~": None, "|": " "})
_ELLIPSIS = re.compile(r"\s*\.{3,}\s*")


def _wikilink_text(match: re.Match[str]) -> str:
    alias = match.group(2)
    return alias if alias is not None else match.group(1).partition("#")[0]


def _normalise_once(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    # Invisible format characters (zero-width joiners, soft hyphens), each judged once.
    dropped = [ord(char) for char in set(text) if unicodedata.category(char) == "Cf"]
    if dropped:
        text = text.translate(dict.fromkeys(dropped))
    text = _WIKILINK.sub(_wikilink_text, text)
    text = _LINK.sub(r"\1", text)
    text = _LINE_MARKER.sub("", text)
    text = text.translate(_MARKS)
    text = unicodedata.normalize("NFKC", text.casefold())
    return " ".join(text.split())


def normalise(text: str) -> str:
    """Text as a quote is compared: NFKC, casefolded, whitespace collapsed, invisible
    characters dropped, markdown marks removed (`**x**`, `_x_`, `` `x` ``, `[text](url)` →
    text, `[[page|alias]]` → alias, list / heading / quote markers, table pipes).

    Repeated until nothing changes (removing a mark can reveal another), so the normal form
    of normal text is itself."""
    for _ in range(4):
        normal = _normalise_once(text)
        if normal == text:
            break
        text = normal
    return text


def quote_on_page(quote: str, excerpt: str) -> bool:
    """Whether `quote` is verbatim in `excerpt`, compared in `normalise`d form.

    An ellipsis ("…" or "...") may join pieces of the excerpt, in order, each at least
    `MIN_PIECE_WORDS` words. An empty quote is on no page. Never raises."""
    needle = normalise(quote)
    if not needle:
        return False
    haystack = normalise(excerpt)
    if needle in haystack:
        return True
    pieces = [piece for piece in _ELLIPSIS.split(needle) if piece]
    if len(pieces) < 2 or any(len(piece.split()) < MIN_PIECE_WORDS for piece in pieces):
        return False
    start = 0
    for piece in pieces:
        found = haystack.find(piece, start)
        if found == -1:
            return False
        start = found + len(piece)
    return True


# --- does the quote answer? ---------------------------------------------------------------

_WORD = re.compile(r"\w+")
_STOPWORDS = frozenset(
    """a an and are as at be been by can did do does for from has have how i in is it its of
    on or our s that the their there this to was we were what when where which who whom whose
    why will with you your""".split()
)


def _stem(word: str) -> str:
    # Crude but symmetric: "minutes" and "minute", "CCW's" and "CCW" compare equal.
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def content_words(text: str) -> set[str]:
    """The words of `text` that carry meaning: normalised, stop words dropped, lightly stemmed."""
    words = _WORD.findall(normalise(text))
    return {_stem(word) for word in words if word not in _STOPWORDS}


def restates_question(quote: str, question: str) -> bool:
    """True when every content word of `quote` is already in `question` (or it has none):
    such a quote shows the page is about the question, not that it answers it."""
    return content_words(quote) <= content_words(question)


_NOT_IN_WIKI = re.compile(
    r"not (?:in|on|covered (?:in|by)|found in|mentioned in) (?:the |your |these |any )?"
    r"(?:wiki|excerpts?|pages?|notes|sources?)"
    r"|\b(?:wiki|excerpts?|pages?|notes|sources?)\b[^.]{0,40}?\b(?:does not|doesn't|do not|"
    r"don't|did not|didn't|cannot|can't)\b[^.]{0,20}?\b(?:say|mention|contain|cover|state|"
    r"include|have|hold|specify|give|list|provide|answer)"
    r"|\bno (?:information|mention|data|details?|answer)\b"
    r"|\bnot (?:mentioned|stated|specified|given|documented)\b"
    r"|\b(?:cannot|can't|could not|couldn't|unable to) (?:find|tell|determine|answer)\b"
)


def says_not_in_wiki(answer: str) -> bool:
    """Whether the answer says the wiki doesn't hold it ("not in the wiki", "the excerpts
    don't say", "no information"): whatever its label, such an answer is low."""
    text = normalise(answer).replace("’", "'")
    return bool(_NOT_IN_WIKI.search(text))


# --- figures ------------------------------------------------------------------------------

_FIGURE = re.compile(r"\d+(?:[.,:/\-–]\d+)*")


def _figure_forms(figure: str) -> set[str]:
    """A figure as written without thousands commas, and each of its digit runs as a
    number (so a page's `2024-03-01` supports an answer's "2024" and "March 1")."""
    forms = {figure.replace(",", "")}
    forms.update(str(int(run)) for run in re.findall(r"\d+", figure) if len(run) <= 30)
    return forms


def unsupported_figures(answer: str, support: Sequence[str]) -> list[str]:
    """The figures of `answer` (numbers, amounts, percentages, dates, years) that appear in
    none of the `support` texts, in order, no duplicates."""
    known: set[str] = set()
    for text in support:
        for figure in _FIGURE.findall(unicodedata.normalize("NFKC", text)):
            known |= _figure_forms(figure)
    missing: list[str] = []
    for figure in _FIGURE.findall(unicodedata.normalize("NFKC", answer)):
        whole = figure.replace(",", "")
        numeric = str(int(whole)) if whole.isdigit() and len(whole) <= 30 else whole
        if whole not in known and numeric not in known and figure not in missing:
            missing.append(figure)
    return missing


# --- the rule -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VerifiedQuote:
    """A quote found on the page it names (a path that was read)."""

    page: str
    quote: str


@dataclass(frozen=True, slots=True)
class EvidenceVerdict:
    """What the evidence allows: the highest confidence it supports, the quotes that
    verified, and a warning for each quote that didn't and for a lowered label."""

    confidence: Level
    verified: list[VerifiedQuote] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


_RANK: dict[Level, int] = {"low": 0, "medium": 1, "high": 2}
# An answer whose words are mostly on the pages read is "supported": medium without a quote.
_SUPPORTED_SHARE = 0.5
# A quote's sentence on its page is the one holding the quote's first characters.
_HEAD_CHARS = 40


def check_evidence(
    *,
    question: str,
    answer: str,
    confidence: Level,
    quotes: Sequence[tuple[object, object]],
    excerpts: Mapping[str, str],
    page_map: PageMap,
) -> EvidenceVerdict:
    """The confidence an answer keeps once its quotes are checked against what was read.

    `quotes` are the model's (page name, quote) pairs, untrusted; `excerpts` maps each page
    read for this answer to the text the model was shown. A name is matched to the pages
    read the way page picks are (`PageMap.match`); a quote on a page not read verifies
    nothing. `high` stands only when a quote verifies, says more than the question, and
    every figure of the answer is on a page read; "not in the wiki" answers are low;
    otherwise medium, or low when nothing verifies and the answer is not on the pages.
    Never raises the label the model gave."""
    verified: list[VerifiedQuote] = []
    warnings: list[str] = []
    for page_name, quote in quotes[:MAX_QUOTES]:
        path = _read_path(page_name, excerpts, page_map)
        shown = _shown(path or page_name)
        if not isinstance(quote, str) or not quote.strip():
            continue
        if path is None:
            warnings.append(f"quote cites {shown}, a page not read for this answer")
        elif len(quote) > MAX_QUOTE_CHARS:
            warnings.append(f"quote from {shown} too long to check (over {MAX_QUOTE_CHARS} chars)")
        elif quote_on_page(quote, excerpts[path]):
            verified.append(VerifiedQuote(page=path, quote=" ".join(quote.split())))
        else:
            warnings.append(f"quote not found on page {shown}")
    cap, reason = _cap(question, answer, verified, excerpts)
    if _RANK[cap] < _RANK[confidence]:
        warnings.append(f"confidence at most {cap}: {reason}")
        confidence = cap
    return EvidenceVerdict(confidence=confidence, verified=verified, warnings=warnings)


def _cap(
    question: str, answer: str, verified: Sequence[VerifiedQuote], excerpts: Mapping[str, str]
) -> tuple[Level, str]:
    if not answer.strip():
        return "low", "the answer is empty"
    if says_not_in_wiki(answer):
        return "low", "the answer says the wiki doesn't hold it"
    support = [question, *excerpts.keys(), *excerpts.values()]
    missing = unsupported_figures(answer, support)
    answering = [q for q in verified if not restates_question(q.quote, question)]
    unquoted = _unquoted_literal(question, verified)
    sure = [q for q in answering if not _doubted(q, excerpts[q.page])]
    if sure and not missing and not unquoted:
        return "high", ""
    if answering and not sure and not missing:
        reason = "the page doubts what the quotes say (I think, probably, unconfirmed...)"
    elif unquoted and answering and not missing:
        reason = f"the question's {unquoted} is in no verified quote"
    elif missing:
        shown = ", ".join(missing[:3])
        reason = f"{shown} on no page read"
    elif verified:
        reason = "the quotes only restate the question"
    else:
        reason = "no quote was found on a page read"
    if verified or (not missing and _mostly_on_pages(answer, excerpts.values())):
        return "medium", reason
    return "low", reason


def _unquoted_literal(question: str, verified: Sequence[VerifiedQuote]) -> str:
    """A code literal of `question` ("f[1, 2, 3]", `--force`) that no verified quote writes
    ("f{1, 2, 3}" has its words, not it): the quotes speak of another. A path or a file name
    is left out (a command's page writes a placeholder for it). "" when none."""
    quoted = "\n".join(quote.quote.replace("`", "") for quote in verified)
    for literal in code_literals(question):
        if not is_argument(literal) and not literal_pattern(literal).search(quoted):
            return literal
    return ""


def _doubted(quote: VerifiedQuote, excerpt: str) -> bool:
    """The quote, or a sentence of its page holding it, doubts what it says (`hedged`)."""
    needle = normalise(quote.quote)
    head = needle[:_HEAD_CHARS]

    def holds_quote(sentence: str) -> bool:
        normal = normalise(sentence)
        return bool(normal) and (head in normal or normal in needle)

    return hedged(quote.quote, lambda sentence: True) or hedged(excerpt, holds_quote)


def _mostly_on_pages(answer: str, texts: Iterable[str]) -> bool:
    words = content_words(answer)
    if not words:
        return False
    on_pages: set[str] = set()
    for text in texts:
        on_pages |= content_words(text)
    return len(words & on_pages) >= _SUPPORTED_SHARE * len(words)


def _read_path(name: object, excerpts: Mapping[str, str], page_map: PageMap) -> str | None:
    if isinstance(name, str) and name in excerpts:
        return name
    path = page_map.match(name).path
    return path if path in excerpts else None


def _shown(name: object) -> str:
    text = name if isinstance(name, str) else repr(name)
    text = "".join(char if char.isprintable() else "?" for char in text.strip())
    return text if len(text) <= 80 else text[:79] + "…"

"""Markdown → passages (sentences, list items, `Key: value` lines, table rows) and what they say.

Pure text handling for the extractive (offline) answers: words, kinds of answer, name aliases.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from swarm.wiki.ranking import content_words, tokenize

__all__ = [
    "KIND_PRIORITY",
    "Passage",
    "answer_kinds",
    "name_aliases",
    "question_kinds",
    "split_passages",
    "strip_inline_markdown",
    "text_words",
]

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_CODE_FENCE = re.compile(r"^\s*(```|~~~)")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+(.*)$")
_KEY_VALUE_LINE = re.compile(r"^\s*[A-Z][\w /&()'-]{0,40}:\s+\S")
_MID_SENTENCE = re.compile(r"(,|\b(of|the|a|an|and|or|to|in|on|at|for|with|by|from))\s*$", re.I)
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?[\s:|-]+\|?\s*$")
_INLINE_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"!\[([^\]]*)\]\([^)]*\)"), r"\1"),
    (re.compile(r"\[\[[^\]|]*\|([^\]]+)\]\]"), r"\1"),
    (re.compile(r"\[\[([^\]]+)\]\]"), r"\1"),
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),
    (re.compile(r"<[^>\n]{1,200}>"), ""),
    (re.compile(r"(\*\*|__|~~)(.+?)\1"), r"\2"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"\1"),
    (re.compile(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)"), r"\1"),
    (re.compile(r"`([^`]*)`"), r"\1"),
)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]?\s+(?=[\"'“(\[]?[A-Z0-9$€£])")
_ABBREVIATION_END = re.compile(
    r"\b(e\.g|i\.e|etc|vs|mr|mrs|ms|dr|inc|ltd|co|no|approx|cf|fig|st)\.$", re.IGNORECASE
)


def strip_inline_markdown(text: str) -> str:
    for pattern, replacement in _INLINE_RULES:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


def _sentences(paragraph: str) -> list[str]:
    pieces = _SENTENCE_END.split(paragraph)
    sentences: list[str] = []
    for piece in pieces:
        piece = piece.strip()
        if not piece:
            continue
        if sentences and _ABBREVIATION_END.search(sentences[-1]):
            sentences[-1] += " " + piece
        else:
            sentences.append(piece)
    return sentences


def _table_cells(line: str) -> list[str]:
    return [strip_inline_markdown(cell) for cell in line.strip().strip("|").split("|")]


@dataclass(frozen=True, slots=True)
class Passage:
    """One sentence, list item or table row of a page, with its heading context."""

    page: str
    order: int
    text: str
    context: str  # page title and the headings above it
    block: int = 0  # the paragraph, list item or table row it comes from


def split_passages(text: str, *, page: str = "", title: str = "") -> list[Passage]:
    """Markdown → passages: sentences of paragraphs, list items, `Key: value` lines and table
    rows (rendered `Header: cell; ...`). Headings and code blocks are not passages; headings
    become the context of the passages under them."""
    headings: dict[int, str] = {}
    paragraphs: list[tuple[str, str]] = []  # (raw text, context)
    current: list[str] = []
    table_header: list[str] | None = None
    in_code = False
    lines = text.splitlines()

    def context() -> str:
        return " ".join([title, *(headings[level] for level in sorted(headings))])

    def flush() -> None:
        if current:
            paragraphs.append((" ".join(current), context()))
            current.clear()

    for index, line in enumerate(lines):
        if _CODE_FENCE.match(line):
            flush()
            in_code = not in_code
            continue
        if in_code:
            continue
        if not line.strip():
            flush()
            table_header = None
            continue
        heading = _HEADING.match(line)
        if heading:
            flush()
            level = len(heading.group(1))
            headings = {k: v for k, v in headings.items() if k < level}
            headings[level] = strip_inline_markdown(heading.group(2))
            continue
        if _TABLE_ROW.match(line):
            flush()
            if _TABLE_SEPARATOR.match(line):
                continue
            cells = _table_cells(line)
            next_line = lines[index + 1] if index + 1 < len(lines) else ""
            if table_header is None and _TABLE_SEPARATOR.match(next_line) and "-" in next_line:
                table_header = cells
                continue
            if table_header and len(table_header) == len(cells):
                pairs = zip(table_header, cells, strict=True)
                row = "; ".join(f"{h}: {c}" if h else c for h, c in pairs)
            else:
                row = " | ".join(cells)
            paragraphs.append((row, context()))
            continue
        item = _LIST_ITEM.match(line)
        if item:
            flush()
            current.append(item.group(1))
            continue
        # "Owner: Alice" starts a new passage, unless the line before stopped mid-sentence
        # ("...ordered a survey of\nEngland: who held what land").
        if _KEY_VALUE_LINE.match(line) and current and not _MID_SENTENCE.search(current[-1]):
            flush()
        current.append(line.strip().lstrip(">").strip())
    flush()

    passages: list[Passage] = []
    for block, (raw, passage_context) in enumerate(paragraphs):
        for sentence in _sentences(strip_inline_markdown(raw)):
            if any(ch.isalnum() for ch in sentence):
                passages.append(Passage(page, len(passages), sentence, passage_context, block))
    return passages


# --- what a passage says --------------------------------------------------------------------

# General English, the same for any wiki: past forms the suffix stemmer cannot join to their
# verb ("Palermo fell" answers "when did Palermo fall").
_IRREGULAR_PAST = (
    "arose:arise began:begin begun:begin bought:buy brought:bring built:build caught:catch "
    "chose:choose chosen:choose drew:draw drove:drive driven:drive ate:eat eaten:eat fell:fall "
    "fallen:fall fought:fight found:find fled:flee flew:fly flown:fly forgot:forget gave:give "
    "given:give grew:grow grown:grow held:hold kept:keep knew:know known:know led:lead "
    "left:leave lost:lose made:make met:meet ran:run rode:ride rose:rise sold:sell sent:send "
    "sat:sit spoke:speak spoken:speak spent:spend stood:stand struck:strike taught:teach "
    "took:take taken:take thought:think threw:throw wrote:write written:write won:win "
    "wore:wear broke:break broken:break"
)
# General English calendar words that name each other ("Saturdays and Sundays" = "weekends").
_CALENDAR_GROUPS = {
    "weekend": "saturday sunday",
    "weekday": "monday tuesday wednesday thursday friday",
}
_MONTHS = (
    r"jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t|tember)?|"
    r"oct(ober)?|nov(ember)?|dec(ember)?"
)
_NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|hundred|thousand|"
    r"million|billion|half"
)
# The kinds of answer a passage holds. Currency amounts, clock times and ISO dates are not
# counts ("how many subscribers" is not answered by "$300" or "7:00").
_ANSWER_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("figure", re.compile(rf"\d|\b({_MONTHS}|{_NUMBER_WORDS})\b", re.IGNORECASE)),
    (
        "money",
        re.compile(r"[$€£¥]\s?\d|\d\s?(usd|eur|gbp|dollars?|euros?|pounds?|cents?)\b", re.I),
    ),
    (
        "date",
        re.compile(
            rf"\b(1\d{{3}}|20\d{{2}})\b|\b({_MONTHS})\.?\s+\d|\d(st|nd|rd|th)?\s+({_MONTHS})\b",
            re.IGNORECASE,
        ),
    ),
    ("place", re.compile(r"\b(at|in|near|from|into|on)\s+(?:[Tt]he\s+)?[A-Z][\w'-]+")),
    (
        "reason",
        re.compile(r"\b(because|due to|reasons?|why|caus(e|ed|es)|so that|led to)\b", re.I),
    ),
)
_NOT_A_COUNT = re.compile(r"[$€£¥]\s?[\d.,]+|\b\d{1,2}:\d{2}\b|\b\d{4}-\d{2}-\d{2}\b")
_COUNT = re.compile(rf"\d|\b({_NUMBER_WORDS})\b", re.IGNORECASE)
# The kinds of answer a question asks for.
_QUESTION_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("count", re.compile(r"\bhow\s+many\b|\bnumber\s+of\b", re.IGNORECASE)),
    (
        "figure",
        re.compile(
            r"\bhow\s+(much|long|often|old|big|large|far|soon|fast)\b|"
            r"\bwhat\s+(percentage|share|size|price)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "date",
        re.compile(
            r"\bwhen\b|\b(what|which|in\s+what)\s+(year|date|day|month|time)\b", re.IGNORECASE
        ),
    ),
    ("place", re.compile(r"\bwhere\b|\bwhich\s+(city|town|country|place)\b", re.IGNORECASE)),
    ("reason", re.compile(r"^\W*why\b|\bwhat\s+(caused|made|led)\b", re.IGNORECASE)),
)
# Most specific first: "how much money" asks for money, not just any figure.
KIND_PRIORITY = ("money", "count", "date", "place", "reason", "figure")
# Aliases the excerpts themselves write: "Coastal Clean Water (CCW)", "William the Conqueror".
_NAME_RUN = re.compile(r"\b[A-Z][\w'-]*(?:\s+(?:of\s+|the\s+|and\s+|&\s+)?[A-Z][\w'-]*)+")
_ACRONYM = re.compile(r"\b[A-Z]{2,6}\b")
_EPITHET = re.compile(r"\b([A-Z][a-z]+)\s+the\s+([A-Z][a-z]+)\b")


def _one_token(word: str) -> str:
    tokens = tokenize(word)
    return tokens[0] if tokens else word


_LEMMA = {
    _one_token(past): _one_token(base)
    for past, base in (pair.split(":") for pair in _IRREGULAR_PAST.split())
}
_CALENDAR: dict[str, list[frozenset[str]]] = {}
for _group, _members in _CALENDAR_GROUPS.items():
    for _member in (_one_token(word) for word in _members.split()):
        _CALENDAR.setdefault(_member, []).append(frozenset({_one_token(_group)}))
        _CALENDAR.setdefault(_one_token(_group), []).append(frozenset({_member}))


def text_words(text: str) -> frozenset[str]:
    """Content words as the ranking tokenizer stems them, irregular past forms joined."""
    return frozenset(_LEMMA.get(word, word) for word in content_words(text))


def answer_kinds(text: str) -> frozenset[str]:
    """The kinds of answer `text` holds: figure, money, count, date, place, reason."""
    kinds = {kind for kind, rule in _ANSWER_KINDS if rule.search(text)}
    if _COUNT.search(_NOT_A_COUNT.sub(" ", text)):
        kinds.add("count")
    return frozenset(kinds)


def question_kinds(question: str) -> frozenset[str]:
    """The kinds of answer a question asks for (money is added by the caller's money words)."""
    return frozenset(kind for kind, rule in _QUESTION_KINDS if rule.search(question))


def name_aliases(
    question: str, texts: Iterable[str], question_words: frozenset[str]
) -> dict[str, list[frozenset[str]]]:
    """Other ways to state each question word: calendar words, acronyms written in the texts
    for a capitalised name ("CCW" for "Coastal Clean Water", both ways), and the halves of
    "Name the Epithet". Each alternative is a set of words that must all be present."""
    alternatives: dict[str, list[frozenset[str]]] = {
        word: list(_CALENDAR.get(word, [])) for word in question_words
    }
    sources = [question, *texts]
    acronyms = {match.lower() for text in sources for match in _ACRONYM.findall(text)}
    for text in sources:
        for run in _NAME_RUN.findall(text):
            initials = "".join(word[0] for word in run.split() if word[0].isupper()).lower()
            name_words = text_words(run)
            if initials not in acronyms or not name_words:
                continue
            if initials in question_words:
                alternatives[initials].append(name_words)
            if name_words <= question_words:
                for word in name_words:
                    alternatives[word].append(frozenset({initials}))
        for name, epithet in _EPITHET.findall(text):
            one, other = _one_token(name), _one_token(epithet)
            for word, alias in ((one, other), (other, one)):
                if word in question_words:
                    alternatives[word].append(frozenset({alias}))
    return {word: list(dict.fromkeys(alts)) for word, alts in alternatives.items() if alts}

"""What a passage says, for the offline answers: its words, the kinds of answer it holds
(figure, money, date, place...) and the aliases of names. Whether it is evidence enough for
`high` is `swarm.models.evidence_rule`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from swarm.lazy_re import lazy_compile
from swarm.models.definitions import definition_asking_words
from swarm.models.measures import measure_kinds, same_degree_forms
from swarm.models.word_forms import MARK, question_forms, written_forms
from swarm.wiki.tokens import content_words, tokenize, words

__all__ = [
    "KIND_PRIORITY",
    "LEMMA",
    "MONTHS",
    "answer_kinds",
    "date_words",
    "figures",
    "lemma",
    "name_aliases",
    "question_kinds",
    "question_text_words",
    "spoken",
    "text_words",
]

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
    "wore:wear broke:break broken:break became:become bent:bend bred:breed "
    "burnt:burn dealt:deal dug:dig drank:drink drunk:drink fed:feed felt:feel forbade:forbid "
    "forgave:forgive forgiven:forgive froze:freeze frozen:freeze heard:hear hid:hide "
    "hidden:hide hung:hang overcame:overcome overthrew:overthrow "
    "overthrown:overthrow paid:pay rang:ring sang:sing sung:sing sank:sink sunk:sink "
    "seen:see shook:shake shaken:shake shot:shoot slept:sleep slew:slay slain:slay sought:seek "
    "spun:spin sprang:spring stole:steal stolen:steal stuck:stick stung:sting strove:strive "
    "swam:swim swept:sweep swore:swear sworn:swear swung:swing told:tell tore:tear torn:tear "
    "understood:understand undertook:undertake upheld:uphold wept:weep withdrew:withdraw "
    "withdrawn:withdraw withheld:withhold woke:wake woken:wake"
)
# General English measures: the adjective a "how ..." question asks with and the noun a
# passage may write instead ("how deep" ~ "a depth of 1,642 m").
_DIMENSIONS = "deep:depth long:length wide:width broad:breadth high:height tall:height heavy:weight"
# General English calendar words that name each other ("Saturdays and Sundays" = "weekends").
_CALENDAR_GROUPS = {
    "weekend": "saturday sunday",
    "weekday": "monday tuesday wednesday thursday friday",
}
MONTHS = (
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
    ("figure", lazy_compile(rf"\d|\b({MONTHS}|{_NUMBER_WORDS})\b", re.IGNORECASE)),
    (
        "money",
        lazy_compile(
            r"[$€£¥]\s?\d|\d\s?(usd|eur|gbp|chf|dollars?|euros?|pounds?|cents?)\b|\d\s?[€£¥]|"
            r"\b(usd|eur|gbp|chf)\s?\d",
            re.I,
        ),
    ),
    (
        "date",
        lazy_compile(
            rf"\b(1\d{{3}}|20\d{{2}})\b|\b({MONTHS})\.?\s+\d|\d(st|nd|rd|th)?\s+({MONTHS})\b|"
            # early years: "in 911", "AD 122", "350 BC", with stops ("800 B.C.", "A.D. 226")
            r"\b(in|by|from|until|till|around|circa|c\.|after|before|since)\s+\d{3}\b|"
            r"\b\d{1,4}\s?(BC|BCE|AD|CE)\b|\b(AD|CE)\s?\d{1,4}\b|"
            r"\b\d{1,4}\s?(B\.\s?C\.(\s?E\.)?|A\.\s?D\.|C\.\s?E\.)|(?<!\w)A\.\s?D\.\s?\d{1,4}\b",
            re.IGNORECASE,
        ),
    ),
    ("place", lazy_compile(r"\b(at|in|near|from|into|on)\s+(?:[Tt]he\s+)?[A-Z][\w'-]+")),
    (
        "reason",
        lazy_compile(r"\b(because|due to|reasons?|why|caus(e|ed|es)|so that|led to)\b", re.I),
    ),
)
_NEED_A_DIGIT = frozenset({"money", "date"})
_DIGIT = lazy_compile(r"\d")
_NOT_A_COUNT = lazy_compile(
    r"[$€£¥]\s?[\d.,]+|[\d.,]*\d\s?[€£¥]|\b\d{1,2}:\d{2}\b|\b\d{4}-\d{2}-\d{2}\b"
)
_COUNT = lazy_compile(rf"\d|\b({_NUMBER_WORDS})\b", re.IGNORECASE)
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
            # "when" asking, not "...when something urgent comes up": at the start of the
            # question or a clause, or before its verb ("when was", "when did")
            r"^\W*((and|so|but|then|since|until|till)\s+)?when\b|[,;:]\s*when\b|"
            r"\bwhen\s+(is|was|are|were|do|does|did|will|would|can|could|should|has|have|had)\b|"
            # ("which time zone", "what time limit": a noun of its own, no time asked)
            r"\b(what|which|in\s+what)\s+(year|date|day|month|time(?!\s+(?:zones?|limits?|"
            r"frames?|stamps?|slots?|series|units?|formats?|budgets?)\b)|decade|century)\b",
            re.IGNORECASE,
        ),
    ),
    ("place", re.compile(r"\bwhere\b|\bwhich\s+(city|town|country|place)\b", re.IGNORECASE)),
    ("reason", re.compile(r"^\W*why\b|\bwhat\s+(caused|made|led)\b", re.IGNORECASE)),
    # Japanese and Korean "when" (いつ, いつまで; not いつも "always", いつか "someday"):
    # the answer is a date.
    ("date", re.compile("いつ(?!も|か(?!ら))|언제")),
    # Chinese and Japanese "how much / how many": the answer is a figure.
    (
        "figure",
        re.compile(
            "多少|多长|多久|几[个次天年岁本张杯块台]|いくら|何[円時日人回年歳個本枚杯台]|몇|얼마"
        ),
    ),
    # A measure asked for by name ("Iceland's population", "the day rate", "the hotel
    # limit"): only a passage with a figure states it. General English measures.
    (
        "figure",
        re.compile(
            r"^\W*(?:(?:at|in|to|of|by|with|for|from)\s+)?(what|what's|whats)\b.*"
            r"\b(population|rate|salary|wage|budget|revenue|"
            r"income|turnover|profit|height|area|length|width|depth|elevation|altitude|"
            r"weight|distance|capacity|speed|temperature|duration|percentage|ratio|fee|"
            r"allowance|limit|headcount|density|diameter|radius)s?\b",
            re.IGNORECASE,
        ),
    ),
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


LEMMA = {
    _one_token(past): _one_token(base)
    for past, base in (pair.split(":") for pair in _IRREGULAR_PAST.split())
}
_PAST_FORMS = frozenset(LEMMA)
_CALENDAR: dict[str, list[frozenset[str]]] = {}
for _group, _members in _CALENDAR_GROUPS.items():
    for _member in (_one_token(word) for word in _members.split()):
        _CALENDAR.setdefault(_member, []).append(frozenset({_one_token(_group)}))
        _CALENDAR.setdefault(_one_token(_group), []).append(frozenset({_member}))


_DIMENSION: dict[str, list[frozenset[str]]] = {}
for _adjective, _noun in (pair.split(":") for pair in _DIMENSIONS.split()):
    _DIMENSION.setdefault(_one_token(_adjective), []).append(frozenset({_one_token(_noun)}))
    _DIMENSION.setdefault(_one_token(_noun), []).append(frozenset({_one_token(_adjective)}))
# "the tallest mountain" is "the highest point 5,959 m": degrees of one dimension
# (measures.py), with a length written beside it ("the highest score: 31" is no height).
_MEASURED = MARK + "measured_length"
for _word, _others in same_degree_forms().items():
    _DIMENSION.setdefault(_one_token(_word), []).extend(
        frozenset({_one_token(other), _MEASURED}) for other in sorted(_others)
    )
_DEGREES = frozenset(_one_token(word) for word in same_degree_forms())
_MONTH_NAMES = (
    "january february march april may june july august september october november december"
).split()
_WEEKDAY_NAMES = "monday tuesday wednesday thursday friday saturday sunday".split()
# A weekday is a day, a month's name a month: "which days" is stated by "Tuesdays and
# Wednesdays", "what day of the week" by "Wednesdays", "what month" by "in January".
_NAMED_KINDS = {
    _one_token("day"): frozenset(_one_token(name) for name in _WEEKDAY_NAMES),
    _one_token("week"): frozenset(_one_token(name) for name in _WEEKDAY_NAMES),
    _one_token("month"): frozenset(_one_token(name) for name in _MONTH_NAMES if name != "may"),
}
_DAY_OF_THE_WEEK = lazy_compile(r"\bdays?\s+of\s+the\s+week\b", re.IGNORECASE)
_ISO_DATE = re.compile(r"\b(1\d{3}|20\d{2})-(0[1-9]|1[0-2])(?:-\d{2})?\b")


def date_words(text: str) -> frozenset[str]:
    """The month names an ISO date writes ("2025-11-14" says November), as tokens."""
    if "-" not in text:  # every ISO date has one: no search (a passage's words, ~2 µs)
        return frozenset()
    return frozenset(
        _one_token(_MONTH_NAMES[int(match.group(2)) - 1]) for match in _ISO_DATE.finditer(text)
    )


# Memoised (pure, immutable results): the same passages and headings recur across queries and
# within one (every passage of a section shares its heading context). Bounded.
@lru_cache(maxsize=16_384)
def text_words(text: str) -> frozenset[str]:
    """Content words as the ranking tokenizer stems them, irregular past forms joined to their
    verb, the month names its ISO dates write, and what it writes another way (rates, limits,
    units next to a figure, compounds joined: `swarm.models.word_forms`, marked tokens). A
    stem that only looks like a past form ("founded" -> "found") is not joined to another
    verb ("find"). A degree of a dimension ("highest") beside a length is marked too."""
    found = _plain_words(text) | written_forms(text)
    if found & _DEGREES and "length" in measure_kinds(text):
        return found | {_MEASURED}
    return found


# "a used Giesen W15": the adjective (second-hand), not the verb a question asks with
# ("what roaster does Magpie use?").
_USED_ADJECTIVE = re.compile(r"\b(an?)\s+used\s+(?=[A-Za-z])", re.IGNORECASE)


def _plain_words(text: str) -> frozenset[str]:
    # Without "used" in any case ("ſ" matches "s" ignoring case) nothing to substitute.
    if "used" in text.lower().replace("\u017f", "s"):
        text_read = _USED_ADJECTIVE.sub(r"\1 ", text)
    else:
        text_read = text
    tokens = content_words(text_read)
    pasts = tokens & _PAST_FORMS
    if pasts:
        written = set(words(text))
        tokens = {
            LEMMA[t] if t in pasts and (t in written or t not in _ALSO_BASE) else t for t in tokens
        }
    return frozenset(tokens) | date_words(text)


def spoken(tokens: Iterable[str]) -> frozenset[str]:
    """`tokens` without the marked forms `text_words` adds (what the text itself says)."""
    return frozenset(token for token in tokens if not token.startswith(MARK))


# Past forms that are verbs of their own too ("to found" a company, "to fell" a tree): in a
# question with "did", "to", "can"... they are the base form ("did she found": not "find").
_ALSO_BASE = frozenset({"found", "fell"})
_BE = frozenset("be been being is was are were".split())
_DO_SUPPORT = re.compile(r"\b(do|does|did|to|will|would|can|could|should|may|might)\b", re.I)


# "aren't", "didn't", "we're", "I've": the halves of a contraction the tokenizer keeps
# ("aren", "didn", "re", "ve") are an auxiliary or a pronoun's verb, no content word (the
# negation is the evidence rule's to check).
_CONTRACTED = re.compile(r"\b([A-Za-z]+n)['’]t\b|\b[A-Za-z]+['’](ve|re|ll|d|m)\b")


def _contraction_halves(question: str) -> frozenset[str]:
    halves = {half for match in _CONTRACTED.finditer(question) for half in match.groups() if half}
    if not halves:
        return frozenset()
    rest = _plain_words(_CONTRACTED.sub(" ", question))
    tokens = {token for half in halves for token in tokenize(half)}
    return frozenset(tokens | {LEMMA.get(token, token) for token in tokens}) - rest


def question_text_words(question: str) -> frozenset[str]:
    """`text_words` of a question (without the forms it writes another way: those are the
    alternatives `name_aliases` offers, nor the words asking for a definition: "stand for",
    nor a contraction's halves: "aren", "ve"), with "found" or "fell" as written after
    do-support (not after "be": "can be found" is "find")."""
    found = _plain_words(question) - definition_asking_words(question)
    found -= _contraction_halves(question)
    if _DO_SUPPORT.search(question):
        sequence = words(question)
        found |= {
            word
            for at, word in enumerate(sequence)
            if word in _ALSO_BASE and not (at and sequence[at - 1] in _BE)
        }
    return found


@lru_cache(maxsize=16_384)
def answer_kinds(text: str) -> frozenset[str]:
    """The kinds of answer `text` holds: figure, money, count, date, place, reason, and
    measures with their unit (length, duration, mass, size) and ages."""
    digit = _DIGIT.search(text) is not None  # every money and date pattern needs one
    kinds = {
        kind
        for kind, rule in _ANSWER_KINDS
        if (digit or kind not in _NEED_A_DIGIT)
        and ((digit and kind == "figure") or rule.search(text))  # a digit is a figure
    }
    kinds |= measure_kinds(text, digit)
    # Without a digit there is no amount, time or ISO date to strip (what it would strip is
    # spaces and punctuation: the word boundaries stay), and a count's number word is a figure.
    if digit:
        counted = _COUNT.search(_NOT_A_COUNT.sub(" ", text)) is not None
    else:
        counted = "figure" in kinds and _COUNT.search(text) is not None
    if counted:
        kinds.add("count")
    return frozenset(kinds)


_FIGURE = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?![\w])")


def figures(text: str) -> set[str]:
    """The numbers written in `text`, whole ("$1,850" is 1850), thousands commas dropped."""
    return {match.replace(",", "") for match in _FIGURE.findall(text)}


def question_kinds(question: str) -> frozenset[str]:
    """The kinds of answer a question asks for (money is added by the caller's money words)."""
    return frozenset(kind for kind, rule in _QUESTION_KINDS if rule.search(question))


_Run = tuple[str, str]  # a name run's initials, and the run


@lru_cache(maxsize=16_384)
def _alias_parts(
    text: str,
) -> tuple[frozenset[str], tuple[_Run, ...], tuple[tuple[str, str], ...]]:
    """What `name_aliases` reads of one text, memoised (the same passages recur): its
    acronyms (lower case), its capitalised name runs as (initials, the run: its words are
    read only when some text writes those initials as an acronym), and its "Name the
    Epithet" pairs as tokens."""
    acronyms = frozenset(match.lower() for match in _ACRONYM.findall(text))
    runs = []
    for run in _NAME_RUN.findall(text):
        initials = "".join(word[0] for word in run.split() if word[0].isupper()).lower()
        runs.append((initials, run))
    epithets = tuple(
        (_one_token(name), _one_token(epithet)) for name, epithet in _EPITHET.findall(text)
    )
    return acronyms, tuple(runs), epithets


def name_aliases(
    question: str, texts: Iterable[str], question_words: frozenset[str]
) -> dict[str, list[frozenset[str]]]:
    """Other ways to state each question word: calendar and dimension words (a weekday names
    a day, a month's name a month), rates, limits,
    units and compounds written another way (`swarm.models.word_forms`), acronyms written
    in the texts for a capitalised name ("CCW" for "Coastal Clean Water", both ways), and the
    halves of "Name the Epithet". Each alternative is a set of words that must all be present."""
    alternatives: dict[str, list[frozenset[str]]] = {
        word: [*_CALENDAR.get(word, []), *_DIMENSION.get(word, [])] for word in question_words
    }
    for kind, names in _NAMED_KINDS.items():
        if kind in question_words and (kind != "week" or _DAY_OF_THE_WEEK.search(question)):
            alternatives[kind].extend(frozenset({name}) for name in names)
    sources = [question, *texts]
    parts = [_alias_parts(text) for text in sources]
    acronyms = frozenset().union(*(acronyms for acronyms, _, _ in parts))
    for _, runs, epithets in parts:
        for initials, run in runs:
            if initials not in acronyms:
                continue
            token, name_words = _one_token(initials), text_words(run)  # "AWS" is "aw"
            if not name_words:
                continue
            if token in question_words:
                alternatives[token].append(name_words)
            if name_words <= question_words:
                for word in name_words:
                    alternatives[word].append(frozenset({token}))
        for one, other in epithets:
            for word, alias in ((one, other), (other, one)):
                if word in question_words:
                    alternatives[word].append(frozenset({alias}))
    asked_forms = question_forms(question, question_words)
    if asked_forms:
        written = frozenset().union(*(text_words(text) for text in sources[1:]))
        for word, forms in asked_forms.items():
            alternatives[word].extend(form for form in forms if form <= written)
    return {word: list(dict.fromkeys(alts)) for word, alts in alternatives.items() if alts}


def lemma(word: str) -> str:
    """`word`'s token, with an irregular past joined to its verb ("fell" → "fall")."""
    token = _one_token(word)
    return LEMMA.get(token, token)

"""What a passage says, for the offline answers: its words, the kinds of answer it holds
(figure, money, date, place...), the aliases of names, and whether it is evidence for a question.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from swarm.wiki.tokens import STOPWORDS, content_words, tokenize, words

__all__ = [
    "KIND_PRIORITY",
    "EvidenceRule",
    "KeyTerm",
    "answer_kinds",
    "name_aliases",
    "question_kinds",
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


# --- the evidence rule for "high" -----------------------------------------------------------

# Words that say "not": a question and its evidence must agree on them.
_NEGATIONS = frozenset("not no never without none nor cannot non neither".split())
# Opposites a near-miss question swaps ("crowned after" vs "crowned before"): general English.
_OPPOSITES = (
    ("before", "after"),
    ("earlier", "later"),
    ("first", "last"),
    ("older", "younger"),
    ("oldest", "youngest"),
    ("largest", "smallest"),
    ("biggest", "smallest"),
    ("highest", "lowest"),
    ("maximum", "minimum"),
    ("increase", "decrease"),
    ("above", "below"),
    ("inside", "outside"),
    ("north", "south"),
    ("east", "west"),
)
_OPPOSITE = {a: b for pair in _OPPOSITES for a, b in (pair, pair[::-1])}
_AUXILIARIES = frozenset(
    "is was are were be been do does did has have had can could will would should may might "
    "must shall".split()
)
_PASSIVE_MARKERS = frozenset("is was are were be been being".split())
_WH_SUBJECT = frozenset({"who", "what", "which"})
# Words a question starts with or uses to ask, capitalised or not: never names.
_NOT_NAMES = frozenset(
    "what which who whom whose when where why how is are was were do does did can could "
    "should would will i i'm i've we our my the a an in on at of for to and or if it its "
    "tell show give list find please any there that this these those".split()
)
_CAPITALISED = re.compile(r"(?<![\w'])([A-Z][\w'&-]*)(?=(?:\s+([A-Z0-9][\w.]*[\w]|[A-Z0-9]))?)")
_QUOTED = re.compile(r"[\"“`']([^\"”`']{2,60})[\"”`']")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?![\w])")
_CODE_LIKE = re.compile(r"(^|\s)(-{1,2}[\w-]+|[\w.-]+/[\w./-]+|\w+=\S+)")
_HOW_TO = re.compile(
    r"^\W*(how\s+(do|does|can|could|should|would|to)|what('?s|\s+is)\s+the\s+command|"
    r"which\s+(command|option|flag)|can\s+\S+\s+\w+)\b|\b(command|option|flag)\s+(to|for)\b",
    re.IGNORECASE,
)
_PERSON_ASKED = re.compile(r"^\W*(who|whom|whose)\b|\bwhich\s+(person|people)\b", re.I)
_PLACE_PREFIX = re.compile(r"\b(at|in|near|from|into|on|to)\s+(?:the\s+)?$", re.IGNORECASE)
_CALENDAR_NAME = re.compile(
    rf"^({_MONTHS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$", re.IGNORECASE
)


def _numbers(text: str) -> set[str]:
    return {match.replace(",", "") for match in _NUMBER.findall(text)}


def _names(text: str, *, sentence_start: bool = False) -> set[str]:
    """Capitalised words (opening a sentence too, with `sentence_start`: "Tom covers..."),
    not months, weekdays or places after "in"/"at", as stemmed tokens."""
    found: set[str] = set()
    for match in re.finditer(r"(?<![\w'])[A-Z][\w'-]*", text):
        before = text[: match.start()].rstrip()
        if (not before or before[-1] in ".!?:;\n") and not sentence_start:
            continue
        if _CALENDAR_NAME.match(match.group()) or _PLACE_PREFIX.search(text[: match.start()]):
            continue
        found.update(tokenize(match.group()))
    return found


def _places(text: str) -> set[str]:
    """Capitalised words after "at", "in", "near"... (not months or weekdays), as tokens."""
    found: set[str] = set()
    for match in re.finditer(r"\b(?:at|in|near|from|into|on|to)\s+(?:the\s+)?([A-Z][\w'-]*)", text):
        if not _CALENDAR_NAME.match(match.group(1)):
            found.update(tokenize(match.group(1)))
    return found


@dataclass(frozen=True, slots=True)
class KeyTerm:
    """A term the evidence must state: its tokens, or a phrase matched in the raw text."""

    words: frozenset[str]
    phrase: re.Pattern[str] | None = None
    is_name: bool = False


class EvidenceRule:
    """What a question needs from a passage for `high`: its key terms stated, the kind of
    answer asked for added (beyond the question's own words), and nothing contradicted."""

    def __init__(self, question: str, question_words: frozenset[str], kinds: frozenset[str]):
        self.question = question
        self.question_words = question_words
        self.kinds = kinds
        self.how_to = bool(_HOW_TO.search(question))
        self.asks_person = bool(_PERSON_ASKED.search(question))
        self.numbers = _numbers(question)
        self.negated = bool(_NEGATIONS & set(words(question))) or "n't" in question.lower()
        lowered = set(words(question))
        self.opposites = {_OPPOSITE[w] for w in lowered if w in _OPPOSITE} - lowered
        self.key_terms = self._key_terms(question)
        self.subject_verb, self.object_names = self._subject_question(question)

    def _key_terms(self, question: str) -> list[KeyTerm]:
        terms: list[KeyTerm] = []
        for match in _CAPITALISED.finditer(question):
            name, tail = match.group(1), match.group(2)
            if name.lower().strip("'s") in _NOT_NAMES or name.lower() in STOPWORDS:
                continue
            if match.start() == 0 and name.lower() in _NOT_NAMES:
                continue
            name_words = frozenset(tokenize(name))
            if tail and len(tail) <= 3 and not tokenize(tail):
                # "Series C", "Linux 2.0": the short tail is the part that tells them apart.
                pattern = re.compile(
                    rf"\b{re.escape(name.rstrip('.'))}\w*\s+{re.escape(tail)}(?![\w.])", re.I
                )
                terms.append(KeyTerm(name_words, pattern, is_name=True))
            elif name_words:
                terms.append(KeyTerm(name_words, is_name=True))
        for quoted in _QUOTED.findall(question):
            quoted_words = frozenset(tokenize(quoted))
            if quoted_words:
                terms.append(KeyTerm(quoted_words))
        for number in self.numbers:
            terms.append(KeyTerm(frozenset(), re.compile(rf"(?<![\w.]){re.escape(number)}\b")))
        return terms

    def _subject_question(self, question: str) -> tuple[str, frozenset[str]]:
        """ "Who joined Norman forces": the verb and the names after it (the object side)."""
        sequence = words(question)
        if len(sequence) < 3 or sequence[0] not in _WH_SUBJECT or sequence[1] in _AUXILIARIES:
            return "", frozenset()
        verb = _LEMMA.get(_one_token(sequence[1]), _one_token(sequence[1]))
        names = _names("x " + " ".join(question.split()[2:])) & self.question_words
        return verb, frozenset(names)

    def entity_absent(self, all_words: frozenset[str]) -> bool:
        """A name the question asks about is on none of the pages read: the wiki lacks it."""
        return any(t.is_name and t.words and not t.words <= all_words for t in self.key_terms)

    def problem(self, text: str, context: str, code: str, words_: frozenset[str]) -> str:
        """Why `text` is not evidence enough for `high` ("" when it is)."""
        raw = f"{context}\n{text}"
        stated = words_ | text_words(context)
        for term in self.key_terms:
            if term.phrase is not None and not term.phrase.search(raw):
                return "a key term is missing"
            if term.words and not term.words <= stated:
                return "a key term is missing"
        text_lower = set(words(text))
        negated = bool(_NEGATIONS & text_lower) or "n't" in text.lower()
        if negated != self.negated:
            return "the negation differs"
        if self.opposites & text_lower:
            return "the passage says the opposite (before/after, first/last...)"
        if self._swapped(text):
            return "the question swaps who did what"
        new_words = words_ - self.question_words - text_words(context)
        if not new_words and not code:
            return "the passage only restates the question"
        if self.how_to:
            return "" if code or _CODE_LIKE.search(text) else "no command for a how-to question"
        return self._kind_problem(text, new_words)

    def _kind_problem(self, text: str, new_words: frozenset[str]) -> str:
        new_numbers = _numbers(text) - self.numbers
        if self.kinds & {"date"} and not (
            new_numbers and "date" in answer_kinds(_without_numbers(text, self.numbers))
        ):
            return "no date for a when-question"
        if self.kinds & {"count", "figure", "money"} and not new_numbers:
            return "no figure beyond the question's own"
        if self.asks_person and not (_names(text, sentence_start=True) - self.question_words):
            return "no name for a who-question"
        if "place" in self.kinds and not (_places(text) - self.question_words):
            return "no place for a where-question"
        return ""

    def _swapped(self, text: str) -> bool:
        if not self.subject_verb or not self.object_names:
            return False
        sequence = words(text)
        stems = [_LEMMA.get(_one_token(word), _one_token(word)) for word in sequence]
        if self.subject_verb not in stems:
            return False
        at = stems.index(self.subject_verb)
        passive = (at + 1 < len(sequence) and sequence[at + 1] == "by") or (
            at > 0 and sequence[at - 1] in _PASSIVE_MARKERS
        )
        for name in self.object_names:
            places = [i for i, token in enumerate(stems) if token == name]
            if not places:
                continue
            if passive and all(i > at for i in places):
                return True
            if not passive and all(i < at for i in places):
                return True
        return False


def _without_numbers(text: str, numbers: set[str]) -> str:
    """`text` with the question's own numbers blanked (a date must be a new one)."""
    for number in numbers:
        text = re.sub(rf"(?<![\w.]){re.escape(number)}\b", " ", text)
    return text

"""A question's language, for the offline answers: Spanish, French, German, Italian and
Portuguese questions read as English ones are. Their function words and interrogatives are no
content words a passage must state (as English stopwords are not), their interrogatives ask for
the kinds of answer English ones do (cuándo, quand, wann: a date), and their negations and
opposites count as English ones do. An English question is read as before.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass
from functools import cache, lru_cache, partial

from bm25s import stopwords as _lists

from swarm.lazy_re import lazy_compile
from swarm.models.german_words import (
    asking_verbs,
    asks_type,
    german_forms,
    joined_roots,
    opens_german,
    separable_verbs,
    written_as_name,
)
from swarm.models.language_words import (
    CONTAINER_PREPOSITIONS,
    COUNT_WORDS,
    ENGLISH_MONTHS,
    HOW,
    INTERROGATIVES,
    KINDS,
    LANGUAGE_STOPWORDS,
    MIN_ROOT,
    MONEY_WORDS,
    MONTHS,
    NAMING,
    NEGATIONS,
    NOT_CONTAINERS,
    OPPOSITES,
    PLACE_PREPOSITIONS,
    PREPOSITION_PHRASES,
    RELATIVE_TIME,
    STOPWORD_COLLISIONS,
    TEMPORAL_RELATION,
    TYPE_NOUNS,
    VERB_ENDINGS,
)
from swarm.wiki.tokens import STOPWORDS, tokenize, words

__all__ = ["ENGLISH", "QuestionLanguage", "question_language", "word_key"]


def _fold(text: str) -> str:
    """Lowercase `text` without its accents ("Cuánto" -> "cuanto", "où" -> "ou")."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


# Opening the question ("¿", "¡") says Spanish, whatever words follow.
_SPANISH_MARKS = lazy_compile("[¿¡]")
_MIN_HITS = 2


def _folded_set(text: str | tuple[str, ...]) -> frozenset[str]:
    items = text.split() if isinstance(text, str) else text
    return frozenset(_fold(item) for item in items)


_FUNCTION = {
    code: _folded_set(LANGUAGE_STOPWORDS[code]) | _folded_set(INTERROGATIVES[code])
    for code in LANGUAGE_STOPWORDS
}


@cache
def _function_tokens(code: str) -> frozenset[str]:
    """The tokens of language `code`'s function words (built when a question first reads as
    that language, not at import: an English question never needs them)."""
    return frozenset(
        token
        for word in (*LANGUAGE_STOPWORDS[code], *INTERROGATIVES[code].split())
        for token in tokenize(word)
    )


_ENGLISH = frozenset(STOPWORDS) | frozenset(_lists.STOPWORDS_EN_PLUS)
_KIND_RULES = {
    code: tuple((kind, lazy_compile(rule, re.IGNORECASE)) for kind, rule in rules)
    for code, rules in KINDS.items()
}
_HOW_RULES = {code: lazy_compile(rule, re.IGNORECASE) for code, rule in HOW.items()}
_NAMING_RULES = {code: lazy_compile(rule, re.IGNORECASE) for code, rule in NAMING.items()}
_ENDING_RULES = {
    code: lazy_compile("(" + "|".join(sorted(endings.split(), key=len, reverse=True)) + ")$")
    for code, endings in VERB_ENDINGS.items()
}
_MONTH_NAMES = {
    code: dict(zip(names.split(), ENGLISH_MONTHS, strict=True)) for code, names in MONTHS.items()
}
_MONTH_RULES = {
    code: lazy_compile(
        rf"(?<=\d)(\.?\s+(?:de\s+)?)({'|'.join(names)})\b|\b({'|'.join(names)})(\s+(?:de\s+)?)(?=\d)",
        re.IGNORECASE,
    )
    for code, names in _MONTH_NAMES.items()
}
_TYPE_RULES = {code: lazy_compile(rule, re.IGNORECASE) for code, rule in TYPE_NOUNS.items()}
_PHRASE_RULES = {
    code: lazy_compile(rule or r"(?!)", re.IGNORECASE) for code, rule in PREPOSITION_PHRASES.items()
}
_PLACE_RULES = {
    code: lazy_compile(
        rf"(?<![\w'])(?:{preps})\s+(?:(?:{articles})\s+|l')?(?=[A-Z])", re.IGNORECASE
    )
    for code, (preps, articles) in PLACE_PREPOSITIONS.items()
}
_CONTAINER_RULES = {
    code: lazy_compile(
        rf"(?<![\w'])(?:{preps})(?:\s+|(?<='))(?!(?:{'|'.join(NOT_CONTAINERS[code].split())})\b)"
        r"(?=[^\W\d_])",
        re.IGNORECASE,
    )
    for code, preps in CONTAINER_PREPOSITIONS.items()
}
_JOINED_PARTS = lazy_compile(r"[-'’]")
_OPENING_WORD = lazy_compile(r"(?:^|(?<=[.?!¿¡:;\n])|(?<=[.?!:;]\s))\s*([A-ZÀ-Ý][^\W\d_]*)")


@dataclass(frozen=True, slots=True)
class QuestionLanguage:
    """How a question's language reads it: `codes` (empty for English or a language not
    known), its function words and interrogatives (lowercase; a capitalised word within a
    sentence is a name) and their tokens (`function_tokens`, none of them a content word;
    `passage_tokens`: those of all the language's function words but the question's content
    words), its money and count words' tokens, the kinds of answer its interrogatives ask
    for, whether it asks for a person, a reason or a method, says "not" (and the language's
    negations), the opposites of its words, {"before"} when it relates its date to another
    event ("antes de"), the words a passage relates dates with, and the tokens of a German
    question's capitalised words (`nouns`: German capitalises its nouns) and of its separable
    verbs' finite forms with the roots of the verb joined ("breche ... ab": "abbrechen")."""

    codes: tuple[str, ...] = ()
    function_words: frozenset[str] = frozenset()
    function_tokens: frozenset[str] = frozenset()
    passage_tokens: frozenset[str] = frozenset()
    money_tokens: frozenset[str] = frozenset()
    count_tokens: frozenset[str] = frozenset()
    restored: frozenset[str] = frozenset()
    kinds: frozenset[str] = frozenset()
    asks_person: bool = False
    needs_explanation: bool = False
    negated: bool = False
    negations: frozenset[str] = frozenset()
    opposites: frozenset[str] = frozenset()
    relative: frozenset[str] = frozenset()
    temporal: frozenset[str] = frozenset()
    nouns: frozenset[str] = frozenset()
    separable: tuple[tuple[str, frozenset[str]], ...] = ()

    def without_function_words(self, names: Iterable[re.Match[str]]) -> Iterator[re.Match[str]]:
        """The capitalised words of the question (`names`, group 1 the word) that are no
        function word of its language ("¿Qué...", "La caldera..."), nor, in German, a noun
        (`written_as_name`: "HTTP", "JavaScript" are names; "Wartungsseite" is none) but the
        noun after "welche" (`asks_type`: "Welcher Statuscode": what the answer is one of),
        unless it names the kind of answer ("In welchem Jahr": a date, no word to state)."""
        german = "de" in self.codes  # German capitalises every noun: a name is written as one
        return (
            name
            for name in names
            # "Est-ce que...", "Peut-on...", "Qu'est-ce...": function words joined
            if not set(_JOINED_PARTS.split(name.group(1).lower())) - {""} <= self.function_words
            and (
                not german
                or written_as_name(name.group(1))
                or (
                    asks_type(name.string, name.start(1))
                    and not set(tokenize(name.group(1))) <= self.function_tokens
                )
            )
        )

    def says_not(self, text: str) -> bool:
        """`text` (a passage) holds a negation of the question's language ("sin", "ohne")."""
        return bool(self.negations) and bool(self.negations & set(words(text)))

    def as_english(self, text: str) -> str:
        """`text` (a passage) as the English rules read it: a capitalised function word
        opening a sentence ("El club...") in lowercase, as no name, a place after its
        preposition ("en Valencia", "à Grenoble") after "in", a container after its
        ("debajo del fregadero") after "in the", and a month in English ("el 14 de marzo":
        "el 14 March")."""
        if not self.codes:
            return text
        function = frozenset().union(*(_FUNCTION[code] for code in self.codes))
        text = _OPENING_WORD.sub(
            lambda m: m.group().lower() if _fold(m.group(1)) in function else m.group(), text
        )
        for code in self.codes:
            if code in _CONTAINER_RULES:  # "debajo del fregadero": "in the fregadero"
                text = _CONTAINER_RULES[code].sub("in the ", text)
            text = _PLACE_RULES[code].sub("in ", text)
            text = _MONTH_RULES[code].sub(partial(_english_month, code=code), text)
        return text

    def word_forms(
        self, question_words: Iterable[str], vocabulary: Iterable[str]
    ) -> dict[str, list[frozenset[str]]]:
        """For each question word, the words of `vocabulary` with its root once a verb
        ending of the language is taken off both ("fundó" ~ "fundado", "gegründet" ~
        "gründete"); roots of at least four letters. A German question's words also take
        German's noun and adjective endings, umlauts and compounds (`german_forms`)."""
        found: dict[str, list[frozenset[str]]] = {}
        if "de" in self.codes:
            question_words, vocabulary = list(question_words), frozenset(vocabulary)
            separable = dict(self.separable)
            found = german_forms(question_words, vocabulary, self.nouns, separable)
        roots = {word: root for word in question_words if (root := _root(word, self.codes))}
        if not self.codes or not roots:
            return found
        for other in vocabulary:
            other_root = _root(other, self.codes)
            for word, root in roots.items():
                if other_root == root and other != word:
                    found.setdefault(word, []).append(frozenset({other}))
        if "de" in self.codes:  # each form once (both rules may give it)
            return {word: list(dict.fromkeys(forms)) for word, forms in found.items()}
        return found

    def content(self, tokens: Set[str], text: str = "") -> frozenset[str]:
        """`tokens` (`text`'s) without the tokens of the language's function words, with
        the question's words English's stopwords drop (`restored`: "an") that `text` writes."""
        if not self.passage_tokens:  # English: the tokens as they are
            return tokens if isinstance(tokens, frozenset) else frozenset(tokens)
        found = frozenset(tokens) - self.passage_tokens
        return found | (self.restored & set(words(text))) if self.restored else found


ENGLISH = QuestionLanguage()


def _english_month(match: re.Match[str], code: str) -> str:
    """ "14 de marzo" -> "14 March", "marzo de 2026" -> "March 2026" (the match's words)."""
    names = _MONTH_NAMES[code]
    if match.group(2):
        return " " + names[match.group(2).lower()]
    return names[match.group(3).lower()] + " "


def word_key(word: str, codes: tuple[str, ...]) -> str:
    """`word` (a token) without a verb ending of `codes`' languages, or whole, accents folded:
    the forms of one verb share it ("supprime" as its stem "supprim", "supprimer",
    "supprimé"); "" for a word not of letters or under four letters long."""
    if not word.isalpha() or len(word) < MIN_ROOT:
        return ""
    return _root(word, codes) or _fold(word)


@lru_cache(maxsize=65_536)
def _root(word: str, codes: tuple[str, ...]) -> str:
    """`word` (a token) without a verb ending of `codes`' languages, accents folded ("" when
    the root is shorter than four letters or `word` is not a word of letters)."""
    if not word.isalpha() or len(word) <= MIN_ROOT:
        return ""
    for code in codes:
        root = word
        if code == "de" and word.startswith("ge") and word.endswith("t"):
            root = word[2:]  # "gegründet": the participle's prefix
        shorter = _ENDING_RULES[code].sub("", root)
        if shorter != root and len(shorter) >= MIN_ROOT:
            return _fold(shorter)
    return ""


def _detect(question: str) -> tuple[str, ...]:
    """The languages whose function words the question uses most (at least two, and more
    than English ones); several when they tie ("de la" is Spanish and French)."""
    folded = [_fold(word) for word in words(question)]
    english = sum(word in _ENGLISH for word in folded)
    hits = {code: sum(word in function for word in folded) for code, function in _FUNCTION.items()}
    if _SPANISH_MARKS.search(question):
        hits["es"] += _MIN_HITS
    if opens_german(question):  # "Welchem...", "Wie...": German, no English word
        hits["de"] += 1
    best = max(hits.values())
    if best < _MIN_HITS or best <= english:
        return ()
    return tuple(code for code, count in hits.items() if count == best)


_SENTENCE_START = lazy_compile(r"(?:^|[.?!¿¡:;]\s*)\W*$")
_SENTENCE_BREAK = lazy_compile(r"[.?!¿¡:;]\s*\W*$")


def _function_words(question: str, codes: tuple[str, ...]) -> tuple[set[str], set[str]]:
    """The question's words that are function words of `codes` and the others. A capitalised
    word within a sentence is a name ("Estados Unidos"), not a function word."""
    function: set[str] = set()
    others: set[str] = set()
    previous_end = 0
    for match in re.finditer(r"[^\W_]+", question):
        word = match.group()
        # Only the gap since the previous word can open a sentence (a rescan of all the text
        # before each word made a long question quadratic: 8 s at 60,000 characters).
        gap = question[previous_end : match.start()]
        opening = bool((_SENTENCE_START if previous_end == 0 else _SENTENCE_BREAK).search(gap))
        previous_end = match.end()
        named = word[0].isupper() and not opening
        folded = _fold(word)
        if not named and any(folded in _FUNCTION[code] for code in codes):
            function.add(word.lower())
        else:
            others.add(word.lower())
    return function, others


@lru_cache(maxsize=4096)
def question_language(question: str) -> QuestionLanguage:
    """How `question`'s language reads it (`ENGLISH`, which changes nothing, for English or
    a question too short to tell)."""
    codes = _detect(question)
    if not codes:
        return ENGLISH
    function, others = _function_words(question, codes)
    kept = {token for word in others for token in tokenize(word)}
    dropped = {token for word in function for token in tokenize(word)} - kept
    passage = frozenset().union(*(_function_tokens(code) for code in codes))
    lowered = question.lower()
    for code in codes:
        for match in _NAMING_RULES[code].finditer(lowered):
            dropped |= set(tokenize(match.group(1)))
    for code in codes:
        for match in _TYPE_RULES[code].finditer(lowered):
            dropped |= set(tokenize(match.group(1)))
        for match in _PHRASE_RULES[code].finditer(lowered):
            dropped |= set(tokenize(next(group for group in match.groups() if group)))
    separable: list[tuple[str, frozenset[str]]] = []
    if "de" in codes:  # "nehme ich", "gibt es": the asking, not what is asked
        dropped |= {token for verb in asking_verbs(question) for token in tokenize(verb)}
        for verb, particle in separable_verbs(question):  # the particle is the verb's
            dropped |= set(tokenize(particle)) - set(tokenize(verb))
            separable += [(token, joined_roots(verb, particle)) for token in tokenize(verb)]
    money = {token for code in codes for token in tokenize(MONEY_WORDS[code])}
    counting = {token for code in codes for token in tokenize(COUNT_WORDS[code])}
    kinds = {kind for code in codes for kind, rule in _KIND_RULES[code] if rule.search(lowered)}
    asked = set(words(question))
    negations = {word for code in codes for word in NEGATIONS[code].split()}
    relative = {word for code in codes for word in RELATIVE_TIME[code].split()}
    pairs = [pair.split(":") for code in codes for pair in OPPOSITES[code].split()]
    opposite = {a: b for one, other in pairs for a, b in ((one, other), (other, one))}
    return QuestionLanguage(
        codes=codes,
        function_words=frozenset(function),
        function_tokens=frozenset(dropped),
        passage_tokens=frozenset(passage - kept),
        money_tokens=frozenset(money & kept),
        count_tokens=frozenset(counting & kept),
        restored=frozenset(
            asked & {w for code in codes for w in STOPWORD_COLLISIONS[code].split()}
        ),
        kinds=frozenset(kinds - {"person"}),
        asks_person="person" in kinds,
        needs_explanation="reason" in kinds
        or any(_HOW_RULES[code].search(lowered) for code in codes),
        negated=bool(asked & negations),
        negations=frozenset(negations),
        relative=frozenset({"before"} if asked & relative else ()),
        temporal=frozenset(w for code in codes for w in TEMPORAL_RELATION[code].split()),
        opposites=frozenset(opposite[word] for word in asked if word in opposite) - asked,
        nouns=_nouns(question) if "de" in codes else frozenset(),
        separable=tuple(separable),
    )


_CAPITALISED_WORD = lazy_compile(r"(?<![\w-])[A-ZÄÖÜ][^\W\d_]*(?:-[^\W\d_]+)*")


def _nouns(question: str) -> frozenset[str]:
    """The tokens of a German question's capitalised words ("Anfragemethode", "DOM-Baum")."""
    return frozenset(
        token for match in _CAPITALISED_WORD.finditer(question) for token in tokenize(match.group())
    )

"""The key terms of a question the evidence rule needs stated: names, quoted phrases,
figures and code literals (moved out of evidence_rule.py)."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from swarm.lazy_re import lazy_compile
from swarm.models.question_language import QuestionLanguage
from swarm.models.question_words import GENERIC
from swarm.wiki.code_literals import code_literals, is_argument, literal_pattern
from swarm.wiki.tokens import STOPWORDS, tokenize

__all__ = ["KeyTerm", "key_terms"]

# Words a question starts with or uses to ask, capitalised or not: never names.
_NOT_NAMES = frozenset(
    "what which who whom whose when where why how is are was were do does did can could "
    "should would will i i'm i've we our my the a an in on at of for to and or if it its "
    "tell show give list find please any there that this these those".split()
)
_CAPITALISED = re.compile(r"(?<![\w'])([A-Z][\w'&-]*)(?=(?:\s+([A-Z0-9][\w.]*[\w]|[A-Z0-9]))?)")
_CJK_START = lazy_compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]")
# A single quote opens a quotation only where no letter is before it and closes one only
# where none follows: in "l'URL de base de l'API" and "Bob's and Alice's" it is an
# apostrophe (French elision, English possessive), no quotation.
_QUOTED = re.compile(r"(?:[\"“`]|(?<!\w)')([^\"”`']{2,60})(?:[\"”`]|'(?!\w))")
_WEEKDAY = re.compile(r"^(mon|tues|wednes|thurs|fri|satur|sun)days?$", re.IGNORECASE)
# An identifier joining letters and figures with hyphens or dots ("claude-3-5-sonnet",
# "llama3.1", "x86-64"): one term, written whole; its figures alone ("3", "5") are on a
# sibling's identifier too ("claude-3-5-sonnet" holds every figure of "claude-5-5-sonnet").
_IDENTIFIER = re.compile(r"(?<![\w.-])[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)+(?![\w-]|\.\w)")
_IDENTIFIER_PART = re.compile(r"[A-Za-z]+|[0-9]+")


def _identifiers(question: str) -> list[tuple[str, re.Pattern[str]]]:
    """Each identifier of `question` with a pattern matching it however it is joined
    ("llama3.1", "llama 3.1", "Llama-3-1"), never with other letters or figures."""
    found = []
    for match in _IDENTIFIER.finditer(question):
        if not any(char.isdigit() for char in match.group()):
            continue  # "first-response": words, no identifier
        segments = re.split(r"[-.]", match.group())
        # A figure glued into a word ("base64-encode") is that word's, and the words after it
        # are English ("encode", written "base64 strings" as well); a figure of its own
        # ("claude-3-5-sonnet") makes the whole a name, "sonnet" telling it from "haiku".
        while not any(part.isdigit() for part in segments) and not any(
            char.isdigit() for char in segments[-1]
        ):
            segments.pop()
        parts = _IDENTIFIER_PART.findall("-".join(segments))
        if not any(p.isdigit() for p in parts) or not any(p.isalpha() for p in parts):
            continue
        joined = r"[-\s._]?".join(re.escape(part) for part in parts)
        found.append((match.group(), re.compile(rf"(?<![\w.]){joined}(?![\w]|[-.]\d)", re.I)))
    return found


def _generic(word: str) -> bool:
    tokens = tokenize(word)
    return bool(tokens) and all(token in GENERIC for token in tokens)


@dataclass(frozen=True, slots=True)
class KeyTerm:
    """A term the evidence must state: its tokens, or a phrase matched in the raw text."""

    words: frozenset[str]
    phrase: re.Pattern[str] | None = None
    is_name: bool = False


def key_terms(
    question: str, language: QuestionLanguage, numbers: Collection[str], how_to: bool
) -> list[KeyTerm]:
    """The names, quoted phrases, figures and code literals `question` asks about, which a
    passage must state."""
    terms: list[KeyTerm] = []
    for match in language.without_function_words(_CAPITALISED.finditer(question)):
        name, tail = match.group(1), match.group(2)
        # "JRパスの7日間…": a Latin name ends where a CJK run starts (never in ASCII).
        if not name.isascii():
            name = _CJK_START.split(name, maxsplit=1)[0]
        if name.lower().strip("'s") in _NOT_NAMES or name.lower() in STOPWORDS:
            continue
        if _WEEKDAY.match(name):
            continue  # "Saturdays and Sundays" is "weekends" too: a word, not a name
        if match.start() == 0 and (name.lower() in _NOT_NAMES or _generic(name)):
            continue  # "Roughly how many...": a capital that only opens the question
        name_words = frozenset(tokenize(name))
        if tail and len(tail) <= 3 and not tokenize(tail):
            # "Series C", "Linux 2.0": the short tail is the part that tells them apart.
            pattern = re.compile(
                rf"\b{re.escape(name.rstrip('.'))}\w*\s+{re.escape(tail)}(?![\w.])", re.I
            )
            terms.append(KeyTerm(name_words, pattern, is_name=True))
        elif name_words:
            terms.append(KeyTerm(name_words, is_name=True))
        elif len(name) <= 2 and name.isupper():
            # "the B rule prefix", "vitamin D": a letter naming one of several.
            letter = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
            terms.append(KeyTerm(frozenset(), letter, is_name=True))
    for quoted in _QUOTED.findall(question):
        quoted_words = frozenset(tokenize(quoted))
        if quoted_words:
            terms.append(KeyTerm(quoted_words))
    # "f[1, 2, 3]", `--force`, "strict=True": the literal itself, not only its tokens
    # (a how-to's own file or path is what its page's command takes as a placeholder).
    literals = [
        literal for literal in code_literals(question) if not (how_to and is_argument(literal))
    ]
    bare_literals = [re.sub(r"[\s,]", "", literal) for literal in literals]
    identifiers = [] if literals else _identifiers(question)
    for number in numbers:
        if any(number in literal for literal in literals + bare_literals):
            continue  # "f{1,2,3}" (1,2,3 read as 123): the literal's pattern is the term
        if any(re.search(rf"(?<!\d){re.escape(number)}(?!\d)", name) for name, _ in identifiers):
            continue  # "claude-3-5-sonnet": the identifier's pattern is the term
        terms.append(KeyTerm(frozenset(), re.compile(rf"(?<![\w.]){re.escape(number)}\b")))
    terms += [KeyTerm(frozenset(), literal_pattern(literal)) for literal in literals]
    terms += [KeyTerm(frozenset(), pattern) for _, pattern in identifiers]
    return terms

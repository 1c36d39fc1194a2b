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
_QUOTED = re.compile(r"[\"“`']([^\"”`']{2,60})[\"”`']")
_WEEKDAY = re.compile(r"^(mon|tues|wednes|thurs|fri|satur|sun)days?$", re.IGNORECASE)


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
    for number in numbers:
        if any(number in literal for literal in literals + bare_literals):
            continue  # "f{1,2,3}" (1,2,3 read as 123): the literal's pattern is the term
        terms.append(KeyTerm(frozenset(), re.compile(rf"(?<![\w.]){re.escape(number)}\b")))
    terms += [KeyTerm(frozenset(), literal_pattern(literal)) for literal in literals]
    return terms

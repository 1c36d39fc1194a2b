"""German as the offline answers read it (general grammar of the language, no wiki's words).

German capitalises every noun, so a capitalised word within a German question is a name only
when it is written as one (`written_as_name`: an acronym, a capital or a digit inside the
word). German inflects its nouns, adjectives and verbs with endings (-e, -en, -er, -es, -em,
-n, -s, -t, -et, -te...) and umlauts, and joins its nouns into compounds ("Anfragemethode" is
"Methode der Anfrage"; an "Anforderungsheader" is a header): `german_forms` gives, for each
question word, the words of the passages that write it another way.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache

__all__ = [
    "asking_verbs",
    "asks_type",
    "german_forms",
    "german_root",
    "opens_german",
    "written_as_name",
]

# German interrogatives no English (nor other) word spells: a question opening with one is
# German, however few other function words it has ("Welchem Zahlenwert entspricht bold?").
_OPENERS = re.compile(
    r"^\W*(?:welche[mnrs]?|wie|wieso|weshalb|weswegen|warum|wann|wer|wen|wem|wessen|wozu|womit|"
    r"wofür|wodurch|woran|worin|worauf|woraus|wonach|worüber|worum|wovon|wohin|woher)\b",
    re.IGNORECASE,
)

# Inflection endings, longest first: one is taken off a word (nouns, adjectives, verbs).
_ENDINGS = ("eten", "ern", "est", "ete", "ten", "em", "en", "er", "es", "et", "st", "te")
_SHORT_ENDINGS = ("e", "n", "s", "t")
# (-s and -st are no ending after a vowel or an s: "gross", "status", "Browser" + "s" is.)
# A root is at least this long; a root before -er / -ern / -en at least one letter longer
# ("header" is no inflected "head", "größer" is of "Größe").
_MIN_ROOT = 4
_LONG_ENDINGS = frozenset({"er", "ern"})
# The linking elements between a compound's parts ("Anforderung-s-header", "Seite-n-titel").
_LINKS = ("es", "en", "s", "n", "e")
# A compound's parts are at least this long (shorter pieces match too much by chance).
_MIN_PART = 4
_MIN_MODIFIER = 3
_MAX_FORMS = 12  # alternatives kept per question word


def _fold(word: str) -> str:
    """`word` without umlauts and accents, "ß" as "ss" ("größe" -> "grosse")."""
    decomposed = unicodedata.normalize("NFKD", word.replace("ß", "ss"))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


@lru_cache(maxsize=65_536)
def german_root(token: str) -> str:
    """`token` (a word token) folded and without one inflection ending, or without the
    participle's "ge-...-t" ("gegründet" -> "grund", "Ressourcen" -> "ressourc", "größer" ->
    "gross"); the folded token itself when no ending leaves a root long enough."""
    word = _fold(token)
    if not word.isalpha() or len(word) <= _MIN_ROOT:
        return word
    if word.startswith("ge") and word.endswith("t") and len(word) - 2 > _MIN_ROOT:
        word = word[2:]
    for ending in (*_ENDINGS, *_SHORT_ENDINGS):
        if word.endswith(ending) and not (ending[0] == "s" and word[-len(ending) - 1] in "aeious"):
            root = word[: -len(ending)]
            if len(root) >= _MIN_ROOT + (ending in _LONG_ENDINGS):
                return root[:-1] if root.endswith("niss") else root  # "Ergebnisse": "-nis"
    return word


def opens_german(question: str) -> bool:
    """`question` opens with a German interrogative ("Welche...", "Wie...", "Warum...")."""
    return bool(_OPENERS.match(question))


# "Welcher Statuscode...", "Bei welchen modernen Browsern...": the noun names what the answer
# is one of (as English "which company" does); the passage must write it.
_TYPE_ASKED = re.compile(
    r"\b(?:welche[mnrs]?|welch|was\s+für(?:\s+eine?[mnrs]?)?)\s+(?:[a-zäöüß-]+\s+)?$", re.I
)


# The asker's light verbs ("Welche Methode nehme ich", "Wie mache ich", "Was soll ich statt X
# benutzen", "Womit hat man ... gemacht", "Wie sorge ich dafür", "Welche ... gibt es"): as
# English "do I use", "make", "let", "there is", they ask; what they take is what is asked.
_LIGHT = (
    r"nehm\w*|nimmt|mach\w*|gemacht|verwend\w*|benutz\w*|nutz\w*|brauch\w*|geb\w*|gib\w*|"
    r"bekomm\w*|lass\w*|läss\w*|tu[et]?|tun|krieg\w*|sorg\w*|stell\w*(?=\s.*\bsicher\b)"
)
_SUBJECT = r"(?:ich|man|wir)"
_ASKING = re.compile(
    rf"\b({_LIGHT})\s+{_SUBJECT}\b|"  # "nehme ich", "mache ich"
    rf"\b{_SUBJECT}\b[^?!;,]{{0,80}}?\b({_LIGHT})\s*(?=[?,;:]|$)|"  # "soll ich ... benutzen?"
    r"(?<=\b(?:ich|man|wir)\s)(sicher)\b(?=\s*,)|"  # "stelle ich sicher, dass"
    r"\b(gibt|gab)\s+es\b|\bes\s+(gibt|gab)\b|"  # "Welche Klassen gibt es?"
    r"\bwas\s+(passiert|passierte|geschieht|geschah)\b",  # as English "what happens"
    re.IGNORECASE,
)


def asking_verbs(question: str) -> list[str]:
    """The light verbs a German `question` asks with, the asker their subject ("nehme ich",
    "soll ich ... benutzen", "wie sorge ich dafür") or "es" ("gibt es"), and "was passiert"
    ("what happens"): no content word."""
    return [word for match in _ASKING.finditer(question) for word in match.groups() if word]


# A separable verb's particle closes its clause ("Wie breche ich die Anfrage ab?" is
# "abbrechen", "Wie füge ich einen Eintrag hinzu" is "hinzufügen"); its finite verb stands
# before the subject ("breche ich") or after the interrogative ("Welche Methode gibt ... zurück").
_PARTICLES = (
    "ab an auf aus bei ein fest her heraus herunter hin hinzu hoch los mit nach vor weg "
    "zurück zusammen"
).split()
_CLAUSE_END = re.compile(r"[?!;:,–]|\.(?:\s|$)")  # not the dot of "document.querySelector"
_FINITE = re.compile(
    r"^\s*(?:(?:wie|wo|wann|warum|was|womit|wozu|wodurch)\s+|welche[mnrs]?\s+\S+\s+)?"
    r"([a-zäöüß]+)\s+(?:ich|man|wir|du|er|sie|es|mir|\S+)\b",
    re.IGNORECASE,
)


def separable_verbs(question: str) -> list[tuple[str, str]]:
    """(finite verb, particle) of each clause of a German `question` that a separable verb's
    particle closes ("Wie breche ich eine Anfrage ab?" -> ("breche", "ab"))."""
    found: list[tuple[str, str]] = []
    for clause in _CLAUSE_END.split(question):
        words = clause.split()
        if len(words) < 3 or words[-1].lower() not in _PARTICLES:
            continue
        if (finite := _FINITE.match(clause)) and finite.group(1).islower():
            found.append((finite.group(1), words[-1].lower()))
    return found


def joined_roots(verb: str, particle: str) -> frozenset[str]:
    """The roots a separable verb's forms have, joined ("frage" + "ab": "abfragen",
    "abgefragt", "abzufragen")."""
    root = german_root(_fold(verb.lower()))
    particle = _fold(particle)
    return frozenset(german_root(particle + middle + root) for middle in ("", "ge", "zu"))


def asks_type(question: str, start: int) -> bool:
    """The word at `start` of the German `question` is the noun after "welche"/"was für"."""
    return bool(_TYPE_ASKED.search(question[max(0, start - 60) : start]))


def written_as_name(word: str) -> bool:
    """A capitalised word of a German question written as a name, not as a noun (every
    German noun is capitalised): an acronym ("PUT", "UUID"), a capital after a small letter
    ("JavaScript", "NodeList") or a digit inside ("HTTP2", "Base64"), in any part of a
    hyphenated word ("DOM-Baum", "X-Frame-Options")."""
    for part in word.split("-"):
        letters = [char for char in part if char.isalpha()]
        if len(letters) >= 2 and all(char.isupper() for char in letters):
            return True
        if any(char.isdigit() for char in part):
            return True
        if any(a.islower() and b.isupper() for a, b in zip(part, part[1:], strict=False)):
            return True
    return False


def _by_root(vocabulary: Iterable[str]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for word in vocabulary:
        if word.isalpha():
            found.setdefault(german_root(word), set()).add(word)
    return found


def _parts(word: str, roots: dict[str, set[str]]) -> list[frozenset[str]]:
    """A compound question word (`word`, folded) stated by its parts in the passages:
    "anfragemethod" by "anfrag" and "method" (each part a passage word's root, the modifier
    with or without its linking element)."""
    found: list[frozenset[str]] = []
    for cut in range(_MIN_PART, len(word) - _MIN_PART + 1):
        modifier, head = word[:cut], word[cut:]
        heads = roots.get(german_root(head), set()) | roots.get(head, set())
        if not heads:
            continue
        modifiers = {modifier} | {
            modifier[: -len(link)] for link in _LINKS if modifier.endswith(link)
        }
        for form in modifiers:
            if len(form) < _MIN_PART:
                continue
            for first in sorted(roots.get(german_root(form), set()) | roots.get(form, set())):
                found.extend(frozenset({first, second}) for second in sorted(heads))
    return found


def german_forms(
    question_words: Iterable[str],
    vocabulary: Iterable[str],
    nouns: frozenset[str],
    separable: Mapping[str, frozenset[str]],
) -> dict[str, list[frozenset[str]]]:
    """For each question word (a token), the passages' words that write it another way in
    German: another inflection of it (the same `german_root`: "Ressource" ~ "Ressourcen",
    "verwende" ~ "verwendet", "größer" ~ "Größe"); a compound ending in it, which names a
    kind of it ("header" ~ "anforderungsheader"); and, for a compound asked, its parts both
    written ("anfragemethode" ~ "methode" and "anfrage"). The last two only for the
    question's `nouns` (its capitalised words): a verb with a prefix is another verb
    ("setzen", "ersetzen"). A separable verb's finite form (`separable`: its token -> the
    roots of the verb joined to its particle) is stated by the joined verb ("breche ... ab"
    ~ "abbrechen", "abgebrochen" is a strong verb's and not met)."""
    vocabulary = frozenset(vocabulary)
    roots = _by_root(vocabulary)
    # Each passage word with its folded spelling and its root, made once for every question word.
    spelled = [(other, _fold(other), german_root(other)) for other in sorted(vocabulary)]
    spelled = [entry for entry in spelled if entry[0].isalpha()]
    found: dict[str, list[frozenset[str]]] = {}
    for word in question_words:
        if not word.isalpha() or len(word) < _MIN_PART:
            continue
        root = german_root(word)
        forms = [frozenset({other}) for other in sorted(roots.get(root, ())) if other != word]
        for joined in sorted(separable.get(word, ())):
            forms += [frozenset({other}) for other in sorted(roots.get(joined, ()))]
        heads = {head for head in (root, _fold(word)) if len(head) >= _MIN_PART}
        if word not in nouns:
            heads = set()
        forms += [
            frozenset({other})
            for other, folded, other_root in spelled
            if other != word
            and any(
                len(folded) - len(head) >= _MIN_MODIFIER
                and (folded.endswith(head) or other_root.endswith(head))
                for head in heads
            )
        ]
        if len(word) >= 2 * _MIN_PART and word in nouns:
            forms += _parts(_fold(word), roots)
        if forms := list(dict.fromkeys(forms))[:_MAX_FORMS]:
            found[word] = forms
    return found

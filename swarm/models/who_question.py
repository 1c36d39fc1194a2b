"""Who did what, for the offline evidence rule: the verb a who-question asks about
("who founded X") and whether a passage states it, and a question that swaps who did what
("Who joined Norman forces" against "the Normans joined Turkish forces").
"""

from __future__ import annotations

import unicodedata

from swarm.models.evidence import lemma
from swarm.models.question_language import word_key
from swarm.models.question_words import AUXILIARIES
from swarm.wiki.tokens import STOPWORDS, tokenize, words

__all__ = ["relation_forms", "states_relation", "swapped"]

_LIGHT_VERBS = frozenset(
    "come came get got make made take took give gave go went put set keep kept let "
    "help use used".split()
)
_PARTICLES = frozenset("up out off down over back away on in".split())
_PASSIVE_MARKERS = frozenset("is was are were be been being".split())
# Adverbs between "who" and its verb ("who first proposed", "who actually took"): general
# English, and words in -ly (not verbs in -ply: "who supplied").
_ADVERBS = frozenset(
    "first ever once later also still just then now soon since originally actually really "
    "initially eventually finally".split()
)


# French: what may stand between "qui" and the verb asked about ("qui doit certifier", "qui
# a fondé", "qui s'occupe", "qui le valide"), the copula that asks for an identity instead
# ("qui est le responsable": no verb), and light verbs that say little ("qui fait", "qui met").
_FRENCH_BEFORE_VERB = frozenset(
    "doit doivent peut peuvent pourra devra va vont a ont avait avaient s se l le la les lui "
    "leur y en ne n".split()
)
_FRENCH_COPULA = frozenset("est sont était étaient sera seront".split())
_FRENCH_LIGHT_VERBS = frozenset(
    "fait font faire fera donne donné prend pris met mis utilise utilisé".split()
)


def _adverb(word: str) -> bool:
    return word in _ADVERBS or (len(word) > 4 and word.endswith("ly") and not word.endswith("ply"))


def relation_forms(question: str) -> frozenset[str]:
    """ "Who founded X?": the forms of the verb asked about (found, founded -> founder...),
    so a passage about X that never says who founded it is no answer. Empty when the word
    after "who" is an auxiliary ("who is", "who's the head roaster"). Adverbs before the
    verb are passed over ("who first proposed": proposed)."""
    sequence = words(question)
    if sequence[:1] == ["qui"]:
        return _french_relation(sequence)
    while len(sequence) > 3 and _adverb(sequence[1]):
        del sequence[1]
    if len(sequence) < 3 or sequence[0] != "who" or sequence[1] in AUXILIARIES:
        return frozenset()
    if sequence[1] in STOPWORDS or sequence[1] in {"s", "d", "ll", "re", "ve"}:
        return frozenset()
    # A light or phrasal verb ("who came up with", "who got", "who made") says little: its
    # passage writes another verb ("coined"), so only a verb that carries the meaning counts.
    if lemma(sequence[1]) in _LIGHT_VERBS or sequence[2] in _PARTICLES:
        return frozenset()
    forms = {sequence[1], lemma(sequence[1]), *tokenize(sequence[1])}
    return frozenset(form for form in forms if len(form) >= 3)


def _french_relation(sequence: list[str]) -> frozenset[str]:
    """ "Qui doit certifier les adresses ?": the verb's forms, its word with and without a
    French verb ending, accents folded (certifier, certifi: "certifiée", "certification")."""
    if sequence[1:4] == ["est", "ce", "qui"]:  # "qui est-ce qui valide..."
        sequence = sequence[:1] + sequence[4:]
    at = 1
    while at < len(sequence) - 1 and at <= 3 and sequence[at] in _FRENCH_BEFORE_VERB:
        at += 1
    if len(sequence) < at + 2 or sequence[at] in _FRENCH_COPULA:
        return frozenset()
    verb = sequence[at]
    if verb in _FRENCH_LIGHT_VERBS or verb in _FRENCH_BEFORE_VERB or not verb.isalpha():
        return frozenset()
    folded = _folded(verb)
    # the present's endings too ("valide", "occupent"): "valid" in "validation", "valider"
    end = next((ending for ending in ("ent", "es", "e") if folded.endswith(ending)), "")
    present = folded[: -len(end)] if end else ""
    forms = {folded, word_key(verb, ("fr",)), present}
    return frozenset(form for form in forms if len(form) >= 4)


def _folded(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def states_relation(forms: frozenset[str], text: str) -> bool:
    """A word of `text` starts with one of the verb's forms (founded, founder, co-founded;
    a French verb's root: "certifi" in "certifiée"), accents aside."""
    found = words(text)
    if not text.isascii():
        found = [_folded(word) for word in found]
    return any(word.startswith(form) for word in found for form in forms)


def swapped(subject_verb: str, object_names: frozenset[str], text: str) -> bool:
    """`text` writes the question's object names (`object_names`, the names after its verb
    `subject_verb`) on the subject's side of that verb: who did what is swapped."""
    if not subject_verb or not object_names:
        return False
    sequence = words(text)
    stems = [lemma(word) for word in sequence]
    if subject_verb not in stems:
        return False
    at = stems.index(subject_verb)
    passive = (at + 1 < len(sequence) and sequence[at + 1] == "by") or (
        at > 0 and sequence[at - 1] in _PASSIVE_MARKERS
    )
    for name in object_names:
        places = [i for i, token in enumerate(stems) if token == name]
        if not places:
            continue
        if passive and all(i > at for i in places):
            return True
        if not passive and all(i < at for i in places):
            return True
    return False

"""What a question needs from a passage, worked out once per question for the offline evidence
rule (`swarm.models.evidence_rule`): its key terms, the kinds of answer asked, what it negates,
names or counts, and whether a passage names an instance of what a "which X" asks for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property

from swarm.lazy_re import lazy_compile
from swarm.models.answer_types import asks_for_value, value_stated
from swarm.models.contrasts import (
    task_reversed,
)
from swarm.models.definitions import (
    qualification_words,
)
from swarm.models.evidence import MONTHS, figures, lemma, text_words
from swarm.models.how_to import (
    COMMAND_BONUS,
    HowTo,
    denials_as_not,
    denied_words,
    request_words,
    without_constraints,
)
from swarm.models.japanese_evidence import kana_negated
from swarm.models.key_terms import key_terms
from swarm.models.negations import OPPOSITE, has_negation, negated_words
from swarm.models.own_names import background_names, question_acronyms
from swarm.models.question_language import question_language
from swarm.models.question_words import AUXILIARIES, answer_type_words
from swarm.models.text_names import capitalised_names, named_places
from swarm.models.unread_language import unread_language
from swarm.models.who_question import relation_forms
from swarm.wiki.passages import Passage
from swarm.wiki.tokens import STOPWORDS, tokenize, words

__all__ = ["QuestionNeeds"]

_RELATIVE_TIME = frozenset("before after prior previous preceding following".split())
_PAST_ASKED = re.compile(
    r"\b(was|were|used to|previous|previously|former|formerly|old|older|earlier|original|"
    r"originally|(1\d|20)\d\d)\b",
    re.IGNORECASE,
)
_WH_SUBJECT, _CONTRACTIONS = (
    frozenset({"who", "what", "which"}),
    frozenset("s d ll re ve m".split()),
)
_DO_FORMS = frozenset({"do", "does", "did"})
_HOW_MUCH = lazy_compile(r"\bhow\s+much\b", re.IGNORECASE)
# A yes/no question ("Is there a default timeout in requests?"), not a choice ("X or Y?"): a
# passage denying it ("requests had no default") answers it, as one stating it does.
_POLAR = lazy_compile(
    r"^\W*(?:is|are|was|were|do|does|did|has|have|had|should|must|will|would)\b(?![^?]*\bor\b)",
    re.IGNORECASE,
)
_PERSON_ASKED = re.compile(r"^\W*(who|whom|whose)\b|\bwhich\s+(person|people)\b", re.I)
# Chinese and Japanese "how many <counter>" (几次, 多少天, 何個).
_CJK_COUNTER = re.compile("(几|幾|多少|何)([次个個天年岁歳本张枚杯块台元円人回日件名])")
_NAME_RUN = re.compile(r"(?<![\w'])[A-Z][\w'&.-]*(?:\s+(?:of\s+|the\s+|&\s+)?[A-Z][\w'&.-]*)*")
# One capitalised word qualifying the lowercase noun after it ("English reformer"): an
# adjective, not a name of its own.
_FUNCTION_WORD = "|".join(sorted(STOPWORDS))
_ATTRIBUTIVE = re.compile(
    rf"(?<![\w'-])(?<![A-Z][\w'-] )[A-Z][\w'-]*(?=\s+(?!(?:{_FUNCTION_WORD})\b)[a-z])"
)
_MONTH_NAME = lazy_compile(rf"\b(?=[A-Z])(?i:{MONTHS})\b")

_numbers = figures


class QuestionNeeds:
    """The question's side of the evidence rule, worked out once: its key terms, the kinds of
    answer asked, what it negates, names and counts (`EvidenceRule` checks passages on it)."""

    def __init__(
        self,
        question: str,
        question_words: frozenset[str],
        kinds: frozenset[str],
        passages: Sequence[Passage] = (),
        alternatives: dict[str, list[frozenset[str]]] | None = None,
    ):
        """`alternatives` (the scorer's other ways to state each question word) gains a
        how-to's action verbs' equivalents ("see" is stated by "list", "print"...)."""
        self.question = question
        self._passages = passages  # the pages read: their common names (`_background`)
        self.language = question_language(question)  # a Spanish, French... question's words
        self.unread = unread_language(question, self.language.codes)  # Russian, Dutch...
        self.asks_person = bool(_PERSON_ASKED.search(question)) or self.language.asks_person
        # "Who paid for the printing?": a money word is the verb of a who-question, not the
        # amount asked for ("How much did Halley pay" asks for that).
        self.kinds = (
            kinds - {"money"} if self.asks_person and not _HOW_MUCH.search(question) else kinds
        )
        self.question_words = question_words - request_words(question)
        # What a how-to question asks for: a command, for the programs it names.
        self.how = HowTo(question, self.question_words, passages, alternatives)
        self.how_to = self.how.asks
        self.numbers = _numbers(question)
        self.asks_past = bool(_PAST_ASKED.search(question))
        # A how-to's "without extracting it" says what the command must not do: the answer
        # need not say "not" (`tar --list`), though it may ("without changing": agreed below).
        negating = without_constraints(question) if self.how_to else question
        self.negated = has_negation(negating) or self.language.negated or kana_negated(negating)
        # "Which newsgroup did Linus not post to?": what the question negates (post), which
        # a passage's own negation must bear on too ("not counting the flight" is another).
        self.negated_asked = negated_words(negating) - STOPWORDS
        # "instead of overwriting", "stop bzip2 from deleting": what the question wants not
        # done, so a passage saying "do not overwrite" / "don't delete" agrees with it.
        self.denied = negated_words(denials_as_not(question)) | denied_words(question)
        self.polar = not self.how_to and not self.language.codes and bool(_POLAR.match(question))
        lowered = set(words(question)) | self.language.relative  # "antes": "before"
        self.opposites = {OPPOSITE[w] for w in lowered if w in OPPOSITE} - lowered
        self.opposites |= self.language.opposites
        # "When did X erupt before the Hōei eruption?": the date asked is relative to another
        # event, so a passage dating only that event (no before/after/earlier...) is no answer.
        self.relative_when = "date" in kinds and bool(lowered & _RELATIVE_TIME)
        self.key_terms = key_terms(question, self.language, self.numbers, self.how_to)
        self.acronyms = question_acronyms(question) - self.question_words
        counted = _CJK_COUNTER.search(question)
        self.counter = counted.group(2) if counted else ""
        self.subject_verb, self.object_names = self._subject_question(question)
        self.relation = relation_forms(question) if self.asks_person else frozenset()
        # "What grade...", "which floor...": the answer is a figure or a code, not a name.
        self.value_nouns = answer_type_words(question) - qualification_words(question)
        self.asks_value = asks_for_value(self.value_nouns)

    def _subject_question(self, question: str) -> tuple[str, frozenset[str]]:
        """ "Who joined Norman forces": the verb and the names after it (the object side)."""
        sequence = words(question)
        if len(sequence) < 3 or sequence[0] not in _WH_SUBJECT or sequence[1] in AUXILIARIES:
            return "", frozenset()
        # "What's Oma's number", "Which version is...": no verb after the wh-word; "Which time
        # zone do the tests run in?": a two-word type, then the auxiliary of an object
        # question, whose names after it are the subject.
        if sequence[1] in _CONTRACTIONS or sequence[2] in AUXILIARIES:
            return "", frozenset()
        if sequence[0] != "who" and len(sequence) > 3 and sequence[3] in _DO_FORMS:
            return "", frozenset()
        verb = lemma(sequence[1])
        names = capitalised_names("x " + " ".join(question.split()[2:])) & self.question_words
        return verb, frozenset(names)

    def command_bonus(self, passage: Passage) -> float:
        """Ranking only, for a how-to: `HowTo.bonus`, none for a passage negating what the
        question asks ("Display both listening and non-listening sockets" for "listening") or
        doing its move the other way round ("Convert a timestamp to a date" for "a date into a
        timestamp")."""
        bonus = self.how.bonus(passage)
        if bonus and task_reversed(self.question, passage.text):
            return 0.0
        if bonus and not self.how.states_action(passage.text, passage.code, passage.context):
            bonus -= COMMAND_BONUS  # "To trace a running process" for "show running processes"
        if bonus and not self.negated:
            if (self.question_words - self.denied) & negated_words(passage.text):
                return 0.0
        return bonus

    @staticmethod
    def request_words(question: str) -> frozenset[str]:
        """A how-to's words that ask rather than say what is asked ("make", "instead")."""
        return request_words(question)

    @cached_property
    def _background(self) -> frozenset[str]:
        """Names most of the pages read write, the wiki's own subject (`background_names`):
        worked out only when a "which X" asks whether a passage names an instance."""
        return background_names(self._passages)

    def instance_stated(self, text: str) -> bool:
        """`text` names something of its own, what a "which company..." answer is: a place,
        a capitalised name within a sentence (not one word qualifying a noun: "an English
        reformer", "the Dutch physicist"), or, when a figure or date is asked for, a figure
        the question does not write, or a month named ("in January" for "what month"). A
        value asked for ("what grade", "which floor") is only a figure or a code: "a class at
        MIT" names no grade."""
        if self.kinds & {"figure", "count", "money", "date"} and _numbers(text) - self.numbers:
            return True
        if self.asks_value:
            return value_stated(text, self.numbers) or bool(
                "date" in self.kinds and _MONTH_NAME.search(text)
            )
        if "date" in self.kinds and _MONTH_NAME.search(text):
            return True
        # A name run holding the question's own name is that entity ("Tidewater Labs LLC"),
        # and one holding a name of the wiki's own subject is that subject (`background`).
        own = self.question_words | self.acronyms | self._background
        if named_places(text) - own:
            return True
        bare = _NAME_RUN.sub(lambda m: " " if set(tokenize(m.group())) & own else m.group(), text)
        # A value after "Key:" is what the key names ("Yeast: Wyeast 1968"), not a sentence.
        bare = _ATTRIBUTIVE.sub(" ", bare.replace(":", ","))
        return bool(capitalised_names(bare) - own)

    def entity_absent(self, all_words: frozenset[str]) -> bool:
        """A name the question asks about is on none of the pages read: the wiki lacks it."""
        return any(t.is_name and t.words and not t.words <= all_words for t in self.key_terms)

    def key_terms_stated(
        self, text: str, context: str, words_: frozenset[str], code: str = ""
    ) -> bool:
        """Every key term (name, quoted phrase, number, code literal) is in `text`, its
        `context` or the `code` it carries."""
        raw, stated = f"{context}\n{text}\n{code}", words_ | text_words(context)
        return all(
            (term.phrase is None or term.phrase.search(raw)) and term.words <= stated
            for term in self.key_terms
        )

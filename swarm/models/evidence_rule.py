"""The evidence rule for `high`, offline: a passage must state the question's key terms, add
the kind of answer asked for, and contradict nothing (negation, before/after, who did what).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property

from swarm.lazy_re import lazy_compile
from swarm.models.alternatives import choice_stated, choice_unstated
from swarm.models.answer_types import asks_for_value, glossed_only, value_of_noun, value_stated
from swarm.models.cjk_question import cjk_unstated
from swarm.models.contrasts import (
    contrasted,
    direction_swapped,
    extreme_swapped,
    task_reversed,
    threshold_swapped,
)
from swarm.models.cross_references import is_cross_reference, under_pointer_heading
from swarm.models.definitions import (
    meaning_unstated,
    qualification_unstated,
    qualification_words,
)
from swarm.models.earlier_side import before_unsaid, timed_against_another
from swarm.models.evidence import MONTHS, figures, lemma, spoken, text_words
from swarm.models.how_to import (
    COMMAND_BONUS,
    HowTo,
    denials_as_not,
    denied_words,
    request_words,
    without_constraints,
)
from swarm.models.japanese_evidence import japanese_problem, kana_negated
from swarm.models.key_terms import key_terms
from swarm.models.list_items import names_in_separate_items
from swarm.models.modifier_opposites import modifier_swapped
from swarm.models.negations import OPPOSITE, cjk_opposite, has_negation, negated_words
from swarm.models.ordinals import ordinal_unstated
from swarm.models.own_names import background_names, question_acronyms
from swarm.models.question_language import question_language
from swarm.models.question_words import AUXILIARIES, answer_type_words
from swarm.models.rate_period import period_unstated
from swarm.models.sentence_roles import sentence_role_problem
from swarm.models.siblings import compound_problem, heading_narrows, qualifier_swapped
from swarm.models.superseded import superseded
from swarm.models.targets import target_for_outcome
from swarm.models.text_names import capitalised_names, named_places
from swarm.models.time_place import place_stated, when_problem
from swarm.models.typed_values import value_problem, without_numbers
from swarm.models.who_question import relation_forms, states_relation, swapped
from swarm.wiki.passages import Passage
from swarm.wiki.tokens import STOPWORDS, tokenize, words

__all__ = ["EvidenceRule"]

# --- the evidence rule for "high" -----------------------------------------------------------

_RELATIVE_TIME = frozenset("before after prior previous preceding following".split())
_TEMPORAL_RELATION = frozenset(
    "before after prior previous previously preceding following earlier later until since "
    "then".split()
)
_PAST_ASKED = re.compile(
    r"\b(was|were|used to|previous|previously|former|formerly|old|older|earlier|original|"
    r"originally|(1\d|20)\d\d)\b",
    re.IGNORECASE,
)
# A sentence that sets up an invented example ("Say you have a Projects directory...",
# "Suppose that...", "Let's imagine..."): what it says illustrates, it is no fact about the
# wiki's own things, unless the question supposes too.
_HYPOTHETICAL = lazy_compile(
    r"^\W*(?:(?:for\s+example|for\s+instance|now),?\s+)?(?:let['’]s\s+(?:say|imagine|suppose)|"
    r"say\s+(?:you|we|that)|suppose|imagine|assume\s+(?:you|we|that))\b",
    re.IGNORECASE,
)
_WH_SUBJECT, _CONTRACTIONS = (
    frozenset({"who", "what", "which"}),
    frozenset("s d ll re ve m".split()),
)
_DO_FORMS = frozenset({"do", "does", "did"})
_HOW_MUCH = lazy_compile(r"\bhow\s+much\b", re.IGNORECASE)
# A figure right after a word ("étape 1", "step 2", "level 3"): a label of that thing, when
# the thing is what the question counts (the words after "how many", "combien de").
_LABELLED = re.compile(r"([^\W\d_]+)\s+(\d+)(?![\w.,]\d)")
_COUNTED = re.compile(
    r"\b(?:how\s+many\s+|combien\s+(?:de\s+|d['’])|cu[aá]nt[oa]s\s+|wie\s*viele\s+)(\w+(?:\s+\w+)?)",
    re.IGNORECASE,
)
# A yes/no question ("Is there a default timeout in requests?"), not a choice ("X or Y?"): a
# passage denying it ("requests had no default") answers it, as one stating it does.
_POLAR = lazy_compile(
    r"^\W*(?:is|are|was|were|do|does|did|has|have|had|should|must|will|would)\b(?![^?]*\bor\b)",
    re.IGNORECASE,
)
_PERSON_ASKED = re.compile(r"^\W*(who|whom|whose)\b|\bwhich\s+(person|people)\b", re.I)
# Chinese and Japanese "how many <counter>" (几次, 多少天, 何個) and the numerals that answer it.
_CJK_COUNTER = re.compile("(几|幾|多少|何)([次个個天年岁歳本张枚杯块台元円人回日件名])")
_CJK_NUMERAL = r"[0-9０-９][0-9０-９,.]*|[一二三四五六七八九十两兩百千万萬半]+"
_NAME_RUN = re.compile(r"(?<![\w'])[A-Z][\w'&.-]*(?:\s+(?:of\s+|the\s+|&\s+)?[A-Z][\w'&.-]*)*")
# One capitalised word qualifying the lowercase noun after it ("English reformer"): an
# adjective, not a name of its own.
_FUNCTION_WORD = "|".join(sorted(STOPWORDS))
_ATTRIBUTIVE = re.compile(
    rf"(?<![\w'-])(?<![A-Z][\w'-] )[A-Z][\w'-]*(?=\s+(?!(?:{_FUNCTION_WORD})\b)[a-z])"
)
_MONTH_NAME = lazy_compile(rf"\b(?=[A-Z])(?i:{MONTHS})\b")


_numbers = figures


class EvidenceRule:
    """What a question needs from a passage for `high`: its key terms stated, the kind of
    answer asked for added (beyond the question's own words), and nothing contradicted."""

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

    def problem(self, text: str, context: str, code: str, words_: frozenset[str]) -> str:
        """Why `text` is not evidence enough for `high` ("" when it is)."""
        raw = f"{context}\n{text}"
        if is_cross_reference(text) or under_pointer_heading(context):
            return "the passage only points to other pages (see also, related...)"
        if not self.key_terms_stated(text, context, words_, code):
            return "a key term is missing"
        if qualifier_swapped(self.question, text, context):
            return "the passage names others of the asked kind, not the asked one"
        if heading_narrows(self.question, text, context):
            return "the passage's heading is about a sibling of the asked one"
        if ordinal_unstated(self.question, f"{context}\n{text}"):
            return (
                "the passage does not say it is about the one the question counts (the second...)"
            )
        if why := compound_problem(self.question, text, context, self.polar):
            return why
        names = [term.words for term in self.key_terms if term.is_name]
        if names and names_in_separate_items(names, text, context):
            return "the question's names sit in separate items of a list (a figure each)"
        # A short question keeps few words once its junctions are dropped: its one-character
        # verbs (煮 of 煮饺子要煮几分钟) must then be written too.
        few = len(self.question_words) <= _FEW_WORDS
        if few and cjk_unstated(self.question, self.question_words, raw):
            return "a one-character word of the question is not stated"
        text_lower = set(words(text))
        if not self.asks_past and superseded(raw, self.question):
            return "the passage or its heading says it is superseded"
        if (
            not self.how_to
            and _HYPOTHETICAL.search(text)
            and not _HYPOTHETICAL.search(self.question)
        ):
            return "the passage sets up an invented example (say you have..., suppose...)"
        if self.negated and not (
            has_negation(text) or self.language.says_not(text) or kana_negated(text)
        ):
            return "the negation differs"
        if why := japanese_problem(self.question, text, context, self.negated):
            return why
        if self.negated and self._negates_another(text, code):
            return "the passage negates something else than the question does"
        negates = (self.question_words - self.denied) & negated_words(text)
        if not self.negated and not self.polar and negates:
            return "the negation differs"
        if target_for_outcome(self.question, text):
            return "the passage states the value aimed at, not the one that came out"
        if self.opposites & text_lower or cjk_opposite(self.question, raw):
            return "the passage says the opposite (before/after, first/last...)"
        if not self.how_to and before_unsaid(self.question, text, context):
            return "the passage does not say what held before the event the question names"
        if timed_against_another(self.question, text, context):
            return "the passage times it against another event than the question's"
        if modifier_swapped(self.question, text):
            return "the passage says it of the opposite kind (open-beta for a closed beta)"
        if direction_swapped(self.question, text) or task_reversed(self.question, text):
            return "the passage has the move the other way (from/to)"
        if threshold_swapped(self.question, text):
            return "the passage bounds the figure the other way (over/under...)"
        if extreme_swapped(self.question, text):
            return "the passage gives the other extreme (a ceiling for the least asked...)"
        if why := sentence_role_problem(self.question, text, context, self.numbers, names):
            return why
        # (A how-to's "instead of the default output" is a command's contrast of its own.)
        if not self.how_to and contrasted(self.question, self.question_words, text):
            return "the passage says it only of what it contrasts (unlike X...)"
        if self.relative_when and not (_TEMPORAL_RELATION | self.language.temporal) & text_lower:
            return "the passage does not relate the date to the event the question names"
        if swapped(self.subject_verb, self.object_names, text):
            return "the question swaps who did what"
        if choice_unstated(self.question, text):
            return "the choice question's option is not what the passage uses or prefers"
        new_words = spoken(words_) - self.question_words - text_words(context)
        if not new_words and not code and not choice_stated(self.question, text):
            return "the passage only restates the question"
        if meaning_unstated(self.question, text):
            return "the passage does not say what the term means (means, stands for, is a...)"
        if qualification_unstated(self.question, text):
            return "the passage gives no criterion for what counts as the asked thing"
        if self.relation and not states_relation(self.relation, raw):
            return "the who-question's verb is not stated (founded, wrote, runs...)"
        labelled = _numbers(text) - self.numbers if "count" in self.kinds else set()
        if labelled and not labelled - self._labels(text):
            return "the figure numbers one of what is counted ('step 1'), no count of them"
        if self.how_to:
            how = self.how.problem(text, code, context, words_ | text_words(context))
            return how or (self._when_problem(text) if "date" in self.kinds else "")
        if "money" in self.kinds and period_unstated(self.question, raw):
            return "the question asks for a rate of a period (a month...) the passage never names"
        return self._kind_problem(text, new_words)

    def _negates_another(self, text: str, code: str) -> bool:
        """An English passage's negations bear on none of the words the question negates
        ("What do I not use now that np.float_ is gone?": "np.float_ is gone (use
        np.float64)" negates nothing the question does). In its `code`, a `not` bears on its
        operand only; a question that negates nothing is still held to the wider reach (any
        "not" near its words caps), the cautious reading either way."""
        if not self.negated_asked or self.language.says_not(text):
            return False
        return not self.negated_asked & negated_words(text, code)

    def _labels(self, text: str) -> set[str]:
        """The figures of `text` that label a thing the question counts: "How many steps?"
        against "Step 1 of publishing...", "combien d'étapes" against "L'étape 1"."""
        counted = {t for m in _COUNTED.finditer(self.question) for t in tokenize(m.group(1))}
        return {number for word, number in _LABELLED.findall(text) if set(tokenize(word)) & counted}

    def _when_problem(self, text: str) -> str:
        bare, new_numbers = without_numbers(text, self.numbers), _numbers(text) - self.numbers
        return when_problem(self.question, bare, new_numbers, self.question_words)

    def _kind_problem(self, text: str, new_words: frozenset[str]) -> str:
        text = self.language.as_english(text)  # "en Valencia": a place; "El club": no name
        new_numbers, asked = _numbers(text) - self.numbers, self.question_words
        if self.counter:
            # "几次", "何個": the answer is a number of that counter ("3 次", "三次", "3個").
            if not re.search(rf"({_CJK_NUMERAL})\s*{re.escape(self.counter)}", text):
                return "no count of what the question counts"
            return ""
        if "date" in self.kinds and (why := self._when_problem(text)):
            return why
        if self.kinds & {"count", "figure", "money"} and not new_numbers:
            return "no figure beyond the question's own"
        if self.asks_person and not (
            capitalised_names(text, sentence_start=True) - self.question_words
        ):
            return "no name for a who-question"
        if "place" in self.kinds and not (
            named_places(text) - asked or place_stated(self.question, text, asked)
        ):
            return "no place for a where-question"
        if self.asks_value and not value_of_noun(self.value_nouns, text, self.numbers):
            return "no figure or code for the value asked (what grade, which floor...)"
        names = frozenset().union(*(term.words for term in self.key_terms if term.is_name))
        if "place" in self.kinds and glossed_only(names, text):
            return "the where-question's name only glosses something else (in brackets)"
        return value_problem(self.question, self.kinds, without_numbers(text, self.numbers))


_FEW_WORDS = 3  # question words at most, for the one-character check

"""The evidence rule for `high`, offline: a passage must state the question's key terms, add
the kind of answer asked for, and contradict nothing (negation, before/after, who did what).
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile
from swarm.models.alternatives import choice_stated, choice_unstated
from swarm.models.answer_types import glossed_only, value_of_noun
from swarm.models.cjk_asked_value import cjk_value_unstated
from swarm.models.cjk_question import cjk_unstated
from swarm.models.contrasts import (
    contrasted,
    direction_swapped,
    extreme_swapped,
    set_apart,
    task_reversed,
    threshold_swapped,
)
from swarm.models.cross_references import (
    introduces_following,
    is_cross_reference,
    under_pointer_heading,
)
from swarm.models.definitions import (
    meaning_unstated,
    qualification_unstated,
)
from swarm.models.earlier_side import before_unsaid, timed_against_another
from swarm.models.edit_marks import (
    asks_about_tasks,
    open_task,
    placeholder_value,
    struck_out,
)
from swarm.models.evidence import figures, spoken, text_words
from swarm.models.japanese_evidence import japanese_problem, kana_negated
from swarm.models.list_items import names_in_separate_items
from swarm.models.modifier_opposites import modifier_swapped
from swarm.models.name_bindings import name_unbound
from swarm.models.negations import cjk_opposite, has_negation, negated_words
from swarm.models.ordinals import ordinal_unstated
from swarm.models.question_needs import QuestionNeeds
from swarm.models.rate_period import period_unstated
from swarm.models.sentence_roles import sentence_role_problem
from swarm.models.siblings import compound_problem, heading_narrows, qualifier_swapped
from swarm.models.superseded import superseded
from swarm.models.targets import target_for_outcome
from swarm.models.text_names import capitalised_names, named_places
from swarm.models.time_place import place_stated, when_problem
from swarm.models.typed_values import value_problem, without_numbers
from swarm.models.unit_prices import unit_price_for_total
from swarm.models.who_question import states_relation, swapped
from swarm.wiki.hedges import hedged, proposed_only
from swarm.wiki.tokens import tokenize, words

__all__ = ["EvidenceRule"]

_TEMPORAL_RELATION = frozenset(
    "before after prior previous previously preceding following earlier later until since "
    "then".split()
)
# A sentence that sets up an invented example ("Say you have a Projects directory...",
# "Suppose that...", "Let's imagine..."): what it says illustrates, it is no fact about the
# wiki's own things, unless the question supposes too.
_HYPOTHETICAL = lazy_compile(
    r"^\W*(?:(?:for\s+example|for\s+instance|now),?\s+)?(?:let['’]s\s+(?:say|imagine|suppose)|"
    r"say\s+(?:you|we|that)|suppose|imagine|assume\s+(?:you|we|that))\b",
    re.IGNORECASE,
)
# A figure right after a word ("étape 1", "step 2", "level 3"): a label of that thing, when
# the thing is what the question counts (the words after "how many", "combien de").
_LABELLED = re.compile(r"([^\W\d_]+)\s+(\d+)(?![\w.,]\d)")
_COUNTED = re.compile(
    r"\b(?:how\s+many\s+|combien\s+(?:de\s+|d['’])|cu[aá]nt[oa]s\s+|wie\s*viele\s+)(\w+(?:\s+\w+)?)",
    re.IGNORECASE,
)
# The numerals that answer a Chinese or Japanese "how many <counter>" (几次, 何個).
_CJK_NUMERAL = r"[0-9０-９][0-9０-９,.]*|[一二三四五六七八九十两兩百千万萬半]+"

_numbers = figures


class EvidenceRule(QuestionNeeds):
    """What a question needs from a passage for `high` (`QuestionNeeds`): its key terms stated,
    the kind of answer asked for added (beyond the question's own words), nothing contradicted."""

    def problem(self, text: str, context: str, code: str, words_: frozenset[str]) -> str:
        """Why `text` is not evidence enough for `high` ("" when it is)."""
        if self.unread:
            return f"the question is in {self.unread}: the rule does not read its negations"
        raw = f"{context}\n{text}"
        if is_cross_reference(text) or under_pointer_heading(context):
            return "the passage only points to other pages (see also, related...)"
        if introduces_following(text):
            return "the passage announces what follows it (a list, a table) and stops"
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
        # (German capitalises every noun: "die Wartung der Heizung" is no name run.)
        if "de" not in self.language.codes and name_unbound(self.question, text, context):
            return "the passage writes the question's name in another role (not its X)"
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
        stating = self._stating
        if hedged(text, stating):
            return "the passage doubts what it says (I think, probably, unconfirmed...)"
        if proposed_only(text, self.question, stating):
            return "the passage reports a proposal (proposed, suggested...), not what was decided"
        if struck_out(text):
            return "the passage strikes out some of what it said (~~old~~): which value stands?"
        if open_task(text) and not asks_about_tasks(self.question):
            return "the passage is an open task (- [ ] ...): planned, not done"
        if not self.how_to and placeholder_value(text):  # a how-to's <file> is the reader's
            return "the passage writes a placeholder where the value goes (YOUR_KEY_HERE...)"
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
        if not self.negated and set_apart(self.question, self.question_words, text):
            return "the passage sets the asked thing apart (differently from X...)"
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
        if unit_price_for_total(self.question, text):
            return "the question asks for a total; the passage gives a price per unit (per GB...)"
        if "money" in self.kinds and period_unstated(self.question, raw):
            return "the question asks for a rate of a period (a month...) the passage never names"
        return self._kind_problem(text, new_words, code)

    def _stating(self, sentence: str) -> bool:
        """`sentence` states one of the question's words (a hedge there bears on the answer)."""
        return bool(self.question_words & text_words(sentence))

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

    def _kind_problem(self, text: str, new_words: frozenset[str], code: str = "") -> str:
        if why := cjk_value_unstated(self.question, text, code):
            return why
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

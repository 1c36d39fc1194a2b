"""Coverage of the question by passages for the offline Reasoner: IDF-weighted coverage of
the question's words, the rank of each passage and the coverage level (the calibration knobs)
that `swarm.models.passage_scorer.PassageScorer` caps with the evidence rule.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import PurePath

from swarm.models.answer_types import TypeWords
from swarm.models.base import Confidence
from swarm.models.calibration import (
    CONTEXT_WEIGHT,
    HIGH_CONTEXT_WEIGHT,
    HIGH_COVERAGE,
    HIGH_KEY_WORD_IDF_SHARE,
    HIGH_MIN_MATCHED,
    KIND_BONUS,
    MEDIUM_COVERAGE,
    OFF_ENTITY_RANK_SHARE,
    PAGE_WEIGHT,
)
from swarm.models.cjk_question import cjk_junctions, cjk_question_wording, cjk_scaffold
from swarm.models.cross_references import is_cross_reference
from swarm.models.definitions import qualification_words, term_defined
from swarm.models.derived_forms import derived_forms
from swarm.models.entity_pages import EntityPages
from swarm.models.evidence import (
    KIND_PRIORITY,
    name_aliases,
    question_kinds,
    question_text_words,
    text_words,
)
from swarm.models.evidence_rule import EvidenceRule
from swarm.models.frame_words import frame_words
from swarm.models.how_to_words import action_word
from swarm.models.measures import measures_asked
from swarm.models.own_names import kind_in_plural_only
from swarm.models.question_language import question_language
from swarm.models.question_words import (
    COUNTING,
    MONEY,
    NEEDS_EXPLANATION,
    NEEDS_FIGURE_KINDS,
    PRESENT_MOMENT,
    QUESTION_SCAFFOLD,
    REASON_WORDS,
    loosened,
    weighted_coverage,
)
from swarm.models.reasons import reason_stated
from swarm.models.scored_passages import ScoredPassage, prose
from swarm.models.siblings import heading_narrows
from swarm.wiki.passages import Passage

__all__ = ["CoverageScorer"]

# --- scoring ------------------------------------------------------------------------------


class CoverageScorer:
    """IDF-weighted coverage of the query's content words, IDF taken over the passages."""

    def __init__(
        self, query: str, passages: Sequence[Passage], titles: Mapping[str, str] | None = None
    ) -> None:
        """`titles`: each excerpt's page title by page, to know the asked entity's own page."""
        self.titles: Mapping[str, str] = dict(titles or {})
        # "right now", "at the moment", "currently" ask for the present, like "now": no
        # words a passage must state ("all rights reserved" answers nothing).
        wording = PRESENT_MOMENT.sub(" now ", query)
        asked = question_text_words(wording) - QUESTION_SCAFFOLD - EvidenceRule.request_words(query)
        asked -= frame_words(query)  # "must", "may", "allowed to": as "can", "should" are
        asked -= cjk_question_wording(query)
        asked -= qualification_words(query)  # "still count as a junior": no count asked
        # A how-to's action is asked even when it is a word questions ask with ("list", "find").
        asked |= {action_word(query)} - {""} - EvidenceRule.request_words(query)
        language = question_language(query)  # a Spanish, French... question's function words
        asked = asked - language.function_tokens | language.restored  # "par an": a word
        self.query_words = frozenset(word for word in asked if not cjk_scaffold(word, query))
        self.kinds = question_kinds(query) | language.kinds
        self.money, self.counting = MONEY | language.money_tokens, COUNTING | language.count_tokens
        if self.query_words & self.money:
            self.kinds |= {"money"}
        self.needs_figure = bool(self.kinds & NEEDS_FIGURE_KINDS)
        # The most specific kind asked for: "how much money" wants money, not any figure.
        self.kind = next((kind for kind in KIND_PRIORITY if kind in self.kinds), "")
        self.needs_explanation = bool(NEEDS_EXPLANATION.search(query)) or language.needs_explanation
        self.items = [
            ScoredPassage(
                passage=p,
                words=language.content(text_words(p.text), p.text),
                context_words=language.content(text_words(p.context), p.context),
            )
            for p in passages
        ]
        self.alternatives = name_aliases(query, [p.text for p in passages], self.query_words)
        vocabulary = frozenset().union(*(item.words | item.context_words for item in self.items))
        self._vocabulary = vocabulary  # all_words(): the items never change
        self.query_words -= cjk_junctions(self.query_words, vocabulary)
        for word, forms in derived_forms(self.query_words, vocabulary).items():
            self.alternatives.setdefault(word, []).extend(forms)
        for word, forms in language.word_forms(self.query_words, vocabulary).items():
            self.alternatives.setdefault(word, []).extend(forms)  # "fundó" ~ "fundado"
        self.rule = EvidenceRule(query, self.query_words, self.kinds, passages, self.alternatives)
        self.measures = measures_asked(query)
        # A how-to's procedure is written once for every entity it applies to ("Rotating a
        # secret"): the entity's own page is no better place for it.
        entities = EntityPages(self.rule.key_terms, {} if self.rule.how_to else titles or {})
        self._off_entity = {
            id(item)
            for item in self.items
            if entities.off_entity(item.passage.page, item.words, item.context_words)
        }
        self.names = frozenset().union(*(t.words for t in self.rule.key_terms if t.is_name))
        self.type_words, self.generic = loosened(query, self.query_words - self.names, self.rule)
        self._types = TypeWords(query, self.rule.asks_value)
        count = len(self.items)
        self.idf = {
            word: math.log(1 + (count - df + 0.5) / (df + 0.5))
            for word in self.query_words
            for df in [sum(1 for item in self.items if self._found(word, item))]
        }
        # math.fsum: exact whatever the set order (PYTHONHASHSEED), so ties stay ties
        self.total_idf = math.fsum(self.idf.values())
        self.page_prior = self._page_prior()
        self._coverages: tuple[float, ...] | None = None  # memo of coverages()
        self._ranks: tuple[float, ...] | None = None  # memo of rank_scores()
        # memo of matched([item]) for the scorer's own items (ids of live objects: stable)
        self._matched_one: dict[int, frozenset[str]] = {}
        self._own = {id(item) for item in self.items}

    def _states(self, word: str, words: frozenset[str]) -> bool:
        if word in words:
            return True
        for alt in self.alternatives.get(word, ()):  # a loop: no generator per call (hot)
            if alt <= words:
                return True
        return False

    def _found(self, word: str, item: ScoredPassage) -> bool:
        return self._states(word, item.words) or self._states(word, item.context_words)

    def _page_prior(self) -> dict[str, float]:
        """Per page, the mean of its place in the ranked excerpts (1, 1/2, 1/3...: the ranker
        saw the whole wiki) and its share of the best page's coverage of the question (whole
        page, titles included: "Mill Creek" is what clients/mill-creek.md is about)."""
        pages: dict[str, set[str]] = {}
        for item in self.items:
            pages.setdefault(item.passage.page, set()).update(item.words, item.context_words)
        weights = {
            page: math.fsum(
                self.idf[w] for w in self.query_words if self._states(w, frozenset(words))
            )
            for page, words in pages.items()
        }
        top = max(weights.values(), default=0.0)
        return {
            page: (1 / (1 + rank) + (weights[page] / top if top else 0.0)) / 2
            for rank, page in enumerate(pages)
        }

    def matched(self, items: Sequence[ScoredPassage]) -> frozenset[str]:
        """Query words the passages state (money words count when there is a currency amount,
        count words when there is any figure)."""
        if len(items) == 1:  # one passage, asked again and again: memoised for our own items
            key = id(items[0])
            cached = self._matched_one.get(key)
            if cached is None:
                cached = self._matched(items[0].words, items)
                if key in self._own:
                    self._matched_one[key] = cached
            return cached
        words = frozenset().union(*(item.words for item in items))
        return self._matched(words, items)

    def _matched(self, words: frozenset[str], items: Sequence[ScoredPassage]) -> frozenset[str]:
        found = frozenset(w for w in self.query_words if self._states(w, words))
        money = self.query_words & self.money
        counting = self.query_words & self.counting
        if not (money or counting or self.measures):  # the passages' kinds add nothing
            return found & self.query_words
        kinds = frozenset().union(*(item.kinds for item in items))
        if "money" in kinds:
            found |= money
        if "figure" in kinds and not self.rule.how_to:  # a how-to's "count" wants a command
            found |= counting
        # "How deep": a figure with a unit of length states "deep".
        found |= {w for w, measure in self.measures.items() if measure.stated(kinds, words)}
        return found & self.query_words

    def coverage(self, items: Sequence[ScoredPassage]) -> float:
        if not self.total_idf or not items:
            return 0.0
        direct = self.matched(items)
        context = (
            frozenset(w for w in self.query_words if self._states(w, items[0].context_words))
            - direct
        )
        weight = math.fsum(self.idf[w] for w in direct) + CONTEXT_WEIGHT * math.fsum(
            self.idf[w] for w in context
        )
        return weight / self.total_idf

    def rank_score(self, item: ScoredPassage) -> float:
        """Ranking only: coverage (generic words weigh less), the page's and the kind asked."""
        return self._rank_score(item, self.coverage([item]))

    def coverages(self) -> tuple[float, ...]:
        """`coverage` of each item alone, in order (computed once: the answer step reads them
        again and again)."""
        if self._coverages is None:
            self._coverages = tuple(self.coverage([item]) for item in self.items)
        return self._coverages

    def rank_scores(self) -> tuple[float, ...]:
        """`rank_score` of each item, in order (computed once)."""
        if self._ranks is None:
            pairs = zip(self.items, self.coverages(), strict=True)
            self._ranks = tuple(self._rank_score(item, coverage) for item, coverage in pairs)
        return self._ranks

    def _rank_score(self, item: ScoredPassage, coverage: float) -> float:
        if coverage <= 0:
            return 0.0
        coverage = coverage if self.rule.how_to else self._high_coverage([item], rank=True)[0]
        kind_bonus = self.rule.command_bonus(item.passage) + KIND_BONUS * (
            bool(self.kind) and self.kind in item.kinds
        )
        score = coverage + PAGE_WEIGHT * self.page_prior.get(item.passage.page, 0.0) + kind_bonus
        if is_cross_reference(item.passage.text):  # "See also: [[X]]" names X, says nothing
            score *= OFF_ENTITY_RANK_SHARE
        if heading_narrows(self.rule.question, item.passage.text, item.passage.context):
            score *= OFF_ENTITY_RANK_SHARE  # the section of the asked one's sibling
        return score * OFF_ENTITY_RANK_SHARE if id(item) in self._off_entity else score

    def all_words(self) -> frozenset[str]:
        """Every word of the excerpts, titles and headings included."""
        return self._vocabulary

    def _high_coverage(
        self, items: Sequence[ScoredPassage], rank: bool = False
    ) -> tuple[float, bool, int]:
        """`weighted_coverage` of the span; for high (not `rank`): titles count fully, the type
        word ("which company") is let off if a passage stating what is asked names an instance."""
        titled = frozenset(w for w in self.query_words if self._states(w, items[0].context_words))
        type_ = self.type_words
        asked = self.query_words - self.names - type_ - self.generic
        # Names are read in the prose: a code block's identifiers and comments ("# Ignore
        # temporary files", "PathSpec") name no instance of what a "which X" asks for.
        text = " ".join(prose(i.passage) for i in items if self.matched([i]) & asked or not asked)
        instance = not rank and self.rule.instance_stated(text)
        let_off = self._types_let_off(items, text) if instance else frozenset()
        coverage, lacks, stated = weighted_coverage(
            self.idf,
            self.matched(items),
            titled,
            optional=let_off,
            generic=self.generic,
            context_weight=CONTEXT_WEIGHT if self.rule.how_to or rank else HIGH_CONTEXT_WEIGHT,
            key_share=HIGH_KEY_WORD_IDF_SHARE,
            titles_count=not self.rule.how_to,
        )
        # "which macro": neither a macro named nor the word "macro" (nor only "macros")
        plural = not (rank or instance) and kind_in_plural_only(self.rule.question, type_, text)
        if not rank and (type_ - let_off - self.matched(items) - titled or plural):
            lacks = True
        if not rank:  # a missing word heading another section of the page: the answer is there
            page = [i.context_words for i in self.items if i.passage.page == items[0].passage.page]
            lacks |= bool((asked - self.matched(items) - titled) & frozenset().union(*page))
        return coverage, lacks, stated

    def _types_let_off(self, items: Sequence[ScoredPassage], text: str) -> frozenset[str]:
        """The type words a named instance in `text` lets off (`TypeWords.let_off`), given
        those the span's page states anywhere read (text, title, headings)."""
        page = items[0].passage.page
        read = [i.words | i.context_words for i in [*items, *self.items] if i.passage.page == page]
        words = frozenset().union(*read)
        stated = frozenset(w for w in self.type_words if self._states(w, words))
        code = " ".join(item.passage.code for item in items)
        own = f"{PurePath(page).stem}\n{items[0].passage.context}"
        return self._types.let_off(self.type_words, stated, (text, code, own), self.query_words)

    def _term_defined(self, items: Sequence[ScoredPassage]) -> bool:
        """A one-term definition question ("What is DTR?") and a passage defining the term."""
        text = " ".join(item.passage.text for item in items)
        return term_defined(self.rule.question, self.query_words, text)

    def _explained(self, items: Sequence[ScoredPassage], has_code: bool) -> bool:
        """A how-to's span shows its command; a why-question's states a reason for the asked
        event (`reason_stated`: words stated in each passage's text, and in its headings)."""
        if self.rule.how_to:
            return has_code
        asked = self.query_words - self.generic - REASON_WORDS
        stated = [self.matched([item]) & asked for item in items]
        titled = [frozenset(w for w in asked if self._states(w, i.context_words)) for i in items]
        return reason_stated([item.passage for item in items], stated, titled, asked)

    def _coverage_level(self, items: Sequence[ScoredPassage]) -> Confidence:
        read = [item.passage for item in self.items]
        coverage = self.coverage(items)
        high_coverage, lacks_key_word, stated = self._high_coverage(items)
        has_code = any(item.passage.code for item in items)
        if (
            high_coverage
            >= min(HIGH_COVERAGE, self.rule.how.coverage_bar([i.passage for i in items], read))
            and (stated >= HIGH_MIN_MATCHED or self._term_defined(items))
            and not lacks_key_word
            and (not self.needs_explanation or self._explained(items, has_code))
            and (not self.needs_figure or any(i.kinds & {"figure", "date"} for i in items))
        ):
            return "high"
        return "medium" if coverage >= MEDIUM_COVERAGE else "low"

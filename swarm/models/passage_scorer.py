"""Passage scoring for the offline Reasoner: the confidence a passage's evidence earns, the
coverage level (`swarm.models.passage_coverage`: IDF-weighted coverage of the question's
words, each passage's rank, the calibration knobs) capped by the evidence rule. Answer
selection over the scored passages is `swarm.models.extractive`.
"""

from __future__ import annotations

from collections.abc import Sequence

from swarm.models.base import Confidence
from swarm.models.passage_coverage import CoverageScorer
from swarm.models.platform_scope import platform_unasked
from swarm.models.polar_questions import proposition_unstated
from swarm.models.scored_passages import ScoredPassage
from swarm.models.sentence_roles import modifier_elsewhere
from swarm.models.still_questions import state_time_unstated

__all__ = ["PassageScorer"]


class PassageScorer(CoverageScorer):
    """IDF-weighted coverage of the query's content words (`CoverageScorer`), capped by the
    evidence rule on the passage that answers."""

    def evidence_problem(self, evidence: Sequence[ScoredPassage]) -> str:
        """Why these passages (one paragraph or item) do not carry the answer ("" if they do)."""
        text = " ".join(item.passage.text for item in evidence)
        code = " ".join(item.passage.code for item in evidence if item.passage.code)
        words = frozenset().union(*(item.words for item in evidence))
        lead = evidence[0].passage
        if self.rule.how_to and (scoped := platform_unasked(self.rule.question, lead, code)):
            return scoped  # a Windows page's command for a how-to naming no platform
        return self.rule.problem(text, lead.context, code, words)

    def confidence(
        self, items: Sequence[ScoredPassage], evidence: Sequence[ScoredPassage] = ()
    ) -> Confidence:
        """From the coverage of the span `items`, capped by the evidence rule on `evidence`
        (the answering paragraph or item; the span when not given)."""
        if self.rule.entity_absent(self.all_words()):
            return "low"
        level = self._coverage_level(items)
        if level == "high" and self.rule.polar:  # a yes/no question's proposition left out?
            titled = frozenset(
                w for w in self.query_words if self._states(w, items[0].context_words)
            )
            if proposition_unstated(self.query_words - self.generic, self.matched(items) | titled):
                return "medium"
        if level == "high" and self.evidence_problem(evidence or items):
            return "medium"
        if level == "high" and self.elsewhere_only(evidence or items):
            return "medium"
        if level == "high" and self._modifier_elsewhere(evidence or items):
            return "medium"
        if level == "high" and self._off_entity_vouches(items, evidence or items):
            return "medium"
        if level == "high" and state_time_unstated(
            self.rule.question, " ".join(f"{i.passage.context}\n{i.passage.text}" for i in items)
        ):
            return "medium"  # "is the bonus still on?": its terms, and no time of the state
        return level

    def _off_entity_vouches(
        self, items: Sequence[ScoredPassage], evidence: Sequence[ScoredPassage]
    ) -> bool:
        """The evidence, or the words the span needs for high, come from passages of another
        entity's page that name the asked one nowhere (`EntityPages`): they speak of another."""
        if any(id(item) in self._off_entity for item in evidence):
            return True
        own = [item for item in items if id(item) not in self._off_entity]
        return len(own) < len(items) and (not own or self._coverage_level(own) != "high")

    def _modifier_elsewhere(self, evidence: Sequence[ScoredPassage]) -> bool:
        """A question word qualifying what the evidence states ("negative plates") is not in
        it, while its page's passages after it write the pair (`modifier_elsewhere`): the
        ones before may introduce what it refers back to ("Four treatment sites: ...")."""
        at = next((n for n, i in enumerate(self.items) if i is evidence[-1]), len(self.items))
        page, stated = evidence[0].passage.page, self.matched(evidence)
        later = [i.passage.text for i in self.items[at + 1 :] if i.passage.page == page]
        missing = self.query_words - self.names - self.generic - stated - evidence[0].context_words
        return modifier_elsewhere(self.rule.question, missing, stated, later)

    def elsewhere_only(self, evidence: Sequence[ScoredPassage]) -> frozenset[str]:
        """Question words that other pages read state and the answering page nowhere does
        (text, title, headings): the question is about what those pages hold ("the tumble
        dryer" answered from the dishwasher's page)."""
        page = evidence[0].passage.page
        here = [item for item in self.items if item.passage.page == page]
        there = frozenset().union(
            *(item.words | item.context_words for item in self.items if item.passage.page != page)
        )
        # Words a figure or an amount states ("cost", "how many", "big") are stated by the
        # page's figures (`matched`), however the other pages word them.
        stated = self.matched(here) | frozenset().union(*(item.context_words for item in here))
        asked = self.query_words - self.generic - self.type_words - stated
        return frozenset(w for w in asked if self._states(w, there) and not self._states(w, stated))

    def confidence_of(self, evidence: Sequence[ScoredPassage]) -> Confidence:
        """The confidence `evidence` alone would earn (coverage level and evidence rule)."""
        level = self._coverage_level(evidence)
        if level == "high" and self.evidence_problem(evidence):
            return "medium"
        return level

"""The no-key Reasoner: lexical page picks, extractive answers with a coverage-based confidence.

No network, no model: pages come pre-ranked by BM25 (the flow ranks them), answers are the
best-matching sentences of the excerpts, reports are extractive digests citing [n].
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from swarm.config import Settings
from swarm.models.base import (
    ChatTurn,
    Confidence,
    Finding,
    PageCandidate,
    PageChoice,
    SourceText,
    WikiAnswer,
)
from swarm.models.passages import Passage, split_passages
from swarm.wiki.freshness import detect_time_sensitive
from swarm.wiki.pages import PageExcerpt
from swarm.wiki.ranking import content_words, tokenize

__all__ = ["NO_ANSWER", "OfflineReasoner", "split_topic"]

# --- calibration knobs (tune with `swarm verify wiki_fixtures/NAME --backend offline`) -----
# Coverage = IDF-weighted share of the question's content words found in the best passage.
# A confident wrong answer is the worst outcome, so "high" needs strong coverage of at least
# two words actually written in the passage; anything doubtful stays medium (used as context).
HIGH_COVERAGE = 0.75
HIGH_MIN_MATCHED = 2
# ...and no missing question word as rare as this share of the rarest one's IDF.
HIGH_KEY_WORD_IDF_SHARE = 0.8
MEDIUM_COVERAGE = 0.4
# A question word found only in the passage's page title or headings counts this much.
CONTEXT_WEIGHT = 0.5
# Pages picked: BM25 score at least this fraction of the best candidate's score.
PICK_SCORE_FRACTION = 0.3
# A neighbouring sentence joins the answer if it adds a question word and scores this much.
NEIGHBOUR_MIN_SCORE = 0.3
MAX_ANSWER_PASSAGES = 3
# A paragraph or list item up to this long is quoted whole when one of its sentences wins.
MAX_BLOCK_CHARS = 320
REPORT_SENTENCES_PER_SOURCE = 2
MAX_DRAFT_TOPIC_CHARS = 300

NO_ANSWER = "The wiki doesn't say."

# Question scaffolding that says nothing about the subject ("What does the wiki say about").
_SCAFFOLD_WORDS = (
    "what which who whom whose when where why how does do did tell me about please wiki say "
    "says said know explain describe give list find our we us my i you your there per go goes "
    "going went come comes came something anything thing things happen happened get got"
)
# Words asking for an amount of money: only a passage with a digit in it answers them.
# Only generic ones: "rate", "budget" or "revenue" name a specific figure, which must be there.
_MONEY_WORDS = (
    "value price prices pricing cost costs worth amount pay paid spend spent charge charged "
    "fee fees money"
)
# Words asking for a count or size: a digit or a number word answers them.
_COUNT_WORDS = "much many number total count size"
# Questions whose answer is a figure or a date ("how much", "when"...).
_NEEDS_FIGURE = re.compile(
    r"\b(how\s+(much|many|long|often|old|big|large|far|soon|fast)|when|what\s+(year|date|day|"
    r"time|month|price|percentage)|which\s+(year|date|day|month))\b",
    re.IGNORECASE,
)
# Questions asking for a reason or a method: one matching sentence rarely *states* the answer,
# so the next sentence joins the answer and confidence stays at most medium.
_NEEDS_EXPLANATION = re.compile(
    r"^\W*(why|how\s+(do|does|did|can|could|should|would|to)|what\s+(caused|made|led))\b",
    re.IGNORECASE,
)
_DIGIT = re.compile(r"\d")
_FIGURE = re.compile(
    r"\d|\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(tember)?|"
    r"oct(ober)?|nov(ember)?|dec(ember)?|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|dozen|hundred|thousand|million|billion|half)\b",
    re.IGNORECASE,
)
_DEEP_REQUEST = re.compile(
    r"\b(research|report|compare|comparison|versus|vs\.?|in[- ]depth|deep[- ]dive|analy[sz]e|"
    r"analysis|overview|pros and cons|landscape)\b",
    re.IGNORECASE,
)


def _normalised(words: str) -> frozenset[str]:
    # Run the lists through the ranking tokenizer so they match whatever stemming it does.
    return frozenset(token for word in words.split() for token in tokenize(word))


_SCAFFOLD = _normalised(_SCAFFOLD_WORDS)
_MONEY = _normalised(_MONEY_WORDS)
_COUNT = _normalised(_COUNT_WORDS)


# --- scoring ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Scored:
    passage: Passage
    words: frozenset[str]
    context_words: frozenset[str]
    has_digit: bool
    has_figure: bool


def _satisfied(words: frozenset[str], *, has_digit: bool, has_figure: bool) -> frozenset[str]:
    return words | (_MONEY if has_digit else frozenset()) | (_COUNT if has_figure else frozenset())


class _Scorer:
    """IDF-weighted coverage of the query's content words, IDF taken over the passages."""

    def __init__(self, query: str, passages: Sequence[Passage]) -> None:
        self.query_words = frozenset(content_words(query) - _SCAFFOLD)
        self.needs_figure = bool(_NEEDS_FIGURE.search(query))
        self.needs_explanation = bool(_NEEDS_EXPLANATION.search(query))
        self.items = [
            _Scored(
                passage=p,
                words=frozenset(content_words(p.text)),
                context_words=frozenset(content_words(p.context)),
                has_digit=bool(_DIGIT.search(p.text)),
                has_figure=bool(_FIGURE.search(p.text)),
            )
            for p in passages
        ]
        count = len(self.items)
        # A word in a page's title is "in" every passage of that page: it discriminates less.
        self.idf = {
            word: math.log(1 + (count - df + 0.5) / (df + 0.5))
            for word in self.query_words
            for df in [
                sum(1 for item in self.items if word in item.words or word in item.context_words)
            ]
        }
        self.total_idf = sum(self.idf.values())

    def matched(self, items: Sequence[_Scored]) -> frozenset[str]:
        """Query words the passages state (money words count when there is a digit, count
        words when there is any figure)."""
        words = frozenset().union(*(item.words for item in items))
        found = _satisfied(
            words,
            has_digit=any(item.has_digit for item in items),
            has_figure=any(item.has_figure for item in items),
        )
        return self.query_words & found

    def coverage(self, items: Sequence[_Scored]) -> float:
        if not self.total_idf or not items:
            return 0.0
        direct = self.matched(items)
        context = (items[0].context_words & self.query_words) - direct
        weight = sum(self.idf[w] for w in direct) + CONTEXT_WEIGHT * sum(
            self.idf[w] for w in context
        )
        return weight / self.total_idf

    def confidence(self, items: Sequence[_Scored]) -> Confidence:
        coverage = self.coverage(items)
        direct = self.matched(items)
        missing = self.query_words - direct - items[0].context_words
        # The rarest question word is usually what the question is about ("signed", "rate"):
        # a passage that lacks it does not state the answer, however much else it matches.
        rarest = max(self.idf.values(), default=0.0)
        lacks_key_word = any(self.idf[w] >= HIGH_KEY_WORD_IDF_SHARE * rarest for w in missing)
        has_figure = any(item.has_figure for item in items)
        if (
            coverage >= HIGH_COVERAGE
            and len(direct) >= HIGH_MIN_MATCHED
            and not lacks_key_word
            and not self.needs_explanation
            and (has_figure or not self.needs_figure)
        ):
            return "high"
        return "medium" if coverage >= MEDIUM_COVERAGE else "low"


def _same_block(one: _Scored, other: _Scored) -> bool:
    return (one.passage.page, one.passage.block) == (other.passage.page, other.passage.block)


def _best_span(scorer: _Scorer) -> list[_Scored]:
    """The best passage, grown with contiguous same-page neighbours that add query words
    (and, for a why/how question, the passage after it: where reasons usually are)."""
    if not scorer.items:
        return []
    scores = [scorer.coverage([item]) for item in scorer.items]
    best = max(range(len(scores)), key=lambda i: (scores[i], -i))
    if scores[best] <= 0:
        return []
    items = scorer.items
    page = items[best].passage.page
    start = end = best
    # A short paragraph or list item is kept whole: "Main contact: Dana. Prefers phone for
    # anything urgent." answers "whom do I phone" only with its first sentence.
    block = [i for i, item in enumerate(items) if _same_block(item, items[best])]
    if sum(len(items[i].passage.text) for i in block) <= MAX_BLOCK_CHARS:
        start, end = block[0], block[-1]
    if scorer.needs_explanation and best + 1 < len(items) and items[best + 1].passage.page == page:
        end = best + 1
    while end - start + 1 < MAX_ANSWER_PASSAGES:
        covered = scorer.matched(items[start : end + 1])
        options = [
            index
            for index in (start - 1, end + 1)
            if 0 <= index < len(items)
            and items[index].passage.page == page
            and scores[index] >= NEIGHBOUR_MIN_SCORE
            and scorer.matched([items[index]]) - covered
        ]
        if not options:
            break
        chosen = max(options, key=lambda i: scores[i])
        start, end = min(start, chosen), max(end, chosen)
    return items[start : end + 1]


# --- topics and digests -------------------------------------------------------------------

_TOPIC_SPLIT = re.compile(r"\s+(?:and|vs\.?|versus)\s+|\s*;\s*|,\s+", re.IGNORECASE)
_TOPIC_LEAD = re.compile(
    r"^\s*(compare|comparison of|comparing|the difference between|differences between|"
    r"difference between)\s+",
    re.IGNORECASE,
)


def split_topic(topic: str, *, max_queries: int = 5) -> list[str]:
    """Split a topic on conjunctions ("and", "vs", ";", ",") when every part is substantial
    (two content words, or one for a "vs" comparison); else keep it whole."""
    topic = " ".join(topic.split())
    if not topic:
        return []
    body = _TOPIC_LEAD.sub("", topic)
    parts = [part.strip(" .?!") for part in _TOPIC_SPLIT.split(body)]
    parts = [part for part in parts if part]
    is_comparison = bool(re.search(r"\b(vs\.?|versus)\s", body, re.IGNORECASE)) or (body != topic)
    needed = 1 if is_comparison else 2
    if len(parts) < 2 or any(len(content_words(part)) < needed for part in parts):
        return [topic]
    limit = max(1, max_queries)
    if len(parts) > limit:
        parts = [*parts[: limit - 1], ", ".join(parts[limit - 1 :])]
    return list(dict.fromkeys(parts))


_DEPTH_LABEL = {
    "wiki": "from your wiki",
    "quick": "from a quick lookup",
    "deep": "from a research report",
}


class OfflineReasoner:
    """A `Reasoner` with no model: BM25 picks, extractive answers, extractive reports."""

    name = "offline"

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings

    async def pick_pages(
        self, question: str, candidates: Sequence[PageCandidate], *, max_pages: int
    ) -> PageChoice:
        top_score = max((c.score for c in candidates), default=0.0)
        if top_score > 0:
            ranked = sorted(candidates, key=lambda c: -c.score)
            paths = [c.path for c in ranked if c.score >= PICK_SCORE_FRACTION * top_score]
        else:
            # Unranked candidates: fall back to word overlap with the index line and snippet.
            query_words = content_words(question)
            overlaps = [
                (
                    len(
                        query_words
                        & content_words(f"{c.title} {c.description} {c.section} {c.snippet}")
                    ),
                    c.path,
                )
                for c in candidates
            ]
            paths = [path for overlap, path in sorted(overlaps, key=lambda o: -o[0]) if overlap]
        return PageChoice(
            paths=paths[: max(0, max_pages)], time_sensitive=detect_time_sensitive(question)
        )

    async def answer_from_excerpts(
        self, question: str, excerpts: Sequence[PageExcerpt]
    ) -> WikiAnswer:
        passages = [
            passage
            for excerpt in excerpts
            if excerpt.error is None
            for passage in split_passages(excerpt.text, page=excerpt.path, title=excerpt.title)
        ]
        scorer = _Scorer(question, passages)
        span = _best_span(scorer)
        if not span:
            return WikiAnswer(answer=NO_ANSWER, confidence="low")
        return WikiAnswer(
            answer=" ".join(item.passage.text for item in span),
            confidence=scorer.confidence(span),
            pages_used=[span[0].passage.page],
        )

    async def plan_subqueries(self, topic: str, *, max_queries: int = 5) -> list[str]:
        return split_topic(topic, max_queries=max_queries) or [topic]

    async def write_report(self, topic: str, sources: Sequence[SourceText]) -> str:
        if not sources:
            return f"No sources were found for {topic}."
        lines = [f"# {topic}", ""]
        for source in sources:
            passages = split_passages(source.text, page=str(source.number), title=source.title)
            scorer = _Scorer(topic, passages)
            ranked = sorted(
                scorer.items, key=lambda item: (-scorer.coverage([item]), item.passage.order)
            )
            best = sorted(ranked[:REPORT_SENTENCES_PER_SOURCE], key=lambda i: i.passage.order)
            if not best:
                continue
            cited = " ".join(f"{item.passage.text} [{source.number}]" for item in best)
            lines += [f"- **{source.title or source.url}**: {cited}", ""]
        lines += ["## Sources", ""]
        lines += [f"[{s.number}] {s.title or s.url} — {s.url} ({s.origin})" for s in sources]
        return "\n".join(lines)

    async def draft_reply(self, message: str, history: Sequence[ChatTurn]) -> str:
        topic = " ".join(message.split())[:MAX_DRAFT_TOPIC_CHARS]
        if not topic:
            return ""
        depth = "deep" if _DEEP_REQUEST.search(topic) else "quick"
        return f"[RESEARCH depth={depth}] {topic}"

    async def final_reply(
        self, message: str, history: Sequence[ChatTurn], findings: Sequence[Finding]
    ) -> str:
        if not findings:
            return "I couldn't find anything to answer that."
        parts: list[str] = []
        for finding in findings:
            origin = _DEPTH_LABEL.get(finding.depth, f"from {finding.depth} research")
            summary = finding.summary.strip()
            if finding.error and not summary:
                parts.append(f"**{finding.topic}**: I couldn't research this ({finding.error}).")
            elif finding.error:
                parts.append(
                    f"**{finding.topic}** ({origin}, partly failed: {finding.error}):\n{summary}"
                )
            elif summary:
                parts.append(f"**{finding.topic}** ({origin}):\n{summary}")
            else:
                parts.append(f"**{finding.topic}**: nothing found.")
        return "\n\n".join(parts)

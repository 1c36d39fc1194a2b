"""The no-key Reasoner: lexical page picks, extractive answers with a coverage-based confidence.

No network, no model: pages come pre-ranked by BM25 (the flow ranks them), answers are the
best-matching sentences of the excerpts, reports are extractive digests citing [n]. Passage
scoring and answer selection (and their calibration knobs) are in `swarm.models.extractive`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from swarm.config import Settings
from swarm.lazy_re import lazy_compile
from swarm.models.base import (
    ChatTurn,
    Finding,
    PageCandidate,
    PageChoice,
    SourceText,
    WikiAnswer,
)
from swarm.models.evidence import text_words
from swarm.models.extractive import extractive_answer
from swarm.models.passage_scorer import PassageScorer
from swarm.models.question_words import QUESTION_SCAFFOLD, normalised_words
from swarm.wiki.freshness import detect_time_sensitive
from swarm.wiki.pages import PageExcerpt
from swarm.wiki.passage_cache import excerpt_passages
from swarm.wiki.passages import split_passages
from swarm.wiki.tokens import content_words

__all__ = [
    "NO_ANSWER",
    "SMALL_TALK_REPLY",
    "THANKS_REPLY",
    "OfflineReasoner",
    "is_small_talk",
    "split_topic",
]

# Pages picked: BM25 score at least this fraction of the best candidate's score.
PICK_SCORE_FRACTION = 0.3
REPORT_SENTENCES_PER_SOURCE = 2
MAX_DRAFT_TOPIC_CHARS = 300

NO_ANSWER = "The wiki doesn't say."

_DEEP_REQUEST = lazy_compile(
    r"\b(research|report|compare|comparison|versus|vs\.?|in[- ]depth|deep[- ]dive|analy[sz]e|"
    r"analysis|overview|pros and cons|landscape)\b",
    re.IGNORECASE,
)


# Greetings, thanks and chit-chat: a message made only of these (and scaffolding) is not a
# question, so it gets a direct reply instead of a research request.
_SMALL_TALK_WORDS = (
    "hello hi hey hiya howdy yo greetings good morning afternoon evening day night thanks thank "
    "cheers ok okay yes yeah no nope sure bye goodbye again there bonjour hallo hola ciao great "
    "nice cool fine well help are am is be doing oh ah hmm"
)
_SMALL_TALK = normalised_words(_SMALL_TALK_WORDS)
_THANKS = normalised_words("thanks thank cheers")
SMALL_TALK_REPLY = (
    "Hello! Ask me anything: I check your wiki first, and outside sources when it can't answer."
)
THANKS_REPLY = "You're welcome! Anything else you'd like to know?"


def is_small_talk(message: str) -> bool:
    """True when `message` has no content words once question scaffolding and greeting or
    chit-chat words are removed ("hello", "thanks!", "how are you?"): nothing to research."""
    return not (text_words(message) - QUESTION_SCAFFOLD - _SMALL_TALK)


# --- topics and digests -------------------------------------------------------------------

_TOPIC_SPLIT = lazy_compile(r"\s+(?:and|vs\.?|versus)\s+|\s*;\s*|,\s+", re.IGNORECASE)
_TOPIC_LEAD = lazy_compile(
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
        # No reading of its own beyond the wording rule, which the flow applies with its
        # `now` (a verification's pinned day included): None, not today's answer.
        return PageChoice(paths=paths[: max(0, max_pages)], time_sensitive=None)

    async def answer_from_excerpts(
        self, question: str, excerpts: Sequence[PageExcerpt]
    ) -> WikiAnswer:
        passages = [
            passage
            for excerpt in excerpts
            if excerpt.error is None
            for passage in excerpt_passages(excerpt)  # split_passages, memoised per content
        ]
        titles = {excerpt.path: excerpt.title for excerpt in excerpts if excerpt.error is None}
        scorer = PassageScorer(question, passages, titles)
        found = extractive_answer(scorer)
        if found is None:
            return WikiAnswer(answer=NO_ANSWER, confidence="low")
        lines = [
            " ".join(item.passage.text for item in span) + f" ({span[0].passage.page})"
            for span in found.spans
        ]
        return WikiAnswer(
            answer="\n".join(lines), confidence=found.confidence, pages_used=found.pages
        )

    async def plan_subqueries(self, topic: str, *, max_queries: int = 5) -> list[str]:
        return split_topic(topic, max_queries=max_queries) or [topic]

    async def write_report(self, topic: str, sources: Sequence[SourceText]) -> str:
        if not sources:
            return f"No sources were found for {topic}."
        lines = [f"# {topic}", ""]
        for source in sources:
            passages = split_passages(source.text, page=str(source.number), title=source.title)
            scorer = PassageScorer(topic, passages)
            ranked = sorted(
                scorer.items, key=lambda item: (-scorer.coverage([item]), item.passage.order)
            )
            best = sorted(ranked[:REPORT_SENTENCES_PER_SOURCE], key=lambda i: i.passage.order)
            if not best:
                continue
            cited = " ".join(f"{item.passage.text} [{source.number}]" for item in best)
            lines += [f"- **{source.title or source.url}**: {cited}", ""]
        lines += ["## Sources", ""]
        # The wiki context has no URL: no dangling "— " for it.
        lines += [
            f"[{s.number}] {s.title or s.url}{f' — {s.url}' if s.url else ''} ({s.origin})"
            for s in sources
        ]
        return "\n".join(lines)

    async def draft_reply(self, message: str, history: Sequence[ChatTurn]) -> str:
        topic = " ".join(message.split())[:MAX_DRAFT_TOPIC_CHARS]
        if not topic:
            return ""
        if is_small_talk(topic):  # "hello", "thanks!": nothing to research
            return THANKS_REPLY if text_words(topic) & _THANKS else SMALL_TALK_REPLY
        # quick means time-sensitive (the wiki can't stop its outside call), so only a
        # fast-moving question is quick; anything else is deep, and the wiki may answer alone.
        quick = detect_time_sensitive(topic) and not _DEEP_REQUEST.search(topic)
        return f"[RESEARCH depth={'quick' if quick else 'deep'}] {topic}"

    async def final_reply(
        self, message: str, history: Sequence[ChatTurn], findings: Sequence[Finding]
    ) -> str:
        if not findings:
            return "I couldn't find anything to answer that."
        parts: list[str] = []
        for finding in findings:
            origin = _DEPTH_LABEL.get(finding.depth, f"from {finding.depth} research")
            summary = finding.summary.strip()
            if finding.error and finding.depth == "wiki" and summary:
                # The wiki's answer, unchecked because the outside call failed: the summary
                # says so and why, so it is the reply as it stands.
                parts.append(f"**{finding.topic}** ({origin}):\n{summary}")
            elif finding.error and not summary:
                parts.append(f"**{finding.topic}**: I couldn't research this ({finding.error}).")
            elif finding.error:  # the outside call failed and the wiki had nothing usable
                why = "" if finding.error in summary else f": {finding.error}"
                parts.append(f"**{finding.topic}** (I couldn't research this{why}):\n{summary}")
            elif summary:
                parts.append(f"**{finding.topic}** ({origin}):\n{summary}")
            else:
                parts.append(f"**{finding.topic}**: nothing found.")
        return "\n\n".join(parts)

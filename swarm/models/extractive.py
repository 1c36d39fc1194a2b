"""Extractive answers for the offline Reasoner: over passages scored by
`swarm.models.passage_scorer`, the lead span and runners-up selected, and the confidence the
lead's evidence earns, lowered when another page disagrees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from swarm.models.answer_types import asks_for_set
from swarm.models.base import Confidence
from swarm.models.evidence import figures, spoken, text_words
from swarm.models.lead_ins import continue_lead
from swarm.models.negations import negated_words
from swarm.models.parts_answered import part_unanswered
from swarm.models.passage_scorer import PassageScorer
from swarm.models.question_parts import question_parts
from swarm.models.question_words import COUNTING, MONEY
from swarm.models.scored_passages import ScoredPassage

__all__ = [
    "ExtractiveAnswer",
    "answer_spans",
    "extractive_answer",
]

# --- answer selection knobs -----------------------------------------------------------
# A neighbouring sentence joins the lead if it adds a question word and scores this much.
NEIGHBOUR_MIN_SCORE = 0.3
# The answer: the lead span plus runners-up scoring at least this share of the lead's score,
# at most this many spans, pages and characters (each span labelled with its page).
RUNNER_UP_SHARE = 0.4
# Other pages' passages checked for a conflicting answer (within the best this many).
CONFLICT_SCAN_PASSAGES = 12
# Another page's different figure conflicts when its passage ranks at least this share of it.
FIGURE_CONFLICT_RANK_SHARE = 0.9
# A set asked for ("which packages...") is spread over pages when another page's passage
# states the question's key terms (names, numbers) and covers the question at least this
# share of the lead's coverage, or, with no key terms, ranks at least this share of the lead.
SET_RIVAL_COVERAGE_SHARE = 0.5
SET_RIVAL_RANK_SHARE = 0.8
# The lead's own page states another amount in a passage that would stand as evidence too
# ("USD 19 per user" vs "Cost: USD 4 per user"), ranked at least this share of the lead.
SAME_PAGE_CONFLICT_RANK_SHARE = 0.8
MAX_ANSWER_PASSAGES = 3
MAX_ANSWER_PAGES = 3
MAX_ANSWER_CHARS = 600
# A paragraph or list item up to this long is quoted whole when one of its sentences wins.
MAX_BLOCK_CHARS = 320


def _block_of(items: Sequence[ScoredPassage], index: int) -> tuple[int, int]:
    """The whole paragraph or list item around `index` when short, else just the passage."""
    key = (items[index].passage.page, items[index].passage.block)
    block = [i for i, item in enumerate(items) if (item.passage.page, item.passage.block) == key]
    if sum(len(items[i].passage.text) for i in block) <= MAX_BLOCK_CHARS:
        return block[0], block[-1]
    return index, index


def _lead_span(scorer: PassageScorer, best: int, scores: Sequence[float]) -> tuple[int, int]:
    """The best passage, grown with contiguous same-page neighbours that add query words
    (and, for a why/how question, the passage after it: where reasons usually are)."""
    items = scorer.items
    page = items[best].passage.page
    # A short paragraph or list item is kept whole: "Main contact: Dana. Prefers phone for
    # anything urgent." answers "whom do I phone" only with its first sentence.
    start, end = _block_of(items, best)
    if scorer.needs_explanation and best + 1 < len(items) and items[best + 1].passage.page == page:
        end = max(end, best + 1)
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
    return start, end


@dataclass(frozen=True, slots=True)
class ExtractiveAnswer:
    """The answer's spans (the answering one first), its confidence and the pages it cites."""

    spans: list[list[ScoredPassage]]
    confidence: Confidence
    pages: list[str]


def _answer_words(scorer: PassageScorer, items: Sequence[ScoredPassage]) -> frozenset[str]:
    words = spoken(frozenset().union(*(item.words for item in items)))
    return words - scorer.query_words - items[0].context_words


def _evidence(items: Sequence[ScoredPassage], index: int) -> list[ScoredPassage]:
    # The answering passage alone: a neighbour's name or figure must not vouch for it.
    return [items[index]]


def _denies(scorer: PassageScorer, evidence: Sequence[ScoredPassage]) -> bool:
    """A negation in `evidence` bears on one of the question's words."""
    text = " ".join(item.passage.text for item in evidence)
    return bool(scorer.rule.question_words & negated_words(text))


def _other_page_disagrees(scorer: PassageScorer, order: Sequence[int]) -> bool:
    """Another page's best passage would also stand as evidence, with a different answer.
    Not one that would be capped itself for lacking what the question asks, which only other
    pages state ("Water tank: empty it after 2-3 loads" on the dryer's page for the pizza
    dough's water), nor one naming the lead's page's subject ("Contact: Signe Lund, head
    roaster" agrees with "Head roaster at Oxbow" on Signe Lund's page). For a yes/no question,
    a different answer is a "not" on the question's words in one passage only."""
    items = scorer.items
    lead = _evidence(items, order[0])
    lead_page = lead[0].passage.page
    lead_words = _answer_words(scorer, lead)
    # The lead page's subject: its title or its file's name ("people/Signe Lund.md").
    names = (scorer.titles.get(lead_page, ""), PurePosixPath(lead_page).stem)
    subjects = [text_words(name) - scorer.query_words for name in names]
    lead_figures = figures(" ".join(item.passage.text for item in lead)) - scorer.rule.numbers
    ranks = scorer.rank_scores()
    lead_rank = ranks[order[0]]
    seen = {lead_page}
    for index in order[1:CONFLICT_SCAN_PASSAGES]:
        page = items[index].passage.page
        if page in seen or (scorer.rule.how_to and not items[index].passage.code):
            continue
        seen.add(page)
        other = _evidence(items, index)
        share = ranks[index] / lead_rank if lead_rank else 0.0
        if scorer.confidence_of(other) != "high" and not scorer.rule.how.rivals(lead, other, share):
            continue
        # A yes/no question one page answers yes and another no: a "not" bearing on the
        # question's words in one of the two passages only ("yarn dev does not deploy"),
        # whatever else the other page lacks (the cautious reading).
        if scorer.rule.polar and _denies(scorer, lead) != _denies(scorer, other):
            return True
        other_words = _answer_words(scorer, other)
        if scorer.elsewhere_only(other) or (
            any(s and s <= other_words for s in subjects) and _names_page(scorer, lead, page)
        ):
            continue
        if scorer.rule.how.clash(lead, other, not other_words & lead_words):
            return True
        # Other figures ("$1,850", "$1,600": not the token "1") from a passage ranked as well.
        other_figures = figures(" ".join(i.passage.text for i in other)) - scorer.rule.numbers
        if (
            other_figures
            and lead_figures
            and not other_figures & lead_figures
            and ranks[index] >= FIGURE_CONFLICT_RANK_SHARE * lead_rank
        ):
            return True
    return False


def _names_page(scorer: PassageScorer, lead: Sequence[ScoredPassage], page: str) -> bool:
    """The lead's answer names `page`'s subject (its title or file name, less the question's
    words), or that subject is all question words: agreeing pages name each other ("Contact:
    Signe Lund" on Oxbow's page, "Head roaster at Oxbow" on hers), while "Contact: Dana Reyes"
    leading does not agree with Signe Lund's page naming Oxbow."""
    names = (scorer.titles.get(page, ""), PurePosixPath(page).stem)
    subjects = [text_words(name) - scorer.query_words for name in names]
    lead_words = _answer_words(scorer, lead)
    return not any(subjects) or any(s and s <= lead_words for s in subjects)


def _set_spread(scorer: PassageScorer, order: Sequence[int]) -> bool:
    """A question asking for a set ("which novels of 1847...") and another page whose passage
    matches it about as well: the set is spread over pages, one page's passage is a part."""
    if not asks_for_set(scorer.rule.question):
        return False
    items, ranks, coverages = scorer.items, scorer.rank_scores(), scorer.coverages()
    lead_page, lead_rank = items[order[0]].passage.page, ranks[order[0]]
    lead_coverage = coverages[order[0]]
    for index in order[1:CONFLICT_SCAN_PASSAGES]:
        item = items[index]
        if item.passage.page == lead_page or ranks[index] <= 0:
            continue
        if scorer.rule.key_terms:
            pinned = scorer.rule.key_terms_stated(
                item.passage.text, item.passage.context, item.words
            )
            if pinned and coverages[index] >= SET_RIVAL_COVERAGE_SHARE * lead_coverage:
                return True
        elif ranks[index] >= SET_RIVAL_RANK_SHARE * lead_rank:
            return True
    return False


def _page_amounts_differ(scorer: PassageScorer, order: Sequence[int]) -> bool:
    """A price asked for, and another passage of the lead's page (another paragraph or item)
    that would stand as evidence too, ranked close, states other amounts of money only (a
    page of figures about its subject, "1,340 subscribers", "$300 a slot", is no conflict)."""
    items, ranks = scorer.items, scorer.rank_scores()
    if "money" not in scorer.kinds or "money" not in items[order[0]].kinds:
        return False
    lead = items[order[0]].passage
    lead_figures = figures(lead.text) - scorer.rule.numbers
    for index in order[1:CONFLICT_SCAN_PASSAGES]:
        other = items[index]
        if other.passage.page != lead.page or other.passage.block == lead.block:
            continue
        if "money" not in other.kinds:
            continue
        if ranks[index] < SAME_PAGE_CONFLICT_RANK_SHARE * ranks[order[0]]:
            break
        other_figures = figures(other.passage.text) - scorer.rule.numbers
        if not other_figures or not lead_figures or other_figures & lead_figures:
            continue
        if scorer.confidence_of([other]) == "high":
            return True
    return False


def extractive_answer(scorer: PassageScorer) -> ExtractiveAnswer | None:
    """The answer: the answering span, then at most two supporting passages (one, from the
    same page, when the answer is high), or None when no passage matches."""
    spans = answer_spans(scorer)
    if not spans:
        return None
    items = scorer.items
    ranks = scorer.rank_scores()
    order = sorted(range(len(items)), key=lambda i: (-ranks[i], i))
    # A question of several parts ("Price: $120. Duration: 6 weeks."): its span as a whole is
    # the evidence, each part then answered by a passage of its own (`part_unanswered`).
    several = bool(question_parts(scorer.rule.question).parts)
    evidence = spans[0] if several else _evidence(items, order[0])
    confidence = scorer.confidence(spans[0], evidence)
    if confidence == "high" and (
        _other_page_disagrees(scorer, order)
        or _page_amounts_differ(scorer, order)
        or _set_spread(scorer, order)
    ):
        confidence = "medium"
    lead_page = spans[0][0].passage.page
    shown = [spans[0], *(s for s in spans[1:] if s[0].passage.page == lead_page)][:2]
    # "Who founded X, and when?": high needs every part answered by what the answer shows.
    if confidence == "high" and part_unanswered(scorer, shown):
        confidence = "medium"
    if confidence == "high":
        spans = shown
    else:
        spans = spans[:3]
    # Judged as above, on the lead; shown with what it announces ("...can publish:", a list).
    spans = continue_lead(items, spans, wants_command=scorer.rule.how_to)
    pages = list(dict.fromkeys(span[0].passage.page for span in spans))
    return ExtractiveAnswer(spans=spans, confidence=confidence, pages=pages)


def answer_spans(scorer: PassageScorer) -> list[list[ScoredPassage]]:
    """The lead span first, then the best runners-up (whole short blocks), by rank score,
    within the answer's passage, page and character budgets."""
    items = scorer.items
    ranks = scorer.rank_scores()
    order = sorted(range(len(items)), key=lambda i: (-ranks[i], i))
    if not order or ranks[order[0]] <= 0:
        return []
    spans = [_lead_span(scorer, order[0], scorer.coverages())]
    taken = set(range(spans[0][0], spans[0][1] + 1))
    pages = {items[order[0]].passage.page}
    chars = sum(len(items[i].passage.text) for i in taken)
    for index in order[1:]:
        if len(spans) >= MAX_ANSWER_PASSAGES or ranks[index] < RUNNER_UP_SHARE * ranks[order[0]]:
            break
        # A runner-up must state a question word: a bare figure for "value" is noise.
        if not scorer.matched([items[index]]) - MONEY - COUNTING:
            continue
        start, end = _block_of(items, index)
        span = set(range(start, end + 1))
        page = items[index].passage.page
        size = sum(len(items[i].passage.text) for i in span)
        if span & taken or chars + size > MAX_ANSWER_CHARS:
            continue
        if page not in pages and len(pages) >= MAX_ANSWER_PAGES:
            continue
        spans.append((start, end))
        taken |= span
        pages.add(page)
        chars += size
    return [items[start : end + 1] for start, end in spans]

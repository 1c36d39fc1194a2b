"""The offline scorer's calibration knobs (moved out of passage_scorer.py): what coverage
`high` and `medium` need, and the ranking weights."""

from __future__ import annotations

__all__ = [
    "HIGH_COVERAGE",
    "HIGH_MIN_MATCHED",
    "HIGH_KEY_WORD_IDF_SHARE",
    "MEDIUM_COVERAGE",
    "CONTEXT_WEIGHT",
    "HIGH_CONTEXT_WEIGHT",
    "PAGE_WEIGHT",
    "KIND_BONUS",
    "OFF_ENTITY_RANK_SHARE",
]

# --- calibration knobs (tune with `swarm verify wiki_fixtures/NAME --backend offline`) -----
# Coverage = IDF-weighted share of the question's content words found in a passage.
# A confident wrong answer is the worst outcome, so "high" needs strong coverage of at least
# two words stated by the lead passage (in its text, or, when the answer's type word is
# stated, in its page title or headings); anything doubtful stays medium (context).
HIGH_COVERAGE = 0.75
HIGH_MIN_MATCHED = 2
# ...and no missing question word as rare as this share of the rarest one's IDF.
HIGH_KEY_WORD_IDF_SHARE = 0.8
MEDIUM_COVERAGE = 0.4
# A question word found only in the passage's page title or headings counts this much.
CONTEXT_WEIGHT = 0.5
# ...and this much in the test for "high" (the page or section is about it).
HIGH_CONTEXT_WEIGHT = 1.0
# Ranking only (never confidence): a prior for the passage's page (the mean of its place in
# the ranked excerpts and how well the whole page, titles included, covers the question)...
PAGE_WEIGHT = 0.3
# ...and a bonus when the passage holds the kind of answer asked for (a date for "when"...).
KIND_BONUS = 0.2
# ...and this share of it for a passage of another entity's page that names none the question
# asks about when one of those has its own page among the excerpts (`EntityPages`).
OFF_ENTITY_RANK_SHARE = 0.5

"""Questions asking what a term means, through `query(model="offline")`: "What does X mean?",
"What does X stand for?", "What is meant by X?" are answered at high by a passage saying what
X means (a defining verb, a dash, a "Term:" key, an abbreviation's expansion), not by any
sentence that names X and adds words ("The Sync marker trait is rarely implemented by
hand")."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

DEFINED = """# Traits

The Sync marker trait means that a value can be referenced from multiple threads at once.
"""
INDICATES = """# Traits

The Sync marker trait indicates that a value can be referenced from multiple threads.
"""
MENTIONED = """# Traits

The Sync marker trait is rarely implemented by hand in application code.
"""
GLOSSARY = """# Glossary

- FOB — free on board: the price at the export port, before freight
- Landed cost — the price with freight, insurance and duties
"""
FOB_MENTIONED = """# Shipping

Our FOB quotes go out every Monday to the three importers we buy from.
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"traits.md": DEFINED},
            "What does the Sync marker trait mean?",
            "high",
            "referenced from multiple threads",
            id="means-earns-high",
        ),
        pytest.param(
            {"traits.md": INDICATES},
            "What does the Sync marker trait mean?",
            "high",
            "referenced from multiple threads",
            id="indicates-earns-high",
        ),
        pytest.param(
            {"traits.md": MENTIONED},
            "What does the Sync marker trait mean?",
            "medium",
            "rarely implemented",
            id="a-mention-is-medium",
        ),
        pytest.param(
            {"traits.md": MENTIONED},
            "What is meant by the Sync marker trait?",
            "not high",
            "rarely implemented",
            id="meant-by-a-mention-is-not-high",
        ),
        pytest.param(
            {"glossary.md": GLOSSARY},
            "What does FOB stand for?",
            "high",
            "free on board",
            id="an-expansion-earns-high",
        ),
        pytest.param(
            {"shipping.md": FOB_MENTIONED},
            "What does FOB stand for?",
            "not high",
            "FOB quotes",
            id="an-abbreviation-used-is-not-high",
        ),
    ],
)
def test_what_a_term_means(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    result = query(question, wiki_dir=page_wiki(tmp_path, pages), model="offline")
    assert_level(result, confidence, must_hold)

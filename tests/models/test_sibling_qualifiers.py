"""A question's qualifier swapped for its siblings ("the integration environment" against a
passage on "the production or staging environments"), through `query()`: not high; the
asked one listed too, or one qualifier of another kind (GOV.UK), keeps its level."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

REPLICAS = "How many replicas of each pod should my app have in the integration environment?"
SCALING = """# Scale your app

## Scaling your app

1. Determine if you need to update your app's file, for example `values-integration.yaml`
2. Commit this change

### Vertically scaling your app

You should have at least 3 replicas of each pod type of your app running in the {} environments.
"""


@pytest.mark.parametrize(
    ("environments", "confidence"),
    [
        ("production or staging", "not high"),  # the siblings only: a near miss
        ("production, staging and integration", "high"),  # the asked one listed too
        ("GOV.UK", "high"),  # one qualifier of another kind: no list of siblings
    ],
)
def test_a_swapped_environment_is_a_near_miss(
    tmp_path: Path, environments: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {"scale.md": SCALING.format(environments)})
    result = query(REPLICAS, wiki_dir=wiki, model="offline")
    assert_level(result, confidence, "3 replicas")


def test_a_question_naming_no_environment_keeps_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"scale.md": SCALING.format("production or staging")})
    asked = "How many replicas of each pod should my app have?"
    assert_level(query(asked, wiki_dir=wiki, model="offline"), "high", "3 replicas")

"""A named instance lets off a "which X" question's type word only when X is broad (a company,
a year, a person), the head of a compound whose first word is stated ("which yeast strain"),
an agent noun for a person's name ("which industrialist": George Westinghouse), or a word the
answering page writes: a name on a page that never says "dynasty" is no dynasty."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

OZONE = (
    "In 1985 scientists of the British Antarctic Survey, Joseph Farman, Brian Gardiner and "
    "Jonathan Shanklin, reported the seasonal thinning of the ozone layer over Antarctica.\n"
)
TESLA = (
    "Tesla's patents for the AC induction motor were licensed in 1888 by George Westinghouse, "
    "whose company promoted AC against Edison's DC.\n"
)
KEPLER = "In 1600 Kepler moved to Prague to work as an assistant to Tycho Brahe.\n"
# Other pages of the wiki, writing the narrow type nouns the near-misses ask with.
OTHERS = {
    "ming.md": "# Ming\n\nThe Ming dynasty ruled China from 1368 to 1644.\n",
    "linux.md": "# Linux\n\nTorvalds announced the Linux kernel in the comp.os.minix newsgroup.\n",
    "melk.md": "# Melk\n\nMelk Abbey is a Benedictine monastery above the Danube.\n",
}


@pytest.mark.parametrize(
    ("page", "question", "confidence", "must_hold"),
    [
        pytest.param(
            OZONE,
            "Which scientists reported the thinning of the ozone layer over Antarctica?",
            "high",
            "Joseph Farman",
            id="the-type-word-stated",
        ),
        pytest.param(
            OZONE,
            "Which dynasty reported the thinning of the ozone layer over Antarctica?",
            "not high",
            "Joseph Farman",
            id="a-narrow-type-the-page-never-says",
        ),
        pytest.param(
            TESLA,
            "Which industrialist licensed Tesla's AC induction motor patents?",
            "high",
            "George Westinghouse",
            id="an-agent-noun-and-a-persons-name",
        ),
        pytest.param(
            TESLA,
            "Which newsgroup licensed Tesla's AC induction motor patents?",
            "not high",
            "George Westinghouse",
            id="no-agent-noun-for-a-persons-name",
        ),
        pytest.param(
            KEPLER,
            "To which city did Kepler move to work for Tycho Brahe?",
            "high",
            "Prague",
            id="a-broad-type",
        ),
        pytest.param(
            KEPLER,
            "To which monastery did Kepler move to work for Tycho Brahe?",
            "not high",
            "Prague",
            id="a-narrow-place-type",
        ),
    ],
)
def test_narrow_type_nouns(
    tmp_path: Path, page: str, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"notes.md": "# Notes\n\n" + page, **OTHERS})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)


def test_a_compounds_head_with_its_stated_qualifier(tmp_path: Path) -> None:
    # "which yeast strain": the page states the yeast ("Yeast: Wyeast 1968"), not "strain"
    wiki = page_wiki(
        tmp_path,
        {"esb.md": "# ESB\n\n- Malt: Maris Otter, 4.5 kg\n- Yeast: Wyeast 1968 London ESB\n"},
    )
    result = query("Which yeast strain went into my ESB?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "Wyeast 1968")

"""Words a passage never writes, through `query(model="offline")`: a light verb whose meaning is
the noun it takes ("take its name from" for "derives its name"), a pronoun standing for what
the passage names ("everything left" for "food left", "someone else"), and in a how-to the
asker's situation ("a process that's already running"). Each has its near miss: the noun the
light verb takes is missing, "put" asks who placed a line, "make" as "constitute" (a
good-sized hackathon, not a good length), a how-to's light verb is its action ("keep the
original"), a pronoun's sentence lacks the asked place or action."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

UGANDA = """# Uganda

As early as 1200, several large, centralized kingdoms formed in the south, including
Buganda, from which the country derives its name.

Arab traders reached the north in the 1820s. Britain made the area a protectorate in 1894.
Independence came in 1962. The capital is Kampala. Lake Victoria lies on the southern border.
"""
UGANDA_NO_NAME = """# Uganda

As early as 1200, several large, centralized kingdoms formed in the south, the largest of
them Buganda.

Arab traders reached the north in the 1820s. Britain made the area a protectorate in 1894.
Independence came in 1962. The capital is Kampala. Lake Victoria lies on the southern border.
"""
DRYER = """# Tumble dryer

Model: Bosch Serie 8 WQB246C9 (heat pump, 9 kg).

Bought in March 2024 at the Saturn in Freiburg. Clean the lint filter after every load. The
condenser tray is emptied weekly. The warranty runs until March 2026.
"""
TREATY = """# Treaty of Tordesillas

The treaty replaced the line drawn in 1493 by Pope Alexander VI, which had been set only 100
leagues west of the Azores.
"""
HACKATHONS = """# Remote hackathons

## Length

For engineering hackathons, we've found in post-hackathon surveys that 1 week is a good length
(10 of 11 survey respondents felt 5 days was optimal).

## Size

A hackathon of any size is possible, but we've found that having 10–20 participants works well.

## Themes

Pick a theme a month ahead; themes that touch the product's onboarding have worked best.
"""
KITCHEN = """# Office kitchen

Food left in the office fridge on Friday afternoon is thrown out by the cleaners.

Coffee beans are ordered on Mondays. The dishwasher runs at 6 pm. Milk is delivered on
Tuesdays and Thursdays. Recycling goes out on Wednesday mornings.
"""
GPG = """# gpg

- To encrypt a file for a recipient: `gpg --encrypt --recipient alice@example.com notes.txt`
- To decrypt a file: `gpg --output notes.txt --decrypt notes.txt.gpg`
- To list the keys in the keyring: `gpg --list-keys`
- To import a key: `gpg --import key.asc`
"""
STRACE = """# strace

- Attach to a running process by its ID and begin tracing: `strace --attach=pid`
- Trace only network calls: `strace --trace=network command`
- Count time, calls and errors for each system call: `strace --summary-only command`
- Write the trace to a file: `strace --output=trace.log command`
"""
GZIP = """# gzip

- To compress a file: `gzip notes.txt`
- To decompress a file: `gzip --decompress notes.txt.gz`
- To test the integrity of a compressed file: `gzip --test notes.txt.gz`
- To compress with the best ratio: `gzip -9 notes.txt`
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"uganda.md": UGANDA},
            "Which kingdom does Uganda take its name from?",
            "high",
            "Buganda",
            id="take-its-name-from-stated-as-derives-its-name",
        ),
        pytest.param(
            {"uganda.md": UGANDA_NO_NAME},
            "Which kingdom does Uganda take its name from?",
            "not high",
            "",
            id="the-noun-the-light-verb-takes-is-missing",
        ),
        pytest.param(
            {"dryer.md": DRYER},
            "How many kilos does the tumble dryer take?",
            "high",
            "9 kg",
            id="how-many-kilos-it-takes-stated-as-its-load",
        ),
        pytest.param(
            {"treaty.md": TREATY},
            "How many leagues west of the Azores did the treaty put its line?",
            "not high",
            "",
            id="put-asks-who-placed-the-line",
        ),
        pytest.param(
            {"hackathons.md": HACKATHONS},
            "How many people make a good-sized remote hackathon?",
            "not high",
            "",
            id="make-as-constitute-stays-asked",
        ),
        pytest.param(
            {"kitchen.md": KITCHEN},
            "What happens to everything left in the office fridge on Friday?",
            "high",
            "thrown out",
            id="everything-left-stated-as-food-left",
        ),
        pytest.param(
            {"kitchen.md": KITCHEN},
            "What happens to everything left in the office freezer on Friday?",
            "not high",
            "",
            id="the-pronoun-is-let-off-not-the-place",
        ),
        pytest.param(
            {"gpg.md": GPG},
            "How do I encrypt a file for someone else with gpg?",
            "high",
            "gpg --encrypt",
            id="how-to-for-someone-else",
        ),
        pytest.param(
            {"gpg.md": GPG},
            "How do I sign a file for someone else with gpg?",
            "not high",
            "",
            id="how-to-for-someone-else-another-action",
        ),
        pytest.param(
            {"strace.md": STRACE},
            "How do I attach strace to a process that's already running?",
            "high",
            "strace --attach=pid",
            id="how-to-a-process-already-running",
        ),
        pytest.param(
            {"gzip.md": GZIP},
            "How do I gzip a file but keep the original?",
            "not high",
            "",
            id="how-to-light-verb-is-the-action",
        ),
    ],
)
def test_words_a_passage_never_writes(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

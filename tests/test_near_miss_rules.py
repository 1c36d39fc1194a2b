"""Confidence rules found by `swarm verify --near-misses`: for each, through the public door, a
lookup that earns `high` and its near miss that must not."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

PRICES = (
    "# Model prices\n\nPrices per million tokens:\n\n| model | input | output |\n|---|---|---|\n"
    "| gpt-4o | $2.50 | $10.00 |\n| claude-3-5-haiku | $0.80 | $4.00 |\n"
    "| claude-3-5-sonnet | $3.00 | $15.00 |\n"
)


@pytest.mark.parametrize(
    ("question", "confidence"),
    [
        ("What does claude-3-5-sonnet output cost?", "high"),
        # every figure of "claude-5-5-sonnet" is on the page, inside claude-3-5-sonnet
        ("What does claude-5-5-sonnet output cost?", "not high"),
        ("What does gpt-4o input cost?", "high"),
        ("What does gpt-5o input cost?", "not high"),
    ],
)
def test_an_identifier_with_figures_is_stated_whole(
    tmp_path: Path, question: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {"prices.md": PRICES})
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, "$")


PLACES = {
    "watt.md": "# James Watt\n\nIn 1763 James Watt, an instrument maker in Glasgow, while engaged "
    "by the university in repairing a model of Newcomen's engine, was struck with the waste of "
    "steam.\n",
    "kant.md": "# Kant\n\nKant was born in 1724 in Königsberg, the capital of East Prussia, and "
    "taught at its university all his life.\n",
    "tea.md": "# Tea\n\nThe best green tea we sell is grown in Japan, in the hills near the "
    "coast.\n",
}


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        ("In which city was Watt an instrument maker?", "high", "Glasgow"),
        # Glasgow is a city: no country is named
        ("In which country was Watt an instrument maker?", "not high", "Glasgow"),
        ("In which country is our best green tea grown?", "high", "Japan"),
        # Japan is a country, and the passage names nothing else
        ("In which city is our best green tea grown?", "not high", "Japan"),
        # a city and its country named: either question is answered
        ("In which city was Kant born?", "high", "Königsberg"),
        ("In which country was Kant born?", "high", "Prussia"),
    ],
)
def test_a_city_answers_no_country_question_and_a_country_no_city_question(
    tmp_path: Path, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, PLACES)
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, must_hold)


JOURNAL = (
    "# journalctl\n\nMy notes for `journalctl`.\n\n```sh\n# To follow the log as it grows:\n"
    "journalctl -f\n\n# To display all errors since last boot:\njournalctl -b -p err\n\n"
    "# To list the units logged in the journal:\njournalctl -F _SYSTEMD_UNIT\n```\n"
)


@pytest.mark.parametrize(
    ("question", "confidence"),
    [
        ("How do I see only the errors logged since the last boot?", "high"),
        # the passage bounds it the other way: since, not until
        ("How do I see only the errors logged until the last boot?", "not high"),
    ],
)
def test_since_and_until_are_opposites(tmp_path: Path, question: str, confidence: str) -> None:
    wiki = page_wiki(tmp_path, {"journalctl.md": JOURNAL})
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, "journalctl -b -p err")


FUJI = (
    "# Mount Fuji\n\nMount Fuji is the highest mountain in Japan, an active volcano about 100 km "
    "south-west of Tokyo.\n\nFuji has long been a sacred site and a subject of art, most famously "
    "in Katsushika Hokusai's woodblock print series Thirty-six Views of Mount Fuji.\n"
)


@pytest.mark.parametrize(
    ("question", "confidence"),
    [
        ("Which mountain is the subject of Hokusai's famous print series?", "high"),
        # Hokusai is a person's name, not a river's; and Mount Fuji's page is no river's own
        ("Which river is the subject of Hokusai's famous print series?", "not high"),
    ],
)
def test_a_mountains_page_answers_no_which_river_question(
    tmp_path: Path, question: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {"mount-fuji.md": FUJI, "tea.md": PLACES["tea.md"]})
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, "Hokusai")


NORMANS = (
    "# Normans in Italy\n\nAt Civitate in 1053 the Normans defeated and captured Pope Leo IX.\n"
)
INSURANCE = "# Insurance\n\nGeneral liability: insured with Hiscox, $1,000,000 per occurrence.\n"


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        ("Which pope did the Normans capture at Civitate?", "high", "Leo IX"),
        # the only name the passage adds is a titled person's: no company
        ("Which company did the Normans capture at Civitate?", "not high", "Leo IX"),
        # a bare name may be a company's
        ("Which company insures our general liability?", "high", "Hiscox"),
    ],
)
def test_a_titled_person_is_no_company(
    tmp_path: Path, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"normans.md": NORMANS, "insurance.md": INSURANCE})
    result = query(question, wiki_dir=wiki, model="offline", time_sensitive=False)
    assert_level(result, confidence, must_hold)

"""The kinds of answer a passage holds are the same whether or not the no-digit shortcut is
taken: without a digit, no money, date or measure with a figure can be there."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from swarm.models.evidence import answer_kinds
from swarm.models.measures import measure_kinds

WORDS = st.sampled_from(
    "every week once a month per night aged old years km miles in Paris because $ € USD "
    "March 3rd AD BC the fee costs twelve dozen , . - / : 4 12 1999 2026 7:30 3.5".split()
)
TEXT = st.lists(WORDS, max_size=12).map(" ".join) | st.text(max_size=40)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_a_text_without_a_digit_holds_only_kinds_written_in_words(text: str) -> None:
    digitless = "".join(char for char in text if not char.isdecimal())
    assert measure_kinds(digitless, digit=False) == measure_kinds(digitless)
    # With a figure in front ("0 . " makes no kind of its own but a figure and a count), every
    # pattern runs: the text's own kinds are the same.
    full = answer_kinds("0 . " + digitless) - {"figure", "count"}
    assert full == answer_kinds(digitless) - {"figure", "count"}


def test_kinds_with_and_without_digits() -> None:
    assert answer_kinds("Meetings are held every week in Paris") >= {"duration", "place"}
    assert answer_kinds("The fee is $40 a night since 3 March 2026") >= {"money", "date"}

"""Sentences of encyclopedic prose, cut where they end and not at an abbreviation's full stop:
"A.D. 394", "c. 600", "J. Watt", "viz.", while "650 m. The" and "before 1000 B.C. Carthage"
still end theirs; and the year after "A.D." reaches the offline answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki
from hypothesis import example, given, settings
from hypothesis import strategies as st

from swarm.wiki.inline_marks import split_sentences
from swarm.wiki_query import query


@pytest.mark.parametrize(
    ("paragraph", "sentences"),
    [
        pytest.param(
            "The games went on until about A.D. 394. Not only were they held at Delphi.",
            ["The games went on until about A.D. 394.", "Not only were they held at Delphi."],
            id="a-dotted-abbreviation-before-a-year",
        ),
        pytest.param(
            "Necho, king of Egypt, c. 600 B.C., sent a fleet. It sailed for three years.",
            ["Necho, king of Egypt, c. 600 B.C., sent a fleet.", "It sailed for three years."],
            id="circa-before-a-year",
        ),
        pytest.param(
            "In 1763 J. Watt repaired a model. President George W. Bush spoke. Then it rained.",
            [
                "In 1763 J. Watt repaired a model.",
                "President George W. Bush spoke.",
                "Then it rained.",
            ],
            id="initials",
        ),
        pytest.param(
            "Some strings, viz. Gut and Wire, were used. Others were not.",
            ["Some strings, viz. Gut and Wire, were used.", "Others were not."],
            id="viz",
        ),
        pytest.param(
            "A distance of some 650 m. The interior was ill defined.",
            ["A distance of some 650 m.", "The interior was ill defined."],
            id="a-unit-ending-its-sentence",
        ),
        pytest.param(
            "Settlements were made before 1000 B.C. Carthage grew fast.",
            ["Settlements were made before 1000 B.C.", "Carthage grew fast."],
            id="a-dotted-abbreviation-ending-its-sentence",
        ),
        pytest.param(
            "I take vitamin C. It helps. It was 1889. 1890 came next.",
            ["I take vitamin C.", "It helps.", "It was 1889.", "1890 came next."],
            id="a-letter-labelling-a-noun-and-a-year-ending-a-sentence",
        ),
    ],
)
def test_sentences_end_where_they_end(paragraph: str, sentences: list[str]) -> None:
    assert split_sentences(paragraph) == sentences


def test_the_year_after_ad_is_in_the_answer(tmp_path: Path) -> None:
    wiki = page_wiki(
        tmp_path,
        {
            "games.md": "# Pythian Games\n\nThe Pythian Games survived the classic Greek period "
            "and were continued under Roman sway until about A.D. 394. Not only were these "
            "games held at Delphi, but smaller contests were instituted in the provinces.\n"
        },
    )

    result = query(
        "Until when did the Pythian Games go on under Roman sway?", model="offline", wiki_dir=wiki
    )

    assert "394" in result.answer


def _plain_rule(paragraph: str) -> list[str]:
    """The cut as first written: each rule's regex searched over the whole sentence.
    `split_sentences` searches only where a match can be; it must cut the same."""
    from swarm.wiki import inline_marks as marks

    sentences: list[str] = []
    for piece in marks._SENTENCE_END.split(paragraph):
        piece = piece.strip()
        if not piece:
            continue
        initial = marks._INITIAL_END.search(sentences[-1]) if sentences else None
        if sentences and (
            marks._ABBREVIATION_END.search(sentences[-1])
            or (initial and not marks._LABELLED_NOUN.fullmatch(initial.group(1) or ""))
            or (
                marks._FIGURE_START.match(piece)
                and marks._ABBREVIATION_BEFORE_FIGURE.search(sentences[-1])
            )
        ):
            sentences[-1] += " " + piece
        else:
            sentences.append(piece)
    return sentences


# Abbreviations whole and inside longer words ("Pco."), initials, figures, quotes, letters
# that match others case-insensitively ("ſt.", "K"), CJK full stops, odd spaces.
_PIECES = st.sampled_from(
    "e.g. i.e. etc. Co. Pco. co. ſt. St. approx. xapprox. A.D. B.C. c. p. Nov. J. W. vitamin "
    "group C. B. 394 600. (12 \"Quote 'It' The the It's end. done! why? 学生。 好！ Watt ... "
    "a.b.c.d. Kg. K. v. viz. q.v. 650 m. Mr. MR. x.".split(" ")
)
_SPACES = st.sampled_from([" ", "  ", "\n", " \t", "\u3000", ""])


@settings(max_examples=500)
@given(st.lists(st.tuples(_PIECES, _SPACES), max_size=14))
@example([("Pco.", " "), ("600", "")])
@example([("In", " "), ("1763", " "), ("J.", " "), ("Watt", "")])
def test_sentences_are_cut_as_the_plain_rule_cuts_them(pieces: list[tuple[str, str]]) -> None:
    paragraph = "".join(word + space for word, space in pieces)
    assert split_sentences(paragraph) == _plain_rule(paragraph)

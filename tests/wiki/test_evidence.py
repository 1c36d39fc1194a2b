"""The quote verifier and the confidence rule alone (swarm/wiki/evidence.py): plain text in,
verdicts out, no model and no files."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swarm.wiki.evidence import (
    MAX_QUOTE_CHARS,
    check_evidence,
    normalise,
    quote_on_page,
    restates_question,
    says_not_in_wiki,
    unsupported_figures,
)
from swarm.wiki.index import PageEntry, PageMap

CCW = """\
# Coastal Clean Water (CCW)

## SLA

- First-response SLA: **15 minutes**, around the clock, for alerts CCW marks P1 (sensor
  offline, chlorine residual out of range). This is the Premium tier in our [[sla-policy]].
- Billing: annual, invoiced up front through [Xero](https://xero.com), net 30.
- Escalation: on-call engineer first (see [[on-call-rota|the rota]]), then `Priya Raman`.
- CCW signed a 12-month SaaS contract at $2,400/year on 2026-05-08.
"""
SLA_POLICY = "Missing a first-response target on a P1 earns the client a 5% credit."


@pytest.mark.parametrize(
    ("quote", "on_page"),
    [
        pytest.param("First-response SLA: 15 minutes, around the clock", True, id="verbatim"),
        pytest.param("first-response sla: **15 MINUTES**, around   the\nclock", True, id="case-ws"),
        pytest.param("First-response SLA: 15 minutes", True, id="emphasis-on-the-page"),
        pytest.param("invoiced up front through Xero, net 30", True, id="link-text"),
        pytest.param("see the rota), then Priya Raman", True, id="wikilink-alias-and-code"),
        pytest.param("This is the Premium tier in our sla-policy", True, id="bare-wikilink"),
        pytest.param("- Billing: annual, invoiced up front", True, id="list-marker"),
        pytest.param(
            "First-response SLA: 15 minutes … for alerts CCW marks P1", True, id="ellipsis"
        ),
        pytest.param(
            "First-response SLA: 15 minutes... then Priya Raman", True, id="ascii-ellipsis"
        ),
        pytest.param("First-response SLA: 10 minutes", False, id="fabricated-figure"),
        pytest.param("CCW has a 99.9% uptime guarantee", False, id="fabricated"),
        pytest.param("SLA … 15", False, id="ellipsis-pieces-too-short"),
        pytest.param(
            "then Priya Raman … First-response SLA: 15 minutes", False, id="ellipsis-out-of-order"
        ),
        pytest.param("", False, id="empty"),
        pytest.param("   ", False, id="blank"),
    ],
)
def test_quote_on_page(quote: str, on_page: bool) -> None:
    assert quote_on_page(quote, CCW) is on_page


def test_a_quote_spanning_two_pages_is_on_neither() -> None:
    spanning = "then Priya Raman. Missing a first-response target on a P1"
    joined = "net 30 … Missing a first-response target on a P1"
    for quote in (spanning, joined):
        assert not quote_on_page(quote, CCW)
        assert not quote_on_page(quote, SLA_POLICY)


def test_normalise_is_its_own_fixpoint() -> None:
    text = "**A** [b](c) [[d|e]] `f` _g_ ＡＢＣ\u200b  x"
    assert normalise(text) == "a b e f g abc x"
    assert normalise(normalise(text)) == normalise(text)


@pytest.mark.parametrize(
    ("quote", "restates"),
    [
        ("CCW's first-response SLA", True),
        ("What is the first response SLA of CCW?", True),
        ("the", True),
        ("First-response SLA: 15 minutes", False),
    ],
)
def test_a_quote_of_the_questions_own_words_does_not_answer(quote: str, restates: bool) -> None:
    assert restates_question(quote, "What is CCW's first-response SLA?") is restates


@pytest.mark.parametrize(
    ("answer", "absent"),
    [
        ("Not in the wiki.", True),
        ("The wiki doesn’t say what the SLA is.", True),
        ("The excerpts do not mention a price.", True),
        ("There is no information on CCW's uptime.", True),
        ("I couldn't find that in your notes.", True),
        ("15 minutes, around the clock.", False),
        ("Dana Whitlock, operations manager.", False),
    ],
)
def test_says_not_in_wiki(answer: str, absent: bool) -> None:
    assert says_not_in_wiki(answer) is absent


def test_figures_must_be_on_a_page() -> None:
    support = [CCW]
    assert unsupported_figures("$2,400 a year, signed 2026-05-08", support) == []
    assert unsupported_figures("2400 dollars, signed May 8, 2026, 15 minutes", support) == []
    assert unsupported_figures("$4,800 a year, 17% off, in 2031", support) == [
        "4,800",
        "17",
        "2031",
    ]


def page_map(*paths: str) -> PageMap:
    return PageMap(Path("/wiki"), tuple(PageEntry(path=p, title=p) for p in paths))


EXCERPTS = {"ccw.md": CCW, "sla-policy.md": SLA_POLICY}
MAP = page_map("ccw.md", "sla-policy.md", "team.md")
QUESTION = "What is CCW's first-response SLA?"


def verdict(answer: str, quotes: list[tuple[object, object]], confidence: str = "high") -> object:
    return check_evidence(
        question=QUESTION,
        answer=answer,
        confidence=confidence,  # type: ignore[arg-type]
        quotes=quotes,
        excerpts=EXCERPTS,
        page_map=MAP,
    )


def test_page_names_are_matched_like_page_picks() -> None:
    for name in ("ccw.md", "CCW.md", "[[ccw]]", "ccw"):
        result = check_evidence(
            question=QUESTION,
            answer="15 minutes.",
            confidence="high",
            quotes=[(name, "First-response SLA: 15 minutes")],
            excerpts=EXCERPTS,
            page_map=MAP,
        )
        assert result.confidence == "high", name
        assert [q.page for q in result.verified] == ["ccw.md"]


def test_the_rule_never_raises_a_label_and_names_what_failed() -> None:
    good = [("ccw.md", "First-response SLA: 15 minutes")]
    medium = check_evidence(
        question=QUESTION,
        answer="15 minutes.",
        confidence="medium",
        quotes=good,
        excerpts=EXCERPTS,
        page_map=MAP,
    )
    assert medium.confidence == "medium" and medium.warnings == []
    unread = check_evidence(
        question=QUESTION,
        answer="15 minutes.",
        confidence="high",
        quotes=[("team.md", "15 minutes"), (None, "x"), ("ccw.md", 3)],
        excerpts=EXCERPTS,
        page_map=MAP,
    )
    assert unread.confidence == "medium" and unread.verified == []
    assert unread.warnings[0] == "quote cites team.md, a page not read for this answer"
    too_long = check_evidence(
        question=QUESTION,
        answer="15 minutes.",
        confidence="high",
        quotes=[("ccw.md", CCW * 2)],
        excerpts=EXCERPTS,
        page_map=MAP,
    )
    assert too_long.confidence != "high"
    assert f"over {MAX_QUOTE_CHARS} chars" in too_long.warnings[0]


# --- properties ---------------------------------------------------------------------------

MARKDOWNISH = st.lists(
    st.sampled_from(list("abcAB 12\n\t*_`~|#>-+.…[]()!é\u200bＡ") + ["[[", "]]", "**"]),
    max_size=60,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(quote=st.text(max_size=60), excerpt=st.text(max_size=200))
def test_the_verifier_never_raises(quote: str, excerpt: str) -> None:
    assert isinstance(quote_on_page(quote, excerpt), bool)
    assert isinstance(restates_question(quote, excerpt), bool)
    assert isinstance(says_not_in_wiki(quote), bool)
    assert isinstance(unsupported_figures(quote, [excerpt]), list)


@settings(max_examples=300, deadline=None)
@given(excerpt=MARKDOWNISH | st.text(max_size=120), data=st.data())
def test_a_substring_of_the_normalised_excerpt_always_verifies(
    excerpt: str, data: st.DataObject
) -> None:
    normal = normalise(excerpt)
    start = data.draw(st.integers(0, len(normal)))
    end = data.draw(st.integers(start, len(normal)))
    quote = normal[start:end]
    if normalise(quote):  # a quote of nothing but a marker ("# ") quotes nothing
        assert quote_on_page(quote, excerpt)


@settings(max_examples=200, deadline=None)
@given(excerpt=MARKDOWNISH, data=st.data())
def test_a_raw_substring_with_its_marks_verifies(excerpt: str, data: st.DataObject) -> None:
    # A quote copied from the page's own text, marks and all, as long as it cuts no link or
    # wikilink in half (then its normal form differs from the page's).
    start = data.draw(st.integers(0, len(excerpt)))
    end = data.draw(st.integers(start, len(excerpt)))
    quote = excerpt[start:end]
    if normalise(quote) and not any(mark in excerpt for mark in "[]()#>-+.…0123456789"):
        assert quote_on_page(quote, excerpt)

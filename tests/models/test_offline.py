"""The offline Reasoner: page picks, extractive answers and their confidence, topics, digests."""

from __future__ import annotations

import pytest

from swarm.models.base import Finding, PageCandidate, SourceText
from swarm.models.evidence import answer_kinds, name_aliases, text_words
from swarm.models.offline import (
    NO_ANSWER,
    SMALL_TALK_REPLY,
    THANKS_REPLY,
    OfflineReasoner,
    split_topic,
)
from swarm.wiki.pages import PageExcerpt
from swarm.wiki.passages import split_passages

CCW = PageExcerpt(
    "ccw.md",
    "Coastal Clean Water (CCW)",
    """# Coastal Clean Water (CCW)

Coastal Clean Water is our anchor client for Tidewater Monitor, the water-quality dashboard
SaaS. They run four small treatment sites along the coast.

## Contract

- CCW signed a 12-month SaaS contract at $2,400/year on 2026-05-08.
- Billing: annual, invoiced up front through Xero, net 30.

## SLA

- First-response SLA: 15 minutes, around the clock, for alerts CCW marks P1.
- P2/P3 tickets: first response within 4 business hours.

## People

- Main contact: Dana Whitlock, operations manager. Prefers phone for anything urgent.
""",
)
TEAM = PageExcerpt(
    "team.md",
    "Team",
    """# Team

Priya Raman runs support and carries the pager on weekends.
Tom Okafor builds the ingestion service.
""",
)
PRICING = PageExcerpt(
    "pricing.md",
    "Pricing",
    """# Pricing

| Plan | Price | Sites |
|------|-------|-------|
| Starter | $99/month | 1 |
| Pro | $249/month | up to 5 |
""",
)
BROKEN = PageExcerpt("broken.md", "Broken", "", error="cannot read 'broken.md': binary")

reasoner = OfflineReasoner()


# --- answers ------------------------------------------------------------------------------


async def test_direct_answer_is_the_right_sentence_page_and_high() -> None:
    answer = await reasoner.answer_from_excerpts(
        "What is CCW's first-response SLA?", [TEAM, CCW, BROKEN]
    )

    assert answer.answer.startswith("First-response SLA: 15 minutes")
    assert "[[" not in answer.answer and "- " not in answer.answer[:2]
    assert answer.confidence == "high"
    assert answer.pages_used == ["ccw.md"]


async def test_money_question_is_answered_by_the_sentence_with_the_figure() -> None:
    answer = await reasoner.answer_from_excerpts("What is CCW's contract value?", [CCW, TEAM])

    assert "$2,400/year" in answer.answer
    assert answer.confidence == "high"
    assert answer.pages_used == ["ccw.md"]


async def test_table_rows_are_answers_with_their_headers() -> None:
    answer = await reasoner.answer_from_excerpts(
        "What is the price of the Pro plan?", [PRICING, CCW]
    )

    assert (
        answer.answer.splitlines()[0] == "Plan: Pro; Price: $249/month; Sites: up to 5 (pricing.md)"
    )
    assert answer.pages_used == ["pricing.md"]
    assert answer.confidence == "high"


async def test_short_list_item_is_quoted_whole() -> None:
    answer = await reasoner.answer_from_excerpts(
        "Who do I phone at CCW when something urgent comes up?", [CCW, TEAM]
    )

    assert "Dana Whitlock" in answer.answer
    assert answer.pages_used == ["ccw.md"]


async def test_unrelated_question_is_low() -> None:
    answer = await reasoner.answer_from_excerpts(
        "What is the capital of France?", [CCW, TEAM, PRICING]
    )

    assert answer.confidence == "low"


async def test_nothing_matching_says_the_wiki_does_not_say() -> None:
    answer = await reasoner.answer_from_excerpts("Zanzibar quokka migration?", [CCW, TEAM])

    assert (answer.answer, answer.confidence, answer.pages_used) == (NO_ANSWER, "low", [])


async def test_no_readable_excerpts_is_low() -> None:
    answer = await reasoner.answer_from_excerpts("What is CCW's SLA?", [BROKEN])

    assert (answer.answer, answer.confidence) == (NO_ANSWER, "low")


async def test_partial_match_is_medium() -> None:
    # The main contact is there, but nothing says who handles billing: a partial answer.
    answer = await reasoner.answer_from_excerpts(
        "Who is CCW's main contact for billing?", [CCW, TEAM]
    )

    assert answer.confidence == "medium"
    assert "Dana Whitlock" in answer.answer


async def test_when_question_without_a_date_is_not_high() -> None:
    # Every word matches, but "when" asks for a date and the passage has none.
    excerpt = PageExcerpt("x.md", "X", "Priya Raman joined the support team as lead engineer.")

    answer = await reasoner.answer_from_excerpts(
        "When did Priya Raman join the support team?", [excerpt]
    )

    assert answer.confidence == "medium"


async def test_why_question_is_at_most_medium_and_brings_the_next_sentence() -> None:
    excerpt = PageExcerpt(
        "decisions.md",
        "Decisions",
        "We moved production from AWS to Hetzner. Hosting costs fell by 60 percent.",
    )

    answer = await reasoner.answer_from_excerpts("Why did we move production off AWS?", [excerpt])

    assert answer.confidence == "medium"
    assert "60 percent" in answer.answer


async def test_a_figure_alone_does_not_answer_a_specific_money_word() -> None:
    # "rate" must be written: a passage with some other dollar figure is not the day rate.
    excerpts = [
        PageExcerpt("finances.md", "Finances", "Brightline Advisory consulting: $41,800."),
        PageExcerpt("advisory.md", "Brightline Advisory", "- Day rate: $1,100 (half day $600)."),
    ]

    question = "What is Brightline Advisory's day rate?"
    answer = await reasoner.answer_from_excerpts(question, excerpts)

    assert "$1,100" in answer.answer
    assert answer.pages_used == ["advisory.md"]


async def test_a_high_answer_cites_only_the_page_that_answers() -> None:
    # (Was: runners-up from other pages were added at high. Issue 10: answer from the page
    # whose passage answers, cite only it.)
    excerpts = [
        PageExcerpt(
            "rota.md", "On-call rota", "Weekends are covered by Priya.\n\nTom does Mondays."
        ),
        PageExcerpt("team.md", "Team", "Priya Raman covers the weekend pager."),
    ]

    answer = await reasoner.answer_from_excerpts("Who covers weekends?", excerpts)

    assert answer.confidence == "high"
    assert answer.answer.splitlines() == ["Weekends are covered by Priya. (rota.md)"]
    assert answer.pages_used == ["rota.md"]


async def test_answer_stays_within_its_character_budget() -> None:
    long_item = "Priya covers weekends and " + "also a great many other things " * 25 + "."
    excerpts = [
        PageExcerpt("a.md", "A", "Weekends are covered by Priya."),
        PageExcerpt("b.md", "B", long_item),
        PageExcerpt("c.md", "C", "Tom covers weekends in August."),
    ]

    answer = await reasoner.answer_from_excerpts("Who covers weekends?", excerpts)

    assert len(answer.answer) <= 600 + 3 * len(" (x.md)")
    assert "(b.md)" not in answer.answer and "(c.md)" in answer.answer


async def test_a_runner_up_must_state_a_question_word_not_just_a_figure() -> None:
    excerpts = [
        PageExcerpt("ccw.md", "CCW", "CCW signed a contract at $2,400/year."),
        PageExcerpt("vendors.md", "Vendors", "Hetzner: about $460/month."),
    ]

    answer = await reasoner.answer_from_excerpts("What is CCW's contract value?", excerpts)

    assert answer.answer == "CCW signed a contract at $2,400/year. (ccw.md)"


async def test_confidence_is_judged_on_the_lead_passage_alone() -> None:
    # The runner-up matches a word the lead lacks; the pair must not add up to "high".
    excerpts = [
        PageExcerpt("a.md", "A", "The Starter plan costs $99 per month."),
        PageExcerpt("b.md", "B", "Enterprise discounts exist."),
    ]

    answer = await reasoner.answer_from_excerpts(
        "What is the Enterprise discount on the Starter plan?", excerpts
    )

    assert answer.confidence != "high"


async def test_weekend_question_matches_saturdays_and_sundays() -> None:
    excerpt = PageExcerpt(
        "rota.md",
        "On-call rota",
        "Alerts route through PagerDuty.\n\nWeekends are always covered by Priya.",
    )

    answer = await reasoner.answer_from_excerpts(
        "Who is on call on Saturdays and Sundays?", [excerpt]
    )

    assert answer.answer.startswith("Weekends are always covered by Priya.")


async def test_irregular_past_tense_matches_the_verb() -> None:
    excerpt = PageExcerpt(
        "sicily.md",
        "Sicily",
        "- Roger was crowned at Palermo in 1130.\n- Palermo fell in January 1072.",
    )

    answer = await reasoner.answer_from_excerpts("When did Palermo fall?", [excerpt])

    assert answer.answer.startswith("Palermo fell in January 1072.")


async def test_acronym_written_in_the_excerpt_stands_for_the_name() -> None:
    excerpts = [
        PageExcerpt(
            "clients.md", "Clients", "Coastal Clean Water (CCW) is a client. Others pay monthly."
        ),
        PageExcerpt("ccw.md", "Contract", "CCW signed the contract on 2026-05-08."),
    ]

    answer = await reasoner.answer_from_excerpts(
        "When did Coastal Clean Water sign the contract?", excerpts
    )

    assert answer.answer.startswith("CCW signed the contract on 2026-05-08.")


async def test_when_question_prefers_the_passage_with_a_date() -> None:
    excerpt = PageExcerpt(
        "launch.md",
        "Launch",
        "- The launch went well with customers.\n- The launch happened in March 2025.",
    )

    answer = await reasoner.answer_from_excerpts("When was the launch?", [excerpt])

    assert answer.answer.startswith("The launch happened in March 2025.")


async def test_why_question_prefers_the_passage_giving_a_reason() -> None:
    # Pages come ranked: the client's own page first. Its reason line names neither the
    # client (only its title does) nor "walk away", but it is the one that gives a reason.
    excerpts = [
        PageExcerpt(
            "mill-creek.md",
            "Mill Creek co-op",
            "Former client.\n\n- Why they left: budget cuts after a pump failed.",
        ),
        PageExcerpt("overview.md", "Overview", "The Tidewater app is our main business."),
    ]

    answer = await reasoner.answer_from_excerpts(
        "Why did the Mill Creek co-op walk away from the Tidewater app?", excerpts
    )

    assert "budget cuts" in answer.answer.splitlines()[0]
    assert answer.pages_used[0] == "mill-creek.md"
    assert answer.confidence != "high"


async def test_money_question_prefers_a_currency_amount_over_a_count() -> None:
    excerpts = [
        PageExcerpt("sites.md", "Sites", "38 sensors in total across the sites in 2025."),
        PageExcerpt("money.md", "Money", "Total across the sites in 2025: $58,300."),
    ]

    answer = await reasoner.answer_from_excerpts(
        "How much money came in across the sites in 2025?", excerpts
    )

    assert answer.answer.splitlines()[0] == "Total across the sites in 2025: $58,300. (money.md)"


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        pytest.param("Subscribers: 1,340 (October 2026).", {"figure", "count", "date"}, id="count"),
        pytest.param("One slot at $300.", {"figure", "money", "count"}, id="money-and-one"),
        pytest.param("Published at 7:00 on 2026-05-08.", {"figure", "date"}, id="time-not-count"),
        pytest.param("Price: $300.", {"figure", "money"}, id="price-not-count"),
        pytest.param("Kept at The National Archives.", {"place"}, id="place"),
        pytest.param("They left because of budget cuts.", {"reason"}, id="reason"),
        pytest.param("nothing here at all", set(), id="none"),
    ],
)
def test_answer_kinds(text: str, kinds: set[str]) -> None:
    assert answer_kinds(text) == kinds


def test_text_words_join_irregular_past_forms() -> None:
    assert text_words("Palermo fell; the king held court") >= {"fall", "hold", "palermo"}


def test_name_aliases_need_the_acronym_written_somewhere() -> None:
    words = text_words("Coastal Clean Water contract")

    found = name_aliases("Coastal Clean Water contract", ["CCW signed."], words)
    absent = name_aliases("Coastal Clean Water contract", ["Nothing else."], words)

    assert frozenset({"ccw"}) in found["coastal"]
    assert "coastal" not in absent


def test_name_aliases_link_a_name_and_its_epithet() -> None:
    aliases = name_aliases(
        "Where did the Conqueror land?", ["William the Conqueror."], text_words("Conqueror land")
    )

    assert frozenset({"william"}) in aliases["conqueror"]


# --- markdown splitting -------------------------------------------------------------------


def test_split_passages_is_markdown_aware() -> None:
    text = """---
ignored: no
---
# Title

Intro with a [link](https://example.com) and [[wiki/page|an alias]] and **bold**. Second
sentence, e.g. this one, continues. Third!

```python
code = "not a passage"
```

> Quoted text here.

- item one
  continues here
1. numbered item
Owner: Alice
SLA: 15 minutes
"""
    passages = [p.text for p in split_passages(text, page="p.md", title="T")]

    assert "Intro with a link and an alias and bold." in passages
    assert "Second sentence, e.g. this one, continues." in passages
    assert "Third!" in passages
    assert not any("code" in p for p in passages)
    assert "Quoted text here." in passages
    assert "item one continues here" in passages
    assert "numbered item" in passages
    assert "Owner: Alice" in passages and "SLA: 15 minutes" in passages
    assert not any(p == "Title" for p in passages)


def test_key_value_line_after_a_broken_sentence_continues_it() -> None:
    text = "William ordered a survey of\nEngland: who held what land.\nOwner: Alice\nSLA: 15 min"

    passages = [p.text for p in split_passages(text)]

    assert passages == [
        "William ordered a survey of England: who held what land.",
        "Owner: Alice",
        "SLA: 15 min",
    ]


def test_passages_carry_title_and_heading_context() -> None:
    passages = split_passages("# Top\n## Sub\nText here.\n# Next\nMore.", title="Page")

    assert [(p.text, p.context) for p in passages] == [
        ("Text here.", "Page Top Sub"),
        ("More.", "Page Next"),
    ]


# --- page picks ---------------------------------------------------------------------------


async def test_pick_pages_keeps_scores_near_the_top_and_caps() -> None:
    candidates = [
        PageCandidate("a.md", "A", score=10.0),
        PageCandidate("b.md", "B", score=5.0),
        PageCandidate("c.md", "C", score=3.0),
        PageCandidate("d.md", "D", score=2.9),
        PageCandidate("e.md", "E", score=0.0),
    ]

    choice = await reasoner.pick_pages("What is CCW's SLA?", candidates, max_pages=5)
    capped = await reasoner.pick_pages("What is CCW's SLA?", candidates, max_pages=2)

    assert choice.paths == ["a.md", "b.md", "c.md"]
    assert capped.paths == ["a.md", "b.md"]
    assert choice.time_sensitive is None  # the flow applies the wording rule, with its `now`


async def test_pick_pages_unranked_falls_back_to_word_overlap() -> None:
    candidates = [
        PageCandidate("team.md", "Team", "who does what"),
        PageCandidate("ccw.md", "CCW", "anchor client", snippet="First-response SLA 15 minutes"),
    ]

    choice = await reasoner.pick_pages("What is CCW's SLA?", candidates, max_pages=5)

    assert choice.paths == ["ccw.md"]


async def test_pick_pages_leaves_time_sensitivity_to_the_flow() -> None:
    choice = await reasoner.pick_pages("What did Anthropic announce this week?", [], max_pages=5)

    assert choice.paths == [] and choice.time_sensitive is None


@pytest.mark.parametrize(
    ("question", "year", "expected"),
    [
        pytest.param("What did Anthropic announce this week?", 2026, True, id="wording"),
        pytest.param("What are CCW's goals for 2027?", 2026, True, id="a-future-year"),
        pytest.param("What are CCW's goals for 2027?", 2030, False, id="the-same-year-past"),
    ],
)
def test_offline_time_sensitivity_is_judged_on_the_queries_day(
    question: str, year: int, expected: bool
) -> None:
    from datetime import UTC, datetime

    from conftest import FIXTURES

    from swarm.wiki_query import query

    now = datetime(year, 6, 1, tzinfo=UTC)
    result = query(question, wiki_dir=FIXTURES / "brain", model="offline", now=now)
    assert result.time_sensitive is expected


# --- research -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("topic", "expected"),
    [
        pytest.param("Python vs Rust", ["Python", "Rust"], id="vs-single-words"),
        pytest.param("Python versus Rust", ["Python", "Rust"], id="versus"),
        pytest.param("compare Postgres and SQLite", ["Postgres", "SQLite"], id="compare-and"),
        pytest.param(
            "tidal energy costs in Oregon and offshore wind subsidies in Maine",
            ["tidal energy costs in Oregon", "offshore wind subsidies in Maine"],
            id="two-substantial-parts",
        ),
        pytest.param(
            "water quality sensors; chlorine residual regulation, turbidity monitoring costs",
            ["water quality sensors", "chlorine residual regulation", "turbidity monitoring costs"],
            id="semicolon-and-comma",
        ),
        pytest.param("research and development", ["research and development"], id="thin-parts"),
        pytest.param("salt and pepper shakers", ["salt and pepper shakers"], id="one-concept"),
        pytest.param("history of the Normans", ["history of the Normans"], id="no-conjunction"),
        pytest.param("revenue of 1,000 firms", ["revenue of 1,000 firms"], id="number-comma"),
        pytest.param(
            "red apples, green pears, ripe plums, sour cherries, wild berries, fresh figs",
            [
                "red apples",
                "green pears",
                "ripe plums",
                "sour cherries",
                "wild berries, fresh figs",
            ],
            id="capped-at-five",
        ),
    ],
)
def test_split_topic(topic: str, expected: list[str]) -> None:
    assert split_topic(topic, max_queries=5) == expected


async def test_plan_subqueries_keeps_a_thin_topic_whole() -> None:
    assert await reasoner.plan_subqueries("Normans") == ["Normans"]
    assert await reasoner.plan_subqueries("Python vs Rust", max_queries=1) == ["Python, Rust"]


async def test_write_report_cites_each_source_and_lists_them() -> None:
    sources = [
        SourceText(
            1,
            "Tidal power",
            "https://en.wikipedia.org/wiki/Tidal_power",
            "wikipedia",
            "Tidal power converts the energy of tides into electricity. It is predictable. "
            "The first large tidal power station opened at La Rance in 1966.",
        ),
        SourceText(2, "Blog", "https://example.com/tides", "web", "Tidal power costs are high."),
        SourceText(3, "Empty", "https://example.com/empty", "web", ""),
    ]

    report = await reasoner.write_report("tidal power station", sources)

    assert "La Rance in 1966. [1]" in report
    assert "Tidal power costs are high. [2]" in report
    assert "It is predictable." not in report  # only the 2 best sentences per source
    assert "## Sources" in report
    assert "[3] Empty — https://example.com/empty (web)" in report
    assert "[1] Tidal power — https://en.wikipedia.org/wiki/Tidal_power (wikipedia)" in report


async def test_write_report_without_sources() -> None:
    assert "No sources" in await reasoner.write_report("tides", [])


# --- the bot ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "What is CCW's SLA?", "[RESEARCH depth=deep] What is CCW's SLA?", id="stable-fact"
        ),
        pytest.param(
            "What did Anthropic announce this week?",
            "[RESEARCH depth=quick] What did Anthropic announce this week?",
            id="time-sensitive",
        ),
        pytest.param(
            "Compare  Hetzner\nand AWS for us",
            "[RESEARCH depth=deep] Compare Hetzner and AWS for us",
            id="deep-one-line",
        ),
        pytest.param(
            "Write a report on tidal power",
            "[RESEARCH depth=deep] Write a report on tidal power",
            id="report",
        ),
        pytest.param("   ", "", id="empty"),
        pytest.param("hello", SMALL_TALK_REPLY, id="greeting-no-research"),
        pytest.param("Hi there, how are you?", SMALL_TALK_REPLY, id="chit-chat-no-research"),
        pytest.param("thanks!", THANKS_REPLY, id="thanks-no-research"),
        pytest.param(
            "Hello, what is CCW's SLA?",
            "[RESEARCH depth=deep] Hello, what is CCW's SLA?",
            id="greeting-with-a-question-is-researched",
        ),
    ],
)
async def test_draft_reply_is_one_research_line(message: str, expected: str) -> None:
    assert await reasoner.draft_reply(message, []) == expected


async def test_final_reply_says_where_each_finding_came_from_and_admits_errors() -> None:
    findings = [
        Finding("CCW SLA", "wiki", "First-response SLA: 15 minutes."),
        Finding("tidal power", "deep", "Tides make power [1]."),
        Finding("market", "quick", "", error="web search failed"),
    ]

    reply = await reasoner.final_reply("question", [], findings)

    assert "**CCW SLA** (from your wiki):\nFirst-response SLA: 15 minutes." in reply
    assert "(from a research report)" in reply and "Tides make power [1]." in reply
    assert "couldn't research this (web search failed)" in reply


async def test_final_reply_without_findings() -> None:
    assert "couldn't find" in await reasoner.final_reply("q", [], [])

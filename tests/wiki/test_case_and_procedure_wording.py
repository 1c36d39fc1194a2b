"""Time-sensitivity by wording, through `query(model="offline")`: the situation a procedure is
asked for ("The state is still locked. How do I release it?", "Which command tells me the
current timezone?"), the amount a procedure works out ("How do I work out how much to
invoice?"), the asker's own case told before the question ("I'm ill this morning.", then
"Can I still ...") or set as its condition ("If my bank details change ..."), a
rule's reach ("and still count as early-career", "count towards this month's ARR"),
licensing ("released under which license"), a past state ("were still open after the
audit") and what a one-off thing cost in the past tense ("What did the offsite cost?") ask
about nothing that moves; the near questions that do ask about now or a price still go
outside, and a caller's explicit flag still wins."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki_query import query

PAGES = {
    "tofu.md": """# OpenTofu

When a run is killed the state stays locked; release the lock with `tofu force-unlock <id>`.
""",
    "date.md": """# date

To show the current timezone: `date +%Z`
""",
    "sick-leave.md": """# Sick leave

If you are ill, post in #absences before 09:30 and tell your lead.
""",
    "benefits.md": """# Health insurance

US teammates are covered by health insurance from their first day.
""",
    "early-career.md": """# Early-career engineers

Engineers with up to two years of experience count as early-career engineers.
""",
    "arr.md": """# ARR definitions

A renewal counts towards ARR in the month its contract starts, not the month it is signed.
""",
    "core.md": """# Licences

The open source core is released under the Apache 2.0 licence.
""",
    "invoices.md": """# Contractor invoices

Contractors outside the US invoice monthly: hours worked times the hourly rate in the
contract, in the contract's currency.
""",
    "payroll.md": """# Payroll

Payroll runs on the 24th; bank detail changes after the 18th go into the next month.
""",
    "expenses.md": """# Expenses

Submit receipts within 90 days; older receipts need your manager's approval.
""",
    "audit.md": """# Accessibility audit

The audit found 14 issues; 11 were fixed by the end of the sprint and 3 stayed open.
""",
    "offsites.md": """# Sample team offsites

The Croatia offsite cost 1,450 euros per person, all in.
""",
}


@pytest.mark.parametrize(
    ("question", "time_sensitive"),
    [
        pytest.param(
            "A tofu run got killed and the state is still locked. How do I release it?",
            False,
            id="procedure-after-situation",
        ),
        pytest.param("The tofu state got locked. Is it still locked?", True, id="is-it-still"),
        pytest.param("Which command tells me the current timezone?", False, id="command-ask"),
        pytest.param("What is the current timezone of the Berlin office?", True, id="current"),
        pytest.param(
            "I'm ill this morning. Where do I let people know and by what time?",
            False,
            id="asker-case",
        ),
        pytest.param("I need this morning's absences. Who is ill?", True, id="asker-wants-to-know"),
        pytest.param(
            "I'm starting next month in the US: from when am I covered by health insurance?",
            False,
            id="asker-case-colon",
        ),
        pytest.param("Who is covered by health insurance next month?", True, id="next-month"),
        pytest.param(
            "How much experience can someone have and still count as an early-career engineer?",
            False,
            id="still-count-as",
        ),
        pytest.param("Is Dana still an early-career engineer?", True, id="still-is"),
        pytest.param(
            "A renewal starts on the 10th of next month. Does it count towards this month's ARR?",
            False,
            id="count-towards-arr",
        ),
        pytest.param("What is this month's ARR?", True, id="arr-figure"),
        pytest.param("Under which license is the open source core released?", False, id="licence"),
        pytest.param("When is the next open source core released?", True, id="release"),
        pytest.param(
            "I'm a contractor outside the US. How do I work out how much to invoice each month?",
            False,
            id="procedure-for-an-amount",
        ),
        pytest.param("How much do contractors bill each month?", True, id="how-much-billed"),
        pytest.param(
            "If my bank details change on the 20th, will it make this month's payroll?",
            False,
            id="own-case-condition",
        ),
        pytest.param(
            "Which bank details changes make this month's payroll?", True, id="this-month"
        ),
        pytest.param(
            "I found a four-month-old receipt I never submitted. Can I still expense it?",
            False,
            id="still-after-the-case-told",
        ),
        pytest.param("Can I still expense receipts?", True, id="still-alone"),
        pytest.param(
            "How many accessibility issues were still open after the audit sprint?",
            False,
            id="past-still",
        ),
        pytest.param("How many accessibility issues are still open?", True, id="present-still"),
        pytest.param(
            "What did the team offsite in Croatia cost per person?", False, id="past-cost"
        ),
        pytest.param(
            "What does the team offsite in Croatia cost per person?", True, id="present-cost"
        ),
    ],
)
def test_case_and_procedure_wording(tmp_path: Path, question: str, time_sensitive: bool) -> None:
    wiki = page_wiki(tmp_path, PAGES)

    result = query(question, model="offline", wiki_dir=wiki)

    assert result.time_sensitive is time_sensitive, result.answer
    assert result.error is None
    if time_sensitive:
        assert result.go_external


def test_a_procedure_answered_high_stays_in_the_wiki(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, PAGES)

    result = query(
        "A tofu run got killed and the state is still locked. How do I release it?",
        model="offline",
        wiki_dir=wiki,
    )

    assert "tofu force-unlock" in result.answer
    assert result.pages_consulted[:1] == ["tofu.md"]
    assert result.go_external is (result.confidence != "high")


@pytest.mark.parametrize("flag", [True, False])
def test_the_callers_flag_wins(tmp_path: Path, flag: bool) -> None:
    wiki = page_wiki(tmp_path, PAGES)

    asked = query(
        "Which command tells me the current timezone?", flag, wiki_dir=wiki, model="offline"
    )
    priced = query(
        "What does the team offsite in Croatia cost per person?",
        flag,
        wiki_dir=wiki,
        model="offline",
    )

    assert asked.time_sensitive is flag
    assert priced.time_sensitive is flag

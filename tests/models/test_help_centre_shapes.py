"""Offline confidence on the shapes a product help centre writes: a page title listing two
siblings with a section for each ("Traffic spike or drop notifications"), the product's name
on every page, a page summary listing what the page covers, yes/no questions with a
condition, and "what counts as" questions. Each rule: a case that earns high and the near
miss that must not."""

from __future__ import annotations

from pathlib import Path

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

# --- a section about the sibling the title lists with the asked one ----------------------

_SPIKE = (
    "# Traffic spike or drop notifications\n\n"
    "You can get an email when traffic spikes or drops.\n\n"
    "## Set the threshold for the traffic spike notifications\n\n"
    "The default threshold is 10 current visitors, but you can set it as high as you want.\n"
)
_DROP = (
    "\n## Set the threshold for the traffic drop notifications\n\n"
    "The default threshold is 1 unique visitor in the last 12 hours.\n"
)
_DROP_QUESTION = "What is the default threshold for the traffic drop notification?"


def test_a_section_about_the_sibling_of_the_asked_one_is_not_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"notifications.md": _SPIKE})
    result = query(_DROP_QUESTION, wiki_dir=wiki, model="offline")
    assert_level(result, "not high", "10 current visitors")


def test_the_asked_ones_own_section_answers_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"notifications.md": _SPIKE + _DROP})
    result = query(_DROP_QUESTION, wiki_dir=wiki, model="offline")
    assert_level(result, "high", "1 unique visitor")
    assert result.answer.startswith("The default threshold is 1 unique visitor"), result.answer


# --- the product's own name, and an acronym of the question's words, name no instance -----

_PRODUCT_PAGES = {  # read with the SSO page: each names the product
    "billing.md": "# Billing\n\nAcme Cloud bills each plan monthly: the plan you need "
    "depends on your team.\n",
    "members.md": "# Members\n\nMembers sign in to Acme Cloud with single sign-on or their "
    "email.\n",
    "reports.md": "# Reports\n\nAcme Cloud reports use the limits of your plan.\n",
}
_SSO = (
    "# Single sign-on\n\n"
    "Your team can sign in to Acme Cloud using single sign-on (SSO). "
    "This removes the need for manual account creation.\n\n"
    "## Configuring\n\nCreate a team first.\n\n"
    "Then subscribe your team to a plan with SSO enabled.\n"
)


def test_the_products_name_is_no_plan(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {**_PRODUCT_PAGES, "sso.md": _SSO})
    result = query("Which plan do I need to use single sign-on?", wiki_dir=wiki, model="offline")
    assert_level(result, "not high", "single sign-on")


def test_a_plan_named_answers_which_plan_high(tmp_path: Path) -> None:
    sso = "# Single sign-on\n\nTo use single sign-on, you need the Orbit plan.\n"
    pages = {**_PRODUCT_PAGES, "sso.md": sso}
    wiki = page_wiki(tmp_path, pages)
    result = query("Which plan do I need to use single sign-on?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "Orbit")


# --- "which X": X only in the plural names none of them ------------------------------------

_SHORTCUTS = (
    "---\ndescription: Full list of keyboard shortcuts for switching date ranges, enabling "
    "comparisons and navigating the dashboard.\n---\n\n# Keyboard shortcuts\n\n"
    "| Key | Action |\n|---|---|\n| W | Last 7 days |\n| X | Enable comparison |\n"
)


def test_a_summary_of_shortcuts_names_no_shortcut(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"shortcuts.md": _SHORTCUTS})
    question = "Which keyboard shortcut switches on the comparison?"
    result = query(question, wiki_dir=wiki, model="offline")
    assert result.confidence != "high", result.answer


def test_the_one_shortcut_named_answers_high(tmp_path: Path) -> None:
    page = "# Comparing periods\n\nThe keyboard shortcut Ctrl+K switches the comparison on.\n"
    wiki = page_wiki(tmp_path, {"compare.md": page})
    question = "Which keyboard shortcut switches on the comparison?"
    result = query(question, wiki_dir=wiki, model="offline")
    assert_level(result, "high", "Ctrl+K")


# --- a yes/no question's condition left out -------------------------------------------------

_SUBSCRIPTION_QUESTION = "Does my subscription move over with a site when I transfer it?"


def test_a_yes_no_answer_leaving_out_the_condition_is_not_high(tmp_path: Path) -> None:
    # The pages read speak of sites and transfers throughout: those words weigh little, and
    # the answer states neither.
    transfer = (
        "# Transfer a site\n\nYou can transfer a site to another account. The site keeps its "
        "stats after the transfer. Start the transfer from the site's settings. A transfer of "
        "a site needs the other account's email.\n"
    )
    settings = (
        "# Account settings\n\nTo transfer a site, open its settings.\n\n"
        "Your email address is shown at the top.\n\n"
        "If you are not part of a team, your subscription and API keys are managed here. "
        "If you are part of a team, these move to team settings instead.\n"
    )
    wiki = page_wiki(tmp_path, {"transfer.md": transfer, "account-settings.md": settings})
    result = query(_SUBSCRIPTION_QUESTION, wiki_dir=wiki, model="offline")
    assert_level(result, "not high", "move to team settings")


def test_a_yes_no_answer_stating_the_condition_is_high(tmp_path: Path) -> None:
    page = (
        "# Transfer a site\n\n"
        "No: your subscription stays with your account and does not move over with a site "
        "when you transfer it.\n"
    )
    wiki = page_wiki(tmp_path, {"transfer.md": page})
    result = query(_SUBSCRIPTION_QUESTION, wiki_dir=wiki, model="offline")
    assert_level(result, "high", "does not move over")


# --- "what counts as": a criterion, not a count ---------------------------------------------

_LIVE = (
    "---\ndescription: The live dashboard updates every 30 seconds and shows current "
    "visitors, top pages and sources.\n---\n\n# Live dashboard\n\n"
)
_LIVE_QUESTION = "What counts as a current visitor on the live dashboard?"


def test_a_summary_naming_the_thing_gives_no_criterion(tmp_path: Path) -> None:
    page = _LIVE + "The live dashboard looks like the default dashboard.\n"
    wiki = page_wiki(tmp_path, {"live.md": page})
    result = query(_LIVE_QUESTION, wiki_dir=wiki, model="offline")
    assert result.confidence != "high", result.answer


def test_a_criterion_answers_what_counts_as_high(tmp_path: Path) -> None:
    page = (
        "# Live dashboard\n\nOn the live dashboard, current visitors are defined as those "
        "who visited your site within the last few minutes.\n"
    )
    wiki = page_wiki(tmp_path, {"live.md": page})
    result = query(_LIVE_QUESTION, wiki_dir=wiki, model="offline")
    assert_level(result, "high", "last few minutes")


def test_what_counts_as_a_term_is_answered_by_its_meaning(tmp_path: Path) -> None:
    page = "# Sev\n\nIncident severity: Sev1 means a client's production is down, Sev2 degraded.\n"
    wiki = page_wiki(tmp_path, {"sev.md": page})
    result = query("What counts as a Sev1?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "production is down")


def test_still_counting_as_asks_for_the_criterion_not_a_count(tmp_path: Path) -> None:
    page = (
        "# Junior engineers\n\nA junior engineer is anyone with less than 24 months of "
        "professional experience.\n"
    )
    wiki = page_wiki(tmp_path, {"junior.md": page})
    question = "How much experience can someone have and still count as a junior engineer?"
    result = query(question, wiki_dir=wiki, model="offline")
    assert_level(result, "high", "24 months")

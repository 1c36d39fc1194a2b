"""A question's "<qualifier> <noun>" ("the global filter setting", "a low priority task") is not
vouched for by a passage that names the noun only under "most" / "some", puts another noun
after the qualifier ("the global query"), or lists the qualifier as one value among several
("high, medium or low"); the passage that speaks of all of the kind, of the asked noun, or of
the qualifier alone keeps `high`. Through `query()` on small wikis where the question's
shared words (global, filter, priority) are on every page, so only the rule decides."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

FILTER_PAGES = {
    "filter.md": (
        "# Global filter\n\nYou can set a global filter in the settings so that only checklist "
        "items holding a string are tasks.\n\nThe global filter can be a tag or any string.\n\n"
        "Leave the global filter empty to treat every checklist item as a task.\n\n"
        "## Settings for the global filter\n\nNote you must restart the plugin after changing "
        "any settings here.\n"
    ),
    "tags.md": (
        "# Tags\n\nDo not use the global filter tag in your searches.\n\nThe global filter "
        "tag is removed from task lines.\n"
    ),
    "explain.md": (
        "# Explain\n\nThe explanation shows the global filter when one is set.\n\nA missing "
        "task may be hidden by the global filter.\n"
    ),
}
SETTINGS = (
    "# Settings\n\n## Restart after changing settings\n\nChanges to {} plugin settings take "
    "immediate effect.\n\nRegrettably, a few require the vault to be reloaded.\n\n"
    "## Available settings\n\n- [[Global filter]]\n- [[Dates]]\n"
)


@pytest.mark.parametrize(
    ("quantified", "confidence"),
    [
        pytest.param("all of the", "high", id="all-settings-take-in-the-asked-one"),
        pytest.param("most of the", "not high", id="most-settings-leave-it-open"),
        pytest.param("some of the", "not high", id="some-settings-leave-it-open"),
    ],
)
def test_most_of_a_kind_does_not_vouch_for_the_asked_one(
    tmp_path: Path, quantified: str, confidence: str
) -> None:
    pages = {**FILTER_PAGES, "settings.md": SETTINGS.format(quantified)}
    wiki = page_wiki(tmp_path, pages)
    asked = "After changing the global filter setting, what do I have to do for it to take effect?"
    assert_level(query(asked, wiki_dir=wiki, model="offline"), confidence, "immediate effect")


SEARCHES = (
    "# Global {0}\n\nThe global query is more flexible than the global filter.\n\n"
    "## Ignoring it\n\n"
    "Your task searches can ignore the global {0}: add the line ignore global {0} to include "
    "tasks tagged work in those folders.\n"
)


@pytest.mark.parametrize(
    ("noun", "confidence"),
    [
        pytest.param("filter", "high", id="the-asked-global-filter"),
        pytest.param("query", "not high", id="another-noun-after-global"),
    ],
)
def test_another_noun_after_the_qualifier_is_another_thing(
    tmp_path: Path, noun: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {**FILTER_PAGES, "searches.md": SEARCHES.format(noun)})
    asked = "Should I include my global filter tag in my task searches?"
    assert_level(query(asked, wiki_dir=wiki, model="offline"), confidence, f"global {noun}")


PRIORITY_PAGES = {
    "format.md": (
        "# Task format\n\nA task line holds its description, then its priority signifier and "
        "its dates.\n\nEach priority has its own signifier.\n"
    ),
    "suggest.md": (
        "# Auto-suggest\n\nAuto-suggest offers a signifier for each priority as you type.\n"
    ),
}
PRIORITY = (
    "# Priority\n\nTasks can have a priority.\n\n## Easy adding of priorities\n\nUsing "
    "auto-suggest, start typing the first few characters of {}, and press return to accept the "
    "suggested signifier.\n"
)


@pytest.mark.parametrize(
    ("values", "question", "confidence"),
    [
        pytest.param("low", "What's the signifier for a low priority task?", "high", id="low"),
        pytest.param(
            "high, medium or low",
            "What's the signifier for a low priority task?",
            "not high",
            id="low-one-of-three-values",
        ),
        pytest.param(
            "high, medium or low",
            "Does typing the first characters of a low priority accept the suggested signifier?",
            "high",
            id="a-yes-no-question-is-answered-by-the-list",
        ),
    ],
)
def test_a_qualifier_listed_among_its_values_is_not_singled_out(
    tmp_path: Path, values: str, question: str, confidence: str
) -> None:
    wiki = page_wiki(tmp_path, {**PRIORITY_PAGES, "priority.md": PRIORITY.format(values)})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, "characters of")

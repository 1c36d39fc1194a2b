"""'A used Giesen W15' is a second-hand roaster, not the verb a question asks with: the
passage's words (`text_words`, what the offline answerer matches a question against) hold
no "use", so "What roaster does Magpie & Ember use?" is not answered from another client's
line that says "a used"; the verb ("Magpie & Ember used a Diedrich") still states it."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.models.evidence import lemma, text_words
from swarm.wiki_query import query

USE = lemma("use")


@pytest.mark.parametrize(
    ("text", "states_use"),
    [
        pytest.param("Roaster: a used Giesen W15 bought in 2023", False, id="a-used-machine"),
        pytest.param("We bought an used espresso machine.", False, id="an-used"),
        pytest.param("Magpie & Ember used a Diedrich IR-12.", True, id="the-verb"),
        pytest.param("The roaster is used daily.", True, id="the-passive"),
    ],
)
def test_used_as_adjective_is_no_use(text: str, states_use: bool) -> None:
    assert (USE in text_words(text)) is states_use


def test_the_verb_used_still_answers(tmp_path: Path) -> None:
    pages = {"roastery.md": "# Roastery\n\nMagpie & Ember used a Diedrich IR-12 for every roast.\n"}
    result = query(
        "What roaster did Magpie & Ember use?", wiki_dir=page_wiki(tmp_path, pages), model="offline"
    )
    assert result.confidence == "high", result.answer
    assert "Diedrich IR-12" in result.answer

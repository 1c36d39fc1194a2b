"""The asked entity's own page answers, through `query(model="offline")`: a question naming
something the wiki has a page about ("Tanzania's capital city") is answered from that page's
field rows, which carry the page's title as their subject, not from another entity's row
that happens to share more of the question's words ("Capital | Vatican City"); another
page's passage that names the entity still answers, and one that names it nowhere is never
high."""

from __future__ import annotations

from pathlib import Path

from fakes import assert_level, page_wiki

from swarm.wiki_query import query

TANZANIA = """# Tanzania

Tanzania lies in East Africa, between Kenya and Mozambique, on the Indian Ocean.

## Quick facts

Capital: Dodoma
Independence: 26 April 1964
"""
HOLY_SEE = """# Holy See (Vatican City)

The Holy See is the smallest state in the world, inside the city of Rome.

## Facts

| Field | Value |
| --- | --- |
| Capital | Vatican City |
| Area | 0.44 sq km |
"""
KENYA = """# Kenya

Kenya lies in East Africa on the Indian Ocean; its highlands grow tea and coffee.
"""
CAPITALS = """# Capitals we visited

Tanzania's capital city moved from Dar es Salaam to Dodoma in 1996.
"""


def test_the_asked_countrys_page_answers_not_another_countrys_row(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"tanzania.md": TANZANIA, "holy-see.md": HOLY_SEE})
    result = query("What is Tanzania's capital city?", wiki_dir=wiki, model="offline")
    first = result.answer.splitlines()[0]
    assert "Dodoma" in first and "Vatican" not in first, result.answer
    assert result.pages_consulted[0] == "tanzania.md"


def test_the_asked_countrys_row_is_high_when_it_covers_the_question(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"tanzania.md": TANZANIA, "holy-see.md": HOLY_SEE})
    result = query("What is the capital of Tanzania?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "Dodoma")
    assert "Vatican" not in result.answer


def test_another_countrys_row_is_not_high_when_the_asked_page_lacks_it(tmp_path: Path) -> None:
    # Kenya's page is read but states no capital: the Holy See's row is no answer for Kenya.
    wiki = page_wiki(tmp_path, {"kenya.md": KENYA, "holy-see.md": HOLY_SEE})
    result = query("What is Kenya's capital city?", wiki_dir=wiki, model="offline")
    assert result.confidence != "high", result.answer
    assert not result.answer.startswith("Capital | Vatican City"), result.answer


def test_a_passage_elsewhere_naming_the_entity_still_answers(tmp_path: Path) -> None:
    # Tanzania's own page states no capital; a page on another subject that names it does.
    wiki = page_wiki(
        tmp_path,
        {
            "tanzania.md": KENYA.replace("Kenya", "Tanzania"),
            "capitals.md": CAPITALS,
            "holy-see.md": HOLY_SEE,
        },
    )
    result = query("What is Tanzania's capital city?", wiki_dir=wiki, model="offline")
    assert "Dodoma" in result.answer.splitlines()[0], result.answer
    assert result.pages_consulted[0] == "capitals.md"


RHINE = """# Rhine

The Rhine rises in the Swiss Alps. For a stretch it is the national border of Switzerland and
Germany, then it flows past Basel, Strasbourg, Cologne and Rotterdam to the North Sea.
"""
DANUBE = """# Danube

The Danube flows from the Black Forest to the Black Sea. Since 1992 the Main-Danube Canal, a
national waterway of Germany, has connected it to the Rhine. Four capital cities lie on its
banks: Vienna, Bratislava, Budapest and Belgrade.
"""


def test_another_rivers_sentence_does_not_lift_a_span_to_high(tmp_path: Path) -> None:
    # The canal sentence names the Rhine; the capitals beside it are the Danube's.
    wiki = page_wiki(tmp_path, {"rhine.md": RHINE, "danube.md": DANUBE})
    result = query("Which national capitals lie on the Rhine?", wiki_dir=wiki, model="offline")
    assert result.confidence != "high", result.answer
    assert result.go_external is True


def test_the_rivers_own_page_answers_at_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"rhine.md": RHINE, "danube.md": DANUBE})
    result = query("Which national capitals lie on the Danube?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "Budapest")


RUSSIA = """# Russia

Russia spans eleven time zones from the Baltic Sea to the Pacific Ocean.

## Facts

| Field | Value |
| --- | --- |
| Capital | Moscow |
| National holiday | Russia Day, 12 June (1990) |
"""
LITHUANIA = """# Lithuania

Lithuania lies on the Baltic Sea, south of Latvia.

## Facts

- **National holiday:** Independence Day (or National Day), 16 February (1918)
"""
TOLSTOY = """# Leo Tolstoy

Leo Tolstoy wrote the novel War and Peace, published in 1869, on his estate south of Moscow.
"""


def test_a_people_named_after_a_country_is_asked_about_its_page(tmp_path: Path) -> None:
    # "Russians" is the people of "Russia": Russia's own row answers, not Lithuania's.
    wiki = page_wiki(tmp_path, {"russia.md": RUSSIA, "lithuania.md": LITHUANIA})
    result = query(
        "On what day do Russians celebrate their national holiday?", wiki_dir=wiki, model="offline"
    )
    assert "12 June" in result.answer.splitlines()[0], result.answer
    assert result.pages_consulted[0] == "russia.md"


def test_the_countrys_own_row_is_high_when_the_country_is_named(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"russia.md": RUSSIA, "lithuania.md": LITHUANIA})
    result = query("What is Russia's national holiday?", wiki_dir=wiki, model="offline")
    assert_level(result, "high", "12 June")
    assert "Lithuania" not in result.answer and "16 February" not in result.answer


def test_an_adjective_of_a_country_does_not_take_over_the_question(tmp_path: Path) -> None:
    # "Russian" only qualifies the novelist: Tolstoy's page answers, at no more than medium
    # (it never says "Russian"), and Russia's page does not.
    wiki = page_wiki(tmp_path, {"russia.md": RUSSIA, "tolstoy.md": TOLSTOY})
    result = query("Which Russian novelist wrote War and Peace?", wiki_dir=wiki, model="offline")
    assert "Tolstoy" in result.answer.splitlines()[0], result.answer
    assert result.confidence != "high", result.answer

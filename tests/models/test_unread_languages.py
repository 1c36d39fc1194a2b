"""Questions in a language the offline evidence rule does not read (`unread_language`): the
rule knows the negations and opposites of English, Spanish, French, German, Italian,
Portuguese, Chinese and Japanese only. In Russian, Korean or Dutch, a passage saying the opposite of
the question matches every one of its words, so no such answer is `high`; an English question
naming a thing in another script is still read as English."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import ask_offline, assert_level

from swarm.models.question_language import question_language
from swarm.models.unread_language import unread_language

LEAVE_RU = """# Отпуск

Каждый сотрудник получает 28 дней оплачиваемого отпуска в год.

Неиспользованные дни отпуска не переносятся на следующий год.
"""
SHOP_NL = """# Winkel

De winkel in de Kerkstraat is op zondag niet open. Op zaterdag sluit de winkel om vijf uur.
"""
PARKING_KO = """# 사무실

사무실 주차장은 주말에 열지 않아요. 평일에는 오전 8시부터 주차할 수 있어요.
"""
OFFICE = """# Moscow office

The Moscow office moved to Тверская улица in 2019; the lease runs until 2029.
"""


@pytest.mark.parametrize(
    ("pages", "question", "must_hold"),
    [
        # "do unused days carry over?" against "they do not carry over"
        (
            {"otpusk.md": LEAVE_RU},
            "Неиспользованные дни отпуска переносятся на следующий год?",
            "не переносятся",
        ),
        # Korean: "is the office car park open at weekends?" against "it does not open"
        ({"office.md": PARKING_KO}, "사무실 주차장은 주말에 열어요?", "열지 않아요"),
        # "is the shop open on Sunday?" against "not open on Sunday"
        ({"winkel.md": SHOP_NL}, "Is de winkel in de Kerkstraat op zondag open?", "niet open"),
    ],
)
def test_a_question_in_an_unread_language_is_never_high(
    tmp_path: Path, pages: dict[str, str], question: str, must_hold: str
) -> None:
    assert_level(ask_offline(tmp_path, pages, question), "not high", must_hold)


def test_an_english_question_naming_a_thing_in_another_script_is_read(tmp_path: Path) -> None:
    result = ask_offline(
        tmp_path, {"moscow-office.md": OFFICE}, "When did the Moscow office move to Тверская улица?"
    )
    assert_level(result, "high", "2019")


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("Неиспользованные дни отпуска переносятся?", "Cyrillic"),
        ("Πότε ιδρύθηκε η Αθήνα;", "Greek"),
        ("휴가는 며칠입니까?", "Hangul"),
        ("Hoe vaak moet de koffiemachine ontkalkt worden?", "Dutch"),
        ("Hur ofta byts filtret i kaffemaskinen?", "Swedish"),
        ("Czy parking jest otwarty w weekend?", "another language"),  # Polish
        ("Onko pysäköintialue auki viikonloppuna?", "another language"),  # Finnish
        ("postgres max connections", ""),  # English keywords
        ("Where was Dvořák born?", ""),
        ("Who is in het team this year?", ""),
        ("¿Cuándo abre la tienda?", ""),  # Spanish: read
        ("学生券はいくらですか？", ""),  # Japanese: read
    ],
)
def test_unread_language_names_the_language_or_script(question: str, language: str) -> None:
    assert unread_language(question, question_language(question).codes) == language

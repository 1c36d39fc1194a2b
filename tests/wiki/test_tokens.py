"""Word splitting: `words()` (a byte table and str.split()) gives exactly the regex's words
and CJK bigrams, on hypothesis-made text of every script and on every fixture page."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from swarm.wiki import tokens
from swarm.wiki.tokens import tokenize, word_bytes, words

REFERENCE_WORD_RE = re.compile(r"[^\W_]+")
ASCII_TEXT = st.text(alphabet=st.characters(max_codepoint=127))


@given(ASCII_TEXT)
@example("snake_case, CamelCase\tx1\x1c\x1fy\x0bz 'quoted' don't 3.14 a-b")
@example("\x00\x7f~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./")
def test_ascii_fast_path_equals_the_regex(text: str) -> None:
    assert text.isascii()
    assert words(text) == REFERENCE_WORD_RE.findall(text.lower())


FIXTURES = Path(__file__).resolve().parents[2] / "wiki_fixtures"
# The specification `words()` meets: the regex's runs of letters and digits over the
# lowercased text, each run of CJK characters (Han with 々 and 〆, kana, Hangul) as its
# character bigrams, after each run of fullwidth or halfwidth forms is read as NFKC makes it.
REFERENCE_CJK_RUN = re.compile(
    "[\u1100-\u11ff\u3005\u3006\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff66-\uff9f\U00020000-\U0002fa1f]+"
)


REFERENCE_WIDTH_FORMS = re.compile("[\uff01-\uffef]+")


def reference_words(text: str) -> list[str]:
    pieces: list[str] = []
    text = REFERENCE_WIDTH_FORMS.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)
    for word in REFERENCE_WORD_RE.findall(text.lower()):
        for part in re.split(f"({REFERENCE_CJK_RUN.pattern})", word):
            if REFERENCE_CJK_RUN.fullmatch(part):
                pieces += [part[i : i + 2] for i in range(max(1, len(part) - 1))]
            elif part:
                pieces.append(part)
    return pieces


# Mostly Latin text with what a wiki page holds outside ASCII: accented letters, dashes, curly
# quotes, no-break spaces, letters whose lowercase is longer (İ), ligatures, combining marks,
# other digits, CJK and Hangul runs, fullwidth forms, emoji, lone surrogates.
_PIECES = [
    "a", "Tar", "snake_case", "x1", "3.14", " ", "  ", "\n", "\t", "-", "'", "`", "_", "#",
    "é", "É", "ñ", "ü", "ß", "ẞ", "İ", "ǅ", "ﬁ", "e\u0301", "\u0307", "—", "–", "…", "’", "“",
    "”", "«", "»", "•", "│", "\u00a0", "\u2009", "\u3000", "\x1c", "\x85", "´", "€", "½", "①",
    "٣", "²", "Ⅻ", "α", "Ω", "я", "Щ", "学生券", "的", "カタカナ", "ｶﾀｶﾅ", "한국어", "ᄀ", "𠀋𠀌",
    "Ａｂ", "🔐", "\ud800", "\udfff", "\U0001d400", "ﬀ", "ŉ", "ΐ",
]  # fmt: skip
MOSTLY_LATIN = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)
ANY_CHARACTERS = st.text(alphabet=st.characters(exclude_categories=()))  # surrogates too


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(), ANY_CHARACTERS, MOSTLY_LATIN))
@example("Café Zürich Ελλάδα naïve_test ǅemal İstanbul ß ﬁne ①②")
@example("学生券的价格 한국어 tar—x ‘q’ a\u00a0b \ud800x")
def test_any_text_gives_the_regex_words_and_cjk_bigrams(text: str) -> None:
    assert words(text) == reference_words(text)


# Pages that are ASCII but for a few dashes, quotes or names: each piece above comes with
# ~200 characters of ASCII around it, as on most wiki pages that are not all ASCII.
_FILLER = "Lorem ipsum: dolor_sit amet, x1 3.14 (a-b) 'q' " * 4
MOSTLY_ASCII = st.lists(st.sampled_from(_PIECES), max_size=12).map(
    lambda pieces: _FILLER + _FILLER.join(pieces) + _FILLER
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(MOSTLY_ASCII)
@example(_FILLER + "tar—x ‘q’ Zürich—Ünïcode…end a\u00a0b" + _FILLER)
@example(_FILLER + "ΟΔΟΣ.Β ΑΣ'Β ΣΑΣ x" + _FILLER)  # capital sigma: final or not by context
@example(_FILLER + "İstanbul KELVIN\u212a 学生券的价格" + _FILLER)
def test_mostly_ascii_text_gives_the_regex_words_and_cjk_bigrams(text: str) -> None:
    assert words(text) == reference_words(text)


def split_word_bytes(text: str) -> list[str]:
    data = word_bytes(text)
    # only ASCII spaces between the words (the bulk encoder splits on them alone)
    assert set(data.translate(None, b" ")).isdisjoint(b"\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f")
    return [word.decode("utf-8") for word in data.split(b" ") if word]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(ASCII_TEXT, st.text(), ANY_CHARACTERS, MOSTLY_LATIN, MOSTLY_ASCII))
@example(_FILLER + "tar—x ‘q’ Zürich—Ünïcode…end a\u00a0b" + _FILLER)
@example(_FILLER + "ΟΔΟΣ.Β ΑΣ'Β ΣΑΣ x" + _FILLER)
@example("—leading and trailing—")
@example("学生券的价格 한국어 tar—x ‘q’ a\u00a0b \ud800x")
def test_word_bytes_are_the_words(text: str) -> None:
    """The bytes an index build reads its words from hold exactly `words(text)`, on each
    route (ASCII, mostly ASCII, any text)."""
    assert split_word_bytes(text) == words(text)


def test_every_fixture_page_gives_the_regex_words_and_cjk_bigrams() -> None:
    pages = sorted(FIXTURES.rglob("*.md"))
    assert len(pages) > 4000
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert words(text) == reference_words(text), page


@given(st.text(alphabet=st.sampled_from(list("ab_- 1É\u00dfx.\n"))))
def test_tokenize_is_the_stemmed_words(text: str) -> None:
    expected = [tokens.stem(word) for word in REFERENCE_WORD_RE.findall(text.lower())]
    assert tokenize(text) == [stem for stem in expected if stem]


@pytest.mark.parametrize(
    "forms",
    [
        ("stop", "stops", "stopped", "stopping"),
        ("run", "runs", "running"),
        ("give", "gives", "giving"),
        ("use", "uses", "used", "using"),
        ("name", "names", "named", "naming"),
        ("apply", "applies", "applied"),
        ("fix", "fixes", "fixed"),
        ("uri", "uris"),
        ("vm", "vms"),
        ("agree", "agreed"),
        ("install", "installed", "installing"),
        ("add", "added", "adding"),
        ("jeu", "jeux"),  # French plurals in -x
        ("tableau", "tableaux"),
        ("lieu", "lieux"),
    ],
)
def test_word_forms_share_one_stem(forms: tuple[str, ...]) -> None:
    assert len({tokens.stem(form) for form in forms}) == 1, [tokens.stem(f) for f in forms]


@pytest.mark.parametrize(
    ("word", "other"),
    [
        ("hope", "hop"),
        ("hate", "hat"),
        ("status", "statu"),
        ("gas", "ga"),
        ("need", "ne"),
        ("jeux", "jeton"),
        ("flux", "flu"),
    ],
)
def test_different_words_keep_different_stems(word: str, other: str) -> None:
    assert tokens.stem(word) != tokens.stem(other)

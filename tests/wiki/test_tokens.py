"""Word splitting: the ASCII fast path gives exactly the regex's words."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from swarm.wiki import tokens
from swarm.wiki.tokens import tokenize, words

REFERENCE_WORD_RE = re.compile(r"[^\W_]+")
ASCII_TEXT = st.text(alphabet=st.characters(max_codepoint=127))


@given(ASCII_TEXT)
@example("snake_case, CamelCase\tx1\x1c\x1fy\x0bz 'quoted' don't 3.14 a-b")
@example("\x00\x7f~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./")
def test_ascii_fast_path_equals_the_regex(text: str) -> None:
    assert text.isascii()
    assert words(text) == REFERENCE_WORD_RE.findall(text.lower())


@given(st.text())
@example("Café Zürich Ελλάδα naïve_test ǅemal İstanbul ß ﬁne ①②")
def test_any_text_equals_the_regex(text: str) -> None:
    reference = REFERENCE_WORD_RE.findall(text.lower())
    if not tokens._CJK_RUN.search(text.lower()):
        assert words(text) == reference
    else:  # CJK runs are split into bigrams: the words joined back hold every original word
        assert all(piece in text.lower() for piece in words(text))
        assert len(words(text)) >= len(reference)


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
    ],
)
def test_word_forms_share_one_stem(forms: tuple[str, ...]) -> None:
    assert len({tokens.stem(form) for form in forms}) == 1, [tokens.stem(f) for f in forms]


@pytest.mark.parametrize(
    ("word", "other"),
    [("hope", "hop"), ("hate", "hat"), ("status", "statu"), ("gas", "ga"), ("need", "ne")],
)
def test_different_words_keep_different_stems(word: str, other: str) -> None:
    assert tokens.stem(word) != tokens.stem(other)

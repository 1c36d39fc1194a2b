"""Shortcuts the offline answer step and the prompts take around a regex (a literal check
first, string slices, a search from the last words only) give what the regex alone gives,
on any text: letters of any script, digits that are not decimal, newlines, hyphens, angles,
fullwidth and dotted letters."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from swarm.models import derived_forms, text_names, word_forms
from swarm.untrusted import neutralise

# Pieces the regexes turn on, so random texts hit their edge cases often.
_PIECES = [
    *"aZé ß ǅ ² ½ ٣ ſ K İ ı 中 _ 1 - -- \n \t \u00a0 \u2003 ( ) . : ' d' L'".split(" "),
    " ",
    "in ",
    "at the ",
    "The ",
    "into",
    "Paris",
    "March",
    "Chapter 2",
    "Section IV",
    "x-y",
    "co-op",
    "a1-b",
    "<<<",
    ">>>",
    "<<",
    "untrusted web extract",
    "UNTRUSTED_Web-EXTRACT",
    "ｕｎｔｒｕｓｔｅｄ ｗｅｂ ｅｘｔｒａｃｔ",
    "unt\u200brusted web extract",
    "ment",
    "ation",
    "ness",
    "ers",
    "ing",
    "ly",
    "y",
    "e",
    "s",
    "tt",
    "ll",
]
_TEXTS = st.lists(st.sampled_from(_PIECES) | st.text(max_size=3), max_size=14).map("".join)


def _capitalised_names_by_regex(text: str, sentence_start: bool) -> set[str]:
    found: set[str] = set()
    for match in text_names._CAPITALISED.finditer(text):
        before = text[: match.start()].rstrip()
        if (not before or before[-1] in ".!?:;\n") and not sentence_start:
            continue
        if text_names._CALENDAR_NAME.match(match.group()) or text_names._PLACE_PREFIX.search(
            text[: match.start()]
        ):
            continue
        if text_names._DOCUMENT_PART.match(text, match.start()):
            continue
        found.update(text_names.tokenize(match.group()))
    return found


@settings(max_examples=400)
@given(_TEXTS, st.booleans())
def test_capitalised_names_reads_a_place_word_as_the_whole_text_before_would(
    text: str, sentence_start: bool
) -> None:
    expected = _capitalised_names_by_regex(text, sentence_start)
    assert text_names.capitalised_names(text, sentence_start=sentence_start) == expected


def test_a_place_word_before_a_name_is_found_across_spaces_and_the() -> None:
    assert text_names.capitalised_names("We met in  the \n Paris office") == set()
    assert text_names.capitalised_names("We met Paris there") == {"paris"}
    assert text_names.capitalised_names("(at Paris), then Rome") == {"rome"}


@settings(max_examples=400)
@given(_TEXTS)
def test_hyphenated_pairs_are_the_regexs(text: str) -> None:
    assert word_forms.hyphenated(text) == word_forms._HYPHENATED.findall(text)


def test_hyphenated_pairs_do_not_overlap_and_need_letters_on_both_sides() -> None:
    assert word_forms.hyphenated("a-b-c co-op x1-y --list e-mail2 über-groß") == [
        ("a", "b"),
        ("co", "op"),
        ("über", "groß"),
    ]


def _root_by_regex(word: str) -> str:
    root = derived_forms._FINAL_Y.sub("i", word)
    for _ in range(2):
        shorter = derived_forms._DERIVED.sub("", root)
        if len(shorter) < 4:
            break
        root = shorter
    return derived_forms._DOUBLED.sub(r"\1", root)


@settings(max_examples=400)
@given(_TEXTS)
def test_a_words_root_and_act_noun_verb_are_the_regexs(word: str) -> None:
    act = derived_forms._ACT_NOUN.match(word)
    expected = (_root_by_regex(word), act.group("verb") if act else None)
    assert derived_forms._derived_parts.__wrapped__(word) == expected


def test_roots_of_derived_words() -> None:
    assert derived_forms._root("announcement") == "announc"
    assert derived_forms._root("babysitter") == "babysit"
    assert derived_forms._root("happy") == "happi"
    assert derived_forms._derived_parts("payment") == ("payment", "pay")  # "pay": too short


def _neutralise_by_regex(text: str) -> str:
    from swarm import untrusted

    text = untrusted._normalised(text.replace("\r\n", "\n").replace("\r", "\n"))
    for _ in range(10):
        rewritten = untrusted._ANGLE_RUNS.sub(
            lambda match: match.group(0)[:2],
            untrusted._MARKER_PHRASE.sub(untrusted.MARKER_REPLACEMENT, text),
        )
        if rewritten == text:
            break
        text = rewritten
    return text


@settings(max_examples=400)
@given(_TEXTS)
def test_neutralise_rewrites_what_its_regexes_rewrite(text: str) -> None:
    assert neutralise(text) == _neutralise_by_regex(text)


def test_neutralise_still_breaks_markers_in_any_case_and_width() -> None:
    for marker in ("ｕｎｔｒｕｓｔｅｄ ｗｅｂ ｅｘｔｒａｃｔ", "UNTRUſTED web extract", "<<<<"):
        assert neutralise(marker) != marker
    assert neutralise("<<a>> untrusted web") == "<<a>> untrusted web"


def _plain_words_by_regex(text: str) -> frozenset[str]:
    from swarm.models import evidence

    tokens = evidence.content_words(evidence._USED_ADJECTIVE.sub(r"\1 ", text))
    pasts = tokens & evidence._PAST_FORMS
    if pasts:
        written = set(evidence.words(text))
        tokens = {
            evidence.LEMMA[t]
            if t in pasts and (t in written or t not in evidence._ALSO_BASE)
            else t
            for t in tokens
        }
    return frozenset(tokens) | evidence.date_words(text)


_USED = st.sampled_from(["a ", "An ", "used ", "USED ", "uſed ", "ſ", "İ", "x", "\u00a0", "found "])


@settings(max_examples=400)
@given(st.lists(_USED | _TEXTS, max_size=8).map("".join))
def test_plain_words_read_a_used_adjective_as_the_regex_does(text: str) -> None:
    from swarm.models import evidence

    assert evidence._plain_words(text) == _plain_words_by_regex(text)

"""A page's snippet window is the same with its passages' tokens kept from earlier queries
(the ranker's memo) as computed afresh, question after question; and the same as the plain
rule's (each passage lowercased and probed on its own) on hypothesis-made passages."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from swarm.wiki.snippet_window import PassageTokens, snippet_window
from swarm.wiki.tokens import content_words, page_passages, tokenize

PAGE = (
    "# tar\n\nUsing tar is easy.\n\n- Create an archive from files:\n\n`tar -cf x.tar a b`\n\n"
    "- List the contents of an archive:\n\n`tar -tf x.tar`\n\nCompanies use it daily.\n"
)
QUESTIONS = ["how do I create a tar archive", "use", "list the files in an archive", "company"]


def test_the_memo_gives_the_windows_computed_afresh() -> None:
    passages = page_passages(PAGE)
    memo = PassageTokens(len(passages))
    for _ in range(2):
        for question in QUESTIONS:
            tokens = content_words(question)
            for chars in (240, 40):
                assert snippet_window(passages, tokens, chars, memo) == snippet_window(
                    passages, tokens, chars
                )
    assert any(slot is not None for slot in memo)  # the memo was filled, then read
    assert memo.lowered is not None


def test_a_kept_token_the_sentence_does_not_spell_out_is_not_matched() -> None:
    # "Using" tokenizes to "use", but the sentence holds no "use" substring: a question on
    # "use" never matched it, and tokens kept from a "tar" question must not change that.
    passages = [("Intro line.", False), ("Using tar is easy.", False)]
    memo = PassageTokens(2)
    snippet_window(passages, content_words("tar"), 240, memo)
    assert memo[1] is not None and "use" in memo[1]
    assert snippet_window(passages, {"use"}, 240, memo) == snippet_window(passages, {"use"}, 240)


def _plain_rule(
    passages: list[tuple[str, bool]], query_tokens: set[str], max_chars: int
) -> tuple[str, set[str]]:
    """The snippet window as first written: every passage lowercased and probed on its own,
    every passage tried as a window's first. `snippet_window` must give the same."""
    from swarm.wiki.snippet_window import _clip_around_match, _join_window

    probes = {token[:-1] if len(token) > 3 else token for token in query_tokens}
    token_sets = [
        set(tokenize(text)) & query_tokens
        if any(probe in text.lower() for probe in probes)
        else set()
        for text, _ in passages
    ]
    if not passages or max_chars <= 0:
        return "", set()
    best_window, best_key, best_covered = (0, 1), (0, 0.0, 0), set()
    for first in range(len(passages)):
        if not token_sets[first]:
            continue
        covered: set[str] = set()
        length = -1
        for last in range(first, min(first + 4, len(passages))):
            length += len(passages[last][0]) + 1
            if last > first and length > max_chars:
                break
            covered |= token_sets[last]
            penalty = -0.5 if passages[first][1] and last == first else 0.0
            key = (len(covered), penalty, -(last - first))
            if key > best_key:
                best_key, best_window, best_covered = key, (first, last + 1), set(covered)
    text = _join_window(passages[best_window[0] : best_window[1]])
    if len(text) <= max_chars:
        return text, best_covered
    return _clip_around_match(text, query_tokens, max_chars), best_covered


# Words whose case mapping is not one character to one ("İ" lowercases to two, a final "Σ"
# to "ς"), words that hold another's stem ("companies", "company"), digits, CJK.
_WORD = st.sampled_from(
    "Companies company İstanbul İİİ istanbul ΟΔΟΣ οδος Σ use Using tar TAR archive archives "
    "list listing 2024 学生券 a the Straße strasse ﬁle file".split()
)
_PASSAGES = st.lists(
    st.tuples(st.lists(_WORD, min_size=0, max_size=8).map(" ".join), st.booleans()),
    max_size=12,
)
_QUERY = st.lists(_WORD, min_size=1, max_size=4).map(lambda words: set(tokenize(" ".join(words))))


@settings(max_examples=300)
@given(_PASSAGES, _QUERY, st.sampled_from([240, 40, 12]))
@example([("ΟΔΟΣ İstanbul", False), ("Companies list", True)], {"compani", "list"}, 240)
# Each "İ" lowercases to two characters: "use" lies past where the passage ends unlowered.
@example([("İstanbul İstanbul İstanbul İstanbul use", False), ("tar", False)], {"use"}, 240)
def test_the_window_is_the_plain_rules(
    passages: list[tuple[str, bool]], query: set[str], chars: int
) -> None:
    expected = _plain_rule(passages, query, chars)
    memo = PassageTokens(len(passages))
    for _ in range(2):  # the second time from the memo (tokens and lowercased text)
        assert snippet_window(passages, query, chars, memo) == expected
    assert snippet_window(passages, query, chars, [None] * len(passages)) == expected
    assert snippet_window(passages, query, chars) == expected

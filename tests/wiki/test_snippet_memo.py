"""A page's snippet window is the same with its passages' tokens kept from earlier queries
(the ranker's memo) as computed afresh, question after question."""

from __future__ import annotations

from swarm.wiki.snippet_window import PassageTokens, snippet_window
from swarm.wiki.tokens import content_words, page_passages

PAGE = (
    "# tar\n\nUsing tar is easy.\n\n- Create an archive from files:\n\n`tar -cf x.tar a b`\n\n"
    "- List the contents of an archive:\n\n`tar -tf x.tar`\n\nCompanies use it daily.\n"
)
QUESTIONS = ["how do I create a tar archive", "use", "list the files in an archive", "company"]


def test_the_memo_gives_the_windows_computed_afresh() -> None:
    passages = page_passages(PAGE)
    memo: PassageTokens = [None] * len(passages)
    for _ in range(2):
        for question in QUESTIONS:
            tokens = content_words(question)
            for chars in (240, 40):
                assert snippet_window(passages, tokens, chars, memo) == snippet_window(
                    passages, tokens, chars
                )
    assert any(slot is not None for slot in memo)  # the memo was filled, then read


def test_a_kept_token_the_sentence_does_not_spell_out_is_not_matched() -> None:
    # "Using" tokenizes to "use", but the sentence holds no "use" substring: a question on
    # "use" never matched it, and tokens kept from a "tar" question must not change that.
    passages = [("Intro line.", False), ("Using tar is easy.", False)]
    memo: PassageTokens = [None, None]
    snippet_window(passages, content_words("tar"), 240, memo)
    assert memo[1] is not None and "use" in memo[1]
    assert snippet_window(passages, {"use"}, 240, memo) == snippet_window(passages, {"use"}, 240)

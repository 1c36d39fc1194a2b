"""Lone surrogates never make text unencodable once it leaves swarm."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swarm.untrusted import OUTPUT_ERRORS, replace_surrogates
from swarm.web.fence import (
    disabled_envelope,
    fence,
    honest_block_envelope,
    links_only_envelope,
    neutralise,
    normal_envelope,
    rate_limited_envelope,
    single_line,
)
from swarm.web.types import SearchHit

LONE = "caf\ud800 and \udcff end"


@given(st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF)))
def test_replace_surrogates_always_encodes(text: str) -> None:
    cleaned = replace_surrogates(text)
    cleaned.encode("utf-8")
    assert len(cleaned) == len(text)


def test_replace_surrogates_keeps_everything_else() -> None:
    assert replace_surrogates("plain ascii") == "plain ascii"
    assert replace_surrogates("学生券 é 🐍") == "学生券 é 🐍"
    assert replace_surrogates(LONE) == "caf\ufffd and \ufffd end"


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: neutralise(LONE), id="neutralise"),
        pytest.param(lambda: single_line(LONE), id="single_line"),
        pytest.param(lambda: fence(LONE), id="fence"),
        pytest.param(
            lambda: normal_envelope(
                LONE,
                instant_answer=LONE,
                content=LONE,
                content_url="https://example.org/\ud800",
                content_title=LONE,
                links=[SearchHit(title=LONE, url="https://example.org/x", snippet=LONE)],
                provider="DuckDuckGo",
            ),
            id="normal_envelope",
        ),
        pytest.param(
            lambda: links_only_envelope(LONE, [SearchHit(title=LONE, url="https://e.org/")]),
            id="links_only_envelope",
        ),
        pytest.param(lambda: rate_limited_envelope(LONE), id="rate_limited_envelope"),
        pytest.param(lambda: honest_block_envelope(LONE, providers=[LONE]), id="honest_block"),
        pytest.param(lambda: disabled_envelope(LONE), id="disabled_envelope"),
    ],
)
def test_text_leaving_the_fence_encodes(make: object) -> None:
    text = make()  # type: ignore[operator]
    assert "\ufffd" in text
    text.encode("utf-8")


def test_output_error_handler_replaces_or_falls_back() -> None:
    assert "a\ud800b".encode("utf-8", errors=OUTPUT_ERRORS) == "a\ufffdb".encode()
    assert "a\ud800b".encode("ascii", errors=OUTPUT_ERRORS) == b"a?b"

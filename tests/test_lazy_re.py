"""`swarm.lazy_re.lazy_compile`: a pattern compiled on first use behaves as `re.compile`'s."""

from __future__ import annotations

import re

import pytest

from swarm.lazy_re import lazy_compile

_CASES = [
    (r"\b(?P<word>[^\W\d_]+)\s+(\d+)\b", re.IGNORECASE, "Rooms 12, suites 3 and 4 HALLS 7"),
    ("(?<![\\w'])en\\s+(?=[A-Z])", 0, "vive en Valencia, en casa, en Madrid"),
    ("[\u3040-\u30ff]+", 0, "東京へ行きます、ありがとう"),
]


@pytest.mark.parametrize(("pattern", "flags", "text"), _CASES)
def test_lazy_pattern_answers_as_the_compiled_one(pattern: str, flags: int, text: str) -> None:
    lazy = lazy_compile(pattern, flags)
    compiled = re.compile(pattern, flags)
    for _ in range(2):  # the first use compiles; the second reads the held methods
        assert [m.span() for m in lazy.finditer(text)] == [
            m.span() for m in compiled.finditer(text)
        ]
        found, expected = lazy.search(text), compiled.search(text)
        assert (found and found.groups()) == (expected and expected.groups())
        assert lazy.sub("_", text) == compiled.sub("_", text)
        assert lazy.subn(lambda m: m.group().upper(), text) == compiled.subn(
            lambda m: m.group().upper(), text
        )
        assert lazy.findall(text) == compiled.findall(text)
        assert lazy.split(text) == compiled.split(text)
        assert bool(lazy.match(text)) == bool(compiled.match(text))
        assert bool(lazy.fullmatch(text)) == bool(compiled.fullmatch(text))
    assert (lazy.pattern, lazy.flags, lazy.groups, dict(lazy.groupindex)) == (
        compiled.pattern,
        compiled.flags,
        compiled.groups,
        dict(compiled.groupindex),
    )


def test_every_public_attribute_of_a_pattern_is_there() -> None:
    lazy = lazy_compile(r"a(b)?")
    for name in dir(re.compile(r"a(b)?")):
        if not name.startswith("_"):
            assert hasattr(lazy, name), name


def test_a_bad_pattern_fails_when_first_used() -> None:
    lazy = lazy_compile("(unclosed")
    with pytest.raises(re.error):
        lazy.search("x")
    with pytest.raises(AttributeError):
        _ = lazy.__wrapped__  # dunder names are never the pattern's

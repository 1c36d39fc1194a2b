"""`PageMap.match`: a name from untrusted output → one entry of the map, or nothing."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from swarm.wiki.index import PageEntry, PageMap, load_page_map

ENTRIES = (
    "ccw.md",
    "sla-policy.md",
    "Team Notes.md",
    "clients/harbor-point.md",
    "clients/mill-creek.md",
    "meetings/ccw kickoff.md",
    "notes.md",
    "Notes.md",
    "archive/mill-creek.md",
    "c#-tips.md",
    "1.md",
)
PAGE_MAP = PageMap(Path("/wiki"), tuple(PageEntry(path, path) for path in ENTRIES))


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param("ccw.md", "ccw.md", id="exact"),
        pytest.param("  ccw.md\n", "ccw.md", id="padded"),
        pytest.param("CCW.md", "ccw.md", id="upper"),
        pytest.param("Ccw.MD", "ccw.md", id="mixed-case-suffix"),
        pytest.param("ccw", "ccw.md", id="no-md"),
        pytest.param("[[ccw]]", "ccw.md", id="wikilink"),
        pytest.param("[[ccw|CCW]]", "ccw.md", id="wikilink-alias"),
        pytest.param("[[ccw#SLA|the SLA]]", "ccw.md", id="wikilink-anchor-alias"),
        pytest.param("![[ccw]]", "ccw.md", id="embed"),
        pytest.param("[CCW](ccw.md)", "ccw.md", id="markdown-link"),
        pytest.param("[Team](Team%20Notes.md)", "Team Notes.md", id="markdown-link-escaped"),
        pytest.param("ccw.md#sla", "ccw.md", id="anchor"),
        pytest.param("ccw#sla", "ccw.md", id="anchor-no-md"),
        pytest.param("ccw.md^block1", "ccw.md", id="block-ref"),
        pytest.param("c#-tips.md", "c#-tips.md", id="hash-in-the-name"),
        pytest.param("Team%20Notes.md", "Team Notes.md", id="percent-20"),
        pytest.param("team notes", "Team Notes.md", id="spaces-lower-no-md"),
        pytest.param("./ccw.md", "ccw.md", id="dot-slash"),
        pytest.param("/ccw.md", "ccw.md", id="leading-slash"),
        pytest.param("clients\\harbor-point.md", "clients/harbor-point.md", id="backslashes"),
        pytest.param("clients//harbor-point.md", "clients/harbor-point.md", id="double-slash"),
        pytest.param("clients/../ccw.md", "ccw.md", id="dotdot-inside"),
        pytest.param('"ccw.md"', "ccw.md", id="quoted"),
        pytest.param("`sla-policy.md`", "sla-policy.md", id="backticks"),
        pytest.param("harbor-point", "clients/harbor-point.md", id="file-name-only"),
        pytest.param("Meetings/CCW Kickoff", "meetings/ccw kickoff.md", id="folder-case"),
        pytest.param("notes.md", "notes.md", id="exact-beats-case-variant"),
        pytest.param("Notes.md", "Notes.md", id="exact-beats-case-variant-2"),
        pytest.param("1.md", "1.md", id="numeric-name"),
    ],
)
def test_names_match_their_entry(name: str, expected: str) -> None:
    found = PAGE_MAP.match(name)
    assert (found.path, found.reason) == (expected, "")


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        pytest.param("../secret.md", "outside the wiki", id="traversal"),
        pytest.param("clients/../../secret.md", "outside the wiki", id="nested-traversal"),
        pytest.param("..\\secret.md", "outside the wiki", id="backslash-traversal"),
        pytest.param("[[../secret]]", "outside the wiki", id="wikilink-traversal"),
        pytest.param("%2e%2e/secret.md", "outside the wiki", id="escaped-traversal"),
        pytest.param("~/secret.md", "outside the wiki", id="home"),
        pytest.param("C:\\Windows\\secret.md", "outside the wiki", id="drive"),
        pytest.param("/etc/passwd", "not in the index", id="absolute"),
        pytest.param("file:///etc/passwd", "not in the index", id="url"),
        pytest.param("nope.md", "not in the index", id="unknown"),
        pytest.param("clients/ccw.md", "not in the index", id="wrong-folder"),
        pytest.param("NOTES.md", "ambiguous: could be notes.md and Notes.md", id="case-ambiguous"),
        pytest.param("mill-creek", "ambiguous", id="file-name-ambiguous"),
        pytest.param("", "not a page name", id="empty"),
        pytest.param("[[]]", "not a page name", id="empty-wikilink"),
        pytest.param("ccw\x00.md", "not a page name", id="nul"),
        pytest.param("x" * 2000, "too long", id="too-long"),
        pytest.param(None, "not a page name", id="null"),
        pytest.param(3, "not a page name", id="number"),
        pytest.param({"path": "ccw.md"}, "not a page name", id="object"),
    ],
)
def test_names_that_match_nothing(name: object, reason: str) -> None:
    found = PAGE_MAP.match(name)
    assert found.path is None and reason in found.reason


def test_names_of_a_real_index_match(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text(
        "- [[ccw]] — client\n- [Kickoff](meetings/ccw%20kickoff.md) — notes\n", encoding="utf-8"
    )
    page_map = load_page_map(tmp_path)
    assert page_map.match("Meetings/CCW%20Kickoff.md").path == "meetings/ccw kickoff.md"
    assert page_map.match("[[CCW]]").path == "ccw.md"


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=60), st.text(alphabet="./\\%#|[]^~:CcWw", max_size=30)))
@example("../ccw.md")
@example("\ud800")
def test_arbitrary_text_matches_an_entry_or_nothing_and_never_raises(name: str) -> None:
    found = PAGE_MAP.match(name)
    assert found.path is None or found.path in PAGE_MAP.by_path
    assert (found.path is None) is bool(found.reason)


_DECORATIONS = st.sampled_from(
    [
        "{}",
        "[[{}]]",
        "[[{}|Alias]]",
        "./{}",
        "/{}",
        "{}#section",
        "`{}`",
        " {} ",
    ]
)


@given(
    st.sampled_from([p for p in ENTRIES if p.casefold() != "notes.md"]),
    _DECORATIONS,
    st.booleans(),
    st.booleans(),
)
def test_decorated_entries_match_themselves(
    path: str, decoration: str, drop_md: bool, swap_case: bool
) -> None:
    name = path.removesuffix(".md") if drop_md else path
    name = name.swapcase() if swap_case else name
    if "#" in path and (decoration.endswith("#section") or drop_md):
        return  # "c#-tips" without .md reads as page "c" with an anchor: not this test's case
    assert PAGE_MAP.match(decoration.format(name)).path == path


@given(st.text(alphabet=string.ascii_letters + "./-_ ", min_size=1, max_size=20))
def test_names_never_reach_a_page_outside_the_map(name: str) -> None:
    found = PAGE_MAP.match(f"../{name}")
    assert found.path is None or found.path in PAGE_MAP.by_path

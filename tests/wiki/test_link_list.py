"""The fast line reader for plain link-list indexes gives exactly markdown-it's entries, and
hands anything it is unsure of to markdown-it (a line, or the whole text)."""

from __future__ import annotations

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from swarm.wiki.index import PageEntry, parse_index
from swarm.wiki.link_list import link_list_rows
from swarm.wiki.links import normalise_page_path

WORDS = st.sampled_from(
    [
        "alpha",
        "Beta",
        "gamma",
        "x86_64",
        "PKCS#11",
        "(part 7)",
        "café",
        "über",
        "a:b",
        "1.5",
        "e-mail",
        "co-op",
        "—",
        "–",
        "·",
        ":",
        ",",
        "/",
        "%",
        "'quoted'",
        '"q"',
        "?",
        "=",
        "+",
    ]
)
RISKY = st.sampled_from(
    [
        "*em*",
        "_x_",
        "`code`",
        "[234]",
        "&amp;",
        "<b>",
        "\\*",
        "~~s~~",
        "![i](i.png)",
        "[b](b.md)",
        "[[w]]",
        "|",
        "__",
        "**",
    ]
)
NAMES = st.sampled_from(
    [
        "ccw",
        "notes/deep",
        "a b",
        "x_y",
        "Team%20Notes",
        "../up",
        "./here",
        "dir/./p",
        "UPPER",
        "café",
        "p.MD",
        "n.md#sec",
        ".hidden/x",
        "index",
    ]
)


def _text(risky: bool) -> st.SearchStrategy[str]:
    word = st.one_of(WORDS, RISKY) if risky else WORDS
    return st.lists(word, min_size=0, max_size=5).map(" ".join)


@st.composite
def link_line(draw: st.DrawFn, risky: bool) -> str:
    name = draw(NAMES)
    title = draw(_text(risky))
    if draw(st.booleans()):
        target = name if name.endswith((".md", ".MD")) or "#" in name else name + ".md"
        link = f"[{title}]({target.replace(' ', '%20')})"
    else:
        alias = draw(st.sampled_from(["", f"|{title}"]))
        link = f"[[{name}{alias}]]"
    separator = draw(st.sampled_from(["", ": ", " — ", " - ", " · ", " | "]))
    indent = draw(st.sampled_from(["", "", "", "  ", "    "]))
    bullet = draw(st.sampled_from(["- ", "* "]))
    return f"{indent}{bullet}{link}{separator}{draw(_text(risky))}"


@st.composite
def link_list_index(draw: st.DrawFn, risky: bool = False) -> str:
    lines: list[str] = []
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["heading", "items", "paragraph", "blank"]))
        if kind == "heading":
            lines.append("#" * draw(st.integers(1, 3)) + " " + draw(_text(risky)))
        elif kind == "paragraph":
            lines.append("Every " + draw(_text(risky)))
        elif kind == "blank":
            lines.append("")
        else:
            lines += draw(st.lists(link_line(risky), min_size=1, max_size=4))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n"]))


@settings(max_examples=400, deadline=None)
@given(link_list_index())
@example("# Index\n\n- [A](a.md): first\n  - [B](b.md) — nested\n- [[c|C]]\n")
def test_plain_link_lists_parse_the_same_both_ways(text: str) -> None:
    assert parse_index(text) == parse_index(text, fast=False)


@settings(max_examples=400, deadline=None)
@given(link_list_index(risky=True))
@example("- [e2scrub](e2scrub.md): check mounted ext[234] file systems\n")
@example("- [pod2man](pod2man.md): Convert POD data to formatted *roff input\n")
@example("- [a](a.md) *open\ncontinued* here\n")
@example("- [a](a.md) see [x]\n\n[x]: other.md\n")
def test_indexes_with_markdown_in_them_parse_the_same_both_ways(text: str) -> None:
    assert parse_index(text) == parse_index(text, fast=False)


@settings(max_examples=200, deadline=None)
@given(link_list_index())
def test_the_fast_reader_takes_every_plain_link_list_line(text: str) -> None:
    # No line is unsure in a plain link list: markdown-it is never asked.
    def refuse(line: str) -> list[tuple[str, str, bool, str, str]]:
        raise AssertionError(f"markdown-it asked for {line!r}")

    lines = text.split("\n")
    # left to markdown-it by design: a `#` in a heading's text, an indented list line that
    # does not follow a list line (it may be code)
    assume(not any(line.startswith("#") and "#" in line.lstrip("#") for line in lines))
    assume(
        not any(
            line.startswith(" ") and not lines[number - 1].lstrip().startswith(("- ", "* "))
            for number, line in enumerate(lines)
            if number
        )
        and not lines[0].startswith(" ")
    )
    assert link_list_rows(text, refuse) is not None


def test_the_cheatsheet_style_index_is_read_fast_and_the_same() -> None:
    text = (
        "# Command cheat sheets\n\nOne page per command, from the man pages.\n\n"
        "- [Sources and licences](SOURCES.md)\n\n## apt\n\n"
        "- [apt-get](commands/apt/apt-get.md): APT package handling utility -- CLI\n"
        "- [openssl-pkcs12](commands/openssl/openssl-pkcs12.md): PKCS#12 file command\n"
        "- [e2scrub](commands/e2fsprogs/e2scrub.md): check ext[234] file systems\n"
    )
    asked: list[str] = []
    rows = link_list_rows(text, lambda line: asked.append(line) or [])
    assert rows is not None and asked == [text.splitlines()[-1]]  # only the bracket line
    assert parse_index(text) == parse_index(text, fast=False)
    assert parse_index(text)[2] == PageEntry(
        "commands/openssl/openssl-pkcs12.md", "openssl-pkcs12", "PKCS#12 file command", "apt"
    )


def test_a_bar_or_bracket_outside_a_table_or_definition_keeps_the_fast_reader() -> None:
    for text in (
        "# A | B\n\n- [a](a.md): one | two\n- [b](b.md) -- x |\n",
        "- [a](a.md): see [x] or ]: here\n",
    ):
        assert link_list_rows(text, lambda line: []) is not None, text
        assert parse_index(text) == parse_index(text, fast=False)


def test_anything_else_is_left_to_markdown_it_whole() -> None:
    for text in (
        "---\ntitle: x\n---\n- [a](a.md)\n",  # frontmatter
        "| page | what |\n|---|---|\n| [a](a.md) | first |\n",  # a table
        "- [a](a.md): x | y\n\npage | what\n:-- | --:\n[b](b.md) | b",  # aligned, mid-text
        "- [a](a.md)\n\nx|y\n-|-",  # a delimiter row at the very end, no newline
        "- [a](a.md) see [x]\n\n  [x]: other.md\n",  # a reference definition
        "> - [a](a.md)\n",  # a quote
        "- [a](a.md)\r\n",  # CR line ends
        "Intro *with emphasis\nover two lines*\n- [a](a.md)\n",  # an unsure paragraph
        "\n    - [a](a.md)\n",  # indented after a blank line: code
    ):
        assert link_list_rows(text, lambda line: []) is None, text
        assert parse_index(text) == parse_index(text, fast=False)


_PATH_CHARS = st.sampled_from(list("ab.Z09_-+,@=/ %#?^~:\\") + ["%20", "%2F", ".md", "..", "é"])


@settings(max_examples=800)
@given(st.lists(_PATH_CHARS, max_size=12).map("".join), st.booleans())
@example("clients/000/misc%20part-1-24.md", False)
@example("clients/000/untitled-part-14-384", False)
@example("a.b/ccw", True)
@example("a%20/b%20.md", False)
@example("a%20b.md", True)
def test_plain_link_fast_paths_give_the_full_normalisation(raw: str, wikilink: bool) -> None:
    # A leading space takes every link past the fast paths; the full steps strip it first.
    assert normalise_page_path(raw, wikilink=wikilink) == normalise_page_path(
        " " + raw, wikilink=wikilink
    )

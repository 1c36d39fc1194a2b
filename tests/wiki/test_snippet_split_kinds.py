"""The snippet splitter's fast path (`swarm.wiki.snippet_split`) against the full markdown-it
splitter (`swarm.wiki.passages`), on hypothesis-made pages built from whole blocks: nested
lists, fences (some left open to the end), tables, Obsidian callouts, ATX and setext headings,
frontmatter, and paragraphs of plain text or text with code spans (single or doubled
backticks, some unmatched): the fast path gives the same passages, for snippets and for the
answer step, or leaves the page to the full splitter."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from swarm.wiki.passages import snippet_passages, split_passages
from swarm.wiki.snippet_split import (
    fast_snippet_passages,
    split_page_passages,
    split_snippet_passages,
)

_WORDS = st.sampled_from(
    [
        "Compress", "a file", "Options:", "Key: value", "e.g. this.", "Done.", "snake_case",
        "`tar -xf x.tar`", "`a`b`", "``a ` b``", "` spaced `", "`", "E[x]tract", "**Bold**",
        "AWS", "Amazon Web Services", "[[page]]", "a < b", "x | y", "café", "学生", "1.", "-",
    ]
)  # fmt: skip
_TEXT = st.lists(_WORDS, min_size=1, max_size=5).map(" ".join)
_PARAGRAPH = st.lists(_TEXT, min_size=1, max_size=3).map("\n".join)
_HEADING = st.one_of(
    st.builds(lambda level, text: "#" * level + " " + text, st.integers(1, 7), _TEXT),
    st.builds(lambda text, mark: f"{text}\n{mark}", _TEXT, st.sampled_from(["===", "---", "-"])),
)
_FENCE = st.builds(
    lambda mark, info, body, closed: f"{mark}{info}\n" + "\n".join(body) + (f"\n{mark}" * closed),
    st.sampled_from(["```", "~~~", "````"]),
    st.sampled_from(["", "sh", "bash"]),
    st.lists(st.sampled_from(["# List all files here", "ls -la", "", "  indented", "```x"])),
    st.booleans(),
)
_ITEM = st.builds(
    lambda indent, marker, text: " " * indent + marker + " " + text,
    st.sampled_from([0, 0, 2, 3, 4]),
    st.sampled_from(["-", "*", "1.", "2)"]),
    _TEXT,
)
_LIST = st.lists(_ITEM, min_size=1, max_size=5).map("\n".join)
_TABLE = st.builds(
    lambda head, rows: "\n".join([head, "|---|---|", *rows]),
    st.sampled_from(["| a | b |", "| option | meaning |", "a | b"]),
    st.lists(st.sampled_from(["| `-x` | extract |", "| 1 | 2 |", "| x |", "c | d"]), max_size=3),
)
_CALLOUT = st.builds(
    lambda kind, title, body: f"> [!{kind}]{title}\n" + "\n".join(f"> {line}" for line in body),
    st.sampled_from(["note", "warning", "tip"]),
    st.sampled_from(["", " Definition", "- Careful"]),
    st.lists(_TEXT, max_size=3),
)
_QUOTE = st.lists(_TEXT, min_size=1, max_size=3).map(lambda ls: "\n".join(f"> {x}" for x in ls))
_BLOCK = st.one_of(_PARAGRAPH, _HEADING, _FENCE, _LIST, _TABLE, _CALLOUT, _QUOTE)
_FRONTMATTER = st.sampled_from(["", "---\ntitle: Tar\ntags: [cli]\n---\n", "---\nbad: [\n---\n"])
_GAPPED = st.tuples(_BLOCK, st.integers(1, 2)).map(lambda pair: pair[0] + "\n" * pair[1])
_PAGE = st.builds(
    lambda front, blocks: front + "".join(blocks),
    _FRONTMATTER,
    st.lists(_GAPPED, min_size=1, max_size=6),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_PAGE)
@example("# Tar\n\n- List an archive:\n\n`tar -tf x.tar` and `tar -xf x.tar`\n")
@example("Run `a`b` and ``c ` d`` here.\n")
@example("```sh\n# List all files here\nls -la\n")
@example("> [!note] Definition\n> A term.\n")
def test_fast_path_snippet_passages_are_the_full_splitters(text: str) -> None:
    fast = fast_snippet_passages(text, share=False)
    assert fast is None or fast == snippet_passages(text)
    assert split_snippet_passages(text, share=False) == snippet_passages(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_PAGE)
@example("Intro with `ls` in it.\n\n## Use\n\nOptions:\n\n- `-x` extract\n")
def test_fast_path_answer_passages_are_the_full_splitters(text: str) -> None:
    split_snippet_passages(text)  # the snippet split keeps its blocks for the answer step's
    fast = split_page_passages(text, page="p.md", title="Tar")
    assert fast == split_passages(text, page="p.md", title="Tar")

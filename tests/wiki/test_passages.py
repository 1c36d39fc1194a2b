"""The one passage splitter: markdown structure → passages, for snippets and answers."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from swarm.wiki.passages import snippet_passages, split_passages
from swarm.wiki.tokens import words


@pytest.mark.parametrize(
    ("text", "metadata", "expected"),
    [
        pytest.param(
            "- Print only lines common to both files:\n\n`comm -12 file1 file2`\n",
            None,
            ["Print only lines common to both files: comm -12 file1 file2"],
            id="list-item-lead-in-and-its-code-line",
        ),
        pytest.param(
            "Keep the input files:\n\n```sh\ngzip --keep file\n```\n",
            None,
            ["Keep the input files: gzip --keep file"],
            id="line-ending-in-colon-and-its-fenced-block",
        ),
        pytest.param(
            "**Suppress column 1**\n\n    comm -1 a b\n",
            None,
            ["Suppress column 1: comm -1 a b"],
            id="bold-label-and-its-indented-code",
        ),
        pytest.param(
            "- Options:\n  - -k keep\n  - -v verbose\n- Other item\n",
            None,
            ["Options: -k keep; -v verbose", "Other item"],
            id="item-ending-in-colon-and-its-sub-list",
        ),
        pytest.param(
            "| option | meaning |\n|---|---|\n| -k | keep input files |\n",
            None,
            ["option: -k; meaning: keep input files"],
            id="table-row-with-its-header",
        ),
        pytest.param(
            "Body.\n",
            {"price": "$49", "tags": ["pricing", "lamps"], "title": "Lamp"},
            ["price: $49", "tags: pricing, lamps", "Body."],
            id="frontmatter-fields-are-facts-with-their-key",
        ),
        pytest.param(
            "Owner: Alice\nSLA: 15 minutes\n",
            None,
            ["Owner: Alice", "SLA: 15 minutes"],
            id="key-value-lines",
        ),
        pytest.param(
            "Intro, see [[notes/x|the notes]] and [a link](https://e.org). Pi is 3.14 here.\n",
            None,
            ["Intro, see the notes and a link.", "Pi is 3.14 here."],
            id="sentences-without-link-marks",
        ),
        pytest.param(
            "- [c]reate an archive and write it to a [f]ile:\n\n`tar cf {{target.tar}} {{file}}`\n",
            None,
            ["create an archive and write it to a file: tar cf {{target.tar}} {{file}}"],
            id="tldr-mnemonic-letters-and-placeholders",
        ),
        pytest.param(
            "# Git\n\n## Delete a remote branch\n\n```sh\ngit push origin --delete name\n```\n",
            None,
            ["Delete a remote branch: git push origin --delete name"],
            id="a-heading-over-its-command-is-its-caption",
        ),
        pytest.param(
            "Force decompression\n\n    bzip2 -d\n\nKeep input files\n\n    bzip2 -k\n",
            None,
            ["Force decompression: bzip2 -d", "Keep input files: bzip2 -k"],
            id="man-page-caption-without-colon-and-its-indented-command",
        ),
        pytest.param(
            "- Bring up interface x\n\n```sh\nip link set x up\n```\n",
            None,
            ["Bring up interface x: ip link set x up"],
            id="list-item-and-the-fenced-block-after-it",
        ),
        pytest.param(
            "Multiplexer.\n\n```bash\n# Specify an alternative configuration file\ntmux -f file"
            "\n\n# Behave as a login shell\ntmux -l\n```\n",
            None,
            [
                "Multiplexer.",
                "Specify an alternative configuration file: tmux -f file",
                "Behave as a login shell: tmux -l",
            ],
            id="each-comment-in-a-code-block-and-the-command-under-it",
        ),
        pytest.param(
            "# Setup\n\n```sh\n# apt-get install tmux\nReading package lists\n```\n",
            None,
            ["Setup: # apt-get install tmux Reading package lists"],
            id="root-prompt-lines-are-not-comments",
        ),
        pytest.param(
            "Some prose. It explains the idea at length. Then it goes on.\n\n"
            "```python\nx = 1\n```\n",
            None,
            ["Some prose.", "It explains the idea at length.", "Then it goes on."],
            id="code-after-a-paragraph-of-prose-is-not-a-passage",
        ),
        pytest.param(
            "Publish port 80 on the container as 8000 on the host.\n\n"
            "```sh\n$ docker run -p 8000:80 nginx\n```\n",
            None,
            ["Publish port 80 on the container as 8000 on the host: $ docker run -p 8000:80 nginx"],
            id="a-finished-sentence-captions-the-code-right-after-it",
        ),
        pytest.param(
            "Why does this fail?\n\n```python\nx = 1\n```\n",
            None,
            ["Why does this fail?"],
            id="a-question-captions-no-code",
        ),
        pytest.param(
            "The position property sets how an element is positioned.\n",
            {
                "short-title": "position",
                "slug": "Web/CSS/position",
                "layout": "reference",
                "redirect_from": ["/css/position"],
                "cSpell": "ignore",
                "owner": "Dana",
            },
            ["owner: Dana", "The position property sets how an element is positioned."],
            id="the-sites-machinery-in-frontmatter-is-no-fact",
        ),
        pytest.param(
            "> [!note] Definition\n> A prototype where a person plays the software.\n\n"
            "> [!tip]\n> Keep it short.\n\n> A plain quote.\n",
            None,
            ["A prototype where a person plays the software.", "Keep it short.", "A plain quote."],
            id="an-obsidian-callouts-marker-line-is-no-text",
        ),
        pytest.param(
            "学生券的价格是三十元。凭学生证购买。\n",
            None,
            ["学生券的价格是三十元。", "凭学生证购买。"],
            id="cjk-sentences",
        ),
    ],
)
def test_split_passages(text: str, metadata: dict[str, object] | None, expected: list[str]) -> None:
    assert [p.text for p in split_passages(text, metadata=metadata)] == expected


def test_a_heading_is_the_context_of_its_section_not_a_passage() -> None:
    passages = split_passages("# comm\n## Examples\n- Print both:\n\n`comm a b`\n", title="comm")

    assert [(p.text, p.context, p.code) for p in passages] == [
        ("Print both: comm a b", "comm Examples", "comm a b")
    ]


def test_a_commands_context_holds_the_pages_summary() -> None:
    text = "# comm\n\ncomm — compare two sorted files.\n\n- Print common lines:\n\n`comm -12 a b`\n"

    passages = split_passages(text, title="comm")

    assert [(p.text, p.context) for p in passages] == [
        ("comm — compare two sorted files.", "comm"),
        ("Print common lines: comm -12 a b", "comm comm — compare two sorted files."),
    ]


def test_a_tldr_summary_mentioning_other_tools_is_still_the_summary() -> None:
    text = "# tar\n\n> Archiving utility.\n> Often used with `gzip`.\n\n- List:\n\n`tar tf x`\n"

    passages = split_passages(text, title="tar")

    assert passages[-1].context == "tar Archiving utility."


def test_a_table_rows_code_cell_is_its_command() -> None:
    passages = split_passages("| option | meaning |\n|---|---|\n| `-p` | Extract to pipe |\n")

    assert [(p.text, p.code) for p in passages] == [("option: -p; meaning: Extract to pipe", "-p")]


def test_snippets_use_the_same_splitter_and_keep_headings() -> None:
    assert snippet_passages("# Tar\n\n- List an archive:\n\n`tar -tf x.tar`\n") == [
        ("Tar", True),
        ("List an archive: tar -tf x.tar", False),
    ]


_MARKDOWNISH = st.lists(
    st.sampled_from(list("ab Z9:.-*_`#|>[]()!\n\t学生") + ["```", "- ", "| a |", "\n\n"]),
    max_size=120,
).map("".join)
_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)
_SENTENCE = st.lists(_WORD, min_size=1, max_size=8).map(lambda ws: " ".join(ws) + ".")
_PROSE = st.lists(st.lists(_SENTENCE, min_size=1, max_size=4), min_size=1, max_size=5).map(
    lambda paragraphs: "\n\n".join(" ".join(p) for p in paragraphs)
)


@settings(max_examples=150, deadline=None)
@given(_MARKDOWNISH)
@example("*a*a*a")
def test_the_splitter_never_raises_and_invents_no_words(text: str) -> None:
    # Emphasis marks inside a word join its pieces ("*a*a*a" renders "aa*a"), and so do a
    # cheat sheet's mnemonic brackets ("[c]reate"): a word of the output is then part of a
    # word of the text once the marks are gone, never a new one.
    unmarked = " ".join(words(text.translate(str.maketrans("", "", "*_`~[]"))))
    source = set(words(text)) | set(unmarked.split())

    def invented(text_out: str) -> set[str]:
        return {word for word in words(text_out) if word not in source and word not in unmarked}

    for passage in split_passages(text, page="p.md", title="T"):
        assert passage.text.strip()
        assert not invented(passage.text)
    for snippet, _ in snippet_passages(text):
        assert not invented(snippet)


@settings(max_examples=100, deadline=None)
@given(_PROSE)
def test_prose_loses_no_word(text: str) -> None:
    kept = [word for p in split_passages(text) for word in words(p.text)]
    assert kept == words(text)


def test_an_obsidian_callouts_title_is_the_context_of_its_text() -> None:
    text = "# WoZ\n\n> [!note] Definition\n> A prototype.\n\n> [!warning]-\n> Not for launch.\n"
    passages = split_passages(text, title="Wizard-of-Oz prototype")
    assert [(p.text, p.context) for p in passages] == [
        ("A prototype.", "Wizard-of-Oz prototype WoZ Definition"),
        ("Not for launch.", "Wizard-of-Oz prototype WoZ Warning"),
    ]

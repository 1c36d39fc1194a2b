"""How-to answers from cheat-sheet pages, offline, through the public door (`query`): the
command of the tool asked about comes back at high; another tool's identical example does not."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import page_wiki

from swarm.wiki_query import query

# Man-page style: a caption without a colon, then an indented command.
BZIP2 = """bzip2
=====

A block-sorting file compressor.

Force decompression

    bzip2 -d

Keep (don't delete) input files during compression or decompression

    bzip2 -k

Suppress non-essential warning messages

    bzip2 -q
"""
GZIP = """# gzip

- Keep (don't delete) input files during compression or decompression:

`gzip --keep`

- Decompress:

`gzip -d`
"""
# Comments in one code block, each describing the command under it.
LSOF = """# lsof

List open files.

```bash
# List all open IPv4 network files in use by the process whose PID is 1234
lsof -i 4 -a -p 1234

# Presuming the UNIX dialect supports IPv6, to list only open IPv6 network files, use
lsof -i 6
```
"""
# A table-style page: list items, then the fenced block after each.
TEE = """# tee

*read from standard input and write to standard output and files* (coreutils)

## Examples

- Append to the given FILEs, do not overwrite

```sh
tee --append file
```

- Ignore interrupt signals

```sh
tee --ignore-interrupts file
```
"""
# tldr style: a summary quote, mnemonic letters, placeholders in the command.
TAR = """# tar

> Archiving utility.
> More information: <https://www.gnu.org/software/tar>.

- [c]reate an archive and write it to a [f]ile:

`tar cf {{path/to/target.tar}} {{path/to/file1 path/to/file2 ...}}`

- E[x]tract a (compressed) archive [f]ile into the current directory [v]erbosely:

`tar xvf {{path/to/source.tar[.gz|.bz2|.xz]}}`
"""
# A markdown cheat sheet: a heading over each fenced command.
GIT = """# Git cheat sheet

## Delete a remote branch

```sh
git push origin --delete name
```

## Rename the current branch

```sh
git branch -m new-name
```
"""
XZ = """# xz

- Test the integrity of compressed files:

`xz --test`
"""
LZ4 = """# lz4

- Test the integrity of compressed files:

`lz4 --test`
"""


@pytest.mark.parametrize(
    ("pages", "question", "command"),
    [
        pytest.param(
            {"bzip2.md": BZIP2, "gzip.md": GZIP},
            "How do I stop bzip2 from deleting the input files?",
            "bzip2 -k",
            id="paraphrase-of-a-man-page-caption-naming-the-tool",
        ),
        pytest.param(
            {"lsof.md": LSOF},
            "How do I get lsof to list only the open IPv6 network files?",
            "lsof -i 6",
            id="a-comment-in-a-code-block-and-its-command",
        ),
        pytest.param(
            {"tar.md": TAR, "gzip.md": GZIP},
            "How can I extract a compressed tar archive verbosely into the current directory?",
            "tar xvf",
            id="tldr-page-with-mnemonic-letters",
        ),
        pytest.param(
            {"git.md": GIT, "gzip.md": GZIP},
            "How do I remove a branch on the remote with git?",
            "git push origin --delete name",
            id="a-heading-over-a-fenced-command",
        ),
        pytest.param(
            {"tee.md": TEE, "gzip.md": GZIP},
            "How do I make tee append to a file instead of overwriting it?",
            "tee --append",
            id="instead-of-x-agrees-with-do-not-x",
        ),
    ],
)
def test_the_named_tools_command_comes_back_at_high(
    tmp_path: Path, pages: dict[str, str], question: str, command: str
) -> None:
    result = query(
        question, time_sensitive=False, model="offline", wiki_dir=page_wiki(tmp_path, pages)
    )

    assert result.confidence == "high", result.answer
    assert command in result.answer
    assert result.go_external is False
    assert len(result.pages_consulted) == 1


def test_another_tools_identical_example_is_not_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"bzip2.md": BZIP2, "gzip.md": GZIP})

    result = query(
        "How do I keep the input files when compressing with gzip?",
        time_sensitive=False,
        model="offline",
        wiki_dir=wiki,
    )

    assert "gzip --keep" in result.answer
    # gzip's own line may stand at high, bzip2's identical one never does.
    assert result.confidence != "high" or result.pages_consulted == ["gzip.md"]
    assert result.confidence != "high" or "bzip2 -k" not in result.answer


def test_the_same_example_on_two_tools_pages_with_no_tool_named_stays_medium(
    tmp_path: Path,
) -> None:
    wiki = page_wiki(tmp_path, {"xz.md": XZ, "lz4.md": LZ4})

    unnamed = query(
        "How do I test the integrity of compressed files?",
        time_sensitive=False,
        model="offline",
        wiki_dir=wiki,
    )
    named = query(
        "How do I test the integrity of compressed files with lz4?",
        time_sensitive=False,
        model="offline",
        wiki_dir=wiki,
    )

    assert unnamed.confidence != "high" and unnamed.go_external is True
    assert (named.confidence, named.pages_consulted) == ("high", ["lz4.md"])
    assert "lz4 --test" in named.answer and "xz --test" not in named.answer


def test_a_tool_without_the_asked_option_is_not_high(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"bzip2.md": BZIP2, "gzip.md": GZIP})

    result = query(
        "How do I set the number of worker threads for bzip2?",
        time_sensitive=False,
        model="offline",
        wiki_dir=wiki,
    )

    assert result.confidence != "high"
    assert result.go_external is True

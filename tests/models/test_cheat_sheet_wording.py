"""How cheat sheets write their tasks, read offline through the public door (`query`): a
`<placeholder>` is text, not HTML; "both" writes the question's "two"; "outdated" asked about
is no superseded page; "non" is a prefix negating the word after it only; "already" and
"whether" ask, they name nothing a passage must repeat."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from fakes import ask_offline, assert_level

COMM = """# comm cheat sheet

| Task | Command |
|---|---|
| Print lines appearing in both <file-1> and <file-2> | `comm -12 <(sort a.csv) <(sort b.csv)` |
| Print lines appearing only in <file-1> | `comm -23 <file-1> <file-2>` |
"""
COMM_ONLY = """# comm cheat sheet

| Task | Command |
|---|---|
| Print lines appearing only in <file-1> | `comm -23 <file-1> <file-2>` |
"""
TREE = """# tree

| Task | Command |
|---|---|
| Display a recursive directory tree | `tree` |
| Make tree output the contents of <dir> only, to the depth <level> | `tree -L 2 <dir>` |
"""
KEYS = """# tmux

- Press <kbd>Ctrl</kbd>-b then <kbd>d</kbd> to detach the session: `tmux detach`
"""
PIP = """# pip

- To upgrade outdated packages:

`pip list --outdated --format=freeze | cut -d = -f 1 | xargs -n1 pip install -U`
"""
PIP_DEPRECATED = """# pip

## Upgrade packages with pip-review (deprecated)

```sh
pip-review --auto
```
"""
RSYNC = """# rsync

- To copy a file over ssh on a non standard port 1234:

`rsync -avz -e "ssh -p1234" file host:dest`
"""
NETSTAT = """# netstat

- Display non-listening sockets:

`netstat -t`
"""


_ask = partial(ask_offline, time_sensitive=False)


def test_a_placeholder_in_a_table_row_stays_in_the_answer(tmp_path: Path) -> None:
    question = "Which command prints the lines appearing in both files, with comm?"

    result = _ask(tmp_path, {"comm.md": COMM}, question)

    assert_level(result, "high", "in both <file-1> and <file-2>")
    assert "comm -12" in result.answer


def test_both_states_the_two_files_of_the_question(tmp_path: Path) -> None:
    question = "Which command prints just the lines that appear in both of two CSV files?"

    result = _ask(tmp_path, {"comm.md": COMM}, question)

    assert_level(result, "high", "comm -12")


def test_lines_only_in_one_file_do_not_answer_both(tmp_path: Path) -> None:
    question = "Which command prints just the lines that appear in both of two files?"

    result = _ask(tmp_path, {"comm.md": COMM_ONLY}, question)

    assert_level(result, "not high", "comm -23")


def test_a_placeholder_named_like_an_html_element_is_text(tmp_path: Path) -> None:
    question = "How do I make tree show a directory only to some depth?"

    result = _ask(tmp_path, {"tree.md": TREE}, question)

    assert "the contents of <dir> only, to the depth <level>" in result.answer


def test_html_tags_are_still_markup(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"tmux.md": KEYS}, "How do I detach the session in tmux?")

    assert_level(result, "high", "Press Ctrl-b then d to detach")
    assert "<kbd>" not in result.answer


def test_outdated_asked_about_is_not_a_superseded_passage(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"pip.md": PIP}, "How do I upgrade outdated packages with pip?")

    assert_level(result, "high", "pip list --outdated")


def test_a_deprecated_heading_still_keeps_its_command_below_high(tmp_path: Path) -> None:
    question = "How do I upgrade packages with pip-review?"

    result = _ask(tmp_path, {"pip.md": PIP_DEPRECATED}, question)

    assert_level(result, "not high", "pip-review --auto")


def test_non_standard_port_states_the_port(tmp_path: Path) -> None:
    question = "How do I rsync a file over ssh on port 1234?"

    result = _ask(tmp_path, {"rsync.md": RSYNC}, question)

    assert_level(result, "high", 'ssh -p1234"')


def test_non_listening_is_not_listening(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"netstat.md": NETSTAT}, "How do I display listening sockets?")

    assert_level(result, "not high", "netstat -t")


NOTES = """# Git 2.35 release notes

 * "git status --porcelain=v2" now show the number of stash entries
   with --show-stash like the normal output does.

 * "git stash" learned the "--staged" option to stash away what has
   been staged (and nothing else).

 * "git var GIT_DEFAULT_BRANCH" is a way to see what name is used for
   the newly created branch if "git init" is run.

 * "git am" learned to skip a patch it has already applied.

 * Various operating modes of "git reset" have been made to work
   better with the sparse index.
"""
NOTES_WITHOUT = """# Git 2.35 release notes

 * "git status --porcelain=v2" now show the number of stash entries
   with --show-stash like the normal output does.

 * "git var GIT_DEFAULT_BRANCH" is a way to see what name is used for
   the newly created branch if "git init" is run.

 * "git am" learned to skip a patch it has already applied.

 * Various operating modes of "git reset" have been made to work
   better with the sparse index.
"""
PING = """# ping

- To test if a packet size of 1500 bytes is supported:

`ping -s 1500 -M do host`
"""


def test_already_is_no_word_the_answer_must_repeat(tmp_path: Path) -> None:
    question = "Is there a way to stash only what I've already staged?"

    result = _ask(tmp_path, {"git-2.35.md": NOTES}, question)

    assert_level(result, "high", '"--staged" option')


def test_already_does_not_let_another_note_answer(tmp_path: Path) -> None:
    question = "Is there a way to stash only what I've already staged?"

    result = _ask(tmp_path, {"git-2.35.md": NOTES_WITHOUT}, question)

    assert_level(result, "not high", "stash")


def test_whether_asks_like_if(tmp_path: Path) -> None:
    question = "How do I test whether a 1500 byte packet size is supported?"

    result = _ask(tmp_path, {"ping.md": PING}, question)

    assert_level(result, "high", "ping -s 1500")


def test_whether_does_not_let_another_size_answer(tmp_path: Path) -> None:
    question = "How do I test whether a 9000 byte packet size is supported?"

    result = _ask(tmp_path, {"ping.md": PING}, question)

    assert_level(result, "not high", "ping -s 1500")

"""How-to answers must be for the task asked, offline, through the public door (`query`): the
command's description carries the question's action (list, not create; find, not install)
and does the move the same way round (a date into a timestamp, not a timestamp into a date)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from fakes import ask_offline, assert_level

# A heading per task over its fenced command (cheat/cheatsheets' shape).
ZIP = """# zip

## Create zip file

```sh
zip archive.zip file1 directory/
```

## Create zip file from directory

```sh
zip -r archive.zip directory/
```
"""
ZIP_WITH_LIST = (
    ZIP
    + """
## List the files in a zip archive

```sh
zip -sf archive.zip
```
"""
)
YUM = """# yum

## Install the latest version of a package

```sh
yum install <package>
```

## Remove a package

```sh
yum remove <package>
```

## Find what package installs an executable

```sh
yum whatprovides <executable>
```
"""
YUM_WITHOUT_PROVIDES = """# yum

## Install the latest version of a package

```sh
yum install <package>
```

## Remove a package

```sh
yum remove <package>
```
"""
DATE = """# date

## Print the ISO date

```sh
date +"%F"
```

## Convert a Unix timestamp to a date

```sh
date -d @1440359821
```
"""
DATE_BOTH_WAYS = (
    DATE
    + """
## Convert a date to a Unix timestamp

```sh
date -d "2015-08-23" +%s
```
"""
)
GPG = """# gpg

- Make a detached signature:

`gpg -sb file`
"""


_ask = partial(ask_offline, time_sensitive=False)


def test_a_list_question_is_not_answered_high_by_create_commands(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"zip.md": ZIP}, "How do I list the files in a zip archive?")

    assert_level(result, "not high", "zip")
    assert result.go_external is True


def test_the_list_command_on_the_same_page_is_high(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"zip.md": ZIP_WITH_LIST}, "How do I list the files in a zip archive?")

    assert_level(result, "high", "zip -sf archive.zip")


def test_find_which_package_installs_a_command_gets_whatprovides(tmp_path: Path) -> None:
    question = "With yum, how do I find out which package installs a given command?"

    result = _ask(tmp_path, {"yum.md": YUM}, question)

    assert_level(result, "high", "yum whatprovides")
    assert not result.answer.startswith("Install")


def test_install_does_not_answer_which_package_provides(tmp_path: Path) -> None:
    question = "With yum, how do I find out which package installs a given command?"

    result = _ask(tmp_path, {"yum.md": YUM_WITHOUT_PROVIDES}, question)

    assert_level(result, "not high", "yum")


def test_create_is_stated_by_make(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"gpg.md": GPG}, "How do I create a detached signature for a file?")

    assert_level(result, "high", "gpg -sb file")


def test_the_conversion_the_other_way_round_is_not_high(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"date.md": DATE}, "How do I convert a date into a Unix timestamp?")

    assert_level(result, "not high", "date")
    assert result.go_external is True


def test_the_conversion_asked_is_high(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"date.md": DATE}, "How do I convert a Unix timestamp into a date?")

    assert_level(result, "high", "date -d @1440359821")


def test_the_conversion_asked_is_high_beside_the_other_way(tmp_path: Path) -> None:
    question = "How do I convert a date into a Unix timestamp?"

    result = _ask(tmp_path, {"date.md": DATE_BOTH_WAYS}, question)

    assert_level(result, "high", "+%s")


TREE = """# tree

| Task | Command |
|---|---|
| Display a recursive directory tree | `tree` |
| Make tree list all files and directories, even hidden ones | `tree -a` |
"""
PS = """# ps

## List every process on the system

```sh
ps aux
```

## List a process tree

```sh
ps axjf
```

## List every process owned by foouser

```sh
ps -aufoouser
```
"""


def test_a_tree_the_question_asks_for_is_not_the_tree_program(tmp_path: Path) -> None:
    pages = {"tree.md": TREE, "ps.md": PS}

    result = _ask(tmp_path, pages, "How do I show running processes as a tree?")

    assert "ps axjf" in result.answer
    assert result.pages_consulted[0] == "ps.md", result.answer


def test_the_tree_program_named_is_high(tmp_path: Path) -> None:
    pages = {"tree.md": TREE, "ps.md": PS}

    result = _ask(tmp_path, pages, "How do I make tree list hidden files too?")

    assert_level(result, "high", "tree -a")


# A sheet pasted whole in one block: every action is somewhere in it.
SEVEN_Z = """# 7z cheat sheet

```sh
7z [Args] [archive.7z] [files / folders to archive]
A file archiver with highest compression ratio

Args:
a       add
e       extract
l       list
```
"""
SEVEN_Z_TASKS = """# 7z

- List the files in an archive:

`7z l archive.7z`
"""


def test_a_pasted_sheet_does_not_state_the_action_of_one_task(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"7z.md": SEVEN_Z}, "How do I list the files in a 7z archive?")

    assert_level(result, "not high", "7z")


def test_the_listed_task_states_it(tmp_path: Path) -> None:
    result = _ask(tmp_path, {"7z.md": SEVEN_Z_TASKS}, "How do I list the files in a 7z archive?")

    assert_level(result, "high", "7z l archive.7z")


PKILL = """# pkill

- To kill all running processes of a user:

`pkill -u <user>`
"""
PS_USER = """# ps

- List every process owned by a user:

`ps -u <user>`
"""


def test_the_command_doing_the_asked_action_leads(tmp_path: Path) -> None:
    pages = {"pkill.md": PKILL, "ps.md": PS_USER}

    result = _ask(tmp_path, pages, "How do I show the running processes of a user?")

    assert result.answer.startswith("List every process owned by a user"), result.answer


# A whole sheet pasted in one block: it holds many words, and no one command.
PASTED = (
    "# 7z cheat sheet\n\n```sh\n7z [Args] [archive.7z] [files / folders to archive]\n"
    + "".join(
        f"Example {n}: Add all files in dir{n} to archive.7z at level {n}\n"
        f"7z a -mx={n} -mfb=64 archive.7z dir{n}\n"
        for n in range(1, 9)
    )
    + "    -mfb=64     number of fast bytes for lzma = 64\n"
    + "    DO NOT USE the 7-zip format for backup purpose on Linux/Unix.\n```\n"
)
DATE_LINUX = """# date

- Convert a Unix timestamp to Date (Linux):

`date -d @1440359821`

- Print the ISO date:

`date +"%F"`
"""


def test_a_pasted_sheet_does_not_outrank_a_command(tmp_path: Path) -> None:
    pages = {"7z.md": PASTED, "date.md": DATE_LINUX}

    question = "How do I turn a Unix epoch number into a readable date on Linux?"

    result = _ask(tmp_path, pages, question)

    assert result.answer.startswith("Convert a Unix timestamp to Date"), result.answer

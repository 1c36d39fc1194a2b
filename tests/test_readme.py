"""The README is code: its command table, its exit-code table and its Python example are
checked against the CLI and the library as they are."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import click
import pytest
from conftest import REPO_ROOT

from swarm.cli import cli

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")


def _section(heading: str) -> str:
    start = README.index(heading)
    end = README.find("\n## ", start + len(heading))
    return README[start : end if end != -1 else len(README)]


def _table_rows(text: str) -> list[list[str]]:
    """The body rows of the first markdown table in `text`, as lists of cell texts."""
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not re.match(r"^\|[\s|:-]+\|$", line):
            cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
            rows.append([cell.strip() for cell in cells])
    return rows[1:]  # the header row


def _command_rows() -> dict[str, str]:
    rows = {}
    for cells in _table_rows(_section("## The command line")):
        match = re.match(r"`swarm ([a-z-]+)", cells[0])
        if match:
            rows.setdefault(match.group(1), cells[0])
    return rows


def _options(command: click.Command) -> set[str]:
    names: set[str] = set()
    for param in command.params:
        if isinstance(param, click.Option):
            names.update(
                name for name in param.opts + param.secondary_opts if name.startswith("--")
            )
    return names - {"--help"}


def test_the_command_table_lists_every_command() -> None:
    assert sorted(_command_rows()) == sorted(cli.commands)


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_the_command_table_lists_every_option(name: str) -> None:
    row = _command_rows().get(name, "")
    documented = set(re.findall(r"--[a-z][a-z-]*", row))
    assert documented == _options(cli.commands[name])


def test_the_exit_code_table_lists_every_command() -> None:
    rows = _table_rows(_section("### Exit status"))
    documented = {name for cells in rows for name in re.findall(r"`([a-z-]+)`", cells[0])}
    assert documented == set(cli.commands)


def test_the_python_example_runs_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    section = _section("## Use it from Python")
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(REPO_ROOT)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, "README", str(Path("README.md")), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert test.examples, "the README's Python example has no >>> lines"
    assert runner.failures == 0, "".join(failures)


def test_the_freshness_table_lists_the_date_keys_in_their_order() -> None:
    from swarm.wiki.freshness import CREATED_KEYS, DATE_KEYS

    section = README[README.index("### Freshness") :]
    rows = {cells[0]: re.findall(r"`([^`]+)`", cells[1]) for cells in _table_rows(section)[:3]}
    assert rows["1 (newest wins)"] == list(DATE_KEYS)
    assert rows["2 (only if none of the above)"] == list(CREATED_KEYS)


def test_the_freshness_table_lists_the_out_of_date_marks() -> None:
    from swarm.wiki.frontmatter_keys import OUT_OF_DATE_WORDS

    section = README[README.index("### Freshness") :]
    rows = {cells[0]: re.findall(r"`([^`]+)`", cells[1]) for cells in _table_rows(section)[:4]}
    assert rows["decides alone"][: len(OUT_OF_DATE_WORDS)] == list(OUT_OF_DATE_WORDS)

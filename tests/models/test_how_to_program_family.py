"""A how-to naming a program, offline, through the public door (`query`): the program named
lowers the coverage `high` needs only when it tells the pages read apart. In a wiki of one
program's pages (gcloud, kubectl, aws) every page read runs it, so a passage that misses the
question's object ("the default project") is not high for naming it."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from fakes import ask_offline, assert_level


def _sheet(name: str, summary: str, tasks: list[tuple[str, str]]) -> str:
    items = "\n\n".join(f"- {task}:\n\n`{command}`" for task, command in tasks)
    return f"# {name}\n\n> {summary}\n\n{items}\n"


SKYCTL_PAGES = {
    "skyctl/nets-list.md": _sheet(
        "skyctl nets list",
        "List the networks a machine can use.",
        [
            ("List the networks of the project PROJECT_ID", "skyctl nets list --project=ID"),
            ("Show only the networks whose name starts with prod", "skyctl nets list prod*"),
            ("Sort the networks by name", "skyctl nets list --sort-by=name"),
            (
                "Print resource URIs instead of the default output, and change the command"
                " output to a list of URIs",
                "skyctl nets list --uri",
            ),
        ],
    ),
    "skyctl/buckets-list.md": _sheet(
        "skyctl buckets list",
        "List the storage buckets a machine can use.",
        [
            ("List the buckets with their storage class", "skyctl buckets list --long"),
            ("Sort the buckets by size", "skyctl buckets list --sort-by=size"),
            ("Show each bucket's size in bytes", "skyctl buckets list --bytes"),
            ("Show only the buckets whose name starts with logs", "skyctl buckets list logs*"),
            ("List the buckets of the project PROJECT_ID", "skyctl buckets list --project=ID"),
        ],
    ),
}


_ask = partial(ask_offline, time_sensitive=False)


def test_a_passage_missing_the_object_is_not_high_among_one_programs_pages(
    tmp_path: Path,
) -> None:
    result = _ask(tmp_path, SKYCTL_PAGES, "How do I change the default project skyctl uses?")

    assert_level(result, "not high", "skyctl")


def test_a_passage_stating_the_whole_task_is_high_among_one_programs_pages(
    tmp_path: Path,
) -> None:
    question = "How do I make skyctl list the buckets with their storage class?"
    result = _ask(tmp_path, SKYCTL_PAGES, question)

    assert_level(result, "high", "skyctl buckets list --long")

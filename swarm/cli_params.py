"""What every `swarm` command shares: the `--wiki NAME|DIR` parameter (with completion of
configured names), a question read from stdin for `-`, settings and wiki as usage errors.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.shell_completion import CompletionItem

if TYPE_CHECKING:
    from swarm.config import Settings
    from swarm.named_wikis import WikiChoice

__all__ = [
    "WIKI",
    "WIKI_HELP",
    "WikiParam",
    "checked_settings",
    "echo_json",
    "human_size",
    "printable",
    "question_text",
    "wiki_root",
]

WIKI_HELP = "A wiki named under [wikis] in the config file, or a folder (holds index.md)."
# A question from stdin is cut here: longer is no question, and it bounds the prompt.
_MAX_STDIN_CHARS = 100_000


class WikiParam(click.ParamType[str]):
    """`--wiki NAME|DIR`: a configured wiki's name or a folder, resolved later by
    `swarm.config.choose_wiki` (a name first). Completes names, then folders."""

    name = "NAME|DIR"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        return str(value)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        from swarm.config import get_settings
        from swarm.errors import SwarmError

        try:
            names = sorted(get_settings().wikis)
        except SwarmError:  # a broken config file: no names to offer, folders still
            names = []
        items = [CompletionItem(name) for name in names if name.startswith(incomplete)]
        return [*items, CompletionItem(incomplete, type="dir")]


WIKI = WikiParam()


def question_text(value: str) -> str:
    """`value`, or for `-` what stdin holds (the question from a pipe: `echo … | swarm
    query -`), at most 100,000 characters."""
    if value != "-":
        return value
    text: str = sys.stdin.read(_MAX_STDIN_CHARS + 1)
    return text[:_MAX_STDIN_CHARS].strip()


def checked_settings(**overrides: object) -> Settings:
    """`get_settings`, with a bad setting or a broken config file as a usage error (exit 2)."""
    from swarm.config import get_settings
    from swarm.errors import SwarmError

    try:
        return get_settings(**overrides)
    except SwarmError as exc:
        raise click.UsageError(str(exc)) from exc


def wiki_root(wiki: str | None, settings: Settings) -> tuple[Path, WikiChoice]:
    """(the folder holding index.md, what `--wiki` chose), or a usage error (exit 2) when no
    wiki is configured or it has no index."""
    from swarm.config import choose_wiki, resolve_wiki_dir
    from swarm.errors import SwarmError

    try:
        choice = choose_wiki(wiki, settings)
        return resolve_wiki_dir(wiki, settings), choice
    except SwarmError as exc:
        raise click.UsageError(str(exc)) from exc


def printable(text: str, *, keep_lines: bool = False) -> str:
    """`text` with control characters (and lone surrogates) escaped, so a page or a `.env`
    can't drive the terminal; `keep_lines` keeps newlines and tabs (a page's text)."""
    kept = "\n\t" if keep_lines else ""
    return "".join(
        char
        if char.isprintable() or char in kept
        else char.encode("unicode_escape", "backslashreplace").decode("ascii")
        for char in text
    )


def echo_json(payload: object) -> None:
    """`payload` as indented JSON on stdout (non-ASCII kept, lone surrogates replaced)."""
    import json

    from swarm.untrusted import replace_surrogates

    click.echo(replace_surrogates(json.dumps(payload, ensure_ascii=False, indent=2, default=str)))


def human_size(size_bytes: int) -> str:
    """`1.2 MB`, `340 bytes`: binary units, one decimal."""
    size = float(size_bytes)
    for unit in ("bytes", "KB", "MB"):
        if size < 1024:
            return f"{size:.0f} {unit}" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GB"

"""`swarm ask`: one turn of the bot, wiki first, outside only when needed.

Registered on the `swarm` group by `swarm.cli`; heavy imports happen inside the command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from swarm.cli_chat_screen import finding_lines
from swarm.cli_common import BACKENDS, _progress, _settings_for
from swarm.cli_params import WIKI, WIKI_HELP, question_text

if TYPE_CHECKING:
    from swarm.config import Settings
    from swarm.margot_bot import TurnContext, TurnResult


def _turn_context(settings: Settings, wiki: str | None) -> TurnContext:
    from swarm.errors import SwarmError
    from swarm.margot_bot import TurnContext
    from swarm.models import get_reasoner

    try:
        model = get_reasoner(settings)
    except SwarmError as exc:  # e.g. an unknown backend name: a setting to fix
        raise click.UsageError(str(exc)) from exc
    return TurnContext(settings=settings, model=model, wiki_dir=wiki, user_print=_progress)


def _format_source(source: str) -> str:
    return f"wiki: {source[len('wiki:') :]}" if source.startswith("wiki:") else source


def _format_turn(result: TurnResult) -> str:
    """The reply, then per research request the path it took (and what failed), then the
    sources used: wiki pages by path, web sources by URL."""
    lines = [result.reply]
    notes = finding_lines(result)
    if notes:
        lines += ["", *notes]
    if result.sources_used:
        lines += ["", "Sources:"]
        lines += [f"- {_format_source(source)}" for source in result.sources_used]
    return "\n".join(lines)


@click.command("ask")
@click.argument("message")
@click.option("--wiki", type=WIKI, default=None, help=WIKI_HELP)
@click.option("--backend", type=BACKENDS, default=None, help="Model backend (default: auto).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole turn result as JSON.")
def ask_command(message: str, wiki: str | None, backend: str | None, as_json: bool) -> None:
    """Ask the bot MESSAGE (`-`: from stdin): one turn, wiki first, outside only when needed.

    Progress goes to stderr; the reply, per research request the path taken
    (wiki / wiki+web / web), and the sources used go to stdout.

    Exit status: 0 when the turn gave a reply: an answer, the wiki's answer with a note that
    it could not be checked outside, or an honest "nothing was found"; 1 when it could not
    be done (the result's `failed`: every research request failed with no wiki answer to
    give, or the model failed with nothing researched); 2 for usage errors (an empty
    MESSAGE, a bad setting, no wiki configured, no key for --backend anthropic).
    """
    import asyncio

    from swarm.margot_bot import handle_turn

    message = question_text(message)
    if not message.strip():
        raise click.UsageError('MESSAGE is empty: ask something, e.g. swarm ask "Who is on call?"')
    settings = _settings_for(backend, wiki)
    result = asyncio.run(handle_turn(message, context=_turn_context(settings, wiki)))
    if as_json:
        click.echo(result.model_dump_json(indent=2))
    else:
        click.echo(_format_turn(result))
    if result.failed:
        raise SystemExit(1)

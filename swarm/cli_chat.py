"""`swarm chat`: an interactive loop over the bot's turn handler, keeping history.

On a terminal: line editing and history (prompt_toolkit, the history file under
`$XDG_STATE_HOME/swarm/`), a banner, replies rendered as markdown (rich), colour unless
`NO_COLOR` is set, and a spinner on stderr while a turn takes longer than 0.3 s. From a pipe:
one message a line, plain text on stdout, the banner and progress on stderr. Slash commands
(`/help`, `/wiki`, `/backend`, `/sources`, `/quit`) never reach the model.

Registered on the `swarm` group by `swarm.cli`; prompt_toolkit and rich are imported only here,
inside the command, so `swarm --help` stays fast.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import click

from swarm.cli_params import WIKI, WIKI_HELP, checked_settings, printable, wiki_root

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from swarm.cli_chat_screen import Screen
    from swarm.config import Settings
    from swarm.margot_bot import TurnContext, TurnResult
    from swarm.models.base import ChatTurn

__all__ = ["chat_command", "history_file"]

_HISTORY_TURNS = 20  # older turns are dropped so prompts stay bounded
_BACKENDS = ("auto", "anthropic", "openai", "offline")

COMMANDS = (
    ("/help", "this list"),
    ("/wiki NAME|PATH", "switch to another wiki (a [wikis] name or a folder); alone: which one"),
    ("/backend NAME", "switch the model: auto, anthropic, openai or offline; alone: which one"),
    ("/sources", "the last reply's sources: wiki pages by path, web pages by URL"),
    ("/quit", "leave (so do Ctrl-D and /exit; Ctrl-C leaves at once)"),
)


@click.command("chat")
@click.option("--wiki", type=WIKI, default=None, help=WIKI_HELP)
@click.option(
    "--backend", type=click.Choice(_BACKENDS), default=None, help="Model backend (default: auto)."
)
@click.option(
    "--no-history",
    is_flag=True,
    help="Keep the lines typed in memory only, not in $XDG_STATE_HOME/swarm/chat_history.",
)
def chat_command(wiki: str | None, backend: str | None, no_history: bool) -> None:
    """Chat with the bot: one message a line, history kept; Ctrl-D (or /quit) ends it,
    /help lists the commands (/wiki, /backend, /sources).

    Exit status: 0 when the chat ends with Ctrl-D or /quit (a turn that could not be
    answered says so in its reply and the chat goes on); 130 on Ctrl-C; 2 for usage
    errors (a bad setting, no wiki configured, no key for --backend anthropic).
    """
    import asyncio

    from swarm.cli_chat_screen import Screen

    settings = checked_settings(**({"backend": backend} if backend else {}))
    root, choice = wiki_root(wiki, settings)
    problem = _backend_problem(settings, None)
    if problem is not None:
        raise click.UsageError(problem)
    screen = Screen.for_streams(sys.stdin, sys.stdout, sys.stderr)
    state = _ChatState(settings=settings, screen=screen, root=root, wiki_name=choice.name)
    state.keep_history = settings.chat_history and not no_history
    state.context = _turn_context(state, wiki, state.settings.backend)
    try:
        asyncio.run(_chat_loop(state))
    except KeyboardInterrupt:
        click.echo("", err=True)
        raise SystemExit(130) from None


@dataclass
class _ChatState:
    settings: Settings
    screen: Screen
    root: Path
    wiki_name: str | None
    context: TurnContext | None = None
    backend: str = "auto"
    history: list[ChatTurn] = field(default_factory=list)
    last: TurnResult | None = None
    keep_history: bool = True


def _backend_problem(settings: Settings, backend: str | None) -> str | None:
    from swarm.models import backend_problem

    return backend_problem(settings, backend)


def _turn_context(state: _ChatState, wiki: str | Path | None, backend: str) -> TurnContext:
    from swarm.errors import SwarmError
    from swarm.margot_bot import TurnContext
    from swarm.models import get_reasoner

    try:
        model = get_reasoner(state.settings, backend)
    except SwarmError as exc:  # e.g. an unknown backend name: a setting to fix
        raise click.UsageError(str(exc)) from exc
    state.backend = backend
    return TurnContext(
        settings=state.settings, model=model, wiki_dir=wiki, user_print=state.screen.progress
    )


def _backend_label(state: _ChatState) -> str:
    """The backend a turn actually uses: the model's name, and what `auto` falls back to."""
    from swarm.models import resolve_backend

    assert state.context is not None and state.context.model is not None
    label = state.context.model.name
    if state.backend == "auto" and resolve_backend(state.settings, "auto") == "openai":
        label += " (offline when the endpoint can't be reached)"
    return label


def _wiki_label(state: _ChatState) -> str:
    """`name (path, N pages)` for a named wiki, `path (N pages)` otherwise."""
    from swarm.errors import SwarmError
    from swarm.wiki.index import load_page_map

    try:
        pages = len(load_page_map(state.root, cache_dir=state.settings.effective_cache_dir()))
        count = f"{pages} page{'' if pages == 1 else 's'} in index.md"
    except SwarmError as exc:
        count = f"index.md unreadable: {exc}"
    where = printable(str(state.root))
    return f"{state.wiki_name} ({where}, {count})" if state.wiki_name else f"{where} ({count})"


def _banner(state: _ChatState) -> list[str]:
    return [
        "swarm chat",
        f"wiki:    {_wiki_label(state)}",
        f"backend: {_backend_label(state)}",
        "Ask a question. /help lists the commands. Leave with Ctrl-D or /quit; "
        "Ctrl-C leaves at once.",
    ]


async def _chat_loop(state: _ChatState) -> None:
    from swarm import margot_bot
    from swarm.models.base import ChatTurn

    screen = state.screen
    screen.banner(_banner(state))
    read = _line_reader(screen, keep_history=state.keep_history)
    while True:
        line = await read()
        if line is None:  # EOF (Ctrl-D)
            screen.end_of_input()
            return
        message = line.strip()
        if not message:
            continue
        if message.startswith("/") and not message.startswith("//"):
            if not _run_command(state, message):
                return
            continue
        message = message.removeprefix("/")  # `//etc/hosts` asks about "/etc/hosts"
        assert state.context is not None
        with screen.spinner():
            result = await margot_bot.handle_turn(message, state.history, context=state.context)
        state.last = result
        screen.turn(result)
        state.history += [ChatTurn("user", message), ChatTurn("assistant", result.reply)]
        state.history = state.history[-_HISTORY_TURNS:]


def _run_command(state: _ChatState, line: str) -> bool:
    """Run one `/command`; False when the chat should end."""
    name, _, argument = line.partition(" ")
    name, argument = name.lower(), argument.strip()
    screen = state.screen
    if name in ("/quit", "/exit"):
        return False
    if name == "/help":
        width = max(len(usage) for usage, _ in COMMANDS)
        screen.lines([f"{usage:<{width}}  {what}" for usage, what in COMMANDS])
        screen.lines(["Anything else is a question; start it with // to ask about /something."])
    elif name == "/wiki":
        _switch_wiki(state, argument)
    elif name == "/backend":
        _switch_backend(state, argument)
    elif name == "/sources":
        screen.lines(_sources_lines(state))
    else:
        shown = printable(name)
        screen.error(f"unknown command {shown}: /help lists the commands (// starts a question)")
    return True


def _switch_wiki(state: _ChatState, argument: str) -> None:
    from swarm.config import choose_wiki, resolve_wiki_dir
    from swarm.errors import SwarmError

    if not argument:
        state.screen.lines([f"wiki: {_wiki_label(state)}"])
        return
    try:
        name = choose_wiki(argument, state.settings).name
        root = resolve_wiki_dir(argument, state.settings)
    except SwarmError as exc:
        state.screen.error(f"{' '.join(str(exc).split())}; still on {printable(str(state.root))}")
        return
    assert state.context is not None
    state.root, state.wiki_name = root, name
    state.context.wiki_dir = root
    state.last = None
    state.screen.lines([f"wiki: {_wiki_label(state)}"])


def _switch_backend(state: _ChatState, argument: str) -> None:
    if not argument:
        state.screen.lines([f"backend: {_backend_label(state)}"])
        return
    choice = argument.lower()
    if choice not in _BACKENDS:
        state.screen.error(
            f"unknown backend {printable(argument)!r}: use {', '.join(_BACKENDS)}; "
            f"still on {_backend_label(state)}"
        )
        return
    problem = _backend_problem(state.settings, choice)
    if problem is not None:
        state.screen.error(f"can't use {choice}: {problem} Still on {_backend_label(state)}.")
        return
    wiki_dir = state.context.wiki_dir if state.context is not None else state.root
    try:
        state.context = _turn_context(state, wiki_dir, choice)
    except click.UsageError as exc:  # get_reasoner refused after all
        state.screen.error(f"can't use {choice}: {exc.message}")
        return
    state.screen.lines([f"backend: {_backend_label(state)}"])


def _sources_lines(state: _ChatState) -> list[str]:
    if state.last is None:
        return ["no reply yet: ask something first"]
    if not state.last.sources_used:
        return ["the last reply used no sources"]
    lines = ["Sources of the last reply:"]
    from swarm.cli_chat_screen import format_source

    for source in state.last.sources_used:
        line = f"- {format_source(source)}"
        if source.startswith("wiki:"):
            line += f"  ({printable(str(state.root / source[len('wiki:') :]))})"
        lines.append(line)
    return lines


# --- reading a line: prompt_toolkit on a terminal, a plain read otherwise ---------------------


def history_file() -> Path | None:
    """Where the chat's input history is kept: `$XDG_STATE_HOME/swarm/chat_history` (default
    `~/.local/state/swarm/chat_history`), never in the wiki or the working folder. None when
    there is no home folder to put it in."""
    state_home = os.environ.get("XDG_STATE_HOME", "").strip()
    if state_home and Path(state_home).is_absolute():
        return Path(state_home) / "swarm" / "chat_history"
    try:
        return Path.home() / ".local" / "state" / "swarm" / "chat_history"
    except RuntimeError:
        return None


def _line_reader(screen: Screen, *, keep_history: bool) -> Callable[[], Awaitable[str | None]]:
    if not screen.interactive:
        return lambda: _read_line(sys.stdin)
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, History, InMemoryHistory

    path = history_file() if keep_history else None
    history: History = InMemoryHistory()
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
            history = FileHistory(str(path))
        except OSError as exc:
            screen.error(f"history not kept on disk ({exc.strerror or exc}): {path}")
    session: PromptSession[str] = PromptSession(history=history)

    async def read() -> str | None:
        try:
            return await session.prompt_async("you> ")
        except EOFError:
            return None

    return read


async def _read_line(stream: TextIO) -> str | None:
    """One line from `stream` (None at its end) without blocking the event loop, read on a
    daemon thread: on Ctrl-C the pending read is abandoned instead of holding the exit until
    Enter (a worker of the default executor would be waited for)."""
    import asyncio
    import threading

    loop = asyncio.get_running_loop()
    future: asyncio.Future[str] = loop.create_future()

    def deliver(line: str | None, error: BaseException | None) -> None:
        if future.done():  # the read was cancelled (Ctrl-C)
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(line or "")

    def read() -> None:
        line: str | None = None
        error: BaseException | None = None
        try:
            line = stream.readline()
        except BaseException as exc:  # handed to the waiting coroutine
            error = exc
        try:
            loop.call_soon_threadsafe(deliver, line, error)
        except RuntimeError:  # the loop is closed: nobody is waiting any more
            pass

    threading.Thread(target=read, name="swarm-chat-stdin", daemon=True).start()
    return (await future) or None

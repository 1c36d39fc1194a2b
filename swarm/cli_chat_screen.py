"""What `swarm chat` shows, and where: on a terminal, rich (markdown replies, colour unless
`NO_COLOR` is set, a spinner on stderr for a slow turn); from a pipe, plain text, with only
replies and command output on stdout.

Text from a page, a model or the web is shown with its control characters escaped
(`swarm.cli_params.printable`), so it can't drive the terminal.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO
from urllib.parse import unquote, urlsplit

import click

from swarm.cli_params import printable

if TYPE_CHECKING:
    from rich.console import Console
    from rich.status import Status

    from swarm.margot_bot import TurnResult

__all__ = ["SPINNER_DELAY_S", "Screen", "finding_lines", "format_source", "plain_turn"]

SPINNER_DELAY_S = 0.3  # a turn answered sooner shows no spinner at all


class Screen:
    """The chat's output. `interactive` (stdin and stdout are terminals) picks rich and
    prompt_toolkit; otherwise every line is plain `click.echo`."""

    def __init__(self, *, interactive: bool, out: Console | None, err: Console | None) -> None:
        self.interactive = interactive
        self._out = out
        self._err = err

    @classmethod
    def for_streams(cls, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> Screen:
        if not (_isatty(stdin) and _isatty(stdout)):
            return cls(interactive=False, out=None, err=None)
        from rich.console import Console

        # rich reads NO_COLOR (and TERM=dumb) itself: no colour then, bold and the like stay.
        return cls(interactive=True, out=Console(file=stdout), err=Console(file=stderr))

    # --- lines -----------------------------------------------------------------------------

    def banner(self, lines: list[str]) -> None:
        """The banner: on the terminal, or on stderr from a pipe (stdout stays the replies)."""
        if self._out is None:
            for line in lines:
                click.echo(line, err=True)
            return
        from rich.text import Text

        title, *rest = lines
        self._out.print(Text(title, style="bold"))
        for line in rest:
            self._out.print(Text(line, style="dim" if line is rest[-1] else ""))
        self._out.print()

    def lines(self, lines: list[str]) -> None:
        """Command output (/help, /sources, a switch): stdout."""
        if self._out is None:
            for line in lines:
                click.echo(line)
            return
        from rich.text import Text

        for line in lines:
            self._out.print(Text(line))

    def error(self, text: str) -> None:
        """One `error: …` line on stderr; the chat goes on."""
        if self._err is None:
            click.echo(f"error: {text}", err=True)
            return
        from rich.text import Text

        self._err.print(Text(f"error: {text}", style="bold red"))

    def progress(self, line: str) -> None:
        """A progress line of the turn (the wiki being read, research outside): stderr."""
        if self._err is None:
            click.echo(line, err=True)
            return
        from rich.text import Text

        self._err.print(Text(printable(line), style="dim"))

    def end_of_input(self) -> None:
        """Ctrl-D: end the prompt's line, so the shell's prompt starts on its own."""
        if self._out is not None:
            self._out.print()

    # --- a turn ----------------------------------------------------------------------------

    def turn(self, result: TurnResult) -> None:
        """The reply (markdown on a terminal), per research request the path it took, then
        the sources used."""
        if self._out is None:
            click.echo(plain_turn(result))
            click.echo("")
            return
        from rich.markdown import Markdown
        from rich.text import Text

        self._out.print(Markdown(printable(result.reply, keep_lines=True)))
        notes = finding_lines(result)
        if notes:
            self._out.print()
            for line in notes:
                self._out.print(Text(line, style="dim"))
        if result.sources_used:
            self._out.print()
            self._out.print(Text("Sources:", style="bold"))
            for source in result.sources_used:
                self._out.print(Text(f"- {format_source(source)}", style="cyan"))
        self._out.print()

    @contextmanager
    def spinner(self, text: str = "Thinking…") -> Iterator[None]:
        """A spinner on stderr while the block runs longer than `SPINNER_DELAY_S`; only when
        stderr is a terminal. Started from a timer thread: an offline turn may hold the
        event loop, and the spinner must still appear."""
        err = self._err
        if err is None or not err.is_terminal:
            yield
            return
        lock = threading.Lock()
        shown: list[Status] = []
        done = False

        def show() -> None:
            with lock:
                if not done:
                    status = err.status(text, spinner="dots")
                    status.start()
                    shown.append(status)

        timer = threading.Timer(SPINNER_DELAY_S, show)
        timer.daemon = True
        timer.start()
        try:
            yield
        finally:
            with lock:
                done = True
                timer.cancel()
                for status in shown:
                    status.stop()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream
        return False


def finding_lines(result: TurnResult) -> list[str]:
    """`[path] topic`, with what failed: one line per research request."""
    lines: list[str] = []
    for finding, path in zip(result.findings, result.paths, strict=False):
        error = finding.get("error")
        if error and finding.get("depth") == "wiki":  # the wiki's answer, unchecked
            note = f"  (not checked outside: {error})"
        elif error:
            note = f"  (error: {error})"
        else:
            note = ""
        lines.append(printable(f"[{path}] {finding['topic']}{note}"))
    return lines


def plain_turn(result: TurnResult) -> str:
    """A turn as plain text: the reply, the research paths, then `Sources:`."""
    lines = [printable(result.reply, keep_lines=True)]
    notes = finding_lines(result)
    if notes:
        lines += ["", *notes]
    if result.sources_used:
        lines += ["", "Sources:"]
        lines += [f"- {format_source(source)}" for source in result.sources_used]
    return "\n".join(lines)


def format_source(source: str) -> str:
    """`wiki: ccw.md` for a wiki page, `web: Title — URL` for a web page (the title read from
    a Wikipedia address, else the site's host name)."""
    if source.startswith("wiki:"):
        return f"wiki: {printable(source[len('wiki:') :])}"
    parts = urlsplit(source)
    if not parts.scheme or not parts.netloc:
        return f"web: {printable(source)}"
    host = parts.hostname or parts.netloc
    title = host.removeprefix("www.")
    if host.endswith("wikipedia.org") and parts.path.startswith("/wiki/"):
        article = unquote(parts.path[len("/wiki/") :]).replace("_", " ").strip()
        if article:
            title = f"{article} (Wikipedia)"
    return f"web: {printable(title)} — {printable(source)}"

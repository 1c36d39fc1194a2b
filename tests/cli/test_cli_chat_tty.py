"""`swarm chat` on a real terminal: `python -m swarm chat` run on a pty (stdin, stdout and
stderr), driven by keystrokes as a person would, on a copy of the fixture wiki with the offline
backend and outside sources off."""

from __future__ import annotations

import fcntl
import os
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import FIXTURES

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

SLA_QUESTION = "What is CCW's first-response SLA?"
# Escape sequences of every kind (CSI, OSC, the two-byte ones), to read the text on screen.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()=>78]")
_SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def colour_codes(raw: str) -> list[str]:
    """The SGR sequences in `raw` that set a colour (30-49, 90-107, 38/48 extended);
    bold, dim, reverse and resets are not colours."""
    found = []
    for match in _SGR.finditer(raw):
        params = [p for p in re.split("[;:]", match.group(1)) if p]
        if any(p.isdigit() and (30 <= int(p) <= 49 or 90 <= int(p) <= 107) for p in params):
            found.append(match.group(0))
    return found


def flat(text: str) -> str:
    """`text` with every run of whitespace one space, so a line the terminal wrapped reads
    as one."""
    return " ".join(text.split())


class Terminal:
    """A child process on a pty, 40 rows by 250 columns: wide enough that a temporary folder's
    path is not wrapped; checks of a phrase use `flat` besides."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 250, 0, 0))
        self.fd = master
        self.process = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, close_fds=True
        )
        os.close(slave)
        self.raw = ""

    def screen(self) -> str:
        return _ESCAPES.sub("", self.raw).replace("\r", "")

    def read_until(self, text: str, timeout: float = 30.0, *, start: int = 0) -> str:
        """Read until the screen (from character `start` of the raw output) shows `text`."""
        return self._read_until(lambda shown: text in shown, text, timeout, start)

    def _read_until(
        self, done: Callable[[str], bool], what: str, timeout: float, start: int
    ) -> str:
        deadline = time.monotonic() + timeout
        while True:
            shown = _ESCAPES.sub("", self.raw[start:]).replace("\r", "")
            if done(shown):
                return shown
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(left):
                raise AssertionError(f"{what!r} never shown; the screen:\n{self.screen()}")

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], min(timeout, 0.5))
        if not ready:
            return self.process.poll() is None
        try:
            data = os.read(self.fd, 65536).decode("utf-8", "replace")
        except OSError:  # the child closed the pty
            return False
        self.raw += data
        return True

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def say(self, keys: str, expect: str) -> str:
        """Type `keys`, wait until `expect` is shown and then the next `you>` prompt; the
        screen since the keys were typed."""
        start = len(self.raw)
        self.send(keys)

        def answered(shown: str) -> bool:
            return expect in shown and "you>" in shown[shown.index(expect) :]

        return self._read_until(answered, f"{expect} and a prompt", 30.0, start)

    def wait(self, timeout: float = 15.0) -> int:
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(deadline - time.monotonic())
        return self.process.wait(timeout=1)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.fd)


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    copy = tmp_path / "brain"
    shutil.copytree(FIXTURES / "brain", copy)
    return copy


@pytest.fixture
def start(wiki: Path, tmp_path: Path) -> Iterator[object]:
    terminals: list[Terminal] = []
    work = tmp_path / "work"
    work.mkdir()

    def start_chat(*extra_args: str, **extra_env: str) -> Terminal:
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "PROMPT_TOOLKIT_NO_CPR": "1",  # no cursor-position requests to answer
            "WEB_SEARCH_ENABLED": "false",
            "WIKIPEDIA_FALLBACK_ENABLED": "false",
            "XDG_STATE_HOME": str(tmp_path / "state"),
            **extra_env,
        }
        if "NO_COLOR" not in extra_env:
            env.pop("NO_COLOR", None)
        for size in ("COLUMNS", "LINES"):  # the pty's size, not the runner's (xdist sets 80x24)
            env.pop(size, None)
        args = [sys.executable, "-m", "swarm", "chat", "--wiki", str(wiki), "--backend", "offline"]
        args += extra_args
        terminal = Terminal(args, env, work)
        terminals.append(terminal)
        return terminal

    yield start_chat
    for terminal in terminals:
        terminal.close()


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_chat_on_a_terminal(start: object, wiki: Path, tmp_path: Path) -> None:
    before = _files(wiki)
    term = start()  # type: ignore[operator]
    banner = term.read_until("you>")
    assert "swarm chat" in banner
    assert f"wiki: {wiki.resolve()} (26 pages in index.md)" in flat(banner)
    assert "backend: offline" in banner
    assert "Ctrl-D or /quit" in banner and "Ctrl-C leaves at once" in banner

    shown = term.say("/help\r", "start it with //")
    assert "/wiki NAME|PATH" in shown and "/backend NAME" in shown and "/quit" in shown
    assert "Checking the wiki" not in shown  # a command never reaches the model

    shown = term.say("Who carries the pager on weekdays?\r", "Sources:")
    assert "Checking the wiki for 'Who carries the pager on weekdays?'" in shown

    # A typo fixed with the left arrow: the line is edited, the keys are not echoed raw.
    shown = term.say(SLA_QUESTION.replace("SLA?", "SL?") + "\x1b[D" + "A\r", "- wiki: ccw.md")
    assert f"Checking the wiki for '{SLA_QUESTION}'" in shown
    assert "15 minutes" in flat(shown)
    assert "**" not in shown  # markdown rendered, not printed raw
    assert "^[" not in term.raw and "[D" not in shown
    assert colour_codes(term.raw)  # a terminal without NO_COLOR gets colour

    shown = term.say("/sources\r", str(wiki.resolve() / "ccw.md"))
    assert "Sources of the last reply:" in shown and "- wiki: ccw.md" in shown

    term.send("\x04")  # Ctrl-D at an empty prompt
    assert term.wait() == 0
    assert "Traceback" not in term.screen()
    # The history went to $XDG_STATE_HOME, the wiki and the working folder were left alone.
    history = (tmp_path / "state" / "swarm" / "chat_history").read_text(encoding="utf-8")
    assert f"+{SLA_QUESTION}" in history and "+/help" in history
    assert oct((tmp_path / "state" / "swarm" / "chat_history").stat().st_mode & 0o777) == "0o600"
    assert _files(wiki) == before
    assert _files(tmp_path / "work") == {}


@pytest.mark.parametrize(
    ("args", "env"), [(["--no-history"], {}), ([], {"SWARM_CHAT_HISTORY": "false"})]
)
def test_history_can_be_kept_off_disk(
    start: object, tmp_path: Path, args: list[str], env: dict[str, str]
) -> None:
    term = start(*args, **env)  # type: ignore[operator]
    term.read_until("you>")
    term.say("Who carries the pager on weekdays?\r", "Sources:")
    # Up-arrow still recalls the line typed in this chat: history is kept, in memory.
    mark = len(term.raw)
    term.send("\x1b[A")
    assert "Who carries the pager" in term.read_until("Who carries the pager", start=mark)
    term.send("\x15\x04")  # clear the line, then Ctrl-D
    assert term.wait() == 0
    assert not (tmp_path / "state" / "swarm" / "chat_history").exists()


def test_ctrl_c_at_the_prompt_leaves_at_once_with_130(start: object) -> None:
    term = start()  # type: ignore[operator]
    term.read_until("you>")
    term.send("half a line")
    term.read_until("half a line")
    began = time.monotonic()
    term.send("\x03")
    assert term.wait(timeout=10) == 130
    assert time.monotonic() - began < 5
    assert "Traceback" not in term.screen() and "KeyboardInterrupt" not in term.screen()


def test_no_color_means_no_colour_codes(start: object) -> None:
    term = start(NO_COLOR="1")  # type: ignore[operator]
    term.read_until("you>")
    term.say(SLA_QUESTION + "\r", "- wiki: ccw.md")
    term.say("/frob\r", "unknown command /frob")
    term.send("\x04")
    assert term.wait() == 0
    assert "15 minutes" in flat(term.screen())
    assert colour_codes(term.raw) == []

"""`swarm chat` from a pipe (CliRunner): the slash commands, switching wiki and backend, the
plain sources, and what stays off stdout; the spinner's timing on a rich console."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES
from rich.console import Console

from swarm.cli import cli
from swarm.cli_chat_screen import Screen, format_source

BRAIN = str(FIXTURES / "brain")
HOBBY = FIXTURES / "hobby"
SLA_QUESTION = "What is CCW's first-response SLA?"


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWARM_MODEL", "offline")
    monkeypatch.setenv("WEB_SEARCH_ENABLED", "false")
    monkeypatch.setenv("WIKIPEDIA_FALLBACK_ENABLED", "false")


def chat(lines: list[str], *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["chat", "--wiki", BRAIN, *args], input="\n".join(lines))
    return result.exit_code, result.stdout, result.stderr


def test_the_banner_goes_to_stderr_from_a_pipe() -> None:
    code, out, err = chat([])
    assert code == 0
    assert out == ""
    assert f"wiki:    {Path(BRAIN).resolve()} (26 pages in index.md)" in err
    assert "backend: offline" in err
    assert "Ctrl-D or /quit; Ctrl-C leaves at once" in err


def test_help_lists_the_commands_and_is_not_a_question() -> None:
    code, out, err = chat(["/help"])
    assert code == 0
    for command in ("/help", "/wiki NAME|PATH", "/backend NAME", "/sources", "/quit"):
        assert command in out
    assert "Checking the wiki" not in err


@pytest.mark.parametrize("line", ["/frob", "/HELPME please", "/etc/hosts"])
def test_an_unknown_command_is_an_error_line_never_sent(line: str) -> None:
    code, out, err = chat([line, "/quit", SLA_QUESTION])
    assert code == 0
    assert f"error: unknown command {line.split()[0].lower()}: /help lists the commands" in err
    assert "Checking the wiki" not in err and out == ""


def test_a_double_slash_asks_about_a_slash_word() -> None:
    code, out, err = chat(["//etc/hosts"])
    assert code == 0
    assert "Checking the wiki for '/etc/hosts'" in err
    assert "unknown command" not in err


def test_sources_are_readable_and_repeated_by_the_sources_command() -> None:
    code, out, err = chat(["/sources", SLA_QUESTION, "/sources"])
    assert code == 0
    assert out.startswith("no reply yet: ask something first\n")
    assert "15 minutes" in out
    assert "Sources:\n- wiki: ccw.md\n" in out
    ccw = Path(BRAIN).resolve() / "ccw.md"
    assert f"Sources of the last reply:\n- wiki: ccw.md  ({ccw})\n" in out


def test_sources_after_a_reply_without_any() -> None:
    code, out, _ = chat(["hello", "/sources"])
    assert code == 0
    assert "Hello!" in out and "the last reply used no sources" in out


def test_wiki_switch_errors_are_one_line_and_the_chat_goes_on(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    code, out, err = chat(["/wiki nope", f"/wiki {tmp_path / 'empty'}", SLA_QUESTION])
    assert code == 0
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert errors == [
        "error: No wiki named 'nope' ([wikis]: none configured), no folder nope; "
        f"still on {Path(BRAIN).resolve()}",
        f"error: No index.md in {tmp_path / 'empty'} (nor in {tmp_path / 'empty' / 'Wiki'}); "
        f"still on {Path(BRAIN).resolve()}",
    ]
    assert "15 minutes" in out  # still on the first wiki


def test_wiki_switch_by_name_changes_what_is_answered(tmp_path: Path) -> None:
    config = tmp_path / "xdg-config" / "swarm" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(f'[wikis]\nhobby = "{HOBBY}"\n', encoding="utf-8")
    code, out, err = chat(["/wiki", "/wiki hobby", SLA_QUESTION, "/sources"])
    assert code == 0
    assert f"wiki: {Path(BRAIN).resolve()} (26 pages in index.md)" in out
    assert f"wiki: hobby ({HOBBY.resolve()}, 18 pages in index.md)" in out
    assert "- wiki: ccw.md" not in out  # the hobby wiki has no CCW page
    assert str(Path(BRAIN).resolve() / "ccw.md") not in out


def test_backend_switch_refuses_what_cannot_run_and_says_how_to_fix_it() -> None:
    code, out, err = chat(["/backend anthropic", "/backend openai", "/backend foo", "/backend"])
    assert code == 0
    assert "error: can't use anthropic: No Anthropic API key: set ANTHROPIC_API_KEY" in err
    assert "Still on offline." in err
    assert "error: can't use openai:" in err and "SWARM_OPENAI_MODEL" in err
    assert "error: unknown backend 'foo': use auto, anthropic, openai, offline" in err
    assert out == "backend: offline\n"


def test_backend_switch_to_one_that_can_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    code, out, err = chat(["/backend anthropic", "/backend offline", SLA_QUESTION])
    assert code == 0, err
    assert out.startswith("backend: anthropic:")
    assert "backend: offline\n" in out and "15 minutes" in out  # answered offline, no call


def test_web_sources_show_a_title_and_the_address() -> None:
    assert format_source("wiki:clients/acme.md") == "wiki: clients/acme.md"
    assert format_source("https://en.wikipedia.org/wiki/Hach_Company") == (
        "web: Hach Company (Wikipedia) — https://en.wikipedia.org/wiki/Hach_Company"
    )
    assert format_source("https://www.example.com/a?b=1") == (
        "web: example.com — https://www.example.com/a?b=1"
    )
    assert format_source("https://evil.example/\x1b[31mred") == (
        "web: evil.example — https://evil.example/\\x1b[31mred"
    )


def _screen() -> tuple[Screen, io.StringIO]:
    err = io.StringIO()
    consoles = [Console(file=stream, force_terminal=True) for stream in (io.StringIO(), err)]
    return Screen(interactive=True, out=consoles[0], err=consoles[1]), err


def test_the_spinner_shows_only_for_a_slow_step() -> None:
    screen, err = _screen()
    with screen.spinner():
        pass
    assert "Thinking" not in err.getvalue()
    with screen.spinner():
        time.sleep(0.8)
    assert "Thinking" in err.getvalue()


def test_no_spinner_when_stderr_is_not_a_terminal() -> None:
    err = io.StringIO()
    screen = Screen(interactive=True, out=Console(file=io.StringIO()), err=Console(file=err))
    with screen.spinner():
        time.sleep(0.5)
    assert err.getvalue() == ""


def test_no_color_reaches_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """rich reads NO_COLOR: the reply's markdown stays bold, never coloured."""
    from swarm.margot_bot import TurnResult

    for no_color, coloured in (("1", False), (None, True)):
        if no_color:
            monkeypatch.setenv("NO_COLOR", no_color)
        else:
            monkeypatch.delenv("NO_COLOR", raising=False)
        out = io.StringIO()
        screen = Screen(
            interactive=True,
            out=Console(file=out, force_terminal=True, color_system="256"),
            err=None,
        )
        screen.turn(TurnResult(reply="**15 minutes**, see `ccw`", sources_used=["wiki:ccw.md"]))
        assert "**" not in out.getvalue() and "\x1b[1m" in out.getvalue()
        assert ("\x1b[36m" in out.getvalue()) is coloured  # the cyan sources

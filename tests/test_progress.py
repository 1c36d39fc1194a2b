"""The shared progress-sink wrapper and the one-line error description."""

from __future__ import annotations

from swarm.errors import FetchTimeout, describe_error
from swarm.progress import safe_printer


def test_safe_printer_passes_lines_and_swallows_a_broken_sink() -> None:
    seen: list[str] = []
    safe_printer(seen.append)("one")
    assert seen == ["one"]

    def broken(line: str) -> None:
        raise OSError("stdout closed")

    safe_printer(broken)("two")  # no exception
    safe_printer(None)("three")  # no sink: nothing to do


def test_describe_error_is_one_capped_line() -> None:
    assert describe_error(ValueError()) == "ValueError"
    assert describe_error(FetchTimeout("slow\n  host")) == "FetchTimeout: slow host"
    assert describe_error(RuntimeError("x" * 500), max_chars=20) == "RuntimeError: xxxxxx"

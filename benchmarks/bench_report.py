"""What the benchmarks share: writing a labelled section into BENCHMARKS.md (replacing the
same section from an earlier run) and reading comma-separated numbers from the command line."""

from __future__ import annotations

from pathlib import Path


def write_section(path: Path, section: str, mark: str, label: str) -> None:
    """Put `section` between `<!-- mark:label:start -->` and its end marker in `path`:
    in place of that section when the file has it, else at the end."""
    start, end = f"<!-- {mark}:{label}:start -->", f"<!-- {mark}:{label}:end -->"
    block = f"{start}\n{section}\n{end}"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        text = before + block + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")


def int_list(text: str) -> list[int]:
    """ "1,8,32" -> [1, 8, 32] (an argparse type)."""
    return [int(part) for part in text.split(",") if part]

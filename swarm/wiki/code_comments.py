"""Code blocks written as a cheat sheet: "# what it does" comment lines, each followed by the
command lines it describes (`lsof`, `tmux` and many tools' example blocks are written so)."""

from __future__ import annotations

import re

__all__ = ["COMMENT_MIN_WORDS", "commented_commands"]

# A shell comment in a code block ("# List all open IPv4 network files"): the description of
# the command lines under it, when it reads as prose (a few words, not a root prompt's command).
_COMMENT_LINE = re.compile(r"^\s*#+\s+(\S.*)$")
_PROSE_WORD = re.compile(r"^[\"'(]?[^\W\d_]+[)\"',.;:]*$")
COMMENT_MIN_WORDS = 3


def commented_commands(code: str) -> list[tuple[str, str]]:
    """A code block written as "# what it does" comment lines, each followed by its command
    lines: (description, command) pairs (a command before any comment has no description);
    empty when no comment describes a command."""
    if "#" not in code:  # no comment line (most code blocks): nothing to pair
        return []
    pairs: list[tuple[list[str], list[str]]] = []
    for line in code.splitlines():
        if not line.strip():
            continue
        match = _COMMENT_LINE.match(line)
        prose = sum(1 for w in match.group(1).split() if _PROSE_WORD.match(w)) if match else 0
        if match and prose >= COMMENT_MIN_WORDS:
            if not pairs or pairs[-1][1]:
                pairs.append(([], []))
            pairs[-1][0].append(match.group(1).strip())
        elif pairs:
            pairs[-1][1].append(line.strip())
        else:
            pairs.append(([], [line.strip()]))
    if not any(comment and command for comment, command in pairs):
        return []
    return [(" ".join(comment), " ".join(command)) for comment, command in pairs if command]

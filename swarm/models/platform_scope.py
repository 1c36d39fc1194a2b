"""A how-to answered from a page scoped to one platform, for the offline evidence rule.

Cheat sheets sort commands by operating system or shell: a `windows/`, `osx/` or `linux/`
folder, a `powershell/` section, a page titled "Links (PowerShell)". Such a page's command
is that platform's way ("New-Item -ItemType SymbolicLink…"), so it answers a how-to that names
the platform ("…on Windows?", "…in PowerShell?") or the program the command runs ("…with
mklink?"); to a question naming neither ("How do I make a symbolic link to a directory?") it
is one platform's answer among others, not the answer. The names are the operating systems'
and their shells' own, grouped by family (PowerShell and cmd are Windows'); a program's
name is written as the command runs it.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from swarm.lazy_re import lazy_compile
from swarm.wiki.passages import Passage

__all__ = ["platform_unasked", "platforms_named"]

_FAMILIES = {
    "Windows": "windows win win32 win64 powershell pwsh cmd dos msdos",
    "macOS": "macos osx mac darwin",
    "Linux": "linux gnu ubuntu debian fedora centos rhel",
    "BSD": "freebsd openbsd netbsd bsd",
    "SunOS": "sunos solaris",
    "Android": "android",
}
_FAMILY_OF = {word: family for family, names in _FAMILIES.items() for word in names.split()}
_WORD = lazy_compile(r"[a-z0-9]+")
# The program a command line runs: past a prompt sign (`$`, `>`, `PS C:\>`) and `sudo`.
_PROMPT = lazy_compile(r"^\s*(?:PS\s+\S*>|[$#>%])?\s*(?:sudo\s+)?", re.IGNORECASE)
_PROGRAM = lazy_compile(r"[\w][\w.+-]*")


def platforms_named(text: str) -> frozenset[str]:
    """The platform families `text` names by one of their words ("PowerShell": Windows)."""
    return frozenset(_FAMILY_OF[w] for w in _WORD.findall(text.lower()) if w in _FAMILY_OF)


def _program(code: str) -> str:
    match = _PROGRAM.match(_PROMPT.sub("", code, count=1))
    return match.group(0).lower() if match else ""


def platform_unasked(question: str, passage: Passage, code: str) -> str:
    """Why a how-to's command from `page` is one platform's answer ("" when it is not): the
    passage's page's folders or file name, or its title and headings, name a platform that
    the question does not, and the question does not name the program the command runs."""
    if not code:
        return ""
    scope = platforms_named(" ".join(PurePosixPath(passage.page).with_suffix("").parts))
    scope |= platforms_named(passage.context)
    if not scope or scope & platforms_named(question):
        return ""
    program = _program(code)
    if program and program in {token.rstrip(".") for token in _PROGRAM.findall(question.lower())}:
        return ""
    return f"the page is scoped to {', '.join(sorted(scope))}, which the question does not name"

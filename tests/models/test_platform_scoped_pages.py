"""A how-to answered from a page scoped to one platform (a `powershell/` or `windows/` folder,
a title naming the platform) is that platform's answer: high only when the question names the
platform or the program the command runs, through the public door (the offline backend on a
tiny wiki)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarm.wiki_query import query
from tests.fakes import assert_level, page_wiki

POWERSHELL_LINKS = """# Links

## Create a symbolic link

In PowerShell, use the `New-Item` cmdlet.

### Directory symlink

```powershell
New-Item -ItemType SymbolicLink -Path "C:\\MyFolderLink" -Value "C:\\TargetFolder"
```
"""

LN = """# ln

## Symbolic link to a directory

```sh
$ ln -s TARGET DEST
```
"""


@pytest.mark.parametrize(
    ("path", "page", "question", "confidence", "must_hold"),
    [
        # The shell's own page, no platform in its path or title: its command is the answer.
        ("shell/ln.md", LN, "How do I make a symbolic link to a directory?", "high", "ln -s"),
        # The platform named: the PowerShell page's command answers.
        (
            "powershell/links.md",
            POWERSHELL_LINKS,
            "How do I make a directory symlink in PowerShell?",
            "high",
            "New-Item",
        ),
        # The program the command runs named: the asker chose the tool.
        (
            "powershell/links.md",
            POWERSHELL_LINKS,
            "How do I make a directory symlink with New-Item?",
            "high",
            "New-Item",
        ),
        # No platform, no program named: one platform's way, not the answer.
        (
            "powershell/links.md",
            POWERSHELL_LINKS,
            "How do I make a symbolic link to a directory?",
            "not high",
            "New-Item",
        ),
        # The platform only in the folder (the page's text never says it).
        (
            "windows/links.md",
            POWERSHELL_LINKS.replace("In PowerShell, use", "Use"),
            "How do I make a symbolic link to a directory?",
            "not high",
            "New-Item",
        ),
    ],
)
def test_a_platform_scoped_page_answers_high_only_when_the_platform_is_asked(
    tmp_path: Path, path: str, page: str, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {path: page})
    assert_level(query(question, wiki_dir=wiki, model="offline"), confidence, must_hold)

"""Regenerate the tasks-vault fixture from a git mirror of obsidian-tasks-group/obsidian-tasks.

Plain Python, stdlib only. Usage (from the worktree root):

    python wiki_fixtures/tasks-vault/_build/build.py \
        --git-dir /work/.mirror/obsidian-tasks-group+obsidian-tasks/repo \
        [--out wiki_fixtures/tasks-vault]

The repository keeps two Obsidian vaults: `docs/` (the plugin's user guide, published with
Obsidian Publish) and `contributing/` (the contributors' guide). This script reads every
markdown page of both at the pinned commit (`git show COMMIT:path`) and writes it byte for
byte at the same path (frontmatter, wikilinks, embeds, callouts and all). The vaults' settings
(`.obsidian/`) and images are not copied. It then writes the root `index.md` page map.
questions.yaml, SOURCES.md and this folder are left alone.
"""

from __future__ import annotations

import argparse
import posixpath
import re
import shutil
import subprocess
import urllib.parse
from pathlib import Path

COMMIT = "cc0fce3c1326d18e2bdb7020eaf4c52e885da569"
VAULTS = {"docs": "User guide", "contributing": "Contributing guide"}

FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)


def git(git_dir: str, *args: str) -> str:
    out = subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True)
    return out.stdout.decode("utf-8")


def list_pages(git_dir: str) -> list[str]:
    names = git(git_dir, "ls-tree", "-r", "-z", "--name-only", COMMIT, *VAULTS).split("\0")
    return sorted(
        p for p in names if p.endswith(".md") and "/.obsidian/" not in p and not p.startswith(".")
    )


def title_of(text: str, page: str) -> str:
    m = FRONT.match(text)
    body = text[m.end() :] if m else text
    for line in body.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return posixpath.splitext(posixpath.basename(page))[0]


def write_index(out: Path, titles: dict[str, str]) -> None:
    lines = [
        "# Tasks plugin vaults",
        "",
        "The Tasks plugin's two Obsidian vaults: the user guide (`docs/`) and the contributors'",
        "guide (`contributing/`). My page map: every note by folder.",
        "",
    ]
    by_folder: dict[str, list[str]] = {}
    for page in titles:
        by_folder.setdefault(posixpath.dirname(page), []).append(page)
    for folder in sorted(by_folder):
        top, _, rest = folder.partition("/")
        heading = VAULTS[top] + (" / " + rest.replace("/", " / ") if rest else "")
        lines += ["## " + heading, ""]
        for page in sorted(by_folder[folder]):
            lines.append(f"- [{titles[page]}]({urllib.parse.quote(page)})")
        lines.append("")
    (out / "index.md").write_text("\n".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--git-dir", required=True)
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1]))
    args = parser.parse_args()
    out = Path(args.out)
    for top in VAULTS:
        shutil.rmtree(out / top, ignore_errors=True)
    (out / "index.md").unlink(missing_ok=True)

    titles: dict[str, str] = {}
    for page in list_pages(args.git_dir):
        text = git(args.git_dir, "show", f"{COMMIT}:{page}")
        target = out / page
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        titles[page] = title_of(text, page)
    write_index(out, titles)
    print(f"{len(titles)} pages written under {out}")


if __name__ == "__main__":
    main()

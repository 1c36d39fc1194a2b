"""Regenerate the tasks-vault fixture from a git mirror of obsidian-tasks-group/obsidian-tasks.

Plain Python, stdlib only. Usage (from the worktree root):

    python wiki_fixtures/tasks-vault/_build/build.py \
        --git-dir /work/.mirror/obsidian-tasks-group+obsidian-tasks/repo \
        [--out wiki_fixtures/tasks-vault]

The repository keeps two Obsidian vaults: `docs/` (the plugin's user guide, published with
Obsidian Publish) and `contributing/` (the contributors' guide). This script reads every
markdown page of both at the pinned commit (`git show COMMIT:path`) and writes it byte for
byte at the same path (frontmatter, wikilinks, embeds, callouts and all), except that a page
whose body is longer than swarm reads of a page (SPLIT_OVER characters) is split at its `##` to
`####` headings (outside code fences), its tables' column-aligning spaces cut to one: its
first part stays at its path with its frontmatter,
each later part (sections packed up to SPLIT_OVER characters) goes next to it as
"<page> - <first heading of the part>.md" under a "# <page title> - <heading>" line. The
vaults' settings (`.obsidian/`) and images are not copied. It then writes the root `index.md`
page map. questions.yaml, SOURCES.md and this folder are left alone.
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
FENCE = re.compile(r"^\s*(```+|~~~+)")
SECTION = re.compile(r"^#{2,4}\s+(.*?)\s*#*\s*$")
TABLE_PAD = re.compile(r"(?<=\S) {2,}(?=\|)|(?<=\|) {2,}")
SPLIT_OVER = 1400  # characters of body; swarm reads the first 1,500 of a page
UNSAFE = re.compile(r'[\\/:*?"<>|#^\[\]]')


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


def sections(body: str) -> list[tuple[str, str]]:
    """(heading, text) chunks of `body`: the part before the first `##`/`###` heading (heading
    ""), then one per heading, fence-aware."""
    chunks: list[tuple[str, list[str]]] = [("", [])]
    in_fence = False
    for line in body.split("\n"):
        if FENCE.match(line):
            in_fence = not in_fence
        match = None if in_fence else SECTION.match(line)
        if match:
            chunks.append((match.group(1), []))
        chunks[-1][1].append(line)
    return [(heading, "\n".join(lines)) for heading, lines in chunks]


def split_page(page: str, text: str, title: str) -> list[tuple[str, str]]:
    """(path, text) of the page's parts: itself when short, else sections packed up to
    SPLIT_OVER characters, the first at `page` with the frontmatter."""
    m = FRONT.match(text)
    front, body = (text[: m.end()], text[m.end() :]) if m else ("", text)
    if len(body) <= SPLIT_OVER:
        return [(page, text)]
    # A table's column-aligning spaces, one space kept (it renders the same).
    body = "\n".join(
        TABLE_PAD.sub(" ", line) if line.lstrip().startswith("|") else line
        for line in body.split("\n")
    )
    parts: list[tuple[str, str]] = []
    for heading, chunk in sections(body):
        if parts and len(parts[-1][1]) + len(chunk) + 1 <= SPLIT_OVER:
            parts[-1] = (parts[-1][0], parts[-1][1] + "\n" + chunk)
        else:
            parts.append((heading, chunk))
    out = [(page, front + parts[0][1].rstrip("\n") + "\n")]
    stem = posixpath.splitext(page)[0]
    seen: set[str] = {page}
    for heading, chunk in parts[1:]:
        name = " ".join(UNSAFE.sub(" ", re.sub(r"[`*_]", "", heading)).split())[:60]
        path = f"{stem} - {name}.md"
        n = 2
        while path in seen:
            path, n = f"{stem} - {name} {n}.md", n + 1
        seen.add(path)
        out.append((path, f"# {title} - {name}\n\n" + chunk.strip("\n") + "\n"))
    return out


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
    sources = list_pages(args.git_dir)
    for page in sources:
        text = git(args.git_dir, "show", f"{COMMIT}:{page}")
        for path, part in split_page(page, text, title_of(text, page)):
            target = out / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(part, encoding="utf-8")
            titles[path] = title_of(part, path)
    write_index(out, titles)
    print(f"{len(sources)} notes written as {len(titles)} pages under {out}")


if __name__ == "__main__":
    main()

"""Regenerate the dev-cheatsheets fixture from a git mirror of MichaelCurrin/dev-cheatsheets.

Plain Python, stdlib only. Usage (from the worktree root):

    python wiki_fixtures/dev-cheatsheets/_build/build.py \
        --git-dir /work/.mirror/MichaelCurrin+dev-cheatsheets/repo \
        [--out wiki_fixtures/dev-cheatsheets]

It reads the pages under `cheatsheets/` at the pinned commit (`git show COMMIT:path`), keeps a
selection of folders (SELECT / DROP below), writes each page at its path without the leading
`cheatsheets/`, and writes the root `index.md` page map. Pages keep their own frontmatter and
markdown byte for byte, except for Jekyll Liquid tags that only make sense when the site is
built (see `clean_liquid`). questions.yaml, SOURCES.md and this folder are left alone.
"""

from __future__ import annotations

import argparse
import fnmatch
import posixpath
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

COMMIT = "d19cea65edad95434a4b4fa1922463ceacd5251f"
PREFIX = "cheatsheets/"
SITE = "https://michaelcurrin.github.io/dev-cheatsheets/"

# Folders kept (glob patterns on the path below cheatsheets/), then the ones dropped from them.
SELECT = [
    "shell/*",
    "version-control/*",
    "python/*",
    "containers/*",
    "ci-cd/*",
    "artificial-intelligence/*",
    "package-managers/index.md",
    "package-managers/python/*",
    "package-managers/os/*",
    "go/index.md",
    "go/commands/*",
    "make/*",
    "terraform/*",
    "sql/*",
    "nosql/*",
    "data/*",
    "rust/*",
    "powershell/*",
    "cmd/*",
]
DROP = [
    "shell/scripting/control-flow/*",
    "shell/files/text-files/*",
    "shell/commands/date/*",
    "shell/printing/*",
    "shell/storage/*",
    "shell/database/*",
    "version-control/github/api/*",
    "version-control/git/submodules/*",
    "python/libraries/*",
    "python/type-checks/*",
    "python/strings/*",
    "python/configs/*",
    "python/project-administration/*",
    "terraform/code/*",
    "nosql/redis/*",
    "rust/cli/*",
]

FOLDER_TITLES = {
    "ci-cd": "CI/CD",
    "sql": "SQL",
    "nosql": "NoSQL",
    "cmd": "CMD",
}

RAW_TAG = re.compile(r"\{%-?\s*(?:raw|endraw)\s*-?%\}")
RAW_SPLIT = re.compile(r"(\{%-?\s*raw\s*-?%\}.*?\{%-?\s*endraw\s*-?%\})", re.DOTALL)
LINK_TAG = re.compile(r"\{%-?\s*link\s+(\S+?)\s*-?%\}")
INCLUDE_LINE = re.compile(r"^[ \t]*\{%-?\s*include\s[^%]*%\}[ \t]*\n?", re.MULTILINE)
FENCE = re.compile(r"^[ \t]*(```|~~~)", re.MULTILINE)


def git_show(git_dir: str, path: str) -> str:
    out = subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"{COMMIT}:{path}"],
        check=True,
        capture_output=True,
    )
    return out.stdout.decode("utf-8")


def list_pages(git_dir: str) -> list[str]:
    out = subprocess.run(
        ["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", COMMIT, PREFIX],
        check=True,
        capture_output=True,
        text=True,
    )
    rel = [p[len(PREFIX) :] for p in out.stdout.splitlines() if p.endswith(".md")]
    keep = [
        p
        for p in rel
        if any(fnmatch.fnmatch(p, pat) for pat in SELECT)
        and not any(fnmatch.fnmatch(p, pat) for pat in DROP)
    ]
    return sorted(keep)


def _outside_code(text: str, fix: Callable[[str], str]) -> str:
    """Apply `fix` to the parts of `text` outside fenced code blocks."""
    parts: list[str] = []
    pos = 0
    inside = False
    for match in FENCE.finditer(text):
        chunk = text[pos : match.start()]
        parts.append(chunk if inside else fix(chunk))
        pos = match.start()
        inside = not inside
    tail = text[pos:]
    parts.append(tail if inside else fix(tail))
    return "".join(parts)


def clean_liquid(text: str, page: str, kept: set[str]) -> str:
    """Drop the Liquid that is site-build noise; keep Liquid that is the page's subject.

    - `{% raw %}` / `{% endraw %}` markers go (they only stop Jekyll from rendering the code
      between them; the code stays as written).
    - Outside raw regions, `{% link cheatsheets/X.md %}` becomes a relative link to X.md when X
      is in the fixture, else the published page's URL.
    - Outside raw regions and outside fenced code, a line holding only `{% include ... %}`
      (a site widget, e.g. the rendered flag table of curl.md's frontmatter) goes.
    Every other Liquid tag stays (in code samples it is what the page teaches).
    """

    def link(match: re.Match[str]) -> str:
        target = match.group(1)
        if target.startswith(PREFIX):
            target = target[len(PREFIX) :]
        if target in kept:
            return posixpath.relpath(target, posixpath.dirname(page) or ".")
        return SITE + re.sub(r"\.md$", ".html", target)

    def fix_plain(chunk: str) -> str:
        chunk = LINK_TAG.sub(link, chunk)
        return _outside_code(chunk, lambda c: INCLUDE_LINE.sub("", c))

    pieces = RAW_SPLIT.split(text)
    out: list[str] = []
    for i, piece in enumerate(pieces):
        out.append(RAW_TAG.sub("", piece) if i % 2 else fix_plain(piece))
    return "".join(out)


FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)


def page_meta(text: str) -> tuple[str | None, str | None, str]:
    """Title and description from the page's frontmatter, and the body after it."""
    title = desc = None
    body = text
    m = FRONT.match(text)
    if m:
        body = text[m.end() :]
        lines = m.group(1).splitlines()
        for i, line in enumerate(lines):
            key, _, value = line.partition(":")
            value = value.strip()
            if key == "title" and value:
                title = value.strip("'\"")
            if key == "description":
                if value in ("|", ">", "|-", ">-"):
                    follow = [ln.strip() for ln in lines[i + 1 :] if ln.startswith("  ")]
                    value = " ".join(follow[:1]) if follow else ""
                desc = value.strip("'\"") or None
    return title, desc, body


def heading_title(body: str) -> str | None:
    for line in body.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None


def folder_heading(folder: str) -> str:
    parts = folder.split("/")
    return " / ".join(FOLDER_TITLES.get(p, p.replace("-", " ").capitalize()) for p in parts)


def write_index(out: Path, entries: dict[str, tuple[str, str | None]]) -> None:
    lines = [
        "# Dev Cheatsheets",
        "",
        "A collection of code snippets and CLI guides for quick and easy reference while coding.",
        "My page map: every cheatsheet by folder.",
        "",
    ]
    by_folder: dict[str, list[str]] = {}
    for page in entries:
        by_folder.setdefault(posixpath.dirname(page), []).append(page)
    for folder in sorted(by_folder):
        depth = min(folder.count("/") + 2, 4)
        lines.append("#" * depth + " " + folder_heading(folder))
        lines.append("")
        pages = sorted(by_folder[folder], key=lambda p: (not p.endswith("index.md"), p))
        for page in pages:
            title, desc = entries[page]
            lines.append(f"- [{title}]({page})" + (f": {desc}" if desc else ""))
        lines.append("")
    (out / "index.md").write_text("\n".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--git-dir", required=True)
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1]))
    args = parser.parse_args()
    out = Path(args.out)
    for child in out.iterdir():
        if child.is_dir() and child.name != "_build":
            shutil.rmtree(child)
    (out / "index.md").unlink(missing_ok=True)

    pages = list_pages(args.git_dir)
    kept = set(pages)
    entries: dict[str, tuple[str, str | None]] = {}
    for page in pages:
        text = clean_liquid(git_show(args.git_dir, PREFIX + page), page, kept)
        target = out / page
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        title, desc, body = page_meta(text)
        stem = posixpath.basename(posixpath.dirname(page)) if page.endswith("index.md") else None
        name = stem or posixpath.splitext(posixpath.basename(page))[0]
        entries[page] = (title or heading_title(body) or name, desc)
    write_index(out, entries)
    print(f"{len(pages)} pages written under {out}")


if __name__ == "__main__":
    main()

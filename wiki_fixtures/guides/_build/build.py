"""Build the `guides` fixture wiki from an extracted copy of thoughtbot/guides.

Usage: python build.py SOURCE_DIR [--git-dir GIT_DIR]

Every markdown guide becomes a folder; a guide longer than LIMIT characters is split into
one page per `##` section (and a `##` section still longer than LIMIT into one page per
`###` subsection), each titled "<Guide> — <Section>", its text as written. The text before
the first `##` becomes "<Guide> — Overview" when it holds more than the title. With
--git-dir, pages of the guides in DATED get `updated:` from the source file's last commit.
Stdlib only.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

LIMIT = 1500
OUT = Path(__file__).resolve().parent.parent
SKIP_DIRS = {"_template", "node_modules"}
SKIP_FILES = {"CODE_OF_CONDUCT.md"}
# Guides whose pages carry an `updated:` date (the others carry none, as real wikis vary).
DATED = {
    "git",
    "ruby",
    "rails",
    "security",
    "code-review",
    "css",
    "javascript-typescript",
    "testing-rspec",
    "tech-stack",
    "accessibility",
}


def slug(text: str) -> str:
    text = re.sub(r"[`*\[\]()]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:60] or "page"


def heading_text(line: str) -> str:
    return re.sub(r"^#+\s*", "", line).strip()


def split(text: str, level: str) -> tuple[str, list[tuple[str, str]]]:
    """The text before the first heading of `level`, then (heading, body) pairs."""
    head: list[str] = []
    parts: list[tuple[str, list[str]]] = []
    fence = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
        if not fence and line.startswith(level + " "):
            parts.append((heading_text(line), []))
        elif parts:
            parts[-1][1].append(line)
        else:
            head.append(line)
    return "\n".join(head).strip(), [(h, "\n".join(b).strip()) for h, b in parts]


def first_line(body: str) -> str:
    for line in body.splitlines():
        line = line.strip().lstrip("-*> ").strip()
        if line and not line.startswith(("#", "```", "|", "<", "!")):
            line = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line)
            return line if len(line) <= 120 else line[:117].rstrip() + "…"
    return ""


def updated(git_dir: str | None, rel: str) -> str | None:
    if not git_dir:
        return None
    out = subprocess.run(
        ["git", "--git-dir", git_dir, "log", "-1", "--format=%cs", "--", rel],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return out or None


def write(path: Path, title: str, tags: list[str], date: str | None, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fm = [f'title: "{title}"', "tags: [" + ", ".join(tags) + "]"]
    if date:
        fm.append(f"updated: {date}")
    path.write_text("---\n" + "\n".join(fm) + "\n---\n\n" + body.strip() + "\n", encoding="utf-8")


def guide_name(rel: Path, text: str) -> str:
    for line in text.splitlines():
        if line.startswith("# "):
            return heading_text(line)
    return rel.stem.replace("-", " ").replace("_", " ")


def build(src: Path, git_dir: str | None) -> list[tuple[str, list[tuple[str, str, str]]]]:
    groups: list[tuple[str, list[tuple[str, str, str]]]] = []
    files = sorted(
        p
        for p in src.rglob("*.md")
        if not SKIP_DIRS & set(p.relative_to(src).parts) and p.name not in SKIP_FILES
    )
    for path in files:
        rel = path.relative_to(src)
        text = path.read_text(encoding="utf-8")
        name = guide_name(rel, text)
        top = rel.parts[0] if len(rel.parts) > 1 else "thoughtbot"
        folder = Path(*rel.parts[:-1]) if len(rel.parts) > 1 else Path("general-guides")
        if rel.name != "README.md":
            folder = folder / slug(rel.stem)
        elif len(rel.parts) == 1:
            folder = Path("about")
        tags = sorted({slug(top), "guide"} | ({"how-to"} if "how-to" in rel.parts else set()))
        date = updated(git_dir, rel.as_posix()) if top in DATED else None
        pages: list[tuple[str, str, str]] = []
        body_all = re.sub(r"^# .*\n", "", text, count=1).strip()
        head, sections = split(body_all, "##")
        if len(body_all) <= LIMIT or not sections:
            pages.append((f"{name}", "overview", body_all))
        else:
            if len(head) > 40:
                pages.append((f"{name} — Overview", "overview", head))
            for sec, body in sections:
                sub_head, subs = split(body, "###")
                if len(body) > LIMIT and subs:
                    if len(sub_head) > 40:
                        pages.append((f"{name} — {sec}", slug(sec), sub_head))
                    for sub, sbody in subs:
                        pages.append(
                            (f"{name} — {sec} — {sub}", slug(sec) + "--" + slug(sub), sbody)
                        )
                else:
                    pages.append((f"{name} — {sec}", slug(sec), body))
        entries: list[tuple[str, str, str]] = []
        seen: set[str] = set()
        for title, stem, body in pages:
            if not body.strip():
                continue
            while stem in seen:
                stem += "-2"
            seen.add(stem)
            out = folder / f"{stem}.md"
            write(OUT / out, title.replace('"', "'"), tags, date, body)
            entries.append((title, out.as_posix(), first_line(body)))
        if entries:
            groups.append((name, entries))
    return groups


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    src = Path(argv[0])
    git_dir = argv[argv.index("--git-dir") + 1] if "--git-dir" in argv else None
    groups = build(src, git_dir)
    lines = [
        "# thoughtbot Guides — engineering handbook",
        "",
        "Our engineering guides: style per language, best practices, code review, security,"
        " git protocol. One folder per guide; long guides are split by section.",
        "",
    ]
    for name, entries in groups:
        lines += [f"## {name}", ""]
        for title, path, desc in entries:
            lines.append(f"- [{title}]({path})" + (f": {desc}" if desc else ""))
        lines.append("")
    (OUT / "index.md").write_text("\n".join(lines), encoding="utf-8")
    print(sum(len(e) for _, e in groups), "pages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

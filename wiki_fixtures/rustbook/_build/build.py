#!/usr/bin/env python3
"""Regenerate the `rustbook` fixture wiki from "The Rust Programming Language" book.

Usage:
    python3 build.py SOURCE [OUT]

SOURCE is a checkout of https://github.com/rust-lang/book (a folder holding src/) or a bare
git directory of it (read with `git show COMMIT:src/...`). OUT defaults to the fixture folder
(the parent of this _build/ folder). Stdlib only.

Each chapter file src/chNN-MM-*.md (and the appendices) is split at its `##` / `###` headings
into one page per section, in one folder per chapter. mdbook include lines, the <Listing>
wrappers, images and caption/filename spans are dropped or flattened to plain text; prose,
lists and code blocks stay as they are. Some pages get frontmatter, some none.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

COMMIT = "917544888a55e4da7109bdba8c88c893c0da70f4"
HERE = Path(__file__).resolve().parent

# chapter folder names (short, as a person would name them) and tags
CHAPTERS = {
    "00": ("ch00-introduction", ["rust", "intro"]),
    "01": ("ch01-getting-started", ["setup", "cargo"]),
    "02": ("ch02-guessing-game", ["tutorial"]),
    "03": ("ch03-common-concepts", ["basics"]),
    "04": ("ch04-ownership", ["ownership", "borrowing"]),
    "05": ("ch05-structs", ["structs"]),
    "06": ("ch06-enums-and-match", ["enums", "pattern-matching"]),
    "07": ("ch07-packages-crates-modules", ["modules", "crates"]),
    "08": ("ch08-collections", ["collections", "std"]),
    "09": ("ch09-error-handling", ["errors"]),
    "10": ("ch10-generics-traits-lifetimes", ["generics", "traits", "lifetimes"]),
    "11": ("ch11-testing", ["testing"]),
    "12": ("ch12-io-project-minigrep", ["project", "cli"]),
    "13": ("ch13-closures-and-iterators", ["functional", "iterators"]),
    "14": ("ch14-more-about-cargo", ["cargo", "crates-io"]),
    "15": ("ch15-smart-pointers", ["smart-pointers", "memory"]),
    "16": ("ch16-concurrency", ["concurrency", "threads"]),
    "17": ("ch17-async-await", ["async", "futures"]),
    "18": ("ch18-oop", ["oop", "trait-objects"]),
    "19": ("ch19-patterns", ["patterns"]),
    "20": ("ch20-advanced-features", ["advanced", "unsafe", "macros"]),
    "21": ("ch21-web-server-project", ["project", "web-server"]),
    "appendix": ("appendix", ["reference"]),
}

FENCE = re.compile(r"^\s*(```+|~~~+)")
HEADING = re.compile(r"^(#{1,3})\s+(.*?)\s*#*\s*$")
REFDEF = re.compile(r"^\[([^\]]+)\]:\s*(\S.*)$")
REFUSE = re.compile(r"\]\[([^\]]+)\]")
LISTING = re.compile(r"""^(?:>\s*)?<Listing\b((?:\s+[\w-]+=(?:"[^"]*"|'[^']*'))*)\s*>\s*$""")
ATTR = re.compile(r"""([\w-]+)=(?:"([^"]*)"|'([^']*)')""")


def read_sources(source: Path) -> dict[str, str]:
    """Map src/<name>.md -> text, from a checkout or a bare git dir."""
    if (source / "src").is_dir():
        return {p.name: p.read_text(encoding="utf-8") for p in sorted((source / "src").glob("*.md"))}
    names = subprocess.run(
        ["git", "-C", str(source), "ls-tree", "--name-only", COMMIT, "src/"],
        check=True, capture_output=True, text=True,
    ).stdout.split()
    out = {}
    for name in names:
        if name.endswith(".md"):
            out[Path(name).name] = subprocess.run(
                ["git", "-C", str(source), "show", f"{COMMIT}:{name}"],
                check=True, capture_output=True, text=True,
            ).stdout
    return out


def slugify(text: str) -> str:
    text = re.sub(r"`|\*|_(?=\w)|(?<=\w)_", "", text)
    text = text.replace("’", "").replace("'", "")
    text = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()
    return text or "section"


def clean(text: str) -> str:
    """Drop include lines and noisy HTML; keep prose, lists and code as they are."""
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"<img\b.*?/?>", "", text, flags=re.S)
    text = re.sub(r"</?figure>", "", text)
    text = re.sub(r"<figcaption>(.*?)</figcaption>", r"\1", text, flags=re.S)
    text = re.sub(r'<span class="filename">.*?</span>', "", text, flags=re.S)
    text = re.sub(r'<span class="caption">(.*?)</span>', r"\1", text, flags=re.S)
    text = re.sub(r'<span id="[^"]*"></span>', "", text)
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    in_fence = False
    while i < len(lines):
        line = lines[i]
        m = FENCE.match(line)
        if m and not in_fence:
            # gather the block; drop it when only include lines were in it
            j = i + 1
            body = []
            while j < len(lines) and not FENCE.match(lines[j]):
                body.append(lines[j])
                j += 1
            kept = [b for b in body if not b.strip().startswith("{{#")]
            if any(k.strip() for k in kept):
                out.append(line)
                out.extend(kept)
                if j < len(lines):
                    out.append(lines[j])
            i = j + 1
            continue
        if line.strip().startswith("{{#"):
            i += 1
            continue
        lm = LISTING.match(line.strip())
        if lm:
            attrs = {k: a or b for k, a, b in ATTR.findall(lm.group(1))}
            bits = []
            if "number" in attrs:
                bits.append(f"Listing {attrs['number']}")
            if "file-name" in attrs:
                bits.append(f"({attrs['file-name']})")
            label = " ".join(bits)
            if "caption" in attrs:
                label = f"{label}: {attrs['caption']}" if label else attrs["caption"]
            if label:
                out.append(("> " if line.lstrip().startswith(">") else "") + label)
            i += 1
            continue
        if line.strip().lstrip("> ").strip() == "</Listing>":
            i += 1
            continue
        out.append(line)
        i += 1
    text = "\n".join(out)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip() + "\n"


def split_sections(text: str) -> list[tuple[int, str, list[str]]]:
    """(level, heading, body lines) per #/##/### heading, fence-aware."""
    sections: list[tuple[int, str, list[str]]] = []
    in_fence = False
    current: tuple[int, str, list[str]] | None = None
    pre: list[str] = []
    for line in text.split("\n"):
        if FENCE.match(line):
            in_fence = not in_fence
        m = None if in_fence else HEADING.match(line)
        if m:
            current = (len(m.group(1)), m.group(2), [])
            sections.append(current)
            continue
        (current[2] if current else pre).append(line)
    return sections


def frontmatter_for(path: str, title: str, chapter: str, tags: list[str]) -> str:
    """A deterministic mix: about half the pages have none, the rest vary in keys."""
    h = int(hashlib.sha1(path.encode()).hexdigest(), 16) % 10
    num = None if chapter == "appendix" else int(chapter)
    t = title.replace('"', "'")
    if h < 5:
        return ""
    if h < 7:
        lines = [f'title: "{t}"', f"tags: [{', '.join(tags)}]"]
        if num is not None:
            lines.append(f"chapter: {num}")
    elif h < 9:
        lines = [f"tags: [{', '.join(tags)}]"]
        if num is not None:
            lines.append(f"chapter: {num}")
    else:
        lines = [f'title: "{t}"', "source: The Rust Programming Language"]
    return "---\n" + "\n".join(lines) + "\n---\n\n"


def first_sentence(body: str) -> str:
    in_fence = False
    for para in re.split(r"\n\s*\n", body):
        p = para.strip()
        if not p or p.startswith(("```", "#", "|", ">", "-", "*", "<", "Listing ", "Figure ")):
            continue
        p = " ".join(p.split())
        p = re.sub(r"\[([^\]]+)\]\[[^\]]*\]", r"\1", p)
        p = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", p)
        s = re.split(r"(?<=[.!?:])\s", p)[0]
        if len(s) > 140:
            s = s[:137].rsplit(" ", 1)[0] + "…"
        return s
    return ""


def build(source: Path, out: Path) -> None:
    files = read_sources(source)
    for child in out.iterdir():
        if child.is_dir() and child.name != "_build":
            shutil.rmtree(child)
    index: list[str] = [
        "# The Rust Programming Language — section notes",
        "",
        "The Rust book split into one page per section, one folder per chapter.",
        "",
    ]
    chosen = sorted(n for n in files if re.match(r"(ch\d\d|appendix)-\d\d-.*\.md$", n))
    by_chapter: dict[str, list[str]] = {}
    for name in chosen:
        key = "appendix" if name.startswith("appendix") else name[2:4]
        by_chapter.setdefault(key, []).append(name)
    n_pages = 0
    for key in sorted(by_chapter, key=lambda k: (k == "appendix", k)):
        folder, tags = CHAPTERS[key]
        (out / folder).mkdir(parents=True, exist_ok=True)
        used: set[str] = set()
        entries: list[str] = []
        chapter_title = None
        for name in by_chapter[key]:
            raw = files[name]
            refs = {}
            for line in raw.split("\n"):
                m = REFDEF.match(line)
                if m:
                    refs[m.group(1).lower()] = line
            body_text = "\n".join(l for l in raw.split("\n") if not REFDEF.match(l))
            text = clean(body_text)
            file_slug = re.sub(r"^(ch\d\d|appendix)-\d\d-", "", name[:-3])
            for level, heading, lines in split_sections(text):
                if chapter_title is None and level == 1:
                    chapter_title = heading
                slug = slugify(heading)
                if slug in used:
                    slug = f"{file_slug}-{slug}"
                n = 2
                base = slug
                while slug in used:
                    slug = f"{base}-{n}"
                    n += 1
                used.add(slug)
                body = "\n".join(lines).strip()
                # reference-style link definitions this page uses
                wanted = []
                for r in dict.fromkeys(x.lower() for x in REFUSE.findall(body)):
                    if r in refs:
                        wanted.append(refs[r])
                page = f"# {heading}\n\n{body}\n"
                if wanted:
                    page += "\n" + "\n".join(wanted) + "\n"
                rel = f"{folder}/{slug}.md"
                fm = frontmatter_for(rel, heading, key, tags)
                (out / rel).write_text(fm + page, encoding="utf-8")
                n_pages += 1
                desc = first_sentence(body)
                h = int(hashlib.sha1(rel.encode()).hexdigest(), 16) % 8
                indent = "  " if level == 3 else ""
                title = heading.replace("[", "(").replace("]", ")")
                if desc and h != 0:
                    entries.append(f"{indent}- [{title}]({rel}): {desc}")
                else:
                    entries.append(f"{indent}- [{title}]({rel})")
        label = chapter_title or folder
        if key == "appendix":
            label = "Appendices"
        index.append(f"## {'Chapter ' + str(int(key)) + ': ' if key != 'appendix' else ''}{label}")
        index.append("")
        index.extend(entries)
        index.append("")
    (out / "index.md").write_text("\n".join(index), encoding="utf-8")
    print(f"{n_pages} pages")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    build(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else HERE.parent)

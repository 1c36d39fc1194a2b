#!/usr/bin/env python3
"""Regenerate the `handbook` fixture wiki from a checkout of the 18F handbook.

    python3 wiki_fixtures/handbook/_build/build.py /path/to/18F/handbook [--out DIR]

The checkout may be a work tree or a bare git directory (then HEAD is read with `git show`).
Pages come from `pages/**/*.md` with their folder structure (the `pages/` prefix dropped) and
their frontmatter byte for byte; in the body the Eleventy/Liquid shortcodes are resolved or
stripped (see `clean_body`), the prose, lists, tables, HTML and links stay as they are.
`index.md` (the page map, grouped by folder) is written too. Stdlib only.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import textwrap
from pathlib import Path

SOURCE_COMMIT = "1e4955634d0369f17e5bbc0ebbf8f62e2a3dfe4b"

# Left out: redirect stubs, the contributor note, the pages on editing the handbook site itself
# (their bodies are mostly its shortcode and frontmatter syntax), the ATO / infrastructure
# engineering guides of launching-software/ (to stay under MAX_PAGES), and pages too thin to hold a
# fact (under MIN_BODY_CHARS once cleaned).
EXCLUDE_PREFIXES = (
    "redirects/",
    "CONTRIBUTING.md",
    "updating-the-handbook/",
    "launching-software/",
)
MIN_BODY_CHARS = 1400  # cleaned body, without frontmatter
MAX_PAGES = 200

FOLDER_NAMES = {
    "18f": "18F",
    "tts-consulting": "TTS Consulting",
    "how-18f-works": "How 18F works",
}


# --- reading the checkout ---------------------------------------------------------------------


class Checkout:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.worktree = (path / "pages").is_dir()

    def _git(self, *args: str) -> str:
        out = subprocess.run(
            ["git", "-C", str(self.path), *args], check=True, capture_output=True
        )
        return out.stdout.decode("utf-8")

    def list_pages(self) -> list[str]:
        if self.worktree:
            root = self.path / "pages"
            return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.md"))
        names = self._git("ls-tree", "-r", "--name-only", "HEAD", "pages").splitlines()
        return sorted(n[len("pages/"):] for n in names if n.endswith(".md"))

    def read(self, rel: str) -> str:
        if self.worktree:
            return (self.path / "pages" / rel).read_text(encoding="utf-8")
        return self._git("show", f"HEAD:pages/{rel}")

    def commit(self) -> str:
        try:
            return self._git("rev-parse", "HEAD").strip()
        except (subprocess.CalledProcessError, FileNotFoundError):
            return "unknown"


# --- cleaning ---------------------------------------------------------------------------------


def split_frontmatter(text: str) -> tuple[str, str]:
    """Return (frontmatter block including both --- lines and a newline, body)."""
    if not text.startswith("---\n"):
        return "", text
    end = text.find("\n---", 4)
    if end < 0:
        return "", text
    close = text.find("\n", end + 4)
    close = len(text) if close < 0 else close + 1
    return text[:close], text[close:]


def _args(tag_body: str) -> list[str]:
    return re.findall(r'"([^"]*)"', tag_body)


def _shortcode(match: re.Match[str]) -> str:
    name, rest = match.group(1), match.group(2) or ""
    args = _args(rest)
    if name in {"page", "link", "download"}:
        return args[0] if args else ""
    if name == "slack_channel":
        if len(args) >= 2 and args[1]:
            return args[1]
        channel = args[0].lstrip("#") if args else ""
        return f"#{channel}" if channel else ""
    if name == "image":
        src, alt = (args + ["", ""])[:2]
        return f"![{alt}]({src})"
    if name == "image_with_class":
        src, _cls, alt = (args + ["", "", ""])[:3]
        return f"![{alt}]({src})"
    return ""  # include, uswds_icon, usa-current, anything else: site chrome


def _alert(match: re.Match[str]) -> str:
    args = _args(match.group(1) or "")
    title = args[0].strip() if args else ""
    inner = textwrap.dedent(match.group(2).strip("\n")).strip()
    head = f"**{title}**\n\n" if title else ""
    return f"{head}{inner}\n"


def clean_body(body: str) -> str:
    raws: list[str] = []

    def keep_raw(m: re.Match[str]) -> str:
        raws.append(m.group(1))
        return f"\x00RAW{len(raws) - 1}\x00"

    body = re.sub(r"{%-?\s*raw\s*-?%}(.*?){%-?\s*endraw\s*-?%}", keep_raw, body, flags=re.S)
    body = re.sub(r"{%-?\s*comment\s*-?%}.*?{%-?\s*endcomment\s*-?%}\n?", "", body, flags=re.S)
    body = re.sub(
        r"{%-?\s*alert\b([^%]*)%}(.*?){%-?\s*endalert\s*-?%}", _alert, body, flags=re.S
    )
    body = re.sub(r"{%-?\s*([a-zA-Z_-]+)\b(.*?)-?%}", _shortcode, body, flags=re.S)
    body = re.sub(r'{{\s*"([^"]*)"\s*}}', r"\1", body)
    body = re.sub(r"{{[^}]*}}", "", body)
    body = re.sub(r"\x00RAW(\d+)\x00", lambda m: raws[int(m.group(1))], body)
    body = re.sub(r"[ \t]+\n", "\n", body)
    body = re.sub(r"\n{3,}", "\n\n", body)
    return body.strip("\n") + "\n"


# --- the page map -----------------------------------------------------------------------------


def title_of(frontmatter: str, rel: str) -> str:
    m = re.search(r"^title:\s*(.+?)\s*$", frontmatter, re.M)
    if m:
        return m.group(1).strip().strip("\"'")
    return Path(rel).stem.replace("-", " ").capitalize()


def description_of(frontmatter: str, body: str) -> str:
    """subtitle if the page has one, else its first sentence of prose; '' when it opens with a
    heading, list, table, image or HTML (the index then has a bare link, as real ones do)."""
    m = re.search(r"^subtitle:\s*(.+?)\s*$", frontmatter, re.M)
    if m:
        return m.group(1).strip().strip("\"'")
    paras = [p for p in body.strip().split("\n\n") if p.strip()]
    while paras and re.fullmatch(r"_\[[^\]]*\]\([^)]*\)_", paras[0].strip()):
        paras.pop(0)  # "_[Back to Slack page](../)_" navigation lines
    para = paras[0] if paras else ""
    if not para or para[0] in "#-*|!<>0123456789[`" or para.startswith("**"):
        return ""
    text = " ".join(para.split())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links -> their words
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML -> its words
    sentence = re.split(r"(?<=[a-z0-9)][.!?])(?<!a\.k\.a\.)\s+(?=[A-Z(])", text, maxsplit=1)[0]
    if len(sentence) > 140:
        sentence = sentence[:137].rsplit(" ", 1)[0] + "..."
    return sentence


def folder_heading(folder: str) -> str:
    if not folder:
        return "General"
    parts = []
    for seg in folder.split("/"):
        parts.append(FOLDER_NAMES.get(seg, seg.replace("-", " ").capitalize()))
    return " / ".join(parts)


def write_index(out: Path, pages: list[tuple[str, str, str]]) -> None:
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for rel, title, desc in pages:
        folder = "" if "/" not in rel else str(Path(rel).parent)
        groups.setdefault(folder, []).append((rel, title, desc))
    lines = [
        "# TTS Handbook: page map",
        "",
        "The handbook of GSA's Technology Transformation Services (TTS) and 18F, by folder.",
        "",
    ]
    for folder in sorted(groups, key=lambda f: (f != "", f)):
        lines += [f"## {folder_heading(folder)}", ""]
        for rel, title, desc in sorted(groups[folder], key=lambda t: t[0]):
            link = f"- [{title}]({rel})"
            lines.append(f"{link}: {desc}" if desc else link)
        lines.append("")
    (out / "index.md").write_text("\n".join(lines), encoding="utf-8")


# --- main -------------------------------------------------------------------------------------


def build(source: Path, out: Path) -> int:
    checkout = Checkout(source)
    chosen: list[tuple[str, str, str]] = []
    for rel in checkout.list_pages():
        if rel.startswith(EXCLUDE_PREFIXES):
            continue
        frontmatter, body = split_frontmatter(checkout.read(rel))
        body = clean_body(body)
        if len(body) < MIN_BODY_CHARS:
            continue
        chosen.append((rel, frontmatter, body))
    if len(chosen) > MAX_PAGES:
        sys.exit(f"{len(chosen)} pages selected, more than {MAX_PAGES}: tighten the rules")
    for old in out.rglob("*.md"):
        if old.name not in {"SOURCES.md"} and "_build" not in old.parts:
            old.unlink()
    entries = []
    for rel, frontmatter, body in chosen:
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        sep = "\n" if frontmatter else ""
        dest.write_text(frontmatter + sep + body, encoding="utf-8")
        entries.append((rel, title_of(frontmatter, rel), description_of(frontmatter, body)))
    write_index(out, entries)
    for d in sorted(out.rglob("*"), reverse=True):
        if d.is_dir() and not any(d.iterdir()):
            d.rmdir()
    print(f"{len(chosen)} pages from {source} (commit {checkout.commit()}) -> {out}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checkout", type=Path, help="18F/handbook work tree or git directory")
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent)
    args = ap.parse_args()
    return build(args.checkout, args.out)


if __name__ == "__main__":
    raise SystemExit(main())

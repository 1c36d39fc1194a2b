#!/usr/bin/env python3
"""Regenerate the `company-handbook` fixture wiki from the Sourcegraph handbook repository.

    python3 wiki_fixtures/company-handbook/_build/build.py /path/to/sourcegraph/handbook [--out DIR]

The source may be a work tree or a bare git directory (then HEAD is read with `git show` and the
page dates come from `git log`). Pages come from `content/**/*.md` under the folders in INCLUDE,
with their folder structure (the `content/` prefix dropped), their frontmatter as written and
their markdown as written; only the site's build-time directives are resolved or dropped (see
`clean_body`). Pages of the folders in DATED get a date key from the source's git history (see
`DATED`). `index.md` (the page map, grouped by folder) and a copy of the source's `LICENSE` are
written too. Stdlib only.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

SOURCE_COMMIT = "5752928b213a3ddbc7cee4459524f404a5b96fb4"

# The parts of the handbook a teammate reads about their job: benefits and pay, company process
# and policies, people and talent, finance, legal, IT (tech-ops), engineering process, security,
# support / customer engineering / professional services, sales, pricing and licensing, team.
INCLUDE = (
    "benefits-pay-perks/",
    "company-info-and-process/",
    "departments/people-talent/",
    "departments/finance/",
    "departments/legal/",
    "departments/tech-ops/",
    "departments/engineering/",
    "departments/security/",
    "departments/technical-success/",
    "departments/sales/",
    "departments/product/process/gtm/",
    "team/",
)
# Left out to stay under MAX_PAGES and keep the handbook a handbook: the generated per-release
# Trivy scan reports and managed-service specs, the per-product engineering team pages (but not
# DevOps), the technical-advisor playbooks, the distribution team's notes, the content style
# guides, the recruiting-tool guides, and personal "README" pages.
EXCLUDE = (
    "departments/security/tooling/trivy/",
    "departments/engineering/managed-services/",
    "departments/engineering/teams/",
    "departments/technical-success/ta/",
    "departments/engineering/dev/distribution/",
    "company-info-and-process/communication/content_guidelines/",
    "departments/people-talent/talent/tools/",
)
KEEP_ANYWAY = ("departments/engineering/teams/devops/",)
PERSONAL_README = re.compile(r"/[a-z]+-readme\.md$")
# A page must hold this much text once cleaned (frontmatter not counted); benefits and company
# pages are often short and still the page a teammate looks for.
MIN_BODY_CHARS = 1000
MIN_BODY_CHARS_SHORT_OK = 400
SHORT_OK = ("benefits-pay-perks/", "company-info-and-process/")
MAX_PAGES = 450

# Date keys added from the git history of the source (the date of the last commit that touched
# the file): policy-side folders get `last_updated: YYYY-MM-DD`, security and IT pages
# `last_modified:` with the commit's full timestamp and zone; the other folders stay undated,
# as most of the source's pages are.
DATED = (
    ("benefits-pay-perks/", "last_updated"),
    ("company-info-and-process/", "last_updated"),
    ("departments/people-talent/", "last_updated"),
    ("departments/finance/", "last_updated"),
    ("departments/legal/", "last_updated"),
    ("departments/security/", "last_modified"),
    ("departments/tech-ops/", "last_modified"),
)

FOLDER_NAMES = {
    "benefits-pay-perks": "Benefits, pay and perks",
    "company-info-and-process": "Company info and process",
    "people-talent": "People and talent",
    "people-ops": "People ops",
    "tech-ops": "Tech ops (IT)",
    "technical-success": "Technical success",
    "ce": "Customer engineering",
    "ps": "Professional services",
    "dev": "Development",
    "devops": "DevOps",
    "gtm": "Go to market",
    "smb": "SMB",
    "sdrteam": "SDR team",
    "rfcs": "RFCs",
}


# --- reading the source -----------------------------------------------------------------------


class Source:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.worktree = (path / "content").is_dir()

    def _git(self, *args: str) -> str:
        out = subprocess.run(["git", "-C", str(self.path), *args], check=True, capture_output=True)
        return out.stdout.decode("utf-8")

    def list_pages(self) -> list[str]:
        if self.worktree:
            root = self.path / "content"
            return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.md"))
        names = self._git("ls-tree", "-r", "--name-only", "HEAD", "content").splitlines()
        return sorted(n[len("content/") :] for n in names if n.endswith(".md"))

    def read(self, rel: str) -> str:
        if self.worktree:
            return (self.path / "content" / rel).read_text(encoding="utf-8")
        return self._git("show", f"HEAD:content/{rel}")

    def read_data(self, rel: str) -> str:
        if self.worktree:
            return (self.path / rel).read_text(encoding="utf-8")
        return self._git("show", f"HEAD:{rel}")

    def last_commit_dates(self) -> dict[str, str]:
        """page -> ISO timestamp (with zone) of the last commit touching content/<page>."""
        log = self._git("log", "--format=C %cI", "--name-only", "HEAD", "--", "content")
        dates: dict[str, str] = {}
        current = ""
        for line in log.splitlines():
            if line.startswith("C "):
                current = line[2:].strip()
            elif line.startswith("content/") and line[len("content/") :] not in dates:
                dates[line[len("content/") :]] = current
        return dates

    def commit(self) -> str:
        try:
            return self._git("rev-parse", "HEAD").strip()
        except (subprocess.CalledProcessError, FileNotFoundError):
            return "unknown"


# --- cleaning ---------------------------------------------------------------------------------


def split_frontmatter(text: str) -> tuple[str, str]:
    """Return (the lines between the two --- lines, body); ('', text) without frontmatter."""
    if not text.startswith("---\n"):
        return "", text
    end = text.find("\n---", 3)
    if end < 0:
        return "", text
    close = text.find("\n", end + 4)
    close = len(text) if close < 0 else close + 1
    return text[4 : end + 1], text[close:]


def _unquote(value: str) -> str:
    """A YAML scalar as written: quotes dropped only when they wrap the whole value."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def glossary_markdown(yml: str) -> str:
    """The table the site generated from data/glossary.yml (src/lib/generatedMarkdown.js)."""
    out: list[str] = []
    term = ""
    for line in yml.splitlines():
        section = re.match(r"^([a-z_]+):\s*$", line)
        if section:
            if out:
                out.append("")
            name = section.group(1)
            out += [
                f"## {name[0].upper() + name[1:]} terms",
                "",
                "|Term|Definition|",
                "|----|----------|",
            ]
            continue
        m = re.match(r"^\s+- term:\s*(.*?)\s*$", line)
        if m:
            term = _unquote(m.group(1))
            continue
        m = re.match(r"^\s+definition:\s*(.*?)\s*$", line)
        if m:
            out.append(f"|{term}|{_unquote(m.group(1))}|")
    return "\n".join(out) + "\n"


def clean_body(body: str, glossary: str) -> str:
    """Resolve or drop the site's directives outside code fences: `{{generator:glossary}}`
    becomes the glossary table, other `{{generator:…}}` / `{{notebook:…}}` lines are dropped
    (they pulled team names from the site's data), JSX components (`<Callout>`) keep their text.
    Everything else is the source's markdown."""
    out: list[str] = []
    fence = ""
    for line in body.split("\n"):
        stripped = line.strip()
        opener = re.match(r"^(`{3,}|~{3,})", stripped)
        if fence:
            if stripped.startswith(fence):
                fence = ""
            out.append(line)
            continue
        if opener:
            fence = opener.group(1)
            out.append(line)
            continue
        if stripped == "{{generator:glossary}}":
            out.append(glossary.rstrip("\n"))
            continue
        if re.fullmatch(r"{{\s*(generator|notebook):[^}]*}}", stripped):
            continue
        line = re.sub(r"</?(Callout|QuickLinks|ProductLinks|LinkCards)\b[^>]*>", "", line)
        line = re.sub(r"<QuickLink\b[^>]*/>", "", line)
        out.append(line)
    text = "\n".join(out)
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip("\n") + "\n"


def with_date(frontmatter: str, key: str, value: str) -> str:
    if re.search(rf"^{key}:", frontmatter, re.M):
        return frontmatter
    return frontmatter + f"{key}: {value}\n"


# --- the page map -----------------------------------------------------------------------------


def title_of(frontmatter: str, body: str, rel: str) -> str:
    m = re.search(r"^title:\s*(.+?)\s*$", frontmatter, re.M)
    if m:
        return m.group(1).strip().strip("\"'")
    m = re.search(r"^#\s+(.+?)\s*#*\s*$", body, re.M)
    if m:
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1))
        return title.replace("`", "").strip()
    stem = Path(rel).parent.name if Path(rel).stem == "index" else Path(rel).stem
    return stem.replace("-", " ").replace("_", " ").capitalize()


def description_of(body: str) -> str:
    """The first sentence of the page's first paragraph of prose after its title; '' when the
    page goes on with a heading, list, table, quote or HTML (the index then has a bare link)."""
    paras = [p for p in body.strip().split("\n\n") if p.strip()]
    if paras and paras[0].lstrip().startswith("#"):
        paras.pop(0)
    para = paras[0].strip() if paras else ""
    if not para or para[0] in "#-*|!<>0123456789[`{_" or para.startswith("**"):
        return ""
    text = " ".join(para.split())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    sentence = re.split(r"(?<=[a-z0-9)][.!?])\s+(?=[A-Z(])", text, maxsplit=1)[0]
    if len(sentence) > 140:
        sentence = sentence[:137].rsplit(" ", 1)[0] + "..."
    return sentence


def folder_heading(folder: str) -> str:
    parts = []
    for seg in folder.split("/"):
        if seg == "departments":
            continue
        parts.append(FOLDER_NAMES.get(seg, seg.replace("-", " ").replace("_", " ").capitalize()))
    return " / ".join(parts) or "General"


def write_index(out: Path, pages: list[tuple[str, str, str]]) -> None:
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for rel, title, desc in pages:
        groups.setdefault(str(Path(rel).parent), []).append((rel, title, desc))
    lines = [
        "# Sourcegraph handbook: page map",
        "",
        "How we work at Sourcegraph: benefits and pay, time off, company process and policies,",
        "people and talent, finance and legal, IT, engineering, security, support and sales.",
        "Pages by folder.",
        "",
    ]
    for folder in sorted(groups):
        lines += [f"## {folder_heading(folder)}", ""]
        for rel, title, desc in sorted(
            groups[folder], key=lambda t: (Path(t[0]).stem != "index", t[0])
        ):
            link = f"- [{title}]({rel})"
            lines.append(f"{link}: {desc}" if desc else link)
        lines.append("")
    (out / "index.md").write_text("\n".join(lines), encoding="utf-8")


# --- main -------------------------------------------------------------------------------------


def selected(rel: str) -> bool:
    if not rel.startswith(INCLUDE):
        return False
    if rel.startswith(EXCLUDE) and not rel.startswith(KEEP_ANYWAY):
        return False
    return not PERSONAL_README.search(rel)


def build(source_path: Path, out: Path) -> int:
    source = Source(source_path)
    glossary = glossary_markdown(source.read_data("data/glossary.yml"))
    dates = {} if source.worktree else source.last_commit_dates()
    chosen: list[tuple[str, str, str]] = []
    for rel in source.list_pages():
        if not selected(rel):
            continue
        frontmatter, body = split_frontmatter(source.read(rel))
        body = clean_body(body, glossary)
        floor = MIN_BODY_CHARS_SHORT_OK if rel.startswith(SHORT_OK) else MIN_BODY_CHARS
        if len(body) < floor:
            continue
        for prefix, key in DATED:
            if rel.startswith(prefix) and rel in dates:
                stamp = dates[rel]
                frontmatter = with_date(
                    frontmatter, key, stamp[:10] if key == "last_updated" else stamp
                )
                break
        chosen.append((rel, frontmatter, body))
    if len(chosen) > MAX_PAGES:
        sys.exit(f"{len(chosen)} pages selected, more than {MAX_PAGES}: tighten the rules")
    for old in out.rglob("*.md"):
        if old.name != "SOURCES.md" and "_build" not in old.parts:
            old.unlink()
    entries = []
    for rel, frontmatter, body in chosen:
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        head = f"---\n{frontmatter}---\n\n" if frontmatter else ""
        dest.write_text(head + body, encoding="utf-8")
        entries.append((rel, title_of(frontmatter, body, rel), description_of(body)))
    write_index(out, entries)
    # Apache-2.0 section 4(a): recipients get a copy of the licence, as the source ships it.
    (out / "LICENSE").write_text(source.read_data("LICENSE"), encoding="utf-8")
    for d in sorted(out.rglob("*"), reverse=True):
        if d.is_dir() and not any(d.iterdir()):
            d.rmdir()
    print(f"{len(chosen)} pages from {source_path} (commit {source.commit()}) -> {out}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("source", type=Path, help="sourcegraph/handbook work tree or git directory")
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent)
    args = ap.parse_args()
    return build(args.source, args.out)


if __name__ == "__main__":
    raise SystemExit(main())

"""Regenerate the `help-centre` fixture from the Plausible Analytics documentation.

Usage (stdlib only; SRC is a work tree or an extracted archive of plausible/docs holding
`docs/` and `sidebars.js`; GIT_DIR is a git directory of the same repository, read for each
page's last-change date):

    python wiki_fixtures/help-centre/_build/build.py SRC --git-dir GIT_DIR [--rev REV]

It rewrites every page folder and `index.md` of the fixture, never `questions.yaml`,
`SOURCES.md` or `LICENSE`. What it changes from the source is listed in SOURCES.md.
"""

from __future__ import annotations

import argparse
import posixpath
import re
import shutil
import subprocess
from pathlib import Path

FIXTURE = Path(__file__).resolve().parents[1]

# The site's sidebar groups, in its order, as folders of the wiki.
CATEGORY_FOLDERS = {
    "Get Started": "get-started",
    "Website Settings": "website-settings",
    "Stats Dashboard": "stats-dashboard",
    "Goals and Events": "goals-and-events",
    "Bypass Adblockers": "bypass-adblockers",
    "APIs & Data Access": "apis-and-data",
    "Account Settings": "account-settings",
    "Team": "team",
    "Billing": "billing",
}
OTHER_FOLDER = "integrations-and-more"  # pages the sidebar does not list
OTHER_TITLE = "Integrations and more"

# The API references are kept as a developer would: one page per section.
SPLIT_PAGES = {"stats-api", "stats-api-v1", "sites-api"}
SPLIT_SUBSECTIONS_OVER = 3000  # a `##` section longer than this is split at its `###`
MERGE_SECTIONS_UNDER = 300  # a `###` part shorter than this stays with the one before

ADMONITION = re.compile(r"^:::(\w+)\s*(.*)$")
IMG = re.compile(r"""<img\s[^>]*?alt="([^"]*)"[^>]*?src=\{?useBaseUrl\(['"]([^'"]+)['"]\)\}?[^>]*?/>""")
IMG_PLAIN = re.compile(r"""<img\s[^>]*?alt="([^"]*)"[^>]*?src="([^"]+)"[^>]*?/?>""")
PLAN_NOTE = re.compile(r'<PlanFeatureNote\s+feature="[^"]*"\s+plan="(\w+)"\s+label="([^"]*)"\s*/>')
HEADING_ID = re.compile(r"\s*\{#[^}]+\}\s*$")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("src", type=Path)
    parser.add_argument("--git-dir", type=Path, required=True)
    parser.add_argument("--rev", default="HEAD")
    args = parser.parse_args()
    docs = args.src / "docs"
    category_of = sidebar_categories((args.src / "sidebars.js").read_text(encoding="utf-8"))
    sources = sorted(p for p in docs.rglob("*.md*") if p.suffix in (".md", ".mdx"))
    new_path: dict[str, str] = {}  # source doc id -> wiki path (first page of a split one)
    for source in sources:
        doc_id = source.relative_to(docs).with_suffix("").as_posix()
        category = category_of.get(doc_id) or ("Bypass Adblockers" if doc_id.startswith("proxy/") else "")
        folder = CATEGORY_FOLDERS.get(category, OTHER_FOLDER)
        stem = doc_id.replace("/", "-") if "/" in doc_id else doc_id
        new_path[doc_id] = f"{folder}/{stem}.md"
    for folder in [*CATEGORY_FOLDERS.values(), OTHER_FOLDER]:
        shutil.rmtree(FIXTURE / folder, ignore_errors=True)
    pages: list[tuple[str, str, str, str]] = []  # (folder, path, title, description)
    for source in sources:
        doc_id = source.relative_to(docs).with_suffix("").as_posix()
        meta, body = split_frontmatter(source.read_text(encoding="utf-8"))
        title = meta.get("title") or doc_id
        description = meta.get("description", "")
        path = new_path[doc_id]
        folder = path.split("/")[0]
        updated = last_change(args.git_dir, args.rev, f"docs/{source.relative_to(docs).as_posix()}")
        body = convert(body, doc_id, new_path, path)
        if doc_id in SPLIT_PAGES:
            stem = path[: -len(".md")]
            for number, (section, text) in enumerate(split_sections(body)):
                slug = "introduction" if number == 0 else slugify(section)
                page_path = f"{stem}/{number:02d}-{slug}.md"
                page_title = title if number == 0 else f"{section} ({title})"
                fields = {"title": page_title, "page": title, "category": category_name(folder)}
                fields["updated"] = updated
                lead = description if number == 0 else first_sentence(text)
                write_page(page_path, fields, page_title, text)
                pages.append((folder, page_path, page_title, lead))
        else:
            fields = {"title": title, "description": description, "category": category_name(folder)}
            fields["updated"] = updated
            write_page(path, fields, title, body)
            pages.append((folder, path, title, description))
    write_index(pages)
    print(f"{len(pages)} pages")


def sidebar_categories(sidebar: str) -> dict[str, str]:
    """Each doc id listed in sidebars.js with its top-level category label."""
    category_of: dict[str, str] = {}
    current = ""
    for line in sidebar.splitlines():
        top = re.match(r"^    '([^']+)': \[", line)
        if top:
            current = top.group(1)
            continue
        for doc_id in re.findall(r"^\s*'([\w/-]+)',?\s*$", line) + re.findall(r"id: '([\w/-]+)'", line):
            category_of.setdefault(doc_id, current)
    return category_of


def category_name(folder: str) -> str:
    for name, slug in CATEGORY_FOLDERS.items():
        if slug == folder:
            return name
    return OTHER_TITLE


def split_frontmatter(text: str) -> tuple[dict[str, str], str]:
    match = re.match(r"^---\n(.*?)\n---[ \t]*\n", text, re.S)
    if not match:
        return {}, text
    meta: dict[str, str] = {}
    for line in match.group(1).splitlines():
        key, _, value = line.partition(":")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        meta[key.strip()] = value
    return meta, text[match.end() :]


def last_change(git_dir: Path, rev: str, path: str) -> str:
    out = subprocess.run(
        ["git", f"--git-dir={git_dir}", "log", "-1", "--format=%cs", rev, "--", path],
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip()


def convert(body: str, doc_id: str, new_path: dict[str, str], page_path: str) -> str:
    """The MDX page as markdown a wiki keeps: components rendered or dropped, code untouched."""
    out: list[str] = []
    fence = ""
    skipping = ""  # the closing tag of a dropped multi-line block
    for line in body.splitlines():
        stripped = line.strip()
        if fence:
            if is_closing_fence(stripped, fence):
                fence = ""
            elif re.search(r"(#|//|<!--)\s*highlight-(next-line|start|end)", stripped):
                continue
            out.append(line)
            continue
        if skipping:
            if skipping in stripped:
                skipping = ""
            continue
        if stripped.startswith("```") or stripped.startswith("~~~"):
            fence = stripped[:3]
            out.append(line)
            continue
        if re.match(r"^import .* from ['\"]", stripped):
            continue
        if stripped.startswith("<head>"):
            skipping = "</head>"
            continue
        if stripped.startswith("<CtaBox"):
            if "/>" not in stripped:
                skipping = "/>"
            continue
        if re.match(r"^</?(SiteContextProvider|ExamplesTip|ApiV2Playground|ApiV2Example|CodeBlock|video|source)\b", stripped):
            if stripped.startswith("<ExamplesTip>"):
                skipping = "</ExamplesTip>"
            continue
        note = PLAN_NOTE.search(line)
        if note:
            plan = "Business" if note.group(1) == "business" else "Enterprise"
            article = "a" if plan == "Business" else "an"
            out.append(f"{note.group(2)} is {article} {plan} plan feature.")
            continue
        line = IMG.sub(lambda m: f"![{m.group(1)}]({m.group(2)})", line)
        line = IMG_PLAIN.sub(lambda m: f"![{m.group(1)}]({m.group(2)})", line)
        line = re.sub(r"</?div[^>]*>", "", line)
        line = re.sub(r"<hr\s*/\s*>", "", line)
        if line.strip().startswith("![") and line.strip().endswith(")"):
            line = line.strip()  # an image inside a dropped <div>: not an indented code block
        line = line.replace("<Required />", "(required)").replace("<Optional />", "(optional)")
        line = re.sub(r"</?details>", "", line)
        line = re.sub(r"<summary>(.*?)</summary>", r"**\1**", line)
        line = re.sub(r"</?summary>", "", line)
        if line.lstrip().startswith("#"):
            line = HEADING_ID.sub("", line)
        admonition = ADMONITION.match(stripped)
        if admonition:
            label = admonition.group(2).strip() or admonition.group(1).capitalize()
            out.append(f"**{label}**")
            continue
        if stripped == ":::":
            continue
        line = LINK.sub(lambda m: "](" + relink(m.group(1), doc_id, new_path, page_path) + ")", line)
        out.append(line.rstrip())
    text = "\n".join(out)
    text = re.sub(r"\n{3,}", "\n\n", text).strip("\n")
    return text + "\n"


def relink(target: str, doc_id: str, new_path: dict[str, str], page_path: str) -> str:
    """A link to another doc, pointed at that doc's page in this wiki."""
    if re.match(r"^[a-z]+:", target) or target.startswith("#"):
        return target
    path, _, anchor = target.partition("#")
    path = path.removesuffix(".mdx").removesuffix(".md").rstrip("/")
    if path.startswith("/"):
        doc = path.removeprefix("/docs/").removeprefix("/")
    else:
        doc = posixpath.normpath(posixpath.join(posixpath.dirname(doc_id), path))
    if doc not in new_path:
        return target
    relative = posixpath.relpath(new_path[doc], posixpath.dirname(page_path))
    return relative + (f"#{anchor}" if anchor else "")


def split_sections(body: str) -> list[tuple[str, str]]:
    """(heading, text) per `##` section, long sections split at `###`; the intro comes first.

    Each section's own heading becomes its page's `#`, so the headings inside go up to match.
    """
    pieces: list[tuple[str, str, int]] = []  # (heading, text, depth of the heading)
    for heading, text in cut(body, "## "):
        if heading and len(text) > SPLIT_SUBSECTIONS_OVER:
            parts = cut(text, "### ")
            pieces.append((heading, parts[0][1] if not parts[0][0] else "", 2))
            pieces.extend((h, t, 3) for h, t in (parts[1:] if not parts[0][0] else parts))
        else:
            pieces.append((heading, text, 2))
    merged: list[tuple[str, str, int]] = []
    for heading, text, depth in pieces:
        if merged and depth == 3 and len(text) < MERGE_SECTIONS_UNDER:
            before_heading, before, before_depth = merged[-1]
            level = "#" * (depth - before_depth + 2)
            joined = f"{before.rstrip()}\n\n{level} {heading}\n\n{text}" if heading else before
            merged[-1] = (before_heading, joined.rstrip() + "\n", before_depth)
        else:
            merged.append((heading, text, depth))
    return [(heading, promote(text, depth)) for heading, text, depth in merged]


def cut(text: str, marker: str) -> list[tuple[str, str]]:
    parts: list[tuple[str, str]] = [("", "")]
    fence = False
    for line in text.splitlines(keepends=True):
        fence = in_fence_after(line, fence)
        if not fence and line.startswith(marker):
            parts.append((line[len(marker) :].strip(), ""))
            continue
        heading, body = parts[-1]
        parts[-1] = (heading, body + line)
    return [(h, b.strip("\n") + "\n") for h, b in parts if h or b.strip()]


def promote(text: str, depth: int) -> str:
    """Headings under a section of `depth` moved up so that the section's children are `##`."""
    out = []
    fence = False
    for line in text.splitlines():
        fence = in_fence_after(line, fence)
        match = re.match(r"^(#{2,6}) ", line)
        if not fence and match:
            level = max(2, len(match.group(1)) - depth + 1)
            line = "#" * level + line[len(match.group(1)) :]
        out.append(line)
    return "\n".join(out).strip("\n") + "\n"


def is_closing_fence(stripped: str, fence: str) -> bool:
    """A fence closes on a line of its marks alone; "```json" inside a block is content."""
    return stripped.startswith(fence) and not stripped.strip(fence[0])


def in_fence_after(line: str, fence: bool) -> bool:
    """Whether a code block is open after `line` (for ``` fences; an opening line counts)."""
    stripped = line.strip()
    if fence:
        return not is_closing_fence(stripped, "```")
    return stripped.startswith("```")


def slugify(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:60].strip("-") or "section"


def first_sentence(text: str) -> str:
    for block in text.split("\n\n"):
        block = block.strip()
        if block and not block.startswith(("#", "```", "|", "-", "*", "!", "<", "**")):
            sentence = re.split(r"(?<=[.!?])\s", block.replace("\n", " "))[0]
            return sentence[:200]
    return ""


def yaml_value(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_page(path: str, fields: dict[str, str], title: str, body: str) -> None:
    target = FIXTURE / path
    target.parent.mkdir(parents=True, exist_ok=True)
    head = "\n".join(f"{key}: {yaml_value(value)}" for key, value in fields.items() if value)
    target.write_text(f"---\n{head}\n---\n\n# {title}\n\n{body}", encoding="utf-8")


def write_index(pages: list[tuple[str, str, str, str]]) -> None:
    lines = [
        "# Plausible Analytics help centre",
        "",
        "The product's help: getting started, settings, the dashboard, goals and events, "
        "the APIs, accounts, teams and billing. One line per page.",
        "",
    ]
    for folder in [*CATEGORY_FOLDERS.values(), OTHER_FOLDER]:
        entries = [p for p in pages if p[0] == folder]
        if not entries:
            continue
        lines += [f"## {category_name(folder)}", ""]
        for _, path, title, description in entries:
            lines.append(f"- [{title}]({path})" + (f": {description}" if description else ""))
        lines.append("")
    (FIXTURE / "index.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()

"""Build the govuk-manual fixture wiki from an extracted alphagov/govuk-developer-docs tree.

Usage: python build.py /path/to/extracted/source [OUT_DIR]

Takes source/manual/*.html.md and source/kubernetes/**/*.html.md (no .erb templates), keeps
each page's text and frontmatter as written, files pages in folders by their frontmatter
`section` (slugged; the Kubernetes pages, which have none, go under `kubernetes/`), rewrites
internal links to the new paths where simple, and writes index.md grouped by section.
Stdlib only.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

SITE = r"(?:https?://docs\.publishing\.service\.gov\.uk)?"
LINK = re.compile(
    r"(\]\(|\]:\s*)"
    + SITE
    + r"/(manual|kubernetes)/([^)\s#\"]*?)(?:\.html)?/?(#[^)\s\"]*)?(?=[)\s\"]|$)",
    re.M,
)


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower().replace("&", "and")).strip("-")
    return s or "misc"


def split_frontmatter(text: str) -> tuple[str, str]:
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end != -1:
            return text[4:end], text[end + 4 :].lstrip("\n")
    return "", text


def fm_value(fm: str, key: str) -> str:
    m = re.search(r"^" + key + r":\s*(.*)$", fm, re.M)
    if not m:
        return ""
    return m.group(1).strip().strip("\"'")


def first_sentence(body: str) -> str:
    in_code = False
    for line in body.splitlines():
        s = line.strip()
        if s.startswith("```"):
            in_code = not in_code
            continue
        if in_code or not s or s.startswith(("#", "<", "|", "!", ">", "-", "*", "%", "{")):
            continue
        if re.match(r"^\d+\.", s):
            continue
        s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
        s = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", s)
        m = re.match(r"(.+?[.!?])(\s|$)", s)
        out = m.group(1) if m else s
        return out[:200]
    return ""


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    src = Path(sys.argv[1])
    if (src / "source").is_dir():
        src = src / "source"
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parent.parent
    pages: list[tuple[str, str, Path]] = []  # (key, new relative path, source file)
    keymap: dict[str, str] = {}
    for f in sorted((src / "manual").rglob("*.html.md")):
        key = "manual/" + f.relative_to(src / "manual").as_posix()[: -len(".html.md")]
        pages.append((key, "", f))
    for f in sorted((src / "kubernetes").rglob("*.html.md")):
        rel = f.relative_to(src / "kubernetes").as_posix()[: -len(".html.md")]
        if rel.endswith("index"):
            rel = rel[: -len("index")].rstrip("/")
        key = "kubernetes/" + rel if rel else "kubernetes"
        pages.append((key, "", f))
    built = []
    for key, _, f in pages:
        fm, body = split_frontmatter(f.read_text(encoding="utf-8"))
        section = fm_value(fm, "section") or (
            "Kubernetes" if key.startswith("kubernetes") else "General"
        )
        name = key.split("/", 1)[1].replace("/", "-") if "/" in key else "index"
        if key == "kubernetes":
            name = "kubernetes-overview"
        new = f"{slug(section)}/{name}.md"
        keymap[key] = new
        built.append((key, new, section, fm, body))

    def fix(m: re.Match[str]) -> str:
        kind, path, anchor = m.group(2), m.group(3).rstrip("/"), m.group(4) or ""
        if path.endswith("index"):
            path = path[: -len("index")].rstrip("/")
        key = f"{kind}/{path}" if path else kind
        if key not in keymap:
            return m.group(0)
        return f"{m.group(1)}../{keymap[key]}{anchor}"

    sections: dict[str, list[tuple[str, str, str]]] = {}
    for key, new, section, fm, body in built:
        body = LINK.sub(fix, body)
        dest = out / new
        dest.parent.mkdir(parents=True, exist_ok=True)
        text = (f"---\n{fm}\n---\n\n" if fm else "") + body
        dest.write_text(text, encoding="utf-8")
        title = fm_value(fm, "title") or key
        sections.setdefault(section, []).append((title, new, first_sentence(body)))
    lines = [
        "# GOV.UK developer manual",
        "",
        "The team's developer manual and runbooks, grouped by section.",
        "",
    ]
    for section in sorted(sections, key=str.lower):
        lines += [f"## {section}", ""]
        for title, new, desc in sorted(sections[section], key=lambda t: t[0].lower()):
            lines.append(f"- [{title}]({new})" + (f": {desc}" if desc else ""))
        lines.append("")
    (out / "index.md").write_text("\n".join(lines), encoding="utf-8")
    print(f"{len(built)} pages in {len(sections)} sections -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

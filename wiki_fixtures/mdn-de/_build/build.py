"""Build the `mdn-de` fixture wiki from the German translation of MDN Web Docs.

Usage: python build.py GIT_DIR [--rev REV]

GIT_DIR is a clone (bare is fine) of https://github.com/mdn/translated-content; every page
named in PAGES (paths under files/de/, one per line) is read with `git show REV:...`, and
written under a German area folder (AREAS) as one markdown page: its frontmatter as in the
source (title, short-title, slug, l10n), its markdown with MDN's `{{macro}}` calls replaced
by the text they show on the rendered page (cross-references become their name, badges a
short German word) or dropped (sidebars, compatibility tables, specification tables, live
sample frames, formal syntax boxes); sections left empty by that are dropped. Links to pages
that are in the wiki become relative links. index.md is the page map: areas, then each page
with its first sentence as a one-line description. Stdlib only.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent
PAGES_FILE = Path(__file__).resolve().parent / "pages.txt"

# (source prefix under files/de/, wiki folder, index heading). First match wins.
AREAS: list[tuple[str, str, str]] = [
    ("web/http/reference/status", "http/statuscodes", "HTTP: Statuscodes"),
    ("web/http/reference/methods", "http/methoden", "HTTP: Anfragemethoden"),
    ("web/http/reference/headers", "http/header", "HTTP: Header"),
    ("web/http/guides", "http/leitfaeden", "HTTP: Leitfäden"),
    ("web/css/reference/properties", "css/eigenschaften", "CSS: Eigenschaften"),
    ("web/css/reference/selectors", "css/selektoren", "CSS: Selektoren und Pseudoklassen"),
    ("web/css/reference/at-rules", "css/at-regeln", "CSS: At-Regeln"),
    ("web/css/reference/values", "css/werte", "CSS: Werte und Funktionen"),
    ("web/css/guides", "css/leitfaeden", "CSS: Leitfäden"),
    ("web/html/reference/elements", "html/elemente", "HTML: Elemente"),
    ("web/html/reference/attributes", "html/attribute", "HTML: Attribute"),
    ("web/html/reference/global_attributes", "html/globale-attribute", "HTML: Globale Attribute"),
    (
        "web/javascript/reference/global_objects",
        "javascript/standardobjekte",
        "JavaScript: Standardobjekte",
    ),
    ("web/javascript/reference/statements", "javascript/anweisungen", "JavaScript: Anweisungen"),
    ("web/javascript/reference/operators", "javascript/operatoren", "JavaScript: Operatoren"),
    ("web/javascript/reference", "javascript/sprache", "JavaScript: Sprache"),
    ("web/javascript/guide", "javascript/leitfaden", "JavaScript: Leitfaden"),
    ("web/api", "web-apis", "Web-APIs"),
    ("glossary", "glossar", "Glossar"),
    ("web/security", "sicherheit", "Sicherheit"),
    ("learn_web_development/core", "lernen", "Lernbereich"),
]

# Cross-reference macros: shown as their (second or first) argument, in code type.
CODE_XREFS = {
    "cssxref",
    "jsxref",
    "domxref",
    "httpheader",
    "httpmethod",
    "httpstatus",
    "csp",
    "svgattr",
    "htmlattrxref",
}
ELEMENT_XREFS = {"htmlelement", "svgelement", "mathmlelement"}
BADGES = {
    "optional_inline": "(optional)",
    "deprecated_inline": "(veraltet)",
    "experimental_inline": "(experimentell)",
    "non-standard_inline": "(nicht standardisiert)",
    "readonlyinline": "(schreibgeschützt)",
}
BANNERS = {
    "deprecated_header": "> [!WARNING]\n> **Veraltet:** Diese Funktion wird nicht mehr empfohlen.",
    "seecompattable": "> [!NOTE]\n> **Experimentell:** Diese Funktion ist experimentell.",
    "non-standard_header": (
        "> [!WARNING]\n> **Nicht standardisiert:** Diese Funktion ist kein Standard."
    ),
    "securecontext_header": (
        "> [!NOTE]\n> **Sicherer Kontext:** Diese Funktion ist nur in sicheren Kontexten (HTTPS)"
        " verfügbar."
    ),
    "availableinworkers": "> [!NOTE]\n> Diese Funktion ist in Web Workers verfügbar.",
}
# Names that look like macros but are template placeholders in the page's own examples.
NOT_MACROS = {"my_input", "my_class", "search_term"}

MACRO = re.compile(r"\{\{\s*([A-Za-z][A-Za-z0-9_-]*)\s*(?:\((.*?)\))?\s*\}\}", re.S)
ARG = re.compile(r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\'|([^,\s]+)')
LINK = re.compile(r"\]\((/de/docs/[^)\s#]+)(#[^)\s]*)?\)")


def slug_to_path(slug: str) -> str:
    """MDN's file path for a slug (lower case; `:`, `::`, `*` spelled out)."""
    s = slug.lower().replace("::", "_doublecolon_").replace(":", "_colon_")
    return s.replace("*", "_star_").replace("?", "_question_")


def out_path(src: str) -> tuple[str, str]:
    """(wiki path, index heading) for a source path under files/de/."""
    for prefix, folder, heading in AREAS:
        if src == prefix:
            return folder + ".md", heading
        if src.startswith(prefix + "/"):
            rest = src[len(prefix) + 1 :]
            rest = rest.replace("_doublecolon_", "").replace("_colon_", "")
            rest = rest.replace("data-_star_", "data-attribute").replace("@", "")
            rest = rest.replace("...", "-").replace("_", "-")
            return f"{folder}/{rest}.md", heading
    raise SystemExit(f"no area for {src}")


def args_of(raw: str | None) -> list[str]:
    if not raw:
        return []
    out = []
    for m in ARG.finditer(raw):
        value = next(g for g in m.groups() if g is not None)
        out.append(html.unescape(value.replace('\\"', '"').replace("\\'", "'")))
    return out


def render_macro(name: str, args: list[str]) -> str | None:
    """The visible text of one macro call; None for names that are not macros."""
    key = name.lower()
    if key in NOT_MACROS:
        return None
    if key in CODE_XREFS:
        if not args:
            return ""
        text = args[1] if len(args) > 1 and args[1] else args[0]
        if len(args) == 1 and "/" in text and key in {"jsxref", "cssxref"}:
            text = text.rsplit("/", 1)[1]
        return f"`{text}`"
    if key in ELEMENT_XREFS:
        if not args:
            return ""
        text = args[1] if len(args) > 1 and args[1] else f"<{args[0].lower()}>"
        return f"`{text}`"
    if key == "glossary":
        if not args:
            return ""
        if len(args) > 1 and args[1]:
            return args[1]
        return args[0].split("#")[0].replace("_", " ")
    if key == "rfc":
        return f"RFC {args[0]}" if args else "RFC"
    if key in BADGES:
        return BADGES[key]
    if key in BANNERS:
        return "\n" + BANNERS[key] + "\n"
    if key == "livesamplelink":
        return args[1] if len(args) > 1 else ""
    return ""  # sidebars, compat and spec tables, live samples, syntax boxes: not shown


def replace_macros(line: str) -> str:
    """Macros are replaced first by placeholders (their arguments may hold backticks); a
    macro inside an inline code span shows its text without code marks, and a code span
    holding only a macro becomes that macro's own rendering."""
    calls: list[tuple[str, str | None]] = []

    def hold(m: re.Match[str]) -> str:
        shown = render_macro(m.group(1), args_of(m.group(2)))
        calls.append((m.group(0), shown))
        return f"\x00{len(calls) - 1}\x00"

    held = MACRO.sub(hold, line)

    def put(text: str, in_code: bool) -> str:
        def one(m: re.Match[str]) -> str:
            original, shown = calls[int(m.group(1))]
            if shown is None:
                return original
            return shown.strip("`") if in_code else shown

        return re.sub("\x00(\\d+)\x00", one, text)

    parts = re.split(r"(`[^`]*`)", held)
    for i, part in enumerate(parts):
        if i % 2 == 0:
            parts[i] = put(part, False)
        elif re.fullmatch("`\x00\\d+\x00`", part):
            parts[i] = put(part[1:-1], False)
        else:
            parts[i] = put(part, True)
    return "".join(parts)


def fence_info(line: str) -> str | None:
    m = re.match(r"^\s*(```+)(.*)$", line)
    return m.group(2).strip() if m else None


def clean_body(body: str) -> str:
    lines = body.splitlines()
    has_choices = any("interactive-example-choice" in (fence_info(x) or "") for x in lines)
    out: list[str] = []
    fence: str | None = None  # the info string of the open fence
    skip = False
    for line in lines:
        info = fence_info(line)
        if fence is None and info is not None:
            fence = info
            words = info.split()
            # The hidden scaffolding of an interactive example with choices is not shown.
            skip = has_choices and "interactive-example" in words
            if skip:
                continue
            lang = words[0] if words else ""
            out.append(re.sub(r"```+.*$", "```" + lang, line))
            continue
        if fence is not None:
            if info == "":
                fence = None
                if skip:
                    skip = False
                    continue
            if not skip:
                out.append(line)
            continue
        out.append(replace_macros(line))
    text = "\n".join(out)
    text = drop_empty_sections(text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip() + "\n"


def drop_empty_sections(text: str) -> str:
    """Drop headings whose section (up to the next heading of the same or a higher level)
    holds nothing, repeatedly, so `## Spezifikationen` with its table gone goes too."""
    while True:
        lines = text.splitlines()
        heads = [
            (i, len(m.group(1)))
            for i, line in enumerate(lines)
            if (m := re.match(r"^(#{2,6})\s", line))
        ]
        in_fence = set()
        fence = False
        for i, line in enumerate(lines):
            if line.lstrip().startswith("```"):
                fence = not fence
                in_fence.add(i)
            elif fence:
                in_fence.add(i)
        heads = [(i, lv) for i, lv in heads if i not in in_fence]
        drop = None
        for n, (i, lv) in enumerate(heads):
            end = heads[n + 1][0] if n + 1 < len(heads) else len(lines)
            if not any(x.strip() for x in lines[i + 1 : end]):
                nxt = heads[n + 1][1] if n + 1 < len(heads) else 0
                if nxt <= lv:  # nothing under it, not even a subsection
                    drop = i
                    break
        if drop is None:
            return text
        del lines[drop]
        text = "\n".join(lines)


def rewrite_links(body: str, here: str, paths: dict[str, str]) -> str:
    def sub(m: re.Match[str]) -> str:
        target = paths.get(slug_to_path(m.group(1)[len("/de/docs/") :]))
        if target is None:
            return m.group(0)
        rel = os.path.relpath(target, os.path.dirname(here) or ".")
        return f"]({rel}{m.group(2) or ''})"

    return LINK.sub(sub, body)


def split_frontmatter(text: str) -> tuple[str, str]:
    m = re.match(r"^---\n(.*?)\n---\n", text, re.S)
    if not m:
        raise SystemExit("page without frontmatter")
    return m.group(1), text[m.end() :]


def fm_value(fm: str, key: str) -> str | None:
    m = re.search(rf"^{re.escape(key)}:\s*(.+)$", fm, re.M)
    if not m:
        return None
    value = m.group(1).strip()
    if value[:1] in "\"'" and value[-1:] == value[:1]:
        value = value[1:-1]
    return value


def first_sentence(body: str) -> str:
    """The first sentence of the first prose paragraph (its lines joined)."""
    fence = False
    para: list[str] = []
    for line in body.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        s = line.strip()
        if para and (fence or not s):
            break
        if fence or not s or s.startswith(("#", "|", "<", "!", "- ", "* ", ">", "{{")):
            continue
        para.append(s)
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", " ".join(para)).replace("**", "")
    m = re.search(r"(?<=[a-zäöüß)`\]])\.(\s|$)", s)
    if m and m.end() <= 130:
        s = s[: m.start() + 1]
    return s if len(s) <= 130 else s[:127].rstrip() + " …"


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    git_dir, rev = argv[0], "HEAD"
    if "--rev" in argv:
        rev = argv[argv.index("--rev") + 1]
    sources = [
        x.strip()
        for x in PAGES_FILE.read_text(encoding="utf-8").splitlines()
        if x.strip() and not x.startswith("#")
    ]
    paths = {src: out_path(src)[0] for src in sources}
    if len(set(paths.values())) != len(paths):
        raise SystemExit("two pages map to one path")
    groups: dict[str, list[tuple[str, str, str]]] = {h: [] for _, _, h in AREAS}
    for src in sources:
        raw = subprocess.run(
            ["git", "--git-dir", git_dir, "show", f"{rev}:files/de/{src}/index.md"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        fm, body = split_frontmatter(raw)
        here, heading = out_path(src)
        body = rewrite_links(clean_body(body), here, paths)
        target = OUT / here
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"---\n{fm}\n---\n\n{body}", encoding="utf-8")
        title = fm_value(fm, "short-title") or fm_value(fm, "title") or src
        groups[heading].append((title.replace("`", ""), here, first_sentence(body)))
    lines = [
        "# Webentwicklung: Nachschlagewerk",
        "",
        "Meine Sammlung aus den deutschen MDN Web Docs: HTTP, CSS, HTML, JavaScript, Web-APIs,",
        "Glossar und ein paar Leitfäden. Eine Seite pro Thema, nach Bereichen geordnet.",
        "",
    ]
    for heading, entries in groups.items():
        if not entries:
            continue
        lines += [f"## {heading}", ""]
        for title, here, desc in entries:
            title = title.replace("[", "(").replace("]", ")")
            lines.append(f"- [{title}]({here})" + (f": {desc}" if desc else ""))
        lines.append("")
    (OUT / "index.md").write_text("\n".join(lines), encoding="utf-8")
    print(f"{len(sources)} pages written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

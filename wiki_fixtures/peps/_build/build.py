"""Build wiki_fixtures/peps from a python/peps checkout (stdlib only).

Usage: python build.py /tmp/peps/peps [OUT_DIR]
Takes every PEP carrying the CC0-1.0-Universal dedication line: all Standards Track PEPs with
Python-Version 3.x, then Informational / Process ones, up to LIMIT pages, by PEP number.
"""

from __future__ import annotations

import re
import sys
from datetime import datetime
from pathlib import Path

LIMIT = 250
LICENCE = "placed in the public domain or under the CC0-1.0-Universal license"
FOLDERS = {"final": "final", "accepted": "accepted", "rejected": "rejected",
           "withdrawn": "withdrawn", "superseded": "superseded", "draft": "draft",
           "active": "active", "deferred": "deferred", "provisional": "provisional"}


def parse_header(text: str) -> tuple[dict[str, str], str]:
    head, _, body = text.partition("\n\n")
    fields: dict[str, str] = {}
    key = ""
    for line in head.splitlines():
        if line[:1].isspace() and key:
            fields[key] += " " + line.strip()
        elif ":" in line:
            key, _, value = line.partition(":")
            key = key.strip()
            fields[key] = value.strip()
    return fields, body


def iso(date: str) -> str:
    for fmt in ("%d-%b-%Y", "%d-%B-%Y"):
        try:
            return datetime.strptime(date.strip(), fmt).date().isoformat()
        except ValueError:
            pass
    return date.strip()


def authors(raw: str) -> list[str]:
    raw = re.sub(r"<[^>]*>", "", raw)
    raw = re.sub(r"\([^)]*\)", "", raw)
    return [a.strip() for a in raw.split(",") if a.strip()]


def q(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def inline(line: str) -> str:
    line = re.sub(r"`([^`<]+?)\s*<([^>]+)>`__?", r"[\1](\2)", line)  # `text <url>`_
    line = re.sub(r":pep:`([^`<]*?)\s*<(\d+)[^>]*>`", r"\1 (PEP \2)", line)
    line = re.sub(r":pep:`(\d+)[^`]*`", r"PEP \1", line)
    line = re.sub(r":(?:py:)?[a-z]+:`~?([^`]+)`", r"`\1`", line)  # roles
    line = re.sub(r"``(.+?)``", r"`\1`", line)
    line = re.sub(r"`([^`]+)`_", r"\1", line)
    return line


def convert(body: str) -> str:
    lines = body.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        after = lines[i + 2] if i + 2 < len(lines) else ""
        if re.fullmatch(r"(=+|-+|~+)", line.strip() or "x") and after.strip() == line.strip():
            i += 1  # an overline: the heading's underline follows its text
            continue
        if line.strip() and re.fullmatch(r"(=+|-+|~+|\^+)", nxt.strip() or "x") and len(
            nxt.strip()
        ) >= len(line.strip()) - 1:
            level = {"=": "##", "-": "###"}.get(nxt.strip()[0], "####")
            out.append(f"{level} {inline(line.strip())}")
            i += 2
            continue
        if line.strip().startswith(".. "):
            # directives: keep code-block bodies, drop the rest of the directive line
            m = re.match(r"\s*\.\. (code-block|code|sourcecode)::\s*(\w*)", line)
            if m:
                i, block = literal(lines, i + 1, len(line) - len(line.lstrip()))
                out += ["```" + m.group(2)] + block + ["```"]
                continue
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i][:1].isspace()):
                if lines[i].strip() and not lines[i].lstrip().startswith(":"):
                    out.append(inline(lines[i].strip()))
                i += 1
            continue
        if line.rstrip().endswith("::"):
            indent = len(line) - len(line.lstrip())
            text = line.rstrip()[:-2].rstrip()
            if text.strip():
                out.append(inline(text) + ":")
            i, block = literal(lines, i + 1, indent)
            out += ["```"] + block + ["```"]
            continue
        out.append(inline(line))
        i += 1
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"


def literal(lines: list[str], i: int, indent: int) -> tuple[int, list[str]]:
    block: list[str] = []
    while i < len(lines):
        ln = lines[i]
        if ln.strip() and len(ln) - len(ln.lstrip()) <= indent:
            break
        block.append(ln)
        i += 1
    while block and not block[0].strip():
        block.pop(0)
    while block and not block[-1].strip():
        block.pop()
    pad = min((len(b) - len(b.lstrip()) for b in block if b.strip()), default=0)
    return i, [b[pad:] for b in block] + [""][:0]


def first_sentence(md: str) -> str:
    m = re.search(r"## Abstract\n+(.+?)(?:\n\n|\n##)", md, re.S)
    para = m.group(1) if m else ""
    para = " ".join(para.split())
    s = re.split(r"(?<=[.!?])\s", para, maxsplit=1)[0]
    return s[:200]


def main() -> None:
    src = Path(sys.argv[1])
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parent.parent
    std, other, skipped = [], [], []
    for path in sorted(src.glob("pep-*.rst")):
        text = path.read_text(encoding="utf-8")
        fields, body = parse_header(text)
        if LICENCE not in " ".join(text.split()):
            skipped.append(path.name)
            continue
        kind = " ".join(fields.get("Type", "").split())
        pyv = fields.get("Python-Version", "")
        if kind == "Standards Track" and pyv.startswith("3"):
            std.append((path, fields, body))
        elif kind in ("Informational", "Process"):
            other.append((path, fields, body))
    chosen = (std + other)[:LIMIT]
    groups: dict[str, list[str]] = {}
    for path, fields, body in chosen:
        num = int(fields["PEP"])
        status = " ".join(fields.get("Status", "").split())
        folder = FOLDERS.get(status.lower(), re.sub(r"\W+", "-", status.lower()))
        md = convert(body)
        meta = [f"title: {q(fields['Title'])}", f"pep: {num}", f"status: {status}",
                f"type: {' '.join(fields.get('Type', '').split())}",
                f"created: {iso(fields.get('Created', ''))}"]
        if fields.get("Python-Version"):
            meta.append(f"python_version: {q(fields['Python-Version'])}")
        for key, name in (("Superseded-By", "superseded_by"), ("Replaces", "replaces")):
            if fields.get(key):
                meta.append(f"{name}: {q(fields[key])}")
        meta.append("authors:")
        meta += [f"  - {q(a)}" for a in authors(fields.get("Author", ""))]
        rel = f"{folder}/pep-{num:04d}.md"
        page = out / rel
        page.parent.mkdir(parents=True, exist_ok=True)
        title = f"PEP {num}: {inline(fields['Title'])}"
        page.write_text("---\n" + "\n".join(meta) + f"\n---\n# {title}\n\n" + md,
                        encoding="utf-8")
        desc = first_sentence(md)
        groups.setdefault(status, []).append(f"- [{title}]({rel})" + (f": {desc}" if desc else ""))
    lines = ["# Python Enhancement Proposals", ""]
    for status in sorted(groups):
        lines += [f"## {status}", ""] + groups[status] + [""]
    (out / "index.md").write_text("\n".join(lines), encoding="utf-8")
    print(f"{len(chosen)} pages ({len(std)} standards track 3.x), {len(skipped)} skipped")
    (out / "_build" / "skipped.txt").write_text("\n".join(skipped) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

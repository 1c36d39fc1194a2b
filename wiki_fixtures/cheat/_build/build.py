"""Build the `cheat` fixture wiki from the cheat/cheatsheets collection (CC0 1.0).

Usage:  python build.py SOURCE_DIR [OUT_DIR]

SOURCE_DIR is a checkout (or `git archive` extraction) of github.com/cheat/cheatsheets.
OUT_DIR defaults to the folder above this script (wiki_fixtures/cheat). Optional:
`--git-dir DIR` reads each sheet's last-commit date from a git repository of the collection
(some pages carry it in their frontmatter, under one of several keys, as real notes do).

Each sheet is plain text: optional YAML frontmatter (tags, syntax), then blocks of
`# To do something:` comment lines each followed by command lines. Pages are rendered in one of
several shapes people really use in markdown notes, picked deterministically from a hash of
the sheet's name:
  list      `- To do something:` with the command on the next line (inline code, an indented
            code line, or a fenced block inside the item), or a plain description line followed
            by a code block
  headings  a `##` heading per task with a fenced block under it
  pasted    the whole sheet pasted as-is into one ```sh fence, comments and all
  table     a `| Task | Command |` table (sheets whose tasks each have one simple command),
            else bold descriptions with code blocks
Sheets that are mostly free text (not `# comment` + command) are always pasted.
Pages go in folders by their first tag (`misc/` when untagged). Stdlib only.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass
class Item:
    desc: list[str] = field(default_factory=list)  # comment lines without the leading '# '
    cmds: list[str] = field(default_factory=list)
    heading: str = ""  # a '## section' line in the sheet


@dataclass
class Sheet:
    name: str
    tags: list[str]
    syntax: str
    body: str
    items: list[Item]
    date: str = ""


def h(name: str, salt: str = "") -> int:
    return int(hashlib.sha1((salt + name).encode()).hexdigest(), 16)


def split_frontmatter(text: str) -> tuple[dict[str, str], str]:
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return {}, text
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            meta: dict[str, str] = {}
            for line in lines[1:i]:
                if ":" in line:
                    key, _, value = line.partition(":")
                    meta[key.strip()] = value.strip()
            return meta, "\n".join(lines[i + 1 :])
    return {}, text


def parse_tags(value: str) -> list[str]:
    value = value.strip().strip("[]")
    return [t.strip() for t in value.split(",") if t.strip()]


def is_comment(line: str) -> bool:
    return line.lstrip().startswith("#") and not line.lstrip().startswith("#!")


def parse_items(body: str) -> list[Item]:
    items: list[Item] = []
    blocks = re.split(r"\n[ \t]*\n", body.strip("\n"))
    for block in blocks:
        cur: Item | None = None
        for line in block.split("\n"):
            if line.strip().startswith("## ") or line.strip().startswith("### "):
                items.append(Item(heading=line.strip().lstrip("#").strip()))
                cur = None
                continue
            if is_comment(line):
                text = line.strip().lstrip("#").strip()
                if cur is not None and cur.cmds and text.lower().startswith(("or", "and ")):
                    cur.cmds.append(line.rstrip())  # "# or" between alternatives stays a comment
                    continue
                if cur is None or cur.cmds:
                    cur = Item()
                    items.append(cur)
                cur.desc.append(text)
            else:
                if cur is None:
                    cur = Item()
                    items.append(cur)
                cur.cmds.append(line.rstrip())
        # a raw (comment-less) block stays one item: keep the blank line between raw blocks
    return items


def structured_share(items: list[Item]) -> float:
    total = sum(len(i.cmds) + len(i.desc) for i in items) or 1
    good = sum(len(i.cmds) + len(i.desc) for i in items if i.desc and i.cmds)
    return good / total


def slug(tag: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", tag.lower()).strip("-") or "misc"


def folder_of(sheet: Sheet) -> str:
    return slug(sheet.tags[0]) if sheet.tags else "misc"


def fence_for(lines: list[str]) -> str:
    return "~~~" if any("```" in line for line in lines) else "```"


def dedent(lines: list[str]) -> list[str]:
    widths = [len(x) - len(x.lstrip()) for x in lines if x.strip()]
    cut = min(widths) if widths else 0
    return [x[cut:] for x in lines]


def desc_text(item: Item) -> str:
    return " ".join(d for d in item.desc if d)


def as_heading(text: str) -> str:
    """`To extract an archive:` -> `Extract an archive` (people title their sections so)."""
    text = text.rstrip(":").strip()
    text = re.sub(r"^to\s+", "", text, flags=re.I)
    return text[:1].upper() + text[1:] if text else text


def cheat_link(item: Item, pages: dict[str, str], here: str) -> str | None:
    """`cheat unzip` as the only command: a link to that page, as a wiki would have it."""
    targets = [c.strip()[6:].strip() for c in item.cmds if c.strip().startswith("cheat ")]
    if not item.cmds or len(targets) != len([c for c in item.cmds if c.strip()]):
        return None
    if not all(t in pages for t in targets):
        return None
    links = []
    for t in targets:
        links.append(f"[{t}]({relpath(pages[t], here)})")
    return ", ".join(links)


def relpath(target: str, here: str) -> str:
    here_dir = Path(here).parent
    tgt = Path(target)
    up = len(here_dir.parts)
    common = 0
    for a, b in zip(here_dir.parts, tgt.parent.parts, strict=False):
        if a != b:
            break
        common += 1
    return "/".join([".."] * (up - common) + list(tgt.parts[common:]))


def code_block(lines: list[str], indent: str = "", lang: str = "sh") -> list[str]:
    lines = dedent(lines)
    f = fence_for(lines)
    return (
        [f"{indent}{f}{lang}"]
        + [f"{indent}{x}" if x.strip() else "" for x in lines]
        + [f"{indent}{f}"]
    )


def render_raw(item: Item, out: list[str], lang: str = "text") -> None:
    out.extend(code_block(item.cmds, lang=lang))
    out.append("")


def render_list(sheet: Sheet, pages: dict[str, str], here: str) -> list[str]:
    variant = h(sheet.name, "list") % 4  # 0 inline, 1 indented, 2 fenced in item, 3 no bullet
    out: list[str] = []
    for item in sheet.items:
        if item.heading:
            out += [f"## {item.heading}", ""]
            continue
        if not item.desc:
            render_raw(item, out)
            continue
        desc = desc_text(item)
        link = cheat_link(item, pages, here)
        if link:
            out += (
                [f"- {desc.rstrip(':')}: see {link}", ""]
                if variant != 3
                else [
                    f"{desc.rstrip(':')}: see {link}",
                    "",
                ]
            )
            continue
        if not item.cmds:
            out += [f"- {desc}" if variant != 3 else desc, ""]
            continue
        cmds = dedent(item.cmds)
        inline_ok = not any("`" in c for c in cmds) and all(c.strip() for c in cmds)
        if variant == 0 and inline_ok:
            out.append(f"- {desc}")
            out += [
                f"  `{c.strip()}`" + ("  " if k < len(cmds) - 1 else "") for k, c in enumerate(cmds)
            ]
            out.append("")
        elif variant == 1 or (variant == 0 and not inline_ok):
            out += [f"- {desc}", ""]
            out += [f"      {c}" if c.strip() else "" for c in cmds]
            out.append("")
        elif variant == 2:
            out.append(f"- {desc}")
            out += code_block(cmds, indent="  ")
            out.append("")
        else:
            out += [desc, ""]
            out += code_block(cmds, lang="bash" if h(sheet.name, "lang") % 2 else "")
            out.append("")
    return out


def render_headings(sheet: Sheet, pages: dict[str, str], here: str) -> list[str]:
    keep_to = h(sheet.name, "keep") % 3 == 0  # some keep the sheet's own "To ...:" wording
    out: list[str] = []
    for item in sheet.items:
        if item.heading:
            out += [f"## {item.heading}", ""]
            continue
        if not item.desc:
            render_raw(item, out)
            continue
        desc = desc_text(item)
        title = desc.rstrip(":") if keep_to else as_heading(desc)
        out += [f"{'###' if any(i.heading for i in sheet.items) else '##'} {title}", ""]
        link = cheat_link(item, pages, here)
        if link:
            out += [f"See {link}.", ""]
        elif item.cmds:
            out += code_block(item.cmds) + [""]
    return out


def render_pasted(sheet: Sheet) -> list[str]:
    lines = sheet.body.strip("\n").split("\n")
    intro = h(sheet.name, "intro") % 3
    out: list[str] = []
    if intro == 0:
        out += [f"Pasted from my terminal notes for `{sheet.name}`.", ""]
    f = fence_for(lines)
    out += [f"{f}{'sh' if h(sheet.name, 'sh') % 4 else 'bash'}"] + lines + [f, ""]
    return out


def table_ok(sheet: Sheet) -> bool:
    for item in sheet.items:
        if item.heading or not item.desc:
            return False
        cmds = [c for c in item.cmds if c.strip()]
        if len(cmds) > 2 or any("|" in c or "`" in c for c in cmds):
            return False
        if any("|" in d for d in item.desc):
            return False
    return True


def render_table(sheet: Sheet, pages: dict[str, str], here: str) -> list[str]:
    if not table_ok(sheet):
        out: list[str] = []
        for item in sheet.items:
            if item.heading:
                out += [f"## {item.heading}", ""]
            elif not item.desc:
                render_raw(item, out)
            else:
                out += [f"**{as_heading(desc_text(item))}**", ""]
                link = cheat_link(item, pages, here)
                out += [f"See {link}.", ""] if link else code_block(item.cmds) + [""]
        return out
    out = ["| Task | Command |", "|---|---|"]
    for item in sheet.items:
        cmds = [c.strip() for c in item.cmds if c.strip()]
        cell = "<br>".join(f"`{c}`" for c in cmds) if cmds else ""
        out.append(f"| {as_heading(desc_text(item))} | {cell} |")
    return out + [""]


def shape_of(sheet: Sheet) -> str:
    if structured_share(sheet.items) < 0.5:
        return "pasted"
    bucket = h(sheet.name) % 100
    if bucket < 30:
        return "list"
    if bucket < 55:
        return "headings"
    if bucket < 85:
        return "pasted"
    return "table"


def frontmatter(sheet: Sheet) -> list[str]:
    lines: list[str] = []
    if sheet.tags:
        if h(sheet.name, "tags") % 2:
            lines.append(f"tags: [{', '.join(sheet.tags)}]")
        else:
            lines += ["tags:"] + [f"  - {t}" for t in sheet.tags]
    if sheet.syntax:
        lines.append(f"syntax: {sheet.syntax}")
    if sheet.date and h(sheet.name, "date") % 10 < 4:  # some pages carry a date, most don't
        key = ("updated", "last_modified", "date", "date_modified")[h(sheet.name, "key") % 4]
        lines.append(f"{key}: {sheet.date}")
    return ["---", *lines, "---", ""] if lines else []


def title_line(sheet: Sheet) -> str:
    form = h(sheet.name, "title") % 4
    return (
        f"# {sheet.name}",
        f"# {sheet.name} cheat sheet",
        f"# {sheet.name}",
        f"# `{sheet.name}`",
    )[form]


def render(sheet: Sheet, pages: dict[str, str]) -> tuple[str, str]:
    here = pages[sheet.name]
    shape = shape_of(sheet)
    if shape == "list":
        body = render_list(sheet, pages, here)
    elif shape == "headings":
        body = render_headings(sheet, pages, here)
    elif shape == "table":
        body = render_table(sheet, pages, here)
    else:
        body = render_pasted(sheet)
    lines = frontmatter(sheet) + [title_line(sheet), ""] + body
    text = "\n".join(lines)
    text = re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"
    return shape, text


def last_dates(git_dir: str | None, names: dict[str, str]) -> dict[str, str]:
    if not git_dir:
        return {}
    dates: dict[str, str] = {}
    for name, rel in names.items():
        try:
            out = subprocess.run(
                ["git", f"--git-dir={git_dir}", "log", "-1", "--format=%cs", "--", rel],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            continue
        if out:
            dates[name] = out
    return dates


def load_descriptions() -> dict[str, str]:
    result: dict[str, str] = {}
    for line in (HERE / "descriptions.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "\t" not in line:
            continue
        name, _, desc = line.partition("\t")
        result[name.strip()] = desc.strip()
    return result


def main(argv: list[str]) -> int:
    args = list(argv)
    git_dir = None
    if "--git-dir" in args:
        i = args.index("--git-dir")
        git_dir = args[i + 1]
        del args[i : i + 2]
    if not args:
        print(__doc__)
        return 2
    src = Path(args[0])
    out_dir = Path(args[1]) if len(args) > 1 else HERE.parent
    files = sorted(
        p
        for p in src.rglob("*")
        if p.is_file() and ".github" not in p.parts and not p.name.startswith(".")
    )
    sources = {p.name: p.relative_to(src).as_posix() for p in files}
    dates = last_dates(git_dir, sources)
    sheets: list[Sheet] = []
    for p in files:
        meta, body = split_frontmatter(p.read_text(encoding="utf-8"))
        sheets.append(
            Sheet(
                name=p.name,
                tags=parse_tags(meta.get("tags", "")),
                syntax=meta.get("syntax", ""),
                body=body,
                items=parse_items(body),
                date=dates.get(p.name, ""),
            )
        )
    pages = {s.name: f"{folder_of(s)}/{s.name}.md" for s in sheets}
    for old in out_dir.glob("*/*.md"):
        if old.parent.name != "_build":
            old.unlink()
    shapes: dict[str, int] = {}
    for s in sheets:
        shape, text = render(s, pages)
        shapes[shape] = shapes.get(shape, 0) + 1
        target = out_dir / pages[s.name]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for d in out_dir.iterdir():
        if d.is_dir() and d.name != "_build" and not any(d.iterdir()):
            d.rmdir()
    write_index(out_dir, sheets, pages, load_descriptions())
    print(f"{len(sheets)} pages; shapes: {dict(sorted(shapes.items()))}")
    return 0


def write_index(
    out_dir: Path, sheets: list[Sheet], pages: dict[str, str], descs: dict[str, str]
) -> None:
    by_folder: dict[str, list[Sheet]] = {}
    for s in sheets:
        by_folder.setdefault(folder_of(s), []).append(s)
    lines = [
        "# Command cheat sheets",
        "",
        "My terminal notes, one page per tool, started from the community cheat sheets "
        "(cheat/cheatsheets) and kept in folders by their first tag. Untagged ones are in misc.",
        "",
        "- [Sources and licence](SOURCES.md)",
        "",
    ]
    for folder in sorted(by_folder, key=lambda f: (f == "misc", f)):
        lines += [f"## {folder}", ""]
        for s in sorted(by_folder[folder], key=lambda x: x.name):
            desc = descs.get(s.name, "")
            lines.append(f"- [{s.name}]({pages[s.name]})" + (f": {desc}" if desc else ""))
        lines.append("")
    (out_dir / "index.md").write_text("\n".join(lines).rstrip("\n") + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

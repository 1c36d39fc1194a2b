#!/usr/bin/env python3
"""Build the `cheatsheet` fixture wiki from this machine's man pages (stdlib only).

    python3 wiki_fixtures/cheatsheet/_build/build.py [--limit N] [--jobs 2]

Reads /usr/share/man (man1, man8, plus a slice of the Google Cloud CLI's man1 pages), renders
each page to plain text with `man --nh --nj -P cat` | `col -bx`, and writes one markdown page per
command: a title, the NAME line as a one-line description, then entries whose answer is a
command, taken from the page's own EXAMPLES section first and from its options (or interactive
commands / key bindings) otherwise. Page layout varies by a stable hash of the command name, the
way different authors' cheat sheets do: `## Examples` with ```sh fences, description-then-code
lines, indented code, `Key: value` lines, option tables, comment-annotated blocks, some with
frontmatter, some with a long description first.

Writes index.md (the page map, grouped by package) and SOURCES.md (packages and licences).
questions.yaml is hand-written and is not touched. Rendered text is cached under
$XDG_CACHE_HOME/swarm-cheatsheet (or /tmp) so a re-run is quick.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

MAN = Path("/usr/share/man")
HERE = Path(__file__).resolve().parent
OUT = HERE.parent
CACHE = Path(os.environ.get("XDG_CACHE_HOME", "/tmp")) / "swarm-cheatsheet"
WIDTH = "110"

# Google Cloud CLI: GA commands only, these groups first, then the others by name, up to the quota;
# the rest of gcloud's 16k pages (alpha, beta, topics) are left out.
GCLOUD_GROUPS = [
    "compute", "storage", "container", "iam", "projects", "config", "auth", "sql", "run",
    "functions", "pubsub", "dns", "secrets", "kms", "logging", "app", "builds", "artifacts",
    "scheduler", "tasks", "services", "organizations", "redis", "spanner", "firestore",
    "bigtable", "dataproc", "filestore", "source", "deploy", "workflows", "monitoring",
]
GCLOUD_QUOTA = 3800

SKIP_SECTIONS = {"SEE ALSO", "AUTHOR", "AUTHORS", "COPYRIGHT", "REPORTING BUGS", "BUGS",
                 "HISTORY", "NOTES", "BUG REPORTS", "LICENSE", "COLOPHON", "AVAILABILITY"}


# --- collecting and rendering ------------------------------------------------------------------


def package_map() -> dict[str, str]:
    """man file path -> Debian package, from dpkg's file lists."""
    owners: dict[str, str] = {}
    for lst in Path("/var/lib/dpkg/info").glob("*.list"):
        pkg = lst.stem.split(":")[0]
        try:
            for line in lst.read_text(encoding="utf-8", errors="replace").splitlines():
                if line.startswith("/usr/share/man/man"):
                    owners[line] = pkg
        except OSError:
            continue
    return owners


def candidates() -> list[Path]:
    files: list[Path] = []
    gcloud: list[Path] = []
    for sec in ("man1", "man8"):
        for f in sorted((MAN / sec).iterdir()):
            if f.is_symlink():
                continue  # an alias of another page
            name = f.name
            if name.startswith("gcloud"):
                parts = name.split(".")[0].split("_")
                if len(parts) >= 3 and parts[1] not in ("alpha", "beta", "topic"):
                    gcloud.append(f)
                continue
            files.append(f)
    order = {g: i for i, g in enumerate(GCLOUD_GROUPS)}
    gcloud.sort(key=lambda f: (order.get(f.name.split("_")[1], len(order)), f.name))
    return files + gcloud[:GCLOUD_QUOTA]


def render(path: Path) -> str:
    key = hashlib.sha1(str(path).encode()).hexdigest()[:16]
    cached = CACHE / f"{key}.txt"
    if cached.exists():
        return cached.read_text(encoding="utf-8")
    env = dict(os.environ, MANWIDTH=WIDTH, LANG="C.UTF-8", LC_ALL="C.UTF-8", MAN_KEEP_FORMATTING="")
    try:
        raw = subprocess.run(["man", "--nh", "--nj", "-P", "cat", "-l", str(path)],
                             capture_output=True, env=env, timeout=60).stdout
        text = subprocess.run(["col", "-bx"], input=raw, capture_output=True, env=env,
                              timeout=60).stdout.decode("utf-8", errors="replace")
    except subprocess.TimeoutExpired:
        text = ""
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(text, encoding="utf-8")
    return text


# --- parsing rendered text ---------------------------------------------------------------------


def sections(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    current = None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if i == 0:
            continue
        if re.match(r"^[A-Z][A-Z0-9 ,/&()'-]*$", line.rstrip()) and len(line) < 60:
            current = line.strip()
            out.setdefault(current, [])
            continue
        if current is not None:
            out[current].append(line.rstrip())
    # drop the page footer line
    for body in out.values():
        while body and (not body[-1].strip() or re.search(r"\S\s{5,}\S+\(\d\w*\)$", body[-1])):
            body.pop()
    return out


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def first_sentence(text: str, limit: int = 170) -> str:
    text = squash(text)
    m = re.match(r"(.+?[.!?])(\s|$)", text)
    if m and len(m.group(1)) >= 12:
        text = m.group(1)
    if len(text) > limit:
        cut = text[:limit].rsplit(" ", 1)[0]
        text = cut.rstrip(",;:") + " …"
    return text.rstrip(".").rstrip(":")


def paragraphs(body: list[str]) -> list[str]:
    paras, cur = [], []
    for line in body:
        if not line.strip():
            if cur:
                paras.append(squash(" ".join(cur)))
                cur = []
        else:
            cur.append(line.strip())
    if cur:
        paras.append(squash(" ".join(cur)))
    return paras


def terms(body: list[str]) -> list[tuple[str, str]]:
    """Tagged paragraphs: (term, text) where a term line sits at the shallow indent and its
    text at a deeper one (or on the same line after a gap)."""
    items: list[tuple[str, str]] = []
    n = len(body)
    i = 0
    while i < n:
        line = body[i]
        if not line.strip():
            i += 1
            continue
        ind = indent(line)
        stripped = line.strip()
        same = re.match(r"^(\S.*?\S|\S)\s{2,}(\S.*)$", stripped)
        # text on the following deeper-indented lines
        j = i + 1
        deeper: list[str] = []
        while j < n and (not body[j].strip() or indent(body[j]) > ind):
            if not body[j].strip():
                # a blank line ends the first paragraph of the item's text
                if deeper:
                    break
            else:
                deeper.append(body[j].strip())
            j += 1
        if deeper and len(stripped) < 90:
            items.append((stripped, " ".join(deeper)))
            i = j
            continue
        if same and len(same.group(1)) < 40 and ind <= 12:
            text = [same.group(2)]
            items.append((same.group(1), " ".join(text + deeper)))
            i = j
            continue
        i += 1
    return items


def command_words(name: str) -> set[str]:
    words = {name}
    for sep in ("-", "_", "."):
        if sep in name:
            words.add(name.split(sep)[0])
    return words


def looks_like_command(text: str, words: set[str]) -> bool:
    t = text.strip()
    if re.match(r"^[$%#>]\s+\S", t):
        return True
    first = re.split(r"[\s|;]", t, maxsplit=1)[0]
    first = first.rsplit("/", 1)[-1]
    return first in words


def strip_prompt(cmd: str) -> str:
    return re.sub(r"^[$%#>]\s+", "", cmd.strip())


def description_from_prose(text: str) -> str:
    text = squash(text)
    text = re.sub(r"^(?:For example|Example|E\.g\.)[,:]?\s*", "", text, flags=re.I)
    m = re.match(r"^(?:To|In order to)\s+(.+?)(?:,?\s*(?:run|use|type|enter|do|execute|issue|try)"
                 r"(?: the (?:following|command))?(?: command)?\s*:?\s*)$", text, flags=re.I)
    if m:
        text = m.group(1)
    elif text.endswith(":"):
        text = text[:-1]
    # keep the last sentence before the command
    parts = re.split(r"(?<=[.!?])\s+", text)
    text = parts[-1] if parts and len(parts[-1]) > 15 else text
    text = text.rstrip(":. ")
    if text:
        text = text[0].upper() + text[1:]
    return first_sentence(text)


def examples(body: list[str], words: set[str]) -> list[tuple[str, str]]:
    """(description, command) pairs from an EXAMPLES section."""
    out: list[tuple[str, str]] = []
    lines = body
    n = len(lines)
    prose: list[str] = []
    prose_indent = None
    i = 0
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        ind = indent(line)
        t = line.strip()
        if ind <= 4:  # a subsection heading
            prose, prose_indent = [], None
            i += 1
            continue
        t = re.sub(r"^[•·*]\s+", "", t)
        is_cmd = looks_like_command(t, words) and not t.endswith(":") and not re.match(
            r"^[A-Z][a-z]+ [a-z]+ [a-z]+ .*[a-z]\.?$", t)
        if prose_indent is not None and ind > prose_indent and prose and (
                re.match(r"^[$%#]\s", t) or prose[-1].endswith(":")):
            is_cmd = True
        if not is_cmd:
            if prose_indent is None or ind <= prose_indent or not prose:
                if prose and prose_indent is not None and ind < prose_indent:
                    prose = []
                prose.append(t)
                prose_indent = ind
            else:
                prose.append(t)
            # a blank line after a prose paragraph that does not end with ':' keeps it as context
            i += 1
            continue
        # gather the command, joining continuation lines
        cmd = [strip_prompt(t)]
        j = i + 1
        if re.match(r"^[$%]\s", t):
            while j < n and lines[j].strip() and indent(lines[j]) >= ind and not re.match(
                    r"^[$%#]\s", lines[j].strip()) and not cmd[-1].endswith("\\"):
                cmd[-1] += " " + lines[j].strip()
                j += 1
        while cmd[-1].endswith("\\") and j < n and lines[j].strip():
            cmd.append(lines[j].strip())
            j += 1
        while j < n and lines[j].strip() and indent(lines[j]) == ind and len(cmd) < 4 and (
                looks_like_command(lines[j].strip(), words) or cmd[-1].endswith(("|", "&&"))):
            cmd.append(strip_prompt(lines[j].strip()))
            j += 1
        command = "\n".join(cmd)
        # description after it, deeper-indented (`cmd` then text), else the prose before it
        k = j
        while k < n and not lines[k].strip():
            k += 1
        after: list[str] = []
        if k < n and indent(lines[k]) > ind and not looks_like_command(lines[k].strip(), words):
            while k < n and lines[k].strip() and indent(lines[k]) > ind:
                after.append(lines[k].strip())
                k += 1
        if after and (not prose or (prose_indent is not None and prose_indent >= ind)):
            desc = first_sentence(" ".join(after))
            j = k
        elif prose:
            desc = description_from_prose(" ".join(prose))
        elif after:
            desc = first_sentence(" ".join(after))
            j = k
        else:
            desc = ""
        if desc and len(command) < 400 and len(desc) > 5:
            if desc[0].islower():
                desc = desc[0].upper() + desc[1:]
            out.append((desc, command))
        prose = []
        prose_indent = None
        i = j
    # dedupe
    seen, uniq = set(), []
    for d, c in out:
        if c not in seen:
            seen.add(c)
            uniq.append((d, c))
    return uniq


def synopsis_first(synopsis: list[str]) -> str:
    first: list[str] = []
    for line in synopsis:
        if not line.strip():
            if first:
                break
            continue
        if first and indent(line) <= 7:
            break
        first.append(line.strip())
    return squash(" ".join(first))


def invocation(synopsis: list[str], name: str, manname: str) -> str:
    """The words that start the command line, e.g. `git log` for git-log(1)."""
    words = synopsis_first(synopsis).split()
    heads = {name.split()[0], manname, name, manname.split("-")[0], manname.split("_")[0]}
    if not words or words[0].rsplit("/", 1)[-1] not in heads:
        return name
    inv = []
    for w in words[:7]:
        if not re.match(r"^[a-z][a-z0-9._+-]*$", w):
            break
        inv.append(w)
    inv_s = " ".join(inv)
    if inv_s.replace(" ", "-") == manname or inv_s == name or inv_s.replace(" ", "_") == manname:
        return inv_s
    return name


def synopsis_operands(synopsis: list[str], name: str) -> str:
    if not synopsis:
        return ""
    first = []
    for line in synopsis:
        if not line.strip():
            if first:
                break
            continue
        if first and indent(line) <= 7:
            break
        first.append(line.strip())
    text = squash(" ".join(first))
    if text.startswith(name):
        text = text[len(name):]
    else:
        text = " ".join(text.split()[1:])
    # remove bracketed groups (nested)
    prev = None
    while prev != text:
        prev = text
        text = re.sub(r"\[[^\[\]]*\]", "", text)
        text = re.sub(r"\{[^{}]*\}", "", text)
    toks = [t for t in text.replace("...", " ").replace("…", " ").split()
            if re.match(r"^(?:[A-Z][A-Z0-9_]*[A-Z0-9]|<[\w-]+>)$", t)
            and t not in ("OPTION", "OPTIONS", "FLAGS", "COMMAND_OPTIONS", "GCLOUD_WIDE_FLAG")]
    toks = [t.lower() if t.isupper() else t for t in toks][:3]
    return " ".join(toks)


OPT_RE = re.compile(r"^(-{1,2}[\w?#@][\w.+-]*)([ =]?[\[<]?[A-Za-z_.]*[\]>]?)?")


def option_entries(items: list[tuple[str, str]], name: str, operands: str,
                   prefer_long: bool) -> list[tuple[str, str, str]]:
    """(description, command, option-term) from tagged option paragraphs."""
    out = []
    seen = set()
    for term, text in items:
        if not term.startswith("-") or len(term) > 70:
            continue
        forms = [f.strip() for f in re.split(r",\s*|\s+or\s+|\s+(?=--?[A-Za-z0-9])", term)
                 if f.strip().startswith("-")]
        forms = [f for f in forms if re.match(r"^-{1,2}[A-Za-z0-9?#@][\w.+-]*(?:[ =\[<]\S*)?$", f)
                 and not f.endswith((").", ".", ","))]
        if not forms:
            continue
        longs = [f for f in forms if f.startswith("--")]
        shorts = [f for f in forms if not f.startswith("--")]
        pick = (longs or shorts)[0] if prefer_long else (shorts or longs)[0]
        if pick in ("--help", "-h", "--version", "-V", "--usage", "-?") or pick in seen:
            continue
        seen.add(pick)
        desc = first_sentence(text)
        if not desc or len(desc) < 6:
            continue
        desc = desc[0].upper() + desc[1:]
        cmd = f"{name} {pick}" + (f" {operands}" if operands else "")
        out.append((desc, cmd, term))
    return out


def key_entries(items: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    out = []
    for term, text in items:
        if term.startswith("-") or len(term) > 28 or term.endswith((":", ".", ",")):
            continue
        if re.match(r"^\d+\.?$", term) or re.match(r"^[A-Z][a-z]{3,}( [a-z]+)*$", term):
            continue
        if len(term.split()) > 4 or term.startswith(("{", "#", "[")):
            continue
        key = re.split(r"\s+or\s+", term)[0].strip()
        desc = first_sentence(text)
        if not desc or len(desc) < 6:
            continue
        desc = desc[0].upper() + desc[1:]
        out.append((desc, key, term))
    return out


# --- writing pages ------------------------------------------------------------------------------


def stable(name: str, mod: int) -> int:
    return int(hashlib.md5(name.encode()).hexdigest(), 16) % mod


def md_escape_cell(text: str) -> str:
    return text.replace("|", "\\|")


def fence(cmd: str) -> str:
    return f"```sh\n{cmd}\n```"


def render_page(info: dict) -> str:
    name, desc, pkg, sec = info["name"], info["desc"], info["pkg"], info["section"]
    ex, opts, keys = info["examples"], info["options"], info["keys"]
    intro = info["intro"]
    h = stable(name, 1000)
    style = ["tldr", "tldr", "tldr", "fenced", "fenced", "indented", "keyvalue", "table",
             "comments", "fenced"][h % 10]
    long_intro = h % 7 == 0  # a long description before the entries
    frontmatter = (h // 10) % 5 == 0
    max_entries = 8 if (h // 7) % 3 == 0 else 16
    lines: list[str] = []
    if frontmatter:
        lines += ["---", f"title: {name}", f"package: {pkg}", f"section: {sec}",
                  f"tags: [{pkg}, man{sec}]", "---", ""]
    entries = [(d, c) for d, c in ex] + [(d, c) for d, c, _ in keys] + [(d, c) for d, c, _ in opts]
    entries = entries[:max_entries]
    if style == "tldr":
        lines += [f"# {name}", "", f"> {desc[0].upper() + desc[1:]}.", f"> Package: {pkg}.", ""]
        if long_intro and intro:
            lines += [p for para in intro for p in (para, "")]
        for d, c in entries:
            if "\n" in c:
                lines += [f"- {d}:", "", fence(c), ""]
            else:
                lines += [f"- {d}:", "", f"`{c}`", ""]
    elif style == "fenced":
        lines += [f"# {name}", "", f"{name} — {desc}.", ""]
        if long_intro and intro:
            lines += ["## Description", ""] + [p for para in intro for p in (para, "")]
        if ex:
            lines += ["## Examples", ""]
            for d, c in ex[:max_entries]:
                lines += [f"{d}:", "", fence(c), ""]
        rest = [(d, c) for d, c, _ in keys + opts][: max(3, max_entries - len(ex))]
        if rest:
            lines += ["## Options" if opts else "## Keys", ""]
            for d, c in rest:
                lines += [f"**{d}**", "", fence(c), ""]
    elif style == "indented":
        lines += [name, "=" * len(name), "", desc[0].upper() + desc[1:] + ".", ""]
        if long_intro and intro:
            lines += [p for para in intro for p in (para, "")]
        for d, c in entries:
            lines += [d, ""] + ["    " + x for x in c.split("\n")] + [""]
    elif style == "keyvalue":
        lines += [f"# {name}", "", f"Package: {pkg}", f"Section: {sec}", f"Summary: {desc}", ""]
        if long_intro and intro:
            lines += [p for para in intro for p in (para, "")]
        lines += ["## Quick reference", ""]
        for d, c in entries:
            c1 = c.replace("\n", " ; ")
            lines += [f"{d}: `{c1}`", ""]
    elif style == "table":
        lines += [f"# {name}", "", f"*{desc}* ({pkg})", ""]
        if long_intro and intro:
            lines += [p for para in intro for p in (para, "")]
        if ex:
            lines += ["## Examples", ""]
            for d, c in ex[:6]:
                lines += [f"- {d}", "", fence(c), ""]
        rows = opts if opts else keys
        if rows:
            lines += ["## Options" if opts else "## Keys", "", "| option | meaning |", "|---|---|"]
            for d, _c, term in rows[: max_entries + 4]:
                lines.append(f"| `{md_escape_cell(term)}` | {md_escape_cell(d)} |")
            lines.append("")
            if opts:
                lines += [f"Usage: `{opts[0][1].split(' ', 1)[0]} [options] "
                          f"{info['operands']}`".rstrip() + "", ""]
    else:  # comments
        lines += [f"# {name}", "", f"{desc[0].upper() + desc[1:]}.", ""]
        if long_intro and intro:
            lines += [p for para in intro for p in (para, "")]
        block = []
        for d, c in entries:
            block += [f"# {d}", c, ""]
        if block:
            lines += ["```bash"] + block[:-1] + ["```", ""]
    if not long_intro and intro and h % 3 == 0:
        lines += ["## Notes", "", intro[0], ""]
    lines += [f"See also: `man {sec} {info['manname']}`.", ""]
    return "\n".join(lines)


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._+-]+", "-", text).strip("-") or "x"


def parse_page(path: Path, pkg: str) -> dict | None:
    text = render(path)
    if not text.strip():
        return None
    secs = sections(text)
    name_lines = [l.strip() for l in secs.get("NAME", []) if l.strip()]
    if not name_lines:
        return None
    name_line = squash(" ".join(name_lines))
    m = re.match(r"^(.+?)\s+[-–—‐]+\s+(.+)$", name_line)
    if not m:
        return None
    names, desc = m.group(1), m.group(2).strip().rstrip(".")
    manname = path.name.split(".")[0]
    sec = path.parent.name[3:]
    if manname.startswith("gcloud"):
        name = names.strip()
    else:
        cands = [n.strip() for n in names.split(",")]
        name = manname if manname in cands else cands[0]
        if " " in name:
            name = manname
    words = command_words(name.split()[0]) | {manname}
    ex_body = secs.get("EXAMPLES") or secs.get("EXAMPLE") or secs.get("EXAMPLES OF USE") or []
    exs = examples(ex_body, words) if ex_body else []
    inv = invocation(secs.get("SYNOPSIS", []), name, manname)
    operands = synopsis_operands(secs.get("SYNOPSIS", []), inv)
    opt_items: list[tuple[str, str]] = []
    key_items: list[tuple[str, str]] = []
    for title, body in secs.items():
        if title in SKIP_SECTIONS or title in ("NAME", "SYNOPSIS") or title.startswith("EXAMPLE"):
            continue
        if title.startswith("GCLOUD WIDE") or title == "ENVIRONMENT" or "EXIT" in title:
            continue
        items = terms(body)
        if any(k in title for k in ("COMMANDS", "KEY BINDINGS", "KEYS")) and not manname.startswith("gcloud"):
            found = [it for it in items if not it[0].startswith("-")]
            key_items = found + key_items if "KEY" in title else key_items + found
            continue
        opt_items += [it for it in items if it[0].startswith("-")]
    prefer_long = stable(name, 2) == 0 or manname.startswith("gcloud")
    opts = option_entries(opt_items, inv, operands, prefer_long)
    keys = key_entries(key_items)[:20]
    if not exs and not opts and not keys:
        return None
    intro_src = secs.get("DESCRIPTION", [])
    intro = [p for p in paragraphs(intro_src) if len(p) > 40 and not p.startswith("-")][:3]
    intro = [p[:700] for p in intro]
    return {"name": name, "manname": manname, "desc": desc, "pkg": pkg, "section": sec,
            "examples": exs, "options": opts, "keys": keys, "intro": intro,
            "operands": operands}


def page_path(info: dict) -> str:
    name = info["name"]
    if name.startswith("gcloud "):
        parts = name.split()[1:]
        return f"gcloud/{parts[0]}/{slug('-'.join(parts[1:]) or parts[0])}.md"
    return f"commands/{slug(info['pkg'])}/{slug(name)}.md"


# --- sources ------------------------------------------------------------------------------------


def licences(pkg: str) -> str:
    f = Path("/usr/share/doc") / pkg / "copyright"
    if not f.exists():
        return "see the package's copyright file (not installed)"
    text = f.read_text(encoding="utf-8", errors="replace")
    found = []
    for m in re.finditer(r"^License:\s*(\S.*)$", text, flags=re.M):
        lic = m.group(1).strip()
        if lic and lic not in found and len(lic) < 60:
            found.append(lic)
    if not found:
        for pat, lic in [(r"GNU\s+General\s+Public\s+License", "GPL"),
                         (r"Lesser\s+General\s+Public", "LGPL"), (r"Apache\s+License", "Apache-2.0"), (r"BSD", "BSD"), (r"MIT", "MIT"),
                         (r"Artistic", "Artistic"), (r"public domain", "public domain")]:
            if re.search(pat, text, flags=re.I):
                found.append(lic)
    return ", ".join(found[:6]) if found else "see /usr/share/doc/%s/copyright" % pkg


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    owners = package_map()
    files = candidates()
    if args.limit:
        files = files[: args.limit]

    def owner(f: Path) -> str:
        p = str(f)
        return owners.get(p) or owners.get(os.path.realpath(p)) or "unknown"

    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        infos = list(pool.map(lambda f: parse_page(f, owner(f)), files))
    pages: dict[str, dict] = {}
    for info in infos:
        if info is None:
            continue
        rel = page_path(info)
        if rel in pages:
            continue
        pages[rel] = info
    # clear old output (never questions.yaml / _build)
    for sub in ("commands", "gcloud"):
        shutil.rmtree(OUT / sub, ignore_errors=True)
    for rel, info in pages.items():
        dest = OUT / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(render_page(info), encoding="utf-8")
    write_index(pages)
    write_sources(pages)
    print(f"{len(pages)} pages from {len(files)} man pages", file=sys.stderr)
    return 0


def write_index(pages: dict[str, dict]) -> None:
    groups: dict[str, list[tuple[str, dict]]] = {}
    for rel, info in pages.items():
        if rel.startswith("gcloud/"):
            key = "Google Cloud CLI: " + rel.split("/")[1]
        else:
            key = info["pkg"]
        groups.setdefault(key, []).append((rel, info))
    out = ["# Command cheat sheets", "",
           "One page per command, made from the man pages on my Debian box. Grouped by the "
           "package that ships the command; gcloud pages grouped by command group.", "",
           "- [Sources and licences](SOURCES.md)", ""]
    for key in sorted(groups, key=lambda k: (k.startswith("Google"), k.lower())):
        out += [f"## {key}", ""]
        for rel, info in sorted(groups[key], key=lambda x: x[1]["name"]):
            out.append(f"- [{info['name']}]({rel}): {info['desc']}")
        out.append("")
    (OUT / "index.md").write_text("\n".join(out), encoding="utf-8")


def write_sources(pages: dict[str, dict]) -> None:
    counts: dict[str, int] = {}
    for info in pages.values():
        counts[info["pkg"]] = counts.get(info["pkg"], 0) + 1
    out = ["# Sources and licences", "",
           "Every page in this wiki was generated by `_build/build.py` from the man pages "
           "installed on a Debian 12 (bookworm) machine: /usr/share/man sections 1 and 8, plus "
           "3,800 of the Google Cloud CLI's section-1 pages (GA commands only, no alpha/beta). Man pages with no usable examples or options were left out. The text (command "
           "descriptions, option descriptions and the man pages' own examples) is quoted and "
           "rearranged from those man pages; each stays under the licence of the package that "
           "ships it, as given in /usr/share/doc/<package>/copyright. No tldr-pages content "
           "was used.", "",
           "| package | pages | licence(s) named in its copyright file |", "|---|---|---|"]
    for pkg in sorted(counts):
        out.append(f"| {pkg} | {counts[pkg]} | {md_escape_cell(licences(pkg))} |")
    out.append("")
    (OUT / "SOURCES.md").write_text("\n".join(out), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())

"""Build the `devnotes` held-out wiki: a developer's notes on the tools in swarm's venv.

Real text: installed packages' METADATA descriptions and docstrings (site-packages), their
--help output, and man pages (/usr/share/man). Hand-written notes live in _build/notes/*.md
and are copied as they are. Run with the venv's python (it imports packages for docstrings).
"""
import email, glob, inspect, importlib, os, re, shutil, subprocess, textwrap, sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent
SP = Path("/work/wt-holdout/.venv/lib/python3.11/site-packages")
SOURCES = []

def clean_dirs():
    for d in ("packages", "api", "cli", "howto", "journal", "config"):
        shutil.rmtree(OUT / d, ignore_errors=True)

def cut(text, limit):
    if len(text) <= limit:
        return text
    paras = text.split("\n\n")
    out = ""
    for p in paras:
        if len(out) + len(p) > limit:
            if not out:  # one huge paragraph: cut by lines
                for line in p.splitlines():
                    if len(out) + len(line) > limit:
                        break
                    out += line + "\n"
            break
        out += p + "\n\n"
    # never leave a fence open
    if out.count("```") % 2:
        out += "```\n"
    return out.rstrip() + "\n"

# dates spread deterministically; some old (stale at 2026-12-01), most recent
DATES = ["2026-11-02", "2026-09-14", "2025-03-08", "2026-07-21", "2024-11-30", "2026-10-05",
         "2026-06-18", "2025-12-12", "2026-08-09", "2023-09-27", "2026-11-20", "2026-04-03"]

# ---------------------------------------------------------------- packages/
SKIP = {"swarm_wiki", "pip", "setuptools"}
TAGS = {"httpx": "http, client", "httpcore": "http", "h11": "http", "anyio": "async",
        "pytest": "testing", "pytest_asyncio": "testing, async", "hypothesis": "testing",
        "respx": "testing, http", "freezegun": "testing, time", "pydantic": "validation",
        "rich": "terminal", "click": "cli", "ruff": "lint", "mypy": "typing",
        "dateparser": "dates", "python_dateutil": "dates", "pytz": "dates, timezones",
        "tzlocal": "dates, timezones", "trafilatura": "scraping", "lxml": "xml, html",
        "selectolax": "html", "openai": "llm", "anthropic": "llm", "mcp": "llm, protocol",
        "numpy": "numeric", "bm25s": "search", "uvicorn": "asgi, server", "starlette": "asgi"}

def package_pages():
    pages = []
    for i, d in enumerate(sorted(SP.glob("*.dist-info"))):
        name, version = d.name[:-10].rsplit("-", 1)
        if name in SKIP:
            continue
        m = email.message_from_string((d / "METADATA").read_text(encoding="utf-8"))
        body = (m.get_payload() or "").strip()
        lic = m.get("License-Expression") or ""
        if not lic:
            cls = [c.split("::")[-1].strip() for c in m.get_all("Classifier") or [] if c.startswith("License")]
            lic = cls[0] if cls else (m.get("License") or "see dist-info").splitlines()[0][:60]
        summary = m.get("Summary") or ""
        dist = m.get("Name") or name
        style = i % 4
        date = DATES[i % len(DATES)]
        head = ""
        if style == 0:
            tags = TAGS.get(name, "python")
            head = f"---\ntitle: {dist}\ntags: [{tags}]\nupdated: {date}\n---\n"
        elif style == 1:
            head = f"---\nupdated: {date}\n---\n"
        elif style == 2:
            head = ""
        else:
            head = f"---\ntags: [{TAGS.get(name, 'python')}]\n---\n"
        notes = (f"# {dist}\n\n{summary}\n\n"
                 f"Installed: {version}\nLicence: {lic}\nInstall: `pip install {dist}`\n\n"
                 f"## From the project description\n\n")
        text = head + notes + cut(body, 3200)
        rel = f"packages/{name.replace('_', '-')}.md"
        pages.append((rel, dist, summary, text))
        SOURCES.append((rel, f"{d.name}/METADATA (long description)", lic))
    return pages

# ---------------------------------------------------------------- api/
API = [
    ("httpx", "Timeout"), ("httpx", "Client"), ("httpx", "AsyncClient"), ("httpx", "Limits"),
    ("click", "option"), ("click", "argument"), ("click", "echo"), ("click", "Path"),
    ("click", "confirm"), ("rich.console", "Console"), ("rich.progress", "track"),
    ("rich.table", "Table"), ("yaml", "safe_load"), ("frontmatter", "load"),
    ("frontmatter", "loads"), ("dateutil.parser", "parse"), ("dateutil.relativedelta", "relativedelta"),
    ("dateparser", "parse"), ("tzlocal", "get_localzone"), ("pytest", "fixture"),
    ("pytest", "raises"), ("pytest", "approx"), ("anyio", "run"), ("anyio", "move_on_after"),
    ("anyio", "fail_after"), ("numpy", "linspace"), ("numpy", "argsort"),
    ("sortedcontainers", "SortedList"), ("packaging.version", "Version"),
    ("packaging.specifiers", "SpecifierSet"), ("dotenv", "load_dotenv"),
    ("dotenv", "dotenv_values"), ("freezegun", "freeze_time"), ("jsonschema", "validate"),
    ("lxml.html", "fromstring"), ("idna", "encode"), ("certifi", "where"),
    ("charset_normalizer", "from_bytes"), ("trafilatura", "extract"), ("htmldate", "find_date"),
    ("courlan", "check_url"), ("jwt", "encode"), ("jwt", "decode"), ("pygments", "highlight"),
    ("wcwidth", "wcswidth"), ("urllib3.util.retry", "Retry"), ("urllib3", "PoolManager"),
    ("cryptography.fernet", "Fernet"), ("pathspec", "PathSpec"), ("regex", "sub"),
    ("pydantic", "Field"), ("pydantic", "field_validator"), ("pydantic_settings", "BaseSettings"),
    ("uvicorn", "run"), ("starlette.responses", "JSONResponse"), ("markdown_it", "MarkdownIt"),
    ("strictyaml", "load"), ("bm25s", "BM25"), ("tld", "get_tld"), ("babel.dates", "format_date"),
]

def api_pages():
    pages = []
    for i, (mod, attr) in enumerate(API):
        try:
            obj = getattr(importlib.import_module(mod), attr)
        except Exception as exc:  # noqa: BLE001
            print("skip", mod, attr, exc, file=sys.stderr)
            continue
        doc = inspect.getdoc(obj) or ""
        if len(doc) < 120:
            print("thin doc", mod, attr, file=sys.stderr)
            continue
        try:
            sig = str(inspect.signature(obj))
        except (TypeError, ValueError):
            sig = "(...)"
        sig = re.sub(r"<[\w.]+ object at 0x[0-9a-f]+>", "UNSET", sig)
        if len(sig) > 400:
            sig = sig[:400] + " ...)"
        top = mod.split(".")[0]
        date = DATES[(i * 5) % len(DATES)]
        head = f"---\ntags: [api, {top}]\nupdated: {date}\n---\n" if i % 3 == 0 else ""
        text = (head + f"# {mod}.{attr}\n\n```python\n{mod}.{attr}{sig}\n```\n\n"
                + cut(doc, 2600))
        rel = f"api/{mod.replace('.', '-')}-{attr.lower()}.md"
        pages.append((rel, f"{mod}.{attr}", doc.splitlines()[0][:90], text))
        SOURCES.append((rel, f"docstring of {mod}.{attr} (installed package {top})", "licence of the package, see packages/"))
    return pages

# ---------------------------------------------------------------- cli/ from --help
VENV_BIN = Path("/work/wt-holdout/.venv/bin")

def help_table(cmd, start_pat, opt_col):
    """argparse/click help -> rows (option, description)."""
    out = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "COLUMNS": "100", "NO_COLOR": "1"}).stdout
    rows, cur = [], None
    for line in out.splitlines():
        m = re.match(r"^\s{2,6}(-[^\s].*?)(?:\s{2,}(.*))?$", line)
        if m and not line.startswith(" " * (opt_col)):
            cur = [m.group(1).strip(), (m.group(2) or "").strip()]
            rows.append(cur)
        elif cur and line.strip() and line.startswith(" " * 8):
            cur[1] = (cur[1] + " " + line.strip()).strip()
        elif not line.strip():
            cur = None
    return out, rows

def md_table(rows, limit=18):
    out = ["| option | what it does |", "|---|---|"]
    for opt, desc in rows[:limit]:
        desc = desc.replace("|", "\\|")
        if len(desc) > 150:
            desc = desc[:150].rsplit(" ", 1)[0] + " …"
        out.append(f"| `{opt.replace('|', '/')}` | {desc} |")
    return "\n".join(out) + "\n"

CLI_HELP = [
    ("uvicorn", [str(VENV_BIN / "uvicorn"), "--help"], "uvicorn: serve an ASGI app", "2026-10-11"),
    ("pytest", [str(VENV_BIN / "pytest"), "--help"], "pytest command-line flags I use", "2026-09-30"),
    ("mypy", [str(VENV_BIN / "mypy"), "--help"], "mypy flags", "2025-02-17"),
    ("ruff-check", [str(VENV_BIN / "ruff"), "check", "--help"], "ruff check options", "2026-11-12"),
    ("ruff-format", [str(VENV_BIN / "ruff"), "format", "--help"], "ruff format options", None),
    ("pip-install", [str(VENV_BIN / "pip"), "install", "--help"], "pip install options", "2024-06-02"),
    ("normalizer", [str(VENV_BIN / "normalizer"), "--help"], "charset_normalizer's CLI", None),
    ("pygmentize", [str(VENV_BIN / "pygmentize"), "--help"], "pygmentize", None),
    ("dotenv", [str(VENV_BIN / "dotenv"), "--help"], "the dotenv CLI", "2026-05-01"),
    ("trafilatura", [str(VENV_BIN / "trafilatura"), "--help"], "trafilatura CLI", "2026-08-23"),
]

def cli_help_pages():
    pages = []
    for name, cmd, title, date in CLI_HELP:
        if not Path(cmd[0]).exists():
            print("no", cmd[0], file=sys.stderr); continue
        out, rows = help_table(cmd, None, 30)
        usage = next((l for l in out.splitlines() if l.lower().startswith("usage")), "")
        head = f"---\nupdated: {date}\n---\n" if date else ""
        text = head + f"# {title}\n\n```\n{usage.strip()}\n```\n\n"
        if len(rows) >= 5:
            text += md_table(rows) + "\n"
        text += "Full help, pasted:\n\n```text\n" + cut(out, 5000).rstrip() + "\n```\n"
        if text.count("```") % 2:
            text += "```\n"
        rel = f"cli/{name}.md"
        pages.append((rel, title, "options table from --help", text))
        SOURCES.append((rel, f"`{' '.join(Path(c).name if i == 0 else c for i, c in enumerate(cmd))}` output", "licence of the package, see packages/"))
    return pages

# ---------------------------------------------------------------- cli/ from man pages
MAN = [("git", "GPL-2.0"), ("curl", "curl licence (MIT-like)"), ("jq", "MIT (jq manual: CC-BY-3.0)"),
       ("tmux", "ISC"), ("sqlite3", "public domain"), ("ssh", "BSD"), ("tar", "GPL-3.0+ (GNU)"),
       ("grep", "GFDL/GPL (GNU)"), ("find", "GPL (GNU findutils)"), ("make", "GPL (GNU)"),
       ("xargs", "GPL (GNU findutils)"), ("less", "GPL-3.0 or less licence"), ("python3", "PSF-2.0"),
       ("wget", "GPL-3.0 (GNU)"), ("timeout", "GPL-3.0 (GNU coreutils)"), ("watch", "GPL-2.0 (procps)"),
       ("strace", "LGPL-2.1+"), ("diff", "GPL (GNU diffutils)")]

def man_text(tool):
    r = subprocess.run(["man", "-P", "cat", tool], capture_output=True, text=True,
                       env={**os.environ, "MANWIDTH": "96", "LANG": "C.UTF-8"})
    return subprocess.run(["col", "-bx"], input=r.stdout, capture_output=True, text=True).stdout

def man_sections(txt):
    secs, cur = {}, None
    for line in txt.splitlines()[1:]:
        if re.match(r"^[A-Z][A-Z0-9 /-]+$", line):
            cur = line.strip(); secs[cur] = []
        elif cur:
            secs[cur].append(line)
    return {k: textwrap.dedent("\n".join(v)).strip() for k, v in secs.items()}

def unwrap(par):
    return re.sub(r"\s+", " ", par.replace("‐\n", "")).strip()

def man_options(txt):
    rows, lines = [], txt.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^ {7}((?:-{1,2}[A-Za-z0-9?][^\s,]*)(?:,? ?[^\s]*)*?)\s*$", line)
        m2 = re.match(r"^ {7}(-{1,2}[A-Za-z0-9][^ ]*(?:, -{1,2}[^ ]+)?(?: [^ ]+)?) {2,}(\S.*)$", line)
        if m2:
            desc = [m2.group(2)]; j = i + 1
        elif m:
            desc = []; j = i + 1
        else:
            continue
        while j < len(lines) and (lines[j].startswith(" " * 14) or (not desc and lines[j].startswith(" " * 11))):
            if not lines[j].strip():
                break
            desc.append(lines[j].strip()); j += 1
        d = unwrap(" ".join(desc))
        if d:
            opt = (m2 or m).group(1).strip()
            if not opt.endswith("."):
                rows.append((opt, d.split(". ")[0].rstrip(".") + "."))
    seen, out = set(), []
    for r in rows:
        if r[0] not in seen:
            seen.add(r[0]); out.append(r)
    return out

def man_pages():
    pages = []
    for i, (tool, lic) in enumerate(MAN):
        txt = man_text(tool)
        if not txt.strip():
            print("no man", tool, file=sys.stderr); continue
        secs = man_sections(txt)
        name = unwrap(secs.get("NAME", tool))
        syn = secs.get("SYNOPSIS", "")
        syn = "\n".join(l for l in syn.splitlines()[:8])
        desc = "\n\n".join(unwrap(p) for p in secs.get("DESCRIPTION", "").split("\n\n")[:3])
        rows = man_options(txt)
        date = DATES[(i * 7) % len(DATES)]
        head = [f"---\nupdated: {date}\ntags: [cli]\n---\n", "", f"---\nsource: man {tool}\n---\n"][i % 3]
        text = head + f"# {tool}\n\n{name}\n\n```\n{syn}\n```\n\n{cut(desc, 900)}\n\n"
        if rows:
            text += "## Options\n\n" + md_table(rows, 25)
        rel = f"cli/{tool}.md"
        pages.append((rel, tool, name.split(" - ", 1)[-1][:90], text))
        SOURCES.append((rel, f"/usr/share/man: man {tool}", lic))
    return pages

# ---------------------------------------------------------------- hand-written notes
def note_pages():
    pages = []
    for p in sorted((OUT / "_build" / "notes").rglob("*.md")):
        rel = p.relative_to(OUT / "_build" / "notes").as_posix()
        text = p.read_text(encoding="utf-8")
        title = next((l[2:].strip() for l in text.splitlines() if l.startswith("# ")), p.stem)
        desc = ""
        m = re.search(r"^<!-- index: (.*?) -->\n?", text, re.M)
        if m:
            desc = m.group(1); text = text.replace(m.group(0), "")
        pages.append((rel, title, desc, text))
        SOURCES.append((rel, "written for this wiki (the developer's own notes)", "CC0"))
    return pages

def main():
    clean_dirs()
    groups = [("How-tos", note_pages), ("Packages", package_pages), ("API notes", api_pages),
              ("Command-line tools", lambda: cli_help_pages() + man_pages())]
    index = ["# Dev notes\n", "My notes on the Python tools and libraries I use (the project venv) "
             "and the command-line tools around them. Journal entries are dated.\n"]
    allpages = []
    for heading, fn in groups:
        pages = fn()
        allpages += pages
        listed = []
        for k, (rel, title, desc, text) in enumerate(pages):
            (OUT / rel).parent.mkdir(parents=True, exist_ok=True)
            (OUT / rel).write_text(text, encoding="utf-8")
            if "<!-- unlisted -->" in text:
                text = text.replace("<!-- unlisted -->\n", "")
                (OUT / rel).write_text(text, encoding="utf-8")
                continue
            if heading != "How-tos" and k % 9 == 5:
                continue  # some pages never made it into the index
            listed.append((rel, title, desc))
        if heading == "How-tos":
            sub = {}
            for rel, title, desc in listed:
                sub.setdefault(rel.split("/")[0], []).append((rel, title, desc))
            for folder, items in sub.items():
                index.append(f"\n## {folder.capitalize()}\n")
                for rel, title, desc in items:
                    index.append(f"- [{title}]({rel})" + (f": {desc}" if desc else ""))
        else:
            index.append(f"\n## {heading}\n")
            for rel, title, desc in listed:
                d = desc.strip().rstrip(".")
                index.append(f"- [{title}]({rel})" + (f": {d}" if d and k % 4 else ""))
    (OUT / "index.md").write_text("\n".join(index) + "\n", encoding="utf-8")
    src = ["# Sources\n", "Every page, where its text came from and under which licence.\n",
           "| page | source | licence |", "|---|---|---|"]
    src += [f"| {a} | {b} | {c} |" for a, b, c in SOURCES]
    (OUT / "SOURCES.md").write_text("\n".join(src) + "\n", encoding="utf-8")
    print(len(allpages), "pages")

main()

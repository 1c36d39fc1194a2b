"""Build the eb1911 fixture wiki from the 1911 Encyclopaedia Britannica text kept in the
ahaspel/britannica-edition repository (tests/snapshots/transform/*.body.txt, plus the one
article only present as rendered HTML, ODO OF BAYEUX).

Stdlib only.  Usage (from the repository root):
    python wiki_fixtures/eb1911/_build/build.py [/path/to/britannica-edition.git]

It reads the bare git repository with `git show`, turns the edition's inline markup into
markdown (italics, bold, tables, verse; images, footnotes and page furniture dropped),
splits each article into pages by its sections (the centred section headings and the
shoulder-note sub-headings), and writes the pages plus index.md.  questions.yaml and
SOURCES.md are written by hand and left alone.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = (
    Path(sys.argv[1])
    if len(sys.argv) > 1
    else Path("/work/.mirror/ahaspel+britannica-edition/repo")
)
OUT = Path(__file__).resolve().parent.parent
SNAP = "tests/snapshots/transform"

# Articles kept, with a cap on the characters of clean text taken from each (long articles
# are cut after whole sections, so the wiki stays near 400 pages).  None: the whole article.
ARTICLES: dict[str, int | None] = {
    "A": None,
    "ABACUS": None,
    "ABBEY": None,
    "ACACIA": None,
    "ACCUMULATOR": 40_000,
    "AFRICA": 230_000,
    "AGRICULTURE": 110_000,
    "ALDEHYDES": None,
    "ALPHABET": None,
    "ARACHNIDA": 60_000,
    "ARTHUR": None,
    "BAG-PIPE": None,
    "BRACHIOPODA": 40_000,
    "CITHARA": None,
    "DYNAMICS": 25_000,
    "HYDROMEDUSAE": 50_000,
    "INTERPOLATION": 20_000,
    "MOLECULE": 40_000,
    "ODO OF BAYEUX": None,
    "ORDNANCE": 90_000,
    "STEAM ENGINE": 110_000,
    "THUCYDIDES": None,
}

SHORT_ARTICLE = 6_000  # under this, one page at the wiki's root
PAGE_MAX = 3_600  # a page is closed before it grows past this
PAGE_MIN = 1_000  # a section shorter than this joins the next one in the same section


def git(*args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(REPO), *args], check=True, capture_output=True, text=True
    ).stdout


def slug(text: str) -> str:
    text = text.lower().replace("’", "").replace("'", "")
    text = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    return text[:60].rstrip("-") or "part"


# --- markup --------------------------------------------------------------------------------

SH_MARK = "\x01"  # «SH:slug»Title«/SH» becomes SH_MARK Title SH_MARK
H_MARK = "\x02"  # a centred small-caps section heading paragraph


def strip_braced(text: str, name: str, keep: bool) -> str:
    """Remove {{NAME:...}} with nested braces; keep its text (BR as new lines) when asked."""
    out, i, key = [], 0, "{{" + name + ":"
    close = "}" + name + "}"
    while True:
        j = text.find(key, i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        depth, k = 0, j
        while k < len(text):
            if text.startswith(close, k):
                k += len(close) + 1  # "}IVERSE}" closes it: step over its last brace
                break
            if text.startswith("{{", k):
                depth += 1
                k += 2
            elif text.startswith("}}", k):
                depth -= 1
                k += 2
                if depth == 0:
                    break
            else:
                k += 1
        if keep:
            inner = text[j + len(key) : k - 2]
            inner = inner[: -len(close) + 1] if inner.endswith(close[:-1]) else inner
            out.append(inner.replace("«BR»", "\n"))
        i = k


def table_to_md(body: str) -> str:
    caption = ""
    m = re.search(r"«CAPTION»(.*?)«/CAPTION»", body, re.S)
    if m:
        caption = inline(m.group(1)).strip()
        body = body[: m.start()] + body[m.end() :]
    rows = []
    for row in re.findall(r"«TR(?:\[[^»]*\])?»(.*?)«/TR»", body, re.S):
        cells = [
            inline(c).replace("\n", " ").replace("|", "/").strip()
            for c in re.findall(r"«TD(?:\[[^»]*\])?»(.*?)«/TD»", row, re.S)
        ]
        if any(cells):
            rows.append(cells)
    if not rows:
        return f"\n\n{caption}\n\n" if caption else " "
    width = max(len(r) for r in rows)
    if width == 1:  # a one-column table is verse or a quoted block: lines
        lines = "\n".join(r[0] for r in rows)
        return f"\n\n{caption + chr(10) if caption else ''}{lines}\n\n"
    if any(re.match(r"\W*Fig\.", c) for r in rows for c in r) or re.match(r"\W*Fig\.", caption):
        return " "  # a figure's key, its figure dropped
    rows = [r + [""] * (width - len(r)) for r in rows]
    md = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * width]
    md += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    head = f"**{caption.strip('*')}**\n\n" if caption else ""
    return "\n\n" + head + "\n".join(md) + "\n\n"


def inline(text: str) -> str:
    text = re.sub(r"«B»(.*?)«/B»", r"**\1**", text, flags=re.S)
    text = re.sub(r"«I»(.*?)«/I»", r"*\1*", text, flags=re.S)
    text = text.replace("«BR»", "\n")
    text = re.sub(r"«/?[A-Z]+(?:\[[^»]*\])?(?::[^»«]*)?»", "", text)  # any tag left
    text = re.sub(r"</?(?:sub|sup|span|small|big|b|i|u|s)\b[^>]*>", "", text)
    text = html.unescape(text)
    text = text.replace("＝", "=")
    text = re.sub(r"\*\*\s*\*\*|(?<!\*)\*\s*\*(?!\*)", "", text)
    return text


def convert(raw: str) -> str:
    t = raw
    # a floated figure with its caption, in the middle of a sentence: dropped with its figure
    t = re.sub(r"«(SPAN|DIV)\[style:float[^»]*\]»\{\{IMG:(?:(?!«/\1»).)*?«/\1»", "", t, flags=re.S)
    t = strip_braced(t, "IMG", keep=False)
    t = strip_braced(t, "IVERSE", keep=True)
    t = strip_braced(t, "VERSE", keep=True)
    t = re.sub(r"«FN(?:\[[^»]*\])?:.*?«/FN»", "", t, flags=re.S)
    t = re.sub(
        r"«MATH(?:\[[^»]*\])?:(.*?)«/MATH»", lambda m: f" ${m.group(1).strip()}$ ", t, flags=re.S
    )
    t = re.sub(r"«(?:LN|AL)(?:\[[^»]*\])?:[^|«]*\|(.*?)«/(?:LN|AL)»", r"\1", t, flags=re.S)
    t = re.sub(
        r"«SH:[^»]*»(.*?)«/SH»", lambda m: SH_MARK + m.group(1).strip() + SH_MARK, t, flags=re.S
    )
    t = re.sub(r"«EQN:([^»]*)»(.*?)«/EQN»", r"\2 (\1)", t, flags=re.S)
    t = re.sub(r"«(?:BAR|DHRI)\[[^»]*\]»", "", t)
    while True:  # innermost tables first
        new = re.sub(
            r"«TABLE(?:\[[^»]*\])?»((?:(?!«TABLE).)*?)«/TABLE»",
            lambda m: table_to_md(m.group(1)),
            t,
            flags=re.S,
        )
        if new == t:
            break
        t = new
    t = re.sub(
        r"«CTR»\s*«SC»([^«]{2,80})«/SC»\s*«/CTR»",
        lambda m: f"«P»{H_MARK}{m.group(1).strip()}«P»",
        t,
    )
    return t


# --- articles ------------------------------------------------------------------------------


def paragraphs(text: str) -> list[str]:
    out = []
    for chunk in re.split(r"«P»|\n\n+", text):
        if chunk.startswith(H_MARK):
            out.append(chunk.strip())
            continue
        para = inline(chunk)
        para = re.sub(r"[ \t]+", " ", para)
        para = "\n".join(line.strip() for line in para.split("\n"))
        para = re.sub(r"\n{3,}", "\n\n", para).strip()
        # a paragraph glued to the next sentence by the source ("carved.In Romanesque")
        para = re.sub(r"([a-z][.;])([A-Z][a-z])", r"\1 \2", para)
        if para:
            out.append(para)
    return out


def blocks(paras: list[str]) -> list[tuple[str, str, str]]:
    """(section, sub-heading, paragraph) for every paragraph."""
    section, sub, out = "", "", []
    for p in paras:
        if p.startswith(H_MARK):
            section, sub = p.strip(H_MARK).strip().rstrip("."), ""
            continue
        m = re.search(SH_MARK + "(.*?)" + SH_MARK, p, re.S)
        if m:
            sub = m.group(1).replace("\n", " ").strip().rstrip(".")
            sub = re.sub(r"\s+", " ", sub)
            p = (p[: m.start()] + p[m.end() :]).strip()
            # a second shoulder note in the same paragraph: dropped, it sat in the margin
            p = re.sub(SH_MARK + ".*?" + SH_MARK, " ", p, flags=re.S)
            p = re.sub(r"\s{2,}", " ", p).strip()
            if not p:
                continue
        out.append((section, sub, p))
    return out


def split_long(p: str) -> list[str]:
    if len(p) <= PAGE_MAX:
        return [p]
    parts, cur = [], ""
    for sentence in re.split(r"(?<=[a-z0-9)”][.?!])\s+(?=[A-Z“(])", p):
        if cur and len(cur) + len(sentence) > PAGE_MAX - 600:
            parts.append(cur)
            cur = sentence
        else:
            cur = f"{cur} {sentence}".strip()
    if cur:
        parts.append(cur)
    return parts


def title_case(name: str) -> str:
    small = {"of", "and", "the", "in"}
    words = name.lower().split()
    return " ".join(
        w if (i and w in small) else w[:1].upper() + w[1:] for i, w in enumerate(words)
    ).replace("Bag-pipe", "Bag-Pipe")


def pages_for(name: str, text: str, cap: int | None) -> list[tuple[str, str, str]]:
    """[(relative path, page title, markdown)]."""
    article = title_case(name)
    bl = blocks(paragraphs(text))
    total = sum(len(p) for _, _, p in bl)
    if total <= SHORT_ARTICLE:
        body = "\n\n".join(p for _, _, p in bl)
        return [(f"{slug(name)}.md", article, f"# {article}\n\n{body}\n")]
    # group paragraphs into pages: a new page at every section, and at a sub-heading when the
    # page so far is long enough; never past PAGE_MAX unless one paragraph is longer.
    pages: list[dict] = []
    taken = 0
    for section, sub, p in bl:
        if cap is not None and taken > cap:
            break
        if re.match(r"(Fig\.|From |\(From )", p) and len(p) < 1500:
            continue  # a figure's caption, its figure dropped
        for piece in split_long(p):
            cur = pages[-1] if pages else None
            new = (
                cur is None
                or cur["section"] != section
                or (sub != cur["last_sub"] and cur["size"] >= PAGE_MIN)
                or cur["size"] + len(piece) > PAGE_MAX
            )
            if new:
                cur = {"section": section, "subs": [], "parts": [], "size": 0, "last_sub": None}
                pages.append(cur)
            if sub and sub != cur["last_sub"]:
                cur["parts"].append(f"## {sub}")
                cur["subs"].append(sub)
            cur["last_sub"] = sub
            cur["parts"].append(piece)
            cur["size"] += len(piece)
            taken += len(piece)
    out = []
    folder = slug(name)
    seen: dict[str, int] = {}
    for n, pg in enumerate(pages, 1):
        label = pg["section"] or ("Introduction" if n == 1 else "")
        if pg["subs"]:
            label = f"{label}: {pg['subs'][0]}" if label else pg["subs"][0]
            if len(pg["subs"]) > 1:
                label += f" to {pg['subs'][-1]}" if len(pg["subs"]) == 2 else ", and more"
        if not label:
            label = f"part {n}"
        seen[label] = seen.get(label, 0) + 1
        if seen[label] > 1:
            label = f"{label} ({seen[label]})"
        title = f"{article}: {label}"
        short = pg["subs"][0] if pg["subs"] else label
        short = re.sub(r"^[IVX]+\. ", "", short)
        path = f"{folder}/{n:02d}-{slug(short)[:48].rstrip('-')}.md"
        body = "\n\n".join(pg["parts"])
        out.append((path, title, f"# {title}\n\n{body}\n"))
    return out


def odo_text() -> str:
    raw = git("show", "HEAD:tests/snapshots/render/20-0023-odo-of-bayeux-ODO_OF_BAYEUX.html")
    body = raw[raw.find('<div class="body-text">') :]
    body = body[: body.find("</div>")]
    body = re.sub(r"<template.*?</template>|<sup.*?</sup>", "", body, flags=re.S)
    body = re.sub(r"<i>(.*?)</i>", r"«I»\1«/I»", body, flags=re.S)
    body = re.sub(r"</p>\s*<p[^>]*>", "«P»", body)
    body = re.sub(r"<[^>]+>", "", body)
    return "«B»ODO OF BAYEUX«/B» " + html.unescape(body).strip()


def first_sentence(md: str) -> str:
    text = "\n".join(line for line in md.split("\n")[1:] if not line.startswith(("#", "|")))
    text = re.sub(r"\*+", "", text).strip().replace("\n", " ")
    m = re.match(r"(.{40,}?[a-z0-9)”]{3}[.])\s+[A-Z“(]", text)
    sentence = m.group(1) if m else text
    sentence = sentence[:157].rstrip() + "…" if len(sentence) > 160 else sentence
    return sentence.replace("[", "(").replace("]", ")")


def main() -> None:
    listing = git("ls-tree", "--name-only", "HEAD", SNAP + "/").split()
    bodies = {}
    for path in listing:
        m = re.match(r".*/\d\d-\d{4}-[^-]+-(.+)\.body\.txt$", path)
        if m:
            bodies[m.group(1).replace("_", " ")] = path
    for child in OUT.iterdir():  # clear old pages, keep the hand-written files
        if child.name in {"_build", "questions.yaml", "SOURCES.md"}:
            continue
        shutil.rmtree(child) if child.is_dir() else child.unlink()
    index = [
        "# Encyclopaedia Britannica (1911): articles",
        "",
        "Articles from the eleventh edition, one page each for the short ones and one page per"
        " section for the long ones (a folder per article).",
        "",
    ]
    count = 0
    for name, cap in ARTICLES.items():
        text = (
            odo_text() if name == "ODO OF BAYEUX" else convert(git("show", f"HEAD:{bodies[name]}"))
        )
        pages = pages_for(name, text, cap)
        index += [f"## {title_case(name)}", ""]
        for path, title, md in pages:
            target = OUT / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(md, encoding="utf-8")
            index.append(f"- [{title}]({path}): {first_sentence(md)}")
            count += 1
        index.append("")
    (OUT / "index.md").write_text("\n".join(index), encoding="utf-8")
    print(f"{count} pages")


if __name__ == "__main__":
    main()

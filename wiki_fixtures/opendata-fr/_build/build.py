"""Build the `opendata-fr` fixture from two public French documentation repositories.

Usage: python3 build.py GUIDES_REPO DOC_REPO
  GUIDES_REPO: etalab/guides.etalab.gouv.fr (Licence Ouverte 2.0), read at GUIDES_COMMIT
  DOC_REPO:    etalab/doc.data.gouv.fr (MIT), read at DOC_COMMIT
Either may be a bare git directory or a work tree (everything is read with `git show` at the
pinned commit, and each page's date is its source file's last commit date at that commit).
Standard library only. It rewrites every page and index.md under the fixture folder;
SOURCES.md, LICENSE and questions.yaml are left alone.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent  # wiki_fixtures/opendata-fr
GUIDES_COMMIT = "57b72b126b0e10435f8a49440a190b598b0f88e9"
DOC_COMMIT = "1e1afbd5e690c4237bcf732947cdae30899f59ea"

# Guide folders of guides.etalab.gouv.fr, with the title the site's sidebar gives them.
GUIDES: dict[str, str] = {
    "qualite": "Préparer les données à l'ouverture et la circulation",
    "juridique": "Identifier les données à ouvrir",
    "data.gouv.fr": "Publier les données sur data.gouv.fr",
    "reutilisation": "Publier des réutilisations sur data.gouv.fr",
    "algorithmes": "Expliquer les algorithmes publics",
    "logiciels": "Ouvrir les codes sources",
    "producteurs-schemas": "Créer des schémas de données",
    "pseudonymisation": "Pseudonymiser des documents grâce à l'IA",
    "annotation": "Préparer et conduire une campagne d'annotation",
    "apis-geo": "Utiliser les API géographiques",
}
# doc.data.gouv.fr collections (folder without its leading underscore) and their titles.
DOC_SECTIONS: dict[str, str] = {
    "a-propos": "À propos",
    "gestion-du-compte": "Gestion du compte",
    "jeux-de-donnees": "Jeux de données",
    "organisations": "Organisations",
    "reutilisations-et-discussions": "Réutilisations et discussions",
    "moissonnage": "Moissonnage",
    "commande-publique": "Commande publique",
    "api": "API",
}
SPLIT_ABOVE = 6000  # a guide page longer than this is split into one page per `##` section
MIN_SECTION_CHARS = 350  # a shorter section stays with the one before it


def git(repo: Path, *args: str) -> str:
    out = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=True)
    return out.stdout.decode("utf-8")


def last_changed(repo: Path, commit: str, path: str) -> str:
    return git(repo, "log", "-1", "--format=%cs", commit, "--", path).strip()


def slugify(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    return "-".join(text.split("-")[:7]) or "section"


def split_frontmatter(text: str) -> tuple[dict[str, str], str]:
    fields: dict[str, str] = {}
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end != -1:
            for line in text[4:end].splitlines():
                key, sep, value = line.partition(":")
                if sep and key.strip() and not key.startswith(" "):
                    fields[key.strip()] = value.strip()
            text = text[end + 4 :].lstrip("\n")
    return fields, text


def yaml_str(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def tidy(text: str) -> str:
    text = "\n".join(line.rstrip() for line in text.splitlines())
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip() + "\n"


def clean_guide(text: str) -> str:
    """VuePress containers and components, rendered by the site, as a wiki keeps them."""
    out: list[str] = []
    in_code = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
            out.append(line)
            continue
        if in_code:
            out.append(line)
            continue
        container = re.match(r"^\s*:::\s*(\w+)?\s*(.*)$", line)
        if container:
            title = container.group(2).strip()
            if container.group(1) == "lexique" and title:
                title = "Lexique : " + title
            if title:
                out.append(f"**{title}**")
                out.append("")
            continue
        if re.match(r"^\s*<(CurrentGroupToc|PDFExports)\b.*$", line):
            continue
        button = re.match(r'^\s*<Button link="([^"]*)" text="([^"]*)"\s*/>\s*$', line)
        if button:
            out.append(f"[{button.group(2)}]({button.group(1)})")
            continue
        out.append(line)
    return "\n".join(out)


def clean_doc(text: str, repo: Path) -> str:
    """Jekyll tags of doc.data.gouv.fr: the "new documentation" banner, TOC markers, links."""
    text = re.sub(
        r"^# 💡 Une nouvelle documentation est disponible ! *\n+\[[^\n]*\]\([^\n]*\) *\n",
        "",
        text,
        flags=re.M,
    )
    text = re.sub(r"^\{:\.no_toc\}\n- TOC\n\{:toc\}\n", "", text, flags=re.M)
    text = text.replace("{{ site.baseurl }}", "")
    text = re.sub(r'\{% include alert\.html content="(.*?)" %\}', r"\1", text)
    text = re.sub(r"\{% link _([\w/-]+)\.md %\}", r"../\1.md", text)

    snippet_files = set(git(repo, "ls-tree", "-r", "--name-only", DOC_COMMIT, "snippets").split())

    def snippet(match: re.Match[str]) -> str:
        path = f"snippets/{match.group(1)}.curl.sh"
        if path not in snippet_files:
            return ""  # the site rendered nothing for a snippet it did not have either
        body = git(repo, "show", f"{DOC_COMMIT}:{path}").rstrip()
        return f"```shell\n{body}\n```"

    return re.sub(r"^\{% snippets ([\w/-]+) %\}$", snippet, text, flags=re.M)


def first_sentence(body: str) -> str:
    for para in re.split(r"\n\s*\n", body):
        para = para.strip()
        if not para or para.startswith(("#", "```", "|", "<", "!", "*", "-", "[")):
            continue
        para = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", " ".join(para.split()))
        para = para.replace("**", "")
        cut = re.search(r"(?<=[.!?])\s", para)
        return (para[: cut.start()] if cut else para)[:220].strip()
    return ""


def h1(body: str) -> str:
    """The first `#` heading as plain text (a link keeps its text: the index links to it)."""
    match = re.search(r"^#\s+(.+?)\s*$", body, flags=re.M)
    return plain(match.group(1)) if match else ""


def plain(heading: str) -> str:
    """A heading as a title: links as their text, no bold marks."""
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("**", "").strip()


def sections(body: str) -> list[tuple[str, str]]:
    """(heading, text) for the intro (heading "") and each `##` section, outside code."""
    parts: list[tuple[str, list[str]]] = [("", [])]
    in_code = False
    for line in body.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
        heading = None if in_code else re.match(r"^##\s+(.+?)\s*$", line)
        if heading:
            parts.append((plain(heading.group(1)), [line]))
        else:
            parts[-1][1].append(line)
    merged: list[tuple[str, str]] = []
    for heading, lines in parts:
        text = "\n".join(lines).strip()
        if merged and merged[-1][0] and len(text) < MIN_SECTION_CHARS:
            merged[-1] = (merged[-1][0], merged[-1][1] + "\n\n" + text)
        else:
            merged.append((heading, text))
    return merged


Page = tuple[str, str, str, str]  # (relative path, title, area heading, text)


def guide_pages(repo: Path) -> list[Page]:
    pages: list[Page] = []
    names = git(repo, "ls-tree", "-r", "--name-only", GUIDES_COMMIT).splitlines()
    for name in names:
        folder, _, filename = name.rpartition("/")
        if folder not in GUIDES or not filename.endswith(".md"):
            continue
        fields, body = split_frontmatter(git(repo, "show", f"{GUIDES_COMMIT}:{name}"))
        body = clean_guide(body)
        date = last_changed(repo, GUIDES_COMMIT, name)
        stem = re.sub(r"^\d+-", "", filename[:-3]).lower()
        stem = "introduction" if stem == "readme" else stem
        title = h1(body) or stem
        area = GUIDES[folder]
        base = f"guides/{folder.replace('.', '-')}"
        parts = sections(body) if len(body) > SPLIT_ABOVE else []
        if len(parts) < 3:
            front = f"---\ntitle: {yaml_str(title)}\nguide: {yaml_str(area)}\nlastmod: {date}\n---\n\n"
            pages.append((f"{base}/{stem}.md", title, area, front + tidy(body)))
            continue
        used: set[str] = set()
        for number, (heading, text) in enumerate(parts):
            if not heading:
                slug, page_title = "00-introduction", title
            else:
                slug = f"{number:02d}-{slugify(heading)}"
                page_title = f"{heading} ({title})"
                text = re.sub(r"^##\s+", "# ", text, count=1)
                text = re.sub(r"^(#+)#\s", r"\1 ", text, flags=re.M)  # ### -> ## and so on
            assert slug not in used
            used.add(slug)
            front = (
                f"---\ntitle: {yaml_str(page_title)}\nguide: {yaml_str(area)}\n"
                f"page: {yaml_str(title)}\nlastmod: {date}\n---\n\n"
            )
            pages.append((f"{base}/{stem}/{slug}.md", page_title, area, front + tidy(text)))
    return pages


def doc_pages(repo: Path) -> list[Page]:
    pages: list[Page] = []
    names = git(repo, "ls-tree", "-r", "--name-only", DOC_COMMIT, "articles").splitlines()
    for name in names:
        parts = name.split("/")
        if len(parts) != 3 or not parts[2].endswith(".md"):
            continue
        section = parts[1].lstrip("_")
        fields, body = split_frontmatter(git(repo, "show", f"{DOC_COMMIT}:{name}"))
        body = clean_doc(body, repo)
        title = fields.get("title", "").strip("'\"") or h1(body)
        date = last_changed(repo, DOC_COMMIT, name)
        front = f"---\ntitle: {yaml_str(title)}\nrubrique: {yaml_str(DOC_SECTIONS[section])}\n"
        if "order" in fields:
            front += f"order: {fields['order']}\n"
        front += f"updated: {date}\n---\n\n"
        rel = f"aide-datagouv/{section}/{parts[2]}"
        area = "Aide de data.gouv.fr — " + DOC_SECTIONS[section]
        pages.append((rel, title, area, front + tidy(body)))
    return pages


def write_index(pages: list[Page]) -> None:
    lines = [
        "# Wiki open data de l'équipe",
        "",
        "Nos pages sur l'ouverture des données publiques : les guides d'Etalab (découpés en une "
        "page par section quand ils sont longs) et l'aide de data.gouv.fr. Une ligne par page.",
    ]
    areas: dict[str, list[Page]] = {}
    for page in pages:
        areas.setdefault(page[2], []).append(page)
    for area, members in areas.items():
        lines += ["", f"## {area}", ""]
        for rel, title, _, text in sorted(members):
            _, body = split_frontmatter(text)
            body = re.sub(r"^#[^\n]*\n", "", body.lstrip(), count=1)
            summary = first_sentence(body)
            lines.append(f"- [{title}]({rel})" + (f" : {summary}" if summary else ""))
    (HERE / "index.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    guides_repo, doc_repo = Path(sys.argv[1]), Path(sys.argv[2])
    for folder in ("guides", "aide-datagouv"):
        shutil.rmtree(HERE / folder, ignore_errors=True)
    pages = guide_pages(guides_repo) + doc_pages(doc_repo)
    for rel, _, _, text in pages:
        target = HERE / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    write_index(pages)
    print(f"{len(pages)} pages")


if __name__ == "__main__":
    main()

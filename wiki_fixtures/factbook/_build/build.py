"""Build the `factbook` fixture wiki from an extracted copy of factbook/factbook.json.

Usage:
    git --git-dir=/path/to/factbook.json.git archive HEAD | tar -x -C /tmp/factbook
    python3 wiki_fixtures/factbook/_build/build.py /tmp/factbook [OUT_DIR]

OUT_DIR defaults to the fixture folder (the parent of this _build/ folder). Only the pages and
index.md are written; questions.yaml and SOURCES.md are written by hand and left alone.
Standard library only. The output is deterministic: every "random" choice (fact style, which
facts, frontmatter convention, dates) comes from a hash of the country's file code.

Each page opens with the Factbook's Introduction/Background text as written (its leading
paragraphs, cut at a sentence so the facts that follow stay inside the first ~1,400 characters
of the body), then a few facts in one of four styles a person might use (composed prose
sentences, `Key: value` lines, a small table, a bold-key list), then the rest of the background
and a few longer sections.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import sys
from pathlib import Path

# Factbook region folder -> (wiki folder, index heading)
REGIONS = {
    "europe": ("europe", "Europe"),
    "africa": ("africa", "Africa"),
    "middle-east": ("middle-east", "Middle East"),
    "central-asia": ("central-asia", "Central Asia and the Caucasus"),
    "south-asia": ("south-asia", "South Asia"),
    "east-n-southeast-asia": ("east-asia", "East and Southeast Asia"),
    "australia-oceania": ("oceania", "Australia and Oceania"),
    "north-america": ("north-america", "North America"),
    "central-america-n-caribbean": ("caribbean", "Central America and the Caribbean"),
    "south-america": ("south-america", "South America"),
    "antarctica": ("antarctica", "Antarctica"),
}

# Left out on purpose: each is a neighbour named on pages that ARE in the wiki (borders,
# backgrounds, locations), so questions about them are near-miss absent questions.
LEFT_OUT = {
    "europe/po.json",  # Portugal
    "europe/au.json",  # Austria
    "europe/no.json",  # Norway
    "europe/be.json",  # Belgium
    "europe/hu.json",  # Hungary
    "africa/ke.json",  # Kenya
    "africa/eg.json",  # Egypt
    "africa/gh.json",  # Ghana
    "south-america/pe.json",  # Peru
    "south-america/ci.json",  # Chile
    "south-asia/np.json",  # Nepal
    "east-n-southeast-asia/vm.json",  # Vietnam
    "middle-east/ir.json",  # Iran
    "australia-oceania/nz.json",  # New Zealand
}

# Tiny uninhabited or administrative entries a person's country notes would not hold.
SKIPPED = {
    "europe/ax.json",
    "europe/dx.json",
    "europe/jn.json",
    "europe/ee.json",  # European Union
    "australia-oceania/um.json",
    "australia-oceania/at.json",
    "australia-oceania/cr.json",
    "australia-oceania/wq.json",
    "central-america-n-caribbean/bq.json",
    "east-n-southeast-asia/pf.json",
    "east-n-southeast-asia/pg.json",
    "north-america/ip.json",
    "antarctica/hm.json",
    "antarctica/bv.json",
    "antarctica/fs.json",
    "south-america/sx.json",
    "south-asia/io.json",
}

NAME_FIX = {
    "central-america-n-caribbean/dr.json": "Dominican Republic",
    "europe/sv.json": "Svalbard",
    "africa/cg.json": "Democratic Republic of the Congo",
    "africa/cf.json": "Republic of the Congo",
    "central-america-n-caribbean/vq.json": "US Virgin Islands",
    "middle-east/gz.json": "Gaza Strip",
    "south-america/fk.json": "Falkland Islands",
}

LEAD_BUDGET = 1380  # the title, the background lead and the facts end before this many chars

# Frontmatter conventions, old dates included so some pages are stale on 2026-12-01.
FRESH_DATES = ["2026-06-18", "2026-07-30", "2026-08-12", "2026-09-03", "2026-10-21", "2026-11-09"]
OLD_DATES = ["2023-04-02", "2024-01-15", "2024-09-27", "2025-02-11", "2025-05-30"]


def h(code: str, salt: str) -> int:
    return int(hashlib.sha256(f"{salt}:{code}".encode()).hexdigest(), 16)


def clean(text: str) -> str:
    """HTML fragments of the Factbook as plain text: paragraphs kept, tags dropped."""
    text = re.sub(r"(?i)<br\s*/?>\s*<br\s*/?>|</p>\s*<p>|<p>|</p>", "\n\n", text)
    text = re.sub(r"(?i)<br\s*/?>", "\n\n", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = html.unescape(text).replace("\u00a0", " ")
    paras = [re.sub(r"[ \t]+", " ", p).strip() for p in text.split("\n\n")]
    return "\n\n".join(p for p in paras if p)


def field(node: object, *keys: str) -> str:
    """The text at a key path (keys matched ignoring surrounding spaces), '' when absent."""
    for key in keys:
        if not isinstance(node, dict):
            return ""
        match = next((v for k, v in node.items() if k.strip() == key), None)
        if match is None:
            return ""
        node = match
    if isinstance(node, dict):
        node = node.get("text", "")
    return clean(node) if isinstance(node, str) else ""


def first_of_series(node: object, prefix: str) -> str:
    """The newest entry of a year series such as 'Real GDP per capita 2024'."""
    if not isinstance(node, dict):
        return ""
    for key, value in node.items():
        if key.startswith(prefix) and isinstance(value, dict):
            return clean(value.get("text", ""))
    return field(node)


def short(text: str, limit: int) -> str:
    """Text up to `limit` chars, cut at a clause, with Factbook notes dropped."""
    text = re.split(r";?\s*note\b", text, maxsplit=1)[0].strip(" ;,")
    if len(text) <= limit:
        return text
    cut = text[:limit]
    for sep in ("; ", ", "):
        at = cut.rfind(sep)
        if at > limit // 3:
            return cut[:at]
    return cut.rsplit(" ", 1)[0]


def sentences_upto(text: str, limit: int) -> tuple[str, str]:
    """(lead, rest): whole paragraphs, then whole sentences, of `text` within `limit` chars."""
    paras = text.split("\n\n")
    lead: list[str] = []
    used = 0
    for i, para in enumerate(paras):
        if used + len(para) <= limit:
            lead.append(para)
            used += len(para) + 2
            continue
        if not lead or used < limit // 2:
            pieces = re.split(r"(?<=[.!?])\s+(?=[A-Z\"(])", para)
            taken: list[str] = []
            for piece in pieces:
                if used + len(piece) + 1 > limit:
                    break
                taken.append(piece)
                used += len(piece) + 1
            if taken:
                lead.append(" ".join(taken))
                rest_para = " ".join(pieces[len(taken) :])
                rest = [rest_para] + paras[i + 1 :] if rest_para else paras[i + 1 :]
                return "\n\n".join(lead), "\n\n".join(rest)
        return "\n\n".join(lead), "\n\n".join(paras[i:])
    return "\n\n".join(lead), ""


def slug(name: str) -> str:
    name = html.unescape(name)
    name = re.sub(r"[ôóò]", "o", name)
    name = re.sub(r"[éè]", "e", name)
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def country_name(rel: str, data: dict) -> str:
    if rel in NAME_FIX:
        return NAME_FIX[rel]
    gov = data.get("Government", {})
    name = field(gov, "Country name", "conventional short form")
    if not name or name.lower() == "none":
        name = field(gov, "Country name", "conventional long form")
    return name


def facts_of(data: dict) -> dict[str, str]:
    gov = data.get("Government", {})
    geo = data.get("Geography", {})
    ppl = data.get("People and Society", {})
    eco = data.get("Economy", {})
    executive = gov.get("Executive branch", {})
    currency = field(eco, "Exchange rates", "Currency")
    currency = re.sub(r"\s*per US dollar.*$", "", currency)
    facts = {
        "capital": short(field(gov, "Capital", "name"), 80),
        "population": short(field(ppl, "Population", "total") or field(ppl, "Population"), 60),
        "area": field(geo, "Area", "total"),
        "languages": short(field(ppl, "Languages", "Languages") or field(ppl, "Languages"), 150),
        "government": short(field(gov, "Government type"), 90),
        "independence": short(field(gov, "Independence"), 110),
        "holiday": short(field(gov, "National holiday"), 90),
        "chief of state": short(field(executive, "chief of state"), 130),
        "head of government": short(field(executive, "head of government"), 130),
        "gdp per capita": first_of_series(eco.get("Real GDP per capita"), "Real GDP per capita"),
        "currency": currency,
        "borders": short(field(geo, "Land boundaries", "border countries"), 170),
        "highest point": short(field(geo, "Elevation", "highest point"), 70),
        "internet code": field(data.get("Communications", {}), "Internet country code"),
        "religions": short(field(ppl, "Religions"), 120),
        "median age": field(ppl, "Median age", "total"),
    }
    return {k: v for k, v in facts.items() if v and v.lower() not in {"none", "na", "0 km"}}


KEY_LABELS = {
    "capital": "Capital",
    "population": "Population",
    "area": "Area",
    "languages": "Languages",
    "government": "Government",
    "independence": "Independence",
    "holiday": "National holiday",
    "chief of state": "Chief of state",
    "head of government": "Head of government",
    "gdp per capita": "GDP per capita (PPP)",
    "currency": "Currency",
    "borders": "Borders",
    "highest point": "Highest point",
    "internet code": "Internet TLD",
    "religions": "Religions",
    "median age": "Median age",
}


def prose_facts(name: str, f: dict[str, str]) -> str:
    out: list[str] = []
    if "capital" in f and "government" in f:
        out.append(f"{name} is a {f['government']} governed from {f['capital']}.")
    elif "capital" in f:
        out.append(f"The seat of government is {f['capital']}.")
    if "population" in f and "area" in f:
        out.append(f"It has about {f['population']} people on {f['area']}.")
    elif "population" in f:
        out.append(f"Population: roughly {f['population']}.")
    if "languages" in f:
        out.append(f"Languages spoken: {f['languages']}.")
    if "independence" in f:
        out.append(f"Independence dates from {f['independence']}.")
    if "chief of state" in f:
        out.append(f"Chief of state when these notes were written: {f['chief of state']}.")
    if "borders" in f:
        out.append(f"Land neighbours (with border lengths): {f['borders']}.")
    if "currency" in f:
        out.append(f"Money: {f['currency']}.")
    if "highest point" in f:
        out.append(f"Highest point: {f['highest point']}.")
    return " ".join(out)


def keyvalue_facts(f: dict[str, str]) -> str:
    return "\n".join(f"{KEY_LABELS[k]}: {v}" for k, v in f.items())


def table_facts(f: dict[str, str]) -> str:
    rows = ["| | |", "|---|---|"]
    rows += [f"| {KEY_LABELS[k]} | {v.replace('|', '/')} |" for k, v in f.items()]
    return "\n".join(rows)


def bullet_facts(f: dict[str, str]) -> str:
    return "\n".join(f"- **{KEY_LABELS[k]}:** {v}" for k, v in f.items())


STYLE_ORDER = ["prose", "keyvalue", "table", "bullets"]
FACT_SETS = [
    ["capital", "population", "area", "languages", "government", "independence"],
    ["capital", "government", "population", "languages", "chief of state", "currency"],
    ["capital", "area", "population", "independence", "holiday", "internet code"],
    ["capital", "population", "languages", "religions", "gdp per capita", "highest point"],
    ["capital", "government", "head of government", "population", "median age", "currency"],
]


def choose_facts(code: str, f: dict[str, str], force_borders: bool) -> dict[str, str]:
    keys = list(FACT_SETS[h(code, "set") % len(FACT_SETS)])
    if force_borders or h(code, "borders") % 4 == 0:
        keys.append("borders")
    return {k: f[k] for k in keys if k in f}


def frontmatter(code: str, name: str, region_tag: str) -> str:
    roll = h(code, "fm") % 20
    old = h(code, "old") % 6 == 0  # about one page in six carries an old date
    dates = OLD_DATES if old else FRESH_DATES
    date = dates[h(code, "date") % len(dates)]
    tag_slug = slug(name)
    if roll < 7:
        return f"---\ntitle: {name}\nupdated: {date}\ntags: [country, {region_tag}]\n---\n\n"
    if roll < 12:
        return (
            f"---\naliases: [{tag_slug}]\ndate_created: 2022-03-14\ndate_modified: {date}\n"
            f"tags:\n  - geography/{region_tag}\n  - factbook\n---\n\n"
        )
    if roll < 14:
        return f"---\nlast_updated: {date}\ncategory: {region_tag}\n---\n\n"
    if roll < 15:
        return f"---\ncreated: {OLD_DATES[h(code, 'c') % len(OLD_DATES)]}\ntags: country\n---\n\n"
    return ""  # about a quarter of the pages have no frontmatter at all


def longer_sections(data: dict, rest: str) -> str:
    geo = data.get("Geography", {})
    eco = data.get("Economy", {})
    ppl = data.get("People and Society", {})
    parts: list[str] = []
    if rest:
        parts.append("## More background\n\n" + rest)
    geo_lines = [
        f"- {label}: {short(field(geo, key), 300)}"
        for key, label in (("Location", "Location"), ("Climate", "Climate"), ("Terrain", "Terrain"))
        if field(geo, key)
    ]
    hazards = short(field(geo, "Natural hazards"), 200)
    if hazards:
        geo_lines.append(f"- Natural hazards: {hazards}")
    if geo_lines:
        parts.append("## Geography\n\n" + "\n".join(geo_lines))
    people = [
        f"- {label}: {short(field(ppl, key), 200)}"
        for key, label in (("Ethnic groups", "Ethnic groups"), ("Religions", "Religions"))
        if field(ppl, key)
    ]
    if people:
        parts.append("## People\n\n" + "\n".join(people))
    overview = field(eco, "Economic overview")
    if overview:
        lead, _ = sentences_upto(overview, 700)
        parts.append("## Economy\n\n" + (lead or short(overview, 700)))
    return "\n\n".join(parts)


def build_page(rel: str, data: dict, name: str, force_borders: bool) -> tuple[str, str]:
    code = rel
    region_tag = REGIONS[rel.split("/")[0]][0]
    background = field(data.get("Introduction", {}), "Background")
    facts = choose_facts(code, facts_of(data), force_borders)
    style = STYLE_ORDER[h(code, "style") % len(STYLE_ORDER)]
    if style == "prose":
        block = "## At a glance\n\n" + prose_facts(name, facts)
    elif style == "keyvalue":
        block = "## Quick facts\n\n" + keyvalue_facts(facts)
    elif style == "table":
        block = "## Facts\n\n" + table_facts(facts)
    else:
        block = "## Key facts\n\n" + bullet_facts(facts)
    title = f"# {name}\n\n"
    budget = LEAD_BUDGET - len(title) - len(block) - 4
    lead, rest = sentences_upto(background, max(budget, 300))
    body = title + lead + "\n\n" + block + "\n\n" + longer_sections(data, rest)
    description = index_line(code, data, facts)
    return frontmatter(code, name, region_tag) + body.rstrip() + "\n", description


def index_line(code: str, data: dict, facts: dict[str, str]) -> str:
    location = short(field(data.get("Geography", {}), "Location"), 110)
    kind = h(code, "index") % 3
    if kind == 0 and location:
        return location
    if kind == 1 and "government" in facts:
        return facts["government"]
    return location.split(",")[0] if location else facts.get("government", "")


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    src = Path(argv[1])
    out = Path(argv[2]) if len(argv) > 2 else Path(__file__).resolve().parent.parent
    entries: list[tuple[str, str, dict]] = []
    for region in REGIONS:
        for path in sorted((src / region).glob("*.json")):
            rel = f"{region}/{path.name}"
            if rel in LEFT_OUT or rel in SKIPPED:
                continue
            data = json.loads(path.read_text(encoding="utf-8"))
            if not field(data.get("Introduction", {}), "Background"):
                continue
            entries.append((rel, country_name(rel, data), data))
    left_out_names = set()
    for rel in LEFT_OUT:
        data = json.loads((src / rel).read_text(encoding="utf-8"))
        left_out_names.add(country_name(rel, data))
    for folder, _ in REGIONS.values():
        for old in (out / folder).glob("*.md") if (out / folder).is_dir() else []:
            old.unlink()
    sections: dict[str, list[str]] = {}
    for rel, name, data in entries:
        borders = field(data.get("Geography", {}), "Land boundaries", "border countries")
        force = any(left in borders for left in left_out_names)
        text, description = build_page(rel, data, name, force)
        folder, heading = REGIONS[rel.split("/")[0]]
        page = f"{folder}/{slug(name)}.md"
        (out / folder).mkdir(parents=True, exist_ok=True)
        (out / page).write_text(text, encoding="utf-8")
        line = f"- [{name}]({page})" + (f": {description}" if description else "")
        sections.setdefault(heading, []).append(line)
    index = [
        "# Country notes",
        "",
        "My notes on the world's countries and territories, one page each, mostly copied from",
        "the CIA World Factbook (see [sources](SOURCES.md)). Grouped by region.",
        "",
    ]
    for _, heading in REGIONS.values():
        if heading in sections:
            index += [f"## {heading}", "", *sorted(sections[heading]), ""]
    (out / "index.md").write_text("\n".join(index), encoding="utf-8")
    print(f"{sum(len(v) for v in sections.values())} pages written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

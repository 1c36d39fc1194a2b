#!/usr/bin/env python3
"""Build the `vault` fixture: an Obsidian-style vault of Lantern Row Advisory, an invented
consultancy that advises specialty coffee roasters and café operators.

Stdlib only. Run from anywhere:  python3 wiki_fixtures/vault/_build/build.py

- Hand-written key pages live in _build/pages/<vault path>.txt and are copied verbatim
  (they win over any generated page of the same path).
- Everything else is generated from the data tables below with several templates per
  folder (different "authors" write differently: frontmatter keys, date formats, tags).
- index.md is written last: a map of content with headings, mixing wikilinks and markdown
  links; like real indexes it does not list every page (templates, most of archive/, older
  daily notes are left out).

Output is deterministic (fixed random seed).
"""

from __future__ import annotations

import datetime as dt
import os
import random
import shutil
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
VAULT = HERE.parent
PAGES = HERE / "pages"
KEEP = {"questions.yaml", "SOURCES.md"}

R = random.Random(20261201)
WRITTEN: dict[str, str] = {}


def write(path: str, text: str) -> None:
    WRITTEN[path] = text.rstrip() + "\n"


def day(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def linter_date(d: dt.date, hour: int, minute: int, second: int) -> str:
    """Obsidian Linter's default: 'Wednesday, March 4th 2026, 10:12:31 am'."""
    h12 = hour % 12 or 12
    ampm = "am" if hour < 12 else "pm"
    return f"{d.strftime('%A')}, {d.strftime('%B')} {ordinal(d.day)} {d.year}, {h12}:{minute:02d}:{second:02d} {ampm}"


def long_date(d: dt.date) -> str:
    return f"{d.strftime('%B')} {d.day}, {d.year}"


def rand_time() -> tuple[int, int, int]:
    return R.randint(8, 18), R.randint(0, 59), R.randint(0, 59)


def fm(lines: list[str]) -> str:
    return "---\n" + "\n".join(lines) + "\n---\n"


# --- data tables -------------------------------------------------------------------------

STAFF = [
    # name, role, slug-ish initials
    ("Mara Quint", "Managing partner"),
    ("Teodor Vance", "Partner, green coffee"),
    ("Inés Calderón", "Partner, roast quality"),
    ("Gideon Marsh", "Partner, café openings"),
    ("Priya Okafor", "Senior consultant"),
    ("Ahmed Siddiqui", "Consultant"),
    ("Rosalind Achebe", "Consultant"),
    ("Kit Laurensen", "Consultant"),
    ("Noor Haddad", "Consultant"),
    ("Jonah Bells", "Analyst"),
    ("Sam Whitcombe", "Operations manager"),
]
PARTNERS = ["Mara Quint", "Teodor Vance", "Inés Calderón", "Gideon Marsh"]
CONSULTANTS = ["Priya Okafor", "Ahmed Siddiqui", "Rosalind Achebe", "Kit Laurensen", "Noor Haddad"]

# slug, name, city, tier, partner, consultant, contact, contact role, roaster, since, handwritten?
CLIENTS = [
    ("copperline", "Copperline Roasters", "Burlington, VT", "Growth", "Mara Quint", "Priya Okafor", "Lucía Brandt", "COO", "Loring S35", "2025-03", True),
    ("tall-pine", "Tall Pine Coffee", "Bend, OR", "Project", "Teodor Vance", "Priya Okafor", "Russ Kettering", "owner", "Diedrich IR-5", "2025-01", True),
    ("magpie-ember", "Magpie & Ember", "Asheville, NC", "Pilot", "Gideon Marsh", "Rosalind Achebe", "Hollis Greer", "co-owner", "Diedrich IR-12", "2024-11", True),
    ("northgate", "Northgate Roastery", "Toronto, ON", "Multi-site", "Teodor Vance", "Ahmed Siddiqui", "Colette Marchand", "VP Operations", "Probat P25", "2024-10", True),
    ("saltbox", "Saltbox Coffee Co.", "Halifax, NS", "Growth", "Mara Quint", "Kit Laurensen", "Bram Osei", "counsel", "Giesen W30", "2025-06", True),
    ("juniper-street", "Juniper Street Roasters", "Providence, RI", "Growth", "Gideon Marsh", "Noor Haddad", "Wendell Aho", "owner", "San Franciscan SF-25", "2024-05", True),
    ("oxbow", "Oxbow Coffee Works", "Minneapolis, MN", "Audit", "Inés Calderón", "Kit Laurensen", "Signe Lund", "head roaster", "Loring S15", "2026-02", True),
    ("blue-heron", "Blue Heron Roasting", "St. Petersburg, FL", "Pilot", "Gideon Marsh", "Ahmed Siddiqui", "Marisol Ortega", "GM", "US Roaster Corp 12", "2024-02", True),
    ("ridgeback", "Ridgeback Coffee", "Boulder, CO", "Growth", "Teodor Vance", "Noor Haddad", "Tomasz Wyrick", "co-founder", "Probat P12", "2025-05", True),
    ("fennel-hill", "Fennel Hill Coffee", "Chapel Hill, NC", "Audit", "Inés Calderón", "Rosalind Achebe", "June Abernathy", "owner", "Giesen W15", "2026-11", True),
    ("ember-oak", "Ember & Oak Coffee", "Portsmouth, NH", "Pilot", "Mara Quint", "Kit Laurensen", "Benedikt Sauer", "owner", "Toper TKMX 15", "2025-02", False),
    ("quarry-hill", "Quarry Hill Roasting", "Montpelier, VT", "Growth", "Inés Calderón", "Noor Haddad", "Aurelia Finch", "co-founder", "Loring S15", "2024-09", False),
    ("low-tide", "Low Tide Coffee", "Wilmington, NC", "Pilot", "Gideon Marsh", "Rosalind Achebe", "Desmond Pryor", "owner", "Mill City 10", "2025-08", False),
    ("foxglove", "Foxglove Roasters", "Madison, WI", "Growth", "Teodor Vance", "Priya Okafor", "Hanne Vogel", "general manager", "Probat P12", "2024-12", False),
    ("granite-state", "Granite State Coffee", "Concord, NH", "Pilot", "Mara Quint", "Ahmed Siddiqui", "Curtis Lamoureux", "owner", "Diedrich CR-25", "2025-10", False),
    ("two-rivers", "Two Rivers Roastery", "Pittsburgh, PA", "Growth", "Gideon Marsh", "Kit Laurensen", "Yolanda Brisco", "COO", "Loring S35", "2024-07", False),
    ("sable-sons", "Sable & Sons", "Detroit, MI", "Pilot", "Inés Calderón", "Noor Haddad", "Terrence Sable", "owner", "Probat L12", "2025-11", False),
    ("wildflower", "Wildflower Café Group", "Austin, TX", "Multi-site", "Gideon Marsh", "Priya Okafor", "Rafaela Quintero", "CEO", "Loring S70", "2024-04", False),
    ("dockside", "Dockside Coffee", "Baltimore, MD", "Growth", "Mara Quint", "Rosalind Achebe", "Leon Marchetti", "operations lead", "Giesen W15", "2025-04", False),
    ("hearthstone", "Hearthstone Roasters", "Ithaca, NY", "Pilot", "Teodor Vance", "Kit Laurensen", "Elspeth Rowan", "owner", "San Franciscan SF-6", "2026-01", False),
    ("bramble", "Bramble Coffee Co.", "Savannah, GA", "Growth", "Gideon Marsh", "Ahmed Siddiqui", "Odell Pruitt", "co-owner", "Diedrich IR-12", "2025-07", False),
    ("arctic-tern", "Arctic Tern Coffee", "Anchorage, AK", "Pilot", "Teodor Vance", "Noor Haddad", "Karin Solberg", "owner", "Toper TKMX 30", "2026-03", False),
    ("mesa-roja", "Mesa Roja Coffee", "Albuquerque, NM", "Audit", "Inés Calderón", "Rosalind Achebe", "Ignacio Baca", "head roaster", "Mill City 25", "2026-05", False),
    ("cedar-loop", "Cedar Loop Roasters", "Spokane, WA", "Growth", "Mara Quint", "Priya Okafor", "Maren Tveit", "owner", "Loring S15", "2025-09", False),
    ("pharos", "Pharos Coffee Bar", "Chicago, IL", "Multi-site", "Gideon Marsh", "Kit Laurensen", "Stavros Lekkas", "founder", "Probat P25", "2024-08", False),
]
TIER_FEE = {"Pilot": "$2,900 per month", "Growth": "$5,400 per month", "Multi-site": "$8,750 per month",
            "Audit": "Health Check, $9,800 fixed", "Project": "fixed-fee project"}

MEETING_KINDS = [
    "Green buying check-in", "Roast profile audit", "Wholesale pricing review", "Café launch planning",
    "Quarterly review", "Cupping review", "Inventory and COGS", "Staffing and training",
    "Packaging review", "Subscription review", "Monthly call", "Site visit",
]
ORIGINS = ["Ethiopia Guji", "Ethiopia Sidama", "Colombia Huila", "Guatemala Huehuetenango", "Kenya Nyeri",
           "Brazil Mogiana", "Peru Cajamarca", "Honduras Marcala", "Rwanda Nyamasheke", "Costa Rica Tarrazú",
           "Mexico Chiapas", "Burundi Kayanza", "El Salvador Santa Ana"]
IMPORTERS = ["Meridian Green Co.", "Atlas Cherry Imports", "Longshore Coffee Trading", "Pinecrest Importers",
             "Solano Green", "Cafe Puente Imports"]
DELIVERABLES = ["Margin model", "Wholesale price list review", "Green buying calendar", "Roast log audit",
                "Café P&L model", "Labour schedule", "Packaging spec", "Subscription churn analysis",
                "Health Check report", "Opening checklist"]

COMPETITORS = [
    # name, kind, city, note, price line, funding line
    ("RoastOps", "software", "Austin", "roast logging and QC software", "$45 per seat per month; $399/month site licence", "Series A $11M (2023)"),
    ("Kiln Partners", "consulting", "Chicago", "café-chain operations consultancy", "day rate $1,950; retainers from $4,000/month", "bootstrapped"),
    ("Third Wave Analytics", "software", "Portland, OR", "wholesale ordering portal for roasters", "$0.9% of order value, minimum $99/month", "seed $2.4M (2024)"),
    ("Greenroom Advisory", "consulting", "Brooklyn", "green coffee sourcing advisory", "sourcing fee 4% of contract value", "bootstrapped"),
    ("Barrow & Bell", "consulting", "Nashville", "café design and openings", "opening packages $18,000–$30,000", "owned by a design firm"),
    ("Cuptrace", "software", "Oakland", "traceability and QR-code origin stories", "$59/month per SKU group", "seed $1.8M (2025)"),
    ("Filterline", "software", "Toronto", "café scheduling and tips", "$6 per employee per month", "Series A $7M (2025)"),
    ("Drum & Chaff", "consulting", "Denver", "roastery build-outs and permitting", "project fees $15,000+", "bootstrapped"),
    ("PourMetric", "software", "Boston", "café sales analytics", "$89 per location per month", "Series A $5M (2024)"),
    ("Harbor Roast Co-op Services", "consulting", "Baltimore", "shared services for co-op roasters", "membership $1,200/year", "cooperative"),
    ("Greenbook", "software", "Seattle", "green coffee inventory and contracts", "$99/month up to 3 users", "seed $3M (2024)"),
    ("Slate Street Consulting", "consulting", "Philadelphia", "restaurant and café finance", "day rate $1,700", "bootstrapped"),
    ("BatchBrew", "software", "Minneapolis", "production planning for roasters", "$149/month flat", "acquired by RoastOps (2026)"),
    ("Sipwell", "software", "Vancouver", "café loyalty and subscriptions", "2.5% of subscription revenue", "Series A $9.5M (2025)"),
    ("Copper Kettle Partners", "consulting", "Atlanta", "hospitality turnarounds", "retainers from $6,000/month", "private"),
    ("Terroir Data", "software", "San Francisco", "origin price benchmarks", "$2,400 per year", "seed $4.1M (2023)"),
    ("Ashgrove Roasting Advisors", "consulting", "Vermont", "one-person roasting consultancy", "day rate $1,200", "sole proprietor"),
    ("Tamper", "software", "New York", "barista training videos", "$12 per trainee per month", "Series A $6M (2024)"),
    ("Wholesale Hub", "software", "Chicago", "B2B ordering for small food brands", "$199/month", "Series B $22M (2025)"),
    ("Meridian Roastworks Consulting", "consulting", "San Diego", "roaster equipment sales and setup", "free with equipment purchase", "equipment dealer"),
]

MARKETS = [
    # title, scope, size2025, growth, f2030, f2035 (None = not covered)
    ("US café chains (2–25 sites)", "small café chains in the US", "$21.6B", "5.1%", "$27.7B", None),
    ("Coffee subscriptions US", "online roasted-coffee subscriptions", "$1.9B", "10.8%", "$3.2B", "$5.2B"),
    ("Green coffee imports (specialty)", "specialty-grade green coffee imported into the US", "$2.8B", "4.2%", "$3.4B", "$4.2B"),
    ("Ready-to-drink cold brew", "packaged cold brew, independent brands", "$0.9B", "12.4%", "$1.6B", None),
    ("Roasting equipment", "commercial roasters under 120 kg", "$640M", "5.5%", "$840M", "$1.1B"),
    ("Café POS and payments", "POS systems sold to independent cafés", "$1.2B", "7.9%", "$1.8B", "$2.6B"),
    ("Specialty coffee UK", "UK specialty roasters and cafés", "£1.4B", "6.1%", "£1.9B", None),
    ("Coffee training and education", "barista and roaster training", "$180M", "6.0%", "$240M", "$320M"),
    ("Decaf and low-caffeine", "specialty decaf", "$510M", "8.8%", "$780M", "$1.2B"),
    ("Compostable packaging", "compostable coffee bags", "$230M", "14.0%", "$440M", None),
    ("Northeast US roasters", "roasters in New England and New York", "$1.1B", "6.4%", "$1.5B", "$2.0B"),
    ("Pacific Northwest roasters", "roasters in WA and OR", "$0.95B", "5.2%", "$1.2B", "$1.6B"),
    ("Southeast US roasters", "roasters from VA to FL", "$0.8B", "7.6%", "$1.15B", "$1.65B"),
    ("Midwest roasters", "roasters in the Midwest", "$0.7B", "5.8%", "$0.93B", None),
    ("Office coffee (specialty)", "specialty office coffee programs", "$0.6B", "4.0%", "$0.73B", "$0.89B"),
    ("Hotel and hospitality coffee", "specialty coffee sold to hotels", "$0.45B", "5.0%", "$0.57B", None),
    ("Espresso machines (commercial)", "commercial espresso machines, US", "$1.3B", "4.5%", "$1.6B", "$2.0B"),
    ("Coffee grinders (commercial)", "commercial grinders, US", "$0.38B", "6.2%", "$0.51B", None),
    ("Café franchising", "specialty café franchises", "$3.4B", "6.9%", "$4.7B", "$6.6B"),
    ("Mexico specialty market", "domestic specialty consumption in Mexico", "MX$9.8B", "9.1%", "MX$15.1B", None),
    ("Roaster-retailers Canada", "Canadian roaster-retailers", "C$0.9B", "6.0%", "C$1.2B", "C$1.6B"),
    ("Plant-based milks in cafés", "oat and other plant milks bought by cafés", "$1.5B", "9.5%", "$2.4B", None),
    ("Coffee e-commerce platforms", "storefront software for roasters", "$150M", "13.0%", "$280M", "$510M"),
    ("Single-serve specialty capsules", "specialty capsules and pods", "$0.7B", "7.0%", "$0.98B", None),
    ("Cascara and by-products", "cascara and coffee-cherry products", "$45M", "15.0%", "$90M", None),
    ("Wholesale coffee to grocery", "independent roasters' grocery sales", "$2.2B", "3.9%", "$2.7B", "$3.2B"),
    ("Drive-thru coffee kiosks", "independent drive-thru coffee", "$4.1B", "8.2%", "$6.1B", None),
]

MEMO_TOPICS = [
    ("Raising our day rate", "day rate"), ("Should we build a Cupboard café module", "Cupboard"),
    ("Dropping the Slack Connect channels", "client communication"), ("Q3 utilisation", "utilisation"),
    ("Office lease options", "office"), ("Conference budget", "events"), ("Partner compensation review", "partners"),
    ("Health Check scope changes", "audits"), ("Canada expansion", "growth"), ("Cupboard support hours", "Cupboard"),
    ("Client gifts policy", "policy"), ("Intern programme", "hiring"), ("Second cupping lab", "lab"),
    ("Insurance renewal", "admin"), ("Working with importers", "green coffee"), ("Sabbatical policy", "policy"),
    ("Case study approvals", "marketing"), ("Newsletter relaunch", "marketing"), ("Pricing for co-ops", "pricing"),
    ("AI notetakers in client meetings", "policy"), ("Holiday schedule", "admin"), ("Write-off of Juniper invoices", "finance"),
    ("Origin trip budget", "green coffee"), ("Training budget", "people"), ("Partner track criteria", "people"),
]

SOP_TOPICS = [
    "Health Check fieldwork", "Writing a proposal", "Closing an engagement", "Roast log review",
    "Green sample intake", "Running the pipeline meeting", "Month-end close", "Handling a client complaint",
    "Publishing a case study", "Cupboard onboarding", "Booking client travel", "Lab cleaning",
    "Data retention", "Offboarding a team member",
]

GLOSSARY_TERMS = [
    ("Development time", "the time from first crack to the end of the roast"),
    ("First crack", "the audible popping as moisture escapes, roughly 196 °C bean temperature"),
    ("Charge temperature", "drum temperature when green coffee goes in"),
    ("Rate of rise", "how fast bean temperature climbs, in degrees per minute"),
    ("Quakers", "unripe beans that stay pale after roasting"),
    ("Washed process", "fruit removed and beans fermented and washed before drying"),
    ("Natural process", "cherries dried whole, fruit on"),
    ("Honey process", "skin removed, some mucilage left on while drying"),
    ("Container", "a 20-foot container, about 320 bags of 60–69 kg"),
    ("Spot coffee", "green coffee already landed in a US warehouse"),
    ("Forward contract", "an agreement to buy a lot at a set price for later shipment"),
    ("Price-to-be-fixed", "a contract whose price is set against the C later"),
    ("Cupping score", "SCA 100-point score; 80+ is specialty"),
    ("Extraction yield", "share of the dry coffee dissolved into the brew"),
    ("TDS", "total dissolved solids, measured with a refractometer"),
    ("Par level", "the stock level that triggers reordering"),
    ("COGS", "cost of goods sold"),
    ("Prime cost", "COGS plus labour; cafés aim for under 60% of sales"),
    ("Covers", "customers served; in cafés, transactions"),
    ("Ticket average", "average sale per transaction"),
    ("Wholesale drop", "one delivery to one account"),
    ("MOQ", "minimum order quantity"),
    ("One-way valve", "the degassing valve on a coffee bag"),
    ("Nitrogen flush", "replacing oxygen in a bag before sealing"),
    ("Afterburner", "emissions control that burns off roasting smoke"),
    ("Chaff", "the papery skin released in roasting"),
    ("Blend", "more than one origin roasted or mixed together"),
    ("Single origin", "coffee from one farm, region or country"),
    ("Micro-lot", "a small, separately processed lot"),
    ("Direct trade", "buying from producers without an exporter's brokerage"),
]

NEWS_EVENTS_2025 = [
    ("2025-01-22", "Tariff review on Brazilian imports", "trade", "US trade officials opened a review of tariffs on Brazilian agricultural goods; green coffee was left out of the first list."),
    ("2025-02-11", "RoastOps ships roast comparison", "competitors", "RoastOps released side-by-side roast curve comparison for Pro customers."),
    ("2025-03-03", "SCA Expo dates announced", "events", "The SCA announced its Expo for April in Houston."),
    ("2025-04-16", "C-price hits a record", "green-coffee", "Arabica futures closed above $4.20 per pound for the first time."),
    ("2025-05-08", "Filterline raises Series A", "competitors", "Filterline raised a $7M Series A for café scheduling."),
    ("2025-06-19", "Kenya auction results", "green-coffee", "Nairobi auction averages rose 18% on the year for AA lots."),
    ("2025-07-09", "BeanLedger Series A", "competitors", "BeanLedger closed a $6.5M Series A."),
    ("2025-08-27", "Compostable bag rules in California", "regulation", "California published labelling rules for compostable packaging."),
    ("2025-10-02", "Sipwell Series A", "competitors", "Sipwell raised $9.5M for café subscriptions."),
    ("2025-11-13", "Wholesale Hub raises Series B", "competitors", "Wholesale Hub raised a $22M Series B."),
    ("2025-12-04", "Roaster emissions permit changes", "regulation", "Several air districts tightened afterburner requirements for roasters over 15 kg."),
]
NEWS_EVENTS_2026 = [
    ("2026-01-15", "RoastOps acquires BatchBrew", "competitors", "RoastOps bought BatchBrew, the production-planning tool, for an undisclosed sum."),
    ("2026-02-04", "Minimum wage increases", "regulation", "Twelve states raised the minimum wage on January 1; Maine's is now $15.10."),
    ("2026-02-26", "Ethiopia export rule change", "green-coffee", "Ethiopia changed export contract registration rules, delaying some early shipments."),
    ("2026-03-19", "Crema Cloud price change", "competitors", "Crema Cloud raised its Pro plan price for new customers."),
    ("2026-04-09", "SCA Expo recap", "events", "Notes from the SCA Expo in Houston."),
    ("2026-05-21", "Oat milk price rises", "suppliers", "Two big oat milk brands raised café case prices by about 9%."),
    ("2026-06-11", "Freight rates ease", "green-coffee", "Container freight rates from East Africa to the US East Coast fell for a third month."),
    ("2026-07-02", "C-price July peak", "green-coffee", "Arabica futures peaked at $3.96 per pound."),
    ("2026-08-13", "Saltbox sale reported", "clients", "Local press reported that Saltbox Coffee Co. is in talks to sell to a grocery chain."),
    ("2026-09-03", "Tamper pivots to roasters", "competitors", "Tamper added roaster training courses."),
    ("2026-09-24", "Greenbook price cut", "competitors", "Greenbook cut its entry plan to $79 a month."),
    ("2026-10-29", "Maine roaster closures", "market", "Two small Maine roasters closed, citing green costs."),
]


# --- templates: client pages ---------------------------------------------------------------

def client_overview(c: tuple) -> str:
    slug, name, city, tier, partner, consultant, contact, role, roaster, since, _ = c
    style = R.randrange(3)
    d = dt.date(2026, R.randint(1, 11), R.randint(1, 28))
    if style == 0:
        head = fm([f"title: {name}", "type: client", "status: active", f"updated: {d.isoformat()}", "tags: [client]"])
        body = (f"# {name}\n\n{city}. Client since {since}.\n\n"
                f"| | |\n|---|---|\n| Engagement | {tier}: {TIER_FEE[tier]} |\n| Partner | [[{partner}]] |\n"
                f"| Consultant | [[{consultant}]] |\n| Contact | {contact} ({role}) |\n| Roaster | {roaster} |\n")
    elif style == 1:
        head = fm([f"aliases: [{name.split()[0]}]", f"last_updated: \"{d.isoformat()}\"", "tags: client, account"])
        body = (f"# {name}\n\nA {R.choice(['small', 'growing', 'well-run', 'family-owned'])} roaster in {city}. "
                f"We have worked with them since {since} on a {tier} engagement ({TIER_FEE[tier]}).\n\n"
                f"- Partner of record: [[{partner}]]\n- Day to day: [[{consultant}]]\n- Their side: {contact}, {role}\n"
                f"- Equipment: {roaster}\n\nstatus:: active\n")
    else:
        head = fm([f"modified: {d.isoformat()}T{R.randint(8,18):02d}:{R.randint(0,59):02d}:00-05:00", "type: client",
                   "categories: [Clients]"])
        body = (f"# {name}\n\n**Where:** {city}  \n**Since:** {since}  \n**Engagement:** {tier} — {TIER_FEE[tier]}\n\n"
                f"> [!info] People\n> {contact} ({role}) on their side; [[{partner}]] and [[{consultant}]] on ours.\n\n"
                f"Roasting on a {roaster}.\n")
    return head + body


# Clients whose notes stop early (Saltbox paused in August 2026; Oxbow's audit ended).
LAST_MEETING = {"saltbox": dt.date(2026, 7, 31), "oxbow": dt.date(2026, 6, 30)}


def meeting_dates(since: str, n: int, slug: str = "") -> list[dt.date]:
    start = dt.date.fromisoformat(since + "-01")
    end = LAST_MEETING.get(slug, dt.date(2026, 11, 27))
    span = (end - start).days
    days = sorted({start + dt.timedelta(days=R.randint(0, max(span, 1))) for _ in range(n)})
    return [d for d in days if d.weekday() < 5] or [start]


def meeting_body(kind: str, c: tuple) -> list[str]:
    slug, name, city, tier, partner, consultant, contact, role, roaster, since, _ = c
    o = R.choice(ORIGINS)
    imp = R.choice(IMPORTERS)
    if kind == "Green buying check-in":
        return [f"Reviewed open contracts with {imp}.", f"{o}: {R.randint(8, 60)} bags at ${R.randint(380, 690)/100:.2f}/lb FOB, shipping {R.choice(['May', 'June', 'August', 'October'])}.",
                f"Spot stock covers about {R.randint(4, 14)} weeks.", "Decided to cup three more offers before committing."]
    if kind == "Roast profile audit":
        return [f"Watched {R.randint(4, 9)} batches on the {roaster}.", f"Development time ratio averaged {R.randint(14, 24)}%.",
                f"Shrink on the house blend: {R.randint(140, 195)/10:.1f}%.", "Charge temperature varies too much between first and later batches."]
    if kind == "Wholesale pricing review":
        return [f"{R.randint(12, 90)} active wholesale accounts; top 10 are {R.randint(45, 75)}% of volume.",
                f"Blended wholesale margin {R.randint(24, 39)}%.", "Agreed to move small accounts to a minimum drop size.",
                "Price list to be reissued next quarter."]
    if kind == "Café launch planning":
        return [f"Site: {R.choice(['corner unit', 'former bank', 'ground floor of an office block', 'strip-mall end unit'])}.",
                f"Fit-out budget ${R.randint(180, 420)},000; opening target {R.choice(['spring', 'summer', 'autumn'])}.",
                f"Seats: {R.randint(18, 60)}.", "Permits are the critical path."]
    if kind == "Quarterly review":
        return [f"Revenue up {R.randint(-4, 22)}% on the year.", f"Café transactions per day: {R.randint(180, 640)}.",
                f"Wholesale volume: {R.randint(1200, 9000):,} lb a month.", "Next quarter: focus on labour cost."]
    if kind == "Cupping review":
        return [f"Cupped {R.randint(6, 14)} samples blind.", f"Best: {o}, {R.randint(845, 885)/10:.1f} points.",
                f"Their house blend scored {R.randint(800, 840)/10:.1f}.", "Two samples showed baked notes."]
    if kind == "Inventory and COGS":
        return [f"COGS running at {R.randint(26, 38)}% of sales.", f"Green on hand: {R.randint(40, 320)} bags.",
                f"Bag stock: {R.randint(2, 12)} weeks.", "Count discrepancies traced to unlogged sample roasts."]
    if kind == "Staffing and training":
        return [f"{R.randint(6, 40)} baristas across sites; turnover {R.randint(40, 110)}% a year.",
                f"Training hours per new hire: {R.randint(8, 30)}.", "Agreed a three-step barista ladder."]
    if kind == "Packaging review":
        return [f"Current bag: {R.choice(['foil, 12 oz', 'kraft with valve', 'compostable, 10 oz', 'tin tie'])}.",
                f"Unit cost ${R.randint(18, 62)/100:.2f}; MOQ {R.randint(2, 10)},000.", "Label redesign quoted separately."]
    if kind == "Subscription review":
        return [f"{R.randint(150, 2400):,} subscribers; monthly churn {R.randint(3, 11)}%.",
                f"Average order ${R.randint(18, 34)}.", "Pause button reduced cancellations."]
    if kind == "Site visit":
        return [f"Toured the roastery and {R.randint(1, 4)} cafés.", "Roastery floor is crowded; green stored next to the afterburner.",
                "Espresso dialled-in well at two of the sites."]
    return [f"Usual monthly call with {contact}.", R.choice(["Nothing urgent.", "Mostly about hiring.", "They want a price list refresh.", "Cash is tight this month."]),
            f"Next call in {R.choice(['four', 'five', 'six'])} weeks."]


def client_meeting(c: tuple, d: dt.date, kind: str) -> str:
    slug, name, city, tier, partner, consultant, contact, role, roaster, since, _ = c
    notes = meeting_body(kind, c)
    author = R.randrange(4)
    tasks = [f"- [{R.choice([' ', 'x'])}] {t}" for t in R.sample(
        [f"{contact.split()[0]} to send numbers", f"{consultant.split()[0]} to update the model", "Book next visit",
         "Share cupping notes", "Draft price list", "Check importer offers", "Send invoice"], 2)]
    if author == 0:  # Mara-style: date + type + client wikilink
        head = fm([f"date: {d.isoformat()}", "type: meeting", f"client: \"[[clients/{slug}/overview|{name}]]\"",
                   f"attendees: [{partner}, {consultant}, {contact}]", "tags: [meeting]"])
        body = f"# {kind} — {name}\n\n## Notes\n" + "\n".join(f"- {n}" for n in notes) + "\n\n## Actions\n" + "\n".join(tasks)
    elif author == 1:  # Jonah-style: created with zone + updated, comma tags, prose
        t = f"{R.randint(9, 16):02d}:{R.choice(['00', '30'])}:00-05:00"
        head = fm([f"created: {d.isoformat()}T{t}", f"updated: {(d + dt.timedelta(days=R.randint(0, 6))).isoformat()}",
                   f"tags: meeting, {slug}"])
        body = f"# {name}: {kind.lower()} ({d.strftime('%d %b %Y')})\n\n" + " ".join(notes) + "\n\n" + "\n".join(tasks)
    elif author == 2:  # Priya-style: no frontmatter, dataview inline fields, callout
        body = (f"# {kind}\n\ndate:: {d.isoformat()}\nclient:: [[clients/{slug}/overview|{name}]]\nstatus:: done\n\n"
                f"> [!summary]\n> {notes[0]}\n\n" + "\n".join(f"- {n}" for n in notes[1:]) + "\n\n" + "\n".join(tasks))
        return body
    else:  # Teodor-style: date_created + lastmod, categories
        head = fm([f"date_created: {d.isoformat()}", f"lastmod: {(d + dt.timedelta(days=R.randint(0, 20))).isoformat()}T12:00:00",
                   "categories: [Meetings]", f"client: {name}"])
        body = f"# {d.strftime('%-d %B %Y')} · {kind}\n\nWith {contact} ({role}).\n\n" + "\n".join(f"* {n}" for n in notes) + "\n"
    return head + body


def deliverable(c: tuple, what: str) -> str:
    slug, name, city, tier, partner, consultant, contact, role, roaster, since, _ = c
    d = dt.date(R.choice([2025, 2026]), R.randint(1, 11), R.randint(1, 28))
    if R.random() < 0.5:
        head = fm([f"type: deliverable", f"status: {R.choice(['sent', 'draft', 'accepted'])}", f"date: {d.isoformat()}",
                   f"client: \"[[clients/{slug}/overview|{name}]]\""])
    else:
        head = fm([f"date_modified: \"{long_date(d)}\"", "tags: [deliverable]"])
    return head + (f"# {what} — {name}\n\nPrepared by [[{consultant}]], reviewed by [[{partner}]].\n\n"
                   f"## Summary\n{R.choice(['Three findings, one recommendation.', 'The numbers are in the attached sheet; this page is the summary.', 'Short version: the fix is mostly process, not equipment.'])}\n\n"
                   f"![[{slug}-{what.lower().replace(' ', '-')}.png]]\n\n- Owner on their side: {contact}\n- Follow-up at the next monthly call\n")


def contact_page(c: tuple) -> str:
    slug, name, city, tier, partner, consultant, contact, role, roaster, since, _ = c
    style = R.randrange(3)
    d = dt.date(R.choice([2025, 2026]), R.randint(1, 11), R.randint(1, 28))
    body = (f"# {contact}\n\n{role.capitalize()} at [[clients/{slug}/overview|{name}]] ({city}).\n\n"
            f"- Prefers {R.choice(['email', 'phone', 'text messages', 'video calls', 'in-person visits'])}\n"
            f"- {R.choice(['Coffee person first, numbers second', 'Ex-banker; wants the spreadsheet', 'New to the role', 'Has been there since the start'])}\n")
    if style == 0:
        return fm([f"company: {name}", f"lastmod: {d.isoformat()}"]) + body
    if style == 1:
        return fm(["tags: [people, client-contact]", f"date_created: {d.isoformat()}"]) + body
    return body


# --- templates: other folders ---------------------------------------------------------------

def staff_page(name: str, role: str) -> str:
    d = dt.date(2026, R.randint(1, 11), R.randint(1, 28))
    return fm([f"role: {role}", f"updated: {d.isoformat()}", "tags: [people, staff]"]) + (
        f"# {name}\n\n{role} at Lantern Row.\n\n- Based in {R.choice(['Portland', 'Boston', 'remote (Vermont)', 'remote (Toronto)'])}\n"
        f"- Focus: {R.choice(['café operations', 'roastery operations', 'green coffee', 'finance models', 'packaging'])}\n")


def external_person(i: int) -> tuple[str, str]:
    first = ["Alma", "Bertrand", "Carys", "Dmitri", "Esme", "Farid", "Greta", "Hugo", "Imani", "Jasper", "Kiri", "Lorcan",
             "Maeve", "Nikhil", "Orla", "Pavel", "Quinn", "Rhea", "Silas", "Tova"][i % 20]
    last = ["Ferreira", "Lindqvist", "Okonkwo", "Barros", "Hale", "Nakamura", "Pereira", "Duval", "Mbeki", "Strand",
            "Castell", "Yilmaz", "Roper", "Ivers", "Kaur", "Dunmore", "Abara", "Whitlow", "Ng", "Varga"][(i * 7) % 20]
    name = f"{first} {last}"
    org = R.choice(IMPORTERS + ["SCA", "a roasting equipment dealer", "our accountants", "our lawyers", "a freight forwarder"])
    d = dt.date(R.choice([2024, 2025, 2026]), R.randint(1, 12), R.randint(1, 28))
    variants = [
        fm([f"organisation: {org}", f"date_updated: {d.strftime('%m/%d/%Y')}"]) + f"# {name}\n\nWorks at {org}. Met at {R.choice(['SCA Expo', 'a cupping', 'an origin trip', 'a client site'])}.\n",
        f"{name} — {org}.\n\nUseful for: {R.choice(['green offers', 'freight quotes', 'equipment leads', 'tax questions', 'contracts'])}.\n",
        fm([f"reviewed: {d.isoformat()}", "tags: [people, network]"]) + f"# {name}\n\n- Org: {org}\n- Last spoke: {long_date(d)}\n",
    ]
    return name, R.choice(variants)


def competitor_page(comp: tuple) -> str:
    name, kind, city, note, price, funding = comp
    style = R.randrange(3)
    d = dt.date(2026, R.randint(1, 11), R.randint(1, 28))
    body = (f"# {name}\n\n{city}; {note}.\n\n- Kind: {kind}\n- Pricing: {price}\n- Funding: {funding}\n"
            f"- Overlap with us: {R.choice(['low', 'medium', 'high'])}\n")
    if style == 0:
        return fm(["type: competitor", f"date_updated: {d.strftime('%d/%m/%Y')}", "tags: [competitors]"]) + body
    if style == 1:
        return fm([f"reviewed: {d.isoformat()}", "categories: [Competitors]"]) + body
    return fm([f"updated_at: {d.isoformat()}T{R.randint(8, 18):02d}:15:00Z", "tags: \"#competitor\""]) + body


def market_page(m: tuple) -> str:
    title, scope, size, growth, f30, f35 = m
    style = R.randrange(4)
    d = dt.date(2026, R.randint(1, 11), R.randint(1, 28))
    rows = f"| 2025 | {size} |\n| 2030 | {f30} (forecast) |\n" + (f"| 2035 | {f35} (forecast) |\n" if f35 else "")
    body = (f"# {title}\n\nScope: {scope}.\n\n| Year | Size |\n|---|---|\n{rows}\n"
            f"Growth: about {growth} a year.\n\nMethod: {R.choice(['top-down from trade data', 'bottom-up from client benchmarks', 'two published estimates averaged'])}. Owner: [[Jonah Bells]].\n")
    tags = ["tags: [Market-Maps]", "tags: market_maps", "tags: [market-maps, research]", "tags: \"#market-map\""][style]
    date = [f"updated_at: {d.isoformat()}T10:00:00Z", f"updated: {d.isoformat()}", f"date: \"{d.isoformat()}\"",
            f"last_updated: {long_date(d)}"][R.randrange(4)]
    return fm([tags, date]) + body


def news_page(d: str, title: str, tag: str, text: str) -> str:
    style = R.randrange(3)
    if style == 0:
        return fm([f"date: {d}", f"tags: [news, {tag}]"]) + f"# {title}\n\n{text}\n\nSource: {R.choice(['Roast Magazine', 'Daily Coffee News', 'a client', 'trade newsletter', 'LinkedIn'])}.\n"
    if style == 1:
        return fm([f"created: {d}T{R.randint(7, 20):02d}:00:00", f"tags: \"#news #{tag}\""]) + f"# {title}\n\n> {text}\n\nWhy it matters: {R.choice(['pricing conversations with clients', 'our competitor page needs an update', 'green costs for Q1', 'nothing immediate'])}.\n"
    return f"# {title}\n\ndate:: {d}\ntags:: #news\n\n{text}\n"


def generated_news(year: int, n: int) -> list[tuple[str, str, str, str]]:
    items = []
    subjects = ["Roaster opens second café", "Café chain closes", "Importer launches new origin program", "Coffee festival recap",
                "Barista championship results", "Roaster wins sustainability award", "Co-op buys roasting equipment",
                "Café union vote", "Green coffee warehouse fire", "Roaster launches canned cold brew",
                "Grocery chain drops local roasters", "Dairy price rise hits cafés"]
    for i in range(n):
        d = dt.date(year, R.randint(1, 11 if year == 2026 else 12), R.randint(1, 28))
        s = R.choice(subjects)
        city = R.choice([c[2] for c in CLIENTS])
        items.append((d.isoformat(), f"{s} ({city})", R.choice(["market", "local", "industry"]),
                      f"{s} in {city}. {R.choice(['Nothing for us to act on.', 'Worth mentioning to nearby clients.', 'Could be a prospect.', 'One of our clients was asked for comment.'])}"))
    return items


def memo_page(title: str, topic: str, i: int) -> str:
    d = dt.date(R.choice([2024, 2025, 2026]), R.randint(1, 11), R.randint(1, 28))
    author = R.choice(PARTNERS + ["Sam Whitcombe", "Jonah Bells"])
    style = R.randrange(4)
    body = (f"# {title}\n\n{R.choice(['Short memo for the partners meeting.', 'Background and a recommendation.', 'Options, then what I think we should do.'])}\n\n"
            f"## Context\n{topic.capitalize()} came up {R.choice(['twice this quarter', 'at the last partners meeting', 'in client feedback'])}.\n\n"
            f"## Options\n1. Do nothing\n2. {R.choice(['Trial it for a quarter', 'Change it from next fiscal year', 'Ask clients first'])}\n3. {R.choice(['Drop it', 'Outsource it', 'Make it a paid add-on'])}\n\n"
            f"Recommendation: option {R.randint(1, 3)}. — [[{author}]]\n")
    if style == 0:
        return fm(["type: memo", f"date: {d.isoformat()}", f"author: {author}", f"status: {R.choice(['draft', 'decided', 'parked'])}"]) + body
    if style == 1:
        return fm(["type: memo", f"date_created: {d.isoformat()}", f"date_modified: \"{long_date(d + dt.timedelta(days=R.randint(0, 40)))}\""]) + body
    if style == 2:
        h, mi, s = rand_time()
        return fm([f"date created: {linter_date(d, h, mi, s)}", f"date modified: {linter_date(d + dt.timedelta(days=R.randint(0, 30)), h, mi, s)}", "tags: [memo]"]) + body
    return body


def sop_page(topic: str) -> str:
    d = dt.date(R.choice([2025, 2026]), R.randint(1, 11), R.randint(1, 28))
    steps = R.sample(["Check the client folder first", "Use the template in templates/", "Log time in Harvest the same day",
                      "Tell the partner of record", "Save files to the shared drive, not email", "Copy Sam on anything involving money",
                      "Write it up within 48 hours", "Ask the client to confirm in writing"], 4)
    body = f"# SOP: {topic.lower()}\n\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1)) + "\n"
    if R.random() < 0.5:
        h, mi, s = rand_time()
        return fm([f"date created: {linter_date(d, h, mi, s)}", f"date modified: {linter_date(d, h, mi, s)}", "tags: [sop]"]) + body
    return fm([f"updated: {d.isoformat()}", "type: sop"]) + body


def daily_page(d: dt.date) -> str:
    c1, c2 = R.sample(CLIENTS, 2)
    style = R.randrange(3)
    bullets = [f"Call with [[clients/{c1[0]}/overview|{c1[1].split()[0]}]] about {R.choice(['green offers', 'the price list', 'hiring', 'their new café', 'a roast defect'])}",
               f"{R.choice(['Drafted', 'Reviewed', 'Sent'])} {R.choice(DELIVERABLES).lower()} for {c2[1]}",
               R.choice(["Cupping at 10", "Pipeline meeting", "Lunch with an importer", "Expenses", "Wrote up yesterday's visit", "Quiet day"])]
    tasks = [f"- [ ] {R.choice(['Reply to', 'Chase', 'Book'])} {R.choice([c[6] for c in CLIENTS])}"]
    if style == 0:
        return f"# {d.strftime('%A %-d %B %Y')}\n\n" + "\n".join(f"- {b}" for b in bullets) + "\n" + "\n".join(tasks) + "\n\n#daily\n"
    if style == 1:
        return fm([f"created: {d.isoformat()}T08:{R.randint(0, 59):02d}:00-05:00", "tags: [daily]"]) + f"## Log\n" + "\n".join(f"- {b}" for b in bullets) + "\n\n## Tasks\n" + "\n".join(tasks) + "\n"
    return fm([f"date: {d.isoformat()}"]) + f"{d.isoformat()}\n\n" + "\n".join(f"* {b}" for b in bullets) + "\n"


TEMPLATES = {
    "templates/Meeting.md": "---\ndate: {{date}}\ntype: meeting\nclient:\nattendees: []\ntags: [meeting]\n---\n# {{title}}\n\n## Notes\n-\n\n## Decisions\n-\n\n## Actions\n- [ ]\n",
    "templates/Client overview.md": "---\ntitle:\ntype: client\nstatus: prospect\nupdated: {{date}}\ntags: [client]\n---\n# {{title}}\n\n| Field | Value |\n|---|---|\n| Engagement | |\n| Partner of record | |\n| Consultant | |\n| Main contact | |\n",
    "templates/Daily.md": "# {{date:dddd D MMMM YYYY}}\n\n- \n\n#daily\n",
    "templates/Memo.md": "---\ntype: memo\ndate: {{date}}\nauthor:\nstatus: draft\n---\n# {{title}}\n\n## Context\n\n## Options\n\n## Recommendation\n",
    "templates/Person.md": "---\nrole:\nupdated: {{date}}\ntags: [people]\n---\n# {{title}}\n",
    "templates/Competitor.md": "---\ntype: competitor\nreviewed: {{date}}\ntags: [competitors]\n---\n# {{title}}\n\n- Pricing:\n- Funding:\n",
}


# --- build ---------------------------------------------------------------------------------

def build_pages() -> dict[str, list[tuple[str, str]]]:
    """Writes every page into WRITTEN; returns index sections: heading -> [(path, title)]."""
    idx: dict[str, list[tuple[str, str]]] = {}

    for c in CLIENTS:
        slug, name = c[0], c[1]
        write(f"clients/{slug}/overview.md", client_overview(c))
        meetings = []
        kinds = list(MEETING_KINDS)
        if any(PAGES.glob(f"clients/{slug}/meetings/*Kickoff*")):
            meetings.append(("", ""))  # the hand-written kickoff stands
        for d in meeting_dates(c[9], R.randint(11, 16), slug):
            kind = "Kickoff" if not meetings else R.choice(kinds)
            path = f"clients/{slug}/meetings/{d.isoformat()} {kind}.md"
            if kind == "Kickoff":
                write(path, client_meeting(c, d, "Site visit").replace("Site visit", "Kickoff", 1))
            else:
                write(path, client_meeting(c, d, kind))
            meetings.append((path, kind))
        for what in R.sample(DELIVERABLES, 3):
            write(f"clients/{slug}/deliverables/{what}.md", deliverable(c, what))
        write(f"people/{c[6]}.md", contact_page(c))

    for name, role in STAFF:
        write(f"people/{name}.md", staff_page(name, role))
    for i in range(40):
        name, text = external_person(i)
        write(f"people/{name}.md", text)

    for comp in COMPETITORS:
        write(f"competitors/{comp[0]}.md", competitor_page(comp))
    for m in MARKETS:
        write(f"market-maps/{m[0]}.md", market_page(m))

    for year, events, extra in ((2025, NEWS_EVENTS_2025, 45), (2026, NEWS_EVENTS_2026, 75)):
        for d, title, tag, text in events + generated_news(year, extra):
            safe = title.replace("/", "-").replace(":", "")
            write(f"news/{year}/{d} {safe}.md", news_page(d, title, tag, text))

    for i, (title, topic) in enumerate(MEMO_TOPICS * 2):
        suffix = "" if i < len(MEMO_TOPICS) else " (follow-up)"
        write(f"memos/{title}{suffix}.md", memo_page(title + suffix, topic, i))

    for t in SOP_TOPICS:
        write(f"sops/{t}.md", sop_page(t))
    for term, definition in GLOSSARY_TERMS:
        write(f"glossary/{term}.md", f"# {term}\n\n{definition.capitalize()}.\n\nSee also the main [[glossary]].\n")

    d = dt.date(2026, 1, 5)
    while d <= dt.date(2026, 11, 30):
        if d.weekday() < 5:
            write(f"daily/{d.isoformat()}.md", daily_page(d))
        d += dt.timedelta(days=1)

    # pricing: proposals per client (quotes at the time), plus a few reference pages
    for c in CLIENTS:
        year = int(c[9][:4])
        card = {2024: ("$2,400", "$4,500", "$7,900"), 2025: ("$2,600", "$4,900", "$7,900"), 2026: ("$2,900", "$5,400", "$8,750")}[min(year, 2026)]
        tier_price = {"Pilot": card[0], "Growth": card[1], "Multi-site": card[2]}.get(c[3], "see statement of work")
        write(f"pricing/proposals/{c[9]} {c[1]}.md", fm([f"date: {c[9]}-{R.randint(1, 28):02d}", "type: proposal", f"tags: [pricing/{year}, proposal]"]) +
              f"# Proposal — {c[1]}\n\nSent {c[9]}. " + (f"Tier quoted: {c[3]} at {tier_price} a month." if c[3] in ("Pilot", "Growth", "Multi-site") else f"Scope: {TIER_FEE[c[3]]}, see the statement of work.") + f"\n\n- Term: {R.choice([6, 12, 12, 24])} months\n- Discount: {R.choice(['none', '10% multi-year', 'none', '15% co-op'])}\n")
    for title, text in [("Workshop menu", "Half-day and full-day workshops: pricing workshop, barista productivity, green buying 101."),
                        ("Cupboard plan comparison", "Seat plan vs site plan: small roasters take seats, café operators take sites. Prices on [[pricing/Cupboard]]."),
                        ("Price increase letters", "Templates for telling clients about a price change; 60 days' notice."),
                        ("Currency and tax", "CAD quotes; Canadian GST/HST is added for Canadian clients.")]:
        write(f"pricing/{title}.md", fm(["type: pricing", f"updated: 2026-{R.randint(1, 11):02d}-{R.randint(1, 28):02d}", "tags: [pricing]"]) + f"# {title}\n\n{text}\n")

    # archive: 2024 notes and superseded pages (not in the index, mostly)
    for i in range(40):
        c = R.choice(CLIENTS)
        d = dt.date(2024, R.randint(1, 12), R.randint(1, 28))
        write(f"archive/2024/{d.isoformat()} {c[1]} {R.choice(MEETING_KINDS)}.md",
              fm([f"date: {d.isoformat()}", "status: archived"]) + f"# {c[1]} ({d.isoformat()})\n\nOld notes, kept for history. {R.choice(meeting_body(R.choice(MEETING_KINDS), c))}\n")
    for m in MARKETS[:12]:
        write(f"archive/market-maps-2024/{m[0]} (2024).md",
              fm(["tags: [Market-Maps, archive]", "updated: 2024-06-30"]) + f"# {m[0]} — 2024 edition\n\nSuperseded by the current map. 2023 size was {R.randint(60, 95)}% of today's estimate.\n")
    write("archive/Old rate card 2023.md", fm(["last_updated: 2023-01-09", "tags: [pricing, archive]"]) +
          "# Rate card 2023\n\nOne retainer only: $3,900 a month. Day rate $1,400. Health Check $7,000.\n")
    for i in range(18):
        d = dt.date(2025, R.randint(1, 12), R.randint(1, 28))
        write(f"archive/daily-2025/{d.isoformat()}.md", daily_page(d))

    for path, text in TEMPLATES.items():
        write(path, text)

    # hand-written pages win
    for src in sorted(PAGES.rglob("*.txt")):
        write(src.relative_to(PAGES).as_posix()[: -len(".txt")], src.read_text(encoding="utf-8"))
    return idx


def md_link(path: str, title: str) -> str:
    return f"[{title}]({quote(path)})"


def wiki_link(path: str, title: str | None = None) -> str:
    target = path[:-3]
    return f"[[{target}|{title}]]" if title else f"[[{target}]]"


def build_index() -> str:
    paths = sorted(WRITTEN)
    out = ["---", "title: Home", "---", "# Lantern Row — home", "",
           "Map of content for the vault. Not everything is linked here: templates, the archive and old daily notes live in their folders.", "",
           "## The firm", "",
           f"- {wiki_link('about/Lantern Row.md', 'Lantern Row Advisory')} — who we are, office, fiscal year, headcount",
           f"- {md_link('glossary.md', 'Glossary')} — coffee and consulting terms",
           "- [[memos/Remote work policy|Remote work policy]]", ""]
    out += ["## Clients", ""]
    for i, c in enumerate(CLIENTS):
        slug, name = c[0], c[1]
        style = i % 3
        overview = f"clients/{slug}/overview.md"
        line = wiki_link(overview, name) if style != 1 else md_link(overview, name)
        out.append(f"- {line} — {c[2]}, {c[3]}")
        for p in [p for p in paths if p.startswith(f"clients/{slug}/meetings/")]:
            title = p.rsplit("/", 1)[1][:-3]
            out.append(f"  - {wiki_link(p, title) if style == 0 else md_link(p, title)}")
        for p in [p for p in paths if p.startswith(f"clients/{slug}/deliverables/")]:
            title = p.rsplit("/", 1)[1][:-3]
            out.append(f"  - {md_link(p, title)} (deliverable)")
    out += ["", "## People", "", "### Team", ""]
    for name, role in STAFF:
        out.append(f"- [[{name}]] — {role}")
    out += ["", "### Client contacts and network", ""]
    staff = {n for n, _ in STAFF}
    for p in paths:
        if p.startswith("people/") and p[7:-3] not in staff:
            out.append(f"- [[{p[7:-3]}]]")
    out += ["", "## Pricing", ""]
    for p in paths:
        if p.startswith("pricing/") and "/proposals/" not in p:
            out.append(f"- {md_link(p, p[8:-3])}")
    out += ["- Proposals"]
    for p in paths:
        if p.startswith("pricing/proposals/"):
            out.append(f"  - {wiki_link(p, p.rsplit('/', 1)[1][:-3])}")
    out += ["", "## Competitors", ""]
    out += [f"- {wiki_link(p, p[12:-3])}" for p in paths if p.startswith("competitors/")]
    out += ["", "## Market maps", ""]
    out += [f"- {md_link(p, p[12:-3])}" for p in paths if p.startswith("market-maps/")]
    out += ["", "## News", ""]
    for year in ("2026", "2025"):
        out += [f"### {year}", ""]
        out += [f"- {wiki_link(p, p.rsplit('/', 1)[1][:-3])}" for p in paths if p.startswith(f"news/{year}/")]
        out.append("")
    out += ["## Memos", ""]
    out += [f"- {md_link(p, p[6:-3])}" for p in paths if p.startswith("memos/")]
    out += ["", "## SOPs", ""]
    out += [f"- {wiki_link(p, p[5:-3])}" for p in paths if p.startswith("sops/")]
    out += ["", "## Glossary terms", ""]
    out += [f"- [[{p[9:-3]}]]" for p in paths if p.startswith("glossary/")]
    out += ["", "## Daily notes (recent)", ""]
    out += [f"- [[{p[6:-3]}]]" for p in paths if p.startswith("daily/2026-1")]
    out += ["", "## Archive (selected)", "", f"- {md_link('archive/Old rate card 2023.md', 'Old rate card 2023')}", ""]
    return "\n".join(out) + "\n"


def main() -> None:
    for path in VAULT.rglob("*"):
        if path.is_file() and HERE not in path.parents and path.name not in KEEP:
            path.unlink()
    for folder in sorted((p for p in VAULT.rglob("*") if p.is_dir()), reverse=True):
        if folder != HERE and HERE not in folder.parents and not any(folder.iterdir()):
            folder.rmdir()
    build_pages()
    WRITTEN["index.md"] = build_index()
    for path, text in WRITTEN.items():
        target = VAULT / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    print(f"{len(WRITTEN) - 1} pages + index.md")


if __name__ == "__main__":
    main()

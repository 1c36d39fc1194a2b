#!/usr/bin/env python3
"""Build the `studio-vault` fixture: the Obsidian vault of Brackenfield, an invented
nine-person product-and-AI studio in Rotterdam. Every word is written for this fixture (CC0).

Stdlib only. Run from anywhere:  python3 wiki_fixtures/studio-vault/_build/build.py

The vault is messy on purpose, as real ones are: several people wrote it over two years, so
frontmatter conventions differ by folder and by author (tags as a YAML list, a comma string or
#tags in the body; created / date_created / Date Created / ISO datetimes with zones / plain
strings / no date at all; aliases; status archived|draft|outdated; publish: true), titles and
file names carry emoji, folders have spaces, older copies of notes were left behind after a
price changed. index.md is the home page (a map of content) and does not list every page.

Output is deterministic (fixed seed). Everything outside _build/, questions.yaml and
SOURCES.md is deleted and rewritten.
"""

from __future__ import annotations

import datetime as dt
import random
import shutil
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
VAULT = HERE.parent
KEEP = {"questions.yaml", "SOURCES.md", "_build"}
R = random.Random(20261201)
WRITTEN: dict[str, str] = {}
INDEXED: list[tuple[str, str, str, str]] = []  # (section, path, label, description)


def write(path: str, text: str) -> None:
    assert path not in WRITTEN, path
    WRITTEN[path] = text.strip("\n") + "\n"


def index(section: str, path: str, label: str = "", desc: str = "") -> None:
    INDEXED.append((section, path, label, desc))


def d(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


# --- people ------------------------------------------------------------------------------------

PEOPLE = {
    "Ines Okafor": ("Managing director, co-founder", "ines", "Runs sales, contracts and hiring. Signs anything over €2,000."),
    "Tomasz Bielik": ("CTO, co-founder", "tomasz", "Owns architecture, code hosting and CI. On the security rota."),
    "Priya Raman": ("Design lead", "priya", "Owns the design system and the Canvasly workspace."),
    "Jonah Mensah": ("ML engineer", "jonah", "Owns model providers, evals and the GPU budget."),
    "Saoirse Nolan": ("Operations and finance manager", "saoirse", "Owns bookkeeping, payroll, expenses, leave and the password manager."),
    "Mateo Ruiz": ("Full-stack engineer", "mateo", "Owns the Python toolchain and the project template."),
    "Aiko Brandt": ("Product designer", "aiko", "Runs user research and recruiting of test participants."),
    "Femi Adeyemi": ("Data engineer", "femi", "Owns the databases, pipelines and backups."),
    "Lotte van Dam": ("Product manager", "lotte", "Owns the issue tracker and client delivery plans."),
    "Rui Carvalho": ("DevOps contractor (3 days a week)", "rui", "Owns cloud hosting, logs and device management."),
}


def person_link(name: str, short: bool = True) -> str:
    first = name.split()[0]
    return f"[[People/{name}|{first}]]" if short else f"[[People/{name}]]"


# --- tools -------------------------------------------------------------------------------------
# name, folder, emoji, status, what, tier, price, owner, since, gotchas, (lang, code), extra
TOOLS: list[dict[str, object]] = [
    dict(name="Gitforge", folder="Dev", emoji="", status="in use",
         what="Hosted git with pull requests, code review and a built-in CI runner. All client repositories live in the `brackenfield` organisation.",
         tier="Team plan, €19 per user per month, billed monthly (9 seats)",
         owner="Tomasz Bielik", since="2022-02",
         gotchas=["The Team plan includes 3,000 CI minutes a month shared by the whole organisation; runners we host ourselves do not count against it.",
                  "Client guest accounts are free but cannot approve a pull request, so a Brackenfield reviewer must always approve.",
                  "Branch protection has to be switched on per repository: the organisation default does not apply to repositories imported from a client."],
         code=("bash", "gf auth login --org brackenfield\ngf pr create --draft --reviewer tomasz --label needs-review\ngf pr checks --watch"),
         date=("updated", "2026-09-18")),
    dict(name="Runwell CI", folder="Dev", emoji="", status="dropped",
         what="A hosted CI service we used before Gitforge had runners. Cancelled in March 2025; kept for the history.",
         tier="Pro, €240 per month flat for 5 concurrent jobs (cancelled)",
         owner="Tomasz Bielik", since="2022-02",
         gotchas=["Caches expired after 7 days with no way to pin them.",
                  "Secrets had to be set per pipeline, not per organisation."],
         code=("bash", "runwell retry --job lint --pipeline 4411"),
         date=("created", "2022-02-14")),
    dict(name="uv", folder="Dev", emoji="🐍", status="in use",
         what="The Python package and project manager every Brackenfield repository uses (replaced pip-tools and pyenv in 2024). Open source, free.",
         tier="Free (open source); we pay nothing",
         owner="Mateo Ruiz", since="2024-05",
         gotchas=["Always commit `uv.lock`; CI runs `uv sync --frozen` and fails when the lock is out of date.",
                  "Pin the interpreter per repository with `uv python pin 3.12` so laptops and CI agree.",
                  "Client machines behind a proxy need `UV_INDEX_URL` pointed at their mirror."],
         code=("bash", "uv sync --frozen\nuv run pytest -q\nuv add 'httpx>=0.27'\nuv python pin 3.12"),
         date=("Date Created", "2024-05-21")),
    dict(name="ruff", folder="Dev", emoji="", status="in use",
         what="Linter and formatter for Python, run on every commit through pre-commit and again in CI. Open source.",
         tier="Free (open source)",
         owner="Mateo Ruiz", since="2023-11",
         gotchas=["Our shared config lives in the project template's `pyproject.toml`; line length is 100.",
                  "`ruff format` and black disagree on a few edge cases: do not run both."],
         code=("bash", "ruff check --fix .\nruff format .\nruff check --select I --fix ."),
         date=None),
    dict(name="pre-commit", folder="Dev", emoji="", status="in use",
         what="Runs the repository's hooks (ruff, gitleaks, end-of-file fixer) before each commit.",
         tier="Free (open source)",
         owner="Mateo Ruiz", since="2023-01",
         gotchas=["New clones need `pre-commit install` once, or the hooks silently never run.",
                  "gitleaks is the hook that blocks committed API keys; do not skip it with `--no-verify`."],
         code=("bash", "pre-commit install\npre-commit run --all-files\npre-commit autoupdate"),
         date=("created", "2023-01-09")),
    dict(name="OpenTofu", folder="Dev", emoji="", status="in use",
         what="Infrastructure as code for every client environment on Nimbra Cloud. We moved from Terraform to OpenTofu in 2024.",
         tier="Free (open source); state is stored in a Nimbra object bucket",
         owner="Rui Carvalho", since="2024-02",
         gotchas=["State is locked per workspace; if a run is killed, unlock with `tofu force-unlock <id>` only after checking nobody else is applying.",
                  "Never apply from a laptop to production: production applies run in CI only."],
         code=("bash", "tofu init -backend-config=env/staging.hcl\ntofu plan -out plan.tfplan\ntofu apply plan.tfplan"),
         date=("updated", "2026-07-02")),
    dict(name="Podman", folder="Dev", emoji="", status="in use",
         what="Containers on developer laptops (replaced Docker Desktop in 2024 to avoid its licence for a company our size).",
         tier="Free (open source)",
         owner="Tomasz Bielik", since="2024-03",
         gotchas=["On macOS start the VM first: `podman machine start`.",
                  "Compose files work through `podman compose`, which calls docker-compose or podman-compose, whichever is installed."],
         code=("bash", "podman machine init --cpus 4 --memory 8192\npodman machine start\npodman compose up -d"),
         date=None),
    dict(name="Nimbra Cloud", folder="Dev", emoji="☁️", status="in use",
         what="Our cloud provider for client hosting: managed Kubernetes, object storage, and EU regions only (Amsterdam and Frankfurt).",
         tier="Pay as you go; the bill averaged €1,150 a month in 2026 across all clients, recharged to each client at cost plus 10%",
         owner="Rui Carvalho", since="2022-06",
         gotchas=["Every resource must carry a `client=` label or the recharge report cannot split the bill.",
                  "Frankfurt (`eu-fra-1`) is the default region; Amsterdam (`eu-ams-2`) only for clients who ask for it.",
                  "Egress above 1 TB a month is billed at €0.04 per GB."],
         code=("bash", "nimbra login --sso\nnimbra deploy --env staging --app intake-api\nnimbra logs --app intake-api --since 1h"),
         date=("updated", "2026-11-20")),
    dict(name="Faultline", folder="Dev", emoji="🐞", status="in use",
         what="Error tracking and performance traces for the apps we ship to clients.",
         tier="Business tier, €89 per month for 100,000 events; overage €0.30 per 1,000 events",
         owner="Tomasz Bielik", since="2023-04",
         gotchas=["Set `traces_sample_rate` to 0.1 in production; at 1.0 we burned the month's quota in four days (October 2025).",
                  "Scrub request bodies: patient or personal data must never reach Faultline (see [[Ops/Policies/Client data handling]])."],
         code=("python", "import faultline\nfaultline.init(dsn=os.environ[\"FAULTLINE_DSN\"], traces_sample_rate=0.1,\n               send_default_pii=False)"),
         date=("updated", "2026-05-03")),
    dict(name="Tidepool DB", folder="Dev", emoji="", status="in use",
         what="Managed Postgres (with pgvector) for client projects that need a database we run.",
         tier="Scale plan, €310 per month (4 vCPU, 16 GB RAM, point-in-time recovery for 14 days)",
         owner="Femi Adeyemi", since="2023-09",
         gotchas=["Point-in-time recovery keeps 14 days on Scale; the Starter plan keeps only 1 day.",
                  "Connection limit is 200 on Scale: use the built-in pooler on port 6432, not 5432, from serverless jobs."],
         code=("bash", "tidepool db branch create --from main --name eval-2026-11\npsql \"$TIDEPOOL_URL\" -c 'select version();'"),
         date=("updated", "2026-10-29")),
    dict(name="Lockstep", folder="Ops & Finance", emoji="🔐", status="in use",
         what="The studio's password manager and shared vaults for client credentials.",
         tier="Business, €7.50 per user per month, billed annually",
         owner="Saoirse Nolan", since="2022-01",
         gotchas=["Each client has its own shared vault named `client-<name>`; never put client secrets in the `Studio` vault.",
                  "Recovery of a locked-out account needs two admins: Saoirse and Tomasz.",
                  "The CLI session expires after 30 minutes; scripts should use a service account token instead."],
         code=("bash", "lockstep signin --account brackenfield\nlockstep item get 'Tidepool prod' --vault client-orla --field password"),
         date=("updated", "2026-08-11")),
    dict(name="Glimmer Logs", folder="Dev", emoji="", status="in use",
         what="Log search and alerting for client deployments.",
         tier="Team, €150 per month including 50 GB of ingest; retention 15 days",
         owner="Rui Carvalho", since="2024-10",
         gotchas=["Retention is 15 days on Team: export anything you need for an incident review before then.",
                  "Alert rules belong in the `alerts/` folder of the infra repo, not in the web UI."],
         code=("bash", "glimmer query 'app:intake-api level:error' --since 24h --limit 50"),
         date=("updated", "2026-04-14")),
    dict(name="Toggleworks", folder="Evaluated", emoji="", status="evaluated, not adopted",
         what="Hosted feature flags. Trialled for two weeks in January 2026 on the Veldkamp project.",
         tier="Would have been Growth, €75 per month for 10 seats; we stayed on flags in config files",
         owner="Tomasz Bielik", since="2026-01",
         gotchas=["Their SDK needed a network call on start-up, which broke our offline tests.",
                  "Verdict: not worth it for our project sizes; revisit if a client needs percentage rollouts."],
         code=("bash", "# what the trial looked like\ntoggleworks flags list --project veldkamp-routes"),
         date=("created", "2026-01-28")),
    # AI & models
    dict(name="Corvid API", folder="AI & Models", emoji="🤖", status="in use",
         what="Our main large language model provider, used by most client builds. Models: Corvid Large (default), Corvid Swift (cheap, fast) and Corvid Embed.",
         tier="Usage-based, Scale agreement since November 2026: Corvid Large €2.40 per million input tokens and €9.60 per million output tokens; Corvid Swift €0.30 / €1.20. Monthly spending cap €4,000",
         owner="Jonah Mensah", since="2024-01",
         gotchas=["Each client project gets its own API key and its own spending cap; keys live in Lockstep.",
                  "Rate limit on our agreement: 4,000 requests per minute for Corvid Large.",
                  "EU data residency has to be requested per key (`region=eu`); it is not the default."],
         code=("python", "from corvid import Client\nclient = Client(api_key=os.environ[\"CORVID_API_KEY\"], region=\"eu\")\nreply = client.messages.create(model=\"corvid-large-2026-09\", max_tokens=800,\n                               messages=[{\"role\": \"user\", \"content\": prompt}])"),
         date=("updated", "2026-11-24")),
    dict(name="Meridian Embeddings", folder="AI & Models", emoji="", status="in use",
         what="Embeddings API we use for search over client documents where Corvid Embed is weaker (Dutch and German text).",
         tier="Pay as you go, €0.08 per million tokens; no minimum",
         owner="Jonah Mensah", since="2025-06",
         gotchas=["Vectors are 1,024 dimensions; Corvid Embed's are 1,536, so indexes cannot be mixed.",
                  "Batch endpoint is half price but can take up to 24 hours."],
         code=("bash", "curl -s https://api.meridian.example/v1/embed \\\n  -H \"Authorization: Bearer $MERIDIAN_KEY\" \\\n  -d '{\"model\": \"meridian-m3\", \"input\": [\"hallo wereld\"]}'"),
         date=("updated", "2026-06-30")),
    dict(name="Ollama", folder="AI & Models", emoji="🦙", status="in use",
         what="Runs open-weight models locally on our laptops and on the office GPU box, for prototypes and for clients who forbid external APIs.",
         tier="Free (open source)",
         owner="Jonah Mensah", since="2024-04",
         gotchas=["The office GPU box (`forge-01`, RTX 4090, 24 GB) serves Ollama on port 11434 on the office network only.",
                  "Pull models with an explicit tag; `latest` moves under you."],
         code=("bash", "ollama pull llama3.1:8b\nollama run llama3.1:8b 'Summarise this ticket in one line'\nOLLAMA_HOST=forge-01:11434 ollama list"),
         date=None),
    dict(name="Evalhouse", folder="AI & Models", emoji="🧪", status="in use",
         what="Hosted evaluation platform: stores our golden sets, runs model-graded and exact-match evals on every prompt change, and keeps the history.",
         tier="Team plan, €450 per month for 5 seats and 200,000 eval runs",
         owner="Jonah Mensah", since="2025-02",
         gotchas=["Judge-model costs are billed to our Corvid key, not by Evalhouse.",
                  "Dataset versions are immutable: to fix a golden answer, publish a new version and re-point the suite."],
         code=("bash", "evalhouse run --suite orla-triage --dataset golden@v7 --model corvid-large-2026-09\nevalhouse compare run_8812 run_8840"),
         date=("updated", "2026-10-05")),
    dict(name="Weft", folder="Evaluated", emoji="", status="evaluated, not adopted",
         what="A hosted vector database. Evaluated in May 2025 for the Kestrel metadata search; we chose pgvector on Tidepool instead.",
         tier="Would have been Standard, €0.11 per GB-hour of index storage plus queries",
         owner="Femi Adeyemi", since="2025-05",
         gotchas=["Cost at Kestrel's size estimated at €640 a month against €0 extra for pgvector.",
                  "No EU region at the time of the trial."],
         code=("bash", "weft index create kestrel-meta --dim 1536 --metric cosine"),
         date=("created", "2025-05-19")),
    dict(name="pgvector", folder="AI & Models", emoji="", status="in use",
         what="The Postgres extension we use as our vector store on Tidepool DB.",
         tier="Free (open source), runs inside our Tidepool plan",
         owner="Femi Adeyemi", since="2025-05",
         gotchas=["Use HNSW indexes (`vector_cosine_ops`) for anything above 100,000 rows.",
                  "Set `hnsw.ef_search` per session when recall matters more than speed."],
         code=("sql", "CREATE EXTENSION IF NOT EXISTS vector;\nCREATE INDEX ON chunks USING hnsw (embedding vector_cosine_ops);\nSET hnsw.ef_search = 100;"),
         date=("created", "2025-05-23")),
    dict(name="Lumen GPU", folder="AI & Models", emoji="", status="in use",
         what="GPU rental for fine-tuning runs and batch inference we cannot do on forge-01.",
         tier="On-demand A100 80GB at €1.89 per hour; H100 at €3.40 per hour. No reserved contract",
         owner="Jonah Mensah", since="2025-03",
         gotchas=["Instances bill per minute from boot, including the time your image downloads.",
                  "Stop, do not just disconnect: a stopped instance keeps its disk for €0.10 per GB per month.",
                  "GPU spend above €500 in a month needs Ines's approval."],
         code=("bash", "lumen up --gpu a100-80g --image brackenfield/train:2026.10 --disk 200\nlumen ssh job-314\nlumen stop job-314"),
         date=("updated", "2026-09-09")),
    dict(name="Promptly", folder="Evaluated", emoji="", status="dropped",
         what="Prompt management and versioning. Used on two projects in 2025, dropped in January 2026: prompts now live in the repositories next to the code, evaluated by Evalhouse.",
         tier="Was Team, €99 per month (cancelled January 2026)",
         owner="Jonah Mensah", since="2025-01",
         gotchas=["Export the prompt history before cancelling: we kept it in `archive/promptly-export-2026-01.json` in the ml-playbook repo."],
         code=("bash", "promptly export --project all --format json > promptly-export-2026-01.json"),
         date=("updated", "2026-01-16")),
    dict(name="Tagsmith", folder="AI & Models", emoji="🏷️", status="in use",
         what="Data annotation tool for labelling golden sets and fine-tuning data with clients' domain experts.",
         tier="Pro, €120 per month for up to 10 annotators (the free Starter plan stops at 3)",
         owner="Jonah Mensah", since="2025-04",
         gotchas=["Client annotators count as seats; remove them when a labelling round ends.",
                  "Export as JSONL, not CSV: CSV flattens span labels."],
         code=("bash", "tagsmith export --project orla-golden --format jsonl --out golden.jsonl"),
         date=("updated", "2026-03-12")),
    dict(name="Transcribo", folder="AI & Models", emoji="🎙️", status="in use",
         what="Speech-to-text for interview recordings and client workshops (only with everyone's consent).",
         tier="Pay as you go, €0.006 per minute of audio; speaker labels included",
         owner="Aiko Brandt", since="2025-09",
         gotchas=["Recordings are deleted from Transcribo after 30 days; keep the transcript in the client folder.",
                  "Dutch accuracy is clearly worse than English; proofread quotes before putting them in a report."],
         code=("bash", "transcribo upload interview-07.m4a --language nl --speakers 2 --out interview-07.md"),
         date=("created", "2025-09-02")),
    # design
    dict(name="Canvasly", folder="Design", emoji="🎨", status="in use",
         what="Our design tool: UI design, prototypes and the shared design system library.",
         tier="Organization tier, €45 per editor per month billed annually; 5 editors; viewers and commenters are free",
         owner="Priya Raman", since="2022-03",
         gotchas=["Only editors can publish library updates; Aiko and Priya are the library publishers.",
                  "Client stakeholders get free viewer seats: invite them to the project, never to the whole workspace.",
                  "Dev mode is included on Organization; engineers do not need an editor seat to inspect."],
         code=("bash", "# export every frame of a page as SVG with the CLI\ncanvasly export --file DS-2026 --page Icons --format svg --out ./icons"),
         date=("updated", "2026-11-03")),
    dict(name="Frameloop", folder="Evaluated", emoji="", status="evaluated, not adopted",
         what="Motion and interaction prototyping. Trialled by Aiko in autumn 2025 for the Tessellate pitch.",
         tier="Would have been Pro, €24 per editor per month",
         owner="Aiko Brandt", since="2025-10",
         gotchas=["Lovely for motion, but files cannot be imported into Canvasly, so work ends up in two places."],
         code=None,
         date=("created", "2025-10-20")),
    dict(name="Iconary", folder="Design", emoji="", status="in use",
         what="Icon library licence used in the design system.",
         tier="Team licence, one-off €249 (bought 2023), free updates for life",
         owner="Priya Raman", since="2023-06",
         gotchas=["The licence covers client products we build; the client may keep using the icons after handover."],
         code=None,
         date=None),
    dict(name="Panelfly", folder="Design", emoji="", status="in use",
         what="Recruits participants for user interviews and usability tests.",
         tier="Credits, €60 per participant credit (B2B participants cost 2 credits)",
         owner="Aiko Brandt", since="2024-08",
         gotchas=["Incentives are paid by Panelfly and included in the credit price.",
                  "No-shows are refunded only if reported within 24 hours."],
         code=None,
         date=("updated", "2026-02-10")),
    dict(name="Clicktrail", folder="Evaluated", emoji="", status="evaluated, not adopted",
         what="Unmoderated usability testing with heatmaps. Trialled in February 2026.",
         tier="Would have been Team, €99 per month",
         owner="Aiko Brandt", since="2026-02",
         gotchas=["Too few Dutch-speaking testers in their panel; moderated sessions through Panelfly work better for us."],
         code=None,
         date=("created", "2026-02-25")),
    # product / comms
    dict(name="Trackwise", folder="Product", emoji="📋", status="in use",
         what="Issue tracker and roadmaps for all client projects. One team per client, cycles of two weeks.",
         tier="Business, €12 per user per month billed annually; client guests free up to 10 per team",
         owner="Lotte van Dam", since="2024-09",
         gotchas=["Issue IDs are per team (`VEL-123`, `ORL-88`); link them in commit messages to auto-close.",
                  "Cycles start on Mondays; the cycle planning meeting is Monday 10:00.",
                  "Guests cannot see other clients' teams, but they can see the `Studio` team if invited to it: don't."],
         code=("bash", "tw issue create --team VEL --title 'Route export fails on empty depot' --label bug\ntw cycle current --team ORL"),
         date=("updated", "2026-10-12")),
    dict(name="Pagebook", folder="Evaluated", emoji="", status="dropped",
         what="The hosted docs wiki we used until August 2025. Replaced by this Obsidian vault, synced through a private Gitforge repository.",
         tier="Was Plus, €8 per user per month (cancelled August 2025)",
         owner="Lotte van Dam", since="2022-01",
         gotchas=["The markdown export lost every database view; we rebuilt the important ones as dataview queries."],
         code=None,
         date=("created", "2022-01-04")),
    dict(name="Obsidian", folder="Product", emoji="🪨", status="in use",
         what="This vault. Each person runs Obsidian locally; the vault is a private Gitforge repository (`brackenfield/vault`) synced with the obsidian-git plugin every 10 minutes.",
         tier="Free for us (commercial use no longer needs a licence); we pay for no sync add-on",
         owner="Lotte van Dam", since="2025-08",
         gotchas=["Merge conflicts happen in Daily notes when two people edit the same day: keep your own heading.",
                  "Plugins we rely on: obsidian-git, Dataview, Templater. Don't add others to the shared `.obsidian/` without asking Lotte."],
         code=("bash", "git -C ~/vault pull --rebase && git -C ~/vault push"),
         date=("updated", "2026-08-30")),
    dict(name="Chatterbox", folder="Comms", emoji="💬", status="in use",
         what="Team chat. Shared channels with clients are prefixed `ext-`.",
         tier="Pro, €6.75 per user per month billed annually (price rose from €5.25 in April 2026)",
         owner="Saoirse Nolan", since="2021-11",
         gotchas=["Message history on Pro is unlimited; on the free plan it was 90 days.",
                  "Shared `ext-` channels are owned by us; a client leaving the channel does not delete it."],
         code=None,
         date=("updated", "2026-04-22")),
    dict(name="Slotwise", folder="Comms", emoji="", status="in use",
         what="Booking links for sales calls and user interviews.",
         tier="Standard, €10 per month, one seat (Ines); Aiko uses the free plan",
         owner="Ines Okafor", since="2023-02",
         gotchas=["Interview links must add a 15-minute buffer after each session."],
         code=None,
         date=None),
    dict(name="Meetspace", folder="Comms", emoji="", status="in use",
         what="Video calls. We use the free plan; clients mostly invite us to their own tool.",
         tier="Free plan (calls up to 60 minutes, 100 participants)",
         owner="Saoirse Nolan", since="2022-05",
         gotchas=["Calls cut off at 60 minutes on the free plan: book workshops in a client's tool or split them."],
         code=None,
         date=("created", "2022-05-30")),
    # ops & finance
    dict(name="Ledgerly", folder="Ops & Finance", emoji="📒", status="in use",
         what="Bookkeeping, invoicing and VAT returns.",
         tier="Growth, €59 per month (unlimited invoices, 2 users)",
         owner="Saoirse Nolan", since="2021-11",
         gotchas=["Invoices go out on the 1st working day of the month; payment terms are 30 days.",
                  "Our accountant has the free accountant seat; it does not count against the 2 users."],
         code=None,
         date=("updated", "2026-06-15")),
    dict(name="Expensa", folder="Ops & Finance", emoji="🧾", status="in use",
         what="Expense claims and company cards.",
         tier="€8 per active user per month (only people who submit a claim that month are billed)",
         owner="Saoirse Nolan", since="2023-03",
         gotchas=["Photograph the receipt within 7 days; the app rejects claims older than 60 days.",
                  "Mileage is claimed as a distance, not an amount; the app applies the rate."],
         code=None,
         date=("updated", "2026-09-01")),
    dict(name="Salarium", folder="Ops & Finance", emoji="", status="in use",
         what="Payroll for our eight employees (Rui invoices as a contractor).",
         tier="€14 per employee per month",
         owner="Saoirse Nolan", since="2022-01",
         gotchas=["Payroll runs on the 24th; changes after the 18th go into the next month."],
         code=None,
         date=None),
    dict(name="Penstroke", folder="Ops & Finance", emoji="✍️", status="in use",
         what="E-signatures for contracts, SOWs and NDAs.",
         tier="Business, €25 per month for unlimited envelopes, 2 senders (Ines and Saoirse)",
         owner="Ines Okafor", since="2022-09",
         gotchas=["Templates for the NDA and the SOW live in Penstroke; don't upload Word copies."],
         code=None,
         date=("created", "2022-09-12")),
    dict(name="Peoplenest", folder="Ops & Finance", emoji="", status="in use",
         what="Leave requests, sick days and the team calendar.",
         tier="Core, €4 per user per month",
         owner="Saoirse Nolan", since="2023-01",
         gotchas=["Leave requests go to Saoirse, except Saoirse's own, which go to Ines."],
         code=None,
         date=("updated", "2026-01-07")),
    dict(name="Hourglass", folder="Ops & Finance", emoji="⏱️", status="in use",
         what="Time tracking for billable work.",
         tier="€9 per user per month, only for people who bill clients (7 users)",
         owner="Lotte van Dam", since="2023-05",
         gotchas=["Log time daily against the client's project; the weekly lock is Monday 12:00.",
                  "Internal work goes to the `Studio – internal` project, never to a client."],
         code=None,
         date=("updated", "2026-03-30")),
    dict(name="Pipewright", folder="Ops & Finance", emoji="", status="in use",
         what="CRM for leads, proposals and renewals.",
         tier="Starter, €29 per user per month, 3 users (Ines, Lotte, Tomasz)",
         owner="Ines Okafor", since="2024-01",
         gotchas=["Every proposal gets a deal in Pipewright before the SOW is drafted, or it is missing from the forecast."],
         code=None,
         date=("updated", "2026-05-27")),
    dict(name="Tunnelbright", folder="Security", emoji="", status="in use",
         what="Zero-trust network access to client environments and forge-01.",
         tier="€5 per user per month",
         owner="Rui Carvalho", since="2024-06",
         gotchas=["Access to a client environment is granted per project and expires after 90 days unless renewed."],
         code=("bash", "tunnelbright up\ntunnelbright connect forge-01"),
         date=("updated", "2026-06-02")),
    dict(name="Fleetly", folder="Security", emoji="💻", status="in use",
         what="Device management for studio laptops: disk encryption, OS updates, screen lock.",
         tier="€3.50 per device per month (11 devices)",
         owner="Rui Carvalho", since="2024-06",
         gotchas=["A laptop that misses OS updates for 14 days loses Tunnelbright access until it updates."],
         code=("bash", "fleetly status --device $(hostname)"),
         date=("updated", "2026-06-02")),
    dict(name="restic", folder="Security", emoji="", status="in use",
         what="Backups of forge-01 and the office NAS to an off-site Nimbra bucket.",
         tier="Free (open source); the bucket costs about €6 a month",
         owner="Femi Adeyemi", since="2024-11",
         gotchas=["Backups run nightly at 02:30; restore tests are done on the first Monday of each quarter.",
                  "The repository password is in Lockstep under `restic offsite`; without it the backups are unreadable."],
         code=("bash", "restic -r s3:https://s3.eu-fra-1.nimbra.example/bf-backup backup /srv/forge --tag nightly\nrestic -r $RESTIC_REPOSITORY snapshots --latest 5\nrestic -r $RESTIC_REPOSITORY restore latest --target /tmp/restore-test"),
         date=("updated", "2026-10-06")),
]

# Older copies left behind: (copy path, tool name, frontmatter, body changes)
OLD_TOOL_COPIES = [
    ("Tooling/_old/Canvasly (2024).md", "Canvasly", "---\ntags: [tooling, design]\nstatus: outdated\ncreated: 2024-02-02\n---\n",
     "Organization tier, €38 per editor per month billed annually; 4 editors", "Priya Raman"),
    ("Tooling/_old/Corvid API pricing 2025.md", "Corvid API", "---\ntags: tooling, ai, pricing\nupdated: 2025-04-08\n---\n",
     "Usage-based, standard rates: Corvid Large €3.00 per million input tokens and €12.00 per million output tokens; Corvid Swift €0.40 / €1.60. Monthly spending cap €2,500", "Jonah Mensah"),
    ("Tooling/Dev/Faultline 1.md", "Faultline", "",
     "Team tier, €29 per month for 50,000 events", "Tomasz Bielik"),
    ("Tooling/_old/Trackwise (draft).md", "Trackwise", "---\nstatus: draft\ncreated: 2024-08-20\n---\n",
     "Standard, €8 per user per month (trial)", "Lotte van Dam"),
    ("Tooling/_old/Chatterbox.md", "Chatterbox", "---\ndate_created: 2023-06-01\ntags: [tooling]\n---\n",
     "Pro, €5.25 per user per month billed annually", "Saoirse Nolan"),
]


def tool_path(t: dict[str, object]) -> str:
    emoji = f"{t['emoji']} " if t["emoji"] else ""
    return f"Tooling/{t['folder']}/{emoji}{t['name']}.md"


def tool_frontmatter(t: dict[str, object], i: int) -> str:
    date = t["date"]
    tagset = ["tooling", str(t["folder"]).lower().replace(" & ", "-").replace(" ", "-")]
    lines = []
    style = i % 4
    if style == 0:
        lines.append("tags: [" + ", ".join(tagset) + "]")
    elif style == 1:
        lines.append("tags: " + ", ".join(tagset))
    elif style == 2:
        lines.append("tags:\n" + "".join(f"  - {x}\n" for x in tagset).rstrip())
    if date:
        key, value = date  # type: ignore[misc]
        if i % 5 == 3 and key == "updated":
            value = f"{value}T09:{10 + i % 40:02d}:00+02:00"
        elif i % 7 == 2:
            value = f"'{value}'"
        lines.append(f"{key}: {value}")
    lines.append(f"owner: {t['owner']}")
    if t["status"] == "dropped":
        lines.append("status: archived")
    if i % 6 == 0:
        lines.append("publish: true")
    return "---\n" + "\n".join(lines) + "\n---\n"


def tool_page(t: dict[str, object], i: int, tier: str | None = None, owner: str | None = None) -> str:
    tier = tier or str(t["tier"])
    owner = owner or str(t["owner"])
    emoji = f"{t['emoji']} " if t["emoji"] else ""
    out = [f"# {emoji}{t['name']}", ""]
    since = str(t["since"])
    if t["status"] == "in use":
        out += [f"> [!info] In use since {since} · owner {person_link(owner)}", ""]
    else:
        out += [f"> [!warning] Status: {t['status']} ({since})", ""]
    if i % 2 == 0:
        out += [f"**What it is:** {t['what']}", "", f"**Tier we pay:** {tier}", "",
                f"**Owner:** {owner}", ""]
    else:
        out += [str(t["what"]), "", "| | |", "|---|---|", f"| Plan | {tier} |",
                f"| Owner | {owner} |", f"| Since | {since} |", ""]
    out += ["## Gotchas", ""] + [f"- {g}" for g in t["gotchas"]] + [""]  # type: ignore[union-attr]
    if t["code"]:
        lang, code = t["code"]  # type: ignore[misc]
        out += ["## Snippets", "", f"```{lang}", code, "```", ""]
    out += ["## Related", "", f"- [[Tooling/Tool spend 2026|Tool spend]]",
            f"- Owner: {person_link(owner, short=False)}", ""]
    if i % 3 == 1:
        out += ["#tool #" + str(t["folder"]).split()[0].lower(), ""]
    return "\n".join(out)


def build_tools() -> None:
    for i, t in enumerate(TOOLS):
        p = tool_path(t)
        write(p, tool_frontmatter(t, i) + "\n" + tool_page(t, i))
        section = "Tools we evaluated" if t["folder"] == "Evaluated" else "Tooling"
        index(section, p, f"{t['emoji']} {t['name']}".strip(), str(t["what"]).split(".")[0])
    by_name = {t["name"]: (i, t) for i, t in enumerate(TOOLS)}
    for path, name, front, tier, owner in OLD_TOOL_COPIES:
        i, t = by_name[name]
        body = tool_page(t, i + 1, tier=tier, owner=owner)
        if "draft" in front:
            body = body.split("## Gotchas")[0] + "## Gotchas\n\n- TODO\n"
        write(path, front + ("\n" if front else "") + body)
        index("Archive", path, Path(path).stem)
    # the spend summary page: a table (the tool notes are the detail)
    rows = []
    for t in TOOLS:
        if t["status"] != "in use":
            continue
        rows.append(f"| [[{tool_path(t)[:-3]}\\|{t['name']}]] | {t['owner']} | {str(t['tier']).split(';')[0]} |")
    write("Tooling/Tool spend 2026.md",
          "---\ntags: [tooling, budget]\nupdated: 2026-11-26\n---\n\n# Tool spend 2026\n\n"
          "> [!note] Saoirse reviews this table every quarter. Anything over €100 a month needs an owner and a yearly renewal check.\n\n"
          "![[Ops/Policies/💶 Expenses policy#Approval]]\n\n"
          "Renewals this winter: Canvasly (January), Lockstep (February), Trackwise (September).\n\n"
          "```dataview\nTABLE owner, status FROM \"Tooling\" WHERE status != \"archived\" SORT file.name ASC\n```\n\n"
          "| Tool | Owner | Plan |\n|---|---|---|\n" + "\n".join(rows) + "\n")
    index("Tooling", "Tooling/Tool spend 2026.md", "Tool spend 2026", "every paid tool, owner and plan")


# --- concepts and vocabulary --------------------------------------------------------------------
# (title, aliases, definition, extra paragraph)
CONCEPTS = [
    ("Retrieval-augmented generation", ["RAG"], "Answering with a language model after first fetching passages from the client's own documents and putting them in the prompt, so the answer can cite its sources instead of relying on what the model memorised.", "Our default shape for document assistants. Quality depends mostly on retrieval: measure recall of the right passage before tuning prompts."),
    ("Golden set", ["golden dataset", "gold set"], "A fixed, versioned collection of inputs with the answers a domain expert signed off, used to score every change to a prompt, a model or a retrieval setting.", "We keep golden sets in Evalhouse. A golden set of fewer than 50 items is a smoke test, not an eval."),
    ("Eval harness", ["evals", "evaluation harness"], "The code that runs a system over a golden set and computes its scores, so that a change can be compared with the last accepted run.", "Every client build has one from week two. It runs in CI on pull requests that touch prompts."),
    ("Prompt regression", [], "A drop in a score on the golden set caused by a change to a prompt that looked harmless.", "The rule: no prompt change merges if any tracked metric drops by more than 2 points without a written reason in the pull request."),
    ("Guardrails", ["output filters"], "Checks placed before or after a model call that block, rewrite or route an input or an output that breaks a rule (personal data, off-topic requests, medical advice).", "Guardrails are code and tests, not prompt text: a rule only in the prompt is a wish."),
    ("Human-in-the-loop review", ["HITL"], "A workflow where a person approves, edits or rejects the model's output before it reaches the end user or a system of record.", "Mandatory on the Orla Health intake work; optional elsewhere."),
    ("Discovery sprint", ["discovery"], "A fixed two-week paid engagement at the start of a project: interviews, a data audit, a clickable prototype and a go/no-go recommendation with an estimate.", "Priced at a flat €14,000 in 2026. About two thirds of our discovery sprints turn into a build."),
    ("Cost per successful task", ["CPST"], "Our headline efficiency metric for AI features: total model and infrastructure spend divided by the number of tasks the golden set or production sampling judges successful.", "It punishes cheap models that fail often, which a cost-per-call number hides."),
    ("Latency budget", [], "The time an interaction may take end to end, split between retrieval, model calls and the rest, agreed with the client before building.", "For chat we budget 2.5 seconds to first token at p95."),
    ("Token budget", [], "The maximum number of tokens a single request may spend on input context and output, set per feature to keep cost predictable.", "Our template sets 6,000 input and 800 output tokens unless a feature needs more."),
    ("Hallucination rate", ["fabrication rate"], "The share of answers in an evaluation that state something not supported by the provided sources.", "Measured by a judge model plus a monthly human audit of 40 samples."),
    ("Red-teaming", ["red team"], "Deliberately attacking a system with adversarial inputs (jailbreaks, prompt injection, misuse) before launch to find what the guardrails miss.", "Each launch gets a half-day red-team session with someone who did not build it."),
    ("Shadow launch", ["dark launch"], "Running a new model or feature on real traffic without showing its output to users, to compare it with the current system.", "We ran Veldkamp's route explanations in shadow for three weeks."),
    ("Design tokens", [], "Named values (colours, spacing, type sizes) stored once and used by both design files and code, so a change propagates everywhere.", "Ours live in the `ds-tokens` repository and are exported from Canvasly."),
    ("Jobs to be done", ["JTBD"], "Framing a product need as the progress a person is trying to make in a situation, rather than as a feature request.", "Interview guides in Aiko's research kit are written as JTBD prompts."),
    ("Opportunity solution tree", ["OST"], "A diagram linking a desired outcome to the opportunities found in research and the solutions and experiments for each.", "Lotte builds one per client after discovery."),
    ("RICE scoring", ["RICE"], "Prioritising by Reach × Impact × Confidence ÷ Effort.", "We use it for backlogs over 30 items; below that a conversation is faster."),
    ("Wizard-of-Oz prototype", ["WoZ"], "A prototype in which a person secretly performs what the software will later do, to test the experience before building the hard part.", "Useful for agent features: a human plays the agent in the chat."),
    ("Fake door test", ["painted door"], "Showing a button or offer for something that does not exist yet and measuring how many people try it.", "Always tell the people who clicked what happened, and never do it with patients."),
    ("Fine-tuning vs prompting", ["fine-tuning"], "The choice between changing a model's weights on your own examples and only changing the instructions and context it receives.", "Our rule: prompt and retrieve first; fine-tune only with 1,000+ clean examples and a golden set that shows prompting has plateaued."),
    ("Chunking", [], "Splitting documents into passages before embedding them, by size, by structure (headings, paragraphs) or both.", "Default in our template: 400 tokens with 60 tokens of overlap, split on headings first."),
    ("Reranking", ["reranker"], "A second, more expensive scoring pass over the top retrieved passages to put the most relevant first.", "Adds about 120 ms; worth it when the top-5 recall is below 0.9."),
    ("Embedding drift", [], "The loss of search quality when documents embedded with one model version are searched with queries embedded by another.", "Re-embed the whole index whenever the embedding model changes; never mix."),
    ("Confidence gating", [], "Only acting on, or showing, a model's answer automatically when a separate check rates it reliable; everything else goes to a fallback or a person.", "See [[Concepts/Human-in-the-loop review]]."),
    ("Data contract", [], "A written agreement between the team producing a dataset and the team using it: schema, freshness, owner and what happens on breaking changes.", "We ask clients for one before any pipeline work starts."),
    ("PII scrubbing", ["redaction"], "Removing or masking personal data (names, emails, phone numbers, identifiers) from text before it is logged, stored or sent to a third party.", "Our scrubber runs before every log line and every Faultline event."),
    ("Synthetic data", [], "Examples generated by a model or a script instead of collected from real use, to fill gaps in a training or evaluation set.", "Never more than 30% of a golden set, and always labelled as synthetic."),
    ("Agent loop", ["agentic loop"], "A model repeatedly choosing a tool, reading the result and deciding the next step until it reaches a stopping condition.", "Always cap steps (our default is 8) and cost per run."),
    ("North star metric", [], "The single number a product team agrees best captures the value users get.", "For internal tools we prefer time saved per week per user."),
    ("Definition of done", ["DoD"], "The checklist every piece of work must meet before it counts as finished.", "Ours: reviewed, tested, documented in the client README, deployed to staging, demoed."),
    ("Technical spike", ["spike"], "A time-boxed investigation to answer one technical question, ending in a written answer rather than production code.", "Time box: at most 3 days; longer needs Lotte's say-so."),
    ("Model card", [], "A short document describing a model's intended use, data, evaluation results and known limits.", "We hand one over with every model we fine-tune for a client."),
    ("Blended rate", [], "The average day rate across the people on a project, used to price work without quoting each person's rate.", "Our 2026 blended rate is €1,050 a day."),
    ("Utilisation", [], "The share of a person's available hours that are billed to clients.", "Target 70% for engineers and designers, 40% for leads."),
    ("Handover pack", [], "Everything a client needs to run a system without us: repository access, runbook, architecture notes, model card, credentials transfer and a recorded walkthrough.", "Delivered in the last week of every build."),
]

VOCAB = [
    ("Bracken hour", ["Friday demo"], "Our Friday 16:00 show-and-tell: each project demos something working, however small, then drinks."),
    ("Paper cut", [], "A small annoyance in a product that is cheap to fix; we keep a paper-cut label in Trackwise."),
    ("Yak shave", ["yak"], "A chain of side tasks you had to do before the real task; say it out loud in standup."),
    ("Greenlight review", ["greenlight"], "The go/no-go meeting at the end of a discovery sprint where the client decides whether to fund the build."),
    ("T-shirt sizing", [], "Rough estimates as S, M, L or XL; for us S is up to 2 days, M up to a week, L up to 3 weeks, XL means split it."),
    ("Burn rate", [], "How much money the studio spends per month; Saoirse reports it at the monthly all-hands."),
    ("Runway", [], "How many months the studio could pay its costs from cash in the bank with no new revenue."),
    ("Retainer", [], "A contract where the client pays a fixed monthly fee for an agreed capacity of our time."),
    ("Fixed bid", ["fixed-price"], "A contract with a price agreed upfront for a defined scope; changes go through change requests."),
    ("Change request", ["CR"], "A written change of scope, price or timeline on a fixed-bid contract, signed by both sides before work starts."),
    ("SOW", ["statement of work"], "The document that describes one engagement's scope, deliverables, timeline and price under the master agreement."),
    ("MSA", ["master services agreement"], "The umbrella contract with a client; each engagement then gets its own SOW."),
    ("DPA", ["data processing agreement"], "The GDPR contract that says how we process a client's personal data as their processor."),
    ("Pilot", [], "A short paid build with real users and a fixed end date, to prove value before a larger contract."),
    ("Bench time", ["on the bench"], "Time when a person has no client work assigned; used for internal projects and learning."),
    ("Pairing", ["pair programming"], "Two people working on the same change at one screen or in one shared session."),
    ("Mob session", ["mobbing"], "The whole project team working on one problem together; we book them for hard debugging."),
    ("Hotfix", [], "A fix released outside the normal cycle because production is broken."),
    ("Freeze window", ["code freeze"], "A period when nothing is deployed to a client's production; ours covers 20 December to 2 January."),
    ("Launch train", [], "A fixed release rhythm: whatever is ready on Tuesday at noon ships that week."),
    ("Sev", ["severity"], "Incident severity: Sev1 means a client's production is down or leaking data, Sev2 degraded, Sev3 a minor bug."),
    ("Kill switch", [], "A flag that turns an AI feature off instantly and falls back to the non-AI path."),
    ("Canary", ["canary release"], "Rolling a change out to a small share of users first and watching error rates before everyone gets it."),
    ("Bake time", [], "How long a change runs on staging or a canary before promotion; our minimum is 24 hours for model changes."),
    ("Eval set", [], "Any set of inputs used to score a system; the signed-off ones are golden sets."),
    ("Golden answer", [], "The expert-approved reference answer to one item of a golden set."),
    ("Judge model", ["LLM judge"], "A language model prompted to grade another model's outputs against a rubric or a golden answer."),
    ("Context window", [], "The maximum number of tokens a model can read in one request, prompt and documents included."),
    ("Temperature", [], "A sampling setting: 0 makes output nearly deterministic, higher values make it more varied. Our template uses 0.2 for extraction and 0.7 for drafting."),
    ("Top-p", ["nucleus sampling"], "A sampling setting that only considers the most likely tokens whose probabilities add up to p."),
    ("System prompt", [], "The standing instructions given to a model before the conversation; ours live in `prompts/system/` in each repository."),
    ("Tool call", ["function calling"], "A model's structured request to run a function we expose, with arguments, instead of answering in text."),
    ("Grounding", [], "Tying a model's answer to provided sources so each claim can be traced."),
    ("Citation rate", [], "The share of answers whose claims all point to a source passage."),
    ("Refusal", [], "A model declining to answer; we track unnecessary refusals as a failure, not a safety win."),
    ("Jailbreak", [], "An input crafted to make a model ignore its instructions or safety rules."),
    ("Prompt injection", [], "Instructions hidden in content the model reads (a web page, an email, a PDF) that try to take over its behaviour."),
    ("Token", [], "The unit models read and bill in; roughly three quarters of an English word."),
    ("Embedding", [], "A list of numbers representing a text's meaning, so similar texts are close together."),
    ("Vector store", ["vector database"], "A database that finds the embeddings nearest to a query embedding; ours is pgvector."),
    ("TTFT", ["time to first token"], "How long until the first token of a streamed answer arrives; the number users feel."),
    ("p95", ["95th percentile"], "The value 95% of requests stay under; we set latency targets at p95, never on the average."),
    ("Quantisation", ["quantization"], "Storing a model's weights with fewer bits (8 or 4) so it runs on smaller hardware at some cost in quality."),
    ("LoRA", ["low-rank adaptation"], "A cheap fine-tuning method that trains small added matrices instead of the whole model."),
    ("Distillation", [], "Training a small model to imitate a large one's outputs."),
    ("Overfitting", [], "A model or prompt that scores well on the examples it was tuned on and worse on new ones."),
    ("Data leakage", ["leakage"], "Evaluation items that also appear in training data or prompts, so scores look better than they are."),
    ("Cold start", [], "The first request after a service has scaled to zero, slow because the container or model must load."),
    ("Backfill", [], "Reprocessing historical data through a new or fixed pipeline."),
    ("Runbook", [], "Step-by-step instructions for operating or recovering a system, kept in the client repository's `docs/runbook.md`."),
    ("On-call", [], "Being the person who answers alerts out of hours; only for clients whose SLA includes it."),
    ("SLA", ["service level agreement"], "The response and uptime promises in a support contract."),
    ("Office hours", [], "Ines's open slot on Wednesdays 14:00–15:00 for anyone's questions about money, contracts or career."),
    ("Studio week", [], "The first week of January and the last week of July, when nobody works on client projects and the studio fixes its own tools."),
    ("Intake", [], "At Orla Health: the questionnaire a patient fills in before a first appointment; the thing our assistant helps with."),
    ("Depot", [], "At Veldkamp Logistics: a warehouse where routes start and end."),
]


def vocab_folder(term: str) -> str:
    c = term[0].upper()
    if c <= "F":
        return "Vocabulary/A–F"
    if c <= "M":
        return "Vocabulary/G–M"
    if c <= "R":
        return "Vocabulary/N–R"
    return "Vocabulary/S–Z"


def alias_block(aliases: list[str], i: int) -> str:
    if not aliases:
        return ""
    if i % 3 == 0:
        return "aliases: [" + ", ".join(aliases) + "]\n"
    if i % 3 == 1:
        return "aliases:\n" + "".join(f"  - {a}\n" for a in aliases)
    return "alias: " + aliases[0] + "\n"


def build_concepts() -> None:
    for i, (title, aliases, definition, extra) in enumerate(CONCEPTS):
        front = "---\n" + alias_block(aliases, i)
        front += ["tags: [concept]\n", "tags: concept, ai\n", "", "type: concept\n"][i % 4]
        if i % 5 == 0:
            front += f"created: 2025-{1 + i % 12:02d}-{3 + i % 20:02d}\n"
        elif i % 5 == 2:
            front += f"Date Created: 2024-{1 + i % 12:02d}-{5 + i % 20:02d}T1{i % 10}:02:00+01:00\n"
        front += "---\n\n"
        also = ", ".join(f"`{a}`" for a in aliases)
        body = f"# {title}\n\n"
        if aliases and i % 2:
            body += f"*Also called {also}.*\n\n"
        body += f"> [!note] Definition\n> {definition}\n\n{extra}\n\n"
        near = CONCEPTS[(i + 3) % len(CONCEPTS)][0]
        body += f"See also: [[Concepts/{near}]]" + (" · #concept" if i % 4 == 2 else "") + "\n"
        path = f"Concepts/{title}.md"
        write(path, front + body)
        index("Concepts", path, title, definition.split(",")[0].split(".")[0][:80] if i % 2 else "")
    for i, (term, aliases, definition) in enumerate(VOCAB):
        front = ""
        if i % 4 != 3:
            front = "---\n" + alias_block(aliases, i) + ("tags: [vocab]\n" if i % 2 else "") + "---\n\n"
        body = f"# {term}\n\n{definition}\n"
        if aliases:
            body += f"\nAlso: {', '.join(aliases)}.\n"
        if i % 4 == 3:
            body += "\n#vocab\n"
        path = f"{vocab_folder(term)}/{term}.md"
        write(path, front + body)
        index("Vocabulary", path, term)
    write("Vocabulary/Vocabulary.md",
          "# Vocabulary\n\nOur words, and the AI words clients ask about. One note per term, filed A–F, G–M, N–R, S–Z.\n\n"
          "```dataview\nLIST FROM \"Vocabulary\" SORT file.name ASC\n```\n")


# --- clients -----------------------------------------------------------------------------------

CLIENTS: dict[str, dict[str, object]] = {
    "Veldkamp Logistics": dict(
        short="veldkamp", code="VEL", city="Utrecht, Netherlands", status="active",
        contact="Marieke Veldkamp (COO)", tech="Bram de Wit (IT lead)",
        lead="Tomasz Bielik", pm="Lotte van Dam",
        deal="Retainer of €21,000 a month since 1 July 2026 for 17 days of capacity a month (it was €18,500 for 15 days from September 2025 to June 2026)",
        what="Routewise: an assistant that explains the nightly route plan to Veldkamp's 60 dispatchers across 14 depots and answers their questions about it.",
        stack="Corvid Swift (since August 2026; Corvid Large before) with EU residency, an Ollama fallback on Veldkamp's own server, Nimbra Cloud eu-fra-1.",
        channel="#ext-veldkamp", repo="brackenfield/veldkamp-routes", start="2025-09-01",
        decisions=[("2025-10-02", "Use Corvid Large with EU data residency; fallback to llama3.1:8b on their server when Corvid is down."),
                   ("2026-01-30", "No hosted feature flags (Toggleworks trial ended); flags stay in config files."),
                   ("2026-03-18", "Run route explanations in shadow for three weeks before dispatchers see them."),
                   ("2026-05-12", "Renew the retainer at €21,000 a month from July 2026 (17 days)."),
                   ("2026-08-20", "Switch explanations from Corvid Large to Corvid Swift: cost per successful task fell from €0.041 to €0.012 with no drop on the golden set.")],
        meetings={
            "2025-09-03 Kickoff": "Weekly sync agreed: Tuesdays 10:30 at the Utrecht office or on Meetspace. Veldkamp runs 14 depots; about 60 dispatchers will use the assistant. Bram gives us read access to the planning database by 15 September. First goal: explain why a stop moved to another route.",
            "2026-03-18 Shadow launch review": "Explanations run in shadow for three weeks from 23 March. Success criterion agreed with Marieke: dispatchers accept at least 80% of explanations in the blind review. Kill switch stays with Bram.",
            "2026-04-14 Shadow results": "Three weeks of shadow traffic: dispatchers accepted 84% of explanations in the blind review (criterion was 80%). Go for a staged rollout, two depots first (Nieuwegein and Tiel).",
            "2026-05-12 Retainer renewal": "Marieke agreed to renew from 1 July 2026 at €21,000 a month for 17 days of capacity, up from €18,500 for 15 days. Invoice monthly in advance; the notice period stays at two months.",
            "2026-08-20 Model cost review": "Jonah presented the comparison on the golden set: Corvid Swift matched Corvid Large on explanation quality (0.91 vs 0.92) at a third of the cost. Decision: switch to Swift. Cost per successful task falls from €0.041 to €0.012.",
            "2026-11-10 Q4 planning": "Next year: a driver-facing app. Marieke will ask Veldkamp's board for a €60,000 budget in January 2027. Until then we keep the retainer on Routewise improvements; the December freeze applies from 20 December.",
        }),
    "Orla Health": dict(
        short="orla", code="ORL", city="Dublin, Ireland", status="active",
        contact="Dr Niamh Keane (Chief Medical Officer)", tech="Cian Doherty (head of product)",
        lead="Jonah Mensah", pm="Lotte van Dam",
        deal="Fixed bid of €96,000 for phase 1 (signed 9 February 2026); change request CR-2 of €18,000 for Irish-language intake (signed September 2026)",
        what="An intake assistant that helps patients complete the pre-appointment questionnaire and writes a summary for the nurse. It never gives a diagnosis.",
        stack="Corvid Large via an EU-resident key, Nimbra Cloud eu-ams-2 (Amsterdam: Orla's DPA names it), Tidepool DB, human review of every summary.",
        channel="#ext-orla", repo="brackenfield/orla-intake", start="2026-02-09",
        decisions=[("2026-02-11", "Every summary is reviewed by a nurse before it enters the patient record (human-in-the-loop, no exceptions)."),
                   ("2026-02-11", "Host in Amsterdam (eu-ams-2), not Frankfurt, as named in the DPA."),
                   ("2026-04-22", "23 red-flag symptoms always route straight to a nurse; the assistant does not ask follow-up questions about them."),
                   ("2026-07-08", "Golden set v1 of 320 items signed off by Dr Keane; target hallucination rate below 1%."),
                   ("2026-09-15", "Add Irish-language intake under change request CR-2 (€18,000).")],
        meetings={
            "2026-02-11 Kickoff": "Three clinics at launch: Rathmines, Swords and Galway. Target go-live 19 October 2026. Niamh insists that no output reaches the patient record without a nurse's review. Cian owns the backlog on Orla's side.",
            "2026-04-22 Clinical safety review": "Agreed a list of 23 red-flag symptoms (chest pain, sudden weakness, suicidal thoughts and the rest in the safety case) that always route to a nurse at once. The assistant must not name conditions or suggest a diagnosis. Red-team session booked for June.",
            "2026-07-08 Golden set sign-off": "Dr Keane signed off golden set v1: 320 intake transcripts with approved summaries. Target: hallucination rate below 1% and no missed red flag. Current run: 1.6% hallucination, 0 missed red flags.",
            "2026-09-15 Phase 2 change request": "Orla wants Irish-language intake for the Galway clinic. Change request CR-2: €18,000, six weeks, starting after go-live. Signed by Cian on 18 September.",
            "2026-10-27 Go-live retro": "Live since 19 October 2026 in all three clinics. First week: 1,140 intakes completed; nurses edited 9% of summaries and rejected 0.5%. Hallucination rate on sampled production traffic 0.7%.",
        }),
    "Kestrel Books": dict(
        short="kestrel", code="KES", city="Bristol, United Kingdom", status="active (maintenance)",
        contact="Hal Pemberton (digital director)", tech="Ruth Okonjo (data manager)",
        lead="Femi Adeyemi", pm="Lotte van Dam",
        deal="Time and materials at £850 a day, capped at 40 days a quarter",
        what="Metadata generation for a backlist of 12,000 titles (blurbs, keywords and subject codes) and a semantic search for the editorial team.",
        stack="Corvid Large for drafting, pgvector on Tidepool DB for search, a nightly sync from their title database.",
        channel="#ext-kestrel", repo="brackenfield/kestrel-meta", start="2025-04-14",
        decisions=[("2025-05-30", "pgvector on Tidepool instead of Weft: no extra cost and EU hosting."),
                   ("2025-07-01", "Editors approve every blurb before it is published; nothing auto-publishes."),
                   ("2026-01-20", "Move to maintenance: 10 days a quarter from April 2026.")],
        meetings={
            "2025-04-14 Kickoff": "Backlist of 12,000 titles, about a third with no usable blurb. Hal wants keywords that booksellers' search picks up. Ruth sends a title export every night at 01:00.",
            "2025-05-30 Vector store decision": "Femi compared Weft and pgvector on 20,000 chunks: equal recall at 10, pgvector at no extra cost and in the EU. Decision: pgvector on Tidepool.",
            "2026-06-03 Quarterly review": "Editors approved 87% of generated blurbs without changes and 9% after edits. Search is used by 22 editors weekly. Maintenance runs at 10 days a quarter.",
        }),
    "Gemeente Oosterhaven": dict(
        short="oosterhaven", code="OOS", city="Oosterhaven, Netherlands", status="active",
        contact="Evert Schouten (information manager)", tech="Nadia El Amrani (infrastructure)",
        lead="Tomasz Bielik", pm="Lotte van Dam",
        deal="Public tender won on 20 February 2026: €148,000 for twelve months from 2 March 2026",
        what="Search and question answering over twenty years of council decisions and policy documents, in Dutch, for civil servants.",
        stack="Everything on-premises: two municipal servers with two L40S GPUs each, Llama 3.1 70B in 4-bit through Ollama, embeddings computed locally. No external APIs at all.",
        channel="#ext-oosterhaven", repo="brackenfield/oosterhaven-zoek", start="2026-03-02",
        decisions=[("2026-03-05", "No external model APIs: every model runs on the municipality's own servers."),
                   ("2026-04-09", "Llama 3.1 70B in 4-bit on two servers with 2× L40S each."),
                   ("2026-09-24", "Accessibility: WCAG 2.1 AA is a launch blocker, not a nice-to-have.")],
        meetings={
            "2026-02-20 Tender award": "We won the tender against four bidders. Contract value €148,000 for twelve months from 2 March 2026. Evert is the contract owner; all data stays in the municipality's data centre.",
            "2026-04-09 Architecture review": "Nadia confirmed two servers with two L40S GPUs each. We run Llama 3.1 70B quantised to 4 bits through Ollama; embeddings are computed locally. Access through the municipality's VPN, not Tunnelbright.",
            "2026-09-24 Accessibility audit": "External audit against WCAG 2.1 AA found 14 issues; 11 were fixed by the end of the sprint, the other 3 (focus order in the results filter) are scheduled before launch.",
        }),
    "Pallas Outdoor": dict(
        short="pallas", code="PAL", city="Munich, Germany", status="archived",
        contact="Lena Hartmann (head of e-commerce)", tech="Jan Vogt (lead developer)",
        lead="Mateo Ruiz", pm="Lotte van Dam",
        deal="Retainer of €12,000 a month from June 2025; ended 30 June 2026",
        what="Product recommendations and size advice for an outdoor-gear web shop.",
        stack="Corvid Swift for size advice, a nightly recommender job on Nimbra Cloud eu-fra-1.",
        channel="#ext-pallas (archived)", repo="brackenfield/pallas-recs", start="2025-06-02",
        decisions=[("2025-06-10", "Size advice uses the return-reason data, never the customer's body measurements."),
                   ("2026-05-28", "End the retainer on 30 June 2026; handover pack by 26 June.")],
        meetings={
            "2025-06-02 Kickoff": "Lena wants fewer returns for wrong sizes: returns for size were 31% of all returns in 2024. Jan owns their Shopware integration.",
            "2026-05-28 Offboarding": "Pallas's parent company froze external spend. The retainer ends on 30 June 2026. We deliver the handover pack by 26 June; Jan's team takes over the recommender. Returns for size fell from 31% to 24% during the engagement.",
        }),
    "Tessellate Games": dict(
        short="tessellate", code="TES", city="Helsinki, Finland", status="active",
        contact="Ville Koskinen (narrative director)", tech="Sanna Aalto (tools programmer)",
        lead="Jonah Mensah", pm="Lotte van Dam",
        deal="Pilot of €30,000 (November 2025 to February 2026), then a build of €84,000 signed 10 March 2026",
        what="Tooling that helps game writers draft NPC barks (short lines characters say) in the studio's voice, inside their Unity editor.",
        stack="Corvid Large fine-tuning was rejected; prompting with a style guide and 400 examples, a Unity editor plugin, Evalhouse for voice consistency.",
        channel="#ext-tessellate", repo="brackenfield/tessellate-barks", start="2025-11-04",
        decisions=[("2025-11-20", "Writers stay authors: the tool drafts, a writer must accept every line."),
                   ("2026-02-24", "No fine-tuning: prompting with 400 examples matched the fine-tuned model."),
                   ("2026-03-10", "Build phase signed: €84,000.")],
        meetings={
            "2025-11-04 Pilot kickoff": "Pilot of €30,000 over four months. Ville's team of six writers tries the tool on one game. Sanna builds the Unity side; we own the generation service.",
            "2026-02-24 Pilot review": "Writers kept 62% of generated barks after light edits. Fine-tuning did not beat prompting with 400 examples. Ville recommends the build.",
            "2026-03-10 Build SOW signed": "Build SOW signed for €84,000, March to September 2026: localisation into Finnish and Swedish, and a voice-consistency score in Evalhouse.",
        }),
    "Harbourline Ferries": dict(
        short="harbourline", code="HAR", city="Gothenburg, Sweden", status="prospect",
        contact="Maja Lindqvist (head of customer service)", tech="unknown yet",
        lead="Ines Okafor", pm="Lotte van Dam",
        deal="Proposal sent 18 November 2026: a discovery sprint at €14,000; decision expected by 15 December 2026",
        what="A possible assistant for booking changes and cancellations for ferry passengers.",
        stack="Not decided.",
        channel="none yet", repo="none yet", start="",
        decisions=[],
        meetings={
            "2026-11-12 Intro call": "Maja's team handles about 9,000 booking changes a month by phone. She wants to know whether an assistant could take half. We proposed a discovery sprint.",
            "2026-11-18 Proposal sent": "Proposal for a two-week discovery sprint at €14,000 sent to Maja. She expects a decision by 15 December 2026.",
        }),
}

FILLER_TOPICS = ["Weekly sync", "Sprint review", "Backlog grooming", "Design review", "Data walkthrough",
                 "Eval review", "Demo", "Planning", "Retro", "Status call"]
FILLER_LINES = [
    "Went through the open tickets in the current cycle; two moved to next cycle.",
    "Walked through the latest prototype; feedback captured in the Canvasly comments.",
    "Agreed to keep the demo short next time and show the failure cases too.",
    "Discussed the edge cases found in last week's eval run.",
    "Client asked for a written summary of the trade-offs; Lotte to send it.",
    "Reviewed the error log of the last two weeks: nothing above Sev3.",
    "Talked about the upcoming holidays and who covers what.",
    "The data export arrived late again; agreed a reminder on the day before.",
    "Reviewed open questions from the client's legal team; nothing blocking.",
    "Short call, mostly scheduling. No decisions.",
]


def client_overview(name: str, c: dict[str, object], i: int) -> str:
    front = "---\n"
    front += ["tags: [client, active]\n", "tags: client\n", "", "tags:\n  - client\n"][i % 4]
    front += ["updated: 2026-11-25\n", "modified: 2026-10-30T17:45:00+01:00\n", "created: 2025-03-02\n",
              "last_updated: '2026-11-16'\n"][i % 4]
    if c["status"] == "archived":
        front += "status: archived\n"
    front += f"aliases: [{c['short']}]\n---\n\n"
    body = [f"# {name}", ""]
    if i % 2:
        body += [f"> [!abstract] {c['what']}", ""]
    else:
        body += [str(c["what"]), ""]
    body += ["## Key facts", "",
             f"- **Where:** {c['city']}",
             f"- **Status:** {c['status']}",
             f"- **Main contact:** {c['contact']}",
             f"- **Technical contact:** {c['tech']}",
             f"- **Our lead:** {person_link(str(c['lead']))} · PM {person_link(str(c['pm']))}",
             f"- **Commercials:** {c['deal']}",
             f"- **Stack:** {c['stack']}",
             f"- **Chat:** `{c['channel']}` · **Repo:** `{c['repo']}` · **Trackwise team:** {c['code']}", ""]
    if c["start"]:
        body += [f"Started {c['start']}.", ""]
    body += ["## Notes", "", f"- [[Clients/{name}/Decisions|Decision log]]",
             "- Meetings: see the `Meetings` folder", "",
             "```dataview", f"TABLE file.ctime AS created FROM \"Clients/{name}/Meetings\" SORT file.name DESC", "```", "", f"![[Clients/{name}/Decisions]]" if c["decisions"] else "", ""]
    return front + "\n".join(body)


def client_decisions(name: str, c: dict[str, object]) -> str:
    rows = "\n".join(f"| {when} | {what} |" for when, what in c["decisions"])  # type: ignore[attr-defined]
    return (f"---\ntags: [client, decisions]\nupdated: 2026-11-{20 + len(name) % 9:02d}\n---\n\n# {name}: decisions\n\n"
            f"Newest last. Each decision links back to the meeting where it was made.\n\n| Date | Decision |\n|---|---|\n{rows}\n")


def meeting(name: str, c: dict[str, object], title: str, text: str, i: int, key: bool) -> str:
    date = title[:10]
    topic = title[11:]
    attendees = [str(c["pm"]), str(c["lead"]), str(c["contact"]).split(" (")[0]]
    style = i % 5
    if style == 0:
        front = f"---\ndate: {date}\ntags: [meeting, {c['short']}]\n---\n\n"
    elif style == 1:
        front = f"---\ncreated: {date}T{9 + i % 8:02d}:00:00+01:00\ntype: meeting\nclient: \"[[Clients/{name}/Overview|{name}]]\"\n---\n\n"
    elif style == 2:
        front = f"---\nDate Created: {date}\n---\n\n"
    elif style == 3:
        front = ""
    else:
        front = f"---\ntags: meeting, {c['short']}\ndate_created: '{date}'\n---\n\n"
    body = [f"# {topic} — {name}", "", f"**Date:** {date}  ", "**Attendees:** " + ", ".join(attendees), ""]
    if key:
        body += ["## Notes", "", text, ""]
    else:
        lines = R.sample(FILLER_LINES, 3)
        body += ["## Notes", ""] + [f"- {x}" for x in lines] + [""]
    owner = R.choice(attendees[:2])
    body += ["## Actions", "", f"- [ ] {person_link(owner)} to send the notes to {attendees[2]}", ""]
    if style == 3:
        body += [f"#meeting #{c['short']}", ""]
    return front + "\n".join(body)


def build_clients() -> None:
    for i, (name, c) in enumerate(CLIENTS.items()):
        overview = f"Clients/{name}/Overview.md"
        write(overview, client_overview(name, c, i))
        index("Clients", overview, name, f"{c['city']}, {c['status']}")
        if c["decisions"]:
            write(f"Clients/{name}/Decisions.md", client_decisions(name, c))
            index("Clients", f"Clients/{name}/Decisions.md", f"{name} decisions")
        meetings: dict[str, tuple[str, bool]] = {k: (v, True) for k, v in c["meetings"].items()}  # type: ignore[attr-defined]
        if c["start"] and c["status"] != "prospect":
            start = d(str(c["start"]))
            end = d("2026-06-30") if c["status"] == "archived" else d("2026-11-27")
            n = 28 if c["status"] == "active" else 16
            for _ in range(n):
                day = start + dt.timedelta(days=R.randrange((end - start).days))
                while day.weekday() > 4:
                    day += dt.timedelta(days=1)
                title = f"{day.isoformat()} {R.choice(FILLER_TOPICS)}"
                if any(k[:10] == title[:10] for k in meetings):
                    continue
                meetings[title] = ("", False)
        for j, (title, (text, key)) in enumerate(sorted(meetings.items())):
            path = f"Clients/{name}/Meetings/{title}.md"
            write(path, meeting(name, c, title, text, j, key))
            if key:
                index("Clients", path, title, "")


# --- market ------------------------------------------------------------------------------------
# competitor studios: name, hq, founded, headcount, focus, pricing, funding, note date, our take
COMPETITORS = [
    ("Loomwise", "Amsterdam", 2019, 38, "AI assistants for insurers and banks", "day rates €1,300–€1,600; discovery from €25,000",
     "bootstrapped; no outside funding", "2026-10-21", "Our most frequent rival in Dutch tenders; bigger, slower, strong in regulated sectors."),
    ("Fathom & Fold", "Antwerp", 2020, 22, "product design studio that added an AI practice in 2024", "day rate €950; fixed-bid MVPs from €60,000",
     "seed round of €2.1M in March 2023 led by Scheldt Ventures", "2026-09-02", "Design-led like us; weaker engineering. Lost the Pallas pitch to us in 2025."),
    ("Quarry Labs", "Berlin", 2018, 64, "data and ML consultancy for manufacturing", "day rates €1,100–€1,400",
     "acquired by Hollmann Group in January 2026 for an undisclosed sum", "2026-02-03", "Now part of a large IT services group; expect them to chase bigger tenders."),
    ("Stilt Digital", "Rotterdam", 2016, 45, "web and app agency with an AI offer since 2025", "day rate €850; retainers from €8,000 a month",
     "bootstrapped", "2026-06-18", "Same city, cheaper; we win when the work is AI-first and lose when it is a website."),
    ("Emberline", "London", 2021, 30, "LLM product studio for media and publishing", "day rate £1,100",
     "Series A of £9M in June 2025 led by Northbank Capital", "2025-07-08", "Pitched against us at Kestrel; strong in publishing."),
    ("Parallax Works", "Copenhagen", 2017, 55, "service design and AI for public sector", "day rate DKK 10,500",
     "bootstrapped", "2026-03-14", "Nordic public sector specialist; possible partner for Harbourline."),
    ("Oxbow Studio", "Utrecht", 2022, 12, "small AI prototyping studio", "day rate €900; two-week prototypes at €12,000",
     "pre-seed of €600k in 2023", "2026-11-05", "The closest to us in size and offer; cheaper discovery."),
    ("Cinder AI", "Paris", 2023, 80, "AI agents for customer service, sold as a product plus services", "platform from €2,500 a month plus services at €1,200 a day",
     "Series B of €48M in September 2026 led by Rivage Partners", "2026-09-30", "Product company that also sells services; a threat on customer-service work like Harbourline."),
    ("Sable & Moss", "Ghent", 2019, 18, "research and strategy studio", "day rate €1,000",
     "bootstrapped", "2025-04-22", "Research-only; sometimes a subcontractor for us."),
    ("Brightwater Labs", "Dublin", 2020, 40, "digital health products", "day rate €1,150",
     "Series A of €7.5M in 2024 led by Liffey Health Fund", "2026-05-09", "Competed for Orla Health; health-sector credentials we lack."),
    ("Kite Analytics", "Munich", 2015, 120, "data platforms and BI", "day rate €1,250",
     "growth equity from Alpbach Partners in 2022", "2025-11-11", "Rarely a direct rival; partner when a client needs a data platform first."),
    ("Mosaic Foundry", "Eindhoven", 2021, 26, "AI for industrial design and hardware teams", "day rate €1,050",
     "seed of €3.4M in April 2026 led by Kempen Tech Fund", "2026-04-30", "Niche; not on our turf."),
    ("Haywire Studio", "Helsinki", 2018, 15, "game tools and narrative tech", "day rate €900",
     "bootstrapped", "2026-01-19", "Knows Tessellate's people; pitched them tooling before we did."),
    ("Juniper Collective", "Brussels", 2020, 33, "EU public-sector digital services", "day rate €980",
     "bootstrapped", "2026-08-27", "Bid on the Oosterhaven tender and lost on the on-premises requirement."),
]
# vendors we depend on: name, what, pricing, latest funding, date
VENDORS = [
    ("Corvid", "the company behind the Corvid API", "see the LLM API price map", "Series C of $410M in October 2026 at a $6.2B valuation, led by Halberd Growth", "2026-10-16"),
    ("Evalhouse", "the eval platform we use", "Team €450 a month; Enterprise from €2,000 a month", "Series A of $18M in May 2026 led by Compass Seed", "2026-05-20"),
    ("Tidepool", "managed Postgres", "Starter €25, Scale €310, Enterprise on request", "Series B of €30M in February 2025", "2025-03-01"),
    ("Canvasly", "the design tool", "Professional €15, Organization €45, Enterprise €75 per editor per month", "Series D of $120M in 2024 at a $2B valuation", "2026-11-03"),
    ("Lumen GPU", "GPU rental", "A100 €1.89/h, H100 €3.40/h on demand", "seed of €9M in 2025 led by Polder Capital", "2025-08-14"),
]
LLM_PRICES_2026_11 = [
    ("Corvid Large", "€2.40", "€9.60", "200k"), ("Corvid Swift", "€0.30", "€1.20", "128k"),
    ("Halcyon Pro", "€2.10", "€8.40", "1M"), ("Halcyon Lite", "€0.15", "€0.60", "1M"),
    ("Brevium 4", "€2.80", "€11.20", "256k"), ("Oriel Base (open weights, hosted)", "€0.20", "€0.20", "128k"),
]
LLM_PRICES_2026_04 = [
    ("Corvid Large", "€3.00", "€12.00", "200k"), ("Corvid Swift", "€0.40", "€1.60", "128k"),
    ("Halcyon Pro", "€2.50", "€10.00", "1M"), ("Halcyon Lite", "€0.15", "€0.60", "256k"),
    ("Brevium 4", "€3.20", "€12.80", "128k"), ("Oriel Base (open weights, hosted)", "€0.25", "€0.25", "32k"),
]


def competitor_page(c: tuple[object, ...], i: int) -> str:
    name, hq, founded, heads, focus, pricing, funding, date, take = c
    front = "---\n" + ["tags: [market, competitor]\n", "tags: competitors\n", "type: competitor\n"][i % 3]
    front += [f"updated: {date}\n", f"date: '{date}'\n", f"modified: {date}T11:20:00Z\n"][i % 3] + "---\n\n"
    body = (f"# {name}\n\n| | |\n|---|---|\n| HQ | {hq} |\n| Founded | {founded} |\n| People | about {heads} |\n"
            f"| Focus | {focus} |\n| Pricing | {pricing} |\n| Funding | {funding} |\n\n"
            f"**Our take ({date}):** {take}\n\n[[Market/Market maps/AI product studios 2026|Studio landscape]]\n")
    return front + body


def build_market() -> None:
    for i, c in enumerate(COMPETITORS):
        p = f"Market/Competitors/{c[0]}.md"
        write(p, competitor_page(c, i))
        index("Market", p, str(c[0]), str(c[4]))
    # an older copy of one competitor note, before their round
    write("Market/Competitors/Cinder AI (2025).md",
          "---\ntags: [market, competitor]\nupdated: 2025-06-12\n---\n\n# Cinder AI (2025)\n\n"
          "| | |\n|---|---|\n| HQ | Paris |\n| People | about 35 |\n| Pricing | platform from €1,800 a month |\n"
          "| Funding | Series A of €12M in January 2025 led by Rivage Partners |\n\nFirst met them at a Paris meetup.\n")
    index("Archive", "Market/Competitors/Cinder AI (2025).md", "Cinder AI (2025)")
    for i, (name, what, pricing, funding, date) in enumerate(VENDORS):
        p = f"Market/Vendors/{name}.md"
        front = f"---\ntags: [market, vendor, funding]\nupdated: {date}\n---\n\n" if i % 2 == 0 else f"---\ntags: vendor, funding\ndate: {date}\n---\n\n"
        write(p, front + f"# {name}\n\n{name} is {what}.\n\n- **Pricing:** {pricing}\n- **Latest funding:** {funding}\n- **Noted:** {date}\n")
        index("Market", p, f"{name} (vendor)")

    def price_table(rows: list[tuple[str, str, str, str]]) -> str:
        return "| Model | Input per 1M tokens | Output per 1M tokens | Context |\n|---|---|---|---|\n" + "\n".join(
            f"| {a} | {b} | {c} | {e} |" for a, b, c, e in rows)

    write("Market/Market maps/LLM API prices 2026-11.md",
          "---\ntags: [market-maps, pricing]\nupdated: 2026-11-15\n---\n\n# LLM API prices — November 2026\n\n"
          "List prices in euros for the models we consider for client work (our Corvid Scale agreement prices are the same as list since November).\n\n"
          + price_table(LLM_PRICES_2026_11) +
          "\n\n> [!tip] Halcyon Pro is now the cheapest frontier-class model on input; Corvid Large still wins our golden sets for Dutch.\n")
    write("Market/Market maps/LLM API prices 2026-04.md",
          "---\ntags: market-maps, pricing\nupdated: 2026-04-07\n---\n\n# LLM API prices — April 2026\n\n"
          + price_table(LLM_PRICES_2026_04) + "\n")
    rows = "\n".join(f"| [[Market/Competitors/{c[0]}\\|{c[0]}]] | {c[1]} | {c[3]} | {c[5]} |" for c in COMPETITORS)
    write("Market/Market maps/AI product studios 2026.md",
          "---\ntags: [market-maps]\nupdated: 2026-06-20\n---\n\n# AI product studios — Benelux, DACH, Nordics, 2026\n\n"
          "| Studio | HQ | People | Pricing |\n|---|---|---|---|\n" + rows +
          "\n\nWe sit in the small, AI-first corner with Oxbow Studio. Median day rate of the list: about €1,050.\n")
    write("Market/Market maps/AI product studios 2025.md",
          "---\ntags: [market-maps]\nupdated: 2025-03-10\n---\n\n# AI product studios — Benelux, 2025\n\n"
          "| Studio | HQ | People | Pricing |\n|---|---|---|---|\n"
          "| Loomwise | Amsterdam | 29 | day rates €1,200–€1,450 |\n| Stilt Digital | Rotterdam | 41 | day rate €800 |\n"
          "| Oxbow Studio | Utrecht | 8 | day rate €850 |\n| Fathom & Fold | Antwerp | 17 | day rate €900 |\n\n"
          "Median day rate: about €950.\n")
    write("Market/Market maps/Eval tooling 2025.md",
          "---\ntags: [market-maps]\ndate: 2025-12-01\n---\n\n# Eval tooling — December 2025\n\n"
          "| Tool | Model | Entry price |\n|---|---|---|\n| Evalhouse | hosted | Team €450/month |\n"
          "| Benchwright | open core | free; cloud €200/month |\n| Gradeline | hosted | €300/month |\n| in-house scripts | — | our time |\n\n"
          "We picked Evalhouse in February 2025 for dataset versioning.\n")
    write("Market/Market maps/Vector databases 2025.md",
          "---\ntags: market-maps\ncreated: 2025-05-20\n---\n\n# Vector databases — May 2025\n\n"
          "| Option | Hosting | Price at Kestrel's size |\n|---|---|---|\n| pgvector on Tidepool | EU | €0 extra |\n"
          "| Weft | US only | about €640/month |\n| Stratum | EU | about €380/month |\n")
    write("Market/Market maps/European AI services market 2026.md",
          "---\ntags: [market-maps, market]\nupdated: 2026-02-14\n---\n\n# European AI services market, 2026\n\n"
          "Our own rough sizing from three analyst reports we read in February 2026.\n\n"
          "- Spend on generative-AI services (consulting and build) in the EU in 2025: about €9.8B.\n"
          "- Forecast for 2028: €21B, about 29% a year.\n- Benelux share: roughly 7%.\n\n"
          "Treat these as ballpark figures for pitch decks, not facts.\n")
    for p, label in [("Market/Market maps/LLM API prices 2026-11.md", "LLM API prices (Nov 2026)"),
                     ("Market/Market maps/LLM API prices 2026-04.md", "LLM API prices (Apr 2026)"),
                     ("Market/Market maps/AI product studios 2026.md", "Studio landscape 2026"),
                     ("Market/Market maps/AI product studios 2025.md", "Studio landscape 2025"),
                     ("Market/Market maps/Eval tooling 2025.md", "Eval tooling"),
                     ("Market/Market maps/Vector databases 2025.md", "Vector databases"),
                     ("Market/Market maps/European AI services market 2026.md", "EU AI services market")]:
        index("Market maps", p, label)
    news = [
        ("2026-10-16 Corvid raises Series C", "Corvid raised $410M in a Series C at a $6.2B valuation, led by Halberd Growth. They say the money goes to EU data centres; Jonah expects a price cut for Corvid Large in November (it came: €2.40 input)."),
        ("2026-09-30 Cinder AI Series B", "Cinder AI raised a €48M Series B led by Rivage Partners and says it will open an Amsterdam office in 2027."),
        ("2026-01-12 Quarry Labs acquired", "Quarry Labs was bought by Hollmann Group; price not disclosed. Their 64 people join Hollmann's data unit."),
        ("2026-05-20 Evalhouse Series A", "Evalhouse raised $18M led by Compass Seed. Enterprise plan launched at €2,000 a month; the Team plan we use stays at €450."),
        ("2026-11-24 Halcyon cuts prices", "Halcyon cut Halcyon Pro to €2.10 per million input tokens (from €2.50). Output now €8.40."),
        ("2025-06-20 Emberline Series A", "Emberline raised a £9M Series A led by Northbank Capital."),
    ]
    for title, text in news:
        p = f"Market/News/{title}.md"
        write(p, f"---\ntags: [news]\ndate: {title[:10]}\n---\n\n# {title[11:]}\n\n{text}\n")
        index("Market news", p, title)


# --- ops, studio, people -------------------------------------------------------------------------

OPS = {
    "Ops/Policies/💶 Expenses policy.md": ("---\ntags: [ops, policy]\nupdated: 2026-09-01\nowner: Saoirse Nolan\n---\n", """# 💶 Expenses policy

> [!important] Claim in Expensa within 7 days of spending, with a photo of the receipt. Claims older than 60 days are refused by the app.

## What you can claim
- **Meals when travelling for work:** up to €45 per person per day (breakfast included if the hotel doesn't).
- **Client dinners:** up to €75 per head, only with Ines's approval beforehand.
- **Mileage** with your own car: €0.23 per km (the Dutch tax-free rate for 2026).
- **Public transport** to a client: full cost, first class only on trips over 2 hours.
- **Home office:** a one-off €500 for a chair and desk when you join, then again every 3 years.
- **Books and courses:** from your learning budget (see [[Ops/Policies/Learning budget]]).

## What you can't claim
Alcohol outside client dinners, fines, upgrades, or lost items.

## Approval
Under €250: Saoirse approves. €250 to €2,000: Saoirse plus your project lead. Over €2,000: Ines.
"""),
    "Ops/Policies/Expenses policy (2024).md": ("---\ntags: [ops, policy]\nstatus: outdated\ncreated: 2024-01-10\n---\n", """# Expenses policy (2024)

Superseded by [[Ops/Policies/💶 Expenses policy]]. Kept because old claims refer to it.

- Meals when travelling: up to €35 per person per day.
- Client dinners: up to €60 per head.
- Mileage: €0.21 per km.
- Home office: one-off €350.
- Submit claims by the end of the month in a spreadsheet to Saoirse.
"""),
    "Ops/Policies/🚆 Travel policy.md": ("---\ntags: ops, policy, travel\nlast_reviewed: 2026-07-14\n---\n", """# 🚆 Travel policy

1. **Train first.** Take the train for any trip under 6 hours door to door (Rotterdam–Paris, –London, –Frankfurt, –Brussels are all train trips).
2. **Flights** are economy, booked by Saoirse, at least 14 days ahead when possible. No flights within the Benelux.
3. **Hotels:** up to €160 a night; €220 in London, Paris, Munich, Dublin and Stockholm.
4. **Travel time** counts as working time, up to 8 hours a day.
5. **Client-billable travel** is recharged at cost; say which client in Expensa.
6. **Insurance:** the studio's travel insurance covers work trips worldwide; the policy number is in Lockstep under `Travel insurance`.

Weekend stays to save on fares are fine if the total is cheaper.
"""),
    "Ops/Policies/Travel policy v1.md": ("---\nDate Created: 2023-03-01\n---\n", """# Travel policy v1

(Old version, before the 2026 review.)

- Flights allowed for trips over 4 hours.
- Hotels up to €130 a night, €180 in capitals.
- Travel time counts as working time up to 6 hours.
"""),
    "Ops/Policies/🌴 Leave policy.md": ("---\ntags:\n  - ops\n  - policy\n  - leave\nupdated: 2026-01-07\n---\n", """# 🌴 Leave policy

- **Holiday:** 27 days a year for a full-time contract (40 hours), pro rata for part-time, plus Dutch public holidays. We also close between Christmas and New Year; those days do not come out of your 27.
- **Carry-over:** up to 5 unused days move to next year and must be taken before 1 April.
- **Booking:** request in Peoplenest at least 2 weeks ahead for anything longer than 3 days. Saoirse approves (Ines approves Saoirse's own).
- **Sick leave:** message `#team` in Chatterbox before 09:30 and log it in Peoplenest. From day 3, tell Saoirse how it's going; the occupational doctor is involved from week 2.
- **Birth partner leave:** the law gives 1 week fully paid plus 5 weeks at 70% from UWV; the studio tops those 5 weeks up to 100%.
- **Parental leave (unpaid by law):** the studio pays 9 of the 26 weeks at 70%, as the law allows, and does not top up further.
- **Studio weeks** (first week of January, last week of July) are working weeks, not holiday.
- **Special leave:** 2 days for moving house, up to 5 days for the death of a close family member.
"""),
    "Ops/Policies/🔒 Security policy.md": ("---\ntags: [ops, policy, security]\nreviewed: 2026-10-01\nowner: Tomasz Bielik\n---\n", """# 🔒 Security policy

## Accounts
- Multi-factor authentication on every account that supports it; passkeys or an authenticator app, never SMS.
- All passwords in Lockstep. Shared client credentials only in that client's vault.

## Devices
- Studio laptops only for client work, enrolled in Fleetly: disk encryption on, screen lock after 5 minutes, OS updates within 14 days.
- **Lost or stolen device:** tell Rui and Tomasz within 1 hour, by phone if it's out of hours. Rui wipes it remotely.
- Personal phones may hold chat and email, never client data or repositories.

## Client data and AI tools
- Client data goes only into tools we have a DPA with (see [[Ops/Policies/Client data handling]]).
- Never paste client data into a consumer chatbot or a model provider without an agreement.

## Incidents
Report a suspected breach in `#security` at once; Tomasz leads, Ines informs the client within 24 hours. See [[Ops/Incident response]].
"""),
    "Ops/Policies/Client data handling.md": ("---\ntags: [ops, policy, security, gdpr]\nupdated: 2026-03-20\n---\n", """# Client data handling

We are our clients' **processor** under GDPR. Every client with personal data has a signed DPA before we receive any data.

| Tool | DPA signed | May hold client personal data |
|---|---|---|
| Corvid API | yes (EU residency keys only) | yes |
| Meridian Embeddings | yes | yes |
| Tidepool DB | yes | yes |
| Nimbra Cloud | yes | yes |
| Faultline | yes | no: scrub before sending |
| Glimmer Logs | yes | no: scrub before sending |
| Transcribo | yes | interviews only, with consent |
| Evalhouse | yes | only pseudonymised golden sets |
| Chatterbox | yes | no |

Retention: we delete a client's data within 30 days after the engagement ends, and confirm it in writing. Pallas Outdoor's deletion was confirmed on 24 July 2026.
"""),
    "Ops/Incident response.md": ("---\ntags: ops\n---\n", """# Incident response

1. Whoever notices opens a thread in `#incidents` with the severity (Sev1, Sev2, Sev3).
2. Sev1: phone the project lead; if they don't answer in 15 minutes, phone Tomasz.
3. Flip the kill switch if an AI feature is misbehaving; the non-AI fallback must keep working.
4. Write the timeline as you go.
5. Blameless review within 5 working days, notes in the client's folder.

Out-of-hours cover only for clients whose SLA includes it (Veldkamp, Orla Health).
"""),
    "Ops/Onboarding/👋 Onboarding checklist.md": ("---\ntags: [ops, onboarding]\nupdated: 2026-08-25\n---\n", """# 👋 Onboarding checklist

## Before day 1 (Saoirse)
- [ ] Contract and payroll set up in Salarium
- [ ] Laptop ordered (MacBook Pro 14", 32 GB) and enrolled in Fleetly
- [ ] Accounts: Gitforge, Chatterbox, Lockstep, Trackwise, Canvasly (viewer), Hourglass, Peoplenest, Expensa
- [ ] A buddy picked from another discipline

## Day 1
- [ ] Coffee with Ines at 09:30, office tour (Wijnhaven 88, 4th floor)
- [ ] Security setup with Rui: MFA, Lockstep, Tunnelbright
- [ ] Clone the vault and install obsidian-git, Dataview, Templater

## Week 1
- [ ] Read [[Ops/Policies/🔒 Security policy]] and sign it in Penstroke
- [ ] Shadow a client meeting
- [ ] Ship one small change to a repository (a paper cut is perfect)
- [ ] Demo it at Bracken hour on Friday

## First month
- [ ] 30-day check-in with your lead
"""),
    "Ops/Onboarding/Offboarding checklist.md": ("", """# Offboarding checklist

- Remove from every tool in [[Tooling/Tool spend 2026]] on the last day (Saoirse).
- Rotate any shared client credential the person could see (the client's project lead).
- Laptop back to Rui, wiped through Fleetly.
- Exit conversation with Ines.
"""),
    "Ops/Policies/Remote and office work.md": ("---\ntags: ops, policy\nupdated: '2026-02-02'\n---\n", """# Remote and office work

- **Office days:** Tuesday and Thursday everyone is at Wijnhaven 88 unless at a client. The rest of the week, work where you like.
- Core hours 10:00–15:00 for meetings.
- Working from abroad: up to 4 weeks a year, inside the EU, tell Saoirse first (tax and insurance).
- Internet allowance: €30 a month, paid with salary.
"""),
    "Ops/Policies/Equipment.md": ("---\ncreated: 2025-01-15\n---\n", """# Equipment

- Laptops are replaced every 4 years, or sooner if broken.
- Monitor, keyboard and headset: up to €350 when you join.
- GPU work goes to forge-01 or Lumen GPU, not to laptops.
- When you leave, you may buy your laptop at its book value.
"""),
    "Ops/Policies/Learning budget.md": ("---\ntags: [ops, policy]\nupdated: 2026-01-05\n---\n", """# Learning budget

Everyone gets **€1,200 a year** and **3 working days** for courses, books and conferences. Unused budget does not carry over.
Conference trips follow the travel policy. Share what you learned at a Bracken hour.
"""),
    "Ops/Holidays 2026.md": ("---\ntags: ops\ndate: 2026-01-02\n---\n", """# Holidays 2026

| Date | Day |
|---|---|
| 1 January | New Year's Day |
| 3 April | Good Friday (studio closed) |
| 6 April | Easter Monday |
| 27 April | King's Day |
| 5 May | Liberation Day (studio closed) |
| 14 May | Ascension Day |
| 25 May | Whit Monday |
| 24 December – 1 January | studio closed |
"""),
    "Ops/All-hands.md": ("---\ntags: ops\n---\n", """# All-hands

Monthly, the first Thursday at 16:00 in the office. Saoirse presents revenue, burn rate and runway; Ines the pipeline; each lead one slide.
Runway as of the November 2026 all-hands: 7.5 months.
"""),
}

STUDIO = {
    "Studio/🏢 About Brackenfield.md": ("---\ntags: [studio]\nupdated: 2026-11-02\naliases: [Brackenfield, the studio]\npublish: true\n---\n", """# 🏢 About Brackenfield

Brackenfield is a product and AI studio: we design and build AI features and internal tools for mid-sized organisations, from a two-week discovery to a production system and its handover.

- **Founded:** 2021 by Ines Okafor and Tomasz Bielik
- **Office:** Wijnhaven 88, 4th floor, Rotterdam
- **People:** 9 employees plus one contractor (Rui)
- **Legal:** Brackenfield B.V., KvK 81734422, VAT NL862301457B01
- **Financial year:** the calendar year
- **Bank:** invoices are paid to the studio's Triodos account (details in Ledgerly)

Rates: see [[Studio/Rate card 2026]]. Who does what: [[People/People|People]].
"""),
    "Studio/Rate card 2026.md": ("---\ntags: [studio, pricing]\nupdated: 2026-01-05\n---\n", """# Rate card 2026

| Role | Day rate |
|---|---|
| Lead (design, engineering, ML) | €1,250 |
| Senior engineer / designer | €1,050 |
| Engineer / designer | €900 |
| Discovery sprint (two weeks, fixed) | €14,000 |

Blended rate used in proposals: €1,050. UK clients are quoted in pounds at the rate on the proposal date.
"""),
    "Studio/Rate card 2025.md": ("---\ntags: [studio, pricing]\nstatus: outdated\nupdated: 2025-01-06\n---\n", """# Rate card 2025

| Role | Day rate |
|---|---|
| Lead | €1,150 |
| Senior | €975 |
| Engineer / designer | €850 |
| Discovery sprint | €12,000 |
"""),
    "Studio/OKRs 2026-Q4.md": ("---\ntags: studio, okr\ncreated: 2026-10-01\n---\n", """# OKRs — Q4 2026

1. **Land two new clients** — Harbourline Ferries proposal out; one more from the Oosterhaven reference.
2. **Cost per successful task down 30%** across AI features (Veldkamp done: −70%).
3. **Every build has a golden set of at least 100 items** (Tessellate still at 64).
"""),
    "Studio/OKRs 2026-Q2.md": ("---\ntags: studio, okr\ncreated: 2026-04-01\n---\n", """# OKRs — Q2 2026

1. Renew Veldkamp.
2. Ship Orla's golden set.
3. Win the Oosterhaven tender (won in February, already done).
"""),
}


def build_ops() -> None:
    for pages, section in ((OPS, "Ops"), (STUDIO, "Studio")):
        for path, (front, body) in pages.items():
            write(path, front + ("\n" if front else "") + body)
            index(section, path, Path(path).stem)
    people_rows = []
    for i, (name, (role, handle, owns)) in enumerate(PEOPLE.items()):
        start = ["2021-03-01", "2021-03-01", "2022-01-10", "2023-09-04", "2021-11-15", "2023-02-01",
                 "2024-04-02", "2024-09-16", "2024-06-03", "2024-05-13"][i]
        front = f"---\nrole: {role}\nstarted: {start}\n" + ("tags: [people]\n" if i % 2 else "") + "---\n\n"
        write(f"People/{name}.md", front + f"# {name}\n\n**{role}** · `@{handle}` in Chatterbox\n\n{owns}\n\nJoined {start}.\n")
        people_rows.append(f"| [[People/{name}\\|{name}]] | {role} |")
        index("People", f"People/{name}.md", name, role)
    index("People", "People/People.md", "Everyone")
    write("People/People.md", "# People\n\n| Name | Role |\n|---|---|\n" + "\n".join(people_rows) + "\n")


# --- daily notes, templates ---------------------------------------------------------------------

DAILY_FACTS = {
    "2026-11-26": "Ines: Harbourline asked for a reference call; Marieke (Veldkamp) agreed to do it on 3 December.",
    "2026-11-19": "Standup moves to 09:40 from next week (was 09:15) so the school-run people can make it.",
    "2026-11-04": "Corvid's new price landed on our invoice: Corvid Large input now €2.40. Jonah updated the tool note.",
    "2026-10-22": "forge-01's second SSD died overnight. Femi restored the model cache from the restic backup in 40 minutes.",
    "2026-10-08": "Priya's talk on design tokens accepted at Design Systems Day Amsterdam (12 February 2027).",
    "2026-09-17": "Mateo bumped the project template to Python 3.12 and uv 0.8; old repos keep 3.11 until touched.",
    "2026-08-12": "Femi's first restore test of the quarter passed: 212 GB restored in 38 minutes.",
    "2026-06-30": "Last day with Pallas. Handover pack sent on the 26th; Jan's team has the recommender.",
    "2026-04-22": "Chatterbox price went up to €6.75 a user. Saoirse grumbled, renewed anyway.",
    "2026-03-02": "Oosterhaven starts today. Tomasz and Lotte at the town hall all morning.",
    "2026-01-16": "Promptly cancelled; export saved in the ml-playbook repo.",
    "2025-12-18": "Christmas dinner booked at De Matroos, 19 December, 18:30.",
    "2025-10-14": "Faultline quota gone in four days: traces_sample_rate was 1.0 in Veldkamp prod. Set to 0.1.",
}
DAILY_POOL = [
    "Focus: {c} cycle work.", "Paired with {p} on a flaky test.", "Wrote up the eval results for {c}.",
    "Inbox zero by 11. Small win.", "Reviewed two pull requests for {c}.", "Design critique with {p}.",
    "Read half of a paper on reranking; notes in Concepts later.", "Fixed a paper cut in the {c} dashboard.",
    "Long call with {c}; mostly scheduling.", "Bracken hour: {p} demoed the new onboarding flow.",
    "Lunch walk along the Maas.", "Updated the estimate for {c} after the spike.",
]


def build_daily() -> None:
    day = d("2025-05-05")
    end = d("2026-11-30")
    names = [n.split()[0] for n in PEOPLE]
    clients = [c for c in CLIENTS if c != "Harbourline Ferries"]
    i = 0
    while day <= end:
        if day.weekday() < 5:
            iso = day.isoformat()
            style = i % 4
            if style == 0:
                front = f"---\ncreated: {iso}T08:{30 + i % 29:02d}:00+01:00\ntags: [daily]\n---\n\n"
            elif style == 1:
                front = f"---\ndate: {iso}\n---\n\n"
            elif style == 2:
                front = ""
            else:
                front = f"---\ntags: daily, journal\nDate Created: {day.strftime('%B %-d, %Y')}\n---\n\n"
            lines = [x.format(c=R.choice(clients), p=R.choice(names)) for x in R.sample(DAILY_POOL, 3)]
            if iso in DAILY_FACTS:
                lines.insert(0, DAILY_FACTS[iso])
            body = f"# {day.strftime('%A %-d %B %Y')}\n\n## Log\n\n" + "\n".join(f"- {x}" for x in lines) + "\n"
            if style == 2:
                body += "\n#daily\n"
            if i % 11 == 5:
                body += f"\n![[Clients/{R.choice(clients)}/Overview#Key facts]]\n"
            if i % 9 == 0:
                body += "\n## Tasks\n\n```dataview\nTASK FROM \"Clients\" WHERE !completed AND file.day = date(" + iso + ")\n```\n"
            path = f"Daily/{day.year}/{day.strftime('%m %B')}/{iso}.md"
            write(path, front + body)
            if iso in DAILY_FACTS:
                index("Journal highlights", path, iso)
            i += 1
        day += dt.timedelta(days=1)


TEMPLATES = {
    "Templates/Daily note.md": "---\ncreated: <% tp.date.now(\"YYYY-MM-DDTHH:mm:ssZ\") %>\ntags: [daily]\n---\n\n# <% tp.date.now(\"dddd D MMMM YYYY\") %>\n\n## Log\n\n- \n\n## Tasks\n\n- [ ] \n",
    "Templates/Meeting note.md": "---\ndate: <% tp.file.title.slice(0, 10) %>\ntags: [meeting]\nclient: \n---\n\n# <% tp.file.title.slice(11) %>\n\n**Date:** \n**Attendees:** \n\n## Notes\n\n## Decisions\n\n## Actions\n\n- [ ] \n",
    "Templates/Tool note.md": "---\ntags: [tooling]\nowner: \nupdated: \n---\n\n# {{title}}\n\n**What it is:** \n\n**Tier we pay:** \n\n**Owner:** \n\n## Gotchas\n\n## Snippets\n",
    "Templates/Decision record.md": "---\ntags: [decision]\nstatus: draft\n---\n\n# DR: {{title}}\n\n## Context\n\n## Decision\n\n## Consequences\n",
    "Templates/Client overview.md": "---\ntags: [client]\nupdated: \n---\n\n# {{title}}\n\n## Key facts\n\n- **Where:** \n- **Main contact:** \n- **Commercials:** \n",
    "Templates/Competitor.md": "---\ntags: [market, competitor]\nupdated: \n---\n\n# {{title}}\n\n| | |\n|---|---|\n| HQ | |\n| Pricing | |\n| Funding | |\n",
}


def build_templates() -> None:
    for path, text in TEMPLATES.items():
        write(path, text)
    write("Archive/Pagebook export/Team wiki home.md", "# Team wiki home\n\n(Imported from Pagebook in August 2025; the links below no longer work.)\n\n- Handbook\n- Clients\n- Tools\n")
    write("Archive/Pagebook export/Tools list (2023).md", "---\ncreated: 2023-04-01\n---\n\n# Tools list (2023)\n\n- Design: Canvasly (€38 per editor)\n- Chat: Chatterbox (free plan)\n- CI: Runwell CI\n- Docs: Pagebook\n")
    write("Inbox/Untitled.md", "")
    write("Inbox/ideas for bracken hour.md", "- lightning talks?\n- ask Ville to demo the bark tool\n")


# --- index and main ------------------------------------------------------------------------------

SECTION_ORDER = ["Studio", "People", "Clients", "Tooling", "Tools we evaluated", "Concepts", "Vocabulary",
                 "Market", "Market maps", "Market news", "Ops", "Journal highlights", "Archive"]
SECTION_TITLES = {"Market": "Market: competitors and vendors", "Ops": "Ops and policies"}


def build_index() -> None:
    out = ["---", "title: Home", "tags: [moc]", "---", "", "# 🏠 Brackenfield vault", "",
           "Start here. This is the map of the main notes; daily notes, templates, most meeting notes and the inbox live in their folders.", ""]
    for section in SECTION_ORDER:
        entries = [e for e in INDEXED if e[0] == section]
        if not entries:
            continue
        out += [f"## {SECTION_TITLES.get(section, section)}", ""]
        for n, (_, path, label, desc) in enumerate(entries):
            label = label or Path(path).stem
            stem = path[:-3]
            indent = "  " if "/Meetings/" in path or path.endswith("/Decisions.md") else ""
            if (n + len(section)) % 3 == 0:
                link = f"[{label}]({quote(path)})"
            elif Path(path).stem == label:
                link = f"[[{stem}]]"
            else:
                link = f"[[{stem}|{label}]]"
            out.append(f"{indent}- {link}" + (f" — {desc}" if desc else ""))
        out.append("")
    write("index.md", "\n".join(out))


def main() -> None:
    build_tools()
    build_concepts()
    build_clients()
    build_market()
    build_ops()
    build_daily()
    build_templates()
    build_index()
    for child in VAULT.iterdir():
        if child.name in KEEP:
            continue
        if child.is_dir():
            shutil.rmtree(child)
        else:
            child.unlink()
    for path, text in sorted(WRITTEN.items()):
        target = VAULT / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    print(f"wrote {len(WRITTEN)} files to {VAULT}")


if __name__ == "__main__":
    main()

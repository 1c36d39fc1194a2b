"""Benchmark for `swarm.wiki_query`: cold and warm query time, selection-prompt size, memory.

Generates synthetic wikis, times queries in fresh processes and in a warm one, prints a
markdown table and (with --out) writes it into BENCHMARKS.md. Run by hand, not in CI.

    python benchmarks/bench_wiki_query.py [--sizes 100,1000,5000,10000,100000] [--repeat N]
        [--workdir DIR] [--out BENCHMARKS.md]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

DEFAULT_SIZES = (100, 1_000, 5_000, 10_000, 100_000)
BACKENDS = ("offline", "scripted")
GENERATOR_VERSION = 1  # bump when the generated wikis change: old ones are regenerated
QUESTIONS_PER_WIKI = 60
PAGES_PER_FOLDER = 250
THIN_TITLE_SHARE = 0.25
SECTION_MARK_START = "<!-- bench_wiki_query:start -->"
SECTION_MARK_END = "<!-- bench_wiki_query:end -->"
REPO_ROOT = Path(__file__).resolve().parent.parent

# --- synthetic text -----------------------------------------------------------------------

_COMMON = """the of and to a in is it that for on was with as be by this are at from or have an
not which but they we has been were their more one all would there can will about also its
when who after than so other some into only if new first two time may then over most these
use used since could each through our between both under while such during before where
because many well same much those any own back still even here why how made make part
next""".split()
_TOPIC = """contract client supplier invoice budget forecast meeting decision risk pilot sensor
water quality station report review renewal pricing discount margin revenue hire roadmap
release deadline migration server database backup outage incident support ticket escalation
policy grant proposal partner vendor audit compliance training workshop survey sample
river estuary harbour coast village church archive letter manuscript charter battle castle
abbey king duke earl knight siege treaty market trade wool grain ship route voyage map
garden soil seed harvest orchard compost beehive recipe bread cheese brewing yeast trail
summit ridge valley glacier camp stove tent boots rope weather forecast route permit""".split()
_SYLLABLES = """ka lo mi ren tor va sel dun bri ost em qua zen pha ril mog tas vek nor lin
cal ber dra fen gol hur isk jan kel mar nis oph pel rus sor tev ul vin wex yar zol ash
bel cor""".split()
_SECTIONS = (
    "Clients",
    "Projects",
    "Suppliers",
    "Meetings",
    "Research",
    "History",
    "Operations",
    "Finance",
    "People",
    "Garden",
    "Travel",
    "Reading notes",
)
_KINDS = ("contract", "project", "account", "notes", "plan", "review", "site", "proposal")
_THIN = ("Normans", "Meeting notes", "Field log", "Misc", "Chapter", "Draft", "Untitled")
_ATTRIBUTES: tuple[tuple[str, Callable[[np.random.Generator], str]], ...] = (
    ("first-response SLA", lambda r: f"{r.integers(5, 120)} minutes"),
    ("day rate", lambda r: f"${r.integers(400, 2400)}"),
    ("renewal date", lambda r: f"2026-{r.integers(1, 13):02d}-{r.integers(1, 29):02d}"),
    ("headcount", lambda r: f"{r.integers(2, 400)} people"),
    ("annual budget", lambda r: f"${r.integers(10, 900)},000"),
    ("hosting region", lambda r: str(r.choice(["eu-west-1", "us-east-2", "ap-south-1"]))),
)


@dataclass(frozen=True)
class Question:
    text: str
    target: str  # the page path that states the answer
    answer: str


@dataclass(frozen=True)
class Wiki:
    path: Path
    pages: int
    total_bytes: int
    questions: list[Question]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class _TextGen:
    """Zipf-distributed words (common English, topic words, invented words) in sentences."""

    def __init__(self, rng: np.random.Generator) -> None:
        invented = [a + b + c for a in _SYLLABLES[:24] for b in _SYLLABLES for c in ("", "n")]
        vocab = _COMMON + _TOPIC + invented
        ranks = np.arange(1, len(vocab) + 1, dtype=np.float64)
        probabilities = 1.0 / (ranks + 2.7)
        self.vocab = vocab
        self.p = probabilities / probabilities.sum()
        self.rng = rng
        self._stream: list[str] = []
        self._pos = 0

    def words(self, count: int) -> list[str]:
        if self._pos + count > len(self._stream):
            ids = self.rng.choice(len(self.vocab), size=max(1_000_000, count), p=self.p)
            self._stream = [self.vocab[i] for i in ids.tolist()]
            self._pos = 0
        chunk = self._stream[self._pos : self._pos + count]
        self._pos += count
        return chunk

    def sentences(self, chars: int) -> list[str]:
        out: list[str] = []
        used = 0
        while used < chars:
            words = self.words(int(self.rng.integers(6, 22)))
            sentence = " ".join(words).capitalize() + "."
            out.append(sentence)
            used += len(sentence) + 1
        return out


def _entity_names(rng: np.random.Generator, count: int) -> list[str]:
    combos = [
        a + b + c + d
        for a in _SYLLABLES
        for b in _SYLLABLES
        for c in _SYLLABLES
        for d in ("", "a", "ek")
    ]
    picked = rng.choice(len(combos), size=count, replace=False)
    return [combos[i].capitalize() for i in picked.tolist()]


def _page_body(gen: _TextGen, title: str, facts: list[str], rng: np.random.Generator) -> str:
    length = int(np.clip(rng.lognormal(7.3, 0.7), 200, 20_000))  # median ~1,500 chars
    sentences = gen.sentences(length)
    for fact in facts:  # facts land anywhere, often deep in the page
        sentences.insert(int(rng.integers(0, len(sentences) + 1)), fact)
    parts = [f"# {title}", ""]
    position = 0
    while position < len(sentences):
        block = int(rng.integers(2, 7))
        chunk = sentences[position : position + block]
        position += block
        roll = rng.random()
        if roll < 0.2:
            parts += [f"## {' '.join(gen.words(2)).capitalize()}", ""]
        if roll < 0.45:
            parts += [f"- {sentence}" for sentence in chunk] + [""]
        else:
            parts += [" ".join(chunk), ""]
    frontmatter = ""
    if rng.random() < 0.6:
        updated = f"20{rng.integers(22, 27)}-{rng.integers(1, 13):02d}-{rng.integers(1, 29):02d}"
        frontmatter = f"---\ntitle: {title}\nupdated: {updated}\ntags: [{gen.words(1)[0]}]\n---\n"
    return frontmatter + "\n".join(parts)


def generate_wiki(root: Path, pages: int, *, seed: int = 7) -> Wiki:
    """Write `pages` pages and an index.md under `root` (recreated) and return its questions."""
    rng = np.random.default_rng(seed + pages)
    gen = _TextGen(rng)
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    entities = _entity_names(rng, pages)
    question_pages = set(rng.choice(pages, size=min(QUESTIONS_PER_WIKI, pages), replace=False))
    by_section: dict[str, list[str]] = {}
    questions: list[Question] = []
    total_bytes = 0
    thin_counts: dict[str, int] = {}
    for number, entity in enumerate(entities):
        section = _SECTIONS[number % len(_SECTIONS)]
        folder = f"{_slug(section)}/{number // (PAGES_PER_FOLDER * len(_SECTIONS)):03d}"
        thin = rng.random() < THIN_TITLE_SHARE
        if thin:
            series = _THIN[number % len(_THIN)]
            thin_counts[series] = thin_counts.get(series, 0) + 1
            title = f"{series} (part {thin_counts[series]})"
            description = ""
        else:
            title = f"{entity} {_KINDS[number % len(_KINDS)]}"
            description = " ".join(gen.words(int(rng.integers(4, 12))))
        name = f"{_slug(title)}-{number}.md"
        if rng.random() < 0.05:
            name = name.replace("-", " ", 1)  # some file names have spaces
        rel_path = f"{folder}/{name}"
        attribute, make_value = _ATTRIBUTES[number % len(_ATTRIBUTES)]
        value = make_value(rng)
        facts = [f"The {attribute} for {entity} is {value}."]
        body = _page_body(gen, title, facts, rng)
        page_file = root / rel_path
        page_file.parent.mkdir(parents=True, exist_ok=True)
        total_bytes += page_file.write_text(body, encoding="utf-8")
        link_target = rel_path.replace(" ", "%20")
        if rng.random() < 0.1 and " " not in rel_path:
            line = f"- [[{rel_path[:-3]}|{title}]]"
        else:
            line = f"- [{title}]({link_target})"
        by_section.setdefault(f"{section}/{folder}", []).append(
            f"{line} — {description}" if description else line
        )
        if number in question_pages:
            questions.append(Question(f"What is the {attribute} for {entity}?", rel_path, value))
    index = ["# Index", "", "Every page in this wiki, by section.", ""]
    for heading, lines in by_section.items():
        section, folder = heading.split("/", 1)
        index += [f"## {section} ({folder})", "", *lines, ""]
    (root / "index.md").write_text("\n".join(index), encoding="utf-8")
    return Wiki(root, pages, total_bytes, questions)


def ensure_wiki(workdir: Path, pages: int) -> tuple[Wiki, float]:
    """The wiki of `pages` pages in `workdir`, generated unless a complete one is there."""
    root = workdir / f"wiki-{pages}"
    manifest = workdir / f"wiki-{pages}.json"  # written last: marks a complete wiki
    if manifest.exists():
        data = json.loads(manifest.read_text(encoding="utf-8"))
        if data.get("version") == GENERATOR_VERSION and (root / "index.md").exists():
            questions = [Question(**q) for q in data["questions"]]
            return Wiki(root, pages, data["total_bytes"], questions), 0.0
    started = time.perf_counter()
    wiki = generate_wiki(root, pages)
    elapsed_s = time.perf_counter() - started
    data = {
        "version": GENERATOR_VERSION,
        "total_bytes": wiki.total_bytes,
        "questions": [q.__dict__ for q in wiki.questions],
    }
    manifest.write_text(json.dumps(data), encoding="utf-8")
    return wiki, elapsed_s


# --- code run in child processes ----------------------------------------------------------

_SCRIPTED_SETUP = """
from swarm.models.chat import ChatReasoner
from swarm.models.scripted import ScriptedChatModel
def _reply(call, target=TARGET, answer=ANSWER):
    if call.tool is not None and call.tool["name"] == "pick_pages":
        return {"pages": [target], "time_sensitive": False}
    return {"answer": answer, "confidence": "high", "pages_used": [target],
            "time_sensitive": False}
chat_model = ScriptedChatModel(default=_reply)
MODEL = ChatReasoner(chat_model, name="scripted")
"""

_COLD_CODE = """
import json, resource, time
started = time.perf_counter()
from swarm.wiki_query import query
{setup}
imported = time.perf_counter()
result = query({question!r}, wiki_dir={wiki!r}, model=MODEL)
done = time.perf_counter()
print(json.dumps({{
    "import_ms": (imported - started) * 1000, "query_ms": (done - imported) * 1000,
    "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    "error": result.error, "pages": result.pages_read,
}}))
"""


def _model_setup(backend: str, question: Question) -> str:
    if backend == "offline":
        return "MODEL = 'offline'"
    setup = _SCRIPTED_SETUP.replace("TARGET", repr(question.target))
    return setup.replace("ANSWER", repr(question.answer))


def _child_env(cache_dir: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("SWARM_", "ANTHROPIC_", "BRAIN1_"))
    }
    env["SWARM_CACHE_DIR"] = str(cache_dir)
    return env


def _run_child(args: list[str], cache_dir: Path, cwd: Path) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    done = subprocess.run(
        args, env=_child_env(cache_dir), cwd=cwd, capture_output=True, text=True, check=False
    )
    wall_s = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"child failed ({done.returncode}): {done.stderr[-2000:]}")
    return wall_s, json.loads(done.stdout.strip().splitlines()[-1])


def cold_query(wiki: Wiki, backend: str, question: Question, cache_dir: Path) -> dict[str, Any]:
    """One query in a new interpreter, timed from outside (start-up, imports, index)."""
    code = _COLD_CODE.format(
        setup=_model_setup(backend, question), question=question.text, wiki=str(wiki.path)
    )
    wall_s, report = _run_child([sys.executable, "-c", code], cache_dir, wiki.path.parent)
    if report["error"]:
        raise RuntimeError(f"cold query failed: {report['error']}")
    return {"wall_s": wall_s, **report}


def warm_worker(spec: dict[str, Any]) -> dict[str, Any]:
    """In this (child) process: the first query under tracemalloc, then `repeat` timed ones."""
    import tracemalloc

    from swarm.wiki_query import query

    questions = [Question(**q) for q in spec["questions"]]
    namespace: dict[str, Any] = {}

    def model_for(question: Question) -> Any:
        if spec["backend"] == "offline":
            return "offline"
        exec(_model_setup("scripted", question), namespace)  # same double as the cold runs
        return namespace["MODEL"]

    tracemalloc.start()
    first = query(questions[0].text, wiki_dir=spec["wiki"], model=model_for(questions[0]))
    peak_bytes = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    if first.error:
        raise RuntimeError(f"first warm query failed: {first.error}")
    timings_ms: list[float] = []
    prompt_chars: list[int] = []
    candidates: list[int] = []
    found = 0
    for number in range(spec["repeat"]):
        question = questions[1 + number % (len(questions) - 1)]
        model = model_for(question)
        started = time.perf_counter()
        result = query(question.text, wiki_dir=spec["wiki"], model=model)
        timings_ms.append((time.perf_counter() - started) * 1000)
        found += question.target in result.pages_read
        if result.error:
            raise RuntimeError(f"warm query failed: {result.error}")
        for call in getattr(getattr(model, "chat_model", None), "history", []):
            if call.tool is not None and call.tool["name"] == "pick_pages":
                user_chars = sum(len(message["content"]) for message in call.messages)
                prompt_chars.append(len(call.system) + user_chars)
                shown = re.search(r"from these (\d+) candidates", call.prompt)
                candidates.append(int(shown.group(1)) if shown else 0)
    return {
        "timings_ms": timings_ms,
        "peak_mb": peak_bytes / 1e6,
        "prompt_chars": prompt_chars,
        "candidates": candidates,
        "found": found / max(1, spec["repeat"]),
    }


def warm_query(wiki: Wiki, backend: str, repeat: int, cache_dir: Path) -> dict[str, Any]:
    spec = {
        "backend": backend,
        "wiki": str(wiki.path),
        "repeat": repeat,
        "questions": [q.__dict__ for q in wiki.questions],
    }
    args = [sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(spec)]
    return _run_child(args, cache_dir, wiki.path.parent)[1]


def help_wall_times(runs: int = 10) -> list[float]:
    """Wall time of `swarm query --help` (the installed console script), `runs` times."""
    script = Path(sys.executable).parent / "swarm"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "swarm"]
    times: list[float] = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([*command, "query", "--help"], capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return times


# --- the run and the report ---------------------------------------------------------------


@dataclass
class Row:
    pages: int
    backend: str
    cold_first_s: float = 0.0
    cold_disk_s: float = 0.0
    cold_edit_s: float | None = None  # measured for the first backend only
    cold_import_ms: float = 0.0
    cold_first_query_ms: float = 0.0
    cold_disk_query_ms: float = 0.0
    cold_maxrss_mb: float = 0.0
    warm_ms: list[float] = field(default_factory=list)
    peak_mb: float = 0.0
    prompt_chars: list[int] = field(default_factory=list)
    candidates: list[int] = field(default_factory=list)
    found: float = 0.0

    @property
    def warm_median_ms(self) -> float:
        return statistics.median(self.warm_ms)

    @property
    def warm_p90_ms(self) -> float:
        ordered = sorted(self.warm_ms)
        return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]

    @property
    def prompt_median(self) -> int | None:
        return int(statistics.median(self.prompt_chars)) if self.prompt_chars else None


def cold_after_edit(wiki: Wiki, backend: str, question: Question, cache_dir: Path) -> float:
    """A new process after one page was edited in place (the disk cache is then stale).
    The page's text and mtime are restored afterwards, so the wiki stays as generated."""
    page = wiki.path / wiki.questions[-1].target
    original, stat = page.read_bytes(), page.stat()
    try:
        page.write_bytes(original + b"\nEdited by the benchmark.\n")
        return float(cold_query(wiki, backend, question, cache_dir)["wall_s"])
    finally:
        page.write_bytes(original)
        os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def measure(
    wiki: Wiki, backend: str, repeat: int, cold_repeat: int, workdir: Path, *, edit: bool
) -> Row:
    cache_dir = workdir / f"cache-{wiki.pages}-{backend}"
    shutil.rmtree(cache_dir, ignore_errors=True)
    cache_dir.mkdir(parents=True)
    questions = wiki.questions
    row = Row(wiki.pages, backend)
    try:
        first = cold_query(wiki, backend, questions[0], cache_dir)  # empty cache: builds
        disk = [cold_query(wiki, backend, questions[i + 1], cache_dir) for i in range(cold_repeat)]
        warm = warm_query(wiki, backend, repeat, cache_dir)
        if edit:
            row.cold_edit_s = cold_after_edit(wiki, backend, questions[-2], cache_dir)
    finally:
        shutil.rmtree(cache_dir, ignore_errors=True)
    row.cold_first_s = first["wall_s"]
    row.cold_first_query_ms = first["query_ms"]
    row.cold_disk_s = statistics.median(run["wall_s"] for run in disk)
    row.cold_disk_query_ms = statistics.median(run["query_ms"] for run in disk)
    row.cold_import_ms = statistics.median(run["import_ms"] for run in [first, *disk])
    row.cold_maxrss_mb = max(run["maxrss_kb"] for run in [first, *disk]) / 1024
    row.warm_ms = warm["timings_ms"]
    row.peak_mb = warm["peak_mb"]
    row.prompt_chars = warm["prompt_chars"]
    row.candidates = warm["candidates"]
    row.found = warm["found"]
    return row


def machine_facts() -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO_ROOT, capture_output=True, text=True
    ).stdout.strip()
    import bm25s

    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": str(os.cpu_count()),
        "cpu": cpu,
        "python": platform.python_version(),
        "os": f"{platform.system()} {platform.release()}",
        "commit": commit or "?",
        "libs": f"bm25s {bm25s.__version__}, numpy {np.__version__}",
    }


def _fmt_int(value: float | None) -> str:
    return "–" if value is None else f"{value:,.0f}"


def results_table(rows: list[Row]) -> str:
    header = (
        "| pages | backend | cold, first ever (s) | cold, disk cache warm (s) "
        "| warm median (ms) | warm p90 (ms) | selection prompt (chars) | candidates shown "
        "| tracemalloc peak, 1st query (MB) | cold ru_maxrss (MB) | target page read |"
    )
    lines = [header, "|" + "---|" * 11]
    for row in rows:
        shown = int(statistics.median(row.candidates)) if row.candidates else None
        lines.append(
            f"| {row.pages:,} | {row.backend} | {row.cold_first_s:.2f} | {row.cold_disk_s:.2f} "
            f"| {row.warm_median_ms:.1f} | {row.warm_p90_ms:.1f} | {_fmt_int(row.prompt_median)} "
            f"| {_fmt_int(shown)} | {row.peak_mb:.1f} | {row.cold_maxrss_mb:.0f} "
            f"| {row.found:.0%} |"
        )
    return "\n".join(lines)


def breakdown_table(rows: list[Row]) -> str:
    lines = [
        "| pages | backend | imports (ms) | 1st query, empty cache (ms) "
        "| 1st query, disk cache (ms) | new process after one page edited (s, wall) |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        edited = "–" if row.cold_edit_s is None else f"{row.cold_edit_s:.2f}"
        lines.append(
            f"| {row.pages:,} | {row.backend} | {row.cold_import_ms:.0f} "
            f"| {row.cold_first_query_ms:.0f} | {row.cold_disk_query_ms:.0f} | {edited} |"
        )
    return "\n".join(lines)


def _verdict(ok: bool | None) -> str:
    return "n/a (size not run)" if ok is None else ("**met**" if ok else "**MISSED**")


def targets_table(rows: list[Row], help_s: list[float]) -> str:
    def row_for(pages: int, backend: str) -> Row | None:
        return next((r for r in rows if r.pages == pages and r.backend == backend), None)

    lines = ["| target | measured | verdict |", "|---|---|---|"]
    for pages, limit_ms in ((5_000, 20.0), (100_000, 50.0)):
        for backend in BACKENDS:
            row = row_for(pages, backend)
            measured = f"{row.warm_median_ms:.1f} ms median" if row else "–"
            lines.append(
                f"| warm query < {limit_ms:.0f} ms at {pages:,} pages ({backend}) | {measured} "
                f"| {_verdict(row.warm_median_ms < limit_ms if row else None)} |"
            )
    for backend in BACKENDS:
        row = row_for(5_000, backend)
        measured = (
            f"{row.cold_first_s:.2f} s first ever, {row.cold_disk_s:.2f} s disk cache warm"
            if row
            else "–"
        )
        lines.append(
            f"| cold first query < 1.5 s at 5,000 pages ({backend}) | {measured} "
            f"| {_verdict(row.cold_first_s < 1.5 if row else None)} |"
        )
    if help_s:
        median_s = statistics.median(help_s)
        lines.append(
            f"| `swarm query --help` < 0.3 s | {median_s:.3f} s median of {len(help_s)} "
            f"| {_verdict(median_s < 0.3)} |"
        )
    sized = [r for r in rows if r.backend == "scripted" and r.pages >= 1_000 and r.prompt_median]
    if len(sized) >= 2:
        sizes = [r.prompt_median or 0 for r in sized]
        ratio = max(sizes) / min(sizes)
        span = f"{sized[0].pages:,} → {sized[-1].pages:,} pages"
        lines.append(
            f"| selection prompt flat, 1,000 → 100,000 pages | {min(sizes):,}–{max(sizes):,} "
            f"chars over {span} (max/min {ratio:.2f}) | {_verdict(ratio <= 1.15)} |"
        )
    return "\n".join(lines)


def report(
    rows: list[Row],
    wikis: list[Wiki],
    help_s: list[float],
    facts: dict[str, str],
    args: argparse.Namespace,
) -> str:
    wiki_lines = ["| pages | page text (MB) | index.md (KB) |", "|---|---|---|"]
    for wiki in wikis:
        index_kb = (wiki.path / "index.md").stat().st_size / 1024
        wiki_lines.append(f"| {wiki.pages:,} | {wiki.total_bytes / 1e6:.1f} | {index_kb:,.0f} |")
    help_line = (
        f"`swarm query --help`: median {statistics.median(help_s):.3f} s, "
        f"min {min(help_s):.3f} s, max {max(help_s):.3f} s over {len(help_s)} runs."
        if help_s
        else "`swarm query --help`: not measured (--skip-help)."
    )
    machine = ", ".join(f"{key}: {value}" for key, value in facts.items())
    command = "python benchmarks/bench_wiki_query.py " + " ".join(
        f"--{name} {value}"
        for name, value in (
            ("sizes", ",".join(str(s) for s in args.sizes)),
            ("repeat", args.repeat),
            ("cold-repeat", args.cold_repeat),
        )
    )
    cold_repeat, repeat = args.cold_repeat, args.repeat
    return "\n".join(
        [
            "## wiki_query",
            "",
            f"Machine: {machine}.",
            "",
            f"Command: `{command}`. The machine is noisy (2 shared cores, other jobs running):"
            " read medians and ratios, not single figures.",
            "",
            "How it is measured:",
            "",
            '- **cold**: a new `python -c "from swarm.wiki_query import query; query(...)"`'
            " process, wall time taken from outside (interpreter start, imports, index.md parse,"
            " BM25 index, the query). *First ever* = empty `SWARM_CACHE_DIR`, so the BM25 index"
            f" is built and saved; *disk cache warm* = the next new processes (median of"
            f" {cold_repeat}). The OS file cache is warm in both (the wiki was just written).",
            f"- **warm**: the same process after one query: median and p90 of {repeat} queries"
            " through the public sync `query()`, each a different question (so snippets read"
            " pages this process has not seen).",
            "- **scripted**: `ChatReasoner(ScriptedChatModel(default=...))`, zero latency; it"
            " picks the page that states the answer and answers with high confidence.",
            "- **selection prompt**: system + user message of the `pick_pages` call recorded by"
            " `ScriptedChatModel` (median over the warm queries). The offline backend sends no"
            " prompt.",
            "- **memory**: tracemalloc peak during the warm process's first query (index.md"
            " parsed, BM25 index loaded from the disk cache), and the largest ru_maxrss of the"
            " cold processes (the first-ever one builds the index).",
            "- **target page read**: share of warm queries whose answer page was read: a sanity"
            " check that the synthetic questions are findable, not a quality figure.",
            "",
            "### Targets",
            "",
            targets_table(rows, help_s),
            "",
            "### Figures",
            "",
            results_table(rows),
            "",
            "Inside the cold process (medians). The last column is a new process after one"
            " page was edited in place: the disk cache keys each page on its (path, mtime,"
            " size), so only the edited page is read and tokenized again and the BM25 matrix is"
            " rebuilt from cached term counts (first backend only; the build does not depend on"
            " the backend).",
            "",
            breakdown_table(rows),
            "",
            help_line,
            "",
            'Generated wikis: Zipf-distributed words, 25% thin titles such as "Normans (part'
            " 17)\" with no description, each question's fact placed anywhere in its page,"
            " at most 250 pages per folder, 60% of pages with frontmatter.",
            "",
            *wiki_lines,
        ]
    )


def write_benchmarks_md(path: Path, section: str) -> None:
    """Replace this benchmark's section of `path` (between markers), keeping the rest."""
    block = f"{SECTION_MARK_START}\n{section}\n{SECTION_MARK_END}"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    if SECTION_MARK_START in text and SECTION_MARK_END in text:
        before, rest = text.split(SECTION_MARK_START, 1)
        after = rest.split(SECTION_MARK_END, 1)[1]
        text = before + block + after
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument(
        "--sizes",
        type=lambda text: [int(part.replace("_", "")) for part in text.split(",") if part],
        default=list(DEFAULT_SIZES),
        help="comma-separated page counts (default: 100,1000,5000,10000,100000)",
    )
    parser.add_argument("--repeat", type=int, default=20, help="warm queries per size (≥ 1)")
    parser.add_argument("--cold-repeat", type=int, default=3, help="cold runs, disk cache warm")
    parser.add_argument("--backends", default=",".join(BACKENDS), help="offline,scripted")
    parser.add_argument(
        "--workdir",
        type=Path,
        default=Path(tempfile.gettempdir()) / "swarm-bench",
        help="where the wikis are generated (reused when present)",
    )
    parser.add_argument("--out", type=Path, default=None, help="write the section into this file")
    parser.add_argument("--skip-help", action="store_true", help="don't time `swarm --help`")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        print(json.dumps(warm_worker(json.loads(args.worker))))
        return 0
    args.workdir.mkdir(parents=True, exist_ok=True)
    facts = machine_facts()  # before the run: the commit measured, not one made meanwhile
    backends = [name for name in args.backends.split(",") if name in BACKENDS]
    rows: list[Row] = []
    wikis: list[Wiki] = []
    for pages in args.sizes:
        wiki, generated_s = ensure_wiki(args.workdir, pages)
        wikis.append(wiki)
        note = f"generated in {generated_s:.1f} s" if generated_s else "reused"
        print(f"wiki {pages:,} pages ({wiki.total_bytes / 1e6:.1f} MB, {note})", file=sys.stderr)
        for backend in backends:
            repeats = max(1, args.repeat), max(1, args.cold_repeat)
            edit = backend == backends[0]  # the index build does not depend on the backend
            row = measure(wiki, backend, *repeats, args.workdir, edit=edit)
            rows.append(row)
            print(
                f"  {backend}: cold {row.cold_first_s:.2f}/{row.cold_disk_s:.2f} s, "
                f"warm {row.warm_median_ms:.1f} ms",
                file=sys.stderr,
            )
    help_s = [] if args.skip_help else help_wall_times()
    section = report(rows, wikis, help_s, facts, args)
    print(section)
    if args.out:
        write_benchmarks_md(args.out, section)
        print(f"written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""swarm beside its simplest good peers, on the same pages, in one run.

For each wiki (the real-text fixture `wiki_fixtures/cheatsheet` and synthetic wikis made by
`bench_wiki_query.py`'s generator) it measures, side by side:

- warm: swarm's offline `query()`, the chat path's local work (`ChatReasoner` over a
  zero-latency `ScriptedChatModel`), SQLite FTS5 (`bm25()` top 40 with `snippet()`), bm25s
  used directly (top 40, no snippets), and ripgrep (`rg -c -i -w`, top 40 by count) when it
  is installed;
- where swarm's warm offline query spends its time (settings, page map, candidates with
  snippets, the five excerpt reads, the offline answer step);
- first ever: a new process with an empty cache: `load_page_map` (the index parse), the
  ranking build (`get_ranker`), the first answer, and ru_maxrss (and the build helper
  process's, when one ran); beside FTS5's build of the same pages (read + insert + commit) in
  its own new process; `--cold-repeat N` pairs, swarm and FTS5 alternating, medians;
- prompt size: the whole index in the prompt (index.md length) beside swarm's bounded
  selection prompt (system + user text of the recorded `pick_pages` call).

    python benchmarks/bench_peers.py [--sizes 100,5000,100000] [--fixture DIR] [--repeat 20]
        [--cold-repeat 3] [--cold-only] [--workdir DIR] [--out BENCHMARKS.md] [--label after]

With `--cold-only` only the first-ever table is measured (no warm peers); run it with
`PYTHONPATH=<a snapshot of another commit>` to measure that commit's swarm the same way.
"""

from __future__ import annotations

import argparse
import compileall
import inspect
import json
import os
import re
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_report import write_section  # noqa: E402
from bench_wiki_query import ensure_wiki, machine_facts  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FIXTURE = REPO_ROOT / "wiki_fixtures" / "cheatsheet"
TOP_K = 40
SNIPPET_TOKENS = 24
_WORD = re.compile(r"\w+", re.UNICODE)


# --- questions ------------------------------------------------------------------------------


def fixture_questions(root: Path) -> list[dict[str, str | None]]:
    import yaml

    data = yaml.safe_load((root / "questions.yaml").read_text(encoding="utf-8"))
    out: list[dict[str, str | None]] = []
    for item in data.get("questions", []):
        pages = item.get("expected_pages") or []
        out.append({"text": item["question"], "target": pages[0] if pages else None})
    return out


def synthetic_questions(root: Path, pages: int, workdir: Path) -> list[dict[str, str | None]]:
    wiki, _ = ensure_wiki(workdir, pages)
    return [{"text": q.text, "target": q.target} for q in wiki.questions]


def page_paths(root: Path) -> list[str]:
    from swarm.wiki.index import load_page_map

    return [entry.path for entry in load_page_map(root).entries]


# --- peers ----------------------------------------------------------------------------------


def read_corpus(root: Path, paths: list[str]) -> list[str]:
    texts = []
    for path in paths:
        try:
            texts.append((root / path).read_text(encoding="utf-8", errors="replace"))
        except OSError:
            texts.append("")
    return texts


def fts5_build(db_path: Path, root: Path, paths: list[str]) -> sqlite3.Connection:
    """Read every page and index it in an FTS5 table (path unindexed, body), committed."""
    db_path.unlink(missing_ok=True)
    connection = sqlite3.connect(db_path)
    connection.execute("CREATE VIRTUAL TABLE pages USING fts5(path UNINDEXED, body)")
    rows = ((path, text) for path, text in zip(paths, read_corpus(root, paths), strict=True))
    connection.executemany("INSERT INTO pages (path, body) VALUES (?, ?)", rows)
    connection.commit()
    return connection


def fts5_query(connection: sqlite3.Connection, question: str) -> list[str]:
    words = {word.lower() for word in _WORD.findall(question)}
    match = " OR ".join(f'"{word}"' for word in sorted(words))
    if not match:
        return []
    rows = connection.execute(
        "SELECT path, snippet(pages, 1, '', '', '…', ?) FROM pages WHERE pages MATCH ? "
        "ORDER BY bm25(pages) LIMIT ?",
        (SNIPPET_TOKENS, match, TOP_K),
    ).fetchall()
    return [row[0] for row in rows]


class Bm25sPeer:
    def __init__(self, root: Path, paths: list[str]) -> None:
        import bm25s

        self.bm25s = bm25s
        self.paths = paths
        corpus = read_corpus(root, paths)
        tokens = bm25s.tokenize(corpus, stopwords="en", show_progress=False)
        self.retriever = bm25s.BM25()
        self.retriever.index(tokens, show_progress=False)

    def query(self, question: str) -> list[str]:
        tokens = self.bm25s.tokenize([question], stopwords="en", show_progress=False)
        if not tokens.vocab:
            return []
        k = min(TOP_K, len(self.paths))
        docs, _scores = self.retriever.retrieve(tokens, k=k, show_progress=False)
        return [self.paths[int(i)] for i in docs[0]]


def ripgrep_query(rg: str, root: Path, question: str) -> list[str]:
    words = sorted({w.lower() for w in _WORD.findall(question) if len(w) > 2})
    if not words:
        return []
    args = [rg, "-c", "-i", "-w", "--type", "md"]
    for word in words:
        args += ["-e", word]
    done = subprocess.run([*args, "."], cwd=root, capture_output=True, text=True, check=False)
    counts: list[tuple[int, str]] = []
    for line in done.stdout.splitlines():
        path, _, count = line.rpartition(":")
        if count.isdigit():
            counts.append((int(count), path.removeprefix("./")))
    counts.sort(key=lambda item: -item[0])
    return [path for _count, path in counts[:TOP_K]]


# --- child processes ------------------------------------------------------------------------


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000 if samples else float("nan")


def _timed(fn: Any, *args: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    value = fn(*args)
    return time.perf_counter() - started, value


_CPU: list[float] = []  # the CPU time (every thread of the process) of the last _timed_cpu call


def _timed_cpu(fn: Any, *args: Any) -> tuple[float, Any]:
    """`_timed`, also keeping the process's CPU time for the call in `_CPU` (on a loaded
    machine, wall time is mostly waiting for a core)."""
    cpu = time.process_time()
    elapsed, value = _timed(fn, *args)
    _CPU[:] = [time.process_time() - cpu]
    return elapsed, value


def _scripted(question: dict[str, str | None]) -> Any:
    from swarm.models.chat import ChatReasoner
    from swarm.models.scripted import ScriptedChatModel

    target = question["target"]

    def reply(call: Any) -> dict[str, Any]:
        if call.tool is not None and call.tool["name"] == "pick_pages":
            shown = re.findall(r"^\d+\. ([^|]+?) \|", call.prompt, re.MULTILINE)
            pages = [target] if target else shown[:1]
            return {"pages": pages, "time_sensitive": False}
        return {
            "answer": "scripted",
            "confidence": "high",
            "pages_used": [target] if target else [],
            "time_sensitive": False,
        }

    return ChatReasoner(ScriptedChatModel(default=reply), name="scripted")


def warm_worker(spec: dict[str, Any]) -> dict[str, Any]:
    """One wiki, one process: every warm figure, peers side by side and interleaved.

    The peers are built first; then, question by question, FTS5, bm25s, swarm's chat path and
    its offline query run one after another (so the machine's load moves them alike). Pass 1
    asks each question for the first time in this process; pass 2 asks the same questions
    again, so swarm's memoised steps (excerpt passages, snippet passages, passage words) hit.
    """
    import asyncio

    from swarm.config import get_settings
    from swarm.models.offline import OfflineReasoner
    from swarm.page_selection import build_candidates
    from swarm.wiki.index import load_page_map
    from swarm.wiki.pages import read_page, read_page_text
    from swarm.wiki.tokens import page_passages
    from swarm.wiki_query import query

    root = Path(spec["wiki"])
    # An older tree (a before-run) has no `snippets` switch: it always builds them.
    takes_snippets = "snippets" in inspect.signature(build_candidates).parameters
    questions: list[dict[str, str | None]] = spec["questions"]
    repeat: int = spec["repeat"]
    asked = [questions[i % len(questions)] for i in range(repeat)]
    out: dict[str, Any] = {}

    query("warm up the process", wiki_dir=root, model="offline")  # loads the cache
    paths = page_paths(root)
    tmp = tempfile.TemporaryDirectory()
    connection = fts5_build(Path(tmp.name) / "fts.db", root, paths)
    peer = Bm25sPeer(root, paths) if spec.get("bm25s", True) else None
    names = ["offline", "scripted", "fts5", "bm25s"]
    times: dict[str, list[float]] = {f"{name}_{n}": [] for name in names for n in (1, 2)}
    times |= {f"{name}_{n}_cpu": [] for name in names for n in (1, 2)}
    phases = ("settings", "page_map", "candidates", "snippets", "reads", "answer_step", "split")
    for phase in phases:
        times[phase] = []
    times["ripgrep"] = []
    prompts: list[int] = []
    found = {"offline": 0, "fts5": 0, "bm25s": 0, "ripgrep": 0}
    targeted = sum(1 for q in asked if q["target"])
    for rounds in (1, 2):
        for question in asked:
            text = question["text"] or ""
            target = question["target"]
            elapsed, hits = _timed_cpu(fts5_query, connection, text)
            times[f"fts5_{rounds}"].append(elapsed)
            times[f"fts5_{rounds}_cpu"] += _CPU
            found["fts5"] += rounds == 1 and bool(target) and target in hits
            if peer is not None:
                elapsed, hits = _timed(peer.query, text)
                times[f"bm25s_{rounds}"].append(elapsed)
                found["bm25s"] += rounds == 1 and bool(target) and target in hits
            # The chat path first: it builds its own snippets (an older tree's offline query
            # built them too, and would hand them to a chat query run after it).
            model = _scripted(question)
            elapsed, _ = _timed_cpu(lambda t=text, m=model: query(t, wiki_dir=root, model=m))
            times[f"scripted_{rounds}"].append(elapsed)
            times[f"scripted_{rounds}_cpu"] += _CPU
            for call in model.chat_model.history:
                if call.tool is not None and call.tool["name"] == "pick_pages":
                    user = sum(len(message["content"]) for message in call.messages)
                    prompts.append(len(call.system) + user)
            elapsed, result = _timed_cpu(lambda t=text: query(t, wiki_dir=root, model="offline"))
            times[f"offline_{rounds}"].append(elapsed)
            times[f"offline_{rounds}_cpu"] += _CPU
            found["offline"] += rounds == 1 and bool(target) and target in result.pages_read
            if rounds == 2:
                continue
            # The offline query's steps, through the public functions it is made of, right
            # after that question's queries (so their caches are as the queries left them).
            elapsed, settings = _timed(get_settings)
            times["settings"].append(elapsed)
            cache_dir = settings.effective_cache_dir()
            elapsed, page_map = _timed(partial(load_page_map, root, cache_dir=cache_dir))
            times["page_map"].append(elapsed)
            offline_candidates = (
                partial(build_candidates, snippets=False) if takes_snippets else build_candidates
            )
            elapsed, candidates = _timed(offline_candidates, text, page_map, settings)
            times["candidates"].append(elapsed)
            elapsed, _ = _timed(build_candidates, text, page_map, settings)
            times["snippets"].append(elapsed)
            chosen = [c.path for c in candidates[: settings.max_pages]]
            elapsed, excerpts = _timed(
                lambda ch=chosen, pm=page_map: [
                    read_page(root, p, title=pm.by_path[p].title, max_chars=1500) for p in ch
                ]
            )
            times["reads"].append(elapsed)
            reasoner = OfflineReasoner(settings)
            elapsed, _ = _timed(
                lambda ex=excerpts, t=text, r=reasoner: asyncio.run(r.answer_from_excerpts(t, ex))
            )
            times["answer_step"].append(elapsed)
            # The snippet splitter alone on the candidates' pages (read first, untimed), as a
            # page the process has not seen costs it: no cache is in the way.
            texts = [
                read_page_text(root, c.path, max_bytes=settings.max_page_bytes) for c in candidates
            ]
            elapsed, _ = _timed(lambda ts=texts: [page_passages(t) for t in ts])
            times["split"].append(elapsed)
    out["swarm_maxrss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    connection.close()
    tmp.cleanup()
    del peer
    rg = shutil.which("rg")
    if rg:
        for question in asked[: min(len(asked), 10)]:
            elapsed, hits = _timed(ripgrep_query, rg, root, question["text"] or "")
            times["ripgrep"].append(elapsed)
            found["ripgrep"] += bool(question["target"]) and question["target"] in hits
    out["median_ms"] = {name: _median_ms(samples) for name, samples in times.items()}
    out["found"] = {
        name: (count / (targeted if name != "ripgrep" else min(targeted, 10)) if targeted else None)
        for name, count in found.items()
    }
    out["prompt_chars"] = int(statistics.median(prompts)) if prompts else 0
    out["index_chars"] = len((root / "index.md").read_text(encoding="utf-8"))
    out["pages"] = len(paths)
    return out


def _cpu_s() -> float:
    """CPU seconds of this process and its waited-for children (the build's helper)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def cold_swarm_worker(spec: dict[str, Any]) -> dict[str, Any]:
    """A new process, empty cache: index parse, ranking build, first answer (in-process)."""
    started = time.perf_counter()
    from swarm.config import get_settings
    from swarm.wiki.index import load_page_map, parse_index
    from swarm.wiki.ranking import get_ranker
    from swarm.wiki_query import query

    imported = time.perf_counter()
    cpu_started = _cpu_s()
    root = Path(spec["wiki"])
    settings = get_settings()
    page_map = load_page_map(root, cache_dir=settings.effective_cache_dir())
    parsed = time.perf_counter()
    get_ranker(page_map, settings=settings)
    ranked = time.perf_counter()
    result = query(spec["question"], wiki_dir=root, model="offline")
    answered = time.perf_counter()
    cpu_s = _cpu_s() - cpu_started
    # The peak of the first ever, read before the parse below adds a second page map's worth.
    maxrss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    text = (root / "index.md").read_text(encoding="utf-8")
    parse_alone_s, _ = _timed(parse_index, text)
    return {
        "import_s": imported - started,
        "parse_s": parsed - imported,
        "rank_build_s": ranked - parsed,
        "first_answer_s": answered - ranked,
        "first_ever_s": answered - imported,
        "first_ever_cpu_s": cpu_s,
        "parse_index_s": parse_alone_s,
        "maxrss_mb": maxrss_mb,
        # the build's helper process, when one ran (0 otherwise)
        "helper_maxrss_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
        "load_at_start": os.getloadavg()[0],
        "error": result.error,
    }


def cold_fts5_worker(spec: dict[str, Any]) -> dict[str, Any]:
    """A new process: list the pages (parse index.md), then FTS5's build of them."""
    started = time.perf_counter()
    root = Path(spec["wiki"])
    paths = page_paths(root)
    listed = time.perf_counter()
    cpu_started = _cpu_s()
    with tempfile.TemporaryDirectory() as tmp:
        connection = fts5_build(Path(tmp) / "fts.db", root, paths)
        built = time.perf_counter()
        fts5_query(connection, spec["question"])
        answered = time.perf_counter()
        cpu_s = _cpu_s() - cpu_started
        connection.close()
    return {
        "list_s": listed - started,
        "build_s": built - listed,
        "first_answer_s": answered - built,
        "cpu_s": cpu_s,
        "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def cold_bm25s_worker(spec: dict[str, Any]) -> dict[str, Any]:
    """A new process: list the pages, then bm25s's build of them (read, `bm25s.tokenize`
    with English stopwords, `BM25.index`), then one query."""
    root = Path(spec["wiki"])
    paths = page_paths(root)
    listed = time.perf_counter()
    peer = Bm25sPeer(root, paths)
    built = time.perf_counter()
    peer.query(spec["question"])
    answered = time.perf_counter()
    return {
        "build_s": built - listed,
        "first_answer_s": answered - built,
        "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


WORKERS = {
    "warm": warm_worker,
    "cold_swarm": cold_swarm_worker,
    "cold_fts5": cold_fts5_worker,
    "cold_bm25s": cold_bm25s_worker,
}


def run_child(
    kind: str, spec: dict[str, Any], cache_dir: Path, *, pythonpath: Path | None = None
) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SWARM_", "ANTHROPIC_"))}
    if pythonpath is not None:  # another commit's swarm (a `git archive` snapshot)
        env["PYTHONPATH"] = str(pythonpath)
    env["SWARM_CACHE_DIR"] = str(cache_dir)
    env["SWARM_MODEL"] = "offline"
    args = [sys.executable, str(Path(__file__).resolve()), "--worker", kind, json.dumps(spec)]
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{kind} child failed: {done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


# --- the run and the report -----------------------------------------------------------------


def measure_wiki(
    name: str, root: Path, questions: list[dict[str, str | None]], args: argparse.Namespace
) -> dict[str, Any]:
    cache_dir = args.workdir / f"peers-cache-{name}"
    shutil.rmtree(cache_dir, ignore_errors=True)
    cache_dir.mkdir(parents=True)
    first = next((q["text"] for q in questions if q["target"]), questions[0]["text"])
    spec = {"wiki": str(root), "question": first}
    colds: list[dict[str, Any]] = []
    fts5s: list[dict[str, Any]] = []
    baselines: list[dict[str, Any]] = []
    warm: dict[str, Any] = {}
    try:
        for _ in range(max(1, args.cold_repeat)):
            shutil.rmtree(cache_dir, ignore_errors=True)
            cache_dir.mkdir(parents=True)
            colds.append(run_child("cold_swarm", spec, cache_dir))
            fts5s.append(run_child("cold_fts5", spec, cache_dir))
            if args.baseline is not None:
                shutil.rmtree(cache_dir, ignore_errors=True)
                cache_dir.mkdir(parents=True)
                baseline = run_child("cold_swarm", spec, cache_dir, pythonpath=args.baseline)
                baselines.append(baseline)
        # bm25s's build once per wiki, not with --cold-only: at 100,000 pages it takes minutes
        skip = args.skip_bm25s or args.cold_only
        bm25s_cold = None if skip else run_child("cold_bm25s", spec, cache_dir)
        if not args.cold_only:
            warm_spec = {"wiki": str(root), "questions": questions, "repeat": args.repeat}
            warm_spec["bm25s"] = not args.skip_bm25s
            warm = run_child("warm", warm_spec, cache_dir)  # loads the last cold child's cache
            if args.second_process:  # the same questions, new to a process, on the disk cache
                warm["second_process_ms"] = run_child("warm", warm_spec, cache_dir)["median_ms"]
        else:
            warm = {"pages": len(page_paths(root))}
    finally:
        shutil.rmtree(cache_dir, ignore_errors=True)
    ratios = [
        c["first_ever_s"] / (f["build_s"] + f["first_answer_s"])
        for c, f in zip(colds, fts5s, strict=True)
    ]
    cpu_ratios = [c["first_ever_cpu_s"] / f["cpu_s"] for c, f in zip(colds, fts5s, strict=True)]
    row = {
        "name": name,
        "cold": _medians(colds),
        "fts5_cold": _medians(fts5s),
        "cold_runs": len(colds),
        "pair_ratio": statistics.median(ratios),
        "pair_ratios": ratios,
        "cpu_pair_ratio": statistics.median(cpu_ratios),
        "swarm_first_ever_all": [c["first_ever_s"] for c in colds],
        "bm25s_cold": bm25s_cold,
        "baseline_cold": _medians(baselines) if baselines else None,
        "baseline_first_ever_all": [b["first_ever_s"] for b in baselines],
        "baseline_ratio": (
            statistics.median(
                c["first_ever_s"] / b["first_ever_s"] for c, b in zip(colds, baselines, strict=True)
            )
            if baselines
            else None
        ),
        "baseline_cpu_ratio": (
            statistics.median(
                c["first_ever_cpu_s"] / b["first_ever_cpu_s"]
                for c, b in zip(colds, baselines, strict=True)
            )
            if baselines
            else None
        ),
        **warm,
    }
    print(json.dumps(row), file=sys.stderr)
    return row


def _medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each numeric field's median over the runs (the rest from the first run)."""
    out = dict(runs[0])
    for key, value in runs[0].items():
        if isinstance(value, int | float) and not isinstance(value, bool):
            out[key] = statistics.median(run[key] for run in runs)
    return out


def _ratio(value: float, peer: float) -> str:
    if not (value == value and peer == peer) or peer <= 0:  # NaN
        return "–"
    return f"{value / peer:.2f}×"


def _ms(value: float) -> str:
    return "–" if value != value else f"{value:.2f}"


def _cold_table(rows: list[dict[str, Any]]) -> list[str]:
    runs = rows[0]["cold_runs"] if rows else 0
    lines = [
        "### First-ever build (a new process, empty cache; s) and ratio to FTS5",
        "",
        "swarm: `load_page_map` (index parse) + `get_ranker` (read, tokenize, BM25 matrix,"
        " save) + the first `query()`; imports not counted. FTS5: the page list, then read +"
        " insert + commit of every page, then one query, in its own new process. Medians of"
        f" {runs} runs, swarm and FTS5 alternating; *swarm / FTS5* is the median of each pair's"
        " ratio; *helper* is the build's second process's ru_maxrss when one ran. bm25s (read,"
        " `bm25s.tokenize`, `BM25.index`, one query; its own new process) once per wiki."
        " *CPU* is the same span's CPU seconds (`time.process_time` and the helper's), which"
        " moves far less than wall time on a busy machine.",
        "",
        "| wiki | pages | parse | ranking build | first answer | swarm first ever (each run) |"
        " swarm CPU | swarm ru_maxrss (MB) | helper (MB) | FTS5 build + first query | FTS5 CPU"
        " | FTS5 ru_maxrss (MB) | swarm / FTS5 | swarm / FTS5, CPU | bm25s build + first query"
        " | bm25s ru_maxrss (MB) | swarm / bm25s | `parse_index` alone |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        c, f = row["cold"], row["fts5_cold"]
        fts5_s = f["build_s"] + f["first_answer_s"]
        each = " / ".join(f"{value:.2f}" for value in row["swarm_first_ever_all"])
        helper = f"{c['helper_maxrss_mb']:.0f}" if c.get("helper_maxrss_mb") else "–"
        bm = row.get("bm25s_cold")
        bm25s_cells = "– | – | –"
        if bm:
            bm_s = bm["build_s"] + bm["first_answer_s"]
            bm25s_cells = f"{bm_s:.2f} | {bm['maxrss_mb']:.0f} | {_ratio(c['first_ever_s'], bm_s)}"
        lines.append(
            f"| {row['name']} | {row['pages']:,} | {c['parse_s']:.2f} | {c['rank_build_s']:.2f} "
            f"| {c['first_answer_s']:.3f} | {c['first_ever_s']:.2f} ({each}) "
            f"| {c['first_ever_cpu_s']:.2f} | {c['maxrss_mb']:.0f} | {helper} | {fts5_s:.2f} "
            f"| {f['cpu_s']:.2f} | {f['maxrss_mb']:.0f} | {row['pair_ratio']:.2f}× "
            f"| {row['cpu_pair_ratio']:.2f}× | {bm25s_cells} | {c['parse_index_s']:.2f} |"
        )
    if any(row.get("baseline_cold") for row in rows):
        lines += [
            "",
            "Before and after in the same run: each repeat ran this commit's first ever, FTS5's"
            " build and the `--baseline` snapshot's first ever, one after another; *after /"
            " before* is the median of each repeat's ratio.",
            "",
            "| wiki | pages | before: first ever (each run) | before: CPU | before: ranking build"
            " | before: ru_maxrss (MB) | after: first ever | after: CPU | after: ranking build"
            " | after: ru_maxrss (MB) | after / before | after / before, CPU |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for row in rows:
            b, c = row.get("baseline_cold"), row["cold"]
            if not b:
                continue
            each = " / ".join(f"{value:.2f}" for value in row["baseline_first_ever_all"])
            lines.append(
                f"| {row['name']} | {row['pages']:,} | {b['first_ever_s']:.2f} ({each}) "
                f"| {b['first_ever_cpu_s']:.2f} | {b['rank_build_s']:.2f} | {b['maxrss_mb']:.0f} "
                f"| {c['first_ever_s']:.2f} | {c['first_ever_cpu_s']:.2f} "
                f"| {c['rank_build_s']:.2f} | {c['maxrss_mb']:.0f} | {row['baseline_ratio']:.2f}× "
                f"| {row['baseline_cpu_ratio']:.2f}× |"
            )
    return lines


def report(rows: list[dict[str, Any]], facts: dict[str, str], args: argparse.Namespace) -> str:
    machine = ", ".join(f"{key}: {value}" for key, value in facts.items())
    load = os.getloadavg()
    command = (
        f"python benchmarks/bench_peers.py --sizes {','.join(map(str, args.sizes))}"
        f" --repeat {args.repeat} --cold-repeat {args.cold_repeat}"
        + (" --cold-only" if args.cold_only else "")
        + (" --baseline <snapshot>" if args.baseline else "")
        + (" --second-process" if args.second_process else "")
    )
    lines = [
        f"## Peers ({args.label})",
        "",
        f"Machine: {machine}; 1-minute load average at the start {args.load_at_start:.2f},"
        f" at the end {load[0]:.2f} (2 shared cores: read medians and ratios).",
        "",
        f"Command: `{command}`.",
    ]
    if args.cold_only:
        return "\n".join([*lines, "", *_cold_table(rows)])
    lines += [
        f"Warm figures are medians over {args.repeat} questions in one"
        " process per wiki, all peers on the same pages in that process; ripgrep over the"
        " first 10 (a new `rg` process each).",
        "",
        "### Warm query (ms, median) and ratios to FTS5",
        "",
        "*New* = each question asked for the first time in the process (pass 1); *again* = the"
        " same questions asked a second time (pass 2: swarm's memoised steps hit). FTS5 and"
        " bm25s run interleaved with swarm, question by question (FTS5, bm25s, the chat path, then"
        " offline); the ratio is to FTS5's median in the same pass.",
        "",
        "| wiki | pages | swarm offline, new / again | swarm chat path (scripted), new / again"
        " | FTS5 bm25+snippet top 40, new / again | bm25s top 40 | ripgrep | offline / FTS5,"
        " new / again | chat / FTS5, new / again |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        m = row["median_ms"]
        lines.append(
            f"| {row['name']} | {row['pages']:,} | {_ms(m['offline_1'])} / {_ms(m['offline_2'])}"
            f" | {_ms(m['scripted_1'])} / {_ms(m['scripted_2'])}"
            f" | {_ms(m['fts5_1'])} / {_ms(m['fts5_2'])} | {_ms(m['bm25s_1'])}"
            f" | {_ms(m['ripgrep'])}"
            f" | {_ratio(m['offline_1'], m['fts5_1'])} / {_ratio(m['offline_2'], m['fts5_2'])}"
            f" | {_ratio(m['scripted_1'], m['fts5_1'])} / {_ratio(m['scripted_2'], m['fts5_2'])} |"
        )
    lines += [
        "",
        "The same queries in CPU time (`time.process_time`, every thread of the process; ms,"
        " median): what each costs the machine, without the wait for a core.",
        "",
        "| wiki | swarm offline, new / again | swarm chat path, new / again | FTS5, new / again"
        " | offline / FTS5, new / again | chat / FTS5, new / again |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        m = row["median_ms"]
        if "fts5_1_cpu" not in m:
            continue
        lines.append(
            f"| {row['name']} | {_ms(m['offline_1_cpu'])} / {_ms(m['offline_2_cpu'])}"
            f" | {_ms(m['scripted_1_cpu'])} / {_ms(m['scripted_2_cpu'])}"
            f" | {_ms(m['fts5_1_cpu'])} / {_ms(m['fts5_2_cpu'])}"
            f" | {_ratio(m['offline_1_cpu'], m['fts5_1_cpu'])}"
            f" / {_ratio(m['offline_2_cpu'], m['fts5_2_cpu'])}"
            f" | {_ratio(m['scripted_1_cpu'], m['fts5_1_cpu'])}"
            f" / {_ratio(m['scripted_2_cpu'], m['fts5_2_cpu'])} |"
        )
    if any("second_process_ms" in row for row in rows):
        lines += [
            "",
            "A second process (`--second-process`): the same questions, new to it, on the disk"
            " cache the first warm process left (ranking index, and the snippet passages of every"
            " page the first one split); FTS5 in that process too.",
            "",
            "| wiki | swarm offline, new | swarm chat path, new | FTS5, new | offline / FTS5"
            " | chat / FTS5 | CPU: offline / FTS5 | CPU: chat / FTS5 |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for row in rows:
            m = row.get("second_process_ms")
            if m:
                lines.append(
                    f"| {row['name']} | {_ms(m['offline_1'])} | {_ms(m['scripted_1'])}"
                    f" | {_ms(m['fts5_1'])} | {_ratio(m['offline_1'], m['fts5_1'])}"
                    f" | {_ratio(m['scripted_1'], m['fts5_1'])}"
                    f" | {_ratio(m.get('offline_1_cpu', 0.0), m.get('fts5_1_cpu', 0.0))}"
                    f" | {_ratio(m.get('scripted_1_cpu', 0.0), m.get('fts5_1_cpu', 0.0))} |"
                )
    lines += [
        "",
        "Where swarm's warm offline query goes (ms, median over pass 1, each step through its"
        " public function right after that question's queries): `get_settings()`,"
        " `load_page_map` (memory cache), `build_candidates` without snippets (the offline"
        " path: BM25 top 40) and with them (the chat path), five `read_page` excerpts, the"
        " offline answer step (`OfflineReasoner.answer_from_excerpts`); and the snippet"
        " splitter alone (`page_passages`) over the candidates' pages, as pages not seen before"
        " cost it (no cache).",
        "",
        "| wiki | settings | page map | candidates | candidates + snippets | 5 excerpt reads"
        " | answer step | snippet splitter, 40 pages |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        m = row["median_ms"]
        lines.append(
            f"| {row['name']} | {_ms(m['settings'])} | {_ms(m['page_map'])} "
            f"| {_ms(m['candidates'])} | {_ms(m['snippets'])} | {_ms(m['reads'])}"
            f" | {_ms(m['answer_step'])} | {_ms(m['split'])} |"
        )
    lines += [
        "",
        "Target page found (the question's page read by swarm, in the top 40 of a peer): a"
        " sanity check that every peer answers the same questions.",
        "",
        "| wiki | swarm offline (read) | FTS5 | bm25s | ripgrep |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        f = row["found"]

        def pct(value: float | None) -> str:
            return "–" if value is None else f"{value:.0%}"

        lines.append(
            f"| {row['name']} | {pct(f['offline'])} | {pct(f['fts5'])} | {pct(f['bm25s'])} "
            f"| {pct(f['ripgrep']) if row['median_ms']['ripgrep'] == row['median_ms']['ripgrep'] else '–'} |"  # noqa: E501
        )
    lines += ["", *_cold_table(rows)]
    lines += [
        "",
        "### Prompt size: the whole index in the prompt vs swarm's bounded selection prompt",
        "",
        "| wiki | pages | index.md (chars) | swarm selection prompt (chars)"
        " | whole index / swarm |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        prompt = row["prompt_chars"]
        ratio = f"{row['index_chars'] / prompt:.1f}×" if prompt else "–"
        lines.append(
            f"| {row['name']} | {row['pages']:,} | {row['index_chars']:,} | {prompt:,} | {ratio} |"
        )
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument(
        "--sizes",
        type=lambda text: [int(part.replace("_", "")) for part in text.split(",") if part],
        default=[100, 5_000, 100_000],
    )
    parser.add_argument("--fixture", type=Path, default=DEFAULT_FIXTURE)
    parser.add_argument("--no-fixture", action="store_true")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--skip-bm25s", action="store_true", help="leave bm25s out (memory)")
    parser.add_argument("--cold-repeat", type=int, default=3, help="first-ever pairs per wiki")
    parser.add_argument("--cold-only", action="store_true", help="only the first-ever table")
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="a snapshot of another commit: its first ever measured in each pair too (before)",
    )
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "swarm-bench")
    parser.add_argument(
        "--second-process",
        action="store_true",
        help="run the warm questions again in a second process on the disk cache the first left",
    )
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--label", default="after", help="section label: before / after")
    parser.add_argument("--worker", nargs=2, default=None, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        kind, spec = args.worker
        print(json.dumps(WORKERS[kind](json.loads(spec))))
        return 0
    args.load_at_start = os.getloadavg()[0]
    # Byte-compile the measured trees first, as an installed package is: with
    # PYTHONDONTWRITEBYTECODE set and no __pycache__, every child would compile swarm's
    # source again, ~20 ms of the first answer alone (the lazily imported answer path).
    for tree in (REPO_ROOT / "swarm", args.baseline and args.baseline / "swarm"):
        if tree and tree.is_dir():
            compileall.compile_dir(tree, quiet=1)
    args.workdir.mkdir(parents=True, exist_ok=True)
    facts = machine_facts()
    rows = []
    if not args.no_fixture:
        root = args.fixture.resolve()
        rows.append(measure_wiki(root.name, root, fixture_questions(root), args))
    for pages in args.sizes:
        questions = synthetic_questions(args.workdir / f"wiki-{pages}", pages, args.workdir)
        root = args.workdir / f"wiki-{pages}"
        rows.append(measure_wiki(f"synthetic {pages:,}", root, questions, args))
    section = report(rows, facts, args)
    print(section)
    if args.out:
        write_section(args.out, section, "bench_peers", args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())

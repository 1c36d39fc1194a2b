"""swarm under load: concurrent `aquery()` on one event loop, worker processes, connections.

- **concurrency**: `--queries` warm `aquery()` calls at 1 / 8 / 32 / 128 in flight on one
  loop: throughput, p50 latency, and the loop's worst lag (a ticker task that sleeps
  `TICK_S` and records how late it wakes: the time the loop could not schedule anything).
  Before the levels, every question is asked once at the highest level (the warm-up, left
  out of the figures; `--no-warmup` keeps first touches in). The lag ratio is the worst lag
  of a level over the median of 40 single warm queries, 20 run before the levels and 20
  after, in the same process. Beside each level, a separate idle process runs the same
  ticker (the machine's own lag in those seconds: what any process there would see), and
  every callback the loop runs is timed in CPU seconds of the loop's thread (the longest is
  the work that held the loop; the rest of a lag is waiting for the GIL or a core);
- **workers**: 1 and 2 worker *processes*, each its own loop running `aquery()` at
  `--worker-concurrency`, on one shared disk cache (`SWARM_CACHE_DIR`), started together;
- **connections**: chat-path queries (`--backend anthropic`) against a loopback Messages API
  that counts the TCP connections it accepts: sequential sync `query()` calls, and
  concurrent `aquery()` calls on one loop.

    python benchmarks/bench_load.py [--wiki DIR] [--backend offline|scripted]
        [--levels 1,8,32,128] [--queries 256] [--workers 1,2] [--no-warmup]
        [--out BENCHMARKS.md]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from bench_report import int_list, write_section
from stall_trace import StallTracer, tracked_types

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_WIKI = REPO_ROOT / "wiki_fixtures" / "cheatsheet"
TICK_S = 0.005
SECTION_MARK = "bench_load"
# Set by `--trace-stalls`: the ticker, the callback clock and the GC clock report to it.
TRACER: StallTracer | None = None


def questions_for(wiki: Path) -> list[str]:
    import yaml

    data = yaml.safe_load((wiki / "questions.yaml").read_text(encoding="utf-8"))
    return [item["question"] for item in data["questions"]]


def model_for(backend: str) -> Any:
    if backend == "offline":
        return "offline"
    from swarm.models.chat import ChatReasoner
    from swarm.models.scripted import ScriptedChatModel

    def reply(call: Any) -> dict[str, Any]:
        if call.tool is not None and call.tool["name"] == "pick_pages":
            shown = re.findall(r"^\d+\. ([^|]+?) \|", call.prompt, re.MULTILINE)
            return {"pages": shown[:1], "time_sensitive": False}
        return {
            "answer": "scripted",
            "confidence": "high",
            "pages_used": [],
            "time_sensitive": False,
        }

    return ChatReasoner(ScriptedChatModel(default=reply), name="scripted")


class LagMeter:
    """A ticker on the loop: how late each `sleep(TICK_S)` wakes up."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            tracer = TRACER
            if tracer is not None:
                tracer.window_start()
            before = loop.time()
            await asyncio.sleep(TICK_S)
            lag = max(0.0, loop.time() - before - TICK_S)
            self.lags.append(lag)
            if tracer is not None:
                tracer.window_end(lag)

    def start(self) -> None:
        self.lags = []
        self._task = asyncio.get_running_loop().create_task(self._tick())

    async def stop(self) -> None:
        assert self._task is not None
        self._task.cancel()
        try:
            await self._task
        except asyncio.CancelledError:
            pass


class CallbackClock:
    """Times every callback the main thread's loops run (`asyncio.Handle._run`, task steps
    included) in CPU seconds of that thread: the longest is the most work that held the loop.
    Benchmark instrumentation only: it wraps asyncio's handle for this process."""

    def __init__(self) -> None:
        self.longest_cpu_s = 0.0
        self.longest_wall_s = 0.0
        run = asyncio.events.Handle._run
        main = threading.main_thread()
        clock = self

        def timed(handle: asyncio.events.Handle) -> None:
            if threading.current_thread() is not main:
                return run(handle)
            cpu, wall = time.thread_time(), time.perf_counter()
            run(handle)
            cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
            clock.longest_cpu_s = max(clock.longest_cpu_s, cpu)
            clock.longest_wall_s = max(clock.longest_wall_s, wall)
            if TRACER is not None:
                TRACER.note_callback(handle, cpu, wall)
            return None

        asyncio.events.Handle._run = timed  # type: ignore[method-assign]

    def reset(self) -> None:
        self.longest_cpu_s = self.longest_wall_s = 0.0


CALLBACKS = CallbackClock()


class GcClock:
    """Times the cyclic garbage collector's passes in any thread (each holds the GIL, so the
    loop stands still while it runs): the longest full (oldest-generation) pass and the count."""

    def __init__(self) -> None:
        self.longest_full_s = self.longest_full_cpu_s = 0.0
        self.full = 0
        self._started: dict[int, tuple[float, float]] = {}
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, Any]) -> None:
        key = threading.get_ident()
        if phase == "start":
            self._started[key] = (time.perf_counter(), time.thread_time())
        elif key in self._started:
            wall, cpu = self._started.pop(key)
            if info["generation"] == 2:
                self.full += 1
                self.longest_full_s = max(self.longest_full_s, time.perf_counter() - wall)
                self.longest_full_cpu_s = max(self.longest_full_cpu_s, time.thread_time() - cpu)

    def reset(self) -> None:
        self.longest_full_s = self.longest_full_cpu_s = 0.0
        self.full = 0


GC_PASSES = GcClock()


class LagProbe:
    """The same ticker in a separate, otherwise idle process: the machine's own lag."""

    def __init__(self) -> None:
        command = [sys.executable, __file__, "--lag-probe"]
        self._child = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self._child.stdout is not None
        if self._child.stdout.readline().strip() != "ready":
            raise RuntimeError("the lag probe did not start")

    def stop(self) -> dict[str, float]:
        out, _ = self._child.communicate("stop\n", timeout=60)
        return dict(json.loads(out.strip().splitlines()[-1]))


def lag_probe() -> None:
    """The probe process: tick until a line arrives on stdin, then print the lags."""

    async def main() -> dict[str, float]:
        loop = asyncio.get_running_loop()
        meter = LagMeter()
        meter.start()
        print("ready", flush=True)
        await loop.run_in_executor(None, sys.stdin.readline)
        await meter.stop()
        ordered = sorted(meter.lags)
        return {
            "max_lag_ms": max(ordered, default=0.0) * 1000,
            "p99_lag_ms": ordered[int(0.99 * (len(ordered) - 1))] * 1000 if ordered else 0.0,
        }

    print(json.dumps(asyncio.run(main())), flush=True)


async def run_level(
    wiki: Path,
    questions: list[str],
    backend: str,
    concurrency: int,
    total: int,
    probe: bool = True,
) -> dict[str, float]:
    from swarm.wiki_query import aquery

    semaphore = asyncio.Semaphore(concurrency)
    latencies: list[float] = []
    errors = 0

    async def one(number: int) -> None:
        nonlocal errors
        async with semaphore:
            started = time.perf_counter()
            result = await aquery(
                questions[number % len(questions)], wiki_dir=wiki, model=model_for(backend)
            )
            latencies.append(time.perf_counter() - started)
            errors += result.error is not None

    machine = LagProbe() if probe else None
    meter = LagMeter()
    await asyncio.sleep(0)  # the step that started the probe (a blocking wait) ends here
    CALLBACKS.reset()
    GC_PASSES.reset()
    if TRACER is not None:
        TRACER.reset()
    meter.start()
    started = time.perf_counter()
    await asyncio.gather(*(one(n) for n in range(total)))
    wall = time.perf_counter() - started
    longest_cpu, longest_wall = CALLBACKS.longest_cpu_s, CALLBACKS.longest_wall_s
    full_gcs, longest_gc = GC_PASSES.full, GC_PASSES.longest_full_s
    longest_gc_cpu = GC_PASSES.longest_full_cpu_s
    await meter.stop()
    stalls = TRACER.summary() if TRACER is not None else []
    unqueued = TRACER.worst_unqueued_ms() if TRACER is not None else 0.0
    idle = machine.stop() if machine is not None else {"max_lag_ms": 0.0, "p99_lag_ms": 0.0}
    ordered = sorted(meter.lags)
    return {
        "concurrency": concurrency,
        "qps": total / wall,
        "p50_ms": statistics.median(latencies) * 1000,
        "max_lag_ms": max(meter.lags, default=0.0) * 1000,
        "p99_lag_ms": ordered[int(0.99 * (len(ordered) - 1))] * 1000 if ordered else 0.0,
        "longest_callback_cpu_ms": longest_cpu * 1000,
        "longest_callback_wall_ms": longest_wall * 1000,
        "full_gcs": full_gcs,
        "longest_full_gc_ms": longest_gc * 1000,
        "longest_full_gc_cpu_ms": longest_gc_cpu * 1000,
        "idle_max_lag_ms": idle["max_lag_ms"],
        "idle_p99_lag_ms": idle["p99_lag_ms"],
        "errors": errors,
        "stalls": stalls,
        "unqueued_max_lag_ms": unqueued,
    }


async def single_warm(
    wiki: Path, questions: list[str], backend: str, count: int
) -> list[tuple[float, float]]:
    """`count` warm `aquery()` calls one at a time: each one's wall and CPU time (the
    process's, every thread: the loop's and the wiki pool's)."""
    from swarm.wiki_query import aquery

    times = []
    for number in range(count):
        started, started_cpu = time.perf_counter(), time.process_time()
        await aquery(questions[number % len(questions)], wiki_dir=wiki, model=model_for(backend))
        times.append((time.perf_counter() - started, time.process_time() - started_cpu))
    return times


async def concurrency_run(args: argparse.Namespace) -> dict[str, Any]:
    from swarm.wiki_query import aquery

    global TRACER
    wiki = args.wiki.resolve()
    questions = questions_for(wiki)
    if args.trace_stalls:
        TRACER = StallTracer(args.stall_ms / 1000, TICK_S)
        TRACER.start()
    await aquery(questions[0], wiki_dir=wiki, model=model_for(args.backend))  # build / load
    if args.warmup:  # every question once, at the highest level: first touches left out
        top = max(args.levels, default=1)
        await run_level(wiki, questions, args.backend, top, len(questions), probe=False)
    single = await single_warm(wiki, questions, args.backend, 20)
    levels = [
        await run_level(wiki, questions, args.backend, level, args.queries) for level in args.levels
    ]
    single += await single_warm(wiki, questions, args.backend, 20)
    if TRACER is not None:
        TRACER.stop()
    types = tracked_types() if args.trace_stalls else ""
    collections = []
    for _ in range(3):  # what one full collection costs with everything loaded (CPU)
        started_cpu = time.process_time()
        gc.collect()
        collections.append(time.process_time() - started_cpu)
    tracked = len(gc.get_objects())
    frozen = stranded = 0
    if args.trace_stalls:  # how much frozen garbage the permanent generation holds
        frozen = gc.get_freeze_count()
        gc.unfreeze()
        stranded = gc.collect()
    return {
        "frozen_objects": frozen,
        "stranded_objects": stranded,
        "warm_ms": statistics.median(wall for wall, _ in single) * 1000,
        "warm_cpu_ms": statistics.median(cpu for _, cpu in single) * 1000,
        "full_gc_cpu_ms": statistics.median(collections) * 1000,
        "tracked_objects": tracked,
        "tracked_types": types,
        "levels": levels,
    }


# --- worker processes on one shared disk cache ------------------------------------------------


def process_worker(spec: dict[str, Any]) -> None:
    """Warm up, say ready, wait for "go" on stdin, run the share, print the timings."""
    from swarm.wiki_query import aquery

    wiki = Path(spec["wiki"])
    questions = questions_for(wiki)

    async def main() -> dict[str, float]:
        await aquery(questions[0], wiki_dir=wiki, model=model_for(spec["backend"]))
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        semaphore = asyncio.Semaphore(spec["concurrency"])

        async def one(number: int) -> None:
            async with semaphore:
                question = questions[(number + spec["offset"]) % len(questions)]
                await aquery(question, wiki_dir=wiki, model=model_for(spec["backend"]))

        started = time.time()
        await asyncio.gather(*(one(n) for n in range(spec["queries"])))
        return {"start": started, "end": time.time(), "queries": spec["queries"]}

    print(json.dumps(asyncio.run(main())), flush=True)


def workers_run(args: argparse.Namespace, cache_dir: Path) -> list[dict[str, float]]:
    rows = []
    for count in args.workers:
        env = {**os.environ, "SWARM_CACHE_DIR": str(cache_dir)}
        children = []
        for number in range(count):
            spec = {
                "wiki": str(args.wiki.resolve()),
                "backend": args.backend,
                "concurrency": args.worker_concurrency,
                "queries": args.queries // count,
                "offset": number * 7,
            }
            command = [sys.executable, __file__, "--process-worker", json.dumps(spec)]
            children.append(
                subprocess.Popen(
                    command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
                )
            )
        for child in children:
            assert child.stdout is not None
            if child.stdout.readline().strip() != "ready":
                raise RuntimeError("a worker did not start")
        for child in children:
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        reports = []
        for child in children:
            out, _ = child.communicate(timeout=600)
            reports.append(json.loads(out.strip().splitlines()[-1]))
        wall = max(r["end"] for r in reports) - min(r["start"] for r in reports)
        total = sum(r["queries"] for r in reports)
        rows.append({"workers": count, "qps": total / wall, "queries": total})
        print(f"workers {count}: {total / wall:.1f} q/s", file=sys.stderr)
    return rows


# --- connections per chat-path query ---------------------------------------------------------


class CountingMessagesAPI:
    """A loopback Messages API (HTTP/1.1 keep-alive) counting accepted connections."""

    def __init__(self, reply: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self.accepted = 0
        self.requests = 0
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
                api.requests += 1
                data = json.dumps(reply(body)).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 256  # the default backlog (5) refuses a burst of connects

            def get_request(self) -> Any:
                accepted = super().get_request()
                api.accepted += 1
                return accepted

        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def _tool_message(name: str, tool_input: dict[str, Any], model: str) -> dict[str, Any]:
    return {
        "id": "msg_bench",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "tool_use", "id": "toolu_1", "name": name, "input": tool_input}],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5},
    }


def fake_reply(request: dict[str, Any]) -> dict[str, Any]:
    name = request["tool_choice"]["name"]
    if name == "pick_pages":
        text = json.dumps(request["messages"])
        shown = re.findall(r"\\n1\. ([^|]+?) \|", text)
        return _tool_message(name, {"pages": shown[:1], "time_sensitive": False}, request["model"])
    answer = {"answer": "from the page", "confidence": "high", "pages_used": []}
    return _tool_message(name, {**answer, "time_sensitive": False}, request["model"])


_CONNECTIONS_CHILD = """
import asyncio, json, sys
from swarm.wiki_query import aquery, query
wiki, n, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
qs = {questions!r}
if mode == "sync":
    errors = [query(qs[i % len(qs)], False, wiki_dir=wiki).error for i in range(n)]
else:
    async def main():
        rs = []
        for wave in range(2):  # two waves of n/2 at once: the second reuses the first's pool
            calls = (aquery(qs[i % len(qs)], False, wiki_dir=wiki) for i in range(n // 2))
            rs += await asyncio.gather(*calls)
        return [r.error for r in rs]
    errors = asyncio.run(main())
print(json.dumps({{"errors": [e for e in errors if e]}}))
"""


def connections_run(args: argparse.Namespace, cache_dir: Path) -> list[dict[str, Any]]:
    rows = []
    questions = questions_for(args.wiki.resolve())[:10]
    for mode, count in (("sync", 20), ("async, 2 waves of 10 at once", 20)):
        api = CountingMessagesAPI(fake_reply)
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("SWARM_", "ANTHROPIC_"))},
            "ANTHROPIC_API_KEY": "sk-ant-bench",
            "ANTHROPIC_BASE_URL": api.url,
            "SWARM_MODEL": "anthropic",
            "SWARM_MODEL_MAX_RETRIES": "0",
            "SWARM_CACHE_DIR": str(cache_dir),
        }
        code = _CONNECTIONS_CHILD.format(questions=questions)
        done = subprocess.run(
            [sys.executable, "-c", code, str(args.wiki.resolve()), str(count), mode],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        report = json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 else {}
        rows.append(
            {
                "mode": mode,
                "queries": count,
                "requests": api.requests,
                "connections": api.accepted,
                "errors": len(report.get("errors", [])) if report else done.stderr[-300:],
            }
        )
        api.server.shutdown()
    return rows


# --- the report ---------------------------------------------------------------------------------


def report(
    args: argparse.Namespace,
    conc: dict[str, Any],
    workers: list[dict[str, float]],
    conns: list[dict[str, Any]],
) -> str:
    load_end = os.getloadavg()[0]
    lines = [
        f"## Under load ({args.label})",
        "",
        f"Wiki: `{args.wiki}` ({args.backend} backend). 1-minute load average at the start"
        f" {args.load_at_start:.2f}, at the end {load_end:.2f} (2 shared cores). Command:"
        f" `python benchmarks/bench_load.py --backend {args.backend} --queries {args.queries}`.",
        "",
        f"One warm `aquery()` alone: {conc['warm_ms']:.1f} ms (median of 40: 20 before the"
        " levels, 20 after). "
        + (
            "Warm-up first: every question once at the highest level, not counted. "
            if args.warmup
            else "No warm-up: first touches are in the first level. "
        )
        + f"Each level runs {args.queries} queries; loop lag is how late a"
        f" {TICK_S * 1000:.0f} ms ticker wakes; the ratio is the level's worst lag over the"
        " warm query; *idle process* is the same ticker in a separate idle process during the"
        " level (the machine's own lag). After the levels, one full garbage collection took"
        f" {conc['full_gc_cpu_ms']:.1f} ms of CPU ({conc['tracked_objects']:,} objects tracked)."
        " *Longest callback* is the most CPU time of the loop's"
        " thread one loop callback took (and the most wall time one took); *full GC passes*"
        " are the garbage collector's oldest-generation passes in the level, in any thread"
        " (each holds the GIL: the loop waits it out), and the longest one's wall and CPU"
        " time.",
        "",
        "| in flight | throughput (q/s) | p50 latency (ms) | worst loop lag (ms) | p99 lag (ms)"
        " | worst lag / one warm query | idle process: worst / p99 lag (ms)"
        " | longest callback: CPU / wall (ms) | full GC passes: count, longest wall / CPU (ms)"
        " | errors |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for level in conc["levels"]:
        lines.append(
            f"| {level['concurrency']} | {level['qps']:.1f} | {level['p50_ms']:.0f} "
            f"| {level['max_lag_ms']:.1f} | {level['p99_lag_ms']:.1f} "
            f"| {level['max_lag_ms'] / conc['warm_ms']:.2f}× "
            f"| {level['idle_max_lag_ms']:.1f} / {level['idle_p99_lag_ms']:.1f} "
            f"| {level['longest_callback_cpu_ms']:.1f} / {level['longest_callback_wall_ms']:.1f} "
            f"| {level['full_gcs']}, {level['longest_full_gc_ms']:.1f}"
            f" / {level['longest_full_gc_cpu_ms']:.1f} "
            f"| {level['errors']} |"
        )
    if args.trace_stalls:
        lines += [
            "",
            f"Stalls (`--trace-stalls`, ticks ≥ {args.stall_ms:g} ms late; see"
            " `benchmarks/stall_trace.py`). Objects the collector tracks after the levels,"
            f" most common types: {conc['tracked_types']}. In the permanent generation"
            f" (`gc.freeze()`): {conc['frozen_objects']:,} objects, of which"
            f" {conc['stranded_objects']:,} were cyclic garbage when it was unfrozen at the end."
            f" One warm query's CPU time (all threads, median of the 40):"
            f" {conc['warm_cpu_ms']:.1f} ms. *Less run queue* is the worst lag once each"
            " stall's wait for a core (the loop thread's run-queue time in it) is taken out:"
            " roughly what a machine with idle cores would have shown.",
        ]
        for level in conc["levels"]:
            # ticks less late than a stall are not traced: their lag bounds the figure then
            unqueued = max(level["unqueued_max_lag_ms"], args.stall_ms)
            bound = "≤ " if unqueued <= args.stall_ms else ""
            lines += [
                "",
                f"**{level['concurrency']} in flight.** Worst lag {level['max_lag_ms']:.1f} ms;"
                f" less run queue {bound}{unqueued:.1f} ms ({bound}"
                f"{unqueued / conc['warm_ms']:.2f}× the warm query's wall, {bound}"
                f"{unqueued / conc['warm_cpu_ms']:.2f}× its CPU).",
                *level["stalls"],
            ]
    if workers:
        lines += [
            "",
            f"Worker processes on one shared disk cache, {args.worker_concurrency} queries in"
            " flight in each, started together:",
            "",
            "| worker processes | queries | throughput (q/s) |",
            "|---|---|---|",
            *[f"| {w['workers']} | {w['queries']} | {w['qps']:.1f} |" for w in workers],
        ]
    if conns:
        lines += [
            "",
            "Chat-path model calls against a loopback Messages API (keep-alive), one process each:",
            "",
            "| calls | queries | model requests | TCP connections | errors |",
            "|---|---|---|---|---|",
            *[
                f"| {c['mode']} | {c['queries']} | {c['requests']} | {c['connections']} "
                f"| {c['errors']} |"
                for c in conns
            ],
        ]
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--wiki", type=Path, default=DEFAULT_WIKI)
    parser.add_argument("--backend", choices=("offline", "scripted"), default="offline")
    parser.add_argument("--levels", type=int_list, default=[1, 8, 32, 128])
    parser.add_argument("--queries", type=int, default=256)
    parser.add_argument("--workers", type=int_list, default=[1, 2])
    parser.add_argument("--worker-concurrency", type=int, default=8)
    parser.add_argument("--skip-connections", action="store_true")
    parser.add_argument("--no-warmup", dest="warmup", action="store_false")
    parser.add_argument(
        "--trace-stalls",
        action="store_true",
        help="record what the loop's thread was doing whenever the ticker woke late",
    )
    parser.add_argument("--stall-ms", type=float, default=5.0, help="a stall's least lag (ms)")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--label", default="after")
    parser.add_argument("--process-worker", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--lag-probe", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.process_worker:
        process_worker(json.loads(args.process_worker))
        return 0
    if args.lag_probe:
        lag_probe()
        return 0
    args.load_at_start = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="swarm-load-") as tmp:
        cache_dir = Path(tmp)
        os.environ["SWARM_CACHE_DIR"] = str(cache_dir)
        conc = asyncio.run(concurrency_run(args))
        for level in conc["levels"]:
            print(json.dumps({k: v for k, v in level.items() if k != "stalls"}), file=sys.stderr)
        workers = workers_run(args, cache_dir) if args.workers else []
        conns = [] if args.skip_connections else connections_run(args, cache_dir)
    section = report(args, conc, workers, conns)
    print(section)
    if args.out:
        write_section(args.out, section, SECTION_MARK, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What held the event loop when its ticker woke late (`bench_load.py --trace-stalls`).

Every tick of the lag ticker is a window: from just before its `sleep(TICK_S)` to its wake.
For each window the tracer takes, at both ends, the loop thread's CPU time and its
`/proc/self/task/<tid>/schedstat` (nanoseconds on a core, and waiting in the run queue for
one), the same for the wiki pool's threads, and the process's CPU. A window whose lag passes
`--stall-ms` is a *stall*, kept with:

- **loop on a core / in the run queue / off**: where the loop's thread was in the window.
  *Off* is neither running nor runnable: asleep in `epoll_wait` (the tick's own sleep) or
  blocked waiting for the GIL. So a stall with little *on* and *queue* time and the wiki
  threads on a core is the loop waiting for the GIL; much *queue* time is waiting for a
  core (the machine's load); much *on* time is the loop's own work;
- **the longest loop callback** in the window (CPU and wall, and what it ran);
- **garbage collections** overlapping the window, in any thread (generation, thread, wall);
- **the loop thread's stack** as a watchdog thread saw it once the beat was `--stall-ms`
  late (the watchdog needs the GIL too, so it sees the stack when it gets it), and the
  wiki threads' innermost frames then.

Benchmark instrumentation only; it adds ~4 small file reads per tick.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

__all__ = ["StallTracer", "tracked_types"]


def _schedstat(native_id: int) -> tuple[int, int]:
    """(ns on a core, ns waiting in the run queue) of one thread of this process."""
    try:
        with open(f"/proc/self/task/{native_id}/schedstat", encoding="ascii") as handle:
            on_core, queued, _ = handle.read().split()
    except (OSError, ValueError):
        return 0, 0
    return int(on_core), int(queued)


@dataclass
class _Snapshot:
    wall: float
    loop_cpu: float
    process_cpu: float
    loop_sched: tuple[int, int]
    wiki_sched: dict[str, tuple[int, int]]


@dataclass
class Stall:
    """One late wake of the ticker, and what was going on in its window."""

    lag_ms: float
    window_ms: float
    loop_cpu_ms: float
    loop_on_core_ms: float
    loop_queued_ms: float
    process_cpu_ms: float
    wiki_on_core_ms: dict[str, float]
    wiki_queued_ms: dict[str, float]
    callback_cpu_ms: float = 0.0
    callback_wall_ms: float = 0.0
    callback: str = ""
    gcs: list[str] = field(default_factory=list)
    watchdog_late_ms: float | None = None
    loop_stack: list[str] = field(default_factory=list)
    wiki_frames: dict[str, str] = field(default_factory=dict)

    @property
    def loop_off_ms(self) -> float:
        return max(0.0, self.window_ms - self.loop_on_core_ms - self.loop_queued_ms)


def _describe_callback(handle: asyncio.Handle | None) -> str:
    if handle is None:
        return ""
    callback = getattr(handle, "_callback", None)
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coro = owner.get_coro()
        code = getattr(coro, "cr_code", None)
        return f"task step: {getattr(coro, '__qualname__', coro)}" + (
            f" ({code.co_filename.rsplit('/', 1)[-1]}:{code.co_firstlineno})" if code else ""
        )
    return repr(callback)[:160]


def _frame_line(frame: Any) -> str:
    code = frame.f_code
    return f"{code.co_filename.rsplit('/', 2)[-1]}:{frame.f_lineno} {code.co_name}"


class StallTracer:
    """Attach to the loop's thread with `start()`; the ticker calls `window_start()` before
    each sleep and `window_end(lag)` after; `CallbackClock` and `GcClock` report to it."""

    def __init__(self, threshold_s: float, tick_s: float) -> None:
        self.threshold_s = threshold_s
        self.tick_s = tick_s
        self.stalls: list[Stall] = []
        self.windows = 0
        self._loop_ident = 0
        self._loop_native = 0
        self._open: _Snapshot | None = None
        self._due = 0.0
        self._beat = 0
        self._sample: tuple[int, float, list[str], dict[str, str]] | None = None
        self._longest: tuple[float, float, asyncio.Handle | None] = (0.0, 0.0, None)
        self._gcs: list[tuple[float, float, str, int]] = []
        self._gc_started: dict[int, float] = {}
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._watchdog: threading.Thread | None = None
        gc.callbacks.append(self._note_gc)

    # --- the loop's side ---------------------------------------------------------------------

    def start(self) -> None:
        """Call on the loop's thread: it is the thread traced."""
        self._loop_ident = threading.get_ident()
        self._loop_native = threading.get_native_id()
        self._stop.clear()
        self._watchdog = threading.Thread(target=self._watch, name="stall-watchdog", daemon=True)
        self._watchdog.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._watchdog is not None:
            self._watchdog.join(5)

    def reset(self) -> None:
        self.stalls, self.windows, self._gcs = [], 0, []

    def window_start(self) -> None:
        self._open = self._snapshot()
        self._longest = (0.0, 0.0, None)
        self._beat += 1
        self._due = self._open.wall + self.tick_s
        self._wake.set()

    def window_end(self, lag_s: float) -> None:
        opened, self._open = self._open, None
        self._due = 0.0
        if opened is None:
            return
        self.windows += 1
        if lag_s < self.threshold_s:
            return
        closed = self._snapshot()
        ms = 1000.0
        wiki_on = {
            name: (closed.wiki_sched[name][0] - before[0]) / 1e6
            for name, before in opened.wiki_sched.items()
            if name in closed.wiki_sched
        }
        wiki_queued = {
            name: (closed.wiki_sched[name][1] - before[1]) / 1e6
            for name, before in opened.wiki_sched.items()
            if name in closed.wiki_sched
        }
        callback_cpu, callback_wall, handle = self._longest
        stall = Stall(
            lag_ms=lag_s * ms,
            window_ms=(closed.wall - opened.wall) * ms,
            loop_cpu_ms=(closed.loop_cpu - opened.loop_cpu) * ms,
            loop_on_core_ms=(closed.loop_sched[0] - opened.loop_sched[0]) / 1e6,
            loop_queued_ms=(closed.loop_sched[1] - opened.loop_sched[1]) / 1e6,
            process_cpu_ms=(closed.process_cpu - opened.process_cpu) * ms,
            wiki_on_core_ms=wiki_on,
            wiki_queued_ms=wiki_queued,
            callback_cpu_ms=callback_cpu * ms,
            callback_wall_ms=callback_wall * ms,
            callback=_describe_callback(handle),
            gcs=[
                f"gen {gen} in {thread}: {(end - begin) * ms:.1f} ms"
                for begin, end, thread, gen in self._gcs
                if end >= opened.wall and begin <= closed.wall
            ],
        )
        sample = self._sample
        if sample is not None and sample[0] == self._beat:
            stall.watchdog_late_ms = sample[1] * ms
            stall.loop_stack, stall.wiki_frames = sample[2], sample[3]
        self.stalls.append(stall)
        if len(self._gcs) > 64:
            self._gcs = self._gcs[-16:]

    def note_callback(self, handle: asyncio.Handle, cpu_s: float, wall_s: float) -> None:
        if self._open is not None and wall_s > self._longest[1]:
            self._longest = (cpu_s, wall_s, handle)

    # --- helpers -----------------------------------------------------------------------------

    def _wiki_threads(self) -> dict[str, int]:
        return {
            thread.name: thread.native_id
            for thread in threading.enumerate()
            if thread.name.startswith("swarm-wiki") and thread.native_id is not None
        }

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(
            wall=time.perf_counter(),
            loop_cpu=time.thread_time(),
            process_cpu=time.process_time(),
            loop_sched=_schedstat(self._loop_native),
            wiki_sched={name: _schedstat(tid) for name, tid in self._wiki_threads().items()},
        )

    def _note_gc(self, phase: str, info: dict[str, Any]) -> None:
        key = threading.get_ident()
        if phase == "start":
            self._gc_started[key] = time.perf_counter()
            return
        begin = self._gc_started.pop(key, None)
        if begin is not None and (time.perf_counter() - begin) > 0.0005:
            name = threading.current_thread().name
            self._gcs.append((begin, time.perf_counter(), name, int(info["generation"])))

    def _watch(self) -> None:
        """Wake once per beat, `threshold_s` after it was due; if the beat has not come,
        record the loop thread's stack (and the wiki threads' innermost frames)."""
        while not self._stop.is_set():
            self._wake.wait(1.0)
            self._wake.clear()
            beat, due = self._beat, self._due
            if not due:
                continue
            wait = due + self.threshold_s - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            if self._beat != beat or not self._due:
                continue  # the beat came in time
            late = time.perf_counter() - due
            frames = sys._current_frames()
            loop_frame = frames.get(self._loop_ident)
            stack = (
                [
                    f"{entry.filename.rsplit('/', 2)[-1]}:{entry.lineno} {entry.name}"
                    for entry in traceback.extract_stack(loop_frame)[-5:]
                ]
                if loop_frame is not None
                else []
            )
            wiki = {}
            for thread in threading.enumerate():
                frame = frames.get(thread.ident or -1)
                if thread.name.startswith("swarm-wiki") and frame is not None:
                    wiki[thread.name] = _frame_line(frame)
            self._sample = (beat, late, stack, wiki)

    # --- the report --------------------------------------------------------------------------

    def gil_wait_ms(self, stall: Stall) -> float:
        """The loop's thread's time off a core past the tick's own sleep: after the tick
        was due, `epoll_wait` had returned, so a thread neither running nor runnable was
        blocked, and the one lock the loop's thread takes is the GIL."""
        return max(0.0, stall.loop_off_ms - self.tick_s * 1000)

    def worst_unqueued_ms(self) -> float:
        """The worst lag with each stall's run-queue wait taken out (below the threshold when
        no tick was late): the lag that was not the machine's load on the loop's thread."""
        return max(
            (max(0.0, s.lag_ms - s.loop_queued_ms) for s in self.stalls),
            default=self.threshold_s * 1000,
        )

    def summary(self, top: int = 5) -> list[str]:
        """Markdown lines: the stalls' totals by where the loop was, and the worst ones."""
        if not self.stalls:
            return [f"No stall over {self.threshold_s * 1000:.0f} ms in {self.windows} ticks."]
        count = len(self.stalls)
        lag = sum(s.lag_ms for s in self.stalls)
        queued = sum(min(s.lag_ms, s.loop_queued_ms) for s in self.stalls)
        gil = sum(min(s.lag_ms, self.gil_wait_ms(s)) for s in self.stalls)
        lines = [
            f"{count} of {self.windows} ticks woke ≥ {self.threshold_s * 1000:.0f} ms late;"
            f" {sum(1 for s in self.stalls if s.gcs)} overlapped a garbage collection. Of their"
            f" {lag:.0f} ms of lag, the loop's thread waited {queued:.0f} ms for a core (run"
            f" queue) and ≥ {gil:.0f} ms off a core past the tick's own sleep (the GIL);"
            " the rest it ran.",
            "",
            "| lag (ms) | window: loop on core / run queue / off (ms) | GIL wait ≥ | loop CPU"
            " | wiki threads"
            " on core / queue (ms) | process CPU (ms) | longest callback: CPU / wall (ms), what"
            " | GC in the window | watchdog (ms late): loop stack; wiki frames |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for stall in sorted(self.stalls, key=lambda s: -s.lag_ms)[:top]:
            wiki = ", ".join(
                f"{stall.wiki_on_core_ms[name]:.1f} / {stall.wiki_queued_ms.get(name, 0.0):.1f}"
                for name in sorted(stall.wiki_on_core_ms)
            )
            watchdog = "–"
            if stall.watchdog_late_ms is not None:
                watchdog = f"{stall.watchdog_late_ms:.1f}: " + " ← ".join(
                    reversed(stall.loop_stack[-3:])
                )
                if stall.wiki_frames:
                    watchdog += "; " + ", ".join(stall.wiki_frames.values())
            lines.append(
                f"| {stall.lag_ms:.1f} | {stall.window_ms:.1f}: {stall.loop_on_core_ms:.1f} /"
                f" {stall.loop_queued_ms:.1f} / {stall.loop_off_ms:.1f}"
                f" | {self.gil_wait_ms(stall):.1f} | {stall.loop_cpu_ms:.1f} | {wiki}"
                f" | {stall.process_cpu_ms:.1f}"
                f" | {stall.callback_cpu_ms:.1f} / {stall.callback_wall_ms:.1f} {stall.callback}"
                f" | {'; '.join(stall.gcs) or '–'} | {watchdog} |"
            )
        return lines


def tracked_types(top: int = 8) -> str:
    """The most common types among the objects the collector tracks (not frozen ones)."""
    counts: dict[str, int] = {}
    for obj in gc.get_objects():
        name = type(obj).__qualname__
        counts[name] = counts.get(name, 0) + 1
    ordered = sorted(counts.items(), key=lambda item: -item[1])[:top]
    return ", ".join(f"{name} {count:,}" for name, count in ordered)

"""A second process for a large first build: it reads, encodes and counts a share of the
pages (`swarm.wiki.bm25_helper_main`) while this process does the rest, so the two cores
the build can use both work. Its chunks come back through a temporary `.npz` file, with
its own vocabulary, and are renamed into this process's (`remap_chunk`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

import numpy as np

from swarm.wiki.bm25_layout import TermChunk, read_chunks, remap_chunk
from swarm.wiki.index import PageEntry

__all__ = ["HELPER_MIN_PAGES", "CoreSample", "HelperProcess", "core_is_idle", "usable_cores"]

# Below this a second process costs more (~0.2-0.4 s to start and import) than it saves.
HELPER_MIN_PAGES = 20_000
_MIN_SPARE_CORES = 0.5  # a second process pays once it gets half a core
_MIN_WINDOW_S = 0.03  # /proc/stat counts in ticks of 10 ms: three of them a core at least
_HELPER_MODULE = "swarm.wiki.bm25_helper_main"
_TIMEOUT_S = 900.0


def core_is_idle(sample: CoreSample | None = None) -> bool:
    """Whether a second process would get a core of its own: at least two cores this
    process may use (its CPU affinity and cgroup quota) and, over `sample`'s window (a new
    ~30 ms one without it), half a core or more that neither this process (counted as one
    core) nor any other used. Without /proc/stat (not Linux), the 1-minute load average at
    least a core below the cores' number instead: an average that lags, so on an idle
    2-core laptop right after other work (or a benchmark's previous child) it said busy.

    On a busy machine it does not pay much: measured on 2 shared cores at load 6-8, 100,000
    pages built in 29-30 s with the helper and 31-33 s without (Linux groups a session's
    processes for the scheduler, so the two share one slot), and the helper's own peak RSS is
    ~180 MB."""
    if usable_cores() < 2:
        return False
    spare = (sample or CoreSample()).spare_cores()
    if spare is not None:
        return spare >= _MIN_SPARE_CORES
    loadavg = getattr(os, "getloadavg", None)  # not on Windows
    cores = os.cpu_count() or 1
    try:
        load = loadavg()[0] if loadavg is not None else float(cores)
    except OSError:  # not available here: assume busy
        return False
    return load <= cores - 1


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity, less a cgroup v2 CPU quota."""
    affinity = getattr(os, "sched_getaffinity", None)
    cores = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    quota = _cgroup_quota()
    return min(cores, max(1, int(quota))) if quota is not None else cores


def _cgroup_quota() -> float | None:
    """This process's cgroup v2 `cpu.max` as cores (None: no quota, or not readable)."""
    try:
        with open("/proc/self/cgroup", encoding="ascii") as handle:
            paths = [line[3:].strip() for line in handle if line.startswith("0::")]
        limit = Path("/sys/fs/cgroup", (paths[0] if paths else "/").lstrip("/"), "cpu.max")
        quota, period = limit.read_text(encoding="ascii").split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError, UnicodeDecodeError):
        return None


class CoreSample:
    """What the cores this process may run on did from this object's creation on: their
    idle time (Linux `/proc/stat`, in clock ticks) and this process's own CPU time. Made
    just before `spare_cores` (as `core_is_idle` does), the window is the ~30 ms it waits."""

    def __init__(self) -> None:
        affinity = getattr(os, "sched_getaffinity", None)
        self._cpus = {f"cpu{n}" for n in affinity(0)} if affinity is not None else None
        self._start = self._read()

    def _read(self) -> tuple[int, int, float] | None:
        """(idle ticks, all ticks) summed over the usable cores, and own CPU seconds."""
        try:
            with open("/proc/stat", encoding="ascii") as handle:
                lines = [line.split() for line in handle if line.startswith("cpu")]
        except (OSError, UnicodeDecodeError):
            return None
        idle = total = 0
        for fields in lines:
            if fields[0] == "cpu" or (self._cpus is not None and fields[0] not in self._cpus):
                continue
            ticks = [int(field) for field in fields[1:9] if field.isdigit()]
            idle += sum(ticks[3:5])  # idle, iowait
            total += sum(ticks)
        times = os.times()
        return (idle, total, times.user + times.system) if total else None

    def spare_cores(self) -> float | None:
        """Cores' worth of time over the window that neither this process (one core at
        most) nor any other used: what a second process of ours would get. The window is
        topped up to `_MIN_WINDOW_S` by waiting when shorter. None without /proc/stat."""
        if self._start is None:
            return None
        end = self._read()
        cores = max(1, len(self._cpus or ()) or usable_cores())
        ticks_per_s = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        if end is not None and (end[1] - self._start[1]) / cores / ticks_per_s < _MIN_WINDOW_S:
            time.sleep(_MIN_WINDOW_S)
            end = self._read()
        if end is None or end[1] <= self._start[1]:
            return None
        window_s = (end[1] - self._start[1]) / cores / ticks_per_s
        idle_cores = cores * (end[0] - self._start[0]) / (end[1] - self._start[1])
        own_cores = min(1.0, (end[2] - self._start[2]) / window_s)
        return idle_cores + own_cores - 1.0


class HelperProcess:
    """Counts `entries` in a new Python process, started on entering (when there are any)
    and killed on leaving if it is still running. When it cannot start, fails, times out
    or writes something inconsistent, `chunks` returns None and the caller counts those
    pages itself: the index is the same either way."""

    def __init__(self, wiki_dir: Path, entries: Sequence[PageEntry], max_page_bytes: int) -> None:
        self._wiki_dir = wiki_dir
        self._entries = entries
        self._max_page_bytes = max_page_bytes
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> HelperProcess:
        if not self._entries:
            return self
        try:
            self._folder = tempfile.TemporaryDirectory(prefix="swarm-bm25-")
            folder = Path(self._folder.name)
            spec = {
                "wiki_dir": str(self._wiki_dir),
                "max_page_bytes": self._max_page_bytes,
                "entries": [[e.path, e.title, e.description, e.section] for e in self._entries],
            }
            (folder / "spec.json").write_text(json.dumps(spec), encoding="utf-8")
            self._process = subprocess.Popen(  # noqa: S603 (our own module, our interpreter)
                [sys.executable, "-m", _HELPER_MODULE, str(folder / "spec.json"), str(folder)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except (OSError, ValueError):
            self._process = None
        return self

    def chunks(self, vocab: dict[str, int]) -> list[TermChunk] | None:
        """The helper's chunks with term ids of `vocab` (its new stems added), or None."""
        if not self._entries:
            return []
        if self._process is None or self._folder is None:
            return None
        try:
            if self._process.wait(timeout=_TIMEOUT_S) != 0:
                return None
            chunks, words = read_chunks(Path(self._folder.name) / "chunks.npz")
        except (OSError, ValueError, subprocess.TimeoutExpired):
            return None
        if sum(chunk.num_docs for chunk in chunks) != len(self._entries):
            return None
        new_ids = np.fromiter((vocab.setdefault(w, len(vocab)) for w in words), np.int64)
        remapped: list[TermChunk] = []
        while chunks:
            remapped.append(remap_chunk(chunks.pop(0), new_ids, len(vocab)))
        return remapped

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        if self._folder is not None:
            self._folder.cleanup()

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
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

import numpy as np

from swarm.wiki.bm25_layout import TermChunk, read_chunks, remap_chunk
from swarm.wiki.index import PageEntry

__all__ = ["HELPER_MIN_PAGES", "HelperProcess", "core_is_idle"]

# Below this a second process costs more (~0.2-0.4 s to start and import) than it saves.
HELPER_MIN_PAGES = 20_000
_HELPER_MODULE = "swarm.wiki.bm25_helper_main"
_TIMEOUT_S = 900.0


def core_is_idle() -> bool:
    """Whether a second process would get a core of its own: more than one core and the
    1-minute load average at least a core below their number. On a busy machine it does
    not pay: measured on 2 shared cores at load 6-8, 100,000 pages built in 29-30 s with the
    helper and 31-33 s without (Linux groups a session's processes for the scheduler, so the
    two share one slot), and the helper's own peak RSS is ~180 MB."""
    cores = os.cpu_count() or 1
    loadavg = getattr(os, "getloadavg", None)  # not on Windows
    try:
        load = loadavg()[0] if loadavg is not None else float(cores)
    except OSError:  # not available here: assume busy
        return False
    return cores > 1 and load <= cores - 1


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

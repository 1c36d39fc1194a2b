"""The collector's full passes stay short (each holds the GIL: the event loop stands still):
once a query has built a big wiki's structures they are frozen (`gc.freeze()`), and so is
whatever survives a full collection in large numbers after that (the memo caches filling
query by query); a process that only read small wikis freezes nothing. Each case runs in a
fresh process, so what other tests loaded or froze does not count."""

from __future__ import annotations

from pathlib import Path

from child_python import run_report
from conftest import FIXTURES

_SCRIPT = """
import gc, json, sys
from pathlib import Path
from swarm.wiki_query import query
result = query({question!r}, False, wiki_dir=Path({wiki!r}), model="offline")
frozen_by_query = gc.get_freeze_count()
kept = [[n] for n in range(20_000)]  # alive and tracked: a cache filling up
gc.collect()
tracked = {{id(obj) for obj in gc.get_objects()}}
print(json.dumps({{
    "error": result.error,
    "pages": result.pages_consulted,
    "frozen_by_query": frozen_by_query,
    "frozen": gc.get_freeze_count(),
    "kept_still_tracked": sum(id(item) in tracked for item in kept),
    "tracked": len(tracked),
    "kept_alive": len(kept),
}}))
"""


def _run(wiki: Path, question: str, tmp_path: Path) -> dict[str, object]:
    report = run_report(_SCRIPT.format(question=question, wiki=str(wiki)), tmp_path)
    assert report["error"] is None and report["pages"]  # it did answer from the wiki
    return report


def test_after_a_big_wiki_a_full_collections_many_survivors_are_frozen(tmp_path: Path) -> None:
    report = _run(
        FIXTURES / "cheatsheet",
        "How can I get a count of how many times each repeated line shows up?",
        tmp_path,
    )
    assert isinstance(report["frozen_by_query"], int) and report["frozen_by_query"] > 10_000
    assert isinstance(report["frozen"], int)
    assert report["frozen"] >= 20_000
    # the next full pass walks only the few left over (and what comes after)
    assert isinstance(report["tracked"], int) and report["tracked"] < 5_000
    assert report["kept_alive"] == 20_000


def test_a_process_that_read_only_a_small_wiki_freezes_nothing(tmp_path: Path) -> None:
    report = _run(FIXTURES / "brain", "What is CCW's first-response SLA?", tmp_path)
    assert report["frozen_by_query"] == 0
    assert report["frozen"] == 0
    assert report["kept_still_tracked"] == 20_000

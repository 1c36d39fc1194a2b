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


_LOAD_SCRIPT = """
import gc, json
from pathlib import Path
from swarm.wiki.index import load_page_map
from swarm.wiki.ranking import get_ranker
startup = [[n] for n in range(100)]  # alive before the wiki's first load, tracked
page_map = load_page_map(Path({wiki!r}))
frozen_by_load = gc.get_freeze_count()
get_ranker(page_map)
load_page_map(Path({other!r}))  # a second wiki's load freezes nothing more
tracked = {{id(obj) for obj in gc.get_objects()}}
print(json.dumps({{
    "frozen_by_load": frozen_by_load,
    "frozen_after": gc.get_freeze_count(),
    "startup_still_tracked": sum(id(item) in tracked for item in startup),
}}))
"""


def test_a_big_wikis_first_load_freezes_what_the_process_started_with(tmp_path: Path) -> None:
    report = run_report(
        _LOAD_SCRIPT.format(wiki=str(FIXTURES / "cheatsheet"), other=str(FIXTURES / "eb1911")),
        tmp_path,
    )
    # the modules, classes and functions loaded so far: no full pass walks them again
    assert report["frozen_by_load"] > 10_000
    assert report["startup_still_tracked"] == 0
    assert report["frozen_after"] <= report["frozen_by_load"]  # (frozen objects still die)


def test_a_small_wikis_load_freezes_nothing(tmp_path: Path) -> None:
    report = run_report(
        _LOAD_SCRIPT.format(wiki=str(FIXTURES / "eb1911"), other=str(FIXTURES / "brain")),
        tmp_path,
    )
    assert report["frozen_by_load"] == 0 and report["frozen_after"] == 0
    assert report["startup_still_tracked"] == 100

"""Turn latency: a time-sensitive (quick) request with the outside call started at once, in
parallel with the wiki query, against the sequential baseline (wiki first, then outside).

Fake providers with realistic sleeps (wiki 0.4 s, lookup 1.2 s, deep research 3 s); no network.
Run: python benchmarks/bench_turn_latency.py [--runs 10]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from swarm.margot_bot import ExternalResult, TurnContext, handle_turn
from swarm.models.scripted import ScriptedReasoner
from swarm.wiki_query import WikiQueryResult

WIKI_S = 0.4
LOOKUP_S = 1.2
RESEARCH_S = 3.0


async def fake_wiki(topic: str, time_sensitive: bool, context: TurnContext) -> WikiQueryResult:
    await asyncio.sleep(WIKI_S)
    # A medium answer: usable as context, not enough to stop the outside call.
    return WikiQueryResult(answer="from the wiki", pages_consulted=["x.md"], confidence="medium")


async def fake_lookup(topic: str, wiki_context: str | None, context: TurnContext) -> ExternalResult:
    await asyncio.sleep(LOOKUP_S)
    return ExternalResult(summary="from outside", sources=["https://example.org"])


async def fake_research(
    topic: str, wiki_context: str | None, context: TurnContext
) -> ExternalResult:
    await asyncio.sleep(RESEARCH_S)
    return ExternalResult(summary="a report", sources=["https://example.org"])


async def one_turn(draft: str, *, early: bool) -> float:
    context = TurnContext(
        model=ScriptedReasoner(draft=draft, final="reply"),
        wiki=fake_wiki,
        quick=fake_lookup,
        deep=fake_research,
        start_external_early=early,
    )
    started = time.perf_counter()
    await handle_turn("question", context=context)
    return time.perf_counter() - started


def measure(name: str, draft: str, runs: int) -> None:
    sequential = [asyncio.run(one_turn(draft, early=False)) for _ in range(runs)]
    parallel = [asyncio.run(one_turn(draft, early=True)) for _ in range(runs)]
    seq_s, par_s = statistics.median(sequential), statistics.median(parallel)
    print(f"{name}")
    print(f"  sequential (wiki, then outside): median {seq_s:.3f} s over {runs} runs")
    print(f"  parallel (outside started at once): median {par_s:.3f} s over {runs} runs")
    print(f"  ratio sequential/parallel: {seq_s / par_s:.2f}x  (saved {seq_s - par_s:.3f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    print(f"fake providers: wiki {WIKI_S} s, lookup {LOOKUP_S} s, research {RESEARCH_S} s\n")
    measure("one quick request", "[RESEARCH depth=quick] price today", args.runs)
    # Requests of one turn always run concurrently; one at a time these three would take
    # 3 x (wiki + lookup) = 4.8 s sequentially, 3.6 s with the early start.
    measure(
        "three quick requests in one turn", "[RESEARCH] a\n[RESEARCH] b\n[RESEARCH] c", args.runs
    )


if __name__ == "__main__":
    main()

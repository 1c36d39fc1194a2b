"""Wiki work under load: it has a pool of its own, so a saturated default executor (where
asyncio runs DNS lookups: a hung resolver fills it) can't starve it, and many queries at once
on one loop all answer as one query alone does."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

from conftest import FIXTURES

from swarm.models.base import WikiAnswer
from swarm.models.offline import OfflineReasoner
from swarm.wiki.pages import PageExcerpt
from swarm.wiki_query import aquery, query

BRAIN = FIXTURES / "brain"
QUESTION = "What is CCW's first-response SLA?"


async def test_a_wiki_query_answers_while_every_default_executor_thread_hangs() -> None:
    loop = asyncio.get_running_loop()
    release = threading.Event()
    # Far more hung jobs than the default executor has threads: everything queued behind
    # them (a `to_thread` wiki read, say) would wait until they end.
    hung = [loop.run_in_executor(None, release.wait, 60) for _ in range(64)]
    try:
        result = await asyncio.wait_for(
            aquery(QUESTION, False, wiki_dir=BRAIN, model="offline"), timeout=30
        )
    finally:
        release.set()
        await asyncio.gather(*hung)
    assert result.error is None
    assert result.pages_consulted and result.confidence == "high"


async def test_many_concurrent_queries_answer_as_one_alone_does() -> None:
    alone = await aquery(QUESTION, False, wiki_dir=BRAIN, model="offline")
    together = await asyncio.gather(
        *(aquery(QUESTION, False, wiki_dir=BRAIN, model="offline") for _ in range(32))
    )
    assert {r.answer for r in together} == {alone.answer}
    assert all(r.spec_dict() == alone.spec_dict() for r in together)


def test_the_sync_facade_gives_the_same_answer_as_the_async_one() -> None:
    assert query(QUESTION, False, wiki_dir=BRAIN, model="offline").spec_dict() == (
        asyncio.run(aquery(QUESTION, False, wiki_dir=BRAIN, model="offline")).spec_dict()
    )


class _ThreadNotingOffline(OfflineReasoner):
    """The offline reasoner, noting which thread each answer step runs on."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[threading.Thread] = []

    async def answer_from_excerpts(
        self, question: str, excerpts: Sequence[PageExcerpt]
    ) -> WikiAnswer:
        self.threads.append(threading.current_thread())
        return await super().answer_from_excerpts(question, excerpts)


async def test_the_offline_answer_step_runs_off_the_loop_and_answers_the_same() -> None:
    noting = _ThreadNotingOffline()
    plain = await aquery(QUESTION, False, wiki_dir=BRAIN, model="offline")
    results = await asyncio.gather(
        *(aquery(QUESTION, False, wiki_dir=BRAIN, model=noting) for _ in range(8))
    )
    assert len(noting.threads) == 8
    assert threading.current_thread() not in noting.threads  # never on the loop's thread
    assert all(result.spec_dict() == plain.spec_dict() for result in results)
    assert all(result.evidence == plain.evidence for result in results)

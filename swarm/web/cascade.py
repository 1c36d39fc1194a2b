"""The parallel fetch cascade (seed 002): the top search hits read at once, and the best-ranked
page that is readable and relevant to the query taken as soon as it is decided.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from swarm.config import Settings, get_settings
from swarm.web.articles import fetch_article, is_relevant
from swarm.web.types import Article, ArticleFetcher, SearchHit

if TYPE_CHECKING:
    from httpx import AsyncClient  # noqa: TID251 (type only; clients come from make_client)

__all__ = ["CASCADE_TOP_N", "cascade_fetch"]

logger = logging.getLogger(__name__)

CASCADE_TOP_N = 3


async def _fetch_candidate(
    fetcher: ArticleFetcher,
    hit: SearchHit,
    query: str,
    *,
    client: AsyncClient | None,
    settings: Settings,
    timeout_s: float,
) -> Article | None:
    """The hit's article when it is relevant to the query; None for failures and boilerplate."""
    try:
        article = await fetcher(hit.url, client=client, settings=settings, timeout_s=timeout_s)
    except Exception:
        logger.info("fetch of %s failed", hit.url, exc_info=True)
        return None
    # Bytes that share none of the user's words are a cookie banner, modal or 404 page:
    # indistinguishable from a failed fetch. So is a fetcher's answer that is not an article.
    if (
        not isinstance(article, Article)
        or not isinstance(article.text, str)
        or not article.text.strip()
        or not is_relevant(article.text, query)
    ):
        return None
    return article


async def cascade_fetch(
    hits: Sequence[SearchHit],
    query: str,
    *,
    client: AsyncClient | None,
    settings: Settings | None = None,
    fetcher: ArticleFetcher = fetch_article,
    deadline: float | None = None,
) -> tuple[SearchHit, Article] | None:
    """The highest-ranked of the top 3 hits whose page is readable and shares a word with
    the query, fetched in parallel under `settings.cascade_wall_clock_s` (and `deadline`).

    Returns as soon as the answer is decided (every better-ranked hit has failed and this
    one passed), cancelling the rest; None when nothing passes. Never raises.
    """
    settings = settings or get_settings()
    candidates = list(hits[:CASCADE_TOP_N])
    if not candidates:
        return None
    pool_deadline = time.monotonic() + settings.cascade_wall_clock_s
    if deadline is not None:
        pool_deadline = min(pool_deadline, deadline)
    timeout_s = min(settings.fetch_timeout_s, pool_deadline - time.monotonic())
    if timeout_s <= 0:
        return None
    tasks = [
        asyncio.create_task(
            _fetch_candidate(
                fetcher, hit, query, client=client, settings=settings, timeout_s=timeout_s
            )
        )
        for hit in candidates
    ]
    try:
        pending = set(tasks)
        while pending:
            left = pool_deadline - time.monotonic()
            if left <= 0:
                break
            _, pending = await asyncio.wait(
                pending, timeout=left, return_when=asyncio.FIRST_COMPLETED
            )
            decided = _decided_winner(tasks)
            if decided is not None:
                return candidates[decided[0]], decided[1]
        # Out of time (or all done): the best finished survivor, by rank.
        for rank, task in enumerate(tasks):
            if task.done() and not task.cancelled() and task.result() is not None:
                article = task.result()
                assert article is not None
                return candidates[rank], article
        return None
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _decided_winner(tasks: Sequence[asyncio.Task[Article | None]]) -> tuple[int, Article] | None:
    """The first rank whose fetch succeeded, provided every better rank has already failed;
    None while a better rank is still running (rank preference beats arrival order)."""
    for rank, task in enumerate(tasks):
        if not task.done():
            return None
        if task.cancelled():  # cancelled from outside: a miss, not an exception here
            continue
        article = task.result()
        if article is not None:
            return rank, article
    return None

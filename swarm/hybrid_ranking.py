"""The candidate list a wiki query starts from: BM25 alone, or BM25 fused with the pages
nearest the query's embedding when `SWARM_EMBEDDINGS_MODEL` is set (hybrid ranking).

Hybrid ranking needs only an endpoint with `/v1/embeddings` (`OPENAI_BASE_URL`, or
`OPENAI_API_KEY` for OpenAI itself) and the model name: it works under every `SWARM_MODEL`,
the offline backend included. Per query: the question is embedded once; pages without a
vector (new, or their text changed) are embedded in batches, all inside one model-call
deadline (`SWARM_MODEL_TIMEOUT_S`); pages the deadline leaves are embedded by later queries
and rank by BM25 alone until then. When the endpoint fails (down, unknown model, timeout, a
malformed reply), the query ranks by BM25 alone and says so in its warnings and on stderr:
embeddings never fail a query.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from swarm.config import Settings
from swarm.errors import ModelError, SwarmError
from swarm.models.base import PageCandidate
from swarm.page_selection import build_candidates
from swarm.wiki.embeddings import FloatMatrix, PageVectors, VectorPlan, plan_vectors, store_folder
from swarm.wiki.index import PageMap
from swarm.wiki.ranking import PageRanker, get_ranker
from swarm.wiki.threads import in_wiki_thread

if TYPE_CHECKING:
    from swarm.models.embeddings_client import EmbeddingsClient

__all__ = [
    "CandidateSelection",
    "embeddings_status",
    "select_candidates",
    "vector_ranking",
]

_MEMORY_WIKIS = 4


@dataclass(frozen=True)
class CandidateSelection:
    """The wiki folder, its page map, the candidates shown to the model, and what the
    ranking has to say (the embeddings' warnings; empty with them off)."""

    root: Path
    page_map: PageMap
    candidates: list[PageCandidate]
    warnings: list[str] = field(default_factory=list)


async def select_candidates(
    question: str, wiki_dir: str | Path | None, settings: Settings, *, snippets: bool = True
) -> CandidateSelection:
    """The candidates for `question` in the wiki at `wiki_dir` (None: the configured one):
    BM25's (exactly), or with `settings.embeddings_model` set, BM25's and the vectors' fused
    by reciprocal rank; with snippets unless `snippets=False` (a reasoner that reads only
    the scores). Embedding failures become warnings (also printed on stderr), never errors;
    a wiki that can't be used raises `WikiError` / `ConfigError`."""
    from swarm.wiki_steps import freeze_once, load_candidates, load_wiki

    if not (settings.embeddings_model or "").strip():  # one hop to the wiki pool
        found = await in_wiki_thread(load_candidates, question, wiki_dir, settings, snippets)
        return CandidateSelection(*found)
    root, page_map = await in_wiki_thread(load_wiki, wiki_dir, settings)
    vector_ranked, warnings = await vector_ranking(question, page_map, settings)
    candidates = await in_wiki_thread(
        partial(build_candidates, snippets=snippets), question, page_map, settings, vector_ranked
    )
    freeze_once(page_map)
    for warning in warnings:
        print(f"swarm: {warning}", file=sys.stderr, flush=True)
    return CandidateSelection(root, page_map, candidates, warnings)


async def vector_ranking(
    question: str, page_map: PageMap, settings: Settings
) -> tuple[list[str], list[str]]:
    """(the `selection_candidates` pages nearest `question`'s embedding, best first; the
    warnings): no pages and one warning when the endpoint can't be used at all."""
    from swarm.models.embeddings_client import EmbeddingsClient, embeddings_problem

    problem = embeddings_problem(settings)
    if problem is not None:
        return [], [f"{problem}; ranked by BM25 alone"]
    client = EmbeddingsClient(settings)
    deadline = asyncio.get_running_loop().time() + settings.model_timeout_s
    try:
        async with asyncio.timeout_at(deadline):
            query_vector = (await client.embed([question]))[0]
    except TimeoutError:
        return [], [f"{_timed_out(client.where, settings)}; ranked by BM25 alone"]
    except ModelError as exc:
        return [], [f"embeddings unavailable: {exc}; ranked by BM25 alone"]
    lock = _lock_for((str(page_map.wiki_dir), client.cache_key))
    try:
        async with asyncio.timeout_at(deadline):
            await lock.acquire()  # one query at a time embeds a wiki's pages; the rest wait
    except TimeoutError:
        busy = "another query was still embedding this wiki's pages when the deadline ran out"
        return [], [f"{busy}; ranked by BM25 alone"]
    try:
        dims = len(query_vector)
        vectors, warnings = await _page_vectors(client, page_map, settings, deadline, dims)
    except (SwarmError, OSError, ValueError) as exc:  # the wiki folder went away under us
        return [], [f"no page vectors: {exc}; ranked by BM25 alone"]
    finally:
        lock.release()
    return vectors.nearest(query_vector, settings.selection_candidates), warnings


_LOCKS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[tuple[str, str], asyncio.Lock]]
_LOCKS = weakref.WeakKeyDictionary()
_LOCKS_GUARD = threading.Lock()  # loops in several threads share the registry


def _lock_for(key: tuple[str, str]) -> asyncio.Lock:
    """The running loop's lock for one wiki and model (swarm's sync facades share a loop)."""
    loop = asyncio.get_running_loop()
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(loop, {}).setdefault(key, asyncio.Lock())


def _timed_out(where: str, settings: Settings) -> str:
    return (
        f"no reply from the embeddings server at {where} within "
        f"{settings.model_timeout_s:g} s (SWARM_MODEL_TIMEOUT_S)"
    )


# Complete vectors per (wiki, model and endpoint), kept while the BM25 ranker they were
# checked against is the current one (its rule for noticing edits is theirs too).
_MEMORY: OrderedDict[tuple[str, str], tuple[weakref.ref[PageRanker], PageVectors]] = OrderedDict()


def _plan(
    page_map: PageMap, settings: Settings, cache_key: str, dims: int
) -> tuple[PageRanker, PageVectors | VectorPlan]:
    ranker = get_ranker(page_map, settings=settings)
    cached = _MEMORY.get((str(page_map.wiki_dir), cache_key))
    if cached is not None and cached[0]() is ranker and cached[1].dims in (0, dims):
        return ranker, cached[1]
    folder = store_folder(settings.effective_cache_dir(), page_map.wiki_dir, cache_key)
    model = (settings.embeddings_model or "").strip()
    plan = plan_vectors(
        page_map, folder=folder, model=model, max_page_bytes=settings.max_page_bytes, dims=dims
    )
    return ranker, plan


def _remember(key: tuple[str, str], ranker: PageRanker, vectors: PageVectors) -> None:
    _MEMORY[key] = (weakref.ref(ranker), vectors)
    _MEMORY.move_to_end(key)
    while len(_MEMORY) > _MEMORY_WIKIS:
        _MEMORY.popitem(last=False)


async def _page_vectors(
    client: EmbeddingsClient, page_map: PageMap, settings: Settings, deadline: float, dims: int
) -> tuple[PageVectors, list[str]]:
    """The vectors of the wiki's pages, embedding those that have none in batches until
    the deadline; a warning when some are left without (they wait for a later query)."""
    from swarm.models.embeddings_client import EMBED_BATCH_SIZE

    key = (str(page_map.wiki_dir), client.cache_key)
    ranker, planned = await in_wiki_thread(_plan, page_map, settings, client.cache_key, dims)
    if isinstance(planned, PageVectors):
        return planned, []
    texts = planned.texts
    fresh: list[FloatMatrix | None] = [None] * len(texts)
    failure = ""
    for start in range(0, len(texts), EMBED_BATCH_SIZE):
        batch = texts[start : start + EMBED_BATCH_SIZE]
        try:
            async with asyncio.timeout_at(deadline):
                rows = await client.embed(batch)
        except TimeoutError:
            failure = f"the {settings.model_timeout_s:g} s deadline (SWARM_MODEL_TIMEOUT_S) ran out"
            break
        except ModelError as exc:
            failure = str(exc)
            break
        fresh[start : start + len(batch)] = list(rows)
    vectors = await in_wiki_thread(planned.finish, fresh)
    if not failure:
        _remember(key, ranker, vectors)
        return vectors, []
    left = sum(vector is None for vector in fresh)
    warning = (
        f"{left} of {len(page_map)} pages have no embedding yet ({failure}): they rank by "
        "BM25 alone until a later query embeds them"
    )
    return vectors, [warning]


def embeddings_status(page_map: PageMap | None, settings: Settings) -> dict[str, object]:
    """For `swarm status`: whether hybrid ranking is on, its model and endpoint, and how
    many of the wiki's pages have a cached vector (no network)."""
    from swarm.models.embeddings_client import EmbeddingsClient, embeddings_problem
    from swarm.wiki.embeddings import stored_vector_count

    model = (settings.embeddings_model or "").strip()
    if not model:
        return {"on": False, "model": None, "detail": "off (set SWARM_EMBEDDINGS_MODEL)"}
    problem = embeddings_problem(settings)
    client = EmbeddingsClient(settings)
    status: dict[str, object] = {"on": problem is None, "model": model, "endpoint": client.where}
    if problem is not None:
        return {**status, "detail": f"not used: {problem}"}
    count = None
    if page_map is not None:
        folder = store_folder(settings.effective_cache_dir(), page_map.wiki_dir, client.cache_key)
        count = stored_vector_count(folder)
    pages = len(page_map) if page_map is not None else None
    status["pages_with_vectors"] = count or 0
    shown = f"{count or 0} of {pages} pages have vectors" if pages is not None else "no wiki"
    return {**status, "detail": f"on ({model} at {client.where}): {shown}"}

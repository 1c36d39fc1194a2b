"""The embeddings client below hybrid ranking: one request per call through the real
`openai` SDK, vectors checked before use, and errors that say what to do. HTTP goes to an
`httpx2.MockTransport` (the replies real servers give, and broken ones)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx2
import numpy as np
import pytest
from fakes import settings

from swarm.errors import ModelError, ModelOutputError
from swarm.models.embeddings_client import (
    MAX_EMBEDDINGS_REPLY_BYTES,
    EmbeddingsClient,
    embeddings_problem,
)

OLLAMA = "http://localhost:11434/v1"
LLAMA_CPP = "http://127.0.0.1:8080/v1"


def client(
    handler: Callable[[httpx2.Request], httpx2.Response], base_url: str = LLAMA_CPP
) -> EmbeddingsClient:
    return EmbeddingsClient(
        settings(openai_base_url=base_url, embeddings_model="nomic-embed-text"),
        http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(handler)),
    )


def reply(data: Any, status: int = 200) -> Callable[[httpx2.Request], httpx2.Response]:
    return lambda request: httpx2.Response(status, content=json.dumps(data).encode())


def vectors(*rows: list[Any]) -> dict[str, Any]:
    items = [{"index": n, "embedding": row} for n, row in enumerate(rows)]
    return {"object": "list", "data": items}


def test_one_request_gives_a_float32_row_per_text_in_index_order() -> None:
    seen: list[dict[str, Any]] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(json.loads(request.content))
        data = vectors([1.0, 0.0], [0.0, 2.0])
        data["data"].reverse()  # servers may list them out of order: `index` says which
        return httpx2.Response(200, content=json.dumps(data).encode())

    matrix = asyncio.run(client(handler).embed(["a", "b"]))
    assert matrix.dtype == np.float32 and matrix.tolist() == [[1.0, 0.0], [0.0, 2.0]]
    assert seen == [{"model": "nomic-embed-text", "input": ["a", "b"], "encoding_format": "float"}]


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({"data": "nope"}, id="data-not-a-list"),
        pytest.param(vectors([1.0]), id="too-few"),
        pytest.param(vectors([1.0], [1.0, 2.0]), id="unequal-lengths"),
        pytest.param(vectors([1.0], []), id="empty-vector"),
        pytest.param(vectors([1.0], ["1.0"]), id="strings"),
        pytest.param(vectors([1.0], [True]), id="booleans"),
        pytest.param(vectors([1.0], [1e300]), id="over-float32"),
        pytest.param({"choices": []}, id="a-chat-reply"),
    ],
)
def test_a_malformed_reply_is_an_output_error(data: Any) -> None:
    with pytest.raises(ModelOutputError, match="malformed embeddings reply"):
        asyncio.run(client(reply(data)).embed(["a", "b"]))


def test_nan_and_oversized_replies_are_refused() -> None:
    nan = lambda request: httpx2.Response(200, content=b'{"data":[{"index":0,"embedding":[NaN]}]}')  # noqa: E731
    with pytest.raises(ModelOutputError, match="not finite"):
        asyncio.run(client(nan).embed(["a"]))
    big = b'{"data": [' + b" " * MAX_EMBEDDINGS_REPLY_BYTES + b"]}"
    with pytest.raises(ModelOutputError, match="over 16 MB"):
        asyncio.run(client(lambda request: httpx2.Response(200, content=big)).embed(["a"]))


@pytest.mark.parametrize(
    ("base_url", "fix"),
    [
        pytest.param(OLLAMA, "ollama pull nomic-embed-text", id="ollama"),
        pytest.param(LLAMA_CPP, "start it with --embeddings", id="other"),
    ],
)
def test_an_unknown_model_says_how_to_get_it(base_url: str, fix: str) -> None:
    missing = reply({"error": {"message": "model not found"}}, status=404)
    with pytest.raises(ModelError, match="embeddings model 'nomic-embed-text' not found") as info:
        asyncio.run(client(missing, base_url).embed(["a"]))
    assert fix in str(info.value)


def test_an_unreachable_ollama_says_ollama_serve() -> None:
    def refuse(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ConnectError("[Errno 111] Connection refused")

    with pytest.raises(ModelError, match="connection refused.*ollama serve"):
        asyncio.run(client(refuse, OLLAMA).embed(["a"]))


def test_a_model_without_an_endpoint_is_a_problem_and_no_model_is_none() -> None:
    assert embeddings_problem(settings()) is None  # off
    assert "OPENAI_BASE_URL" in (embeddings_problem(settings(embeddings_model="m")) or "")
    assert embeddings_problem(settings(embeddings_model="m", openai_api_key="sk-x")) is None

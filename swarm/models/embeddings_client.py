"""Text embeddings from an OpenAI-compatible `/v1/embeddings` endpoint (Ollama's
`nomic-embed-text`, llama.cpp's server started with `--embeddings`, vLLM, LM Studio, OpenAI),
through the official `openai` SDK and the same shared client (connection pool) as chat.

One `embed` call is one request; the caller batches and holds the deadline. Errors are the
chat backend's typed ones, saying what to do: `ModelUnreachable`, `ModelTimeout`,
`ModelError` (404 model, other statuses), `ModelOutputError` (a malformed reply).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from swarm.config import Settings
from swarm.errors import ModelError, ModelOutputError, ModelTimeout, ModelUnreachable
from swarm.models.openai_compat import OpenAIEndpoint

if TYPE_CHECKING:
    pass

__all__ = [
    "EMBED_BATCH_SIZE",
    "MAX_EMBEDDINGS_REPLY_BYTES",
    "EmbeddingsClient",
    "embeddings_problem",
]

# Texts per request: ~64,000 characters at 2,000 a page, well within what local servers take.
EMBED_BATCH_SIZE = 32
# A reply's size limit: 32 vectors of 3,072 dimensions written as JSON floats are ~2.5 MB.
MAX_EMBEDDINGS_REPLY_BYTES = 16 * 1024 * 1024

FloatMatrix = npt.NDArray[np.float32]


def embeddings_problem(settings: Settings) -> str | None:
    """Why hybrid ranking can't run although `SWARM_EMBEDDINGS_MODEL` is set (a sentence
    saying what to set), or None. Off (no model name) is no problem."""
    if not (settings.embeddings_model or "").strip():
        return None
    if not settings.openai_base_url and not settings.openai_key():
        return (
            "SWARM_EMBEDDINGS_MODEL is set but no endpoint is: set OPENAI_BASE_URL (e.g. "
            "http://localhost:11434/v1 for Ollama) or OPENAI_API_KEY for OpenAI itself"
        )
    return None


class EmbeddingsClient(OpenAIEndpoint):
    """`embed(texts)` against `settings.openai_base_url` under `settings.embeddings_model`,
    through the loop's shared client for these endpoint settings (the chat backend's too)
    unless `client` or `http_client` is given (see `OpenAIEndpoint`)."""

    @property
    def model(self) -> str:  # type: ignore[override]
        return (self.settings.embeddings_model or "").strip()

    @property
    def cache_key(self) -> str:
        """What the vectors depend on: the model and the server that computed them."""
        return f"{self.model}\0{self.where}"

    async def embed(self, texts: Sequence[str]) -> FloatMatrix:
        """One request: a float32 row per text, in order. Raises the typed errors above."""
        import openai  # only when embeddings are really asked for

        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        try:
            async with self._client_for_call() as client:
                raw = await client.embeddings.with_raw_response.create(
                    model=self.model,
                    input=list(texts),
                    encoding_format="float",  # every server speaks it; base64 only some
                    timeout=self.settings.model_timeout_s,
                )
                body = raw.content
        except openai.APITimeoutError as exc:
            raise ModelTimeout(f"the embeddings server at {self.where} timed out") from exc
        except openai.APIConnectionError as exc:
            raise ModelUnreachable(self._unreachable(exc)) from exc
        except openai.APIStatusError as exc:
            raise self._status_error(exc) from exc
        except openai.OpenAIError as exc:
            raise ModelError(f"embeddings server error ({type(exc).__name__})") from exc
        return self._vectors(body, len(texts))

    def _vectors(self, body: bytes, count: int) -> FloatMatrix:
        """The reply's vectors, checked: `count` of them, one length, finite numbers."""
        bad = f"a malformed embeddings reply from {self.where}"
        if len(body) > MAX_EMBEDDINGS_REPLY_BYTES:
            raise ModelOutputError(f"{bad} (over {MAX_EMBEDDINGS_REPLY_BYTES // 2**20} MB)")
        try:
            reply: Any = json.loads(body)
            items = sorted(reply["data"], key=lambda item: int(item.get("index", 0)))
            rows = [item["embedding"] for item in items]
            if len(rows) != count or not all(isinstance(row, list) and row for row in rows):
                raise ValueError("vector count")
            if any(isinstance(value, bool | str) for row in rows for value in row):
                raise ValueError("not numbers")
            matrix = np.array(rows, dtype=np.float64)
        except (RecursionError, ValueError, TypeError, KeyError, AttributeError) as exc:
            raise ModelOutputError(f"{bad} (expected {count} vectors of numbers)") from exc
        if matrix.ndim != 2 or not np.isfinite(matrix).all():
            raise ModelOutputError(f"{bad} (vectors of unequal length or not finite)")
        with np.errstate(over="ignore"):
            vectors = matrix.astype(np.float32)
        if not np.isfinite(vectors).all():
            raise ModelOutputError(f"{bad} (values out of range)")
        return vectors

    server = "embeddings server"
    model_noun = "embeddings model"
    model_fix = (
        "check SWARM_EMBEDDINGS_MODEL, and that the server serves /v1/embeddings "
        "(llama.cpp: start it with --embeddings)"
    )

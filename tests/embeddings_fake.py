"""A fake `/v1/embeddings` server on 127.0.0.1 (tests/openai_fake.py's FakeServer) with
deterministic vectors that behave like a real embedding model's on a small vocabulary: each
word is mapped to a concept (synonyms share one: car, automobile, vehicle), the concepts are
hashed into `DIMS` buckets, so a paraphrase with no word in common with a page is still
close to it. Also a small wiki to rank, and the paraphrase BM25 cannot match.
"""

from __future__ import annotations

import hashlib
import math
import re
from pathlib import Path
from typing import Any

from openai_fake import FakeServer, Reply

EMBED_MODEL = "fake-embed"
DIMS = 64

CONCEPTS = {
    "car": "car",
    "cars": "car",
    "automobile": "car",
    "vehicle": "car",
    "fix": "repair",
    "fixes": "repair",
    "repair": "repair",
    "repairs": "repair",
    "mends": "repair",
    "mechanic": "repair",
    "garage": "repair",
    "money": "tax",
    "tax": "tax",
    "taxes": "tax",
    "levy": "tax",
    "plant": "garden",
    "plants": "garden",
    "garden": "garden",
    "tomatoes": "garden",
}

# The paraphrase: no word in common with car-care.md (so BM25 misses it), close in meaning.
PARAPHRASE = "Who mends my automobile?"
PAGES = {
    "car-care.md": (
        "Car care",
        "Keeping cars running",
        "The garage on Elm Street fixes cars. Bob the mechanic services the car every spring.",
    ),
    "taxes.md": (
        "Taxes",
        "Filing and deadlines",
        "Taxes are filed in April; the accountant keeps the receipts.",
    ),
    "garden.md": (
        "Garden",
        "What grows where",
        "Tomatoes grow by the south fence; the plants need water daily.",
    ),
    "recipes.md": (
        "Recipes",
        "Weeknight dinners",
        "Pasta with lemon, garlic and parsley on Tuesdays.",
    ),
}


def vector(text: str, dims: int = DIMS) -> list[float]:
    """The text's unit vector: its words' concepts hashed into `dims` buckets."""
    buckets = [0.0] * dims
    for word in re.findall(r"[a-z]+", text.lower()):
        concept = CONCEPTS.get(word, word)
        digest = hashlib.blake2b(concept.encode(), digest_size=4).digest()
        buckets[int.from_bytes(digest, "big") % dims] += 1.0
    norm = math.sqrt(sum(value * value for value in buckets)) or 1.0
    return [value / norm for value in buckets]


def embeddings(body: dict[str, Any], dims: int = DIMS) -> Reply:
    """A server answering `/v1/embeddings` as OpenAI does (floats, one item per input)."""
    texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
    data = [
        {"object": "embedding", "index": index, "embedding": vector(text, dims)}
        for index, text in enumerate(texts)
    ]
    usage = {"prompt_tokens": 1, "total_tokens": 1}
    return 200, {"object": "list", "data": data, "model": body["model"], "usage": usage}


def embedding_requests(fake: FakeServer) -> list[list[str]]:
    """The inputs of each embeddings request the server got, in order."""
    return [list(body["input"]) for body in fake.requests if "input" in body]


def write_wiki(root: Path, pages: dict[str, tuple[str, str, str]] = PAGES) -> Path:
    """A wiki at `root`: index.md listing `pages` (path: title, description, body)."""
    root.mkdir(parents=True, exist_ok=True)
    lines = ["# Index", ""]
    for path, (title, description, body) in pages.items():
        lines.append(f"- [{title}]({path}) - {description}")
        (root / path).write_text(f"# {title}\n\n{body}\n", encoding="utf-8")
    (root / "index.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root

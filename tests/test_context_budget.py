"""`SWARM_CONTEXT_TOKENS`: a small local model never gets a prompt bigger than its window.

Measured on what the server really receives (the OpenAI backend against a fake on 127.0.0.1):
the system prompt, the messages and the tool schema of every call, over a wiki large enough
to overflow a 4k window at the default budgets (400 pages, long titles, 3,000-char bodies).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from openai_fake import ANSWER, MODEL, FakeServer, function_call, serving

from swarm.config import Settings
from swarm.models.prompts import CHARS_PER_TOKEN, reply_tokens
from swarm.wiki_query import query

QUESTION = "What is the calibration schedule for the tidewater chlorine sensors?"
PAGES = 400


@pytest.fixture(scope="module")
def big_wiki(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("big-wiki")
    (root / "notes").mkdir()
    lines = ["# Index", ""]
    for n in range(PAGES):
        title = f"Tidewater chlorine sensor calibration notes, site {n} (quarterly schedule)"
        path = f"notes/tidewater-chlorine-sensor-calibration-site-{n:03d}.md"
        lines.append(f"- [{title}]({path}) — calibration schedule, sensor drift, site {n} log")
        body = " ".join(
            f"Sentence {k} of site {n}: the chlorine sensors are calibrated every quarter, "
            "drift is logged, and the schedule moves after storms."
            for k in range(25)
        )
        (root / path).write_text(f"---\ntitle: {title}\n---\n# {title}\n\n{body}\n")
    (root / "index.md").write_text("\n".join(lines) + "\n")
    return root


def pick_five(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    if body["tool_choice"]["function"]["name"] != "pick_pages":
        return function_call("answer", ANSWER)
    listed = re.findall(r"^\d+\. (\S+\.md) \|", body["messages"][1]["content"], re.MULTILINE)
    return function_call("pick_pages", {"pages": listed[:5], "time_sensitive": False})


def prompt_chars(body: dict[str, Any]) -> int:
    """Everything of one request a server renders into the prompt."""
    text = sum(len(message["content"]) for message in body["messages"])
    return text + len(json.dumps(body.get("tools", [])))


def run(wiki: Path, context_tokens: int | None) -> tuple[list[int], list[dict[str, Any]]]:
    with serving(FakeServer(default=pick_five)) as fake:
        settings = Settings(
            backend="openai",
            openai_base_url=fake.base_url,
            openai_model=MODEL,
            model_max_retries=0,
            context_tokens=context_tokens,
        )
        result = query(QUESTION, False, wiki_dir=wiki, settings=settings)
    assert result.error is None, result.error
    assert len(result.pages_read) == 5
    return [prompt_chars(body) for body in fake.requests], fake.requests


@pytest.mark.parametrize("context_tokens", [4096, 8192])
def test_the_prompt_never_exceeds_the_window(big_wiki: Path, context_tokens: int) -> None:
    sizes, requests = run(big_wiki, context_tokens)
    budget_tokens = context_tokens - reply_tokens(1024, context_tokens)
    for size, body in zip(sizes, requests, strict=True):
        # Conservatively estimated (3 characters a token), prompt + reply fit the window;
        # at 4 characters a token there is a quarter to spare.
        assert size / CHARS_PER_TOKEN <= budget_tokens
        assert size / CHARS_PER_TOKEN + body["max_tokens"] <= context_tokens
    pick_size, answer_size = sizes
    print(f"\ncontext {context_tokens}: pick prompt {pick_size} chars, answer {answer_size}")


def test_the_ceiling_stays_without_a_window(big_wiki: Path) -> None:
    (pick_size, answer_size), requests = run(big_wiki, None)
    # The default bounds: the top 40 BM25 candidates (SWARM_SELECTION_CANDIDATES) and
    # 5 × 1,500 chars of excerpts, the ceiling a window never raises.
    assert re.findall(r"^40\. ", requests[0]["messages"][1]["content"], re.MULTILINE)
    assert pick_size > 15_000 and answer_size > 5 * 1500
    excerpts = requests[1]["messages"][1]["content"]
    assert excerpts.count("(excerpt truncated)") == 5  # 5 × 1,500 chars, the ceiling
    assert requests[0]["max_tokens"] == 1024


def test_a_smaller_window_shows_fewer_candidates_with_shorter_snippets(big_wiki: Path) -> None:
    def shown(context_tokens: int | None) -> list[str]:
        _, requests = run(big_wiki, context_tokens)
        content = requests[0]["messages"][1]["content"]
        return re.findall(r"^\d+\. .*$", content, re.MULTILINE)

    full, eight, four = shown(None), shown(8192), shown(4096)
    assert len(full) >= len(eight) > len(four) >= 1
    assert max(map(len, four)) < max(map(len, eight)) <= max(map(len, full))

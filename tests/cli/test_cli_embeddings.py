"""Hybrid ranking end to end: `swarm query --json` and `swarm status --json` with the
user's environment variables, the real `openai` SDK and a fake `/v1/embeddings` server on
127.0.0.1 (tests/embeddings_fake.py). Embeddings need only OPENAI_BASE_URL and
SWARM_EMBEDDINGS_MODEL: the offline backend ranks with them too."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from embeddings_fake import EMBED_MODEL, PAGES, PARAPHRASE, embedding_requests, embeddings
from embeddings_fake import write_wiki as write_fake_wiki
from openai_fake import FakeServer, Reply, closed_port, function_call, serving

from swarm.cli import cli


@pytest.fixture
def server() -> Iterator[FakeServer]:
    with serving(FakeServer(default=embeddings)) as fake:
        yield fake


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    return write_fake_wiki(tmp_path / "wiki")


def swarm(args: list[str], **env: str) -> Result:
    environment = {"SWARM_MODEL": "offline", "SWARM_MODEL_MAX_RETRIES": "0", **env}
    return CliRunner().invoke(cli, args, env=environment)


def payload(result: Result) -> dict[str, Any]:
    value = json.loads(result.stdout)
    assert isinstance(value, dict)
    return value


GARAGE = "The garage on Elm Street fixes cars."


def chat_and_embeddings(body: dict[str, Any]) -> Reply:
    """One server for both: embeddings, and a chat model that picks the first candidate
    it is shown and answers from the car-care page (quoting it)."""
    if "input" in body:
        return embeddings(body)
    name = body["tool_choice"]["function"]["name"]
    if name == "pick_pages":
        first = re.search(r"^1\. (\S+) \|", body["messages"][-1]["content"], re.MULTILINE)
        return function_call(name, {"pages": [first.group(1)] if first else []})
    answer = {
        "answer": "The garage on Elm Street fixes cars.",
        "confidence": "high",
        "pages_used": ["car-care.md"],
        "time_sensitive": False,
        "evidence": [{"page": "car-care.md", "quote": GARAGE}],
    }
    return function_call(name, answer)


def test_a_chat_model_is_shown_the_page_only_the_vectors_found(
    wiki: Path,
) -> None:
    args = ["query", PARAPHRASE, "--wiki", str(wiki), "--json"]
    with serving(FakeServer(default=chat_and_embeddings)) as fake:
        env = {
            "SWARM_MODEL": "openai",
            "OPENAI_BASE_URL": fake.base_url,
            "SWARM_OPENAI_MODEL": "fake-chat",
            "SWARM_SELECTION_MAX_ENTRIES": "1",  # only ranked pages are shown
        }
        off = payload(swarm(args, **env))
        result = swarm(args, **env, SWARM_EMBEDDINGS_MODEL=EMBED_MODEL)
    assert off["pages_consulted"] == [] and off["confidence"] == "low"
    assert result.exit_code == 0, result.output
    out = payload(result)
    assert (out["pages_consulted"], out["confidence"]) == (["car-care.md"], "high")
    assert out["evidence"] == [{"page": "car-care.md", "quote": GARAGE}]
    # The embeddings went to the same endpoint as chat: /v1/embeddings, then the two calls.
    assert fake.paths[-3:] == ["/v1/embeddings", "/v1/chat/completions", "/v1/chat/completions"]


def test_an_offline_query_ranks_with_embeddings_and_answers(server: FakeServer, wiki: Path) -> None:
    args = ["query", "When are taxes filed?", "--wiki", str(wiki), "--json"]
    off = payload(swarm(args))
    result = swarm(args, OPENAI_BASE_URL=server.base_url, SWARM_EMBEDDINGS_MODEL=EMBED_MODEL)
    assert result.exit_code == 0, result.output
    out = payload(result)
    assert out == off and "April" in out["answer"] and "warnings" not in out
    query_request, pages = embedding_requests(server)
    assert query_request == ["When are taxes filed?"] and len(pages) == len(PAGES)


def test_a_down_embeddings_server_still_answers_and_says_so(wiki: Path) -> None:
    down = f"http://127.0.0.1:{closed_port()}/v1"
    args = ["query", "When are taxes filed?", "--wiki", str(wiki), "--json"]
    result = swarm(args, OPENAI_BASE_URL=down, SWARM_EMBEDDINGS_MODEL=EMBED_MODEL)
    assert result.exit_code == 0, result.output
    out = payload(result)
    assert out["error"] is None and "April" in out["answer"]
    [warning] = [text for text in out["warnings"] if "BM25 alone" in text]
    assert "could not reach the embeddings server" in warning
    assert f"swarm: {warning}" in result.stderr


def test_a_dotenv_may_name_the_model_but_not_the_endpoint(
    server: FakeServer, wiki: Path, tmp_path: Path
) -> None:
    (tmp_path / ".env").write_text(
        f"SWARM_EMBEDDINGS_MODEL={EMBED_MODEL}\nOPENAI_BASE_URL={server.base_url}\n",
        encoding="utf-8",
    )
    args = ["query", PARAPHRASE, "--wiki", str(wiki), "--json"]
    result = swarm(args)
    assert result.exit_code == 0, result.output
    assert server.requests == []  # the endpoint from a .env is refused, so nothing is sent
    assert "ignoring OPENAI_BASE_URL from ./.env" in result.stderr
    assert any("set OPENAI_BASE_URL" in text for text in payload(result)["warnings"])


def test_status_shows_whether_embeddings_are_on_and_how_many_pages_have_vectors(
    server: FakeServer, wiki: Path
) -> None:
    env = {"OPENAI_BASE_URL": server.base_url, "SWARM_EMBEDDINGS_MODEL": EMBED_MODEL}
    before = payload(swarm(["status", "--wiki", str(wiki), "--json"], **env))["embeddings"]
    assert before["on"] is True and before["pages_with_vectors"] == 0
    swarm(["query", PARAPHRASE, "--wiki", str(wiki), "--json"], **env)
    after = swarm(["status", "--wiki", str(wiki)], **env)
    assert f"{len(PAGES)} of {len(PAGES)} pages have vectors" in after.stdout
    off = payload(swarm(["status", "--wiki", str(wiki), "--json"]))["embeddings"]
    assert off == {"on": False, "model": None, "detail": "off (set SWARM_EMBEDDINGS_MODEL)"}


def test_swarm_cache_lists_the_vectors_and_prunes_them_when_their_wiki_is_gone(
    server: FakeServer, wiki: Path, tmp_path: Path
) -> None:
    env = {"OPENAI_BASE_URL": server.base_url, "SWARM_EMBEDDINGS_MODEL": EMBED_MODEL}
    swarm(["query", PARAPHRASE, "--wiki", str(wiki), "--json"], **env)
    listed = payload(swarm(["cache", "--json"]))
    [entry] = [entry for entry in listed["entries"] if entry["kind"] == "embeddings"]
    assert entry["wiki_dir"] == str(wiki.resolve()) and entry["dead_because"] is None
    assert entry["bytes"] > len(PAGES) * 64 * 4  # the float32 vectors at least
    (wiki / "index.md").unlink()
    pruned = payload(swarm(["cache", "prune", "--json"]))
    assert [e["path"] for e in pruned["removed"] if e["kind"] == "embeddings"] == [entry["path"]]
    assert not (tmp_path / "swarm-cache" / "embeddings").exists()

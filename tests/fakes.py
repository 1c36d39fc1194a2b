"""The test doubles every test module shares: one `Recorder` (an `httpx.MockTransport` handler
that records each request), one `settings()` helper, and `page_wiki` / `assert_level` for the
offline evidence rule's tables of small wikis."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

import httpx

from swarm.config import Settings, get_settings
from swarm.wiki_query import WikiQueryResult, query

Handler = Callable[[httpx.Request], httpx.Response | Awaitable[httpx.Response]]


class Recorder:
    """A MockTransport handler that records every request, then answers it with `answer`:

    - an `httpx.Response`: that response, every time;
    - an exception: raised, every time (a transport error as httpx would raise it);
    - a mapping of URL → response: the response for the request's URL, 404 otherwise (the
      mapping is kept, so a test may add routes as it goes);
    - a handler (sync or async): whatever it returns for the request.
    """

    def __init__(
        self, answer: httpx.Response | BaseException | Mapping[str, httpx.Response] | Handler
    ) -> None:
        self.answer = answer
        self.requests: list[httpx.Request] = []

    @property
    def routes(self) -> Any:
        """The URL → response mapping this recorder answers from."""
        assert isinstance(self.answer, Mapping), "this Recorder answers without routes"
        return self.answer

    @property
    def seen(self) -> list[str]:
        """The URLs requested, in order."""
        return [str(request.url) for request in self.requests]

    @property
    def hosts(self) -> list[str]:
        """The host of each request, in order."""
        return [request.url.host for request in self.requests]

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answer
        if isinstance(answer, httpx.Response):
            return answer
        if isinstance(answer, BaseException):
            raise answer
        if isinstance(answer, Mapping):
            return answer.get(str(request.url), httpx.Response(404, text="missing"))
        response = answer(request)
        if not isinstance(response, httpx.Response):
            response = await response
        return response

    def client(self) -> httpx.AsyncClient:
        """A plain (unguarded) client over this recorder."""
        return httpx.AsyncClient(transport=httpx.MockTransport(self))


def settings(**overrides: Any) -> Settings:
    """The settings a test runs with: swarm's own reading of them (the environment, config file
    and `.env` are empty here, see conftest.py), with no model retries and a 2 s model timeout
    so a failing fake model answers at once; `overrides` win."""
    return get_settings(**{"model_max_retries": 0, "model_timeout_s": 2, **overrides})


def make_wiki(root: Path, pages: dict[str, str], index_lines: list[str]) -> Path:
    """A wiki at `root` of `pages` (path -> text) whose index.md holds `index_lines`."""
    root.mkdir(parents=True, exist_ok=True)
    for rel_path, text in pages.items():
        (root / rel_path).parent.mkdir(parents=True, exist_ok=True)
        (root / rel_path).write_text(text, encoding="utf-8")
    (root / "index.md").write_text("# Index\n\n" + "\n".join(index_lines) + "\n", encoding="utf-8")
    return root


def page_wiki(root: Path, pages: dict[str, str]) -> Path:
    """A wiki at `root` of `pages` (path -> text), each listed in index.md by its name."""
    lines = [f"- [{name.removesuffix('.md')}]({name})" for name in pages]
    (root / "index.md").write_text("# Index\n\n" + "\n".join(lines) + "\n")
    for name, text in pages.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def ask_offline(
    root: Path, pages: dict[str, str], question: str, **options: Any
) -> WikiQueryResult:
    """`query(question, model="offline", **options)` on a wiki at `root` of `pages`
    (`page_wiki`; `root` is made if missing)."""
    root.mkdir(parents=True, exist_ok=True)
    return query(question, wiki_dir=page_wiki(root, pages), model="offline", **options)


def assert_level(result: Any, confidence: str, must_hold: str) -> None:
    """`result` (a WikiQueryResult) has `confidence` ("not high": anything but high) and an
    answer holding `must_hold`."""
    if confidence == "not high":
        assert result.confidence != "high", result.answer
    else:
        assert result.confidence == confidence, result.answer
    assert must_hold in result.answer

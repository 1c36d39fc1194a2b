"""The test doubles every test module shares: one `Recorder` (an `httpx.MockTransport` handler
that records each request) and one `settings()` helper."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import httpx

from swarm.config import Settings, get_settings

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

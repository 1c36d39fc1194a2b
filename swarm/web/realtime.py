"""Opt-in real-time answer routes tried before the search cascade (seed 002, first section).

A browser helper command, the Gemini CLI, or the Gemini REST API with Google Search grounding;
every route is fail-open: any problem returns None and the caller falls through to the cascade.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shlex
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx

from swarm.config import Settings
from swarm.errors import FetchError
from swarm.web.child_process import child_env, run_command
from swarm.web.safe_http import get_json

__all__ = [
    "GEMINI_API_URL",
    "browser_search",
    "gemini_api_search",
    "gemini_cli_env",
    "gemini_cli_search",
    "parse_gemini_api_response",
    "parse_gemini_cli_output",
    "realtime_search",
    "resolve_gemini_binary",
]

logger = logging.getLogger(__name__)

GEMINI_API_URL = "https://generativelanguage.googleapis.com/v1beta/models/{model}:generateContent"
# What the Gemini CLI's own Google-account login may need besides HOME (~/.gemini): the
# Cloud project of a Workspace / Code Assist account. No key: GEMINI_API_KEY / GOOGLE_API_KEY
# would make the CLI use API-key auth instead of the account login (seed 002).
_GEMINI_LOGIN_ENV_NAMES = frozenset(
    {"GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION", "GOOGLE_GENAI_USE_GCA"}
)
# Backstop around each route, beyond its own timeout (the route cleans up inside it).
_ROUTE_GRACE_S = 1.0
# Realtime text is fenced (and cut to fence_max_chars) later; this only bounds memory.
_MAX_OUTPUT_CHARS = 20_000

PROVIDER_BROWSER = "browser search"
PROVIDER_GEMINI_CLI = "Gemini CLI"
PROVIDER_GEMINI_API = "Gemini API"


def _prompt(query: str) -> str:
    return (
        "Search the web for current information and answer concisely with the key facts "
        "and the source URLs you used. Question: " + query
    )


async def realtime_search(
    query: str,
    *,
    settings: Settings,
    client: httpx.AsyncClient,  # noqa: TID251
    timeout_s: float | None = None,
) -> tuple[str, str] | None:
    """(provider name, answer text) from the configured real-time route, or None.

    `STREAM_BROWSER=true` picks the browser helper; otherwise `GEMINI_AUTH` picks the Gemini
    CLI (`oauth`) or the REST API (`apikey`); unset means no route. The route gets
    `timeout_s` (default `settings.realtime_timeout_s`, never more) and runs under an
    `asyncio.timeout` a little longer than that. Never raises.
    """
    try:
        limit_s = settings.realtime_timeout_s
        if timeout_s is not None:
            limit_s = min(limit_s, timeout_s)
        if limit_s <= 0:
            return None
        async with asyncio.timeout(limit_s + _ROUTE_GRACE_S):
            if settings.stream_browser:
                text = await browser_search(query, settings=settings, timeout_s=limit_s)
                return (PROVIDER_BROWSER, text) if text else None
            if settings.gemini_auth == "oauth":
                text = await gemini_cli_search(query, settings=settings, timeout_s=limit_s)
                return (PROVIDER_GEMINI_CLI, text) if text else None
            if settings.gemini_auth == "apikey":
                text = await gemini_api_search(
                    query, settings=settings, client=client, timeout_s=limit_s
                )
                return (PROVIDER_GEMINI_API, text) if text else None
    except Exception:  # fail-open (TimeoutError included): the cascade still answers
        logger.warning("real-time route failed", exc_info=True)
    return None


def gemini_cli_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The Gemini CLI's environment: the allow-list plus its login's Cloud project; no API
    keys, so the CLI uses the account login."""
    return child_env(environ, extra_names=_GEMINI_LOGIN_ENV_NAMES)


async def browser_search(
    query: str, *, settings: Settings, timeout_s: float | None = None
) -> str | None:
    """Run `settings.browser_helper_command -- <query>`; its stdout is the answer. None when
    unconfigured, failing, silent or too slow.

    The `--` ends option parsing, so a query such as `--remote-debugging-port=1` is never
    read as an option: the helper must accept `--` before its one positional argument.
    """
    command = (settings.browser_helper_command or "").strip()
    if not command:
        return None
    try:
        argv = [*shlex.split(command), "--", query]
    except ValueError:
        logger.warning("SWARM_BROWSER_HELPER_COMMAND is not a valid command line")
        return None
    output = await run_command(argv, timeout_s=_route_timeout_s(settings, timeout_s))
    text = (output or "").strip()
    return text[:_MAX_OUTPUT_CHARS] or None


def resolve_gemini_binary(settings: Settings) -> str | None:
    """The Gemini CLI to run: the configured path, else `gemini` on PATH, else
    `~/.local/bin/gemini`; None when none of them is an executable file."""
    candidates: list[str] = []
    if settings.gemini_cli_path:
        candidates.append(str(Path(settings.gemini_cli_path).expanduser()))
    on_path = shutil.which("gemini")
    if on_path:
        candidates.append(on_path)
    candidates.append(str(Path.home() / ".local" / "bin" / "gemini"))
    for candidate in candidates:
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def _route_timeout_s(settings: Settings, timeout_s: float | None) -> float:
    if timeout_s is None:
        return settings.realtime_timeout_s
    return min(settings.realtime_timeout_s, timeout_s)


def _first_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in `text`; the CLI may print notices before it."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        return value if isinstance(value, dict) else None
    return None


def parse_gemini_cli_output(stdout: str) -> str | None:
    """The `response` text of `gemini -o json` output (`{"response", "stats", "error"?}`);
    None for anything else (bad JSON, an error object, an empty answer)."""
    payload = _first_json_object(stdout)
    if payload is None:
        return None
    response = payload.get("response")
    if not isinstance(response, str) or not response.strip():
        return None
    return response.strip()[:_MAX_OUTPUT_CHARS]


async def gemini_cli_search(
    query: str, *, settings: Settings, timeout_s: float | None = None
) -> str | None:
    """Ask the Gemini CLI (headless, JSON output, Google-account login, its built-in web
    search grounding). None when not installed, not logged in, failing or too slow.

    `--skip-trust` (seed 002) makes the CLI trust its working folder without asking, so it
    runs in a fresh empty temporary directory: the folder it trusts holds nothing, and our
    working directory (the wiki, `.env`) is out of reach of its file tools even when the
    untrusted query asks for it. Its environment is `gemini_cli_env()`.
    """
    binary = resolve_gemini_binary(settings)
    if binary is None:
        logger.info("GEMINI_AUTH=oauth but no gemini CLI found (PATH, ~/.local/bin)")
        return None
    argv = [binary, "-p", _prompt(query), "-o", "json", "--skip-trust"]
    with tempfile.TemporaryDirectory(prefix="swarm-gemini-") as empty_cwd:
        output = await run_command(
            argv,
            timeout_s=_route_timeout_s(settings, timeout_s),
            env=gemini_cli_env(),
            cwd=empty_cwd,
        )
    return parse_gemini_cli_output(output) if output else None


def parse_gemini_api_response(payload: object) -> str | None:
    """The answer text of a `generateContent` response, with the grounding sources listed
    after it; None when there is no text."""
    if not isinstance(payload, dict):
        return None
    candidates = payload.get("candidates")
    if not isinstance(candidates, list) or not candidates or not isinstance(candidates[0], dict):
        return None
    first = candidates[0]
    content = first.get("content")
    parts = content.get("parts") if isinstance(content, dict) else None
    if not isinstance(parts, list):
        return None
    texts = [
        part["text"].strip()
        for part in parts
        if isinstance(part, dict) and isinstance(part.get("text"), str) and part["text"].strip()
    ]
    if not texts:
        return None
    answer = "\n".join(texts)
    sources = _grounding_sources(first.get("groundingMetadata"))
    if sources:
        answer += "\n\nSources:\n" + "\n".join(f"- {title}: {uri}" for title, uri in sources)
    return answer[:_MAX_OUTPUT_CHARS]


def _grounding_sources(metadata: object) -> list[tuple[str, str]]:
    if not isinstance(metadata, dict) or not isinstance(metadata.get("groundingChunks"), list):
        return []
    sources: list[tuple[str, str]] = []
    for chunk in metadata["groundingChunks"]:
        web = chunk.get("web") if isinstance(chunk, dict) else None
        if isinstance(web, dict) and isinstance(web.get("uri"), str):
            title = web.get("title")
            sources.append((title if isinstance(title, str) else "", web["uri"]))
    return sources[:5]


async def gemini_api_search(
    query: str,
    *,
    settings: Settings,
    client: httpx.AsyncClient,  # noqa: TID251
    timeout_s: float | None = None,
) -> str | None:
    """Gemini REST `generateContent` with the `google_search` tool, keyed by
    `GEMINI_API_KEY` (sent as `x-goog-api-key`, never in the URL). None on any failure.
    The body is read through `safe_http.get_json` (streamed, capped)."""
    key = settings.gemini_api_key.get_secret_value().strip() if settings.gemini_api_key else ""
    if not key:
        logger.info("GEMINI_AUTH=apikey but GEMINI_API_KEY is not set")
        return None
    url = GEMINI_API_URL.format(model=settings.gemini_model)
    body = {
        "contents": [{"role": "user", "parts": [{"text": _prompt(query)}]}],
        "tools": [{"google_search": {}}],
    }
    try:
        payload = await get_json(
            url,
            client=client,
            method="POST",
            json_body=body,
            headers={"x-goog-api-key": key},
            timeout_s=_route_timeout_s(settings, timeout_s),
            settings=settings,
        )
    except FetchError as error:
        logger.info("Gemini API request failed: %s", type(error).__name__)
        return None
    return parse_gemini_api_response(payload)

#!/usr/bin/env python3
"""Look a question up in the wiki and outside (Wikipedia, then the web) at once; print JSON.

Usage: lookup.py [--wiki DIR | --no-wiki] QUESTION...

The gate is the bot's own (`swarm.margot_bot.resolve_request`, a quick request): a lookup is
time-sensitive, so the outside call starts at once and the wiki's answer comes alongside.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any


async def run(question: str, wiki: str | None, use_wiki: bool) -> dict[str, Any]:
    from swarm.config import get_settings
    from swarm.margot_bot import ResearchRequest, TurnContext, resolve_request

    settings = get_settings()
    context = TurnContext(
        settings=settings,
        wiki_dir=wiki,
        use_wiki=use_wiki and (wiki is not None or settings.wiki_dir is not None),
        fence_web_text=True,  # a model reads this JSON: page text goes in the untrusted fence
    )
    outcome = await resolve_request(ResearchRequest(question, "quick"), context)
    external = outcome.external
    found: dict[str, Any] | None = None
    if external is not None:
        found = external.details or {"success": False, "error": external.error or "failed"}
    return {
        "query": question,
        "path": outcome.path,
        "wiki": outcome.wiki.spec_dict() if outcome.wiki is not None else None,
        "lookup": found,
    }


def _emit(data: object) -> None:
    """Print `data` as JSON; a lone surrogate (undecodable argv bytes, a source's JSON) is
    printed as U+FFFD instead of crashing the script."""
    from swarm.untrusted import replace_surrogates

    print(replace_surrogates(json.dumps(data, ensure_ascii=False, indent=2)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Look QUESTION up: wiki + outside (JSON out).")
    parser.add_argument("question", nargs="+", help="the question (several words are joined)")
    parser.add_argument("--wiki", help="wiki folder holding index.md (default: BRAIN1_WIKI_DIR)")
    parser.add_argument("--no-wiki", action="store_true", help="skip the wiki")
    args = parser.parse_args(argv)
    try:
        from swarm.errors import SwarmError
    except ImportError as exc:
        print(json.dumps({"error": f"swarm-wiki is not installed: pip install swarm-wiki ({exc})"}))
        return 1
    try:
        result = asyncio.run(run(" ".join(args.question), args.wiki, not args.no_wiki))
    except (SwarmError, ValueError) as exc:  # invalid settings (pydantic errors are ValueErrors)
        message = " ".join(str(exc).split())[:500]
        _emit({"error": f"configuration error: {message}"})
        return 2
    _emit(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())

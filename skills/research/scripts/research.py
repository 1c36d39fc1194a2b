#!/usr/bin/env python3
"""Research a topic wiki-first: the wiki's answer, else a cited report from outside; print JSON.

Usage: research.py [--wiki DIR | --no-wiki] [--depth deep|quick] [--time-sensitive] TOPIC...

The gate is the bot's own (`swarm.margot_bot.resolve_request`): --depth quick means
time-sensitive, as a quick request does in `swarm ask`, so the wiki alone never settles it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any


async def run(
    topic: str, depth: str, wiki: str | None, use_wiki: bool, time_sensitive: bool
) -> dict[str, Any]:
    from swarm.config import get_settings
    from swarm.margot_bot import ResearchRequest, TurnContext, resolve_request

    settings = get_settings()
    context = TurnContext(
        settings=settings,
        wiki_dir=wiki,
        use_wiki=use_wiki and (wiki is not None or settings.wiki_dir is not None),
        research_depth="quick" if depth == "quick" else "deep",
        # The report takes the wiki's answer as source [1], so it waits for the wiki.
        start_external_early=False,
    )
    # The report comes from research (the "deep" provider); --depth sets its size.
    request = ResearchRequest(topic, "deep", time_sensitive=time_sensitive or depth == "quick")
    outcome = await resolve_request(request, context)
    external = outcome.external
    research = None
    if external is not None:
        research = external.details or {"sources": [], "errors": [external.error or "failed"]}
    return {
        "topic": topic,
        "depth": depth,
        "path": outcome.path,
        "wiki": outcome.wiki.spec_dict() if outcome.wiki is not None else None,
        "research": research,
    }


def _emit(data: object) -> None:
    """Print `data` as JSON; a lone surrogate (undecodable argv bytes, a source's JSON) is
    printed as U+FFFD instead of crashing the script."""
    from swarm.untrusted import replace_surrogates

    print(replace_surrogates(json.dumps(data, ensure_ascii=False, indent=2)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Research TOPIC wiki-first (JSON out).")
    parser.add_argument("topic", nargs="+", help="the topic (several words are joined)")
    parser.add_argument("--wiki", help="wiki folder holding index.md (default: BRAIN1_WIKI_DIR)")
    parser.add_argument("--no-wiki", action="store_true", help="skip the wiki")
    parser.add_argument(
        "--depth",
        choices=["deep", "quick"],
        default="deep",
        help="deep: a full report; quick: a short one, and time-sensitive (always outside)",
    )
    parser.add_argument("--time-sensitive", action="store_true", help="always research outside")
    args = parser.parse_args(argv)
    try:
        from swarm.errors import SwarmError
    except ImportError as exc:
        print(json.dumps({"error": f"swarm-wiki is not installed: pip install swarm-wiki ({exc})"}))
        return 1
    try:
        output = asyncio.run(
            run(" ".join(args.topic), args.depth, args.wiki, not args.no_wiki, args.time_sensitive)
        )
    except (SwarmError, ValueError) as exc:  # invalid settings (pydantic errors are ValueErrors)
        message = " ".join(str(exc).split())[:500]
        _emit({"error": f"configuration error: {message}"})
        return 2
    _emit(output)
    answered = output["path"] == "wiki" or bool((output["research"] or {}).get("sources"))
    return 0 if answered else 1


if __name__ == "__main__":
    sys.exit(main())

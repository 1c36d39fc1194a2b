#!/usr/bin/env python3
"""Research a topic wiki-first: the wiki's answer, else a cited report from outside; print JSON.

Usage: research.py [--wiki DIR | --no-wiki] [--depth deep|quick] [--time-sensitive] TOPIC...
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
    from swarm.research import research_topic
    from swarm.wiki_query import aquery

    settings = get_settings()
    wiki_result = None
    if use_wiki and (wiki is not None or settings.wiki_dir is not None):
        # None: detect it from the topic; --time-sensitive forces outside research.
        flag = True if time_sensitive else None
        wiki_result = await aquery(topic, flag, wiki_dir=wiki, settings=settings)
    output: dict[str, Any] = {
        "topic": topic,
        "depth": depth,
        "path": "wiki",
        "wiki": wiki_result.spec_dict() if wiki_result is not None else None,
        "research": None,
    }
    if wiki_result is not None and not wiki_result.go_external and wiki_result.answer:
        return output  # the wiki answered: no outside call
    usable = wiki_result is not None and wiki_result.usable_as_context
    wiki_context = wiki_result.answer if usable and wiki_result is not None else None
    result = await research_topic(topic, depth, settings=settings, wiki_context=wiki_context)
    output["path"] = "wiki+web" if usable else "web"
    output["research"] = result.model_dump()
    return output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Research TOPIC wiki-first (JSON out).")
    parser.add_argument("topic", nargs="+", help="the topic (several words are joined)")
    parser.add_argument("--wiki", help="wiki folder holding index.md (default: BRAIN1_WIKI_DIR)")
    parser.add_argument("--no-wiki", action="store_true", help="skip the wiki")
    parser.add_argument("--depth", choices=["deep", "quick"], default="deep")
    parser.add_argument("--time-sensitive", action="store_true", help="always research outside")
    args = parser.parse_args(argv)
    try:
        import swarm  # noqa: F401
    except ImportError as exc:
        print(json.dumps({"error": f"swarm-wiki is not installed: pip install swarm-wiki ({exc})"}))
        return 1
    output = asyncio.run(
        run(" ".join(args.topic), args.depth, args.wiki, not args.no_wiki, args.time_sensitive)
    )
    print(json.dumps(output, ensure_ascii=False, indent=2))
    answered = output["path"] == "wiki" or bool((output["research"] or {}).get("sources"))
    return 0 if answered else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Look a question up in the wiki and outside (Wikipedia, then the web) at once; print JSON.

Usage: lookup.py [--wiki DIR | --no-wiki] QUESTION...
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any


async def run(question: str, wiki: str | None, use_wiki: bool) -> dict[str, Any]:
    from swarm.config import get_settings
    from swarm.tools import lookup
    from swarm.wiki_query import aquery

    settings = get_settings()
    wiki_wanted = use_wiki and (wiki is not None or settings.wiki_dir is not None)
    # Time-sensitive: the wiki can't stop the outside call, so both run at the same time.
    outside = asyncio.create_task(lookup(question, settings=settings))
    wiki_result = (
        await aquery(question, True, wiki_dir=wiki, settings=settings) if wiki_wanted else None
    )
    found = await outside
    usable = wiki_result is not None and wiki_result.usable_as_context
    return {
        "query": question,
        "path": "wiki+web" if usable else "web",
        "wiki": wiki_result.spec_dict() if wiki_result is not None else None,
        "lookup": found,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Look QUESTION up: wiki + outside (JSON out).")
    parser.add_argument("question", nargs="+", help="the question (several words are joined)")
    parser.add_argument("--wiki", help="wiki folder holding index.md (default: BRAIN1_WIKI_DIR)")
    parser.add_argument("--no-wiki", action="store_true", help="skip the wiki")
    args = parser.parse_args(argv)
    try:
        import swarm  # noqa: F401
    except ImportError as exc:
        print(json.dumps({"error": f"swarm-wiki is not installed: pip install swarm-wiki ({exc})"}))
        return 1
    result = asyncio.run(run(" ".join(args.question), args.wiki, not args.no_wiki))
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

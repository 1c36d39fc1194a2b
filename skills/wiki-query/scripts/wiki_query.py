#!/usr/bin/env python3
"""Answer a question from the markdown wiki and print the wiki-query JSON result.

Usage: wiki_query.py [--wiki DIR] [--time-sensitive | --no-time-sensitive] QUESTION...
"""

from __future__ import annotations

import argparse
import json
import sys


def _emit(data: object) -> None:
    """Print `data` as JSON; a lone surrogate (undecodable argv bytes, a source's JSON) is
    printed as U+FFFD instead of crashing the script."""
    from swarm.untrusted import replace_surrogates

    print(replace_surrogates(json.dumps(data, ensure_ascii=False, indent=2)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Answer QUESTION from the wiki (JSON out).")
    parser.add_argument("question", nargs="+", help="the question (several words are joined)")
    parser.add_argument("--wiki", help="wiki folder holding index.md (default: BRAIN1_WIKI_DIR)")
    parser.add_argument("--time-sensitive", action=argparse.BooleanOptionalAction, default=None)
    parser.add_argument("--backend", choices=["auto", "anthropic", "offline"], default=None)
    args = parser.parse_args(argv)
    try:
        from swarm.config import get_settings
        from swarm.errors import SwarmError
        from swarm.wiki_query import query
    except ImportError as exc:
        print(json.dumps({"error": f"swarm-wiki is not installed: pip install swarm-wiki ({exc})"}))
        return 1
    try:
        settings = get_settings()
    except (SwarmError, ValueError) as exc:  # invalid settings (pydantic errors are ValueErrors)
        message = " ".join(str(exc).split())[:500]
        _emit({"error": f"configuration error: {message}"})
        return 2
    result = query(
        " ".join(args.question),
        args.time_sensitive,
        wiki_dir=args.wiki,
        model=args.backend,
        settings=settings,
    )
    _emit(result.spec_dict())
    return 1 if result.error else 0


if __name__ == "__main__":
    sys.exit(main())

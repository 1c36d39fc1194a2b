"""How often what a model reads of the expected page holds the expected answer: the page's
first 1,500 characters (the head) against the excerpt `excerpt_window` picks for the
question (the head, or a window further down a long page).

Usage: python benchmarks/excerpt_cover.py WIKI_DIR [WIKI_DIR ...]
Each WIKI_DIR has index.md and questions.yaml (every folder of wiki_fixtures/ does). For
each answerable question with an expected page and answer, prints per wiki how many
questions fall in each (head holds it, excerpt holds it, the excerpt is a window) case, and
the totals. `gained`: a window holds an answer the head does not; `lost`: the head held it
and the window does not.

The fixtures' answers all lie in the heads (their tests require it), so on them a window can
only lose; the two wikis of long pages the fixtures were cut from before that rule show what
a window gains (rebuild them from this repository's history):

    git archive 92877128 wiki_fixtures/tasks-vault | tar -x -C /tmp/tv      # 205 notes, unsplit
    git archive HEAD wiki_fixtures/opendata-fr | tar -x -C /tmp/od
    git show 9cacb584:wiki_fixtures/opendata-fr/questions.yaml \\
        > /tmp/od/wiki_fixtures/opendata-fr/questions.yaml                 # all 129 blind questions
"""

from __future__ import annotations

import sys
import unicodedata
from collections import Counter
from pathlib import Path

import yaml

from swarm.config import get_settings
from swarm.wiki.index import load_page_map
from swarm.wiki.pages import read_pages
from swarm.wiki.ranking import get_ranker


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def cover(wiki: Path) -> Counter[str]:
    loaded = yaml.safe_load((wiki / "questions.yaml").read_text(encoding="utf-8"))
    questions = loaded["questions"] if isinstance(loaded, dict) else loaded
    ranker = get_ranker(load_page_map(wiki), settings=get_settings())
    counts: Counter[str] = Counter()
    for question in questions:
        pages, answers = question.get("expected_pages"), question.get("expected_answer")
        if not question.get("answerable") or not pages or not answers:
            continue
        answers = [answers] if isinstance(answers, str) else answers
        titled = [(pages[0], "")]
        head = read_pages(wiki, titled)[0]
        read = read_pages(wiki, titled, focus=ranker.query_idf(question["question"]))[0]
        in_head = any(_norm(a) in _norm(head.text) for a in answers)
        in_read = any(_norm(a) in _norm(read.text) for a in answers)
        counts["questions"] += 1
        counts["head holds it"] += in_head
        counts["windows"] += read.offset > 0
        counts["gained"] += in_read and not in_head
        counts["lost"] += in_head and not in_read
    return counts


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    total: Counter[str] = Counter()
    columns = ("questions", "head holds it", "windows", "gained", "lost")
    print("| wiki | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for folder in argv:
        counts = cover(Path(folder))
        total.update(counts)
        print(f"| {Path(folder).name} | " + " | ".join(str(counts[c]) for c in columns) + " |")
    print("| **all** | " + " | ".join(str(total[c]) for c in columns) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

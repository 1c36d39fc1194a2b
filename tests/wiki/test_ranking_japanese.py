"""Ranking Japanese questions (`get_ranker(...).rank`): a change of script is a word
boundary, and the hiragana a question asks with (いくつ, ですか, ています) is no evidence
for a page; a question written in hiragana alone still finds the page that writes it."""

from __future__ import annotations

from pathlib import Path

from fakes import page_wiki, settings

from swarm.wiki.index import load_page_map
from swarm.wiki.ranking import clear_ranker_cache, get_ranker

VALUES = "# 私たちの価値観\n\n6 つのコアバリューの頭文字は CREDIT です。\n"
# A page that shares the question's asking, not its subject, and pages of other things.
ASKING = {
    "security/vuln.md": "# 脆弱性\n\nいくつかの報告があって、まとめて呼ばれています。\n",
    **{f"notes/{n}.md": f"# Note {n}\n\nNothing here in Japanese.\n" for n in range(3)},
}
NAPPIES = "# 育児用品\n\nおむつは二階の棚にあります。\n"


def _top(wiki: Path, question: str) -> list[str]:
    clear_ranker_cache()
    ranker = get_ranker(load_page_map(wiki), settings=settings(cache_dir=wiki.parent / "cache"))
    return [hit.path for hit in ranker.rank(question, k=3)]


def test_the_asked_subject_outranks_pages_sharing_the_asking(tmp_path: Path) -> None:
    (tmp_path / "wiki").mkdir()
    wiki = page_wiki(tmp_path / "wiki", {"values.md": VALUES, **ASKING})

    top = _top(wiki, "バリューはいくつあって、まとめて何と呼ばれていますか？")

    assert top[0] == "values.md"


def test_a_question_in_hiragana_alone_still_finds_its_page(tmp_path: Path) -> None:
    (tmp_path / "wiki").mkdir()
    wiki = page_wiki(tmp_path / "wiki", {"kids.md": NAPPIES, "values.md": VALUES, **ASKING})

    top = _top(wiki, "おむつはどこ？")

    assert top[0] == "kids.md"

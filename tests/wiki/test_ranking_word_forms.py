"""Ranking a French question whose verb the page writes in another form (`get_ranker(...)
.rank`): "je retire" finds "Retirer un membre", "je supprime" finds "Supprimer une
ressource"; an English question, and a French word with no form on the pages, rank as they
did."""

from __future__ import annotations

from pathlib import Path

from fakes import page_wiki, settings

from swarm.wiki.index import load_page_map
from swarm.wiki.ranking import clear_ranker_cache, get_ranker

PAGES = {
    "retirer.md": "# Retirer un membre\n\nPour retirer un membre, ouvrez la page Membres.\n",
    "supprimer.md": "# Supprimer une ressource\n\nSupprimer une ressource garde le lot.\n",
    # pages sharing the question's other words, not its verb
    "membres.md": "# Les membres\n\nUn membre de l'organisation publie des lots.\n",
    "ressources.md": "# Les ressources\n\nUne ressource appartient à un lot.\n",
}


def _top(wiki: Path, question: str) -> list[str]:
    clear_ranker_cache()
    ranker = get_ranker(load_page_map(wiki), settings=settings(cache_dir=wiki.parent / "cache"))
    return [hit.path for hit in ranker.rank(question, k=4)]


def test_a_french_verb_finds_the_page_writing_its_infinitive(tmp_path: Path) -> None:
    (tmp_path / "wiki").mkdir()
    wiki = page_wiki(tmp_path / "wiki", PAGES)

    assert _top(wiki, "Si je retire un membre, que se passe-t-il ?")[0] == "retirer.md"
    assert _top(wiki, "Quand je supprime une ressource, le lot reste-t-il ?")[0] == "supprimer.md"


def test_english_questions_and_unknown_forms_rank_on_their_own_tokens(tmp_path: Path) -> None:
    (tmp_path / "wiki").mkdir()
    wiki = page_wiki(tmp_path / "wiki", PAGES)

    # "member" is no form of "membre" to an English question: the membres page ranks on
    # nothing, the pages holding "membre" are not found either
    assert _top(wiki, "What happens when I remove a member?") == []
    # "archive" has no form on any page: the shared noun decides
    assert _top(wiki, "Si j'archive une ressource, que se passe-t-il ?")[0] in {
        "ressources.md",
        "supprimer.md",
    }

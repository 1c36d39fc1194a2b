"""A non-English question's words in the other forms the wiki writes them, for ranking.

The ranking tokens are English stems ("supprime" -> "supprim", "supprimer" stays), so a
French, Spanish, Italian or Portuguese question's verb misses the page that writes it in
another person or the infinitive: "Si je supprime une ressource..." against a page titled
"Supprimer un jeu de données", "je retire quelqu'un" against "Retirer un utilisateur". The
question's tokens gain the wiki's tokens that share their key, the word without a verb ending
of the question's language, accents folded (`word_key`): "supprim" finds "supprimer" and
"supprimé", "référenc" finds "référencer". English questions, and German ones (whose
compounds and endings the answer step reads its own way), keep their tokens.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

__all__ = ["WordFormsIndex"]

# The languages whose verb endings join a question's word to the page's (German aside).
_ROOT_LANGUAGES = ("es", "fr", "it", "pt")


class WordFormsIndex:
    """One ranker's vocabulary grouped by word key, per language, built on first use."""

    def __init__(self, vocabulary: Iterable[str]) -> None:
        self._vocabulary = vocabulary
        self._groups: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}
        self._lock = threading.Lock()

    def expand(self, question: str, tokens: list[str]) -> list[str]:
        """`tokens` (the question's ranking tokens), then the vocabulary's other tokens that
        share a word key with one of them when `question` reads as a language with verb
        endings; `tokens` itself otherwise."""
        if not tokens:
            return tokens
        # Imported here: swarm.models loads the settings, which a ranking of other text
        # needs not (as `query_tokens` does for CJK questions).
        from swarm.models.question_language import question_language, word_key

        spoken = question_language(question).codes
        codes = tuple(code for code in _ROOT_LANGUAGES if code in spoken)
        if not codes:
            return tokens
        groups = self._grouped(codes)
        asked = set(tokens)
        forms = dict.fromkeys(
            form
            for token in tokens
            for form in groups.get(word_key(token, codes), ())
            if form not in asked
        )
        return tokens + list(forms)

    def _grouped(self, codes: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
        from swarm.models.question_language import word_key

        groups = self._groups.get(codes)
        if groups is None:
            with self._lock:
                groups = self._groups.get(codes)
                if groups is None:
                    found: dict[str, list[str]] = {}
                    for token in self._vocabulary:
                        if key := word_key(token, codes):
                            found.setdefault(key, []).append(token)
                    groups = {key: tuple(forms) for key, forms in found.items()}
                    self._groups[codes] = groups
        return groups

"""The asked entity's own page: when a question names something the wiki has a page about
("What is Tanzania's capital?" and a page titled "Tanzania"), that page's passages speak of
it even where they don't write its name ("Capital: Dodoma" under the title), and a passage
of another page that names it nowhere (text, headings) speaks of something else ("Capital |
Vatican City" on the Holy See's page): it must not win the answer over them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import PurePosixPath

from swarm.lazy_re import lazy_compile
from swarm.models.key_terms import KeyTerm
from swarm.wiki.tokens import tokenize

__all__ = ["EntityPages"]

# "Holy See (Vatican City)", "Tanzania — overview": the name before a bracket or a dash.
_TITLE_TAIL = lazy_compile(r"\s*(?:[(\[]|\s[-–—:|]\s).*$")


def _title_names(title: str, page: str) -> set[frozenset[str]]:
    """The names a page is titled by: its title, the title before a bracket or dash, and its
    file name ("holy-see-vatican-city.md"), each as its tokens."""
    stem = PurePosixPath(page).stem.replace("-", " ").replace("_", " ")
    forms = {title, _TITLE_TAIL.sub("", title), stem}
    return {frozenset(tokenize(form)) for form in forms if form.strip()} - {frozenset()}


# English names a people or a thing of a place by an ending on the place's stem ("Russia" ->
# "Russians", "Sweden" -> "Swedish", "Japan" -> "Japanese", tokens stemmed): the endings, and
# how much of the place's name they may replace ("England" -> "English": "and").
_ADJECTIVE_ENDINGS = frozenset({"", "n", "an", "ian", "ish", "es", "ese", "i", "ic"})
_PLACE_ENDING_MAX = 3
_SHARED_STEM_MIN = 4


def _named_after(word: str, place: str) -> bool:
    """`word` is `place`'s name or the adjective or people English makes of it."""
    if word == place:
        return True
    shared = 0
    for a, b in zip(word, place, strict=False):
        if a != b:
            break
        shared += 1
    return (
        shared >= _SHARED_STEM_MIN
        and len(place) - shared <= _PLACE_ENDING_MAX
        and word[shared:] in _ADJECTIVE_ENDINGS
        # "German" of "Germany": a bare stem only drops the place's last letter.
        and (word[shared:] != "" or len(place) - shared == 1)
    )


def _is_titled(words: frozenset[str], names: set[frozenset[str]]) -> bool:
    if words in names:
        return True
    if len(words) != 1:
        return False
    (word,) = words
    return any(len(name) == 1 and _named_after(word, next(iter(name))) for name in names)


class EntityPages:
    """The question's names that have a page of their own among those read, and those pages."""

    def __init__(self, terms: Sequence[KeyTerm], titles: Mapping[str, str]) -> None:
        named = {page: _title_names(title, page) for page, title in titles.items()}
        self.pages: dict[frozenset[str], frozenset[str]] = {}
        for term in terms:
            if not term.is_name or not term.words:
                continue
            own = frozenset(page for page, names in named.items() if _is_titled(term.words, names))
            if own:
                self.pages[term.words] = own

    def off_entity(self, page: str, words: frozenset[str], context_words: frozenset[str]) -> bool:
        """A passage on no asked entity's page that names none of them (text or headings),
        when at least one of them has its own page: it speaks of another entity."""
        if not self.pages:
            return False
        stated = words | context_words
        return not any(page in own or name <= stated for name, own in self.pages.items())

"""The index line's words in the ranking, through the public door (`swarm.wiki_query.query`,
offline): a page whose one-line description says what was asked is read before a long
guide that mentions the same words in passing, and a description sharing only the topic
does not lift its page over the one whose text answers."""

from __future__ import annotations

from pathlib import Path

from swarm.wiki_query import query
from tests.fakes import make_wiki


def pages_read(question: str, wiki: Path) -> list[str]:
    result = query(question, wiki_dir=wiki, model="offline")
    assert result.error is None
    assert result.pages_read, result
    return result.pages_read


# The guide says "flex items", "space" and "distribute" again and again, none of it the
# property that does it; the reference page's text shows values and examples, and only its
# index line says what it does. By BM25 alone the guide ranks first.
_GUIDE = "\n\n".join(
    [
        "# Flexbox guide",
        "Flex items sit in a row, in the order they are written.",
        "Browsers distribute free space as flex-grow says.",
    ]
    + [f"Step {n}: a row of boxes, each one wider than the last." for n in range(6)]
)
_REFERENCE = "\n\n".join(
    ["# justify-content", "Syntax: justify-content: center | start | end | space-evenly;"]
    + [f"Example {n}: a container with three boxes, laid out with value {n}." for n in range(8)]
)


def _flex_wiki(root: Path) -> Path:
    pages = {
        "guides/flexbox.md": _GUIDE,
        "css/justify-content.md": _REFERENCE,
        "css/gap.md": (
            "# gap\n\nThe gap property sets the gutter size between rows and columns of a"
            " grid or a flex container.\n"
        ),
    }
    lines = [
        "- [[guides/flexbox|Flexbox guide]] — a tour of the flexible box layout",
        "- [[css/justify-content|justify-content]] — distributes space between flex items",
        "- [[css/gap|gap]] — gutters in grid and flex layouts",
    ]
    for topic in ("colour", "fonts", "tables", "forms", "images", "lists"):
        pages[f"css/{topic}.md"] = f"# {topic}\n\nHow {topic} look on the page, with examples.\n"
        lines.append(f"- [[css/{topic}|{topic}]] — styling {topic}")
    return make_wiki(root, pages, lines)


def test_a_page_whose_description_says_what_was_asked_is_read_first(tmp_path: Path) -> None:
    wiki = _flex_wiki(tmp_path / "wiki")
    assert pages_read("How do I distribute the space between flex items?", wiki)[0] == (
        "css/justify-content.md"
    )


def test_a_description_sharing_words_lifts_no_page_over_the_text_that_answers(
    tmp_path: Path,
) -> None:
    # justify-content's line holds "distribute", "space", "flex" and "items"; the guide's
    # sentence holds them with "browsers", "free" and "grow", and answers.
    wiki = _flex_wiki(tmp_path / "wiki")
    question = "How do browsers distribute free space between flex items that grow?"
    assert pages_read(question, wiki)[0] == "guides/flexbox.md"
    assert pages_read("What sets the gutter size between rows in a flex container?", wiki)[0] == (
        "css/gap.md"
    )

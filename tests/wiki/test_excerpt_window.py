"""`focus_window` / `cut_excerpt`: which 1,500 characters of a long page a question reads."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from swarm.wiki.excerpt_window import cut_excerpt, focus_window
from swarm.wiki.page_text import TRUNCATION_MARKER
from swarm.wiki.tokens import tokenize


def tokens(question: str) -> dict[str, float]:
    """Each word of `question` weighing the same (a query's IDF over a wiki, in use)."""
    return dict.fromkeys(tokenize(question), 1.0)


FILLER = "Nothing of note happens in this paragraph, which only fills the page. " * 6


def long_page() -> str:
    sections = [f"## Part {n}\n\n{FILLER}\n\n{FILLER}" for n in range(1, 6)]
    sections.insert(
        3,
        "## Backups\n\n### Offsite copies\n\nThe offsite copy goes to the Zurich vault "
        "every Sunday night.\n\nIt is kept for ninety days.",
    )
    return "# Operations handbook\n\nHow the team runs things.\n\n" + "\n\n".join(sections)


def test_a_question_about_a_later_section_reads_that_section_with_its_headings() -> None:
    body = long_page()

    window = focus_window(body, tokens("Where does the offsite backup copy go?"), 1500)

    assert window is not None and window.offset == body.index("## Backups")
    assert window.text.startswith("# Operations handbook\n## Backups\n\n### Offsite copies\n")
    assert "Zurich vault every Sunday" in window.text and len(window.text) <= 1500
    assert window.text.endswith(TRUNCATION_MARKER)  # the page goes on after it


def test_the_head_is_read_when_it_holds_the_question_words_as_well() -> None:
    body = long_page()

    assert focus_window(body, tokens("What is the operations handbook about?"), 1500) is None
    excerpt = cut_excerpt(body, 1500, tokens("What is the operations handbook about?"))
    assert excerpt.offset == 0 and body.startswith(excerpt.text.removesuffix(TRUNCATION_MARKER))


def test_a_short_page_or_a_question_without_words_on_the_page_reads_the_head() -> None:
    assert focus_window("# Short\n\nThe Zurich vault.", tokens("Zurich vault"), 1500) is None
    assert focus_window(long_page(), tokens("kubernetes"), 1500) is None
    assert focus_window(long_page(), {}, 1500) is None


def test_a_table_row_further_down_is_read_under_its_header_row() -> None:
    rows = "\n".join(f"| item {n} | {n} kg |" for n in range(200))
    body = f"# Weights\n\n{FILLER}\n\n| Item | Weight |\n|---|---|\n{rows}\n| anvil | 93 kg |\n"

    window = focus_window(body, tokens("How heavy is the anvil?"), 600)

    assert window is not None and len(window.text) <= 600
    assert window.text.startswith("# Weights\n| Item | Weight |\n|---|---|\n")
    assert "| anvil | 93 kg |" in window.text


def test_a_code_block_is_entered_at_its_start_and_cut_at_the_limit() -> None:
    code = "\n".join(f"step {n}" for n in range(300))
    body = "# Build\n\n" + f"{FILLER}\n\n" * 4 + f"## Shipping\n\n```sh\n{code}\n```"

    window = focus_window(body, tokens("How do I ship it?"), 1500)

    assert window is not None and window.offset == body.index("## Shipping")
    assert "## Shipping\n\n```sh\nstep 0\nstep 1\n" in window.text
    assert len(window.text) <= 1500 and window.text.endswith(TRUNCATION_MARKER)


def test_a_page_read_only_in_part_is_marked_cut_where_the_window_ends() -> None:
    body = long_page()
    tail = body[body.index("## Backups") :]
    prefix = "# Log\n\n" + f"{FILLER}\n\n" * 4 + tail[: tail.index("It is kept")]

    excerpt = cut_excerpt(prefix.strip(), 1500, tokens("offsite backup copy"), cut_short=True)

    assert excerpt.offset > 0 and excerpt.truncated
    assert excerpt.text.endswith(TRUNCATION_MARKER) and len(excerpt.text) <= 1500


markdown_lines = st.sampled_from(
    [
        "# Title",
        "## Section",
        "### Deeper",
        "",
        "Plain words about the vault and the backup.",
        "- a list item about the backup",
        "1. a numbered step",
        "| a | b |",
        "|---|---|",
        "```",
        "~~~",
        "    indented code",
        "> a quote about the vault",
        "x" * 700,
    ]
)


@settings(max_examples=80, deadline=None)
@given(
    lines=st.lists(markdown_lines, min_size=1, max_size=60),
    max_chars=st.integers(min_value=40, max_value=1500),
)
def test_any_window_fits_the_excerpt_and_starts_at_a_line(lines: list[str], max_chars: int) -> None:
    body = "\n".join(lines).strip()

    excerpt = cut_excerpt(body, max_chars, tokens("backup vault step"))

    assert len(excerpt.text) <= max_chars
    if excerpt.offset:
        assert excerpt.truncated and body[excerpt.offset - 1] == "\n"
    else:
        assert excerpt.text.removesuffix(TRUNCATION_MARKER).rstrip() in body

"""Which page a question finds, through the public door (`swarm.wiki_query.query`, offline):
word forms that meet on one stem, and the fields a page is named by."""

from __future__ import annotations

from pathlib import Path

from swarm.wiki_query import query
from tests.fakes import make_wiki


def first_read(question: str, wiki: Path) -> str:
    result = query(question, wiki_dir=wiki, model="offline")
    assert result.error is None
    assert result.pages_read, result
    return result.pages_read[0]


def test_word_forms_meet_on_one_stem(tmp_path: Path) -> None:
    # "stops"/"stopped", "VMs"/"VMs", "giving"/"give", "used"/"use": only the stem joins the
    # question to the page that answers; the other page shares one word as written.
    wiki = make_wiki(
        tmp_path / "wiki",
        {
            "ops/shutdown.md": "# Shutdown\n\nOn Friday Dana stopped all the VMs in staging.\n",
            "notes/bus.md": "# Bus\n\nThe bus stops near the office. Stop here for lunch.\n",
            "notes/gifts.md": "# Gifts\n\nWe give each client a mug. Giving is policy.\n",
            "notes/tools.md": "# Tools\n\nThe team used Figma for the giving campaign.\n",
        },
        [
            "- [[ops/shutdown|Shutdown]]",
            "- [[notes/bus|Bus]]",
            "- [[notes/gifts|Gifts]]",
            "- [[notes/tools|Tools]]",
        ],
    )
    assert first_read("Who stops the VM?", wiki) == "ops/shutdown.md"
    assert first_read("Which tool do we use?", wiki) == "notes/tools.md"
    assert first_read("What do we give clients?", wiki) == "notes/gifts.md"


def test_a_question_naming_a_page_by_its_folder_and_file_finds_it(tmp_path: Path) -> None:
    wiki = make_wiki(
        tmp_path / "wiki",
        {
            "people/Mara Quint.md": "# Profile\n\nShe leads the design team since 2021.\n",
            "people/Odell Pruitt.md": "# Profile\n\nHe leads the sales team and design reviews.\n",
            "teams/design.md": "# Design\n\nThe design team leads every review.\n",
        },
        [
            "- [[people/Mara Quint|Profile]]",
            "- [[people/Odell Pruitt|Profile]]",
            "- [[teams/design|Design]]",
        ],
    )
    assert first_read("What does Mara Quint lead?", wiki) == "people/Mara Quint.md"
    assert first_read("Which people lead sales?", wiki) == "people/Odell Pruitt.md"


def test_words_held_in_one_passage_outrank_the_same_words_scattered(tmp_path: Path) -> None:
    # BM25 alone puts security.md first (each word several times, far apart); the runbook
    # says it in one sentence, and that page is read first.
    filler = " ".join(
        f"Paragraph {i} covers the office plants, the coffee rota and parking." for i in range(3)
    )
    scattered = [
        "Signing keys live in the vault.",
        filler,
        "We rotate staff through the on-call desk.",
        filler,
        "Keys for the front door are at reception.",
        filler,
        "Logs rotate weekly.",
    ]
    together = ["To rotate the signing keys, run `keyctl rotate --all` and restart the API."]
    together += [filler] * 4
    pages = {
        "security.md": "# Security\n\n" + "\n\n".join(scattered) + "\n",
        "runbook.md": "# Runbook\n\n" + "\n\n".join(together) + "\n",
    }
    others = ["plants", "parking", "coffee", "holidays", "printers", "badges"]
    pages |= {
        f"{name}.md": f"# {name}\n\nNotes about {name} for the office team.\n" for name in others
    }
    wiki = make_wiki(
        tmp_path / "wiki", pages, [f"- [[{path[:-3]}|{path[:-3].title()}]]" for path in pages]
    )
    result = query("How do I rotate the signing keys?", wiki_dir=wiki, model="offline")
    assert result.pages_read[:2] == ["runbook.md", "security.md"]
    assert "keyctl rotate --all" in result.answer


def test_frontmatter_aliases_tags_and_title_name_the_page(tmp_path: Path) -> None:
    # The body never says "Big Blue", "hydrangea" or "Quarterly Planning"; the frontmatter
    # does. Dates and authors in the block are not indexed: "Teodor" finds the page saying it.
    wiki = make_wiki(
        tmp_path / "wiki",
        {
            "clients/ibm.md": (
                "---\naliases:\n  - Big Blue\n  - IBM Corp\nauthor: Teodor Vance\n"
                "updated: 2026-01-05\n---\n# Account\n\nOur contact is Dana Reyes.\n"
            ),
            "garden/plants.md": (
                "---\ntags: [shrubs, hydrangea]\n---\n# Plants\n\nPrune in late winter.\n"
            ),
            "memos/q3.md": (
                "---\ntitle: Quarterly Planning\n---\n# Notes\n\nBudgets are due on Friday.\n"
            ),
            "people/team.md": (
                "# Team\n\nTeodor joined in May. Dana handles accounts. Standup happens daily.\n"
            ),
            "garden/tools.md": "# Tools\n\nShears need care: oil the blades.\n",
        },
        [
            "- [[clients/ibm|Account]]",
            "- [[garden/plants|Plants]]",
            "- [[memos/q3|Notes]]",
            "- [[people/team|Team]]",
            "- [[garden/tools|Tools]]",
        ],
    )
    # Without the frontmatter, each question's one body word would pick team.md or tools.md.
    assert first_read("Who handles Big Blue?", wiki) == "clients/ibm.md"
    assert first_read("How do I care for hydrangea shrubs?", wiki) == "garden/plants.md"
    assert first_read("What happens at quarterly planning?", wiki) == "memos/q3.md"
    assert first_read("When did Teodor start?", wiki) == "people/team.md"


def test_a_page_the_question_names_is_read_first(tmp_path: Path) -> None:
    # git-status.md holds more of the question's words; the question names `sort` (its title
    # and file name), and sort.md is read first.
    options = [
        f"**Option {i}: compare by key {c}**\n\n`sort -{c} input.txt`"
        for i, c in enumerate("bdfgimnrRuz")
    ]
    pages = {
        "commands/sort.md": "# sort\n\nOrder lines of text.\n\n## Options\n\n"
        + "\n\n".join(options)
        + "\n\n**Verify the order only**\n\n`sort -c input.txt`\n",
        "commands/git-status.md": "# git-status\n\nCheck whether a file is staged.\n\n"
        "`git status --short`\n",
    }
    for name in ("ls", "cp", "mv", "rm", "cat", "head"):
        pages[f"commands/{name}.md"] = f"# {name}\n\n{name} works on a file.\n\n`{name} file`\n"
    wiki = make_wiki(
        tmp_path / "wiki", pages, [f"- [[{path[:-3]}|{path[9:-3]}]]" for path in pages]
    )
    result = query(
        "How can I check whether a file is already sorted?", wiki_dir=wiki, model="offline"
    )
    assert result.pages_read[:2] == ["commands/sort.md", "commands/git-status.md"]


def test_frontmatter_without_naming_keys_leaves_the_ranking_as_it_was(tmp_path: Path) -> None:
    # Dates, authors, ids and statuses are not what a page is called: the same pages with
    # and without such a block are read in the same order, whatever is asked.
    bodies = {
        "ops/backups.md": "# Backups\n\nNightly backups run at 02:00 and are kept 30 days.\n",
        "ops/alerts.md": "# Alerts\n\nPager alerts go to the on-call engineer first.\n",
        "team/onboarding.md": "# Onboarding\n\nNew engineers get a laptop and backups access.\n",
        "team/leave.md": "# Leave\n\nEngineers take 25 days of leave; ask the on-call lead.\n",
    }
    # Each block names another page's topic: indexed, it would pull the wrong page up.
    authors = {
        "ops/backups.md": "Pager Alerts Desk",
        "ops/alerts.md": "Leave Office",
        "team/onboarding.md": "Nightly Backups Crew",
        "team/leave.md": "New Laptop Team",
    }
    dated_pages = {
        path: f"---\nauthor: {authors[path]}\nupdated: 2026-01-05\nid: 30\n"
        f"status: {authors[path]}\n---\n{text}"
        for path, text in bodies.items()
    }
    lines = [f"- [[{path[:-3]}|{path.split('/')[1][:-3].title()}]]" for path in bodies]
    plain = make_wiki(tmp_path / "plain", bodies, lines)
    dated = make_wiki(tmp_path / "dated", dated_pages, lines)
    for question in (
        "How long are nightly backups kept?",
        "Who gets pager alerts?",
        "How many days of leave do engineers get?",
        "What does a new engineer get?",
    ):
        expected = query(question, wiki_dir=plain, model="offline").pages_read
        assert expected
        assert query(question, wiki_dir=dated, model="offline").pages_read == expected

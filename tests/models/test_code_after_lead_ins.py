"""A code block right after a captioned one (under a heading or a lead-in) is the same
caption's other form, through `query(model="offline")`: "Activate:" over `source
venv/bin/activate`, then `venv\\Scripts\\activate`, answer as one passage. Near case: a code
block after a paragraph of its own is that paragraph's, not the heading's."""

from __future__ import annotations

from pathlib import Path

from fakes import page_wiki

from swarm.wiki_query import query

VENV = """# Virtual environments

## Activate

```sh
$ source venv/bin/activate
```

```sh
> venv\\Scripts\\activate
```

## Deactivate

```sh
$ deactivate
```
"""

STASH = """# stash

## Save

Save your changes to the stash:

```sh
$ git stash push
```

```sh
$ git stash -m 'My message'
```
"""


def _first_line(question: str, wiki: Path) -> str:
    result = query(question, wiki_dir=wiki, model="offline")
    assert result.error is None
    return result.answer.splitlines()[0]


def test_a_second_code_block_under_a_heading_is_its_other_form(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"venv.md": VENV})
    first = _first_line("How do I activate a virtual environment on Windows?", wiki)
    assert "venv\\Scripts\\activate" in first, first


def test_a_second_code_block_after_a_lead_in_is_its_other_form(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"stash.md": STASH})
    first = _first_line("How do I save my changes to the stash with a message?", wiki)
    assert "git stash -m 'My message'" in first, first


def test_a_code_block_after_its_own_paragraph_is_not_the_headings(tmp_path: Path) -> None:
    own = VENV.replace(
        "```sh\n> venv\\Scripts",
        "Remove the environment folder when done with it.\n\n```sh\n> venv\\Scripts",
    )
    wiki = page_wiki(tmp_path, {"venv.md": own})
    result = query(
        "How do I activate a virtual environment on Windows?", wiki_dir=wiki, model="offline"
    )
    assert "venv\\Scripts\\activate" in result.answer, result.answer
    assert "$ source venv/bin/activate >" not in result.answer, result.answer

"""Raw HTML blocks in a markdown page (a Jekyll handbook's table of facts, a <div> of prose)
are read as the page's text: by the splitter and through `query()`."""

from __future__ import annotations

from pathlib import Path

from swarm.wiki.passages import split_passages
from swarm.wiki_query import query
from tests.fakes import page_wiki

OFFICE = """\
<div class="table-wrapper">
  <table>
    <tbody>
      <tr>
        <td><strong>Location</strong></td>
        <td>
          One World Trade Center (<a href="https://example.com">building page</a>)<br/>
          Floor 55<br/>
          New York, NY 10007
        </td>
      </tr>
      <tr><td><strong>Slack channel</strong></td><td>#nyc</td></tr>
      <tr><th>Desk</th><th>Bookable</th><th>Where</th></tr>
    </tbody>
  </table>
</div>

<!-- index: the office's facts -->
<div class="note">Bring your <b>badge</b>; guests sign in at the lobby desk.</div>
<script>var tracking = "not text";</script>

Visitors need a badge from the front desk.
"""


def test_table_rows_give_key_value_passages_and_other_html_its_text() -> None:
    texts = [p.text for p in split_passages(OFFICE, page="nyc.md", title="New York City")]
    assert texts == [
        "Location: One World Trade Center (building page) Floor 55 New York, NY 10007",
        "Slack channel: #nyc",
        "Desk | Bookable | Where",
        "Bring your badge; guests sign in at the lobby desk.",
        "Visitors need a badge from the front desk.",
    ]


def test_a_fact_in_an_html_table_answers_a_question(tmp_path: Path) -> None:
    wiki = page_wiki(tmp_path, {"new-york-city.md": "---\ntitle: New York City\n---\n" + OFFICE})
    r = query("Which floor is the New York City office on?", wiki_dir=wiki, model="offline")
    assert "Floor 55" in r.answer
    assert r.pages_consulted == ["new-york-city.md"]

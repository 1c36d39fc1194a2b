"""The offline path stays light: importing `swarm.wiki_query` and answering a question with
the offline backend loads no model SDK, HTTP client, terminal UI or MCP package (they are
imported only by the paths that use them)."""

from __future__ import annotations

from pathlib import Path

from child_python import run_report

_HEAVY = ("anthropic", "openai", "httpx", "rich", "mcp")

_SCRIPT = """
import json, sys
from pathlib import Path
import swarm.wiki_query
imported = sorted(m for m in sys.modules if m.split('.')[0] in {heavy!r})
result = swarm.wiki_query.query({question!r}, wiki_dir=Path({wiki!r}), model="offline")
answered = sorted(m for m in sys.modules if m.split('.')[0] in {heavy!r})
print(json.dumps({{"imported": imported, "answered": answered, "error": result.error,
                   "pages": list(result.pages_consulted)}}))
"""


def test_an_offline_query_imports_no_sdk_http_ui_or_mcp(tmp_path: Path) -> None:
    wiki = Path(__file__).resolve().parent.parent / "wiki_fixtures" / "brain"
    script = _SCRIPT.format(heavy=set(_HEAVY), question="What is a learning rate?", wiki=str(wiki))
    report = run_report(script, tmp_path)
    assert report["error"] is None
    assert report["pages"]  # it did answer from the wiki
    assert report["imported"] == []
    assert report["answered"] == []

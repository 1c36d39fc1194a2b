"""A yes/no question answered by a passage that denies it, through `query(model="offline")`:
"Is there a default timeout in requests?" and "requests has no default timeout" (the answer is
no). Its near miss: a wh-question the same denial does not answer ("What default timeout
does requests use?")."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

CLIENTS = """# HTTP clients

httpx has a default timeout of 5 seconds on every network operation. requests has no default
timeout, so a call to a silent server can hang forever.

Both follow redirects on GET. httpx speaks HTTP/2 when the h2 package is installed. Sessions
and clients pool their connections; close them when done.
"""


@pytest.mark.parametrize(
    ("question", "confidence", "must_hold"),
    [
        pytest.param(
            "Is there a default timeout in requests?",
            "high",
            "requests has no default",
            id="yes-no-answered-no",
        ),
        pytest.param(
            "What default timeout does requests use?",
            "not high",
            "",
            id="wh-question-denied",
        ),
    ],
)
def test_yes_no_question_denied(
    tmp_path: Path, question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, {"http-clients.md": CLIENTS})

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

"""The Agent Skills in skills/: they validate with skills-ref and their scripts run offline."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import FIXTURES, REPO_ROOT

SKILLS_DIR = REPO_ROOT / "skills"
SKILLS = {"wiki-query": "wiki_query.py", "lookup": "lookup.py", "research": "research.py"}
BRAIN = FIXTURES / "brain"
SLA_QUESTION = "What is CCW's first-response SLA?"


def _agentskills() -> str:
    beside_python = Path(sys.executable).parent / "agentskills"
    found = str(beside_python) if beside_python.exists() else shutil.which("agentskills")
    if not found:
        pytest.skip("skills-ref (agentskills) is not installed")
    return found


def _frontmatter(skill: str) -> tuple[dict[str, Any], str]:
    text = (SKILLS_DIR / skill / "SKILL.md").read_text(encoding="utf-8")
    assert text.startswith("---\n")
    head, body = text[4:].split("\n---\n", 1)
    return yaml.safe_load(head), body


def test_the_three_skills_and_nothing_else() -> None:
    assert {path.name for path in SKILLS_DIR.iterdir() if path.is_dir()} == set(SKILLS)


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_skill_validates_with_skills_ref(skill: str) -> None:
    done = subprocess.run(
        [_agentskills(), "validate", str(SKILLS_DIR / skill)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_skill_frontmatter_and_body(skill: str) -> None:
    meta, body = _frontmatter(skill)
    assert meta["name"] == skill
    assert set(meta) <= {"name", "description", "license", "compatibility", "metadata"}
    description = meta["description"]
    assert 80 < len(description) <= 1024
    assert "Use it" in description  # says when to use it, not only what it does
    assert f"scripts/{SKILLS[skill]}" in body
    assert "go_external" in body or "path" in body
    assert len(body.splitlines()) < 500


def test_the_validator_rejects_what_we_avoid(tmp_path: Path) -> None:
    """A guard on the guard: an extra key and a flow-style list both fail validation."""
    bad = tmp_path / "bad-skill"
    bad.mkdir()
    (bad / "SKILL.md").write_text(
        "---\nname: bad-skill\ndescription: Does things. Use it when needed.\n"
        "tags: [a, b]\n---\nbody\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [_agentskills(), "validate", str(bad)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0


def _run_script(
    skill: str, *args: str, extra_env: dict[str, str] | None = None
) -> tuple[int, dict[str, Any]]:
    env = {
        **os.environ,
        "SWARM_MODEL": "offline",
        "WEB_SEARCH_ENABLED": "false",
        "WIKIPEDIA_FALLBACK_ENABLED": "false",
        "PYTHONPATH": str(REPO_ROOT),
        **(extra_env or {}),
    }
    env.pop("BRAIN1_WIKI_DIR", None)
    script = SKILLS_DIR / skill / "scripts" / SKILLS[skill]
    done = subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    return done.returncode, json.loads(done.stdout)


def test_wiki_query_script_answers_from_the_fixture_wiki() -> None:
    code, result = _run_script("wiki-query", "--wiki", str(BRAIN), SLA_QUESTION)
    assert code == 0
    assert list(result) == [
        "answer",
        "pages_consulted",
        "confidence",
        "go_external",
        "stale",
        "error",
    ]
    assert "15" in result["answer"] and "ccw.md" in result["pages_consulted"]
    assert result["go_external"] is False


def test_wiki_query_script_time_sensitive_goes_external() -> None:
    code, result = _run_script("wiki-query", "--wiki", str(BRAIN), "--time-sensitive", "CCW SLA")
    assert code == 0 and result["go_external"] is True


def test_wiki_query_script_without_a_wiki_reports_the_error() -> None:
    code, result = _run_script("wiki-query", SLA_QUESTION)
    assert code == 1
    assert result["go_external"] is True and "BRAIN1_WIKI_DIR" in result["error"]


def test_lookup_script_returns_wiki_and_lookup_json() -> None:
    code, result = _run_script("lookup", "--wiki", str(BRAIN), SLA_QUESTION)
    assert code == 0
    assert result["path"] == "wiki"  # outside sources are off: the wiki's answer, unchecked
    assert "ccw.md" in result["wiki"]["pages_consulted"]
    assert result["wiki"]["go_external"] is True  # a lookup is time-sensitive
    assert result["lookup"]["type"] == "lookup" and result["lookup"]["source"] == "none"


def test_lookup_script_without_the_wiki() -> None:
    code, result = _run_script("lookup", "--no-wiki", "Coastal", "Clean", "Water")
    assert code == 0
    assert result["query"] == "Coastal Clean Water"
    assert result["wiki"] is None and result["path"] == "web"


def test_research_script_stops_at_a_confident_wiki_answer() -> None:
    code, result = _run_script("research", "--wiki", str(BRAIN), "CCW first-response SLA")
    assert code == 0
    assert result["path"] == "wiki" and result["research"] is None
    assert "15" in result["wiki"]["answer"]


def test_research_script_goes_outside_when_told_the_topic_moves_fast() -> None:
    code, result = _run_script(
        "research", "--wiki", str(BRAIN), "--depth", "quick", "--time-sensitive", "CCW SLA"
    )
    assert result["path"] == "wiki"  # no web source was used: the wiki's answer, unchecked
    research = result["research"]
    assert research["depth"] == "quick"
    # The wiki answer became source [1]; the web was off, so it is the only source.
    assert [source["origin"] for source in research["sources"]] == ["wiki"]
    assert code == 0


def test_research_script_quick_depth_is_time_sensitive_as_in_the_bot() -> None:
    """The same sure, fresh wiki answer that stops a deep research does not stop a quick one."""
    code, result = _run_script("research", "--wiki", str(BRAIN), "--depth", "quick", "CCW SLA")
    assert result["wiki"]["go_external"] is True
    assert result["path"] == "wiki" and result["research"]["depth"] == "quick"
    assert [source["origin"] for source in result["research"]["sources"]] == ["wiki"]
    assert code == 0


def test_lookup_script_says_outside_sources_are_off() -> None:
    code, result = _run_script("lookup", "--no-wiki", "Hach CL17 price")
    assert code == 0
    assert result["lookup"]["source"] == "none" and "disabled" in result["lookup"]["error"]


@pytest.mark.parametrize(
    ("skill", "args"),
    [
        pytest.param("wiki-query", ("--wiki", str(BRAIN), SLA_QUESTION), id="wiki-query"),
        pytest.param("lookup", ("--wiki", str(BRAIN), SLA_QUESTION), id="lookup"),
        pytest.param("research", ("--wiki", str(BRAIN), SLA_QUESTION), id="research"),
    ],
)
def test_a_bad_setting_is_a_json_error_not_a_traceback(skill: str, args: tuple[str, ...]) -> None:
    code, result = _run_script(skill, *args, extra_env={"SWARM_MAX_PAGES": "abc"})
    assert code == 2
    assert list(result) == ["error"] and "configuration error" in result["error"]
    assert "\n" not in result["error"]


@pytest.mark.parametrize("skill", ["lookup", "research"])
def test_scripts_share_the_bots_gate_instead_of_a_copy(skill: str) -> None:
    source = (SKILLS_DIR / skill / "scripts" / SKILLS[skill]).read_text(encoding="utf-8")
    assert "resolve_request" in source
    assert "aquery" not in source and "research_topic" not in source


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_undecodable_argv_bytes_never_crash_a_script(skill: str) -> None:
    env = {
        **os.environ,
        "SWARM_MODEL": "offline",
        "WEB_SEARCH_ENABLED": "false",
        "WIKIPEDIA_FALLBACK_ENABLED": "false",
        "PYTHONPATH": str(REPO_ROOT),
        "PYTHONIOENCODING": "utf-8",
    }
    script = SKILLS_DIR / skill / "scripts" / SKILLS[skill]
    done = subprocess.run(
        [sys.executable, str(script), "--wiki", str(BRAIN), b"CCW \xff SLA"],
        capture_output=True,
        timeout=120,
        env=env,
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    result = json.loads(done.stdout.decode("utf-8"))
    assert isinstance(result, dict) and "error" not in result or result.get("error") is None

"""Named wikis (`[wikis]` in the config file): names before folders before the default,
BRAIN1_WIKI_DIR, only the config file may name wikis."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swarm.config import choose_wiki, get_settings, resolve_wiki_dir
from swarm.errors import IndexNotFound


def test_names_resolve_first_then_folders_then_the_default(two_wikis: tuple[Path, Path]) -> None:
    brain, hobby = two_wikis
    settings = get_settings()
    assert settings.wikis == {"work": brain, "home": hobby}
    assert settings.source_of("wikis") == "config file"
    assert choose_wiki("work", settings).name == "work"
    assert resolve_wiki_dir("work", settings) == brain.resolve()
    assert resolve_wiki_dir(None, settings) == hobby.resolve()  # [wikis] default
    assert resolve_wiki_dir(str(brain), settings) == brain.resolve()
    with pytest.raises(IndexNotFound, match=r"No wiki named 'play' \(\[wikis\]: home, work\)"):
        resolve_wiki_dir("play", settings)


def test_brain1_wiki_dir_beats_the_default_and_may_be_a_name(
    two_wikis: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    brain, _ = two_wikis
    Path(".env").write_text("BRAIN1_WIKI_DIR=work\n")  # a working folder picks a user's wiki
    assert resolve_wiki_dir(None, get_settings()) == brain.resolve()


def test_wikis_come_from_the_config_file_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWARM_WIKIS", json.dumps({"evil": str(tmp_path)}))
    monkeypatch.setenv("SWARM_DEFAULT_WIKI", "evil")
    Path(".env").write_text('SWARM_WIKIS={"evil": "/"}\n')
    settings = get_settings()
    assert settings.wikis == {} and settings.default_wiki is None

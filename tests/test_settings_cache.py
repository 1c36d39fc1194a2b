"""`get_settings()` is built once per process and rebuilt when what it reads changes: the
environment (our names, any case), the working folder and its `.env`, the config file."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from swarm.config import get_settings
from swarm.settings_fingerprint import RECENT_S


def config_file() -> Path:
    path = Path(os.environ["XDG_CONFIG_HOME"]) / "swarm" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def test_an_environment_change_is_seen_at_the_next_call(monkeypatch: pytest.MonkeyPatch) -> None:
    assert get_settings().max_pages == 5
    monkeypatch.setenv("SWARM_MAX_PAGES", "3")
    assert get_settings().max_pages == 3
    monkeypatch.setenv("swarm_max_pages", "4")  # names are matched in any case
    monkeypatch.delenv("SWARM_MAX_PAGES")
    assert get_settings().max_pages == 4
    monkeypatch.delenv("swarm_max_pages")
    monkeypatch.setenv("BRAIN1_WIKI_DIR", "/somewhere/else")  # a fixed name, no prefix
    assert get_settings().wiki_dir == Path("/somewhere/else")
    assert get_settings().max_pages == 5


def test_a_caller_changing_its_settings_changes_no_one_elses() -> None:
    mine = get_settings()
    mine.max_pages = 17
    assert get_settings().max_pages == 5
    assert get_settings() is not get_settings()


def test_a_new_working_folder_reads_its_own_dotenv(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert get_settings().max_pages == 5
    other = tmp_path / "project"
    other.mkdir()
    (other / ".env").write_text("SWARM_MAX_PAGES=2\n")
    monkeypatch.chdir(other)
    assert get_settings().max_pages == 2
    monkeypatch.chdir(tmp_path)
    assert get_settings().max_pages == 5


def test_files_edited_at_once_with_the_same_length_are_reread() -> None:
    # File times are coarse: a rewrite within one tick keeps mtime and size, so a file
    # modified just now is never trusted to be unchanged.
    path = config_file()
    path.write_text("max_pages = 3\n")
    assert get_settings().max_pages == 3
    path.write_text("max_pages = 4\n")
    assert get_settings().max_pages == 4
    Path(".env").write_text("SWARM_PAGE_EXCERPT_CHARS=400\n")
    assert get_settings().page_excerpt_chars == 400
    Path(".env").write_text("SWARM_PAGE_EXCERPT_CHARS=500\n")
    assert get_settings().page_excerpt_chars == 500


def test_an_old_dotenv_and_config_file_edited_later_are_reread() -> None:
    path = config_file()
    path.write_text("max_pages = 3\n")
    Path(".env").write_text("SWARM_PAGE_EXCERPT_CHARS=400\n")
    time.sleep(RECENT_S + 0.1)  # both files now old enough to be fingerprinted
    first = get_settings()
    assert (first.max_pages, first.page_excerpt_chars) == (3, 400)
    assert get_settings().max_pages == 3  # served again, nothing changed
    path.write_text("max_pages = 4\n")
    assert get_settings().max_pages == 4
    Path(".env").write_text("SWARM_PAGE_EXCERPT_CHARS=500\n")
    assert get_settings().page_excerpt_chars == 500
    Path(".env").unlink()
    assert get_settings().page_excerpt_chars == 1500

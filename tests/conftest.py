"""Shared fixtures: a clean environment and a hard block on real network access."""

from __future__ import annotations

import ipaddress
import os
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from config_files import write_config
from hypothesis import HealthCheck, settings

# No timing checks in tests: hypothesis's per-example deadline and its "too slow" health
# check are timings, and fail on shared, loaded cores (the suite runs on every core).
settings.register_profile("swarm", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("swarm")

REPO_ROOT = Path(__file__).resolve().parent.parent
FIXTURES = REPO_ROOT / "wiki_fixtures"
# Real responses recorded from DuckDuckGo, Wikipedia and Brave, kept byte for byte as captured
# (see its README for the quirks they carry).
REAL_CAPTURES = Path(__file__).resolve().parent / "fixtures" / "real-captures"

_ENV_PREFIXES = ("SWARM_", "BRAIN1_", "ANTHROPIC_", "OPENAI_", "GEMINI_", "GOOGLE_API_KEY")
_ENV_NAMES = {
    "SEARXNG_URL",
    "BRAVE_SEARCH_API_KEY",
    "WEB_SEARCH_ENABLED",
    "WIKIPEDIA_FALLBACK_ENABLED",
    "STREAM_BROWSER",
    "GEMINI_AUTH",
}


@pytest.fixture(autouse=True)
def clean_environ(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Each test starts with none of swarm's settings in the environment (SWARM_CONFIG_FILE
    included), no `.env` from the working directory, an empty user config folder (never the
    developer's ~/.config/swarm) and a private cache dir."""
    for name in list(os.environ):
        if name.startswith(_ENV_PREFIXES) or name in _ENV_NAMES:
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("SWARM_CACHE_DIR", str(tmp_path / "swarm-cache"))
    monkeypatch.chdir(tmp_path)
    yield


def _is_loopback(host: object) -> bool:
    if not isinstance(host, str):
        return True  # AF_UNIX paths and the like
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any real DNS lookup or connect to a non-loopback address fails the test."""
    real_connect = socket.socket.connect
    real_getaddrinfo = socket.getaddrinfo

    def guarded_connect(self: socket.socket, address: object) -> object:
        host = address[0] if isinstance(address, tuple) else address
        if not _is_loopback(host):
            raise AssertionError(f"test tried to reach the network: {address!r}")
        return real_connect(self, address)  # type: ignore[arg-type]

    def guarded_getaddrinfo(host: object, *args: object, **kwargs: object) -> object:
        if not _is_loopback(host if not isinstance(host, bytes) else host.decode()):
            raise AssertionError(f"test tried a real DNS lookup: {host!r}")
        return real_getaddrinfo(host, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    monkeypatch.setattr(socket, "getaddrinfo", guarded_getaddrinfo)


@pytest.fixture
def two_wikis(tmp_path: Path) -> tuple[Path, Path]:
    """Copies of the brain and hobby fixture wikis named work and home in [wikis], home the
    default."""
    brain = Path(shutil.copytree(FIXTURES / "brain", tmp_path / "w" / "brain"))
    hobby = Path(shutil.copytree(FIXTURES / "hobby", tmp_path / "w" / "hobby"))
    write_config(f'[wikis]\nwork = "{brain}"\nhome = "{hobby}"\ndefault = "home"\n')
    return brain, hobby

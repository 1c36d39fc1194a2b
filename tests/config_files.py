"""Writing the user config file (under the test's private XDG_CONFIG_HOME)."""

from __future__ import annotations

import os
from pathlib import Path


def write_config(text: str) -> Path:
    path = Path(os.environ["XDG_CONFIG_HOME"]) / "swarm" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path

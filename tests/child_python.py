"""A Python snippet run in a fresh interpreter (nothing other tests imported or froze), with
none of swarm's settings from the environment and a private cache: its last stdout line is
the JSON report it prints."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def run_report(script: str, tmp_path: Path) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SWARM_", "ANTHROPIC_"))}
    env["SWARM_CACHE_DIR"] = str(tmp_path / "cache")
    env["HOME"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report

"""CI smoke step: every module of swarm imports, and every command answers --help.

Run in the venv of the README's first command (no extras) and again with the dev extras:
a module that needs an optional extra (`swarm.mcp_server` needs `mcp`) is skipped, and said so,
only when that extra is not installed.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import subprocess
import sys
from pathlib import Path

import swarm
from swarm.cli import cli

OPTIONAL = {"swarm.mcp_server": "mcp", "swarm.mcp_resources": "mcp"}
# The venv's own `swarm` script, whether or not the venv is activated.
SWARM = str(Path(sys.executable).with_name("swarm"))

failures = 0
for module in sorted(pkgutil.walk_packages(swarm.__path__, "swarm."), key=lambda m: m.name):
    extra = OPTIONAL.get(module.name)
    if extra and importlib.util.find_spec(extra) is None:
        print(f"skip {module.name}: the {extra!r} extra is not installed")
        continue
    try:
        importlib.import_module(module.name)
    except Exception as exc:  # report every broken module, not just the first
        failures += 1
        print(f"FAIL import {module.name}: {type(exc).__name__}: {exc}")
for command in sorted(cli.commands):
    done = subprocess.run([SWARM, command, "--help"], capture_output=True, text=True)
    if done.returncode != 0 or "Usage:" not in done.stdout:
        failures += 1
        print(f"FAIL swarm {command} --help (exit {done.returncode}): {done.stderr.strip()}")
print(f"smoke: {len(cli.commands)} commands, {failures} failure(s)")
sys.exit(1 if failures else 0)

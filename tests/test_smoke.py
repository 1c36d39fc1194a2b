"""Every module imports on its own and every command answers --help (as CI's smoke step)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from click.testing import CliRunner

import swarm
from swarm.cli import cli

MODULES = sorted(m.name for m in pkgutil.walk_packages(swarm.__path__, "swarm."))


@pytest.mark.parametrize("name", MODULES)
def test_module_imports(name: str) -> None:
    assert importlib.import_module(name).__name__ == name


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_command_help(command: str) -> None:
    result = CliRunner().invoke(cli, [command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage: " in result.output

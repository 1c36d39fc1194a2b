"""The `swarm` command line: parse, call the library, print.

Heavy imports (models, web, mcp) happen inside each command so `swarm --help` stays fast.
"""

from __future__ import annotations

import click

from swarm import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="swarm")
def cli() -> None:
    """Answer from your own markdown wiki first; go to Wikipedia and the web only when the
    wiki can't answer, is unsure, is stale, or the topic moves fast."""

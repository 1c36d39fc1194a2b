"""`python -m swarm` runs the CLI."""

from swarm.cli import cli

if __name__ == "__main__":
    cli()

"""swarm: answer from your own markdown wiki first; go outside only when it can't."""

__version__ = "0.1.0"

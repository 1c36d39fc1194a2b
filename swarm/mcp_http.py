"""`swarm mcp --http [HOST:]PORT`: reading the address, and which hosts are loopback.

Kept apart from `swarm.mcp_server` so the CLI can check an address without importing the
`mcp` SDK (an optional extra, slow to import)."""

from __future__ import annotations

import ipaddress

__all__ = ["DEFAULT_HOST", "is_loopback", "parse_http_address", "server_url"]

DEFAULT_HOST = "127.0.0.1"


def parse_http_address(text: str) -> tuple[str, int]:
    """(host, port) for `PORT`, `HOST:PORT` or `[IPv6]:PORT`; the host defaults to
    127.0.0.1. Raises `ValueError` with a one-line reason for anything else."""
    value = text.strip()
    host, port_text = DEFAULT_HOST, value
    if value.startswith("["):
        inside, bracket, rest = value[1:].partition("]")
        if not bracket or not rest.startswith(":") or not inside:
            raise ValueError(f"{text!r} is not [IPv6]:PORT")
        host, port_text = inside, rest[1:]
    elif ":" in value:
        host, _, port_text = value.rpartition(":")
        if not host or ":" in host:
            raise ValueError(f"{text!r} is not [HOST:]PORT (an IPv6 host goes in brackets)")
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"{text!r}: the port must be a number from 1 to 65535")
    return host, int(port_text)


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach `host` (`localhost`, 127.0.0.0/8, ::1)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve to anything
        return False


def server_url(host: str, port: int) -> str:
    """The URL an MCP client connects to: `http://host:port/mcp`."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/mcp"

"""A tiny round-robin TCP proxy (stdlib asyncio) for the worker benchmark: one listening port,
each accepted connection handed whole to the next backend in turn.

Connection-level balancing: every request on one TCP connection reaches the same worker, so an
MCP client that keeps its session on one keep-alive connection stays on its worker. A real
deployment would put nginx/HAProxy here (sticky on the `Mcp-Session-Id` header, or any worker
with a stateless server); this is only enough to measure N workers behind one address.

    python benchmarks/tcp_proxy.py LISTEN_PORT BACKEND_PORT [BACKEND_PORT ...]
"""

from __future__ import annotations

import asyncio
import itertools
import sys

HOST = "127.0.0.1"
_CHUNK = 65_536


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(_CHUNK):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def serve(listen_port: int, backends: list[int]) -> None:
    turn = itertools.cycle(backends)

    async def handle(
        client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter
    ) -> None:
        try:
            backend_reader, backend_writer = await asyncio.open_connection(HOST, next(turn))
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(
            _pipe(client_reader, backend_writer), _pipe(backend_reader, client_writer)
        )

    server = await asyncio.start_server(handle, HOST, listen_port, backlog=512)
    print("ready", flush=True)
    async with server:
        await server.serve_forever()


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    ports = [int(value) for value in argv]
    try:
        asyncio.run(serve(ports[0], ports[1:]))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

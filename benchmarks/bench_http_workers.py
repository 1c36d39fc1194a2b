"""Several `swarm mcp --http` worker processes on one shared disk cache, driven over MCP.

For each worker count N it starts N `swarm mcp --http 127.0.0.1:PORT` processes (offline
backend, the same wiki, one `SWARM_CACHE_DIR`), warms each with one call (the first builds the
ranking cache, the others load it), then runs `--sessions` MCP client sessions (the SDK's
`Client`) that each call the `wiki_query` tool `--calls` times in a row, all sessions at once:

- **one endpoint**: every session connects to `benchmarks/tcp_proxy.py`, a round-robin TCP
  proxy in front of the N workers (a session keeps its connection, so it stays on its worker);
- **one port per worker**: session i connects straight to worker i mod N.

Throughput is tool calls per second of wall time, from the first call to the last. The client
sessions run in this process, on the same 2 cores as the workers.

    python benchmarks/bench_http_workers.py [--wiki DIR] [--workers 1,2] [--sessions 8]
        [--calls 32] [--out BENCHMARKS.md] [--label after]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_load import DEFAULT_WIKI, questions_for  # noqa: E402
from bench_report import int_list, write_section  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
SECTION_MARK = "bench_http_workers"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(port: int, process: subprocess.Popen[bytes], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"a process for port {port} exited {process.returncode}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listened on 127.0.0.1:{port} after {seconds} s")


def worker_env(wiki: Path, home: Path, cache: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "xdg-config"),
        "BRAIN1_WIKI_DIR": str(wiki),
        "SWARM_MODEL": "offline",
        "SWARM_CACHE_DIR": str(cache),
        "WEB_SEARCH_ENABLED": "false",
        "WIKIPEDIA_FALLBACK_ENABLED": "false",
        "PYTHONPATH": str(REPO_ROOT),
    }


def start_workers(count: int, env: dict[str, str], cwd: Path) -> list[tuple[int, Any]]:
    workers = []
    for _ in range(count):
        port = free_port()
        command = [sys.executable, "-m", "swarm", "mcp", "--http", f"127.0.0.1:{port}"]
        process = subprocess.Popen(
            command,
            env=env,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        workers.append((port, process))
    for port, process in workers:
        wait_for(port, process)
    return workers


def start_proxy(backends: list[int]) -> tuple[int, subprocess.Popen[str]]:
    port = free_port()
    proxy = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("tcp_proxy.py")), str(port)]
        + [str(backend) for backend in backends],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proxy.stdout is not None
    if proxy.stdout.readline().strip() != "ready":
        raise RuntimeError("the proxy did not start")
    return port, proxy


def stop(processes: list[Any]) -> None:
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


async def drive(urls: list[str], questions: list[str], sessions: int, calls: int) -> dict[str, Any]:
    """`sessions` MCP sessions (session i on urls[i % len(urls)]), `calls` calls each."""
    from mcp import Client

    latencies: list[float] = []
    errors = 0
    ready = asyncio.Event()
    opened = 0

    async def session(number: int) -> tuple[float, float]:
        nonlocal errors, opened
        async with Client(urls[number % len(urls)], read_timeout_seconds=120) as client:
            opened += 1
            if opened == sessions:
                ready.set()
            await ready.wait()
            first = time.perf_counter()
            for call in range(calls):
                question = questions[(number * 7 + call) % len(questions)]
                started = time.perf_counter()
                result = await client.call_tool("wiki_query", {"query": question})
                latencies.append(time.perf_counter() - started)
                structured = result.structured_content or {}
                errors += bool(result.is_error or structured.get("error"))
            return first, time.perf_counter()

    spans = await asyncio.gather(*(session(n) for n in range(sessions)))
    wall = max(end for _, end in spans) - min(start for start, _ in spans)
    return {
        "calls": sessions * calls,
        "qps": sessions * calls / wall,
        "p50_ms": statistics.median(latencies) * 1000,
        "errors": errors,
    }


async def warm(port: int, question: str) -> None:
    from mcp import Client

    async with Client(f"http://127.0.0.1:{port}/mcp", read_timeout_seconds=300) as client:
        await client.call_tool("wiki_query", {"query": question})


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    wiki = args.wiki.resolve()
    questions = questions_for(wiki)
    rows = []
    with tempfile.TemporaryDirectory(prefix="swarm-http-") as tmp:
        home = Path(tmp)
        cache = home / "cache"  # one disk cache for every worker of every run
        env = worker_env(wiki, home, cache)
        for count in args.workers:
            workers = start_workers(count, env, home)
            processes: list[Any] = [process for _, process in workers]
            try:
                for port, _ in workers:  # the first builds the ranking cache, the rest load it
                    asyncio.run(warm(port, questions[0]))
                proxy_port, proxy = start_proxy([port for port, _ in workers])
                processes.append(proxy)
                modes = {
                    "one endpoint (TCP proxy)": [f"http://127.0.0.1:{proxy_port}/mcp"],
                    "one port per worker": [f"http://127.0.0.1:{port}/mcp" for port, _ in workers],
                }
                for mode, urls in modes.items():
                    figures = asyncio.run(drive(urls, questions, args.sessions, args.calls))
                    row = {"workers": count, "mode": mode, **figures}
                    print(row, file=sys.stderr)
                    rows.append(row)
            finally:
                stop(processes)
    return rows


def report(args: argparse.Namespace, rows: list[dict[str, Any]]) -> str:
    lines = [
        f"## Worker processes behind one MCP HTTP endpoint ({args.label})",
        "",
        f"Wiki: `{args.wiki}` (offline backend). 1-minute load average at the start"
        f" {args.load_at_start:.2f}, at the end {os.getloadavg()[0]:.2f} (2 shared cores; the"
        " MCP client sessions run on the same cores). Command: `python"
        f" benchmarks/bench_http_workers.py --sessions {args.sessions} --calls {args.calls}`.",
        "",
        f"{args.sessions} MCP sessions at once, {args.calls} `wiki_query` calls each, against"
        " N `swarm mcp --http` processes sharing one `SWARM_CACHE_DIR`.",
        "",
        "| worker processes | clients reach them through | tool calls | throughput (calls/s)"
        " | p50 latency (ms) | errors |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['workers']} | {row['mode']} | {row['calls']} | {row['qps']:.1f}"
            f" | {row['p50_ms']:.0f} | {row['errors']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--wiki", type=Path, default=DEFAULT_WIKI)
    parser.add_argument("--workers", type=int_list, default=[1, 2])
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--calls", type=int, default=32)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--label", default="after")
    args = parser.parse_args(argv)
    args.load_at_start = os.getloadavg()[0]
    section = report(args, run(args))
    print(section)
    if args.out:
        write_section(args.out, section, SECTION_MARK, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The real-time routes' child processes: an allow-listed environment (none of our keys or
URLs), a new session per child, and on timeout or cancellation the whole process group killed
and its reaping bounded."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Mapping, Sequence

__all__ = ["child_env", "run_command"]

logger = logging.getLogger(__name__)

# Children get an allow-listed environment, never ours: our env holds ANTHROPIC_API_KEY, the
# Brave key, SEARXNG_URL (maybe with credentials) and whatever else the user exported. Proxy
# variables are left out on purpose (they often carry credentials).
_CHILD_ENV_NAMES = frozenset(
    {
        "PATH",
        "HOME",
        "USER",
        "LOGNAME",
        "LANG",
        "LANGUAGE",
        "TERM",
        "TMPDIR",
        "TZ",
        "DISPLAY",  # the browser helper may drive an on-screen browser
        "WAYLAND_DISPLAY",
        "SSL_CERT_FILE",  # paths to CA bundles, not secrets
        "SSL_CERT_DIR",
        "NODE_EXTRA_CA_CERTS",
    }
)
_CHILD_ENV_PREFIXES = ("LC_", "XDG_")
# After killing a timed-out child's process group, wait at most this long for it to be reaped.
_REAP_TIMEOUT_S = 1.0


def child_env(
    environ: Mapping[str, str] | None = None, *, extra_names: frozenset[str] = frozenset()
) -> dict[str, str]:
    """The environment a real-time child gets: only the allow-listed names (locale, PATH,
    HOME, XDG dirs, ...) plus `extra_names`; none of our keys or URLs."""
    source = os.environ if environ is None else environ
    return {
        name: value
        for name, value in source.items()
        if name in _CHILD_ENV_NAMES or name in extra_names or name.startswith(_CHILD_ENV_PREFIXES)
    }


def _kill_group(process: asyncio.subprocess.Process) -> None:
    """SIGKILL the child's whole process group (it leads its own session), so grandchildren
    that inherited its pipes (a re-spawned CLI, a launched browser) die with it."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        with contextlib.suppress(ProcessLookupError):
            process.kill()


async def _reap(process: asyncio.subprocess.Process) -> None:
    """Wait (bounded) for a killed child; a descendant that escaped the group could hold the
    pipes open forever, so after `_REAP_TIMEOUT_S` the transport is closed and we move on."""
    waiter = asyncio.ensure_future(process.wait())
    done, _ = await asyncio.wait({waiter}, timeout=_REAP_TIMEOUT_S)
    if not done:
        waiter.cancel()
        transport = getattr(process, "_transport", None)
        if transport is not None:
            transport.close()
        logger.info("real-time child %s not reaped in %.1f s", process.pid, _REAP_TIMEOUT_S)


async def _stop_starting(starting: asyncio.Future[asyncio.subprocess.Process]) -> None:
    """After a cancel during the start: let the start finish (bounded), then kill the new
    child's whole group and reap it, so nothing it spawned outlives the search."""
    done, _ = await asyncio.wait({starting}, timeout=_REAP_TIMEOUT_S)
    if not done:
        starting.cancel()
        return
    if starting.cancelled() or starting.exception() is not None:
        return
    process = starting.result()
    _kill_group(process)
    await _reap(process)


async def run_command(
    argv: Sequence[str],
    *,
    timeout_s: float,
    env: Mapping[str, str] | None = None,
    cwd: str | None = None,
) -> str | None:
    """stdout of `argv` (no shell) when it exits 0 within `timeout_s`; None otherwise.

    The child starts its own session (process group); on timeout or cancellation the whole
    group is killed and the wait for it is bounded. `env=None` means `child_env()`.
    """
    starting = asyncio.ensure_future(
        asyncio.create_subprocess_exec(
            *argv,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=dict(env) if env is not None else child_env(),
            cwd=cwd,
            start_new_session=True,
        )
    )
    try:
        # Shielded: a cancel while the child starts would make asyncio kill only the child
        # and then wait, unbounded, for pipes its descendants still hold.
        process = await asyncio.shield(starting)
    except asyncio.CancelledError:
        await _stop_starting(starting)
        raise
    except (OSError, ValueError):
        logger.info("real-time command not runnable: %r", argv[0] if argv else argv)
        return None
    finished = False
    try:
        async with asyncio.timeout(timeout_s):
            stdout, stderr = await process.communicate()
        finished = True
    except TimeoutError:
        logger.info("real-time command timed out after %.1f s: %r", timeout_s, argv[0])
        return None
    finally:
        # A timed-out or cancelled child (and its descendants) must not outlive the search.
        if not finished:
            _kill_group(process)
            await _reap(process)
    if process.returncode != 0:
        logger.info(
            "real-time command %r exited %s: %s",
            argv[0],
            process.returncode,
            stderr.decode("utf-8", "replace")[:300],
        )
        return None
    return stdout.decode("utf-8", "replace")

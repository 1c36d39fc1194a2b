"""A cheap fingerprint of everything `Settings` is read from, so `get_settings()` can build
them once per process and again only when one of them changes.

What settings depend on: the process environment (our names only, any case), the working
folder (its `.env`) and the config file. A file is fingerprinted by its stat; one modified in
the last `RECENT_S` seconds gives no fingerprint at all (settings are then built afresh),
because file times are coarse (a few ms): two writes of the same length within one tick would
otherwise look unchanged.
"""

from __future__ import annotations

import os
import time
from collections.abc import Collection
from pathlib import Path

__all__ = ["RECENT_S", "settings_fingerprint"]

RECENT_S = 2.0
# Where the config file is looked for (besides SWARM_CONFIG_FILE, one of our names).
_LOCATION_NAMES = frozenset({"HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"})

_FileKey = tuple[int, int, int, int] | None


def _file_key(path: Path | None, recent_ns: int) -> _FileKey | bool:
    """(mtime_ns, ctime_ns, size, inode), None when absent; False when just modified."""
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    if max(stat.st_mtime_ns, stat.st_ctime_ns) >= recent_ns:
        return False
    return (stat.st_mtime_ns, stat.st_ctime_ns, stat.st_size, stat.st_ino)


def settings_fingerprint(
    names: Collection[str], prefix: str, dotenv: str, config_file: Path | None
) -> tuple[object, ...] | None:
    """A hashable value that changes when the settings may: the environment entries whose
    upper-cased name is in `names`, starts with `prefix` or says where the config file is;
    the working folder; its `dotenv` file's stat; `config_file`'s stat. None when it can't
    be told (no working folder, a file modified just now): build the settings afresh."""
    try:
        folder = os.getcwd()
    except OSError:
        return None
    environment = tuple(
        sorted(
            (key, value)
            for key, value in os.environ.items()
            if (upper := key.upper()) in names
            or upper.startswith(prefix)
            or upper in _LOCATION_NAMES
        )
    )
    recent_ns = time.time_ns() - int(RECENT_S * 1e9)
    dotenv_key = _file_key(Path(folder) / dotenv, recent_ns)
    config_key = _file_key(config_file, recent_ns)
    if dotenv_key is False or config_key is False:
        return None
    return (environment, folder, dotenv_key, config_file, config_key)

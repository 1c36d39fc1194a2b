"""Where settings come from: the user's TOML config file, a `.env` that may not set commands or
endpoints, and the record of which source gave each value (pydantic-settings sources).

`swarm.config.Settings` puts them in order; this module knows nothing of its fields but what
their names and metadata say.
"""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import AliasChoices
from pydantic.config import JsonDict
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource

from swarm.errors import ConfigError
from swarm.named_wikis import WIKIS_TABLE, split_wikis_table

__all__ = [
    "CONFIG_FILE_ENV",
    "CONFIG_FILE_ONLY",
    "DOTENV_FILE",
    "SOURCES",
    "TRUSTED_ONLY",
    "TRUSTED_ONLY_SUFFIXES",
    "ConfigFileSettingsSource",
    "DotEnvWithoutCommandsSource",
    "NotedSource",
    "RefusedSetting",
    "SettingSource",
    "SourceRecord",
    "config_file_path",
    "current_record",
    "env_names",
    "field_for_key",
    "recording",
    "shown_path",
    "trusted_only_fields",
]

SettingSource = Literal["override", "env", "config file", ".env", "default"]
SOURCES: tuple[SettingSource, ...] = ("override", "env", "config file", ".env", "default")

# Where the user's config file is, when not at the XDG place; read from the environment only.
CONFIG_FILE_ENV = "SWARM_CONFIG_FILE"
DOTENV_FILE = ".env"
# A field whose name ends so is a command to run or a place requests (and keys) go to: a
# working folder's `.env` may never set it. New fields (`openai_base_url`) are covered by name.
TRUSTED_ONLY_SUFFIXES = ("_url", "_command", "_path")
# `Field(json_schema_extra=TRUSTED_ONLY)` marks the others (paths swarm writes to).
TRUSTED_ONLY: JsonDict = {"trusted_only": True}
# `Field(json_schema_extra=CONFIG_FILE_ONLY)`: set by the user's config file (or the caller)
# only; the environment and a `.env` never set it.
CONFIG_FILE_ONLY: JsonDict = {"trusted_only": True, "config_file_only": True}


@dataclass(frozen=True)
class RefusedSetting:
    """A `.env` entry that was ignored: `name` as the user wrote it (upper-cased), the file,
    and where the setting may go instead."""

    name: str
    dotenv_file: Path
    allowed_in: str

    @property
    def message(self) -> str:
        """The one-line warning, e.g. `ignoring SEARXNG_URL from ./.env: ...`."""
        what = (
            "the config file's location is"
            if self.name == CONFIG_FILE_ENV
            else "commands, endpoints and paths swarm writes to are"
        )
        where = f"./{DOTENV_FILE}"
        return f"ignoring {self.name} from {where}: {what} taken only from {self.allowed_in}"


@dataclass
class SourceRecord:
    """What one settings read found: the source of each field that was set (by field name),
    the refused `.env` entries, and the config file looked for."""

    sources: dict[str, SettingSource] = field(default_factory=dict)
    refused: list[RefusedSetting] = field(default_factory=list)
    config_file: Path | None = None
    config_file_found: bool = False


_RECORD: ContextVar[SourceRecord | None] = ContextVar("swarm_settings_record", default=None)
# (file, name) pairs already warned about: each warning is printed once per process.
_WARNED: set[tuple[str, str]] = set()
# The parsed config file, keyed by its stat, so the per-query `get_settings()` stays cheap.
_CONFIG_CACHE: dict[Path, tuple[tuple[int, int, int, int], dict[str, Any]]] = {}


def current_record() -> SourceRecord | None:
    """The record the running settings read writes to, if any."""
    return _RECORD.get()


@contextmanager
def recording(record: SourceRecord) -> Iterator[SourceRecord]:
    """Sources called inside write to `record` (context-local: safe across threads/tasks)."""
    token = _RECORD.set(record)
    try:
        yield record
    finally:
        _RECORD.reset(token)


def _note(source: SettingSource, names: Iterable[str]) -> None:
    record = _RECORD.get()
    if record is not None:
        for name in names:
            record.sources.setdefault(name, source)  # sources run highest precedence first


def _warn_once(where: Path, name: str, message: str) -> None:
    """One line on stderr, once per process for each (file, setting): never a Python
    warning (those become errors under pytest) and never on stdout (MCP speaks there)."""
    key = (str(where), name)
    if key not in _WARNED:
        _WARNED.add(key)
        print(f"swarm: {message}", file=sys.stderr, flush=True)


def shown_path(path: Path) -> str:
    """`path` with the home folder as `~`, for messages."""
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)


# --- field names ------------------------------------------------------------------------------


@cache
def env_names(settings_cls: type[BaseSettings]) -> dict[str, tuple[str, ...]]:
    """Per field, the environment names it is read from, the one to show first."""
    prefix = str(settings_cls.model_config.get("env_prefix", ""))
    names: dict[str, tuple[str, ...]] = {}
    for name, info in settings_cls.model_fields.items():
        alias = info.validation_alias
        choices: list[str] = []
        if isinstance(alias, AliasChoices):
            choices = [choice for choice in alias.choices if isinstance(choice, str)]
        elif isinstance(alias, str):
            choices = [alias]
        names[name] = tuple(dict.fromkeys([*choices, f"{prefix}{name}".upper()]))
    return names


@cache
def _field_by_key(settings_cls: type[BaseSettings]) -> dict[str, str]:
    keys: dict[str, str] = {}
    for name, aliases in env_names(settings_cls).items():
        for key in (name, *aliases):
            keys.setdefault(key.lower(), name)
    return keys


def field_for_key(settings_cls: type[BaseSettings], key: str) -> str | None:
    """The field `key` names, in any case: an environment name (`SWARM_MODEL`,
    `BRAIN1_WIKI_DIR`, `SWARM_WIKI_DIR`) or the field name itself (`backend`)."""
    return _field_by_key(settings_cls).get(key.lower())


def _is_trusted_only(name: str, info: FieldInfo) -> bool:
    extra = info.json_schema_extra
    return name.endswith(TRUSTED_ONLY_SUFFIXES) or (
        isinstance(extra, dict) and extra.get("trusted_only") is True
    )


@cache
def trusted_only_fields(settings_cls: type[BaseSettings]) -> frozenset[str]:
    """Fields only the environment, the config file or the caller may set, never a `.env`:
    commands and endpoints (by name: `_url`, `_command`, `_path`) and those marked
    `TRUSTED_ONLY` (paths swarm writes to)."""
    return frozenset(
        name for name, info in settings_cls.model_fields.items() if _is_trusted_only(name, info)
    )


@cache
def config_file_only_fields(settings_cls: type[BaseSettings]) -> frozenset[str]:
    """Fields marked `CONFIG_FILE_ONLY` (the named wikis)."""
    return frozenset(
        name
        for name, info in settings_cls.model_fields.items()
        if isinstance(info.json_schema_extra, dict)
        and info.json_schema_extra.get("config_file_only") is True
    )


def _by_field_name(settings_cls: type[BaseSettings], values: dict[str, Any]) -> dict[str, Any]:
    """A source's values keyed by field name. Sources key by alias or name as they please; one
    key per field keeps a lower source's alias from beating a higher source's name."""
    keys = _field_by_key(settings_cls)
    out: dict[str, Any] = {}
    for key, value in values.items():
        name = keys.get(key.lower())
        if name is not None:
            out.setdefault(name, value)
    return out


# --- sources ----------------------------------------------------------------------------------


class NotedSource(PydanticBaseSettingsSource):
    """A pydantic-settings source whose values are keyed by field name and noted as `label`."""

    def __init__(self, inner: PydanticBaseSettingsSource, label: SettingSource) -> None:
        super().__init__(inner.settings_cls)
        self.inner = inner
        self.label: SettingSource = label

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return self.inner.get_field_value(field, field_name)

    def __call__(self) -> dict[str, Any]:
        values = self._values()
        _note(self.label, values)
        return values

    def _values(self) -> dict[str, Any]:
        env_vars = getattr(self.inner, "env_vars", None)
        # An environment-like source none of whose names is ours has nothing for us; skipping
        # its per-field walk (most of the cost of `get_settings()`) keeps per-query reads cheap.
        if isinstance(env_vars, Mapping) and env_vars.keys().isdisjoint(
            _field_by_key(self.settings_cls)
        ):
            return {}
        values = _by_field_name(self.settings_cls, self.inner())
        if self.label in ("env", ".env"):
            for name in config_file_only_fields(self.settings_cls) & values.keys():
                del values[name]
        return values


class DotEnvWithoutCommandsSource(NotedSource):
    """The working folder's `.env` (pydantic-settings' dotenv source), minus what a folder may
    not set (`trusted_only_fields`, `SWARM_CONFIG_FILE`): each refused entry is dropped, noted
    in the record and warned about in one line on stderr."""

    def __init__(self, inner: PydanticBaseSettingsSource) -> None:
        super().__init__(inner, ".env")

    def __call__(self) -> dict[str, Any]:
        values = self._values()
        # The .env's own entries (names lower-cased), to name a refused one as it was written.
        written: Mapping[str, Any] = getattr(self.inner, "env_vars", {})
        refused = sorted(trusted_only_fields(self.settings_cls) & values.keys())
        names = [_written_name(env_names(self.settings_cls)[n], written) for n in refused]
        if CONFIG_FILE_ENV.lower() in written:
            names.append(CONFIG_FILE_ENV)
        for name in refused:
            del values[name]
        if names:
            self._refuse(names)
        _note(".env", values)
        return values

    def _refuse(self, names: list[str]) -> None:
        dotenv_file = Path(DOTENV_FILE).absolute()
        config = config_file_path()
        anywhere = "the environment or " + (shown_path(config) if config else "the config file")
        record = _RECORD.get()
        for name in names:
            refused = RefusedSetting(
                name, dotenv_file, "the environment" if name == CONFIG_FILE_ENV else anywhere
            )
            if record is not None:
                record.refused.append(refused)
            _warn_once(dotenv_file, name, refused.message)


def _written_name(candidates: tuple[str, ...], written: Mapping[str, Any]) -> str:
    return next((name for name in candidates if name.lower() in written), candidates[0])


# --- the user's config file -------------------------------------------------------------------


def config_file_path() -> Path | None:
    """`$SWARM_CONFIG_FILE`, else `$XDG_CONFIG_HOME/swarm/config.toml`, else
    `~/.config/swarm/config.toml`; from the process environment only (never a `.env`)."""
    named = os.environ.get(CONFIG_FILE_ENV, "").strip()
    if named:
        return Path(named).expanduser()
    xdg = os.environ.get("XDG_CONFIG_HOME", "").strip()
    if xdg and Path(xdg).is_absolute():  # the XDG spec says to ignore a relative one
        return Path(xdg) / "swarm" / "config.toml"
    try:
        return Path.home() / ".config" / "swarm" / "config.toml"
    except RuntimeError:  # no HOME and no passwd entry: nowhere to look
        return None


def _read_config_table(path: Path, *, required: bool) -> dict[str, Any] | None:
    """The file's top-level table (cached by stat); None when it does not exist and need not.

    Raises `ConfigError` naming the file (and line) when it can't be read or parsed."""
    try:
        stat = path.stat()
        key = (stat.st_mtime_ns, stat.st_size, stat.st_ino, stat.st_dev)
        cached = _CONFIG_CACHE.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
        data = path.read_bytes()
    except FileNotFoundError:
        if required:
            raise ConfigError(f"{CONFIG_FILE_ENV} names a missing file: {path}") from None
        return None
    except OSError as error:
        raise ConfigError(f"Can't read the config file {path}: {error.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ConfigError(f"Invalid config file {path}: not UTF-8 (at line {line})") from None
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"Invalid config file {path}: {error}") from None
    _CONFIG_CACHE[path] = (key, table)
    return table


class ConfigFileSettingsSource(PydanticBaseSettingsSource):
    """The user's own TOML config file (`config_file_path()`), read with `tomllib`.

    Top-level keys are the environment names (`BRAIN1_WIKI_DIR`, `SWARM_MODEL`) or the field
    names (`wiki_dir`, `backend`), in any case. Other tables are skipped (room for later
    sections); an unknown plain key gets a one-line warning; two keys for the same
    setting are a `ConfigError`."""

    def __init__(self, settings_cls: type[BaseSettings], path: Path | None) -> None:
        super().__init__(settings_cls)
        self.path = path

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # __call__ reads the whole file at once

    def __call__(self) -> dict[str, Any]:
        record = _RECORD.get()
        if record is not None:
            record.config_file = self.path
        if self.path is None:
            return {}
        required = bool(os.environ.get(CONFIG_FILE_ENV, "").strip())
        table = _read_config_table(self.path, required=required)
        if table is None:
            return {}
        if record is not None:
            record.config_file_found = True
        values: dict[str, Any] = {}
        written: dict[str, str] = {}
        for key, value in table.items():
            if key.lower() == WIKIS_TABLE:
                values.update(split_wikis_table(value, self.path))
                written.update(dict.fromkeys(values.keys() - written.keys(), f"[{WIKIS_TABLE}]"))
                continue
            name = field_for_key(self.settings_cls, key)
            if name in config_file_only_fields(self.settings_cls):
                name = None  # only through [wikis]
            if name is None:
                if not isinstance(value, dict):
                    shown = shown_path(self.path)
                    _warn_once(self.path, key, f"ignoring unknown key {key!r} in {shown}")
                continue
            if name in values:
                raise ConfigError(
                    f"Invalid config file {self.path}: {written[name]} and {key} set the same "
                    f"setting ({env_names(self.settings_cls)[name][0]}); keep one"
                )
            values[name], written[name] = value, key
        _note("config file", values)
        return values

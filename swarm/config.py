"""Settings: every knob the code uses, where each value came from, and who may set what.

Precedence, highest first: values passed in (CLI options, `get_settings(**overrides)`) > the
process environment > the user's config file > the working folder's `.env` > defaults. A
`.env` is not the user: it may not set commands, endpoints or paths swarm writes to.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    AliasChoices,
    Field,
    PrivateAttr,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from swarm.errors import ConfigError
from swarm.named_wikis import (
    DEFAULT_WIKI_KEY,
    WIKI_NAME,
    WIKIS_TABLE,
    WikiChoice,
    check_default_wiki,
    check_wikis_table,
)
from swarm.settings_errors import describe_settings_error
from swarm.settings_fingerprint import settings_fingerprint
from swarm.settings_sources import (
    CONFIG_FILE_ONLY,
    DOTENV_FILE,
    TRUSTED_ONLY,
    ConfigFileSettingsSource,
    DotEnvWithoutCommandsSource,
    NotedSource,
    RefusedSetting,
    SettingSource,
    SourceRecord,
    config_file_path,
    current_record,
    env_names,
    recording,
)

__all__ = [
    "BRAIN1_WIKI_DIR",
    "Settings",
    "choose_wiki",
    "get_settings",
    "resolve_wiki_dir",
]

Backend = Literal["auto", "anthropic", "openai", "offline"]

# Read at call time through the module __getattr__ below (an annotation only, no value).
BRAIN1_WIKI_DIR: Path | None

DEFAULT_USER_AGENT = "swarm-wiki/0.1 (+https://pypi.org/project/swarm-wiki/; set SWARM_USER_AGENT)"


def _env(*names: str) -> AliasChoices:
    return AliasChoices(*names)


class Settings(BaseSettings):
    """All configuration. Environment names are the field names upper-cased with `SWARM_`
    in front, except the fixed ones in DESIGN.md (`BRAIN1_WIKI_DIR`, `ANTHROPIC_API_KEY`,
    `SWARM_MODEL`, `SEARXNG_URL`, `BRAVE_SEARCH_API_KEY`, ...). The config file takes the
    same names, or the field names (`wiki_dir`, `backend`).

    `source_of(name)` says where a value came from; `refused_from_dotenv` lists the `.env`
    entries that were ignored because a working folder may not set them."""

    model_config = SettingsConfigDict(
        env_prefix="SWARM_",
        env_file=DOTENV_FILE,
        env_file_encoding="utf-8",
        dotenv_filtering="only_existing",  # a .env's unknown names are not extras to validate
        extra="ignore",
        populate_by_name=True,
        # `model_timeout_s`, `model_max_retries` are settings, not pydantic's `model_` API;
        # pydantic-settings before 2.7 did not lift that namespace by itself.
        protected_namespaces=("settings_",),
    )

    # --- the wiki -------------------------------------------------------------------------
    wiki_dir: Path | None = Field(default=None, validation_alias=_env("BRAIN1_WIKI_DIR"))
    max_pages: int = Field(default=5, ge=1, le=20)
    page_excerpt_chars: int = Field(default=1500, ge=100)
    max_page_bytes: int = Field(default=2_000_000, ge=1024)
    max_index_bytes: int = Field(default=50_000_000, ge=1024)
    # Above either limit the selection prompt shows only the top BM25 candidates.
    selection_max_entries: int = Field(default=200, ge=1)
    selection_max_chars: int = Field(default=24_000, ge=2_000)
    selection_candidates: int = Field(default=40, ge=1)
    snippet_chars: int = Field(default=240, ge=0)
    stale_after_days: int = Field(default=180, ge=0)
    time_sensitive_stale_after_days: int = Field(default=30, ge=0)
    # Opt-in: a page with no date in its frontmatter is as old as its file's modification
    # time (off by default: a checkout or a sync tool resets mtimes, making old pages "new").
    stale_from_mtime: bool = False
    # `swarm chat` keeps the lines typed in `$XDG_STATE_HOME/swarm/chat_history`; false keeps
    # them in memory only (`--no-history` does the same for one chat).
    chat_history: bool = True
    # default: $XDG_CACHE_HOME/swarm or ~/.cache/swarm. We write there: never from a `.env`.
    cache_dir: Path | None = Field(default=None, json_schema_extra=TRUSTED_ONLY)

    # Named wikis: the config file's `[wikis]` table (`work = "~/brain/Wiki"`, `default =
    # "work"`) and nothing else. The aliases are how `swarm config` names them; they are no
    # environment names, and the environment and `.env` sources drop CONFIG_FILE_ONLY fields.
    wikis: dict[str, Path] = Field(
        default_factory=dict,
        validation_alias=_env(f"[{WIKIS_TABLE}]"),
        json_schema_extra=CONFIG_FILE_ONLY,
    )
    default_wiki: str | None = Field(
        default=None,
        validation_alias=_env(f"[{WIKIS_TABLE}].{DEFAULT_WIKI_KEY}"),
        json_schema_extra=CONFIG_FILE_ONLY,
    )

    # --- models ---------------------------------------------------------------------------
    backend: Backend = Field(default="auto", validation_alias=_env("SWARM_MODEL", "SWARM_BACKEND"))
    anthropic_api_key: SecretStr | None = Field(
        default=None, validation_alias=_env("ANTHROPIC_API_KEY")
    )
    anthropic_base_url: str | None = Field(
        default=None, validation_alias=_env("ANTHROPIC_BASE_URL")
    )
    anthropic_model: str = "claude-sonnet-5-5"
    anthropic_max_tokens: int = Field(default=1024, gt=0)
    # An OpenAI-compatible endpoint (Ollama, llama.cpp, vLLM, LM Studio, OpenAI itself). The
    # URL gets every prompt: like every `*_url`, never from a working folder's `.env`.
    openai_base_url: str | None = Field(default=None, validation_alias=_env("OPENAI_BASE_URL"))
    openai_api_key: SecretStr | None = Field(default=None, validation_alias=_env("OPENAI_API_KEY"))
    openai_model: str | None = None  # SWARM_OPENAI_MODEL; e.g. "llama3.1:8b" for Ollama
    # The chat model's context window in tokens (a small local model: 4096, 8192); bounds
    # the selection prompt and the excerpts so a prompt always fits. None: no extra bound.
    context_tokens: int | None = Field(default=None, ge=2048)
    # Hybrid ranking: page vectors from OPENAI_BASE_URL's /v1/embeddings under this model
    # (e.g. "nomic-embed-text" for Ollama), fused with BM25 by reciprocal rank. A model name,
    # so a `.env` may set it; the endpoint it goes to is OPENAI_BASE_URL's. None: BM25 only.
    embeddings_model: str | None = None  # SWARM_EMBEDDINGS_MODEL
    model_timeout_s: float = Field(default=30.0, gt=0)
    model_max_retries: int = Field(default=2, ge=0)

    # --- outside sources ------------------------------------------------------------------
    user_agent: str = DEFAULT_USER_AGENT
    web_search_enabled: bool = Field(default=True, validation_alias=_env("WEB_SEARCH_ENABLED"))
    wikipedia_fallback_enabled: bool = Field(
        default=True, validation_alias=_env("WIKIPEDIA_FALLBACK_ENABLED")
    )
    brave_search_api_key: SecretStr | None = Field(
        default=None, validation_alias=_env("BRAVE_SEARCH_API_KEY")
    )
    searxng_url: str | None = Field(default=None, validation_alias=_env("SEARXNG_URL"))
    stream_browser: bool = Field(default=False, validation_alias=_env("STREAM_BROWSER"))
    browser_helper_command: str | None = None  # SWARM_BROWSER_HELPER_COMMAND
    gemini_auth: Literal["", "oauth", "apikey"] = Field(
        default="", validation_alias=_env("GEMINI_AUTH")
    )
    gemini_api_key: SecretStr | None = Field(default=None, validation_alias=_env("GEMINI_API_KEY"))
    gemini_model: str = Field(default="gemini-2.5-flash", validation_alias=_env("GEMINI_MODEL"))
    gemini_cli_path: str | None = None  # SWARM_GEMINI_CLI_PATH; else PATH, ~/.local/bin/gemini

    fetch_timeout_s: float = Field(default=10.0, gt=0)
    max_fetch_bytes: int = Field(default=512 * 1024, gt=0)
    max_redirects: int = Field(default=3, ge=0)
    fence_max_chars: int = Field(default=1500, gt=0)
    cascade_wall_clock_s: float = Field(default=8.0, gt=0)
    total_wall_clock_s: float = Field(default=20.0, gt=0)
    realtime_timeout_s: float = Field(default=25.0, gt=0)
    wikipedia_timeout_s: float = Field(default=5.0, gt=0)
    wikipedia_min_timeout_s: float = Field(default=0.5, ge=0)
    research_budget_s: float = Field(default=45.0, gt=0)
    lookup_budget_s: float = Field(default=15.0, gt=0)
    research_fetch_concurrency: int = Field(default=4, ge=1)
    research_max_sources: int = Field(default=8, ge=1)

    _record: SourceRecord = PrivateAttr(default_factory=SourceRecord)

    def __init__(self, **values: Any) -> None:
        # The sources note where each value came from; `get_settings` hands in its own record
        # so it can name the source of a value that fails validation.
        record = current_record() or SourceRecord()
        with recording(record):
            super().__init__(**values)
        self._record = record

    @field_validator("wikis", mode="before")
    @classmethod
    def _check_wikis(cls, value: Any) -> Any:
        return check_wikis_table(value)

    @field_validator("default_wiki")
    @classmethod
    def _check_default_wiki(cls, value: str | None, info: ValidationInfo) -> str | None:
        return check_default_wiki(value, info.data.get("wikis"))

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # No secrets dir is configured, so `file_secret_settings` is left out.
        return (
            NotedSource(init_settings, "override"),
            NotedSource(env_settings, "env"),
            ConfigFileSettingsSource(settings_cls, config_file_path()),
            DotEnvWithoutCommandsSource(dotenv_settings),
        )

    def source_of(self, name: str) -> SettingSource:
        """Where the value of field `name` came from (`default` when nothing set it)."""
        if name not in type(self).model_fields:
            raise KeyError(f"no setting named {name!r}")
        return self._record.sources.get(name, "default")

    @property
    def refused_from_dotenv(self) -> tuple[RefusedSetting, ...]:
        """The `.env` entries ignored because a working folder may not set them."""
        return tuple(self._record.refused)

    @property
    def config_file(self) -> Path | None:
        """The user's config file these settings looked for (None: no home to look in)."""
        return self._record.config_file

    @property
    def config_file_found(self) -> bool:
        return self._record.config_file_found

    def anthropic_key(self) -> str | None:
        key = self.anthropic_api_key.get_secret_value() if self.anthropic_api_key else ""
        return key.strip() or None

    def openai_key(self) -> str | None:
        key = self.openai_api_key.get_secret_value() if self.openai_api_key else ""
        return key.strip() or None

    def brave_key(self) -> str | None:
        key = self.brave_search_api_key.get_secret_value() if self.brave_search_api_key else ""
        return key.strip() or None

    def effective_cache_dir(self) -> Path:
        if self.cache_dir is not None:
            return self.cache_dir
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        return Path(base) / "swarm"


# --- reading and checking settings ------------------------------------------------------------


def get_settings(**overrides: Any) -> Settings:
    """`Settings` from the current environment, config file and `.env`, with overrides.

    Without overrides, built once and rebuilt only when the environment (our names), the
    working folder, its `.env` or the config file changes (see `swarm.settings_fingerprint`).

    Raises `ConfigError` naming each invalid setting on its own line (no pydantic dump) and
    where it was set, and for a config file that can't be read or parsed.
    """
    global _BUILT
    fingerprint = None if overrides else _fingerprint()
    cached = _BUILT
    if fingerprint is not None and cached is not None and cached[0] == fingerprint:
        return cached[1].model_copy()  # a copy: a caller changing a field changes only its own
    record = SourceRecord()
    try:
        with recording(record):
            settings = Settings(**overrides)
    except ValidationError as error:
        raise ConfigError(describe_settings_error(Settings, error, record.sources)) from None
    if fingerprint is not None:
        _BUILT = (fingerprint, settings.model_copy())
    return settings


# Settings built once per process (issue 11: ~3 ms a build) and kept while `_fingerprint()`
# is unchanged: the environment, the working folder's .env and the config file.
_BUILT: tuple[object, Settings] | None = None


def _fingerprint() -> object:
    return settings_fingerprint(_our_names(), "SWARM_", DOTENV_FILE, config_file_path())


@cache
def _our_names() -> frozenset[str]:
    return frozenset(name.upper() for names in env_names(Settings).values() for name in names)


def choose_wiki(value: str | Path | None = None, settings: Settings | None = None) -> WikiChoice:
    """Which wiki `value` (`--wiki NAME|DIR`, `wiki_dir=`) means: a `[wikis]` name first,
    then a folder. Without one, `BRAIN1_WIKI_DIR` (a name too: a `.env` may pick one of the
    user's wikis), else `[wikis] default`.

    Raises `ConfigError` when nothing is configured, `IndexNotFound` for a name that is
    neither configured nor a folder."""
    from swarm.errors import IndexNotFound

    text = "" if value is None else str(value).strip()
    if not text:
        settings = settings or get_settings()
        if settings.wiki_dir is not None and str(settings.wiki_dir).strip():
            text = str(settings.wiki_dir).strip()
        elif settings.default_wiki is not None:
            text = settings.default_wiki
        else:
            raise ConfigError(
                "No wiki configured: set BRAIN1_WIKI_DIR to the folder that holds index.md "
                f"(or pass --wiki / wiki_dir=, or set [{WIKIS_TABLE}] default)."
            )
    if not WIKI_NAME.fullmatch(text):  # a "/", "." or "~" in it: only ever a path
        return WikiChoice(Path(text).expanduser())
    settings = settings or get_settings()
    if text in settings.wikis:
        return WikiChoice(Path(settings.wikis[text]).expanduser(), text)
    if not Path(text).exists():
        known = ", ".join(sorted(settings.wikis)) or "none configured"
        raise IndexNotFound(f"No wiki named {text!r} ([{WIKIS_TABLE}]: {known}), no folder {text}")
    return WikiChoice(Path(text))


def resolve_wiki_dir(wiki_dir: str | Path | None = None, settings: Settings | None = None) -> Path:
    """The folder that holds `index.md`, for `wiki_dir` as `choose_wiki` reads it (a
    `[wikis]` name or a folder; None: the configured wiki). A brain root holding
    `Wiki/index.md` is accepted.

    Raises `ConfigError` when nothing is configured, `IndexNotFound` when there is no index.
    """
    from swarm.errors import IndexNotFound

    choice = choose_wiki(wiki_dir, settings)
    root = choice.folder
    named = f" (wiki {choice.name!r})" if choice.name else ""
    for candidate in (root, root / "Wiki", root / "wiki"):
        if (candidate / "index.md").is_file():
            return candidate.resolve()
    if not root.exists():
        raise IndexNotFound(f"Wiki folder not found: {root}{named}")
    raise IndexNotFound(f"No index.md in {root} (nor in {root / 'Wiki'}){named}")


def __getattr__(name: str) -> Any:
    # `swarm.config.BRAIN1_WIKI_DIR` is read at call time, never frozen at import.
    if name == "BRAIN1_WIKI_DIR":
        return get_settings().wiki_dir
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

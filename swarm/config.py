"""Settings from the environment and `.env`, read at call time.

Every knob the code uses (model names, timeouts, limits, provider keys) lives here, so tests
and callers point elsewhere by setting an environment variable or passing a `Settings`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from swarm.errors import ConfigError

__all__ = [
    "BRAIN1_WIKI_DIR",
    "Settings",
    "describe_validation_error",
    "get_settings",
    "resolve_wiki_dir",
]

Backend = Literal["auto", "anthropic", "offline"]

# Read at call time through the module __getattr__ below (an annotation only, no value).
BRAIN1_WIKI_DIR: Path | None

DEFAULT_USER_AGENT = "swarm-wiki/0.1 (+https://pypi.org/project/swarm-wiki/; set SWARM_USER_AGENT)"


def _env(*names: str) -> AliasChoices:
    return AliasChoices(*names)


class Settings(BaseSettings):
    """All configuration. Environment names are the field names upper-cased with `SWARM_`
    in front, except the fixed ones in DESIGN.md (`BRAIN1_WIKI_DIR`, `ANTHROPIC_API_KEY`,
    `SWARM_MODEL`, `SEARXNG_URL`, `BRAVE_SEARCH_API_KEY`, ...)."""

    model_config = SettingsConfigDict(
        env_prefix="SWARM_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        populate_by_name=True,
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
    cache_dir: Path | None = None  # default: $XDG_CACHE_HOME/swarm or ~/.cache/swarm

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

    def resolved_backend(self) -> Literal["anthropic", "offline"]:
        """`auto` means Anthropic when a key is configured, else offline."""
        if self.backend == "auto":
            return "anthropic" if self.anthropic_key() else "offline"
        return self.backend

    def anthropic_key(self) -> str | None:
        key = self.anthropic_api_key.get_secret_value() if self.anthropic_api_key else ""
        return key.strip() or None

    def brave_key(self) -> str | None:
        key = self.brave_search_api_key.get_secret_value() if self.brave_search_api_key else ""
        return key.strip() or None

    def effective_cache_dir(self) -> Path:
        if self.cache_dir is not None:
            return self.cache_dir
        import os

        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        return Path(base) / "swarm"


def get_settings(**overrides: Any) -> Settings:
    """A fresh `Settings` from the current environment (and `.env`), with overrides.

    Raises `ConfigError` naming each invalid setting on its own line (no pydantic dump).
    """
    try:
        return Settings(**overrides)
    except ValidationError as error:
        raise ConfigError(describe_validation_error(error)) from None


def _setting_name(loc: tuple[int | str, ...]) -> str:
    """The environment variable a user sets for a field (`SWARM_MAX_PAGES`, `SWARM_MODEL`)."""
    name = str(loc[0]) if loc else "?"
    field = Settings.model_fields.get(name)
    alias = field.validation_alias if field is not None else None
    if isinstance(alias, AliasChoices) and alias.choices:
        return str(alias.choices[0])
    if field is None and name.isupper():
        return name  # pydantic already reports the alias it read
    return f"SWARM_{name.upper()}"


def describe_validation_error(error: ValidationError) -> str:
    """One line per invalid field: `Invalid setting SWARM_MAX_PAGES: ... (check ...)`."""
    lines = []
    for problem in error.errors(include_url=False):
        value = problem.get("input")
        shown = f" (got {str(value)[:40]!r})" if isinstance(value, (str, int, float)) else ""
        lines.append(
            f"Invalid setting {_setting_name(tuple(problem.get('loc', ())))}: "
            f"{problem.get('msg', 'invalid')}{shown} (check the environment / .env)"
        )
    return "\n".join(lines) or "Invalid settings (check the environment / .env)"


def resolve_wiki_dir(wiki_dir: str | Path | None = None, settings: Settings | None = None) -> Path:
    """The folder that holds `index.md`. A brain root holding `Wiki/index.md` is accepted.

    Raises `ConfigError` when nothing is configured, `IndexNotFound` when there is no index.
    """
    from swarm.errors import IndexNotFound

    if wiki_dir is None:
        wiki_dir = (settings or get_settings()).wiki_dir
    if wiki_dir is None or str(wiki_dir).strip() == "":
        raise ConfigError(
            "No wiki configured: set BRAIN1_WIKI_DIR to the folder that holds index.md "
            "(or pass --wiki / wiki_dir=)."
        )
    root = Path(wiki_dir).expanduser()
    for candidate in (root, root / "Wiki", root / "wiki"):
        if (candidate / "index.md").is_file():
            return candidate.resolve()
    if not root.exists():
        raise IndexNotFound(f"Wiki folder not found: {root}")
    raise IndexNotFound(f"No index.md in {root} (nor in {root / 'Wiki'})")


def __getattr__(name: str) -> Any:
    # `swarm.config.BRAIN1_WIKI_DIR` is read at call time, never frozen at import.
    if name == "BRAIN1_WIKI_DIR":
        return get_settings().wiki_dir
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

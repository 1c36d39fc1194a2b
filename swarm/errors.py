"""The exceptions swarm raises inside; public entry points turn them into honest results.

SwarmError
├── ConfigError            bad or missing configuration (says how to fix it)
├── WikiError              reading the local wiki
│   ├── IndexNotFound      no wiki folder or no index.md
│   ├── PageOutsideWiki    a page path that escapes the wiki dir (traversal, symlink)
│   └── PageUnreadable     not a file, too large, binary or undecodable
├── ModelError             a model call failed or returned something unusable
│   ├── ModelTimeout
│   └── ModelOutputError   output that isn't the JSON we asked for
└── FetchError             an outside request failed
    ├── BlockedURL         the SSRF guard refused a URL or a redirect hop
    ├── FetchTimeout       a wall-clock deadline passed
    └── ProviderHTTPError  a provider answered with an error status
"""

from __future__ import annotations

__all__ = [
    "BlockedURL",
    "describe_error",
    "ConfigError",
    "FetchError",
    "FetchTimeout",
    "IndexNotFound",
    "ModelError",
    "ModelOutputError",
    "ModelTimeout",
    "PageOutsideWiki",
    "PageUnreadable",
    "ProviderHTTPError",
    "SwarmError",
    "WikiError",
]


class SwarmError(Exception):
    """Base of every error swarm raises on purpose."""


class ConfigError(SwarmError):
    pass


class WikiError(SwarmError):
    pass


class IndexNotFound(WikiError):
    pass


class PageOutsideWiki(WikiError):
    def __init__(self, page: str, message: str | None = None) -> None:
        self.page = page
        super().__init__(message or f"page path leaves the wiki folder: {page!r}")


class PageUnreadable(WikiError):
    def __init__(self, page: str, reason: str) -> None:
        self.page = page
        self.reason = reason
        super().__init__(f"cannot read {page!r}: {reason}")


class ModelError(SwarmError):
    pass


class ModelTimeout(ModelError):
    pass


class ModelOutputError(ModelError):
    pass


class FetchError(SwarmError):
    def __init__(self, message: str, *, url: str | None = None) -> None:
        self.url = url
        super().__init__(message)


class BlockedURL(FetchError):
    pass


class FetchTimeout(FetchError):
    pass


class ProviderHTTPError(FetchError):
    def __init__(self, status_code: int, body: str = "", *, url: str | None = None) -> None:
        self.status_code = status_code
        self.body = body[:500]
        super().__init__(f"HTTP {status_code} from {url or 'provider'}", url=url)


def describe_error(error: BaseException, *, max_chars: int | None = None) -> str:
    """One line naming an exception for an `error` field: `Type: message` (or just `Type`)."""
    text = " ".join(str(error).split())
    line = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return line if max_chars is None else line[:max_chars]

"""The exceptions swarm raises inside; public entry points turn them into honest results.

SwarmError
├── ConfigError            bad or missing configuration (says how to fix it)
├── WikiError              reading the local wiki
│   ├── IndexNotFound      no wiki folder or no index.md
│   ├── PageOutsideWiki    a page path that escapes the wiki dir (traversal, symlink)
│   ├── PageUnreadable     not a file, too large, binary or undecodable
│   ├── PageNotFound       a page name that is not in index.md and no file either
│   └── NotAPage           a name that can be no page (empty, ambiguous, a folder, not .md)
├── ModelError             a model call failed or returned something unusable
│   ├── ModelTimeout
│   ├── ModelUnreachable   no connection to the model server (refused, no such host)
│   └── ModelOutputError   output that isn't the JSON we asked for
└── FetchError             an outside source could not be asked (carries `url`, `host`)
    ├── BlockedURL         the address guard refused a URL, a redirect hop or a DNS answer
    ├── HostNotFound       DNS could not resolve the host (no such name, no network)
    ├── ConnectFailed      the host's address was found but no connection could be made
    │   └── ConnectionRefused  the host actively refused the connection
    ├── FetchTimeout       a wall-clock deadline passed (or no time was left to ask)
    ├── ProviderHTTPError  a provider answered with an error status (`status_code`, `body`)
    ├── SearchBlocked      a search engine served its bot challenge instead of results
    └── MalformedResponse  a body that is not what was asked for (bad JSON, cut, corrupt)

"Nothing there" is not an error: a provider that asked and got an answer of "no such page /
no results" returns None or []; it raises a FetchError only when it could not ask. Every
FetchError has `reason`, a short honest phrase for an `error` field ("could not resolve host
en.wikipedia.org", "HTTP 500 from api.example"), free of query strings and credentials.
"""

from __future__ import annotations

from urllib.parse import urlsplit

__all__ = [
    "BlockedURL",
    "ConfigError",
    "ConnectFailed",
    "ConnectionRefused",
    "FetchError",
    "FetchTimeout",
    "HostNotFound",
    "IndexNotFound",
    "MalformedResponse",
    "ModelError",
    "ModelOutputError",
    "ModelTimeout",
    "ModelUnreachable",
    "NotAPage",
    "PageNotFound",
    "PageOutsideWiki",
    "PageUnreadable",
    "ProviderHTTPError",
    "SearchBlocked",
    "SwarmError",
    "WikiError",
    "describe_error",
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


class PageNotFound(WikiError):
    """No page of that name: not in index.md and no such file (or listed, its file missing)."""


class NotAPage(WikiError):
    """A name that can be no page of the wiki: empty, ambiguous, a folder, not a `.md` file."""


class ModelError(SwarmError):
    pass


class ModelTimeout(ModelError):
    pass


class ModelUnreachable(ModelError):
    """No connection could be made to the model server (refused, no such host): nothing
    answered, so `auto` may answer offline instead. Never an auth failure or a timeout."""


class ModelOutputError(ModelError):
    pass


class FetchError(SwarmError):
    """An outside source could not be asked; the leaves say why."""

    def __init__(self, message: str, *, url: str | None = None, host: str | None = None) -> None:
        self.url = url
        self._host = host
        super().__init__(message)

    @property
    def host(self) -> str:
        """The host that was asked ("" when unknown)."""
        return self._host or _host_of(self.url)

    @property
    def reason(self) -> str:
        """A short honest phrase for an `error` field, free of paths, queries and credentials."""
        return f"request to {self.host} failed" if self.host else "request failed"


class BlockedURL(FetchError):
    """The address guard refused a URL, a redirect hop or a DNS answer (private, local,
    non-web address, or a URL shape it will not vet)."""

    @property
    def reason(self) -> str:
        return f"blocked: {' '.join(str(self).split())[:200]}"


class HostNotFound(FetchError):
    """DNS could not resolve the host: no such name, no network, or an empty answer."""

    @property
    def reason(self) -> str:
        return f"could not resolve host {self.host}" if self.host else "could not resolve host"


class ConnectFailed(FetchError):
    """The host's address was found but no connection could be made (unreachable, reset,
    TLS handshake failed)."""

    @property
    def reason(self) -> str:
        return f"could not connect to {self.host}" if self.host else "could not connect"


class ConnectionRefused(ConnectFailed):
    """The host actively refused the connection (nothing listens on that port)."""

    @property
    def reason(self) -> str:
        return f"connection refused by {self.host}" if self.host else "connection refused"


class FetchTimeout(FetchError):
    """A wall-clock deadline passed before the answer arrived (or no time was left to ask)."""

    @property
    def reason(self) -> str:
        return f"timed out waiting for {self.host}" if self.host else "timed out"


class ProviderHTTPError(FetchError):
    """A provider answered with an error status; `status_code` and the first 500 characters
    of `body` say which."""

    def __init__(
        self, status_code: int, body: str = "", *, url: str | None = None, host: str | None = None
    ) -> None:
        self.status_code = status_code
        self.body = body[:500]
        super().__init__(f"HTTP {status_code} from {url or host or 'provider'}", url=url, host=host)

    @property
    def reason(self) -> str:
        return (
            f"HTTP {self.status_code} from {self.host}" if self.host else f"HTTP {self.status_code}"
        )


class SearchBlocked(FetchError):
    """A search engine served its bot-protection challenge instead of results."""

    @property
    def reason(self) -> str:
        return "blocked by a bot-challenge page"


class MalformedResponse(FetchError):
    """A body that is not what was asked for: invalid or unexpected JSON, cut at the size
    cap, or corrupt compression."""

    @property
    def reason(self) -> str:
        where = f" from {self.host}" if self.host else ""
        return f"malformed response{where}: {' '.join(str(self).split())[:120]}"


def _host_of(url: str | None) -> str:
    if not url:
        return ""
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def describe_error(error: BaseException, *, max_chars: int | None = None) -> str:
    """One line naming an exception for an `error` field: `Type: message` (or just `Type`)."""
    text = " ".join(str(error).split())
    line = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return line if max_chars is None else line[:max_chars]

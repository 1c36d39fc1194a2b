"""URL keys for deduplication, pure: `normalize_url` maps the same page found under two
spellings (http/https, www., mobile Wikipedia, tracking parameters) to one string.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

__all__ = ["normalize_url"]

_TRACKING_PARAMS = frozenset(
    {
        "fbclid",
        "gclid",
        "dclid",
        "msclkid",
        "yclid",
        "mc_cid",
        "mc_eid",
        "igshid",
        "ref",
        "ref_src",
        "ref_url",
        "_hsenc",
        "_hsmi",
        "spm",
        "si",
        "wprov",
    }
)
_TRACKING_PREFIXES = ("utm_",)


def _is_tracking_param(name: str) -> bool:
    lowered = name.lower()
    return lowered in _TRACKING_PARAMS or lowered.startswith(_TRACKING_PREFIXES)


def normalize_url(url: str) -> str:
    """A key under which the same page found twice compares equal: scheme and host lowercased,
    `http` treated as `https`, `www.` and Wikipedia's mobile hosts (`m.`, `en.m.`) mapped to the
    desktop host, default ports, fragment, trailing slash and tracking parameters dropped."""
    text = url.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return text.lower()
    if not parts.scheme or not parts.hostname:
        return text.lower()
    scheme = parts.scheme.lower()
    if scheme == "http":
        scheme = "https"
    host = parts.hostname.lower().rstrip(".")
    host = host.removeprefix("www.")
    if host.endswith(".wikipedia.org"):
        labels = host.split(".")
        if labels[0] == "m":  # m.wikipedia.org (rare, language-less)
            labels = labels[1:]
        elif len(labels) >= 4 and labels[1] == "m":  # en.m.wikipedia.org
            labels = [labels[0], *labels[2:]]
        host = ".".join(labels)
    netloc = host if port in (None, 80, 443) else f"{host}:{port}"
    path = parts.path.rstrip("/") or ""
    query = urlencode(
        sorted(
            (name, value)
            for name, value in parse_qsl(parts.query, keep_blank_values=True)
            if not _is_tracking_param(name)
        )
    )
    return urlunsplit((scheme, netloc, path, query, ""))

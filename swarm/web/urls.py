"""URL keys for deduplication, pure: `normalise_url` maps the same page found under two
spellings (http/https, www., mobile Wikipedia, tracking parameters) to one string.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

__all__ = ["normalise_url", "redact_url"]

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
# RFC 3986 sub-delims plus ":" and "@" stay literal in a path, as do the unreserved characters
# (which `quote` never escapes); everything else is percent-encoded with uppercase hex.
_SEGMENT_SAFE = ":@!$&'()*+,;="


def _is_tracking_param(name: str) -> bool:
    lowered = name.lower()
    return lowered in _TRACKING_PARAMS or lowered.startswith(_TRACKING_PREFIXES)


def _canonical_segment(segment: str) -> str:
    """One path segment decoded and re-encoded, so hex case, needlessly encoded characters
    and raw Unicode all come out one way; an encoded "/" stays encoded (it is not a separator)."""
    decoded = unquote(segment, errors="surrogateescape")
    return quote(decoded, safe=_SEGMENT_SAFE, errors="surrogateescape")


def normalise_url(url: str) -> str:
    """A key under which the same page found twice compares equal: scheme and host lowercased,
    `http` treated as `https`, `www.` and Wikipedia's mobile hosts (`m.`, `en.m.`) mapped to the
    desktop host, default ports, fragment, trailing slash and tracking parameters dropped, and
    the path's percent-encoding made canonical (`Café` = `Caf%C3%A9` = `Caf%c3%a9`, `(` =
    `%28`)."""
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
    path = "/".join(_canonical_segment(segment) for segment in parts.path.split("/"))
    path = path.rstrip("/") or ""
    query = urlencode(
        sorted(
            (name, value)
            for name, value in parse_qsl(parts.query, keep_blank_values=True)
            if not _is_tracking_param(name)
        )
    )
    return urlunsplit((scheme, netloc, path, query, ""))


def redact_url(url: str) -> str:
    """`url` with any userinfo (`user:password@`) replaced by `***@`, for messages."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "(unparseable URL)"
    if "@" not in parts.netloc:
        return url
    return urlunsplit(parts._replace(netloc="***@" + parts.netloc.rpartition("@")[2]))

"""Response bodies, bounded: stream-read at most `max_bytes` of decoded bytes (decompressing
with a capped output size, so a gzip bomb never expands in memory) and decode them to text.
"""

from __future__ import annotations

import codecs
import re
import zlib
from typing import Any

import httpx

from swarm.errors import MalformedResponse

__all__ = ["BoundedDecoder", "decode_text", "read_capped"]


class BoundedDecoder:
    """Content-Encoding decoding whose output per chunk is capped (httpx's decoders inflate
    a whole chunk at once: a 5 KB gzip chunk of zeros becomes 5 MB in memory)."""

    def __init__(self, content_encoding: str) -> None:
        encoding = content_encoding.strip().lower()
        self._raw_deflate_fallback = encoding == "deflate"
        self._inflater: Any = None
        if encoding in ("gzip", "x-gzip"):
            self._inflater = zlib.decompressobj(zlib.MAX_WBITS | 16)
        elif encoding == "deflate":
            self._inflater = zlib.decompressobj()
        elif encoding not in ("", "identity"):
            raise MalformedResponse(f"unsupported content-encoding {encoding!r}")

    def decode(self, data: bytes, max_out: int) -> bytes:
        if self._inflater is None:
            return data
        try:
            out: bytes = self._inflater.decompress(data, max_out)
        except zlib.error as exc:
            if not self._raw_deflate_fallback:
                raise MalformedResponse(f"corrupt compressed body: {exc}") from exc
            self._raw_deflate_fallback = False  # servers often send raw deflate
            self._inflater = zlib.decompressobj(-zlib.MAX_WBITS)
            return self.decode(data, max_out)
        self._raw_deflate_fallback = False
        return out

    def flush(self) -> bytes:
        return bytes(self._inflater.flush()) if self._inflater is not None else b""


async def read_capped(response: httpx.Response, max_bytes: int) -> tuple[bytes, bool]:
    """At most max_bytes of decoded body, and whether more was there."""
    try:  # responses built in memory (MockTransport) arrive already read and decoded
        preloaded: bytes | None = response.content
    except httpx.ResponseNotRead:
        preloaded = None
    if preloaded is not None:
        return preloaded[:max_bytes], len(preloaded) > max_bytes
    decoder = BoundedDecoder(response.headers.get("content-encoding", ""))
    body = bytearray()
    async for raw_chunk in response.aiter_raw():
        body += decoder.decode(raw_chunk, max_bytes - len(body) + 1)
        if len(body) > max_bytes:
            return bytes(body[:max_bytes]), True
    body += decoder.flush()
    return bytes(body[:max_bytes]), len(body) > max_bytes


_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.I)


def decode_text(body: bytes, response: httpx.Response) -> str:
    if body.startswith(codecs.BOM_UTF8):
        return body[len(codecs.BOM_UTF8) :].decode("utf-8", errors="replace")
    encoding = response.charset_encoding
    if encoding is None:
        meta = _META_CHARSET.search(body[:4096])
        encoding = meta.group(1).decode("ascii") if meta else "utf-8"
    try:
        codecs.lookup(encoding)
    except LookupError:
        encoding = "utf-8"
    return body.decode(encoding, errors="replace")

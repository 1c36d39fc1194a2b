"""Bodies (swarm/web/bodies.py) through fetch: byte caps on the wire and decoded, the bounded
decoder, content encodings, text decoding."""

from __future__ import annotations

import gzip
import zlib
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from guarded_http import mock_client

from swarm.errors import (
    FetchError,
)
from swarm.web.bodies import BoundedDecoder
from swarm.web.safe_http import (
    fetch,
)

KB = 1024


# --- bodies ------------------------------------------------------------------------------


class LazyBody:
    """A 5 MB body produced 64 KB at a time, counting what was actually produced."""

    def __init__(self, total: int = 5 * KB * KB, chunk: bytes = b"a" * (64 * KB)) -> None:
        self.total = total
        self.chunk = chunk
        self.produced = 0

    async def __aiter__(self) -> AsyncIterator[bytes]:
        while self.produced < self.total:
            self.produced += len(self.chunk)
            yield self.chunk


async def streamed(data: bytes, chunk_bytes: int = 1024) -> AsyncIterator[bytes]:
    """`data` delivered in chunks, as a real transport does (in-memory bytes arrive pre-read)."""
    for start in range(0, len(data), chunk_bytes):
        yield data[start : start + chunk_bytes]


async def test_five_megabyte_body_is_cut_at_512k_without_reading_it_all() -> None:
    body = LazyBody()
    async with mock_client(lambda r: httpx.Response(200, content=body)) as client:
        page = await fetch("http://big.example/", client=client)
    assert page.truncated is True
    assert len(page.text) == 512 * KB
    assert body.produced < 1024 * KB


async def test_gzip_bomb_is_cut_at_512k_decoded() -> None:
    bomb = gzip.compress(b"\0" * (5 * KB * KB))
    assert len(bomb) < 10 * KB

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=streamed(bomb), headers={"Content-Encoding": "gzip"})

    async with mock_client(handler) as client:
        page = await fetch("http://bomb.example/", client=client)
    assert page.truncated is True
    assert len(page.text) == 512 * KB


def test_bounded_decoder_never_inflates_past_its_budget() -> None:
    bomb = gzip.compress(b"\0" * (5 * KB * KB))
    decoder = BoundedDecoder("gzip")
    assert len(decoder.decode(bomb, 1000)) == 1000


@pytest.mark.parametrize(
    ("encoding", "encode"),
    [
        ("gzip", gzip.compress),
        ("deflate", zlib.compress),
        ("deflate", lambda b: zlib.compress(b)[2:-4]),  # raw deflate, no zlib header
        ("identity", lambda b: b),
    ],
    ids=["gzip", "deflate-zlib", "deflate-raw", "identity"],
)
async def test_small_encoded_bodies_decode_whole(encoding: str, encode: Any) -> None:
    text = "héllo wörld " * 100

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200,
            content=streamed(encode(text.encode()), chunk_bytes=7),
            headers={"Content-Encoding": encoding, "Content-Type": "text/html; charset=utf-8"},
        )

    async with mock_client(handler) as client:
        page = await fetch("http://small.example/", client=client)
    assert (page.text, page.truncated, page.content_type) == (
        text,
        False,
        "text/html; charset=utf-8",
    )


async def test_body_exactly_at_the_cap_is_not_truncated() -> None:
    async with mock_client(lambda r: httpx.Response(200, content=b"x" * 100)) as client:
        page = await fetch("http://exact.example/", client=client, max_bytes=100)
    assert (len(page.text), page.truncated) == (100, False)


async def test_unsupported_content_encoding_is_a_fetch_error() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200, content=streamed(b"\x1b\x00"), headers={"Content-Encoding": "br"}
        )

    async with mock_client(handler) as client:
        with pytest.raises(FetchError, match="content-encoding"):
            await fetch("http://br.example/", client=client)


@pytest.mark.parametrize(
    ("headers", "body", "expected"),
    [
        ({"Content-Type": "text/html; charset=iso-8859-1"}, "café".encode("latin-1"), "café"),
        ({"Content-Type": "text/html"}, b'<meta charset="windows-1252">caf\xe9', "café"),
        ({"Content-Type": "text/html; charset=bogus"}, "café".encode(), "café"),
        ({}, b"\xef\xbb\xbfbom", "bom"),
        ({}, b"bad \xff byte", "bad \ufffd byte"),
    ],
    ids=["header-charset", "meta-charset", "unknown-charset", "utf8-bom", "invalid-bytes"],
)
async def test_text_decoding(headers: dict[str, str], body: bytes, expected: str) -> None:
    async with mock_client(lambda r: httpx.Response(200, content=body, headers=headers)) as c:
        page = await fetch("http://enc.example/", client=c)
    assert page.text.endswith(expected)

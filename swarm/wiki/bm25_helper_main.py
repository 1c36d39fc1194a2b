"""The helper process of a large first build (`swarm.wiki.bm25_helper`):

    python -m swarm.wiki.bm25_helper_main SPEC.json FOLDER

reads the pages SPEC lists, encodes and counts them as the parent would, and writes the
chunks and its vocabulary to FOLDER/chunks.npz (through a temporary name and a rename)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from swarm.wiki.bm25_index import CorpusEncoder, count_pages
from swarm.wiki.bm25_layout import write_chunks
from swarm.wiki.index import PageEntry

__all__ = ["main"]


def main(argv: list[str]) -> int:
    spec_path, folder = Path(argv[0]), Path(argv[1])
    spec = json.loads(spec_path.read_text(encoding="utf-8"))
    entries = [PageEntry(*map(str, row)) for row in spec["entries"]]
    encoder = CorpusEncoder()
    chunks = count_pages(Path(spec["wiki_dir"]), entries, int(spec["max_page_bytes"]), encoder)
    staging = folder / "chunks.tmp"
    write_chunks(staging, chunks, list(encoder.vocab))
    os.replace(staging, folder / "chunks.npz")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

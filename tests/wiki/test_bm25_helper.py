"""Whether a first build starts its helper process: the cores this process may use and a
sample of what they did (`swarm.wiki.bm25_helper`)."""

from __future__ import annotations

import os
import sys

import pytest

from swarm.wiki.bm25_helper import CoreSample, core_is_idle, usable_cores


def test_usable_cores_are_within_the_machines() -> None:
    assert 1 <= usable_cores() <= (os.cpu_count() or 1)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/stat is Linux's")
def test_a_sample_gives_the_spare_cores_between_none_and_all_but_ours() -> None:
    sample = CoreSample()
    total = sum(range(200_000))  # some work of this process's own inside the window
    spare = sample.spare_cores()
    assert total > 0
    assert spare is not None
    # This process counts as one busy core: at most the other cores are spare (a clock
    # tick more or less), and at worst (every core busy, this one too) none is and this
    # one's is missing.
    assert -1.0 <= spare <= usable_cores()
    assert isinstance(core_is_idle(CoreSample()), bool)

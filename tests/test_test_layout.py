"""The test tree itself: modules are imported by basename (pytest's default import mode, no
`__init__.py` under tests/), so two test modules, or a test module and a helper, must never
share one."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_modules_share_a_basename() -> None:
    names = Counter(path.name for path in TESTS.rglob("*.py") if "fixtures" not in path.parts)
    assert [name for name, count in names.items() if count > 1 and name != "conftest.py"] == []


def test_the_tests_are_not_a_package() -> None:
    assert list(TESTS.rglob("__init__.py")) == []

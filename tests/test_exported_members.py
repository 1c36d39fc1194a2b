"""The public API of `swarm`: `__all__` is exactly the public names the package holds, sorted
(httpx's tests/test_exported_members.py), each one the object its home module defines."""

from __future__ import annotations

from types import ModuleType

import pytest

import swarm
from swarm.margot_bot import TurnResult, handle_turn
from swarm.research import research_topic
from swarm.tools import lookup
from swarm.wiki_query import WikiQueryResult, aquery, query

# Names a module holds that are not API: the future import and the type-checking switch.
NOT_API = {"annotations", "TYPE_CHECKING"}


def test_all_public_names_are_exported() -> None:
    for name in swarm.__all__:  # the facade loads lazily: touch each name once
        getattr(swarm, name)
    submodules = {name for name, value in vars(swarm).items() if isinstance(value, ModuleType)}
    assert swarm.__all__ == sorted(
        (
            member
            for member in vars(swarm)
            if not member.startswith("_") and member not in NOT_API | submodules
        ),
        key=str.casefold,
    )


def test_the_public_names_are_their_home_modules_objects() -> None:
    assert swarm.aquery is aquery and swarm.query is query
    assert swarm.WikiQueryResult is WikiQueryResult
    assert swarm.handle_turn is handle_turn and swarm.TurnResult is TurnResult
    assert swarm.lookup is lookup and swarm.research_topic is research_topic


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = swarm.no_such_name  # type: ignore[attr-defined]

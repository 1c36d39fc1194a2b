"""A chat model's raw reply, bounded and parsed leniently into validated JSON.

Everything here is pure (no model call): the size and nesting bounds every reply passes before
a parser sees it, JSON found in tool input, fences or prose, and validation against a schema.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from swarm.errors import ModelOutputError

__all__ = [
    "MAX_REPLY_BYTES",
    "MAX_REPLY_DEPTH",
    "ChatReply",
    "check_reply_size",
    "check_reply_text",
    "parse_json_object",
    "validated_reply",
]


@dataclass(frozen=True, slots=True)
class ChatReply:
    """A chat model's reply: its text, and the forced tool's input when a tool was asked for."""

    text: str
    tool_input: dict[str, Any] | None = None


# --- bounds on a raw reply ----------------------------------------------------------------

# A real reply is a few KB (max_tokens bounds it); anything past these is refused before any
# JSON parser sees it: Python's parsers recurse, so a deep enough reply raises RecursionError.
MAX_REPLY_BYTES = 256 * 1024
MAX_REPLY_DEPTH = 64

# A JSON string (skipped whole, brackets inside it don't nest) or one bracket.
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def check_reply_text(text: str) -> None:
    """Refuse reply text over `MAX_REPLY_BYTES` or with JSON nested over `MAX_REPLY_DEPTH`.

    Raises `ModelOutputError` ("reply too large" / "reply nested too deeply")."""
    check_reply_size(text)
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        bracket = match.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_REPLY_DEPTH:
                raise _too_deep()
        elif bracket in "]}":
            depth = max(0, depth - 1)


def check_reply_size(text: str) -> None:
    if len(text) > MAX_REPLY_BYTES:
        raise ModelOutputError(
            f"reply too large ({len(text) // 1024} KB; the limit is {MAX_REPLY_BYTES // 1024} KB)"
        )


def _too_deep() -> ModelOutputError:
    return ModelOutputError(f"reply nested too deeply (over {MAX_REPLY_DEPTH} levels of JSON)")


def _check_value(value: Any) -> None:
    """The same bounds on an already-parsed value (a tool input), walked without recursion."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, dict | list):
            continue
        if depth > MAX_REPLY_DEPTH:
            raise _too_deep()
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children)
    check_reply_text(json.dumps(value, ensure_ascii=False, default=str))


# --- lenient JSON extraction --------------------------------------------------------------

_FENCED_BLOCK = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n?(.*?)```", re.DOTALL)


def _json_candidates(text: str) -> list[dict[str, Any]]:
    """Every JSON object found in `text`: whole, inside ``` fences, then embedded in prose."""
    found: list[dict[str, Any]] = []

    def try_load(chunk: str) -> None:
        try:
            value = json.loads(chunk)
        except ValueError:
            return
        except RecursionError:  # nesting the bracket count could not see (inside prose quotes)
            raise _too_deep() from None
        if isinstance(value, dict):
            found.append(value)

    stripped = text.strip()
    if not stripped:
        return found
    try_load(stripped)
    for block in _FENCED_BLOCK.findall(stripped):
        try_load(block.strip())
    decoder = json.JSONDecoder()
    start = stripped.find("{")
    while start != -1:
        try:
            value, end = decoder.raw_decode(stripped, start)
        except RecursionError:
            raise _too_deep() from None
        except ValueError:
            start = stripped.find("{", start + 1)
            continue
        if isinstance(value, dict):
            found.append(value)
        start = stripped.find("{", end)
    return found


def parse_json_object(reply: ChatReply) -> list[dict[str, Any]]:
    """The candidate objects in a reply, best first: the tool input, then JSON in the text.

    Raises `ModelOutputError` for a reply too large or too deeply nested to parse."""
    if reply.tool_input is not None:
        _check_value(reply.tool_input)
    check_reply_text(reply.text)
    candidates = [reply.tool_input] if isinstance(reply.tool_input, dict) else []
    return candidates + _json_candidates(reply.text)


_Model = TypeVar("_Model", bound=BaseModel)


def validated_reply(reply: ChatReply, schema: type[_Model], what: str) -> _Model:
    candidates = parse_json_object(reply)
    for candidate in candidates:
        try:
            return schema.model_validate(candidate)
        except ValidationError:
            continue
    if not candidates:
        raise ModelOutputError(f"the model's {what} was not JSON")
    raise ModelOutputError(f"the model's {what} did not have the expected fields")

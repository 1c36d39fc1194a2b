"""Reading an OpenAI-compatible server's reply: the forced function call's arguments, or the
JSON in its text (`<think>` blocks dropped, a call written out as text unwrapped), and the
schema check and messages of the corrective retry. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from typing import Any

from swarm.errors import ModelOutputError
from swarm.models.chat_replies import ChatReply, parse_json_object
from swarm.models.prompts import ToolSpec

__all__ = ["corrective", "fits", "reply_from_completion", "strip_reasoning", "text_mode_rule"]


# --- structured output across servers -------------------------------------------------------

_THINK_BLOCK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)
_THINK_OPEN = re.compile(r"<(think|thinking|reasoning)>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</(think|thinking|reasoning)>", re.IGNORECASE)


def strip_reasoning(text: str) -> str:
    """`text` without reasoning blocks: `<think>…</think>` removed, a reply whose template
    emitted only the closing tag cut after it, an unclosed `<think>` (cut by max_tokens)
    dropped to the end."""
    text = _THINK_BLOCK.sub("", text)
    closes = list(_THINK_CLOSE.finditer(text))
    if closes:
        text = text[closes[-1].end() :]
    opened = _THINK_OPEN.search(text)
    if opened:
        text = text[: opened.start()]
    return text.strip()


def reply_from_completion(completion: Any, tool: ToolSpec | None) -> ChatReply:
    choices = completion.get("choices") if isinstance(completion, dict) else None
    first = choices[0] if isinstance(choices, list) and choices else None
    message = first.get("message") if isinstance(first, dict) else None
    if not isinstance(message, dict):
        raise ModelOutputError("the model server's reply held no message")
    content = message.get("content")
    text = strip_reasoning(content) if isinstance(content, str) else ""
    tool_input: dict[str, Any] | None = None
    for call in message.get("tool_calls") or []:
        function = call.get("function") if isinstance(call, dict) else None
        if tool is None or not isinstance(function, dict):
            continue
        if function.get("name") not in (tool["name"], None):
            continue
        tool_input = _arguments(function.get("arguments"))
        if tool_input is not None:
            break
    if tool is not None and tool_input is None:
        tool_input = _tool_call_in_text(text, tool)
    return ChatReply(text=text, tool_input=tool_input)


def _arguments(arguments: Any) -> dict[str, Any] | None:
    """A function call's arguments: a JSON string per the spec, a dict from some servers."""
    if isinstance(arguments, dict):
        return arguments
    if not isinstance(arguments, str):
        return None
    candidates = parse_json_object(ChatReply(text=strip_reasoning(arguments)))
    return candidates[0] if candidates else None


def _tool_call_in_text(text: str, tool: ToolSpec) -> dict[str, Any] | None:
    """Small models often write the call itself as text: `{"name": "answer", "arguments":
    {...}}`. Its arguments are the tool input; any other JSON in the text is left to the
    chat path."""
    for candidate in parse_json_object(ChatReply(text=text)):
        inner = candidate.get("arguments", candidate.get("parameters"))
        if candidate.get("name") == tool["name"] and isinstance(inner, dict | str):
            found = _arguments(inner)
            if found is not None:
                return found
    return None


_JSON_TYPES: dict[str, type | tuple[type, ...]] = {"string": str, "array": list, "object": dict}


def fits(reply: ChatReply, tool: ToolSpec) -> bool:
    """Whether some object in the reply holds the tool schema's required content fields
    (strings, arrays, objects, with those types; flags may be missing) — the cue for the
    corrective retry. The chat path's pydantic models still decide what is usable."""
    schema = tool["input_schema"]
    properties = schema.get("properties", {})
    needed = {
        name: _JSON_TYPES[kind]
        for name in schema.get("required", [])
        if (kind := properties.get(name, {}).get("type")) in _JSON_TYPES
    }
    for candidate in parse_json_object(reply):
        if all(isinstance(candidate.get(name), kind) for name, kind in needed.items()):
            return True
    return False


def _fields(tool: ToolSpec) -> str:
    properties = tool["input_schema"].get("properties", {})
    return ", ".join(f"{name} ({spec.get('type', 'any')})" for name, spec in properties.items())


def text_mode_rule(tool: ToolSpec) -> str:
    return (
        f"No tools are available: instead of calling the {tool['name']} tool, reply with only "
        f"one JSON object with these keys: {_fields(tool)}. No other text."
    )


def corrective(tool: ToolSpec) -> str:
    return (
        "Your reply was not the JSON asked for. Reply again with only one JSON object with "
        f"these keys: {_fields(tool)}. No other text, no code fence."
    )

"""The tool registry: `@tool` declares a model-callable tool, the registry serves its schema.

`get_tools_for_user` gives the Anthropic tool definitions a model may call under the current
settings; `call_tool` validates a model's arguments and runs the handler, never raising.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import SecretStr

from swarm.config import Settings, get_settings
from swarm.errors import describe_error

__all__ = [
    "Requirement",
    "ToolDefinition",
    "ToolHandler",
    "call_tool",
    "get_tool",
    "get_tools_for_user",
    "registered_tools",
    "tool",
    "validate_arguments",
]

logger = logging.getLogger(__name__)

# A handler gets the validated arguments as keywords plus `context=` and `settings=`.
ToolHandler = Callable[..., Awaitable[dict[str, Any]]]
# A Settings attribute name that must be set (truthy), or a predicate over the settings.
Requirement = str | Callable[[Settings], bool]

_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list, tuple),
    "object": (dict,),
    "null": (type(None),),
}

# The modules whose import registers the built-in tools (loaded on first use, not at import,
# so `swarm.tools.registry` stays cheap and free of import cycles).
_BUILTIN_MODULES = ("swarm.tools.builtin",)


@dataclass(frozen=True, slots=True)
class ToolDefinition:
    """One model-callable tool: its schema, its handler and what it needs configured."""

    name: str
    description: str
    parameters: Mapping[str, Mapping[str, Any]]
    required: tuple[str, ...]
    handler: ToolHandler
    requires: Requirement | None = None
    extra_schema: Mapping[str, Any] = field(default_factory=dict)

    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the tool's arguments."""
        return {
            "type": "object",
            "properties": {name: dict(spec) for name, spec in self.parameters.items()},
            "required": list(self.required),
            "additionalProperties": False,
            **self.extra_schema,
        }

    def to_anthropic(self) -> dict[str, Any]:
        """The definition in the Anthropic Messages `tools=` format."""
        return {
            "name": self.name,
            "description": self.description,
            "input_schema": self.input_schema(),
        }

    def is_available(self, settings: Settings) -> bool:
        """True when what the tool `requires` is configured (always, when it needs nothing)."""
        return requirement_met(self.requires, settings)


_REGISTRY: dict[str, ToolDefinition] = {}


def tool(
    name: str,
    description: str,
    parameters: Mapping[str, Mapping[str, Any]],
    required: Sequence[str] = (),
    requires: Requirement | None = None,
) -> Callable[[ToolHandler], ToolHandler]:
    """Register the decorated async function as the tool `name` (the function is unchanged).

    `parameters` maps each argument to its JSON Schema; `requires` names a Settings field that
    must be set (e.g. "searxng_url") or is a predicate over the settings.
    """
    unknown = [key for key in required if key not in parameters]
    if unknown:
        raise ValueError(f"tool {name!r}: required arguments {unknown} are not parameters")

    def register(handler: ToolHandler) -> ToolHandler:
        _REGISTRY[name] = ToolDefinition(
            name=name,
            description=" ".join(description.split()),
            parameters={key: dict(spec) for key, spec in parameters.items()},
            required=tuple(required),
            handler=handler,
            requires=requires,
        )
        return handler

    return register


def requirement_met(requires: Requirement | None, settings: Settings) -> bool:
    if requires is None:
        return True
    if callable(requires):
        try:
            return bool(requires(settings))
        except Exception:  # a broken predicate hides its tool rather than breaking the list
            logger.exception("tool requirement predicate failed")
            return False
    value = getattr(settings, requires, None)
    if isinstance(value, SecretStr):
        value = value.get_secret_value()
    if isinstance(value, str):
        return bool(value.strip())
    return bool(value)


def _load_builtins() -> None:
    for module in _BUILTIN_MODULES:
        importlib.import_module(module)


def registered_tools() -> list[ToolDefinition]:
    """Every registered tool, available or not, in registration order."""
    _load_builtins()
    return list(_REGISTRY.values())


def get_tool(name: str) -> ToolDefinition | None:
    _load_builtins()
    return _REGISTRY.get(name)


def get_tools_for_user(settings: Settings | None = None) -> list[dict[str, Any]]:
    """The Anthropic tool definitions a model may call with these settings."""
    settings = settings or get_settings()
    return [
        definition.to_anthropic()
        for definition in registered_tools()
        if definition.is_available(settings)
    ]


def _type_matches(value: object, json_type: str) -> bool:
    # bool is an int in Python but not in JSON Schema.
    if json_type in ("integer", "number") and isinstance(value, bool):
        return False
    if json_type == "number" and isinstance(value, float) and value != value:  # NaN
        return False
    return isinstance(value, _JSON_TYPES.get(json_type, (object,)))


def _check_value(name: str, value: object, spec: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []
    expected = spec.get("type")
    if expected is not None:
        types = [expected] if isinstance(expected, str) else list(expected)
        if not any(_type_matches(value, json_type) for json_type in types):
            problems.append(f"{name!r} must be {' or '.join(types)}, got {type(value).__name__}")
            return problems
    if "enum" in spec and value not in spec["enum"]:
        allowed = ", ".join(repr(option) for option in spec["enum"])
        problems.append(f"{name!r} must be one of {allowed}, got {value!r}")
    if isinstance(value, str):
        if len(value.strip()) < spec.get("minLength", 0):
            problems.append(f"{name!r} must not be empty")
        if "maxLength" in spec and len(value) > spec["maxLength"]:
            problems.append(f"{name!r} is longer than {spec['maxLength']} characters")
    if isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in spec and value < spec["minimum"]:
            problems.append(f"{name!r} must be >= {spec['minimum']}")
        if "maximum" in spec and value > spec["maximum"]:
            problems.append(f"{name!r} must be <= {spec['maximum']}")
    return problems


def validate_arguments(definition: ToolDefinition, arguments: object) -> list[str]:
    """Problems with a model's arguments (empty when valid): a small subset of JSON Schema —
    required keys, no unknown keys, type, enum, string length and number bounds."""
    if not isinstance(arguments, Mapping):
        return [f"arguments must be an object, got {type(arguments).__name__}"]
    problems = [
        f"missing required argument {key!r}" for key in definition.required if key not in arguments
    ]
    for key, value in arguments.items():
        spec = definition.parameters.get(str(key))
        if spec is None:
            problems.append(f"unknown argument {key!r}")
            continue
        problems.extend(_check_value(str(key), value, spec))
    return problems


def _error(message: str) -> dict[str, Any]:
    return {"success": False, "error": message}


async def call_tool(
    name: str,
    arguments: object,
    *,
    context: object | None = None,
    settings: Settings | None = None,
) -> dict[str, Any]:
    """Run the tool `name` with a model's `arguments`; bad calls and failures become
    `{"success": False, "error": ...}` (this never raises)."""
    try:
        settings = settings or get_settings()
        definition = get_tool(name)
        if definition is None:
            known = ", ".join(sorted(_REGISTRY)) or "none"
            return _error(f"unknown tool {name!r}; available tools: {known}")
        if not definition.is_available(settings):
            return _error(f"tool {name!r} is not available: it needs {definition.requires!r}")
        problems = validate_arguments(definition, arguments)
        if problems:
            return _error(f"invalid arguments for {name!r}: " + "; ".join(problems))
        assert isinstance(arguments, Mapping)  # checked by validate_arguments
        kwargs = {str(key): value for key, value in arguments.items()}
        return await definition.handler(**kwargs, context=context, settings=settings)
    except Exception as exc:  # the model gets an honest error, the caller no exception
        logger.exception("tool %r failed", name)
        return _error(f"tool {name!r} failed: {describe_error(exc)}")

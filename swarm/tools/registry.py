"""The tool registry: `@tool` declares a model-callable tool once, and everything else derives
from that declaration: the Anthropic `tools=` schema, the MCP tool, the argument check.

`get_tools_for_user` gives the Anthropic tool definitions a model may call under the current
settings; `call_tool` validates a model's arguments with the tool's argument model and runs
the handler, never raising.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pydantic import SecretStr, ValidationError

from swarm.config import Settings, get_settings
from swarm.errors import describe_error
from swarm.tools.schemas import ToolArguments, ToolResult

if TYPE_CHECKING:
    from swarm.research.providers import Providers
    from swarm.tools.context import ToolContext

__all__ = [
    "Requirement",
    "ToolDefinition",
    "ToolHandler",
    "call_tool",
    "describe_validation_error",
    "get_tool",
    "get_tools_for_user",
    "registered_tools",
    "remove_tool",
    "tool",
]

logger = logging.getLogger(__name__)

ArgumentsT = TypeVar("ArgumentsT", bound=ToolArguments)
ResultT = TypeVar("ResultT", bound=ToolResult)
# A handler gets the validated argument model plus `context=`, `settings=` and `providers=`.
ToolHandler = Callable[..., Awaitable[ResultT]]
# A Settings attribute name that must be set (truthy), or a predicate over the settings.
Requirement = str | Callable[[Settings], bool]

# The modules whose import registers the built-in tools (loaded on first use, not at import,
# so `swarm.tools.registry` stays cheap and free of import cycles).
_BUILTIN_MODULES = ("swarm.tools.builtin",)


@dataclass(frozen=True, slots=True)
class ToolDefinition(Generic[ArgumentsT, ResultT]):
    """One model-callable tool: its name and words, its argument model and result type, its
    handler, what it needs configured and its MCP annotations."""

    name: str
    title: str
    description: str
    arguments: type[ArgumentsT]
    result: type[ResultT]
    handler: Callable[..., Awaitable[ResultT]]
    requires: Requirement | None = None
    open_world: bool = True  # reaches outside the machine (all of them are read-only)

    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the tool's arguments, from its argument model."""
        return self.arguments.model_json_schema()

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

    async def run(
        self,
        arguments: ArgumentsT,
        *,
        context: ToolContext | None = None,
        settings: Settings | None = None,
        providers: Providers | None = None,
    ) -> ResultT:
        """The handler on already validated arguments (the MCP door and `call_tool` use it)."""
        return await self.handler(
            arguments, context=context, settings=settings, providers=providers
        )


_REGISTRY: dict[str, ToolDefinition[Any, Any]] = {}


def tool(
    name: str,
    *,
    title: str,
    description: str,
    arguments: type[ArgumentsT],
    result: type[ResultT],
    requires: Requirement | None = None,
    open_world: bool = True,
) -> Callable[[ToolHandler[ResultT]], ToolHandler[ResultT]]:
    """Register the decorated async function as the tool `name` (the function is unchanged).

    `arguments` is the pydantic model of what a model may send, `result` the type the handler
    returns; `requires` names a Settings field that must be set (e.g. "wiki_dir") or is a
    predicate over the settings.
    """

    def register(handler: ToolHandler[ResultT]) -> ToolHandler[ResultT]:
        _REGISTRY[name] = ToolDefinition(
            name=name,
            title=title,
            description=" ".join(description.split()),
            arguments=arguments,
            result=result,
            handler=handler,
            requires=requires,
            open_world=open_world,
        )
        return handler

    return register


def remove_tool(name: str) -> None:
    """Forget the tool `name` (a tool registered for a test, say); unknown names are ignored."""
    _REGISTRY.pop(name, None)


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


def registered_tools() -> list[ToolDefinition[Any, Any]]:
    """Every registered tool, available or not, in registration order."""
    _load_builtins()
    return list(_REGISTRY.values())


def get_tool(name: str) -> ToolDefinition[Any, Any] | None:
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


def describe_validation_error(error: ValidationError) -> str:
    """A model's bad arguments in one line, one clause per problem: "missing required argument
    'query'; 'depth' must be one of 'quick', 'deep'"."""
    return "; ".join(_problem(detail) for detail in error.errors(include_url=False))


def _problem(detail: Mapping[str, Any]) -> str:
    name = ".".join(str(part) for part in detail.get("loc", ()))
    kind = str(detail.get("type", ""))
    context = detail.get("ctx") or {}
    if kind == "missing":
        return f"missing required argument {name!r}"
    if kind == "extra_forbidden":
        return f"unknown argument {name!r}"
    if kind == "model_type" or not name:
        return f"arguments must be an object, got {type(detail.get('input')).__name__}"
    if kind == "string_too_short":
        return f"{name!r} must not be empty"
    if kind == "string_too_long":
        return f"{name!r} is longer than {context.get('max_length')} characters"
    if kind == "literal_error":
        return f"{name!r} must be one of {context.get('expected')}, got {detail.get('input')!r}"
    expected = kind.removesuffix("_type")
    if kind.endswith("_type"):
        shown = {"str": "string", "bool": "boolean", "int": "integer", "float": "number"}
        got = type(detail.get("input")).__name__
        return f"{name!r} must be {shown.get(expected, expected)}, got {got}"
    return f"{name!r}: {detail.get('msg', kind)}"


def _error(message: str) -> dict[str, Any]:
    return {"success": False, "error": message}


async def call_tool(
    name: str,
    arguments: object,
    *,
    context: ToolContext | None = None,
    settings: Settings | None = None,
    providers: Providers | None = None,
) -> dict[str, Any]:
    """Run the tool `name` with a model's `arguments`; bad calls and failures become
    `{"success": False, "error": ...}` (this never raises). `providers` replaces the outside
    sources (tests pass fakes); the result is the tool's typed result, dumped."""
    try:
        settings = settings or get_settings()
        definition = get_tool(name)
        if definition is None:
            known = ", ".join(sorted(_REGISTRY)) or "none"
            return _error(f"unknown tool {name!r}; available tools: {known}")
        if not definition.is_available(settings):
            return _error(f"tool {name!r} is not available: it needs {definition.requires!r}")
        try:
            validated = definition.arguments.model_validate(arguments)
        except ValidationError as invalid:
            return _error(f"invalid arguments for {name!r}: {describe_validation_error(invalid)}")
        result = await definition.run(
            validated, context=context, settings=settings, providers=providers
        )
        dumped: dict[str, Any] = result.model_dump()
        return dumped
    except Exception as exc:  # the model gets an honest error, the caller no exception
        logger.exception("tool %r failed", name)
        return _error(f"tool {name!r} failed: {describe_error(exc)}")

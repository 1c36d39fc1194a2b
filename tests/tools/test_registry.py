"""The tool registry: Anthropic schemas, availability by configuration, argument checks."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import jsonschema
import pytest
from conftest import FIXTURES
from pydantic import Field, SecretStr

from swarm.config import Settings
from swarm.research import Providers
from swarm.tools import (
    call_tool,
    get_tool,
    get_tools_for_user,
    registered_tools,
    remove_tool,
    tool,
)
from swarm.tools.schemas import ToolArguments, ToolResult
from swarm.web.types import Article, SearchHit

BUILTIN_NAMES = {"lookup", "web_search", "read_article", "research_topic", "wiki_query", "get_page"}


class NoArgs(ToolArguments):
    pass


class EchoArgs(ToolArguments):
    text: str
    times: int = Field(default=1, ge=1, le=3)


class Echoed(ToolResult):
    success: bool = True
    text: str = ""


@pytest.fixture
def scratch_registry() -> Iterator[list[str]]:
    """Names the test registers, removed from the registry afterwards."""
    registered_tools()  # load the built-ins first
    names: list[str] = []
    yield names
    for name in names:
        remove_tool(name)


def _all_settings() -> Settings:
    return Settings(searxng_url="http://localhost:8888", wiki_dir="/tmp/wiki")


def test_builtin_tools_are_registered_and_no_search_web() -> None:
    assert {definition.name for definition in registered_tools()} == BUILTIN_NAMES
    assert get_tool("search_web") is None


def test_every_schema_is_valid_json_schema_in_anthropic_format() -> None:
    tools = get_tools_for_user(_all_settings())
    assert {t["name"] for t in tools} == BUILTIN_NAMES
    for definition in tools:
        assert set(definition) == {"name", "description", "input_schema"}
        assert definition["description"].strip()
        schema = definition["input_schema"]
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object"
        assert set(schema["required"]) <= set(schema["properties"])


@pytest.mark.parametrize(
    "settings",
    [
        pytest.param(Settings(), id="nothing-configured"),
        pytest.param(Settings(searxng_url="http://localhost:8888"), id="searxng"),
    ],
)
def test_lookup_present_with_and_without_searxng(settings: Settings) -> None:
    lookup = next(t for t in get_tools_for_user(settings) if t["name"] == "lookup")
    assert lookup["input_schema"]["required"] == ["query"]
    assert get_tool("lookup").requires is None  # type: ignore[union-attr]


def test_free_text_parameters_have_a_max_length() -> None:
    for definition in get_tools_for_user(_all_settings()):
        for name, spec in definition["input_schema"]["properties"].items():
            if spec.get("type") == "string" and "enum" not in spec:
                assert spec.get("maxLength", 0) >= 500, (definition["name"], name)


def test_research_topic_keeps_its_name_and_parameters() -> None:
    research = next(t for t in get_tools_for_user(Settings()) if t["name"] == "research_topic")
    schema = research["input_schema"]
    assert set(schema["properties"]) == {"topic", "depth"}
    assert schema["required"] == ["topic"]
    assert schema["properties"]["depth"]["enum"] == ["quick", "deep"]


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        pytest.param(
            Settings(), {"lookup", "web_search", "read_article", "research_topic"}, id="default"
        ),
        pytest.param(_all_settings(), BUILTIN_NAMES, id="wiki-configured"),
        pytest.param(
            Settings(web_search_enabled=False), {"lookup", "research_topic"}, id="web-disabled"
        ),
    ],
)
def test_tools_needing_configuration_are_left_out(settings: Settings, expected: set[str]) -> None:
    assert {t["name"] for t in get_tools_for_user(settings)} == expected


def test_requires_accepts_a_field_name_a_secret_or_a_predicate(
    scratch_registry: list[str],
) -> None:
    async def handler(arguments: NoArgs, **kwargs: Any) -> Echoed:
        return Echoed()

    def declare(name: str, requires: Any) -> None:
        scratch_registry.append(name)
        tool(name, title=name, description="x", arguments=NoArgs, result=Echoed, requires=requires)(
            handler
        )

    declare("needs_brave", "brave_search_api_key")
    declare("needs_predicate", lambda s: s.max_pages > 10)
    declare("broken_predicate", lambda s: 1 / 0 > 0)

    def names(settings: Settings) -> set[str]:
        return {t["name"] for t in get_tools_for_user(settings)}

    assert not {"needs_brave", "needs_predicate", "broken_predicate"} & names(Settings())
    keyed = Settings(brave_search_api_key=SecretStr("k"), max_pages=12)
    assert {"needs_brave", "needs_predicate"} <= names(keyed)
    assert "needs_brave" not in names(Settings(brave_search_api_key=SecretStr("  ")))
    assert "broken_predicate" not in names(keyed)


# --- call_tool -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "arguments", "message"),
    [
        pytest.param("no_such_tool", {"query": "x"}, "unknown tool", id="unknown-tool"),
        pytest.param("search_web", {"query": "x"}, "unknown tool", id="old-search-web"),
        pytest.param("lookup", {}, "missing required argument 'query'", id="missing"),
        pytest.param("lookup", {"query": 3}, "'query' must be string", id="wrong-type"),
        pytest.param("lookup", {"query": None}, "'query' must be string", id="null"),
        pytest.param("lookup", {"query": "   "}, "must not be empty", id="blank"),
        pytest.param("lookup", {"query": "3"}, "", id="digits-are-text"),
        pytest.param("lookup", {"query": "x", "extra": 1}, "unknown argument 'extra'", id="extra"),
        pytest.param("lookup", ["x"], "arguments must be an object", id="not-an-object"),
        pytest.param("lookup", "x", "arguments must be an object", id="a-string"),
        pytest.param(
            "research_topic", {"topic": "t", "depth": "medium"}, "must be one of", id="bad-enum"
        ),
        pytest.param(
            "wiki_query", {"query": "q", "time_sensitive": "yes"}, "must be boolean", id="bool"
        ),
        pytest.param("lookup", {"query": "q" * 501}, "longer than 500", id="long-query"),
        pytest.param("web_search", {"query": "q" * 501}, "longer than 500", id="long-search"),
        pytest.param("research_topic", {"topic": "t" * 501}, "longer than 500", id="long-topic"),
        pytest.param("wiki_query", {"query": "q" * 501}, "longer than 500", id="long-wiki"),
        pytest.param(
            "read_article",
            {"url": "https://e.example/" + "a" * 2048},
            "longer than 2048",
            id="long-url",
        ),
    ],
)
async def test_bad_calls_give_an_error_result(name: str, arguments: Any, message: str) -> None:
    providers = Providers(
        wikipedia_summary=_no_summary, web_search=_no_hits, article_fetcher=_no_article
    )
    result = await call_tool(name, arguments, settings=_all_settings(), providers=providers)
    if not message:  # a valid call: the lookup ran (and found nothing)
        assert result["source"] == "none" and "error" not in result
        return
    assert result["success"] is False
    assert message in result["error"]


async def _no_summary(query: str) -> None:
    return None


async def _no_hits(query: str, limit: int) -> Sequence[SearchHit]:
    return []


async def _no_article(url: str, **_: Any) -> None:
    return None


async def test_unavailable_tool_gives_an_error_result() -> None:
    result = await call_tool("wiki_query", {"query": "q"}, settings=Settings())
    assert result == {
        "success": False,
        "error": "tool 'wiki_query' is not available: it needs 'wiki_dir'",
    }


async def test_call_tool_passes_arguments_context_and_settings(
    scratch_registry: list[str],
) -> None:
    seen: dict[str, Any] = {}
    scratch_registry.append("echo")

    @tool("echo", title="Echo", description="Echo.", arguments=EchoArgs, result=Echoed)
    async def echo(arguments: EchoArgs, **kwargs: Any) -> Echoed:
        seen.update(kwargs)
        return Echoed(text=arguments.text * arguments.times)

    settings = Settings()
    context: Any = object()
    assert await call_tool(
        "echo", {"text": "ab", "times": 2}, context=context, settings=settings
    ) == {
        "success": True,
        "text": "abab",
    }
    assert seen == {"context": context, "settings": settings, "providers": None}
    for bad_times in (0, 4, True, 1.5):
        result = await call_tool("echo", {"text": "a", "times": bad_times}, settings=settings)
        assert result["success"] is False, bad_times


async def test_a_raising_handler_becomes_an_error_result(scratch_registry: list[str]) -> None:
    scratch_registry.append("explodes")

    @tool("explodes", title="Boom", description="Boom.", arguments=NoArgs, result=Echoed)
    async def explodes(arguments: NoArgs, **kwargs: Any) -> Echoed:
        raise RuntimeError("kaboom")

    result = await call_tool("explodes", {}, settings=Settings())
    assert result == {"success": False, "error": "tool 'explodes' failed: RuntimeError: kaboom"}


@pytest.mark.parametrize(
    "arguments",
    [
        pytest.param({"topic": "t"}, id="minimal"),
        pytest.param({"topic": "t", "depth": "quick"}, id="quick"),
        pytest.param({"topic": "t", "depth": "x"}, id="bad-depth"),
        pytest.param({"depth": "deep"}, id="no-topic"),
        pytest.param({"topic": 1}, id="int-topic"),
        pytest.param({"topic": "t", "other": True}, id="extra"),
        pytest.param({"topic": ""}, id="empty"),
    ],
)
def test_the_argument_model_agrees_with_its_json_schema(arguments: dict[str, Any]) -> None:
    from pydantic import ValidationError

    definition = get_tool("research_topic")
    assert definition is not None
    validator = jsonschema.Draft202012Validator(definition.input_schema())
    try:
        definition.arguments.model_validate(arguments)
        valid = True
    except ValidationError:
        valid = False
    assert valid == validator.is_valid(arguments)


async def test_lookup_through_call_tool() -> None:
    async def wiki_summary(query: str) -> dict[str, str]:
        return {"title": "T", "extract": "E.", "url": "https://en.wikipedia.org/wiki/T"}

    providers = Providers(
        wikipedia_summary=wiki_summary, web_search=_no_hits, article_fetcher=_no_article
    )
    result = await call_tool("lookup", {"query": "T"}, settings=Settings(), providers=providers)
    assert result["success"] is True and result["source"] == "wikipedia"
    assert result["data"]["title"] == "T"


async def test_research_topic_through_call_tool() -> None:
    searched: list[tuple[str, int]] = []

    async def web_search(query: str, limit: int) -> Sequence[SearchHit]:
        searched.append((query, limit))
        return [SearchHit("CCW", "https://ccw.example/about", "Coastal Clean Water.")]

    async def fetch(url: str, **_: Any) -> Article:
        return Article(title="About CCW", text="Coastal Clean Water cleans the coast.", url=url)

    providers = Providers(web_search=web_search, article_fetcher=fetch)
    settings = Settings(backend="offline", wikipedia_fallback_enabled=False)
    result = await call_tool(
        "research_topic", {"topic": "CCW", "depth": "quick"}, settings=settings, providers=providers
    )
    assert searched and all(limit == 3 for _, limit in searched)  # quick: 3 hits a query
    assert result["success"] is True and result["depth"] == "quick"
    assert [source["url"] for source in result["sources"]] == ["https://ccw.example/about"]


async def test_web_search_and_wiki_query_through_call_tool() -> None:
    async def search_envelope(query: str) -> str:
        return f"envelope for {query}"

    providers = Providers(search_envelope=search_envelope)
    assert await call_tool(
        "web_search", {"query": "q"}, settings=Settings(), providers=providers
    ) == {"success": True, "query": "q", "content": "envelope for q"}
    settings = Settings(wiki_dir=FIXTURES / "brain", backend="offline")
    result = await call_tool(
        "wiki_query",
        {"query": "What is CCW's first-response SLA?", "time_sensitive": True},
        settings=settings,
    )
    assert result["success"] is True and result["error"] is None
    assert "ccw.md" in result["pages_consulted"] and result["go_external"] is True

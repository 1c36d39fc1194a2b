"""The tool registry: Anthropic schemas, availability by configuration, argument checks."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from pydantic import SecretStr

import swarm.tools.registry as registry
from swarm.config import Settings
from swarm.tools import call_tool, get_tool, get_tools_for_user, registered_tools, tool

BUILTIN_NAMES = {"lookup", "web_search", "read_article", "research_topic", "wiki_query"}


@pytest.fixture
def scratch_registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A registry with the built-ins plus whatever the test registers, restored afterwards."""
    registered_tools()  # load the built-ins first
    scratch = dict(registry._REGISTRY)
    monkeypatch.setattr(registry, "_REGISTRY", scratch)
    return scratch


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
    scratch_registry: dict[str, Any],
) -> None:
    async def handler(**kwargs: Any) -> dict[str, Any]:
        return {"success": True}

    tool("needs_brave", "x", {}, requires="brave_search_api_key")(handler)
    tool("needs_predicate", "x", {}, requires=lambda s: s.max_pages > 10)(handler)
    tool("broken_predicate", "x", {}, requires=lambda s: 1 / 0 > 0)(handler)

    def names(settings: Settings) -> set[str]:
        return {t["name"] for t in get_tools_for_user(settings)}

    assert not {"needs_brave", "needs_predicate", "broken_predicate"} & names(Settings())
    keyed = Settings(brave_search_api_key=SecretStr("k"), max_pages=12)
    assert {"needs_brave", "needs_predicate"} <= names(keyed)
    assert "needs_brave" not in names(Settings(brave_search_api_key=SecretStr("  ")))
    assert "broken_predicate" not in names(keyed)


def test_tool_rejects_required_names_that_are_not_parameters() -> None:
    with pytest.raises(ValueError, match="not parameters"):
        tool("bad", "x", {"a": {"type": "string"}}, required=["b"])


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
    result = await call_tool(name, arguments, settings=_all_settings())
    assert result["success"] is False
    assert message in result["error"]


async def test_unavailable_tool_gives_an_error_result() -> None:
    result = await call_tool("wiki_query", {"query": "q"}, settings=Settings())
    assert result == {
        "success": False,
        "error": "tool 'wiki_query' is not available: it needs 'wiki_dir'",
    }


async def test_call_tool_passes_arguments_context_and_settings(
    scratch_registry: dict[str, Any],
) -> None:
    seen: dict[str, Any] = {}

    @tool(
        "echo",
        "Echo.",
        {"text": {"type": "string"}, "times": {"type": "integer", "minimum": 1, "maximum": 3}},
        required=["text"],
    )
    async def echo(text: str, times: int = 1, **kwargs: Any) -> dict[str, Any]:
        seen.update(kwargs)
        return {"success": True, "text": text * times}

    settings = Settings()
    context = object()
    assert await call_tool(
        "echo", {"text": "ab", "times": 2}, context=context, settings=settings
    ) == {
        "success": True,
        "text": "abab",
    }
    assert seen == {"context": context, "settings": settings}
    for bad_times in (0, 4, True, 1.5):
        result = await call_tool("echo", {"text": "a", "times": bad_times}, settings=settings)
        assert result["success"] is False, bad_times


async def test_a_raising_handler_becomes_an_error_result(scratch_registry: dict[str, Any]) -> None:
    @tool("explodes", "Boom.", {})
    async def explodes(**kwargs: Any) -> dict[str, Any]:
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
def test_own_validation_agrees_with_jsonschema(arguments: dict[str, Any]) -> None:
    definition = get_tool("research_topic")
    assert definition is not None
    validator = jsonschema.Draft202012Validator(definition.input_schema())
    assert (registry.validate_arguments(definition, arguments) == []) == validator.is_valid(
        arguments
    )


async def test_lookup_through_call_tool(monkeypatch: pytest.MonkeyPatch) -> None:
    import swarm.web.wikipedia

    async def wiki_summary(query: str, **kwargs: Any) -> dict[str, str]:
        return {"title": "T", "extract": "E.", "url": "https://en.wikipedia.org/wiki/T"}

    # lookup asks the raising variant (it tells "no such page" from "unreachable").
    monkeypatch.setattr(swarm.web.wikipedia, "wiki_summary_or_raise", wiki_summary)
    result = await call_tool("lookup", {"query": "T"}, settings=Settings())
    assert result["success"] is True and result["source"] == "wikipedia"


async def test_research_topic_through_call_tool(monkeypatch: pytest.MonkeyPatch) -> None:
    import swarm.models
    import swarm.research
    from swarm.models.scripted import ScriptedReasoner
    from swarm.research import ResearchResult

    calls: list[tuple[str, str]] = []

    async def fake_research(topic: str, depth: str = "deep", **kwargs: Any) -> ResearchResult:
        calls.append((topic, depth))
        return ResearchResult(topic=topic, depth=depth, report="R [1].")

    monkeypatch.setattr(swarm.research, "research_topic", fake_research)
    monkeypatch.setattr(swarm.models, "get_reasoner", lambda *a, **k: ScriptedReasoner())
    result = await call_tool(
        "research_topic", {"topic": "t", "depth": "quick"}, settings=Settings()
    )
    assert calls == [("t", "quick")]
    assert result["success"] is True and result["report"] == "R [1]."


async def test_web_search_and_wiki_query_through_call_tool(monkeypatch: pytest.MonkeyPatch) -> None:
    import swarm.web.web_search
    import swarm.wiki_query
    from swarm.wiki_query import WikiQueryResult

    async def web_search(query: str, **kwargs: Any) -> str:
        return f"envelope for {query}"

    async def aquery(query: str, time_sensitive: bool | None = None, **kwargs: Any) -> Any:
        return WikiQueryResult(
            answer=f"wiki says {query}",
            pages_consulted=["a.md"],
            confidence="high",
            go_external=bool(time_sensitive),
            stale=False,
            error=None,
        )

    monkeypatch.setattr(swarm.web.web_search, "web_search", web_search)
    monkeypatch.setattr(swarm.wiki_query, "aquery", aquery)
    assert await call_tool("web_search", {"query": "q"}, settings=Settings()) == {
        "success": True,
        "content": "envelope for q",
    }
    result = await call_tool(
        "wiki_query", {"query": "q", "time_sensitive": True}, settings=_all_settings()
    )
    assert result["success"] is True
    assert result["answer"] == "wiki says q" and result["go_external"] is True
    assert result["pages_consulted"] == ["a.md"]

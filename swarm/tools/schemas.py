"""Each built-in tool's declaration in types: an argument model (its JSON Schema is what a model
and an MCP client see, and what the registry validates with) and a typed result.

A result's `model_dump()` is the tool's dict: fields listed in `omitted_when_none` are left
out when unset (the seed-001 lookup has `error` only when it is not a plain miss).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from swarm.research.pipeline import ResearchResult
from swarm.untrusted import replace_surrogates
from swarm.wiki_query import WikiQueryResult

__all__ = [
    "MAX_QUERY_CHARS",
    "MAX_URL_CHARS",
    "GetPageArgs",
    "GetPageResult",
    "LookupArgs",
    "LookupArticle",
    "LookupHit",
    "LookupNothing",
    "LookupResult",
    "LookupWebResults",
    "ReadArticleArgs",
    "ReadArticleResult",
    "ResearchTopicArgs",
    "ResearchTopicResult",
    "ToolArguments",
    "ToolResult",
    "WebSearchArgs",
    "WebSearchResult",
    "WikiQueryArgs",
    "WikiQueryToolResult",
]

# Bounds on what a model may send: queries end up in URLs and argv, so keep them sane.
MAX_QUERY_CHARS = 500
MAX_URL_CHARS = 2048


class ToolArguments(BaseModel):
    """A tool's arguments: unknown names are refused, nothing is coerced (3 is not "3"), and
    strings are stripped before their length is checked (a blank query is an empty one)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, str_strip_whitespace=True)

    @model_validator(mode="before")
    @classmethod
    def _encodable(cls, value: object) -> object:
        # A lone surrogate (undecodable argv, a JSON "\ud800") can't be validated as text:
        # it becomes U+FFFD, as it would on the way out.
        if isinstance(value, dict):
            return {
                key: replace_surrogates(item) if isinstance(item, str) else item
                for key, item in value.items()
            }
        return value


class ToolResult(BaseModel):
    """A tool's typed result; `model_dump()` is the dict a model (or MCP client) gets."""

    omitted_when_none: ClassVar[frozenset[str]] = frozenset()

    @model_serializer(mode="wrap")
    def _leave_out_unset(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        dumped: dict[str, Any] = handler(self)
        for name in self.omitted_when_none:
            if dumped.get(name, "") is None:
                del dumped[name]
        return dumped


def _query_field(description: str) -> Any:
    return Field(min_length=1, max_length=MAX_QUERY_CHARS, description=description)


def _wiki_field() -> Any:
    return Field(
        default=None,
        min_length=1,
        max_length=64,
        description="Which of the user's named wikis ([wikis] in swarm's config file) to "
        "read; omit for the default wiki",
    )


# --- lookup ----------------------------------------------------------------------------------


class LookupArgs(ToolArguments):
    query: str = _query_field("The topic or factual question to look up")


class LookupArticle(BaseModel):
    """`source: "wikipedia"`: the summary of the matching article."""

    model_config = ConfigDict(extra="forbid")
    title: str
    extract: str
    url: str


class LookupHit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str
    url: str
    snippet: str


class LookupWebResults(BaseModel):
    """`source: "web"`: the hits and the text of the article(s) read (or the snippets)."""

    model_config = ConfigDict(extra="forbid")
    query: str
    results: list[LookupHit]
    content: str


class LookupNothing(BaseModel):
    """`source: "none"`: nothing was found (or looked up; then the result has an `error`)."""

    model_config = ConfigDict(extra="forbid")
    query: str
    message: str


class LookupResult(ToolResult):
    """The seed-001 lookup result."""

    omitted_when_none: ClassVar[frozenset[str]] = frozenset({"error"})

    success: bool = True
    type: Literal["lookup"] = "lookup"
    source: Literal["wikipedia", "web", "none"]
    data: LookupArticle | LookupWebResults | LookupNothing
    error: str | None = None


# --- web_search ------------------------------------------------------------------------------


class WebSearchArgs(ToolArguments):
    query: str = _query_field("What to search the web for")


class WebSearchResult(ToolResult):
    """The web search envelope: result text fenced as untrusted data, with source links."""

    success: bool = True
    query: str
    content: str


# --- read_article ----------------------------------------------------------------------------


class ReadArticleArgs(ToolArguments):
    url: str = Field(
        min_length=1, max_length=MAX_URL_CHARS, description="The http(s) URL of the page to read"
    )


class ReadArticleResult(ToolResult):
    """`{success: true, title, url, content, truncated}` or `{success: false, url, error}`."""

    omitted_when_none: ClassVar[frozenset[str]] = frozenset(
        {"title", "content", "truncated", "error"}
    )

    success: bool
    url: str
    title: str | None = None
    content: str | None = None
    truncated: bool | None = None
    error: str | None = None


# --- research_topic --------------------------------------------------------------------------


class ResearchTopicArgs(ToolArguments):
    topic: str = _query_field("The topic to research")
    depth: Literal["quick", "deep"] = Field(
        default="deep",
        description="quick: 1-2 sub-queries, a few sources, fast; deep: up to 5 sub-queries",
    )


class ResearchTopicResult(ToolResult, ResearchResult):
    """The research result with `success`; the report's fence look-alikes neutralised."""

    success: bool = True


# --- wiki_query ------------------------------------------------------------------------------


class WikiQueryArgs(ToolArguments):
    query: str = _query_field("The question to answer from the wiki")
    time_sensitive: bool | None = Field(
        default=None,
        description="True if the answer depends on recent data; omit to detect it",
    )
    wiki: str | None = _wiki_field()


class WikiQueryToolResult(ToolResult, WikiQueryResult):
    """The wiki-first answer (`WikiQueryResult`'s fields) with `success` (no `error`)."""

    success: bool = True


# --- get_page --------------------------------------------------------------------------------


class GetPageArgs(ToolArguments):
    page: str = Field(
        min_length=1,
        max_length=MAX_URL_CHARS,
        description="The page: its path in the wiki (clients/acme.md) or its name as index.md "
        "links it (ccw, [[ccw]], CCW.md)",
    )
    excerpt: bool = Field(
        default=False,
        description="True: only the body's first characters (what wiki_query reads); "
        "false: the whole page",
    )
    wiki: str | None = _wiki_field()


class GetPageResult(ToolResult):
    """`{success: true, page, path, title, frontmatter, text, truncated}` or
    `{success: false, page, error}` (outside the wiki, no such page, not a page, unreadable)."""

    omitted_when_none: ClassVar[frozenset[str]] = frozenset(
        {"path", "title", "frontmatter", "text", "truncated", "error"}
    )

    success: bool
    page: str
    path: str | None = None
    title: str | None = None
    frontmatter: dict[str, Any] | None = None
    text: str | None = None
    truncated: bool | None = None
    error: str | None = None

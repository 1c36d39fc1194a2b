"""The MCP server's wiki pages (the `get_page` tool, `wiki://` resources), its prompts and the
`wiki` argument, driven in-process through the mcp SDK's own client."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES

pytest.importorskip("mcp")

from mcp import Client  # noqa: E402
from mcp.shared.exceptions import MCPError  # noqa: E402

from swarm.config import Settings, get_settings  # noqa: E402
from swarm.mcp_server import build_server  # noqa: E402
from swarm.wiki.index import load_page_map  # noqa: E402

SLA = "First-response SLA: 15 minutes"


def _settings(wiki: Path, tmp_path: Path, **extra: object) -> Settings:
    return get_settings(
        wiki_dir=wiki,
        backend="offline",
        cache_dir=tmp_path / "cache",
        web_search_enabled=False,
        wikipedia_fallback_enabled=False,
        **extra,
    )


@pytest.fixture
def wiki(tmp_path: Path) -> Path:
    """A copy of the brain fixture with a secret outside it, a symlinked file and a symlinked
    folder pointing out, and a file that is no page."""
    root = Path(shutil.copytree(FIXTURES / "brain", tmp_path / "brain", symlinks=True))
    (tmp_path / "secret.md").write_text("the password is hunter2\n")
    (root / "evil.md").symlink_to(tmp_path / "secret.md")
    (root / "linked").symlink_to(tmp_path, target_is_directory=True)
    (root / "notes.txt").write_text("hunter2 is not here either\n")
    return root


async def test_pages_are_listed_as_resources_in_index_order(wiki: Path, tmp_path: Path) -> None:
    async with Client(build_server(_settings(wiki, tmp_path))) as client:
        listed = (await client.list_resources()).resources
        templates = (await client.list_resource_templates()).resource_templates
    entries = load_page_map(wiki).entries
    assert [resource.name for resource in listed] == [entry.path for entry in entries]
    by_uri = {resource.uri: resource for resource in listed}
    assert by_uri["wiki://ccw.md"].title == "CCW"
    assert by_uri["wiki://ccw.md"].mime_type == "text/markdown"
    assert "wiki://meetings/ccw%20kickoff%202026-05-12.md" in by_uri  # a space, encoded
    assert [template.uri_template for template in templates] == [
        "wiki://{+path}",
        "wikis://{name}/{+path}",
    ]


async def test_a_listed_resource_reads_as_the_page(wiki: Path, tmp_path: Path) -> None:
    async with Client(build_server(_settings(wiki, tmp_path))) as client:
        listed = (await client.list_resources()).resources
        uri = next(r.uri for r in listed if r.name.startswith("meetings/"))
        meeting = await client.read_resource(uri)
        ccw = await client.read_resource("wiki://ccw.md")
    [content] = ccw.contents
    assert content.uri == "wiki://ccw.md" and content.mime_type == "text/markdown"
    assert content.text.startswith("---\ntitle: Coastal Clean Water (CCW)\n")
    assert SLA in content.text
    assert "kickoff" in meeting.contents[0].text.lower()


@pytest.mark.parametrize(
    ("uri", "words"),
    [
        ("wiki://../../etc/passwd", "Unknown resource"),
        ("wiki://..%2F..%2Fsecret.md", "Unknown resource"),
        ("wiki:///etc/passwd", "Unknown resource"),
        ("wiki://evil.md", "outside the wiki"),
        ("wiki://linked/secret.md", "outside the wiki"),
        ("wiki://clients", "not a page"),
        ("wiki://notes.txt", "not a page"),
        ("wiki://nope.md", "no page 'nope.md'"),
    ],
)
async def test_reading_anything_but_a_page_of_the_wiki_is_an_mcp_error(
    wiki: Path, tmp_path: Path, uri: str, words: str
) -> None:
    async with Client(build_server(_settings(wiki, tmp_path))) as client:
        with pytest.raises(MCPError) as raised:
            await client.read_resource(uri)
    assert words in raised.value.error.message
    assert "hunter2" not in str(raised.value.error)


async def test_resources_list_is_bounded(tmp_path: Path) -> None:
    big = tmp_path / "big"
    big.mkdir()
    lines = [f"- [Page {n}](p{n:04d}.md)" for n in range(1005)]
    (big / "index.md").write_text("# Big\n\n" + "\n".join(lines) + "\n")
    (big / "p1004.md").write_text("# Page 1004\n\nThe last one.\n")
    async with Client(build_server(_settings(big, tmp_path))) as client:
        listed = (await client.list_resources()).resources
        last = await client.read_resource("wiki://p1004.md")  # not listed, still readable
    assert len(listed) == 1000 and listed[-1].uri == "wiki://p0999.md"
    assert "The last one." in last.contents[0].text


async def test_no_wiki_lists_no_resources_and_the_tools_still_list(tmp_path: Path) -> None:
    settings = _settings(tmp_path / "nowhere", tmp_path)
    async with Client(build_server(settings)) as client:
        assert (await client.list_resources()).resources == []
        assert len((await client.list_tools()).tools) == 6


async def test_nothing_is_advertised_that_is_not_served(wiki: Path, tmp_path: Path) -> None:
    async with Client(build_server(_settings(wiki, tmp_path))) as client:
        capabilities = client.server_capabilities
    assert capabilities is not None and capabilities.resources is not None
    assert capabilities.resources.subscribe is False
    assert capabilities.resources.list_changed is False
    assert capabilities.tools is not None and capabilities.tools.list_changed is False


# --- get_page ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["ccw", "[[ccw]]", "CCW.md", "ccw.md"])
async def test_get_page_reads_a_page_by_its_index_names(
    wiki: Path, tmp_path: Path, name: str
) -> None:
    async with Client(build_server(_settings(wiki, tmp_path))) as client:
        result = await client.call_tool("get_page", {"page": name})
    assert result.is_error is False and result.structured_content is not None
    page = result.structured_content
    assert (page["success"], page["path"], page["truncated"]) == (True, "ccw.md", False)
    assert page["frontmatter"]["tags"] == ["client", "saas", "tidewater-monitor"]
    assert SLA in page["text"]


async def test_get_page_excerpt_is_what_the_model_reads(wiki: Path, tmp_path: Path) -> None:
    (wiki / "long.md").write_text("# Long\n\n" + "Many words here. " * 200)
    async with Client(build_server(_settings(wiki, tmp_path))) as client:
        whole = await client.call_tool("get_page", {"page": "long.md"})
        excerpt = await client.call_tool("get_page", {"page": "long.md", "excerpt": True})
    assert whole.structured_content is not None and excerpt.structured_content is not None
    assert len(excerpt.structured_content["text"]) <= 1500 < len(whole.structured_content["text"])
    assert excerpt.structured_content["truncated"] is True


@pytest.mark.parametrize(
    ("page", "words"),
    [
        ("../../etc/passwd", "outside the wiki"),
        ("/etc/passwd", "outside the wiki"),
        ("evil.md", "outside the wiki"),
        ("linked/secret.md", "outside the wiki"),
        ("clients", "not a page"),
        ("notes.txt", "not a page: pages are .md files"),
        ("nope", "no page 'nope'"),
    ],
)
async def test_get_page_refuses_what_is_not_a_page_of_the_wiki(
    wiki: Path, tmp_path: Path, page: str, words: str
) -> None:
    async with Client(build_server(_settings(wiki, tmp_path))) as client:
        result = await client.call_tool("get_page", {"page": page})
    assert result.is_error is False and result.structured_content is not None
    assert result.structured_content["success"] is False
    assert words in result.structured_content["error"]
    assert "hunter2" not in str(result.structured_content)
    assert set(result.structured_content) == {"success", "page", "error"}


async def test_get_page_without_a_wiki_is_an_error_naming_the_fix(tmp_path: Path) -> None:
    async with Client(build_server(_settings(tmp_path / "nowhere", tmp_path))) as client:
        result = await client.call_tool("get_page", {"page": "ccw"})
    assert result.is_error is True
    assert "swarm mcp --wiki DIR" in result.content[0].text  # type: ignore[union-attr]


# --- named wikis -------------------------------------------------------------------------------


async def test_the_wiki_argument_picks_a_configured_wiki(wiki: Path, tmp_path: Path) -> None:
    settings = _settings(wiki, tmp_path, wikis={"hobby": FIXTURES / "hobby", "work": wiki})
    async with Client(build_server(settings)) as client:
        water = await client.call_tool("get_page", {"page": "brewing/water", "wiki": "hobby"})
        here = await client.call_tool("get_page", {"page": "brewing/water"})
        asked = await client.call_tool(
            "wiki_query", {"query": "What is CCW's first-response SLA?", "wiki": "work"}
        )
    assert water.structured_content is not None and water.structured_content["success"]
    assert water.structured_content["path"] == "brewing/water.md"
    assert here.structured_content is not None and here.structured_content["success"] is False
    assert asked.structured_content is not None
    assert "ccw.md" in asked.structured_content["pages_consulted"]


async def test_a_named_wiki_s_pages_read_as_resources(wiki: Path, tmp_path: Path) -> None:
    settings = _settings(wiki, tmp_path, wikis={"hobby": FIXTURES / "hobby"})
    async with Client(build_server(settings)) as client:
        water = await client.read_resource("wikis://hobby/brewing/water.md")
        with pytest.raises(MCPError) as unknown:
            await client.read_resource("wikis://nope/ccw.md")
        with pytest.raises(MCPError) as outside:
            await client.read_resource("wikis://hobby/../brain/ccw.md")
        with pytest.raises(MCPError) as missing:
            await client.read_resource("wikis://hobby/ccw.md")
    [content] = water.contents
    assert content.uri == "wikis://hobby/brewing/water.md"
    expected = (FIXTURES / "hobby" / "brewing" / "water.md").read_text(encoding="utf-8")
    assert expected.split("---")[-1].strip()[:80] in content.text
    assert "Unknown wiki 'nope'" in unknown.value.error.message
    assert "hobby" in unknown.value.error.message
    assert "SLA" not in str(outside.value.error) and "SLA" not in str(missing.value.error)


@pytest.mark.parametrize("tool", ["get_page", "wiki_query"])
async def test_an_unknown_wiki_name_is_an_error_naming_the_configured_ones(
    wiki: Path, tmp_path: Path, tool: str
) -> None:
    settings = _settings(wiki, tmp_path, wikis={"hobby": FIXTURES / "hobby"})
    arguments = {"page": "ccw"} if tool == "get_page" else {"query": "CCW SLA?"}
    async with Client(build_server(settings)) as client:
        folder = await client.call_tool(tool, {**arguments, "wiki": "../brain"})
        nope = await client.call_tool(tool, {**arguments, "wiki": "nope"})
    for result in (folder, nope):
        assert result.is_error is True
        [message] = result.content
        assert message.type == "text"
        assert "Unknown wiki" in message.text and "hobby" in message.text


# --- prompts -----------------------------------------------------------------------------------


async def test_prompts_are_listed_with_their_arguments(wiki: Path, tmp_path: Path) -> None:
    async with Client(build_server(_settings(wiki, tmp_path))) as client:
        prompts = {prompt.name: prompt for prompt in (await client.list_prompts()).prompts}
    assert set(prompts) == {"ask-my-wiki-first", "read-wiki-page"}
    arguments = {
        name: {(a.name, a.required) for a in prompt.arguments or []}
        for name, prompt in prompts.items()
    }
    assert arguments == {
        "ask-my-wiki-first": {("question", True), ("wiki", False)},
        "read-wiki-page": {("page", True), ("task", False), ("wiki", False)},
    }


async def test_ask_my_wiki_first_says_wiki_query_first(wiki: Path, tmp_path: Path) -> None:
    settings = _settings(wiki, tmp_path, wikis={"work": wiki})
    async with Client(build_server(settings)) as client:
        plain = await client.get_prompt("ask-my-wiki-first", {"question": "Who is on call?"})
        named = await client.get_prompt("ask-my-wiki-first", {"question": "x?", "wiki": "work"})
        page = await client.get_prompt("read-wiki-page", {"page": "ccw"})
        with pytest.raises(MCPError) as unknown:
            await client.get_prompt("ask-my-wiki-first", {"question": "x?", "wiki": "nope"})
        with pytest.raises(MCPError) as empty:
            await client.get_prompt("ask-my-wiki-first", {"question": "  "})
    [message] = plain.messages
    assert message.role == "user" and message.content.type == "text"
    text = message.content.text
    assert text.index("wiki_query") < text.index("go_external") < text.index("lookup")
    assert text.endswith("Question: Who is on call?")
    assert "wiki set to 'work'" in named.messages[0].content.text  # type: ignore[union-attr]
    assert "get_page" in page.messages[0].content.text  # type: ignore[union-attr]
    assert "Unknown wiki 'nope'" in unknown.value.error.message
    assert "question is empty" in empty.value.error.message

"""Chinese questions asking for a version, a setting's name or one extreme, and passages that
stop at a colon, through `query(model="offline")`: the passage that gives what is asked earns
high; the one that shares the question's words and gives something else does not."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from fakes import ask_offline, assert_level

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def _page(title: str, body: str) -> str:
    return f"---\nupdated: 2026-11-20\n---\n# {title}\n\n{body}\n"


CACHED = _page("缓存表", "缓存表功能是在 v6.0.0 版本中引入的，适用于很少被修改的小表。")
CACHED_UNVERSIONED = _page("缓存表", "缓存表功能是在较新的版本中引入的，适用于很少被修改的小表。")
REDACTION = _page("日志脱敏", "TiKV 侧的日志脱敏由配置项 security.redact-info-log 控制，默认关闭。")
REDACTION_UNNAMED = _page("日志脱敏", "TiKV 侧的日志脱敏由一个配置项控制，默认关闭。")
ACCOUNTS = _page("用户账户", "每个账户由用户名和 host 作为标识。每个用户名最长为 32 个字符。")
PLUGINS = _page("身份验证", "TiDB 支持的身份验证插件有原生密码插件、SHA2 缓存插件和国密插件。")
PLUGINS_POINTER = _page(
    "身份验证", "有关 TiDB 支持的身份验证插件的更多信息，请参阅安全兼容性文档。"
)
# A sentence introducing a list, with the list after it (the list joins it) or a table (rows
# of their own: the sentence then stops at its colon).
PLUGINS_TABLE = _page(
    "身份验证",
    "TiDB 支持的身份验证插件有三种，以下是它们的说明：\n\n"
    "| 插件 | 说明 |\n|---|---|\n| 原生密码插件 | 默认 |\n| 国密插件 | 国密算法 |",
)
PLUGINS_LEAD_IN = _page(
    "身份验证",
    "TiDB 支持的身份验证插件有三种，以下是它们的说明：\n\n"
    "- 原生密码插件\n- SHA2 缓存插件\n- 国密插件",
)


# "As follows" over an example announces how, not what: the sentence holds the answer itself.
STATIC = _page(
    "The Static Lifetime",
    "All string literals have the `'static` lifetime, which we can annotate as follows:\n\n"
    '```rust\nlet s: &\'static str = "I have a static lifetime.";\n```',
)
PLUGINS_EN = _page(
    "Plugins",
    "For passwords, TiDB supports the following authentication plugins:\n\n"
    "| Plugin | Note |\n|---|---|\n| native | default |\n| sm3 | national |",
)


@pytest.mark.parametrize(
    ("page", "question", "level", "holds"),
    [
        pytest.param(CACHED, "缓存表功能是哪个版本引入的？", "high", "v6.0.0", id="version"),
        pytest.param(
            CACHED_UNVERSIONED, "缓存表功能是哪个版本引入的？", "not high", "较新", id="no-version"
        ),
        pytest.param(
            REDACTION, "TiKV 的日志脱敏要设置哪个配置项？", "high", "redact-info-log", id="setting"
        ),
        pytest.param(
            REDACTION_UNNAMED,
            "TiKV 的日志脱敏要设置哪个配置项？",
            "not high",
            "配置项",
            id="no-setting-name",
        ),
        pytest.param(ACCOUNTS, "用户名最长是多少个字符？", "high", "32", id="longest"),
        pytest.param(ACCOUNTS, "用户名最短是多少个字符？", "not high", "32", id="shortest-asked"),
        pytest.param(PLUGINS, "TiDB 支持哪些身份验证插件？", "high", "国密插件", id="plugins"),
        pytest.param(
            PLUGINS_POINTER, "TiDB 支持哪些身份验证插件？", "not high", "请参阅", id="pointer"
        ),
        pytest.param(
            PLUGINS_LEAD_IN, "TiDB 支持哪些身份验证插件？", "high", "国密插件", id="lead-in-list"
        ),
        pytest.param(
            PLUGINS_TABLE, "TiDB 支持哪些身份验证插件？", "not high", "以下是", id="lead-in-table"
        ),
        # English: "as follows" over an example announces how, not what; "the following"
        # over a table announces what
        pytest.param(
            STATIC, "What lifetime do string literals have?", "high", "'static", id="as-follows"
        ),
        pytest.param(
            PLUGINS_EN,
            "Which authentication plugins does TiDB support?",
            "not high",
            "the following",
            id="the-following",
        ),
    ],
)
def test_a_question_gets_what_it_asks_for(
    tmp_path: Path, page: str, question: str, level: str, holds: str
) -> None:
    assert_level(ask_offline(tmp_path, {"page.md": page}, question, now=NOW), level, holds)


# A lead-in writing inline code itself, over a list of names in inline code: the names join it.
PASSWORD_PLUGINS = _page(
    "密码管理",
    "密码在用户登录时用于身份验证。TiDB 将用户密码存储到 `mysql.user` 系统表中，"
    "以下身份验证插件支持密码管理功能：\n\n"
    "- `mysql_native_password`\n- `caching_sha2_password`\n- `tidb_sm3_password`\n",
)


def test_names_in_inline_code_listed_under_a_lead_in_answer_with_it(tmp_path: Path) -> None:
    result = ask_offline(
        tmp_path, {"page.md": PASSWORD_PLUGINS}, "TiDB 存密码支持哪些身份验证插件？", now=NOW
    )

    assert_level(result, "high", "caching_sha2_password")
    assert "tidb_sm3_password" in result.answer

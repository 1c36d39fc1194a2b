"""What a Chinese or Japanese "which X" question asks for, when X is a value or a setting's name:
"从哪个版本开始有？" is answered by a version ("v3.1.0"), "改哪个配置项？" by the setting's name
(`security.redact-info-log`). A passage that only restates the question's words ("TiDB、TiKV
等组件各提供了一个配置项开关") writes none, whatever else it shares with the question.

The English side of the same need is `answer_types.value_of_noun` ("which version", "what
port"); a CJK question has no spaces for its word tokens to find the noun after "which".
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["cjk_value_unstated"]

# "Which" / "what" in Chinese and Japanese, with an optional measure word: 哪个, 哪一个, 什么,
# 哪, 何の, どの.
_WHICH = r"(?:哪(?:一)?(?:个|個|款)?|什么|什麼|何の|どの)\s*"
# Nouns whose instances are figures: a version, a port, a release number.
_FIGURE_NOUNS = r"(?:版本|版|端口|ポート|バージョン)"
# Nouns whose instances are names of a setting: a configuration item, parameter, variable,
# option (配置项, 参数, 系统变量, 选项, 設定項目, パラメータ, 変数).
_SETTING_NOUNS = (
    r"(?:配置项|配置項|配置参数|配置|参数|參數|系统变量|系統變數|变量|變數|选项|選項|"
    r"設定項目|設定|パラメータ|変数|オプション)"
)
_ASKS_FIGURE = lazy_compile(_WHICH + _FIGURE_NOUNS)
_ASKS_SETTING = lazy_compile(_WHICH + _SETTING_NOUNS)
# A figure: an ASCII digit run, with a version's dots and prefix ("v3.1.0", "4000", "7.5").
_FIGURE = re.compile(r"[vV]?\d+(?:\.\d+)*")
# A setting's name as docs write one: words joined by "_", "." or "-" (tidb_gc_life_time,
# security.redact-info-log, enable-compaction-filter).
_SETTING_NAME = re.compile(r"(?<![\w.-])[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)+(?![\w])")


def cjk_value_unstated(question: str, text: str, code: str = "") -> str:
    """Why `text` (with the inline `code` it carries) does not answer a CJK question asking
    which version / port (no figure the question does not write) or which setting (no
    setting's name the question does not write), or "" when it does or the question asks
    neither."""
    if _ASKS_FIGURE.search(question):
        asked = set(_FIGURE.findall(question))
        if not set(_FIGURE.findall(text)) - asked:
            return "no version or number for a which-version question"
    if _ASKS_SETTING.search(question):
        asked = {name.lower() for name in _SETTING_NAME.findall(question)}
        names = {name.lower() for name in _SETTING_NAME.findall(f"{text} {code}")}
        if not names - asked:
            return "no setting's name for a which-setting question"
    return ""

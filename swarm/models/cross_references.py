"""Lines that only point to other pages ("See also: [[Chunking]]", "Related: …"): they name
what they point to and answer nothing about it."""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["introduces_following", "is_cross_reference", "under_pointer_heading"]

_CROSS_REFERENCE = lazy_compile(
    r"^\W*(?:see\s+also\b|(?:related(?:\s+(?:notes?|pages?|links?|topics?|reading))?|"
    r"further\s+reading|backlinks|links|up|parent|moc)\s*[:：])",
    re.IGNORECASE,
)


# The same pointer as Chinese and Japanese docs open it: "有关 X 的更多信息，请参阅 Y",
# "更多信息请参考 Y", "详见 Y", "参见 Y", "詳しくは Y を参照してください": it names where the
# answer is, not the answer.
_CJK_POINTER = lazy_compile(
    r"^\W*(?:(?:有关|關於|关于)[^。，,！？]{0,60}?的)?(?:更多|详细|詳細)(?:的)?(?:信息|資訊|内容|说明|介绍|细节)?"
    r"[，,]?\s*(?:请|請)?(?:参阅|參閱|参考|參考|查看|参见|參見|见)|"
    r"^\W*(?:详情|詳情|具体|具體)?(?:请|請)?(?:参阅|參閱|参见|參見|详见|詳見)|"
    r"^\W*詳(?:しく|細)は.{0,80}?を?参照"
)


def is_cross_reference(text: str) -> bool:
    """`text` opens as a cross-reference: "See also", or a "Related:", "Further reading:",
    "Backlinks:", "Links:", "Up:", "Parent:", "MOC:" key, or its Chinese or Japanese form
    ("更多信息，请参阅", "详见", "詳しくは…を参照")."""
    return bool(_CROSS_REFERENCE.search(text) or _CJK_POINTER.search(text))


# A section whose heading says it only points elsewhere ("## Related bug reports", "## See
# also", "## Further reading", "## External links"): its items are the titles of other pages or
# issues. The heading ends the passage's context (the title and headings above it, joined);
# "References" alone is left out, being also a subject ("Dangling References").
_POINTER_HEADING = lazy_compile(
    r"(?:^|\s)(?:see\s+also|further\s+reading|external\s+links|related\s+(?:bug\s+reports?|"
    r"issues?|links?|pages?|notes?|articles?|reading|topics?|discussions?|resources?))\W*$",
    re.IGNORECASE,
)


def under_pointer_heading(context: str) -> bool:
    """`context` (a passage's title and headings) ends with a heading of pointers: "Related
    bug reports", "See also", "Further reading", "External links"."""
    return bool(_POINTER_HEADING.search(context))


# A passage ending by announcing the things listed after it ("the following plugins:",
# "以下身份验证插件…：", "下列参数："): what it announces is below it, not in it. "As follows"
# (如下) announces how, over an example: the sentence itself may hold the answer ("All string
# literals have the 'static lifetime, which we can annotate as follows:").
_ANNOUNCES = lazy_compile(
    r"(?:\bthe\s+following\b|以下|下列|次の)[^.!?。！？:：]*[:：]\s*$", re.IGNORECASE
)


def introduces_following(text: str) -> bool:
    """`text` ends by announcing what follows it ("…the following plugins:", "以下插件：")."""
    return bool(_ANNOUNCES.search(text))

"""The offline level for prose questions, through `query(model="offline")`: a paraphrased
question is answered `high` from the passage that states its answer (the answer's type word,
generic asking words, measures with a unit, dates and word forms written another way), and a
near miss on the same topic (the asked fact absent) is not."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

INSURANCE = """# Insurance

General liability: insured with Hiscox, $1,000,000 per occurrence. Renews on 1 March.

Professional indemnity: we have none yet; the broker is getting quotes.
"""
LEASE = """# Office lease

The lease needs general liability insurance for the office. Rent is paid monthly.
"""
LAKE = """# Lake Vorn

Lake Vorn is a glacial lake in the northern hills. It has a depth of 412 metres and freezes
most winters.
"""
LONG_LAKE = """# Lake Vorn

Lake Vorn is a glacial lake in the northern hills, 40 km long, and freezes most winters.
"""
OUTAGE = """# Ingestion outage

On 2025-11-14 the ingestion API was down for 47 minutes because a certificate expired.
"""
EMMA = """# Emma of Normandy

In 1002 Emma married King Aethelred of England, who was much older than she was.
"""
MESSAGE = """# Vellnet

The first Vellnet message was sent in 1969 between two labs. It read "LO": the system
crashed after two letters.
"""
OTHER = """# Kitchen

The kettle is 35 L, stainless, with a ball valve. The fridge is in the hall.
"""
CONTACT = """# Vellco

Main contact: Dana Whitlock, operations manager. Prefers phone for anything urgent, email for
everything else.
"""
ROLLO = """# Rollo

Rollo, a Viking leader, was granted land around Rouen by the king Charles the Simple in 911.
"""
ALLOWANCE_ZH = """# 报销制度

每天 100 元餐补，不需要发票。 出差当天往返的按半天算，50 元。
"""
JIAOZI_ZH = """# 饺子

煮饺子：水开后下饺子，每次水开加一碗冷水，一共加 3 次冷水，饺子浮起来就熟了。
"""
TICKETS_ZH = """---
tags: [火车, 学生, 省钱]
---
# 火车学生票（学生券）

12306 上正式叫「学生票」。 学生票是全价的 75%。
"""
VOYAGE = """# Tomas Vell

Tomas Vell sailed on the Marlin aged 22, as the ship's naturalist.
"""
VOYAGE_LENGTH = """# Tomas Vell

Tomas Vell sailed on the Marlin as the ship's naturalist; the voyage lasted 5 years.
"""
ROTA = """# On-call rota

Who carries the pager for alerts. Weekends are always covered by Priya; Tom is the backup.
"""
DYKE = """# Offa's Dyke

It ran from the Severn to the Dee, a length of about 240 kilometres.
"""
REFORMER = """# Hanna Lind

Hanna Lind (1820–1910) was an English social reformer, and the founder of modern nursing.
She was born in Uppsala, Sweden, to a wealthy family.

In 1860 she set up the Lind Training School for nurses at St Olaf's Hospital.
"""
ACTIVIST = """# Mara Tovi

In 1977 she founded the Blue Lake Movement, which organised women to plant trees.
"""
TUNNEL = """# Vorn Tunnel

The Vorn Tunnel is a 50.46-kilometre railway tunnel beneath the Vorn strait.
"""
ENTITY = """# Legal entity

All three businesses run through one company: Kestrel Labs LLC, an Oregon single-member
limited liability company formed on 2021-04-19.
"""
POLICY_ZH = """# 差旅制度

## 住宿标准

| 城市 | 普通员工 |
|---|---|
| 北京 | 500 元 |

## 出差补贴

每天 100 元餐补，不需要发票。
"""
DOUGH_ZH = """# 饺子

饺子皮：面粉 500 克，冷水 250 毫升。 揉成面团，盖上湿布醒 30 分钟。
"""
TAPESTRY = """# Bayeux Tapestry

About 68 metres long and 50 centimetres high, in several joined sections.
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"insurance.md": INSURANCE, "lease.md": LEASE, "kitchen.md": OTHER},
            "Which company insures our general liability?",
            "high",
            "Hiscox",
            id="the-answers-type-word-need-not-be-repeated",
        ),
        pytest.param(
            {"lease.md": LEASE, "kitchen.md": OTHER},
            "Which company insures our general liability?",
            "not high",
            "",
            id="no-instance-of-the-type-no-high",
        ),
        pytest.param(
            {"lake.md": LAKE, "kitchen.md": OTHER},
            "How deep is Lake Vorn?",
            "high",
            "412 metres",
            id="how-deep-is-a-depth-with-a-unit",
        ),
        pytest.param(
            {"lake.md": LONG_LAKE, "kitchen.md": OTHER},
            "How deep is Lake Vorn?",
            "not high",
            "",
            id="a-length-is-not-a-depth",
        ),
        pytest.param(
            {"kitchen.md": OTHER, "lake.md": LAKE},
            "How big is the kettle?",
            "high",
            "35 L",
            id="how-big-is-a-size-with-a-unit",
        ),
        pytest.param(
            {"tapestry.md": TAPESTRY, "kitchen.md": OTHER},
            "How long is the Bayeux Tapestry?",
            "high",
            "68 metres",
            id="a-page-title-names-what-its-passage-is-about",
        ),
        pytest.param(
            {"outage.md": OUTAGE, "kitchen.md": OTHER},
            "How long was the ingestion API down in November 2025?",
            "high",
            "47 minutes",
            id="an-iso-date-states-its-month",
        ),
        pytest.param(
            {"outage.md": OUTAGE, "kitchen.md": OTHER},
            "How long was the ingestion API down in December 2025?",
            "not high",
            "",
            id="another-month-is-not-stated",
        ),
        pytest.param(
            {"emma.md": EMMA, "kitchen.md": OTHER},
            "Whom did Emma marry in 1002?",
            "high",
            "Aethelred",
            id="marry-is-stated-by-married",
        ),
        pytest.param(
            {"vellnet.md": MESSAGE, "kitchen.md": OTHER},
            "What did the first Vellnet message actually say?",
            "high",
            "LO",
            id="a-hedge-word-need-not-be-repeated",
        ),
        pytest.param(
            {"vellnet.md": MESSAGE, "kitchen.md": OTHER},
            "What did the first Vellnet message say about the weather?",
            "not high",
            "",
            id="a-topic-word-must-be-stated",
        ),
        pytest.param(
            {"vellco.md": CONTACT, "kitchen.md": OTHER},
            "Who do I phone at Vellco when something urgent comes up?",
            "high",
            "Dana Whitlock",
            id="a-when-clause-does-not-ask-for-a-date",
        ),
        pytest.param(
            {"rollo.md": ROLLO, "kitchen.md": OTHER},
            "In what year was Rollo granted land around Rouen?",
            "high",
            "911",
            id="a-three-digit-year-is-a-date",
        ),
        pytest.param(
            {"rollo.md": ROLLO, "kitchen.md": OTHER},
            "In what year was Rollo granted land around Paris?",
            "not high",
            "",
            id="another-place-is-not-stated",
        ),
        pytest.param(
            {"expenses.md": ALLOWANCE_ZH, "kitchen.md": OTHER},
            "出差每天有多少餐补？",
            "high",
            "100 元",
            id="cjk-bigrams-of-a-question-phrase-are-no-words",
        ),
        pytest.param(
            {"expenses.md": ALLOWANCE_ZH, "kitchen.md": OTHER},
            "出差每天有多少房补？",
            "not high",
            "",
            id="cjk-another-allowance-is-not-stated",
        ),
        pytest.param(
            {"jiaozi.md": JIAOZI_ZH, "kitchen.md": OTHER},
            "煮饺子要加几次冷水？",
            "high",
            "3 次",
            id="cjk-a-modal-joined-to-a-verb-is-no-word",
        ),
        pytest.param(
            {"jiaozi.md": JIAOZI_ZH.replace("一共加 3 次冷水", "冷水约 250 毫升"), "k.md": OTHER},
            "煮饺子要加几次冷水？",
            "not high",
            "",
            id="cjk-a-count-of-something-else-is-no-answer",
        ),
        pytest.param(
            {"学生券.md": TICKETS_ZH, "kitchen.md": OTHER},
            "学生券",
            "not high",
            "",
            id="a-tags-line-under-the-title-is-no-answer",
        ),
        pytest.param(
            {"vell.md": VOYAGE, "kitchen.md": OTHER},
            "How old was Tomas Vell when he sailed on the Marlin?",
            "high",
            "aged 22",
            id="how-old-is-an-age",
        ),
        pytest.param(
            {"vell.md": VOYAGE_LENGTH, "kitchen.md": OTHER},
            "How old was Tomas Vell when he sailed on the Marlin?",
            "not high",
            "",
            id="a-duration-is-not-an-age",
        ),
        pytest.param(
            {"rota.md": ROTA, "kitchen.md": OTHER},
            "Who holds the pager on Saturdays and Sundays?",
            "medium",
            "Priya",
            id="weekdays-are-no-names-the-wiki-must-hold",
        ),
        pytest.param(
            {"dyke.md": DYKE, "kitchen.md": OTHER},
            "Roughly how many kilometres long was Offa's Dyke?",
            "high",
            "240 kilometres",
            id="a-capitalised-hedge-opening-the-question-is-no-name",
        ),
        pytest.param(
            {"lind.md": REFORMER, "kitchen.md": OTHER},
            "Which organisation did Hanna Lind found?",
            "not high",
            "",
            id="an-adjective-or-a-birthplace-is-no-instance-of-the-type",
        ),
        pytest.param(
            {"tovi.md": ACTIVIST, "kitchen.md": OTHER},
            "What did Mara Tovi found in 1977?",
            "high",
            "Blue Lake Movement",
            id="did-she-found-is-to-found-not-to-find",
        ),
        pytest.param(
            {"tunnel.md": TUNNEL, "kitchen.md": OTHER},
            "How long is the Vorn Tunnel?",
            "high",
            "50.46-kilometre",
            id="a-bare-length-says-how-long",
        ),
        pytest.param(
            {"tunnel.md": TUNNEL, "kitchen.md": OTHER},
            "How deep is the Vorn Tunnel?",
            "not high",
            "",
            id="a-bare-length-does-not-say-how-deep",
        ),
        pytest.param(
            {"entity.md": ENTITY, "kitchen.md": OTHER},
            "Which lawyer formed Kestrel Labs?",
            "not high",
            "",
            id="the-questions-own-entity-is-no-instance-of-the-type",
        ),
        pytest.param(
            {"policy.md": POLICY_ZH, "kitchen.md": OTHER},
            "出差每天有多少住宿补贴？",
            "not high",
            "",
            id="a-missing-word-heading-another-section-is-not-stated-here",
        ),
        pytest.param(
            {"jiaozi.md": DOUGH_ZH, "kitchen.md": OTHER},
            "煮饺子要煮几分钟？",
            "not high",
            "",
            id="cjk-a-one-character-verb-of-a-short-question-must-be-written",
        ),
    ],
)
def test_paraphrased_questions_and_near_misses(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

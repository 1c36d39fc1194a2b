"""Time-sensitivity by wording: does a question (or a page's title) ask about fast-moving facts.

Pure functions over text; the caller passes `now` for the current/future-year rule.
`swarm.wiki.freshness.detect_time_sensitive` combines them; its page rules use them too.
"""

from __future__ import annotations

import datetime as dt
import re

from swarm.wiki.time_context import (
    asks_how_to,
    asks_own_case,
    asks_rule_reach,
    without_asker_case,
    without_licensing,
    without_past_events,
    without_past_payments,
)
from swarm.wiki.tokens import STOPWORDS

__all__ = [
    "asks_fast_moving_kind",
    "names_current_year",
    "names_fast_moving_fact",
    "names_present_moment",
    "names_recent_event",
    "names_time_sensitive_topic",
]

# Topics the wiki is a starting point for, never the last word (spec: market data,
# competitor moves, pricing, regulatory).
_TOPIC_PATTERNS = (
    r"market\s+(?:data|share|cap|capitali[sz]ation|conditions?|trends?)",
    r"(?:stock|share)\s+prices?",
    r"stock\s+market",
    r"competitors?(?:'s?)?\s+(?:moves?|launch(?:es|ed)?|announce\w*|pric\w*|news)",
    r"pric(?:e|es|ing|ed)",
    # a price, not a loss: "the war cost Bolivia its coastline", "cost him his job"
    r"costs?(?!\s+[\w'-]+\s+(?:its|his|her|their|our|my|your)\b)",
    # "How much is X for 40 sites", "how much for two", "how much does it cost": a price.
    # "How much weight / water ...", "how much would the oceans rise": a quantity.
    r"how\s+much\s+(?:(?:is|are|was|were|for|per|to|money|cash)\b|[$€£¥])",
    r"how\s+much\s+(?:do|does|did|will|would|should|could|can|might|must)\b[^?.!]*?\b"
    r"(?:cost|costs|charge|charges|charged|pay|pays|paid|paying|spend|spent|earn|earns|earned|"
    r"make|makes|made|raise|raised|bill|billed|owe|owed|sell|sold|fetch|ask|reimburse|refund)",
    # "What do we pay per kWh?", "what are we paying for the van", "what does the job pay?":
    # the amount paid ("what do I pay attention to" is no price).
    r"what\s+(?:do|does|did|will|would|should|must|are|is|am|were|was)\s+(?:[\w&.'’-]+\s+){1,3}"
    r"pay(?:s|ing)?(?:\s+(?:per|for|a|an|each|every|monthly|yearly|annually|weekly|hourly|in|"
    r"on)\b|(?=\s*[?.!]|\s*$))",
    r"(?:plan|tier|seat|licen[cs]e)\s+(?:prices?|rates?|fees?)",
    # "What does Stripe charge us per payout?": the verb with a payer or a price after it
    # ("in charge of", "the electric charge" are no price).
    r"(?:does|do|did|will|would|should|could)\s+(?:[\w&.'’-]+\s+){1,4}charge"
    r"(?:\s+(?:us|you|me|per|for|a|an|to|each|every)|(?=\s*[?.!]|\s*$))",
    r"(?:setup|set-up|monthly|annual|yearly|one-off|one-time|late|membership|service|"
    r"entry|admission|booking|cancellation|joining|signup|sign-up)\s+fees?",
    r"subscriptions?",
    r"valuations?",
    r"valued",
    r"funding",
    r"(?:funding|seed|series\s+[a-h])\s+rounds?|rounds?(?=[^?.!]*\b(?:closed?|closing|led)\b)",
    # Raising money, not raising an exception: a round, capital, funds or an amount follows.
    r"rais(?:e|es|ed|ing)\s+(?:(?:a|an|its|their|our|his|her|new|the|another|fresh)\s+)*"
    r"(?:rounds?|money|capital|funds?|funding|series|seed|[$€£]|\d)",
    r"market\s+(?:size|sizes|sizing|growth|forecasts?|outlook|projections?)",
    r"(?:projected|forecast(?:ed)?)\s+(?:market|size|growth|revenue)",
    r"exchange\s+rates?",
    r"interest\s+rates?",
    r"inflation",
    r"regulat(?:ory|ion|ions)",
    r"(?:law|laws|legal|tax|policy|policies|rules?)\s+changes?",
    r"new\s+(?:law|laws|rules?|regulations?)",
)
# News, releases and announcements: recent events, unless the question names only past years
# ("the announcement that opened the wall in 1989").
_EVENT_PATTERNS = (
    r"news",
    r"releases?",
    r"released",
    r"announce(?:s|d|ment|ments)?",
)
# Words that ask for the present moment: they make a question time-sensitive, but not a page
# whose title or index section holds them ("Daily notes (recent)", "Current projects").
_MOMENT_PATTERNS = (
    r"(?<!from\s)now",  # "ten minutes from now" counts from the moment, it does not ask it
    r"still",
    r"this\s+(?:week|month|year|quarter|morning|afternoon|evening)",
    # the periods offices, schools and teams plan by, this one or the next ("the deadline
    # this cycle", "next semester"); not "this term" ("what does this term mean")
    r"(?:this|next|the\s+upcoming)\s+(?:cycle|season|semester|sprint|fiscal\s+year|"
    r"weekend|spring|summer|autumn|fall|winter)",
    r"next\s+(?:week|month|year|quarter)",
    r"(?:last|past)\s+(?:week|month|few\s+days|24\s+hours)",
    r"today(?:'s)?",
    r"tonight",
    r"yesterday",
    r"(?<!at\sthe\s)latest",  # "at the latest" sets a deadline
    # the adjective, not the noun ("which current keeps the Atacama dry", "a current of air"),
    # nor the place or thing a session is at ("the current directory", "the current branch":
    # `_SESSION_THING`)
    r"current(?!\s+(?:that|which|of|flows?|runs?)\b)(?!\s+(?:[\w-]+\s+)?SESSION_THING\b)",
    r"currently",
    r"recent(?:ly)?",
    r"up[\s-]?to[\s-]?date",
    r"right\s+now",
    r"nowadays",
    r"at\s+(?:the\s+)?(?:moment|present)",
    r"these\s+days",
    r"presently",
    r"as\s+(?:things|it)\s+stands?",
)


# Where a shell, an editor or a repository is at, and who or what it runs as: "the current
# directory", "the current git branch", "the current user" name that place or thing, not now.
_SESSION_THING = (
    r"(?:directory|directories|dir|folder|folders|path|location|branch|commit|head|user|"
    r"shell|session|terminal|window|tab|pane|buffer|file|line|page|process|host|machine|"
    r"context|namespace|workspace|project|selection|cursor|position|screen|desktop)"
)


def _words_regex(patterns: tuple[str, ...]) -> re.Pattern[str]:
    joined = "|".join(patterns).replace("SESSION_THING", _SESSION_THING)
    return re.compile(r"\b(?:" + joined + r")\b", re.IGNORECASE | re.UNICODE)


_SESSION = re.compile(rf"\b{_SESSION_THING}\b", re.IGNORECASE)
_CURRENT_ONE = re.compile(r"current\s+ones?\b", re.IGNORECASE)


def _session_one(text: str, match: re.Match[str]) -> bool:
    """ "...into another folder instead of the current one": the one is that thing."""
    return bool(_CURRENT_ONE.match(text, match.start()) and _SESSION.search(text, 0, match.start()))


_TOPIC = _words_regex(_TOPIC_PATTERNS)
_MOMENT = _words_regex(_MOMENT_PATTERNS)
_EVENT = _words_regex(_EVENT_PATTERNS)

# The same asks in Chinese, Japanese and Korean, which have no word boundaries to match on:
# now / current / latest / this year, month, week / today / still / price, cost, how much.
# Japanese いま (now) is also the polite verb ending います / いません / いました ("使います",
# "呼ばれています"), which asks nothing about now; 今 stands for now before a particle, a
# comma or a space ("今の担当", "今は", "今、") and in 今朝 / 今夜 / 今晩 / 今現在 (this
# morning, tonight, right now), not in 今後 / 今回 / 今度 (from now on, this time, next time).
_MOMENT_CJK = re.compile(
    r"现在|現在|目前|当前|當前|如今|最新|最近|今年|今月|今週|本月|本周|本週|这周|這週|今天|今日|"
    r"まだ|いま(?![すせし])|今(?:の|は|も|[、,，\s]|$)|今朝|今夜|今晩|現時点|仍然|依然|"
    r"지금|현재|최신|요즘|올해|이번\s?달|이번\s?주|오늘|아직"
)
# Prices in Spanish, French and German, the languages a bilingual wiki most often mixes in:
# "¿cuánto cuesta / cobra / pago…?", precio, tarifa; combien coûte, prix, tarif; kostet,
# Preis, Gebühr, "wie viel zahlen".
_TOPIC_EUROPEAN = re.compile(
    r"\b(?:cu[aá]nto\s+(?:\w+\s+){0,2}(?:cuesta|cuestan|vale|valen|cobra\w*|pag\w+)|"
    r"precios?|tarifas?|combien\s+(?:\w+\s+){0,2}(?:co[uû]te\w*|pa(?:ie|y[eéèoai])\w*|factur\w+)|"
    r"(?<!grand\s)prix|tarifs?|kostet|kosten|preise?s?|preisen|geb[uü]hr(?:en)?|"
    r"wie\s+viel\s+(?:\w+\s+){0,2}(?:zahl\w*|bezahl\w*|kost\w*))\b",
    re.IGNORECASE,
)
_TOPIC_CJK = re.compile(
    r"价格|價格|价钱|價錢|多少钱|多少錢|票价|票價|起步价|起步價|车费|車費|费用|費用|收费|收費|"
    r"报价|報價|値段|料金|価格|いくら|가격|얼마|요금|비용"
)
# A limit a rule sets, not a price: "up to how much" (いくらまで, 얼마까지) and "at least /
# at most how much" (最低いくら, 上限はいくら), as `_THRESHOLD` reads "above what price...".
_THRESHOLD_CJK = re.compile(
    r"いくら(?:\s*まで)|(?:最低|最高|最大|最小|上限|下限)[はがで]?\s*いくら|얼마\s*까지|"
    r"(?:최소|최대|최저|최고)\s*얼마"
)

# A company's revenue or ARR moves every quarter, unless the question names a past year.
_REVENUE = re.compile(r"\b(?:revenue|revenues|arr|mrr|run[\s-]?rate)\b", re.IGNORECASE)
_YEAR = re.compile(r"(?<![\d.,/-])(?:19|20|21)\d\d(?![\d.,/-]?\d)")


# A place named by its present borders ("most of today's Indonesia", "present-day Iraq", "in
# what is now Turkey") is a name, not a question about now, unless the name qualifies a noun
# ("today's Premier League results") or is a possessive ("what is now Turkey's capital").
# "today's" names a territory only after a part or extent of it ("most of today's Indonesia",
# "across today's Iran"): "in today's Daily Note" asks about today.
_PRESENT_NAMING = re.compile(
    r"(?:\b(?:(?:most|much|part|parts|all|half|some|area|areas|region|regions)\s+of|across|"
    r"throughout|within)\s+today['’]s|\bpresent[\s-]day|\bmodern[\s-]day|"
    r"\bwhat\s+(?:is|are|was|were)\s+(?:now|today)(?:\s+called)?)\s+(?:the\s+)?"
    r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*"
)
_AFTER_NAME = re.compile(r"^(?:['’]s\b|\s+([a-z]+)\b)")


def _without_present_names(text: str) -> str:
    """`text` without the words that name a place by its present borders."""

    def unless_qualifying(match: re.Match[str]) -> str:
        after = _AFTER_NAME.match(text[match.end() :])
        if after and (after.group(1) is None or after.group(1) not in STOPWORDS):
            return match.group()
        return " "

    return _PRESENT_NAMING.sub(unless_qualifying, text)


# "Still" and "current" in a clause of time ("while the server is still preparing the answer",
# "when a request conflicts with the current state") set up the situation asked about, not
# now. Not "if" / "whether", which also open an indirect question ("do you know if it is still
# open?"); as in `language_time_words`.
# "still" and "current" in a condition the question sets ("What happens when an invoice is
# still unpaid after 60 days?", "if the build still fails"): a supposed state, not the present
# one asked about ("Is the invoice still unpaid?").
_SCENARIO_CLAUSE = re.compile(
    r"\b(when|whenever|while|until|as\s+long\s+as|if|unless|once|in\s+case)\b[^,;:?!.]*",
    re.IGNORECASE,
)
# "When is the office still open?", "Until when is the current plan valid?": opening the
# question, "when" and "until" ask it; a clause of time sets a condition only further on.
_ASKING_OPENERS = frozenset({"when", "until"})
_IN_SCENARIO = re.compile(r"\b(?:still|current)\b", re.IGNORECASE)
_CONDITIONS = frozenset({"if", "unless", "once", "in case"})
_STILL = re.compile(r"\bstill\b", re.IGNORECASE)


def _without_references(text: str) -> str:
    def condition(match: re.Match[str]) -> str:
        before = text[: match.start()].strip(" \t\n\"'(").lower()
        opens = before in ("", "until", "since")  # "Since when is the shop still closed?"
        if opens and match.group(1).lower() in _ASKING_OPENERS:
            return match.group()
        if match.group(1).lower() in _CONDITIONS:  # "if the current plan..." may be asked
            return _STILL.sub(" ", match.group())
        return _IN_SCENARIO.sub(" ", match.group())

    return _SCENARIO_CLAUSE.sub(condition, text)


def names_present_moment(text: str) -> bool:
    """True when `text` asks about the present moment ("now", "still", "latest", "this
    week", "today", "at the moment"), in English or in Chinese, Japanese or Korean; a place
    named by its present borders ("most of today's Indonesia", "present-day Iraq") does not,
    nor does "current" naming where a session is ("the current directory"), nor the time of
    the asker's case told before the question or the "still" of a condition it sets, nor any
    in a question asking a procedure or a rule's reach (`swarm.wiki.time_context`)."""
    if not isinstance(text, str):
        return False
    if asks_how_to(text) or asks_rule_reach(text) or asks_own_case(text):  # no "now" asked
        return bool(_MOMENT_CJK.search(text))
    plain = _without_references(_without_present_names(without_asker_case(text)))
    plain = without_past_events(plain)
    moments = (match for match in _MOMENT.finditer(plain) if not _session_one(plain, match))
    return next(moments, None) is not None or bool(_MOMENT_CJK.search(text))


def names_current_year(text: str, *, now: dt.datetime | None = None) -> bool:
    """True when `text` names the current or a future year (as of `now`), or asks a company's
    revenue or ARR without naming a past year (it moves every quarter)."""
    if not isinstance(text, str):
        return False
    named_years = _named_years(text)
    if any(year >= _this_year(now) for year in named_years):
        return True
    return bool(_REVENUE.search(text)) and not named_years and not asks_rule_reach(text)


def _names_event(text: str) -> bool:
    """`text` names news, a release or an announcement as a recent event: not a past one its
    age marks ("an older release", "the previous release"), nor the object of a how-to
    ("How do I print the kernel release?")."""
    if asks_how_to(text):
        return False
    return bool(_EVENT.search(without_licensing(without_past_events(text))))


def names_recent_event(text: str, *, now: dt.datetime | None = None) -> bool:
    """True when `text` asks about news, a release or an announcement (`_names_event`),
    unless every year it names is past (as of `now`): "the 1989 announcement" is history."""
    if not isinstance(text, str) or not _names_event(text):
        return False
    named_years = _named_years(text)
    return not named_years or any(year >= _this_year(now) for year in named_years)


def _named_years(text: str) -> list[int]:
    return [int(match.group()) for match in _YEAR.finditer(text)]


def _this_year(now: dt.datetime | None) -> int:
    return (now or dt.datetime.now(dt.UTC)).year


def names_fast_moving_fact(text: str) -> bool:
    """True when `text` asks for a fast-moving fact: a price, a cost, a subscription, a
    valuation, funding, a market figure, a rule change (news and releases aside). "Above what
    price does a purchase need approval?" asks for a rule's limit, not a price, and "How do I
    work out how much to invoice?" a procedure whose object the price is."""
    if not isinstance(text, str) or asks_how_to(text):
        return False
    text = _THRESHOLD_CJK.sub(" ", _THRESHOLD.sub(" ", without_past_payments(text)))
    return bool(_TOPIC.search(text) or _TOPIC_CJK.search(text) or _TOPIC_EUROPEAN.search(text))


# A limit a rule sets: a comparison before "what price" and its verb ("above what price does
# a purchase need...", "up to what amount can I..."), not the price of a thing ("at what
# price", "over what price range").
_THRESHOLD = re.compile(
    r"\b(?:above|below|over|under|beyond|up\s+to|more\s+than|less\s+than)\s+(?:what|which)\s+"
    r"(?:price|cost|amount|sum|value)(?=\s+(?:do|does|did|is|are|was|must|should|would|will|can|"
    r"could|has|have|need|needs)\b)",
    re.IGNORECASE,
)


def names_time_sensitive_topic(text: str) -> bool:
    """True when `text` names a fast-moving topic (prices, costs, subscriptions, valuations,
    funding, market size or growth, regulation, news, releases): the wording rule without its
    present-moment words and years, for page titles and index sections."""
    if not isinstance(text, str):
        return False
    return names_fast_moving_fact(text) or _names_event(text)


# Words that ask for a fast-moving kind of fact only where the page is about such facts: on
# a page labelled pricing, market, funding or regulation, "rate", "charge", "cheaper",
# "share" or "growing" ask for a price or a market figure; elsewhere they need not ("heart
# rate", "in charge of", "share a file"), so the wording rule above leaves them out.
_KIND_WORDS = _words_regex(
    (
        # prices
        r"pric\w*",
        r"costs?",
        r"costing",
        r"cheap(?:er|est|ly)?",
        r"expensive",
        r"afford(?:able)?",
        r"fees?",
        r"charg(?:e|es|ed|ing)",
        r"rates?",
        r"discount(?:s|ed)?",
        r"rebates?",
        r"tariffs?",
        r"money",
        r"quot(?:e|es|ed)",
        r"bill(?:ed|ing)",
        r"tiers?",
        r"plans?",
        r"seats?",
        r"subscri\w+",
        # market figures
        r"markets?",
        r"shares?",
        r"siz(?:e|es|ed|ing)",
        r"grow(?:s|n|th|ing)?",
        r"forecast\w*",
        r"project(?:ed|ion|ions)",
        r"outlook",
        r"revenues?",
        r"sales",
        r"volumes?",
        r"players?",
        r"leaders?",
        r"leading",
        r"biggest",
        r"largest",
        # funding
        r"fund(?:s|ed|ing)?",
        r"rais(?:e|es|ed|ing)",
        r"rounds?",
        r"series",
        r"investors?",
        r"backers?",
        r"backed",
        r"valu(?:e|ed|ation|ations)",
        r"worth",
        r"invest\w*",
        r"acqui\w+",
        # regulation
        r"regulat\w*",
        r"rules?",
        r"laws?",
        r"complian\w+",
        r"licen[cs]\w*",
        r"permits?",
        r"requir\w+",
        r"deadlines?",
        r"obligations?",
    )
)


def asks_fast_moving_kind(question: str) -> bool:
    """True when the question asks for a price, a market figure, funding or a rule: the
    wording rule's topics, or the words that ask for them on a page about such facts."""
    if not isinstance(question, str):
        return False
    return names_time_sensitive_topic(question) or bool(_KIND_WORDS.search(question))

"""Time words the wording around them takes out of the present: a past release, a how-to's
object, the asker's own case, a condition the question sets, a rule's reach.

Pure text functions for `swarm.wiki.time_words`, which reads what they leave as asking about
fast-moving facts or the present moment.
"""

from __future__ import annotations

import re

__all__ = [
    "asking_sentence",
    "asks_how_to",
    "asks_own_case",
    "asks_rule_reach",
    "without_asker_case",
    "without_licensing",
    "without_past_events",
    "without_past_payments",
]

# A release or an announcement its age marks as a past one ("an older release", "the previous
# stable release", "his original announcement"): a known event, not the news. Not "first"
# or "initial": "When is the first release?" may be still to come.
_PAST_EVENT = re.compile(
    r"\b(?:old|older|oldest|earlier|earliest|previous|prior|past|former|original)\s+"
    r"(?:[\w.-]+\s+)?(?:releases?|announcements?|news)\b",
    re.IGNORECASE,
)
# The release a past change came in ("Which release introduced X?", "In which release did X
# arrive?", "When was 8.0 released?"): history, its answer fixed. Not "the latest release"
# (a word of the present moment on its own), nor "Was it released?" (out yet or not).
_PAST_RELEASE = re.compile(
    r"\b(?:which|what)\s+(?:[\w.-]+\s+){0,3}?(?:releases?|versions?)(?=\s+(?:did|had|\w+ed)\b)"
    r"|\bwhen\s+(?:was|were)\s+(?:[\w.-]+\s+){0,4}?released\b",
    re.IGNORECASE,
)
# Any release, not one: "each release", "every release", "a release with only bug fixes" name
# the kind ("a new release", "the release" may be news).
_ANY_RELEASE = re.compile(
    r"\b(?:each|every|any|per)\s+releases?\b|\ba\s+release(?=\s+(?:with|without|that|which|"
    r"containing|of)\b)",
    re.IGNORECASE,
)
# A release the asker makes ("Which script do I run to cut a new release?", "before
# publishing a release"): a task's object, not news.
_RELEASE_WORK = re.compile(
    r"\b(?:cut|cutting|make|making|create|creating|prepare|preparing|publish|publishing|tag|"
    r"tagging|draft|drafting)\s+(?:(?:a|an|the|our|my|new)\s+)*(?:[\w.-]+\s+)?releases?\b",
    re.IGNORECASE,
)
# "release" naming a part of the work of releasing ("the release script", "a detailed release
# post", "the release branch"): a thing of the process, not a release event. Not "release
# date", "release notes" (what a release brings: news when no version is named).
_RELEASE_PART = re.compile(
    r"\breleases?(?=\s+(?:posts?|scripts?|process(?:es)?|branch(?:es)?|checklists?|"
    r"workflows?|pipelines?|procedures?|steps|channels?|templates?|jobs?)\b)",
    re.IGNORECASE,
)
# "still" after a past-tense auxiliary in its clause: a state at a past time, not now.
_PAST_STILL = re.compile(
    r"(\b(?:was|were|had|did|wasn['’]t|weren['’]t|hadn['’]t|didn['’]t)\b(?:\s+[\w'’-]+){0,3}?)"
    r"\s+still\b",
    re.IGNORECASE,
)
# A how-to ("How do I print the kernel release?", "how to cut a release"), or the command, the
# option or the shortcut that does something ("Which command tells me the current timezone?",
# "What's the git flag to ...").
# A frame naming the tool first ("In SQLite, how do I ...", "On macOS, which shortcut ...")
# leaves the question a how-to; so do the knobs of a query language or an API ("What filter
# finds ...", "Which function returns ...", "What placeholder do I write ...").
_HOW_TO = re.compile(
    r"^\W*(?:(?:in|on|with|for|from|using|inside|under|within|via)\s+[^,?.!]{1,40},\s*)?"
    r"(?:how\s+(?:do|does|can|could|should|would|will|might|must)\s+"
    r"(?:i|we|you|one|they)\b|how\s+to\b|(?:what|which)(?:['’]s|\s+is|\s+are)?\s+(?:the\s+)?"
    r"(?:[\w-]+\s+)?(?:commands?|options?|flags?|switch|shortcuts?|keybindings?|syntax|filters?|"
    r"functions?|methods?|parameters?|arguments?|placeholders?|directives?|operators?)\b)",
    re.IGNORECASE,
)
# A first-person statement before the question tells the asker's case ("I'm ill this
# morning.", "I'll be living in another state this summer.", "I'm starting next month in the
# US:"): its time dates the case, not the fact asked. Not one saying what the asker wants to
# know ("I need the latest figures."), which carries the ask.
_ASKER_CASE = re.compile(r"^\W*(?:i|we|my|our)(?:['’](?:m|re|ve|ll|d))?\b", re.IGNORECASE)
# "I want to keep the latest copy." tells what the asker does, not what they want to know.
_WANTS_TO_KNOW = re.compile(
    r"\b(?:wants?(?!\s+to\s+(?!know|find|see|learn|check|hear|understand|get)\w)|need|needs|"
    r"(?:would\s+|['’]d\s+)like|wonder\w*|curious|looking\s+for|ask\w*|interested|know|"
    r"trying\s+to\s+(?:find|figure|work\s+out|learn|see|check))\b",
    re.IGNORECASE,
)
# The same case set as the question's condition ("If my bank details change on the 20th, will
# it make this month's payroll?"): what a rule does for it, its periods the case's; and
# "still" after the asker's own modal once the case is told ("I found an old receipt. Can I
# still expense it?"): even so, by the rule. Not alone: "Can we still book the room?" is now.
_OWN_CONDITION = re.compile(r"^\W*(?:if|when|once|whenever)\s+(?:i|my|we|our)\b", re.IGNORECASE)
_OWN_STILL = re.compile(r"\b((?:can|could|may|might|should|must)\s+(?:i|we))\s+still\b", re.I)
_CLAUSE_END = re.compile(r"(?<=[.!?:])\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
# Whether a case falls within a rule: "does it count towards this month's ARR", "and still
# count as an early-career engineer", "qualify for": the rule's reach, whose time words date
# the case and whose "still" means "even so".
_RULE_REACH = re.compile(
    r"\b(?:count(?:s|ed)?\s+(?:as|towards?|against)|qualif(?:y|ies|ied)\s+(?:as|for)|"
    r"(?:be|is|am|are)\s+(?:still\s+)?eligible)\b",
    re.IGNORECASE,
)
# Licensing: "Under which license is the core released?" names terms, not a release event.
_LICENSED = re.compile(r"[^.?!]*\blicen[cs](?:e|es|ed|ing)\b[^.?!]*", re.IGNORECASE)
_RELEASE_WORD = re.compile(r"\brelease[sd]?\b", re.IGNORECASE)
# What a one-off thing cost, asked in the past tense ("What did the offsite cost per
# person?", "How much was the JR Pass?"): a record of what was paid, not a price that moves.
_PAST_PAYMENT = re.compile(
    r"\b(did\b[^?.!]*?\b)(?:cost|pay|charge|spend)\b|\bhow\s+much\s+(?:was|were)\b",
    re.IGNORECASE,
)


# A relative clause after a noun ("tasks that are still waiting", "the oldest organisation
# that still exists", "a feature that isn't released yet", "a message that Compose is now
# part of the CLI") says which thing is meant, as a condition does ("when an invoice is still
# unpaid"): its "still", "now", "current" or release is not asked. Not a clause after a verb
# or an adjective of knowing or saying ("is it true that it is still open?"): that is asked.
_RELATIVE_CLAUSE = re.compile(r"\b([A-Za-z][\w'’-]*)\s+that\b[^,;:?!.]*", re.IGNORECASE)
_NOT_NOUNS = frozenset(
    "true false sure certain clear likely possible know knows knew known say says said tell "
    "tells told think thinks thought believe believes mean means meant hear heard read see "
    "saw seen confirm confirms confirmed check notice noticed claim claims show shows find "
    "found ensure so such now given fact that is are was were be been do does did me us you "
    "him her them it".split()
)
_IN_RELATIVE = re.compile(
    r"\b(?:still|now|current|currently|releases?|released|announced)\b", re.IGNORECASE
)


def without_relative_clauses(text: str) -> str:
    """`text` without the "still", "now", "current" and release words of a relative clause
    after a noun ("tasks that are still waiting on another task"): they say which thing is
    meant, not that the present is asked about."""

    def describing(match: re.Match[str]) -> str:
        if match.group(1).lower() in _NOT_NOUNS or match.start() == 0:
            return match.group()
        return _IN_RELATIVE.sub(" ", match.group())

    return _RELATIVE_CLAUSE.sub(describing, text)


# An event named as the object of a past-tense question ("Which newsgroup did Linus post his
# announcement to?", "What did the release notes of 2.0 say?"): a known event, not the news.
# Not the verb ("Did they release it yet?" asks whether it is out now).
_PAST_ASKED_EVENT = re.compile(
    r"(\bdid\b[^?.!]*?\b(?:his|her|its|their|our|my|your|the|a|an|that|this)\s+"
    r"(?:[\w.-]+\s+){0,2}?)(?:announcements?|releases?|news)\b",
    re.IGNORECASE,
)


def without_past_events(text: str) -> str:
    """`text` without the releases, announcements and news its age marks as past ("an older
    release", "the previous stable release") or a past change came in ("Which release added
    X?"), any release ("each release", "a release with only bug fixes"), the releases the
    asker makes ("to cut a new release"), the parts of the work of
    releasing ("the release script", "a release post"), and the "still" of a past
    state ("How many issues were still open after the audit?", "Was it still running
    then?")."""
    text = _RELEASE_WORK.sub(" ", _PAST_RELEASE.sub(" ", _PAST_EVENT.sub(" ", text)))
    text = _ANY_RELEASE.sub(" ", text)
    text = _RELEASE_PART.sub(" ", _PAST_ASKED_EVENT.sub(r"\1", without_relative_clauses(text)))
    return _PAST_STILL.sub(r"\1", text)


def asking_sentence(text: str) -> str:
    """The sentence of `text` that asks: the last one ending in "?", else the last one."""
    sentences = [sentence for sentence in _SENTENCE_END.split(text.strip()) if sentence]
    asking = [sentence for sentence in sentences if sentence.rstrip().endswith("?")]
    return (asking or sentences or [""])[-1]


def asks_how_to(text: str) -> bool:
    """`text` asks for a procedure ("How do I ...", "how can we ...", "how to ...", "Which
    command ..."), after any sentence telling the situation ("The state is still locked. How
    do I release it?"): a release in it is the procedure's object and its "current", "latest"
    or "still" the state the procedure works on, not the news or the present asked about."""
    return bool(_HOW_TO.match(asking_sentence(text)))


def asks_rule_reach(text: str) -> bool:
    """`text` asks whether a case falls within a rule ("Does it count towards this month's
    ARR?", "and still count as early-career?", "do I qualify for ..."): a definition."""
    return bool(_RULE_REACH.search(asking_sentence(text)))


def asks_own_case(text: str) -> bool:
    """`text` asks what a rule does in the asker's own case, set as its condition ("If my
    bank details change on the 20th, will it make this month's payroll?"), unless the
    condition says what the asker wants to know ("If I need the latest figures, ...")."""
    asking = asking_sentence(text)
    return bool(_OWN_CONDITION.match(asking)) and not _WANTS_TO_KNOW.search(asking)


def without_asker_case(text: str) -> str:
    """`text` without the first-person statements that tell the asker's case before the
    question ("I'm ill this morning.", "I'll be abroad this summer.", "I'm starting next month
    in the US:"), unless they say what the asker wants to know ("I need the latest figures."),
    and then without the "still" of the asker's own modal ("Can I still expense it?")."""
    clauses = _CLAUSE_END.split(text)
    kept = [
        clause
        for index, clause in enumerate(clauses)
        if index == len(clauses) - 1
        or clause.rstrip().endswith("?")
        or not _ASKER_CASE.match(clause)
        or _WANTS_TO_KNOW.search(clause)
    ]
    told = len(kept) < len(clauses)
    return " ".join(_OWN_STILL.sub(r"\1", clause) if told else clause for clause in kept)


def without_licensing(text: str) -> str:
    """`text` without "release" in the sentences naming a licence ("released under the MIT
    licence"): the terms it is published under, not a release event."""
    return _LICENSED.sub(lambda match: _RELEASE_WORD.sub(" ", match.group()), text)


def without_past_payments(text: str) -> str:
    """`text` without the money verbs of a past-tense question about what something cost or
    was paid ("What did the offsite cost?", "How much was it?"): a record, not a price."""
    return _PAST_PAYMENT.sub(lambda match: match.group(1) or " ", without_claimed_costs(text))


# What a claim or a reimbursement is for ("reimburse for IVF or other family-building costs",
# "claim travel expenses", 健康診断の費用は何で請求, 費用を精算): the kind of expense a rule
# covers, not a price asked.
_CLAIM_VERB = re.compile(
    r"\b(?:reimburs\w*|refund(?:s|ed|ing)?|claim(?:s|ed|ing)?|expens(?:e|ed|ing)\s+(?!is|are))",
    re.IGNORECASE,
)
_CLAIMED_COST = re.compile(r"\b(?:costs|expenses|the\s+cost)\b", re.IGNORECASE)
_CLAIMED_COST_CJK = re.compile(r"費用(?=[^？?。!！]{0,12}(?:請求|精算|払い戻|申請|立て替え))")


def without_claimed_costs(text: str) -> str:
    """`text` without the cost words of a sentence about claiming or reimbursing them
    ("What's the most the company will reimburse for family-building costs?"): the rule's
    expense, not a price that moves. A price asked beside it ("how much does it cost") stays."""
    sentences = _SENTENCE_END.split(text)
    kept = [
        _CLAIMED_COST.sub(" ", sentence) if _CLAIM_VERB.search(sentence) else sentence
        for sentence in sentences
    ]
    return _CLAIMED_COST_CJK.sub(" ", " ".join(kept))

"""Word tokens for ranking (lowercase, stopwords dropped, light stemming) and the passages
query snippets are cut from (the snippets themselves: `swarm.wiki.snippet_window`).

Shared by the BM25 index, the offline model, passage selection and web relevance: one
tokenizer and one STOPWORDS for all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarm.wiki.cjk_words import usual_width
from swarm.wiki.snippet_split import split_snippet_passages

__all__ = [
    "STOPWORDS",
    "content_words",
    "page_passages",
    "query_tokens",
    "stem",
    "tokenize",
    "word_bytes",
    "words",
]

_MAX_TOKEN_CHARS = 40
_SNIPPET_SCAN_CHARS = 200_000  # snippets look at the first 200k chars of a huge page

STOPWORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been
    before being below between both but by can could did do does doing down during each few
    for from further had has have having he her here hers herself him himself his how i if in
    into is it its itself just me onto more most my myself no nor not now of off on once only or
    other our ours ourselves out over own same she should so some such than that the their
    theirs them themselves then there these they this those through to too under until up
    very was we were what when where which while who whom why will with would you your yours
    yourself yourselves tell please""".split()
)

_WORD_RE = re.compile(r"[^\W_]+")
# Scripts written without spaces between words (Han, Hiragana, Katakana) and Hangul, whose
# words carry their particles: a run of them is indexed as overlapping character bigrams
# (as Lucene's CJK analyzer does), so the query 学生券 finds the page holding 学生券的价格.
# The iteration marks 々 and 〆 are kanji (人々, 締切 as 〆切).
_CJK_RUN = re.compile(
    "[\u1100-\u11ff\u3005\u3006\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff66-\uff9f\U00020000-\U0002fa1f]+"
)
# Text splits on this table (every ASCII byte that is not a letter or digit becomes a space,
# an ASCII capital its small letter, and str.split() then gives the runs between) about twice
# as fast as the regex, with the same words: for ASCII, [^\W_] is [a-z0-9]. The UTF-8 bytes
# of other characters (all >= 0x80) pass through it unchanged.
_UTF8_SEPARATORS = bytes(
    code if code >= 128 or chr(code).isalnum() else ord(" ") for code in range(256)
).translate(bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz"))
# The characters outside ASCII that are no letter or digit (dashes, curly quotes, no-break
# spaces, symbols, lone surrogates) become spaces before the table: [^\W_] is str.isalnum()
# for one character, as \w less "_" is, and no letter or digit is whitespace.
_NON_ASCII_SEPARATOR = re.compile(r"[^\x00-\x7f\w]+")
# A text with few characters outside ASCII (its UTF-8 bytes less its length, below 1/16 of
# the length) is split as ASCII, and only its runs with other characters as above
# (`_mostly_ascii_words`): the regex and str.lower() over all of a long page cost ~30 ns a
# character, most of a build's tokenizing when pages carry a few dashes or quotes.
_MOSTLY_ASCII_RATIO = 16
_HIGH_BYTE_MASK = bytes(0x80 if code >= 0x80 else 0 for code in range(256))
_CAPITAL_SIGMA = "\u03a3"  # lowered as final ς or σ by what is around it (str.lower)
_HIRAGANA_ONLY = re.compile("[\u3040-\u309f]+").fullmatch
_STEM_CACHE: dict[str, str] = {}
_STEM_CACHE_MAX = 500_000


# --- tokens -------------------------------------------------------------------------------


def words(text: str) -> list[str]:
    """The lowercased Unicode words of `text` (runs of letters and digits), in order; a run
    of CJK characters gives its character bigrams (a lone character stands alone); fullwidth
    and halfwidth forms are read as their usual characters (ＰＴＯ is pto: `usual_width`).

    The same words as the regex `[^\\W_]+` over the lowercased text, found by a byte table
    and str.split() (see `_UTF8_SEPARATORS`)."""
    if text.isascii():
        return text.encode("ascii").translate(_UTF8_SEPARATORS).decode("ascii").split()
    data = _mostly_ascii_data(text)
    return _unicode_words(text) if data is None else _mostly_ascii_words(data)


def _mostly_ascii_data(text: str) -> bytes | None:
    """A non-ASCII `text`'s UTF-8 bytes through the separator table when it is mostly ASCII
    (the run-by-run route of `words` and `word_bytes`), else None: the whole-text route (a
    capital sigma, a lone surrogate, or much text outside ASCII)."""
    if _CAPITAL_SIGMA in text:
        return None
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: the whole-text route drops it
        return None
    if (len(data) - len(text)) * _MOSTLY_ASCII_RATIO < len(text):
        return data.translate(_UTF8_SEPARATORS)
    return None


def _unicode_words(text: str) -> list[str]:
    """`words` of any text: lowercased, other separators made spaces, then the table."""
    lowered = _NON_ASCII_SEPARATOR.sub(" ", usual_width(text).lower())
    # Only letters and digits are left outside ASCII (no lone surrogate: UTF-8 encodes them).
    found = lowered.encode("utf-8").translate(_UTF8_SEPARATORS).decode("utf-8").split()
    if lowered.isascii() or not _CJK_RUN.search(lowered):
        return found
    return [piece for word in found for piece in _split_cjk(word)]


def _mostly_ascii_words(data: bytes) -> list[str]:
    """`words` of a text that is mostly ASCII, from its UTF-8 bytes through the table: the
    runs between spaces that hold no byte over 0x7f are words as they are; each other run
    (found by `bytes.find` on a mask, so the cost is per such run, not per character) goes
    through `_unicode_words` alone. The same words as over the whole text: str.lower() maps
    each character on its own (but a capital sigma, which `words` sends the whole-text way)
    and never to an ASCII separator, so lowering run by run lowers the same characters."""
    found: list[str] = []
    for ascii_run, other in _runs(data):
        found += ascii_run.decode("ascii").split()
        if other:
            found += _unicode_words(other)
    return found


def _runs(data: bytes) -> Iterator[tuple[bytes, str]]:
    """`data` (UTF-8 through the separator table) cut into (ASCII bytes, the space-bounded
    run after them holding a byte over 0x7f, decoded), in order; the last has no such run
    (""). Each such run is found by `bytes.find` on a mask: the cost is per run."""
    mask = data.translate(_HIGH_BYTE_MASK)
    high = mask.find(b"\x80")
    position = 0
    while high >= 0:
        start = data.rfind(b" ", position, high) + 1
        end = data.find(b" ", high)
        if end < 0:
            end = len(data)
        yield data[position:start], data[start:end].decode("utf-8")
        position = end
        high = mask.find(b"\x80", end)
    yield data[position:], ""


def word_bytes(text: str) -> bytes:
    """`words(text)` as UTF-8 bytes between runs of ASCII spaces (no word holds a space):
    `[w.decode() for w in word_bytes(text).split()] == words(text)`. An index build reads its
    tokens from these bytes in bulk (`swarm.wiki.bm25_encode`) rather than as one string
    object each; the same routes as `words`, so the same words."""
    if text.isascii():
        return text.encode("ascii").translate(_UTF8_SEPARATORS)
    data = _mostly_ascii_data(text)
    if data is None:
        return " ".join(_unicode_words(text)).encode("utf-8")
    return _mostly_ascii_bytes(data)


def _mostly_ascii_bytes(data: bytes) -> bytes:
    """`_mostly_ascii_words` as `word_bytes` gives them: the ASCII runs kept as they are,
    each run holding a byte over 0x7f replaced by its `_unicode_words` (each run is cut at
    spaces, so the pieces joined stay apart)."""
    parts: list[bytes] = []
    for ascii_run, other in _runs(data):
        parts.append(ascii_run)
        if other:
            parts.append(" ".join(_unicode_words(other)).encode("utf-8"))
    return b"".join(parts)


def _split_cjk(word: str) -> list[str]:
    """`word` with each CJK run replaced by its bigrams: 学生券 → 学生, 生券."""
    pieces: list[str] = []
    position = 0
    for match in _CJK_RUN.finditer(word):
        if match.start() > position:
            pieces.append(word[position : match.start()])
        run = match.group()
        pieces.extend([run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)])
        position = match.end()
    if position < len(word):
        pieces.append(word[position:])
    return pieces


def stem(word: str) -> str:
    """A light English suffix stripper: plurals (French -eux, -aux too), -ing, -ed, final -e.
    "" drops the word.

    Forms of one word meet on one stem: "stopped", "stopping" and "stop" (a doubled final
    consonant is undoubled); "giving", "gives" and "give" (a short stem gets its -e back);
    "URIs", "VMs" and "URI", "VM" (an acronym's plural); "applied" and "apply"."""
    if word in STOPWORDS or len(word) > _MAX_TOKEN_CHARS:
        return ""
    if len(word) == 1:
        # A lone letter is noise in English ("a", "s"); a lone CJK character is a word.
        return word if word.isdigit() or _CJK_RUN.match(word) else ""
    if not word.isalpha():
        return word
    if len(word) <= 3:
        # "vms", "ids", "ips": a two-letter acronym's plural (a vowel before the s: "gas").
        if len(word) == 3 and word[2] == "s" and word[1] not in _VOWELS_S:
            return word[:2]
        return word
    word = _singular(word)
    word = _without_ing_ed(word)
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


_VOWELS = frozenset("aeiouy")
_VOWELS_S = _VOWELS | {"s"}


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes")):
        return word[:-2]  # "classes", "boxes", "fixes"
    if word.endswith(("eux", "aux")):
        return word[:-1]  # French plurals in -x: "jeux", "tableaux", "lieux" (and "faux")
    # "-us" and "-ss" are not plurals (status, class); "-is" is not in a longer word
    # (analysis, basis), but "URIs", "APIs" are.
    if word.endswith("s") and not word.endswith(("ss", "us")):
        return word if word.endswith("is") and len(word) > 4 else word[:-1]
    return word


def _without_ing_ed(word: str) -> str:
    if word.endswith("ing") and len(word) >= 5:
        stripped = word[:-3]
    elif word.endswith("ied") and len(word) > 4:
        return word[:-3] + "y"  # "applied" → "apply"
    elif word.endswith("ed") and len(word) >= 4 and not (word.endswith("eed") and len(word) < 6):
        stripped = word[:-2]  # not "need", "speed"; "agreed" → "agre" as "agree" is
    else:
        return word
    if len(stripped) < 2 or not _VOWELS.intersection(stripped):
        return word  # "thing", "bring", "shed"
    if _short_stem(stripped):
        return stripped + "e"  # "giving" → "give", "used" → "use"
    if len(word) == 4:
        return word  # "tied", "owed": too short to tell
    return _undoubled(stripped)


def _short_stem(stem: str) -> bool:
    """A stem of two or three letters ending vowel + consonant (not w, x, y): "giv", "mak",
    "us" lost an -e with their -ing / -ed ("give", "make", "use" keep theirs)."""
    return (
        len(stem) <= 3
        and stem[-1] not in "aeiouwxy"
        and stem[-2] in _VOWELS
        and (len(stem) == 2 or stem[-3] not in _VOWELS)
    )


def _undoubled(stem: str) -> str:
    """A doubled final consonant undoubled: "stopp" → "stop"; "install", "add" stay."""
    if len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in "aeioulsz":
        return stem[:-1]
    return stem


def tokenize(text: str) -> list[str]:
    """Lowercase Unicode word tokens, stopwords and single letters dropped, lightly
    stemmed, numbers kept. The same function serves documents and queries."""
    stems = _STEM_CACHE
    tokens: list[str] = []
    for word in words(text):
        stemmed = stems.get(word)
        if stemmed is None:
            stemmed = stem(word)
            if len(stems) < _STEM_CACHE_MAX:
                stems[word] = stemmed
        if stemmed:
            tokens.append(stemmed)
    return tokens


def query_tokens(query: str) -> list[str]:
    """`tokenize(query)` for ranking, less a CJK question's asking, unless nothing else is
    left: its hiragana bigrams (in Japanese hiragana writes the asking, いつ, いくつ, どの,
    ですか, the particles and the endings; the words asked about are in kanji, katakana or
    Latin) and the bigrams and characters of its question phrases (何日, 誰, 多少, 얼마)."""
    tokens = tokenize(query)
    if query.isascii() or not _CJK_RUN.search(query):
        return tokens
    # Imported here: swarm.models loads the settings, which a ranking of other text needs not.
    from swarm.models.cjk_question import cjk_question_phrase, cjk_question_wording

    asking = cjk_question_wording(query)
    kept = [
        token
        for token in tokens
        if not (_HIRAGANA_ONLY(token) or token in asking or cjk_question_phrase(token))
    ]
    return kept or tokens


def content_words(text: str) -> set[str]:
    """The distinct tokens of `text` (see `tokenize`)."""
    return set(tokenize(text))


# --- snippets -----------------------------------------------------------------------------


def page_passages(text: str, *, share: bool = True) -> list[tuple[str, bool]]:
    """(passage, is_heading) in page order for snippets, as the one passage splitter
    (`swarm.wiki.passages`) gives them, over the first 200k characters of a huge page. A page
    in plain markdown is read by the splitter's fast path (`swarm.wiki.snippet_split`, the
    same passages without a markdown-it parse), any other by the splitter itself. `share`:
    keep the page's blocks for the answer step's split of its excerpt (`snippet_shared`)."""
    return split_snippet_passages(text[:_SNIPPET_SCAN_CHARS], share=share)

"""CJK question wording, for the offline answers: the bigrams of a Chinese, Japanese or Korean
question that ask rather than name (question phrases, particles, words spanning a boundary).
"""

from __future__ import annotations

from collections.abc import Iterable

from swarm.lazy_re import lazy_compile

__all__ = [
    "cjk_asks_twice",
    "cjk_junctions",
    "cjk_polar",
    "cjk_question_phrase",
    "cjk_question_wording",
    "cjk_scaffold",
    "cjk_unstated",
    "japanese",
]

# Chinese and Japanese function characters (particles, question marks, copulas, the modals
# 能 / 要, the adverbs 才 / 也 / 就) and the question phrases of both: a CJK bigram holding
# one spans a word boundary ("坐高", "票能", "車は") or asks rather than names ("多少",
# "现在"), so it is no content word of a question.
_CJK_FUNCTION = frozenset("的了吗呢吧么什怎哪谁几是还和与把被给们我你呀啊嗎麼能要才也就")
_HIRAGANA = lazy_compile("[\u3040-\u309f]")
_CJK_QUESTION_BIGRAMS = frozenset("多少 少钱 现在 可以 能买 何か いく くら".split())


# A question holding kana is Japanese: its kanji are no Chinese function characters (必要
# is "necessary", not the modal 要; 目的 is "aim").
_KANA = lazy_compile("[\u3040-\u30ff]")


def cjk_scaffold(token: str, question: str = "") -> bool:
    """A CJK bigram of question wording: a question phrase or, in a question without kana,
    a Chinese function character."""
    if token in _CJK_QUESTION_BIGRAMS:
        return True
    return not japanese(question) and any(char in _CJK_FUNCTION for char in token)


# Chinese asking that Japanese never writes (吗, 么, 呢, 哪, 谁...): a question holding one
# is Chinese, even when it quotes Japanese (「帰る」是二类动词吗？).
_CHINESE_ASKING = lazy_compile("[吗么们这哪谁没还呢吧嗎麼們這]")


def japanese(question: str) -> bool:
    """`question` writes kana and no Chinese asking: it is Japanese."""
    return _KANA.search(question) is not None and _CHINESE_ASKING.search(question) is None


def cjk_polar(question: str) -> bool:
    """A Japanese yes-or-no question: no question phrase (何, いつ, どう...) in it."""
    return japanese(question) and _CJK_QUESTION_PHRASE.search(question) is None


_CLAUSE_BREAK = lazy_compile("[、，,。？?！!]")


def cjk_asks_twice(question: str) -> bool:
    """A CJK question asking two things: question phrases in two of its clauses (いくつあって、
    まとめて何と呼ばれて; いつ、どういう理由で), not one phrase repeated (何月何日)."""
    asking = [
        clause
        for clause in _CLAUSE_BREAK.split(question)
        if _CJK_QUESTION_PHRASE.search(clause) is not None
    ]
    return len(asking) > 1


def cjk_junctions(question_words: Iterable[str], vocabulary: frozenset[str]) -> frozenset[str]:
    """CJK bigrams of the question on no page read that share a character with one that is
    ("坐高" next to "高铁"), or that hold hiragana (a Japanese particle or ending: "での"):
    they span a word boundary, so they are no word the wiki could state. A bigram with no
    found neighbour ("洛阳" absent) stays."""
    cjk = [word for word in question_words if len(word) == 2 and not word.isascii()]
    found_chars = {char for word in cjk if word in vocabulary for char in word}
    return frozenset(
        word
        for word in cjk
        if word not in vocabulary and (set(word) & found_chars or _HIRAGANA.search(word))
    )


# Question phrases of Chinese, Japanese and Korean ("how much", "which", "where", "how"...):
# a bigram of the question overlapping one ("有多" of 有多少, "炖多" of 炖多长时间) asks
# rather than names.
_CJK_QUESTION_PHRASES = (
    "多长时间 多少钱 多少 多长 多久 多大 多远 多高 多重 哪儿 哪里 哪個 哪个 哪些 几 幾 "
    "什么 什麼 怎么 怎麼 怎样 怎樣 哪 谁 誰 为什么 為什麼 吗 嗎 呢 "
    "いくら いくつ 何 どこ いつ どう どっち どちら どれ どの だれ どなた どんな なぜ "
    "얼마나 얼마 어디 어떻게 어떤 언제 무엇 뭐 몇 누구 왜 어느"
).split()
_CJK_QUESTION_PHRASE = lazy_compile("|".join(sorted(_CJK_QUESTION_PHRASES, key=len, reverse=True)))
_QUESTION_PHRASE_SET = frozenset(_CJK_QUESTION_PHRASES)


def cjk_question_phrase(token: str) -> bool:
    """A CJK token that is a question phrase whole: 何, 誰, 几, 多少, 얼마."""
    return token in _QUESTION_PHRASE_SET


# Japanese particles: a bigram joining one to a kanji or katakana ("スの", "語は", "に座")
# spans the boundary between a word and its particle.
_PARTICLES = frozenset("のはがをにでともへやか")
_KANJI_KANA = lazy_compile("[\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
# Korean particles and polite endings a word carries ("서울에서", "걸려요"): the bigrams they
# make with the word's stem are no words.
_HANGUL_WORD = lazy_compile("[\uac00-\ud7a3]+")
_HANGUL_SUFFIX = lazy_compile(
    "(에서|에게|까지|부터|으로|이에요|예요|해요|어요|아요|나요|까요|습니까|세요|로|은|는|이|가|을|를|의|도|만|요)$"
)
_CJK_RUN = lazy_compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]+")
# Japanese wording with no word in it: a request (教えてください), the compound particles
# (について, によって, として, における), and the hiragana that ends a question asking what,
# who, when... (its verb's endings and the asking: ですか, されますか, ればいいですか); a
# yes-or-no question's ending is what it asks (スポンサーになってもらえますか).
_KANA_WORDING = lazy_compile(
    "教えて(?:くだ|下)さい|"
    "(?:について|につき|において|における|によって|により|による|として|に関して|に関する)"
)
_KANA_ENDING = lazy_compile("[\u3040-\u309f]+(?=[\\s?？。!！]*$)")
# Japanese grammar written in hiragana inside a question: conjunctive endings (たら, ても,
# ので, とき), auxiliaries (ている, たい, られる), light verbs (する, できる, ある, なる) and
# particles (には, から, まで, の, を): a bigram of hiragana wholly within them is no word.
_KANA_GRAMMAR_WORDS = (
    "ったら たら とき ると れば ければ ても でも ては って ので のに ですが けど けれど ながら "
    "ために ため ように ような よう こと もの たい たく ている ていた ていて てい ます ました "
    "です でした でしょう だった られる られ れる させ せる する して した します しま される "
    "された できる できて でき ある あり あって あっ いる いま なる なり なっ には では とは "
    "にも への での との から まで より だけ しか ほど くらい ぐらい など の を が は に で"
).split()


def _kana_grammar(question: str) -> set[int]:
    """The places of `question` within one of its grammar words, read at every place (the
    words overlap: のですが is の, ので and ですが)."""
    return {
        place
        for start in range(len(question))
        for word in _KANA_GRAMMAR_WORDS
        if question.startswith(word, start)
        for place in range(start, start + len(word))
    }


_HIRAGANA_PAIR = lazy_compile("[\u3040-\u309f]{2}")


def _bigrams(run: str) -> list[tuple[int, str]]:
    return [(i, run[i : i + 2]) for i in range(len(run) - 1)]


def cjk_question_wording(question: str) -> frozenset[str]:
    """The bigrams of `question` that overlap one of its question phrases, join a Japanese
    particle to a word, lie in Japanese wording (`_KANA_WORDING`), or join a Korean particle
    or ending to its word's stem, unless the same bigram is also written elsewhere in the
    question as a word of its own."""
    if question.isascii():
        return frozenset()  # no CJK run, no Hangul word: nothing below is read
    asking: set[str] = set()
    naming: set[str] = set()
    wording = [(m.start(), m.end()) for m in _KANA_WORDING.finditer(question.strip())]
    grammar = _kana_grammar(question.strip())
    if not cjk_polar(question):
        wording += [(m.start(), m.end()) for m in _KANA_ENDING.finditer(question.strip())]
    for match in _CJK_RUN.finditer(question.strip()):
        run = match.group()
        phrases = [(m.start(), m.end()) for m in _CJK_QUESTION_PHRASE.finditer(run)]
        for at, bigram in _bigrams(run):
            place = match.start() + at
            overlaps = any(start < at + 2 and at < end for start, end in phrases) or any(
                start <= place and place + 2 <= end for start, end in wording
            )
            overlaps |= bool(_HIRAGANA_PAIR.fullmatch(bigram)) and {place, place + 1} <= grammar
            particle = any(char in _PARTICLES for char in bigram) and bool(
                _KANJI_KANA.search(bigram)
            )
            (asking if overlaps or particle else naming).add(bigram)
    for match in _HANGUL_WORD.finditer(question):
        word = match.group()
        stem = _HANGUL_SUFFIX.sub("", word)
        if stem != word:  # a bare ending ("어떻게 해요") is no word at all
            tail = {bigram for at, bigram in _bigrams(word) if at + 2 > len(stem)}
            asking |= tail
            naming -= tail
    return frozenset(asking - naming)


_HAN = lazy_compile("[\u3400-\u4dbf\u4e00-\u9fff]")
# Chinese light verbs and prepositions (have, be at, to, go, come, use, do): no word to state.
_LIGHT_HAN = frozenset("有在到去来用做给")


def cjk_unstated(question: str, kept: frozenset[str], text: str) -> frozenset[str]:
    """Han characters of `question` that none of its kept words holds (one-character verbs
    such as 煮 or 加, whose bigrams were dropped as junctions) and that `text` never writes:
    the question asks about something the text does not say."""
    held = {char for word in kept for char in word}
    asking = {char for phrase in _CJK_QUESTION_PHRASES for char in phrase}
    skip = held | asking | _CJK_FUNCTION | _LIGHT_HAN
    return frozenset(_HAN.findall(question)) - skip - set(_HAN.findall(text))

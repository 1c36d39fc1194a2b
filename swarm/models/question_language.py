"""A question's language, for the offline answers: Spanish, French, German, Italian and
Portuguese questions read as English ones are. Their function words and interrogatives are no
content words a passage must state (as English stopwords are not), their interrogatives ask for
the kinds of answer English ones do (cuándo, quand, wann: a date), and their negations and
opposites count as English ones do. An English question is read as before.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass
from functools import lru_cache

from bm25s import stopwords as _lists

from swarm.wiki.tokens import STOPWORDS, tokenize, words

__all__ = ["ENGLISH", "QuestionLanguage", "question_language"]


def _fold(text: str) -> str:
    """Lowercase `text` without its accents ("Cuánto" -> "cuanto", "où" -> "ou")."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


# Interrogatives and question phrasing each language adds to its stopword list (Snowball's,
# as bm25s ships them), and the words that say "not".
_INTERROGATIVES = {
    "es": "qué cuál cuáles quién quiénes cuándo cuánto cuánta cuántos cuántas dónde adónde "
    "cómo dime hago hace hacemos hacer",
    "fr": "quand où combien quel quelle quels quelles comment pourquoi qui que quoi lequel "
    "laquelle lesquels lesquelles est-ce fais fait faire",
    "de": "wann wo wohin woher wer wen wem wessen was welche welcher welches welchen welchem "
    "wie warum wieso weshalb viel viele",
    "it": "quando dove chi cosa che quale quali quanto quanta quanti quante come perché",
    "pt": "quando onde aonde quem que qual quais quanto quanta quantos quantas como porque quê "
    "faço faz fazer",
}
# Words asking for an amount of money (price, cost, pay, charge, fee), as English's MONEY:
# a currency amount states them.
_MONEY = {
    "es": "precio precios coste costes costo cuesta cuestan costó costaron pagar pago paga "
    "pagamos pagué pagan cobra cobran cobró importe",
    "fr": "prix coût coûte coûtent coûté payer paie paye payé payons facture facturé tarif",
    "de": "preis preise kosten kostet kostete bezahlen zahlen zahle zahlt bezahlt gebühr",
    "it": "prezzo prezzi costo costa costano costato pagare pago paga paghiamo pagato",
    "pt": "preço preços custo custa custam custou pagar pago paga pagamos paguei cobra",
}
# Words asking for a count or a number, as English's COUNTING ("number", "total"): any
# figure states them.
_COUNTING = {
    "es": "número números total cantidad tamaño",
    "fr": "nombre numéro numéros total quantité taille",
    "de": "anzahl nummer gesamt insgesamt menge größe",
    "it": "numero numeri totale quantità dimensione",
    "pt": "número números total quantidade tamanho",
}
# "¿Cómo se llama...?", "Comment s'appelle...", "Wie heißt...": the verb of a naming question
# is no word the answer writes ("What is X called": "called").
_NAMING = {
    "es": r"\bcómo\s+se\s+(llam\w*)",
    "fr": r"\bcomment\s+(?:s'|se\s+)?(appel\w*)",
    "de": r"\bwie\s+(hei(?:ß|ss)\w*)",
    "it": r"\bcome\s+si\s+(chiam\w*)",
    "pt": r"\bcomo\s+se\s+(cham\w*)",
}
_STOPWORDS = {
    "es": _lists.STOPWORDS_SPANISH,
    "fr": _lists.STOPWORDS_FRENCH,
    "de": _lists.STOPWORDS_GERMAN,
    "it": _lists.STOPWORDS_ITALIAN,
    "pt": _lists.STOPWORDS_PORTUGUESE,
}
_NEGATIONS = {
    "es": "no nunca jamás sin ni ningún ninguna ninguno nada",
    "fr": "ne pas non jamais sans aucun aucune ni rien",
    "de": "nicht kein keine keinen keinem keiner keines nie niemals ohne weder",
    "it": "non mai senza nessun nessuno nessuna né niente",
    "pt": "não nunca jamais sem nem nenhum nenhuma nada",
}
# Opposites a near-miss question swaps (before/after, first/last, most/least...).
_OPPOSITES = {
    "es": "antes:después primero:último primera:última mayor:menor máximo:mínimo "
    "encima:debajo dentro:fuera norte:sur",
    "fr": "avant:après premier:dernier première:dernière maximum:minimum dessus:dessous "
    "dedans:dehors nord:sud",
    "de": "vor:nach vorher:nachher erste:letzte ersten:letzten maximal:minimal über:unter "
    "innen:außen nord:süd",
    "it": "prima:dopo primo:ultimo prima:ultima massimo:minimo sopra:sotto dentro:fuori nord:sud",
    "pt": "antes:depois primeiro:último primeira:última maior:menor máximo:mínimo "
    "acima:abaixo dentro:fora norte:sul",
}
# What each language's interrogatives ask for, on the accent-folded question: the kinds of
# answer English asks for with when / how many / how much / where / who / why. A word that is
# also a conjunction ("cuando", "quando", "come", "wie") asks only opening the question or a
# clause (`_OPEN`), as English "when" does.
_OPEN = r"(?:^|[¿¡,;:.?!]\s*)\W*(?:(?:y|e|et|und|pero|mais|ma|mas|aber)\s+)?"
_KINDS: dict[str, tuple[tuple[str, str], ...]] = {
    "es": (
        (
            "date",
            r"\bcuándo\b|" + _OPEN + r"(?:(?:hasta|desde|para)\s+)?cuando\b|"
            r"\b(?:en\s+)?qué\s+(?:año|fecha|día|mes|hora)\b|\b(?:en\s+)?que\s+(?:año|fecha)\b",
        ),
        ("count", r"\bcuánt[oa]s\b|" + _OPEN + r"(?:(?:a|en|de|con|por|para)\s+)?cuant[oa]s\b"),
        (
            "figure",
            r"\bcuánt[oa]\b|" + _OPEN + r"(?:(?:a|en|de|con|por|para|hasta)\s+)?"
            r"cuant[oa]\b|\bqué\s+(?:porcentaje|tamaño|precio)\b",
        ),
        (
            "place",
            r"\ba?dónde\b|" + _OPEN + r"(?:(?:de|desde|hasta|por|hacia)\s+)?a?donde\b|"
            r"\bqué\s+(?:ciudad|país|pueblo|lugar|sitio)\b",
        ),
        ("person", r"\bquién(?:es)?\b|" + _OPEN + r"(?:(?:a|de|con|para|por)\s+)?quien(?:es)?\b"),
        ("reason", r"\bpor\s+qué\b|" + _OPEN + r"por\s+que\b"),
    ),
    "fr": (
        (
            "date",
            _OPEN + r"(?:(?:jusqu'|depuis|d')\s*)?quand\b|\bquelle?s?\s+(?:année|date|jour|"
            r"mois|heure)\b|\b(?:en|à)\s+quelle\s+(?:année|heure|date)\b",
        ),
        ("count", r"\bcombien\s+(?:de|d')"),
        ("figure", r"\bcombien\b|\bquel(?:le)?\s+(?:pourcentage|taille|prix)\b"),
        ("place", r"\boù\b|\b(?:dans|à)\s+quel(?:le)?\s+(?:ville|pays|endroit|lieu)\b"),
        ("person", _OPEN + r"(?:(?:à|de|avec|par|pour|chez)\s+)?qui\b"),
        ("reason", r"\bpourquoi\b"),
    ),
    "de": (
        (
            "date",
            r"\bwann\b|\bseit\s+wann\b|\b(?:in\s+)?welche[mnrs]?\s+(?:jahr|datum|tag|monat|"
            r"uhrzeit)\b|\bum\s+wie\s*viel\s+uhr\b",
        ),
        ("count", r"\bwie\s*viele\b"),
        (
            "figure",
            r"\bwie\s*viel\b|\bwie\s+(?:lange?|alt|oft|weit|hoch|groß|gross|teuer|schwer|"
            r"schnell|tief|breit)\b",
        ),
        ("place", r"\bwo(?:hin|her)?\b|\bin\s+welche[mnrs]?\s+(?:stadt|land|ort)\b"),
        ("person", r"\bwe(?:r|n|m|ssen)\b"),
        ("reason", r"\b(?:warum|wieso|weshalb|weswegen)\b"),
    ),
    "it": (
        (
            "date",
            _OPEN + r"(?:(?:da|fino\s+a)\s+)?quando\b|\b(?:in\s+)?(?:che|quale)\s+(?:anno|"
            r"data|giorno|mese)\b|\ba\s+che\s+ora\b",
        ),
        ("count", r"\bquant[ie]\b"),
        ("figure", r"\bquant[oa]\b|\bquale\s+(?:percentuale|prezzo)\b"),
        ("place", r"\bdove\b|\bin\s+quale\s+(?:città|paese|luogo)\b"),
        ("person", _OPEN + r"(?:(?:a|di|da|con|per)\s+)?chi\b"),
        ("reason", _OPEN + r"perché\b"),
    ),
    "pt": (
        (
            "date",
            _OPEN + r"(?:(?:até|desde)\s+)?quando\b|\b(?:em\s+)?(?:que|qual)\s+(?:ano|data|"
            r"dia|mês)\b|\ba\s+que\s+horas\b",
        ),
        ("count", r"\bquant[oa]s\b"),
        ("figure", r"\bquant[oa]\b|\bqual\s+(?:a\s+)?(?:percentagem|porcentagem|preço)\b"),
        ("place", r"\bonde\b|\baonde\b|\bem\s+que\s+(?:cidade|país|lugar)\b"),
        ("person", r"\bquem\b"),
        ("reason", _OPEN + r"por\s*qu[eê]\b|\bpor\s+quê\b"),
    ),
}
# "¿Cómo funciona...?", "Comment faire...", "Wie stelle ich...": a question asking how opens
# with the word for "how"; one asking a name ("cómo se llama", "wie heißt") does not explain.
_HOW = {
    "es": r"^\W*(?:y\s+)?cómo\b(?!\s+se\s+llam)",
    "fr": r"^\W*comment\b(?!\s+(?:s'|se\s+)?appel|\s+dit-on)",
    "de": r"^\W*wie\b(?!\s*viele?\b|\s+(?:lange?|alt|oft|weit|hoch|groß|gross|teuer|schwer|"
    r"schnell|tief|breit|heißt|heisst|spät|spat)\b)",
    "it": r"^\W*come\b(?!\s+si\s+chiam)",
    "pt": r"^\W*como\b(?!\s+se\s+cham)",
}
# "¿En qué año...?", "quelle ville", "welcher Tag": the noun names the kind of answer asked
# for (a date, a place), as English "in what year" does; no word the passage must repeat.
_TYPE_NOUNS = {
    "es": r"\b(?:qué|que|cuál|cual)\s+(año|fecha|día|mes|hora|ciudad|país|pueblo|lugar|sitio|"
    r"porcentaje|tamaño)\b",
    "fr": r"\bquel(?:le)?s?\s+(année|an|date|jour|mois|heure|ville|pays|endroit|lieu|"
    r"pourcentage|taille)\b",
    "de": r"\bwelche[mnrs]?\s+(jahr|datum|tag|monat|uhrzeit|stadt|land|ort)\b",
    "it": r"\b(?:che|quale|quali)\s+(anno|data|giorno|mese|ora|città|paese|luogo|percentuale)\b",
    "pt": r"\b(?:que|qual)\s+(ano|data|dia|mês|hora|cidade|país|lugar|percentagem|porcentagem)\b",
}
# Prepositions a place follows ("en Valencia", "à Grenoble", "in München"), and the articles
# between ("a la Alhambra"): read as English "in", the where- and who-rules see the place.
_PLACE_PREPOSITIONS = {
    "es": ("en|a|al|desde|hacia", "el|la|los|las"),
    "fr": ("à|au|aux|en|dans|chez|vers", "le|la|les"),
    "de": ("in|im|am|an|bei|beim|nach|zu|zum|zur|auf|aus", "der|die|das|dem|den"),
    "it": ("a|in|nel|nella|nello|al|alla|allo|presso", "il|lo|la|i|gli|le"),
    "pt": ("em|no|na|nos|nas|ao|à", "o|a|os|as"),
}
# Verb endings (tense, participle, infinitive) the English stemmer leaves on: "fundó",
# "fundado" and "fundar" share the root "fund", "gegründet" and "gründete" share "gründ".
_VERB_ENDINGS = {
    "es": "ieron aron ábamos aban aba ando iendo ados adas idos idas ado ada ido ida aste iste "
    "amos emos imos ará erá irá ar er ir ió ó é í",
    "fr": "èrent aient ait ant ées és ée é er ir",
    "de": "eten ete test ten te et en st t",
    "it": "arono erono irono ato ata ati ate uto uta uti ute ito ita iti ite ando endo are ere "
    "ire ò ì è",
    "pt": "aram eram iram avam ava ando endo indo ados adas idos idas ado ada ido ida ou eu iu ar "
    "er ir amos emos imos",
}
_MIN_ROOT = 4
# Opening the question ("¿", "¡") says Spanish, whatever words follow.
_SPANISH_MARKS = re.compile("[¿¡]")
_MIN_HITS = 2


def _folded_set(text: str | tuple[str, ...]) -> frozenset[str]:
    items = text.split() if isinstance(text, str) else text
    return frozenset(_fold(item) for item in items)


_FUNCTION = {
    code: _folded_set(_STOPWORDS[code]) | _folded_set(_INTERROGATIVES[code]) for code in _STOPWORDS
}
_FUNCTION_TOKENS = {
    code: frozenset(
        token
        for word in (*_STOPWORDS[code], *_INTERROGATIVES[code].split())
        for token in tokenize(word)
    )
    for code in _STOPWORDS
}
_ENGLISH = frozenset(STOPWORDS) | frozenset(_lists.STOPWORDS_EN_PLUS)
_KIND_RULES = {
    code: tuple((kind, re.compile(rule, re.IGNORECASE)) for kind, rule in rules)
    for code, rules in _KINDS.items()
}
_HOW_RULES = {code: re.compile(rule, re.IGNORECASE) for code, rule in _HOW.items()}
_NAMING_RULES = {code: re.compile(rule, re.IGNORECASE) for code, rule in _NAMING.items()}
_ENDING_RULES = {
    code: re.compile("(" + "|".join(sorted(endings.split(), key=len, reverse=True)) + ")$")
    for code, endings in _VERB_ENDINGS.items()
}
_TYPE_RULES = {code: re.compile(rule, re.IGNORECASE) for code, rule in _TYPE_NOUNS.items()}
_PLACE_RULES = {
    code: re.compile(rf"(?<![\w'])(?:{preps})\s+(?:(?:{articles})\s+|l')?(?=[A-Z])", re.IGNORECASE)
    for code, (preps, articles) in _PLACE_PREPOSITIONS.items()
}
_OPENING_WORD = re.compile(r"(?:^|(?<=[.?!¿¡:;\n])|(?<=[.?!:;]\s))\s*([A-ZÀ-Ý][^\W\d_]*)")


@dataclass(frozen=True, slots=True)
class QuestionLanguage:
    """How a question's language reads it: `codes` (empty for English or a language not
    known), its function words and interrogatives (lowercase; a capitalised word within a
    sentence is a name) and their tokens (`function_tokens`, none of them a content word;
    `passage_tokens`: those of all the language's function words but the question's content
    words), the kinds of answer its interrogatives ask for, whether it asks
    for a person, a reason or a method, says "not", and the opposites of its words."""

    codes: tuple[str, ...] = ()
    function_words: frozenset[str] = frozenset()
    function_tokens: frozenset[str] = frozenset()
    passage_tokens: frozenset[str] = frozenset()
    money_tokens: frozenset[str] = frozenset()
    count_tokens: frozenset[str] = frozenset()
    kinds: frozenset[str] = frozenset()
    asks_person: bool = False
    needs_explanation: bool = False
    negated: bool = False
    negations: frozenset[str] = frozenset()
    opposites: frozenset[str] = frozenset()

    def without_function_words(self, names: Iterable[re.Match[str]]) -> Iterator[re.Match[str]]:
        """The capitalised words of the question (`names`, group 1 the word) that are no
        function word of its language ("¿Qué...", "La caldera...")."""
        return (name for name in names if name.group(1).lower() not in self.function_words)

    def says_not(self, text: str) -> bool:
        """`text` (a passage) holds a negation of the question's language ("sin", "ohne")."""
        return bool(self.negations) and bool(self.negations & set(words(text)))

    def as_english(self, text: str) -> str:
        """`text` (a passage) as the English rules read it: a capitalised function word
        opening a sentence ("El club...") in lowercase, as no name, and a place after its
        preposition ("en Valencia", "à Grenoble") after "in"."""
        if not self.codes:
            return text
        function = frozenset().union(*(_FUNCTION[code] for code in self.codes))
        text = _OPENING_WORD.sub(
            lambda m: m.group().lower() if _fold(m.group(1)) in function else m.group(), text
        )
        for code in self.codes:
            text = _PLACE_RULES[code].sub("in ", text)
        return text

    def word_forms(
        self, question_words: Iterable[str], vocabulary: Iterable[str]
    ) -> dict[str, list[frozenset[str]]]:
        """For each question word, the words of `vocabulary` with its root once a verb
        ending of the language is taken off both ("fundó" ~ "fundado", "gegründet" ~
        "gründete"); roots of at least four letters."""
        found: dict[str, list[frozenset[str]]] = {}
        roots = {word: root for word in question_words if (root := _root(word, self.codes))}
        if not self.codes or not roots:
            return found
        for other in vocabulary:
            other_root = _root(other, self.codes)
            for word, root in roots.items():
                if other_root == root and other != word:
                    found.setdefault(word, []).append(frozenset({other}))
        return found

    def content(self, tokens: Set[str]) -> frozenset[str]:
        """`tokens` (a passage's) without the tokens of the language's function words."""
        if not self.passage_tokens:  # English: the tokens as they are
            return tokens if isinstance(tokens, frozenset) else frozenset(tokens)
        return frozenset(tokens) - self.passage_tokens


ENGLISH = QuestionLanguage()


@lru_cache(maxsize=65_536)
def _root(word: str, codes: tuple[str, ...]) -> str:
    """`word` (a token) without a verb ending of `codes`' languages, accents folded ("" when
    the root is shorter than four letters or `word` is not a word of letters)."""
    if not word.isalpha() or len(word) <= _MIN_ROOT:
        return ""
    for code in codes:
        root = word
        if code == "de" and word.startswith("ge") and word.endswith("t"):
            root = word[2:]  # "gegründet": the participle's prefix
        shorter = _ENDING_RULES[code].sub("", root)
        if shorter != root and len(shorter) >= _MIN_ROOT:
            return _fold(shorter)
    return ""


def _detect(question: str) -> tuple[str, ...]:
    """The languages whose function words the question uses most (at least two, and more
    than English ones); several when they tie ("de la" is Spanish and French)."""
    folded = [_fold(word) for word in words(question)]
    english = sum(word in _ENGLISH for word in folded)
    hits = {code: sum(word in function for word in folded) for code, function in _FUNCTION.items()}
    if _SPANISH_MARKS.search(question):
        hits["es"] += _MIN_HITS
    best = max(hits.values())
    if best < _MIN_HITS or best <= english:
        return ()
    return tuple(code for code, count in hits.items() if count == best)


_SENTENCE_START = re.compile(r"(?:^|[.?!¿¡:;]\s*)\W*$")


def _function_words(question: str, codes: tuple[str, ...]) -> tuple[set[str], set[str]]:
    """The question's words that are function words of `codes` and the others. A capitalised
    word within a sentence is a name ("Estados Unidos"), not a function word."""
    function: set[str] = set()
    others: set[str] = set()
    for match in re.finditer(r"[^\W_]+", question):
        word = match.group()
        opening = bool(_SENTENCE_START.search(question[: match.start()]))
        named = word[0].isupper() and not opening
        folded = _fold(word)
        if not named and any(folded in _FUNCTION[code] for code in codes):
            function.add(word.lower())
        else:
            others.add(word.lower())
    return function, others


@lru_cache(maxsize=4096)
def question_language(question: str) -> QuestionLanguage:
    """How `question`'s language reads it (`ENGLISH`, which changes nothing, for English or
    a question too short to tell)."""
    codes = _detect(question)
    if not codes:
        return ENGLISH
    function, others = _function_words(question, codes)
    kept = {token for word in others for token in tokenize(word)}
    dropped = {token for word in function for token in tokenize(word)} - kept
    passage = frozenset().union(*(_FUNCTION_TOKENS[code] for code in codes))
    lowered = question.lower()
    for code in codes:
        for match in _NAMING_RULES[code].finditer(lowered):
            dropped |= set(tokenize(match.group(1)))
    for code in codes:
        for match in _TYPE_RULES[code].finditer(lowered):
            dropped |= set(tokenize(match.group(1)))
    money = {token for code in codes for token in tokenize(_MONEY[code])}
    counting = {token for code in codes for token in tokenize(_COUNTING[code])}
    kinds = {kind for code in codes for kind, rule in _KIND_RULES[code] if rule.search(lowered)}
    asked = set(words(question))
    negations = {word for code in codes for word in _NEGATIONS[code].split()}
    pairs = [pair.split(":") for code in codes for pair in _OPPOSITES[code].split()]
    opposite = {a: b for one, other in pairs for a, b in ((one, other), (other, one))}
    return QuestionLanguage(
        codes=codes,
        function_words=frozenset(function),
        function_tokens=frozenset(dropped),
        passage_tokens=frozenset(passage - kept),
        money_tokens=frozenset(money & kept),
        count_tokens=frozenset(counting & kept),
        kinds=frozenset(kinds - {"person"}),
        asks_person="person" in kinds,
        needs_explanation="reason" in kinds
        or any(_HOW_RULES[code].search(lowered) for code in codes),
        negated=bool(asked & negations),
        negations=frozenset(negations),
        opposites=frozenset(opposite[word] for word in asked if word in opposite) - asked,
    )

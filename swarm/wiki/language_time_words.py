"""Time-sensitivity by wording in Spanish, French, German, Italian and Portuguese: the asks
`swarm.wiki.time_words` reads in English (a price, a cost, a subscription, funding, a market
figure, news; now, today, current, latest, this week or year; "still"), per language.

The question's language is the one `swarm.models.question_language` detects by its function
words; a question too short to tell ("Quanto custa agora?") with no English function word is
read by every language's words but those that are English words too ("actual", "encore").
A question naming only past years ("¿Cuánto costaba en 2019?") asks about history, not now.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata

from swarm.lazy_re import lazy_compile
from swarm.models.question_language import question_language
from swarm.wiki.tokens import STOPWORDS, words

__all__ = ["names_time_in_language"]

# Patterns on the accent-folded question (case kept: "Année" -> "Annee", "ü" -> "u").
# Prices, costs, fees, subscriptions, funding, market figures, revenue, rates, news.
_TOPIC = {
    "es": (
        r"cu[aá]nt[oa]s?\s+(?:\w+\s+){0,2}(?:cuest\w*|cost\w*|val[ei]\w*|cobr\w*|pag\w+)",
        r"cuanto\s+(?:me\s+|nos\s+|te\s+|le\s+)?(?:es|son|sale|salen|sera|seria)",
        r"precios?|costes?|costos?|tarifas?|cuotas?|mensualidad(?:es)?|suscripci(?:on|ones)",
        r"valorad[oa]s?\s+en|rondas?\s+de\s+(?:financiaci\w+|inversi\w+)|financiaci\w+",
        r"tamano\s+del\s+mercado|ingresos|facturaci\w+|tipos?\s+de\s+(?:cambio|inter[eé]s)",
        r"inflaci\w+|noticias|novedad(?:es)?",
    ),
    "fr": (
        # "payer" (paie, payé), not "pays" (country) nor "paires" (pairs); "combien pour /
        # par" (how much for / per), not "combien de décisions par an" (how many per year)
        r"combien\s+(?:\S+\s+){0,3}(?:cout\w*|pa(?:ie|y[eoai])\w*|factur\w*|vaut|valent)",
        r"combien\s+(?!de\s|d')(?:\S+\s+){0,2}(?:pour|par)|combien\s+d'(?:euros|argent)",
        r"(?<!grand\s)prix|couts?|coute\w*|coutait|tarifs?|tarifaire\w*|abonnements?",
        r"frais\s+d[e']|cotisations?|parts?\s+de\s+marche|taille\s+du\s+marche",
        r"valoris\w+|lev[eé]e\s+de\s+fonds|financements?|chiffre\s+d'affaires",
        r"taux\s+d[e']\s*(?:change|interet)|actualites|dernieres\s+nouvelles",
    ),
    "de": (
        r"wie\s*viel\s+(?:\w+\s+){0,3}(?:kost\w*|zahl\w*|bezahl\w*|verlang\w*)",
        r"kostet|kostete|kosten|preis(?:e|es|en)?|gebuhr(?:en)?|abo(?:nnement)?s?|tarife?",
        r"marktanteil\w*|marktgro(?:ss|ß)e|finanzierung\w*|umsatz\w*|wechselkurs\w*",
        r"zinss[aä]tz\w*|zinsen|nachrichten|neuigkeiten",
    ),
    "it": (
        r"quant[oa]\s+(?:\w+\s+){0,2}(?:cost\w*|pag\w+|viene|vengono)",
        r"prezz[oi]|cost[oi]|tariff[ae]|abbonament[oi]|canone",
        r"quota\s+(?:di\s+(?:mercato|iscrizione)|mensile|annuale|associativa)",
        r"round\s+di\s+finanziamento|finanziament[oi]|fatturato|tass[oi]\s+di\s+(?:cambio|interesse)",
        r"inflazione|notizie",
    ),
    "pt": (
        r"quant[oa]\s+(?:\w+\s+){0,2}(?:cust\w*|pag\w+|cobr\w*|sai|saem|vale|valem)",
        r"precos?|custos?|custam?|tarifas?|mensalidades?",
        r"(?:participacao|quota)\s+de\s+mercado|tamanho\s+do\s+mercado",
        r"rodadas?\s+de\s+(?:investimento|financiamento)|financiamentos?",
        r"faturamento|facturacao|taxas?\s+de\s+(?:cambio|juros)|inflacao|noticias|novidades",
    ),
}
# What is released or updated, after "last" (último, dernier, letzte, ultimo): "la última
# versión" asks for the latest; "el último rey" for the last one, which history settles.
_RELEASED = {
    "es": r"versi(?:on|ones)|actualizaci\w+|edici(?:on|ones)|modelos?|lanzamientos?|"
    r"noticias?|novedad\w*|cifras?|datos|n[uú]meros?|episodios?|temporadas?|informes?",
    "fr": r"versions?|mises?\s+a\s+jour|editions?|modeles?|sorties?|nouvelles?|actualites?|"
    r"chiffres?|donnees|numeros?|episodes?|saisons?|rapports?",
    "de": r"versionen?|updates?|ausgaben?|modelle?|nachrichten|zahlen|daten|folgen?|"
    r"staffeln?|berichte?|stand",
    "it": r"version[ei]|aggiornament[oi]|edizion[ei]|modell[oi]|uscit[ae]|notizi[ae]|novita|"
    r"dati|cifre|numer[oi]|episodi[o]?|stagion[ei]|rapport[oi]",
    "pt": r"vers(?:ao|oes)|atualizac\w+|actualizac\w+|edic(?:ao|oes)|modelos?|lancamentos?|"
    r"noticias?|novidades?|dados|numeros?|episodios?|temporadas?|relatorios?",
}
_LAST = {
    "es": r"(?:ultim[oa]s?|lo\s+ultimo\s+en)",
    "fr": r"derni(?:er|ere)s?",
    "de": r"letzte[nrsm]?",
    "it": r"(?:l')?ultim[oaie]",
    "pt": r"ultim[oa]s?",
}
# The present moment: now, today, nowadays, currently, this week / month / year, next one,
# recent, most recent, in force.
_MOMENT = {
    "es": (
        r"ahora(?!\s+bien)|ahorita|hoy|actualmente|en\s+(?:este|estos)\s+moment\w*",
        r"en\s+la\s+actualidad|a\s+dia\s+de\s+hoy|ultimamente|recientemente|recientes?",
        r"(?:este|esta|estos)\s+(?:semana|mes|ano|trimestre|temporada|curso|fin\s+de\s+semana)",
        r"(?:el|la)\s+proxim[oa]\s+(?:semana|mes|ano|trimestre|temporada)|vigentes?",
    ),
    "fr": (
        r"maintenant|aujourd'hui|de\s+nos\s+jours|actuel\w*|en\s+ce\s+moment|a\s+present",
        r"a\s+ce\s+jour|jusqu'a\s+present|a\s+l'heure\s+qu'il\s+est",
        r"cette\s+(?:semaine|annee|saison)|ce\s+(?:mois|trimestre|printemps)|cet\s+(?:ete|hiver|automne)",
        r"(?:la\s+)?semaine\s+prochaine|l'annee\s+prochaine|le\s+mois\s+prochain",
        # the days just past ("le mois dernier"; "hier" below) and, asked when, the next one of
        # something ("quand a lieu le prochain forum ?"), as English's "last month", "next"
        r"(?:le\s+)?mois\s+dernier|(?:la\s+)?semaine\s+derniere|ces\s+derniers\s+jours",
        r"quand\b[^?.!]*?\b(?:le|la|les)\s+prochaine?s?",
        r"recemment|recent(?:e|es|s)?|dernierement|ces\s+jours-ci|en\s+vigueur",
    ),
    "de": (
        r"jetzt|heute|heutzutage|heutig\w*|derzeit\w*|zurzeit|zur\s+zeit|momentan\w*",
        r"aktuell\w*|gegenwartig\w*|neueste\w*|kurzlich|neulich|mittlerweile|inzwischen",
        r"(?:diese[nrs]?|in\s+diesem)\s+(?:woche|monat|jahr|quartal|saison|semester)",
        r"(?:nachste[nrs]?|kommende[nrs]?)\s+(?:woche|monat|jahr|quartal|saison)|im\s+moment",
    ),
    "it": (
        r"adesso|oggi|oggigiorno|attualmente|attual[ei]|al\s+momento|in\s+questo\s+momento",
        r"quest'anno|quest[oa]\s+(?:settimana|mese|anno|trimestre|stagione)",
        r"(?:la\s+)?prossim[oa]\s+(?:settimana|mese|anno|stagione)|in\s+vigore",
        r"recentemente|di\s+recente|piu\s+recent[ei]|ultimamente|tuttora",
    ),
    "pt": (
        r"agora|hoje|a?c?tualmente|atua(?:l|is)|neste\s+momento|no\s+momento",
        r"(?:est[ea]|neste|nesta)\s+(?:semana|mes|ano|trimestre|temporada)",
        r"(?:na\s+|no\s+)?proxim[oa]\s+(?:semana|mes|ano|temporada)|em\s+vigor",
        r"recentemente|mais\s+recentes?|ultimamente",
    ),
}
# "Still", only as in English: "¿sigue abierto todavía?", "pas encore", "immer noch", "ainda
# existe"; not "encore une fois" (again), "noch ein" (another), "ancora più" (even more),
# "ainda assim" (even so), "weder ... noch" (nor), "wie heißt er noch" (again).
_STILL = {
    "es": (
        r"todavia|aun(?!\s+(?:asi|cuando|si|mas|menos|que)\b)",
        r"siguen?\s+(?:siendo|estando|abiert\w*|vigentes?|activ\w*|en\s+pie|\w+(?:ando|iendo))",
    ),
    "fr": (
        r"encore(?!\s+(?:une\s+fois|plus|moins|mieux|pire|un|une|autre|et)\b)",
        r"toujours\s+(?:en\s+(?:vigueur|activite|poste|cours|vente)|ouverte?s?|disponibles?)",
    ),
    "de": (r"noch(?!\s+(?:mal|einmal|gleich|ein\w*|mehr|weniger|(?-i:[a-z]\w+er)(?<!immer))\b)",),
    "it": (r"ancora(?!\s+(?:una\s+volta|piu|meno|un|uno|una|un'|altr\w*)\b)",),
    "pt": (r"ainda(?!\s+(?:mais|menos|assim|que|bem)\b)", r"continuam?\s+(?:a\s+ser|sendo)"),
}
# Words that are English words too, read only when the question reads as the language.
_OWN_LANGUAGE_ONLY = {
    "es": r"actual(?:es)?",
    "fr": r"hier",  # yesterday; German's "here"
    "de": r"",
    # "ora" is now, but "a che ora", "ogni ora", "la prima ora" an hour
    "it": r"(?<!che\s)(?<!quale\s)(?<!ogni\s)(?<!prima\s)(?<!ultima\s)(?<!stessa\s)"
    r"ora(?!\s+(?:di|locale|legale|solare|esatta)\b)",
    "pt": r"actua(?:l|is)",
}
# Not asking about now: a place named by its present borders ("la actual Bolivia", "la France
# d'aujourd'hui", "im heutigen Polen", "l'attuale Turchia", "o Brasil de hoje") is a name.
_PRESENT_NAMING = {
    "es": r"\b(?:la|el|los|las|del|al|en)\s+actual(?:es)?\s+(?-i:[A-Z])|"
    r"(?-i:\b[A-Z][\w'-]*)\s+de\s+hoy(?!\s+en\s+dia)\b",
    "fr": r"\b(?:l'|la\s|le\s|les\s|de\s+l'|dans\s+l')\s*actuel\w*\s+(?-i:[A-Z])|"
    r"(?-i:\b[A-Z][\w-]*)\s+d'aujourd'hui\b",
    "de": r"\b(?:im|in|ins|des|vom|zum|am)\s+heutig\w*\s+(?-i:[A-Z])|"
    # "weder ... noch" (nor), "wie heißt er noch?" (again): no "still"
    r"\bweder\b[^?.!]{0,200}?\bnoch\b|\bh(?:ei|ie)(?:ss|ß)\w*\s[^?.!]{0,80}?\bnoch\b",
    "it": r"(?:\bl'|\b(?:la|il|lo|nell'|dell'|nella|della|nel|del)\s+)attual[ei]\s+(?-i:[A-Z])|"
    r"(?-i:\b[A-Z][\w-]*)\s+di\s+oggi\b",
    "pt": r"\b(?:o|a|os|as|no|na|do|da|em)\s+a?c?tua(?:l|is)\s+(?-i:[A-Z])|"
    r"(?-i:\b[A-Z][\w-]*)\s+de\s+hoje(?!\s+em\s+dia)\b",
}
# Not asking about now either: "still" and "current" inside a clause of time ("wenn eine Anfrage
# mit dem aktuellen Zustand kollidiert", "während er die Antwort noch vorbereitet", "cuando el
# pedido todavía está abierto") set up the situation asked about; "current" in a question
# asking how to do something ("Wie frage ich die aktuelle Position ab?", "¿Cómo obtengo la
# posición actual?") names the one the method works on. Conjunctions that also open a
# reported or indirect question (dass, ob, si, se: "weißt du, ob er noch offen hat?") do not
# count: that clause may be the very thing asked.
_SCENARIO = {
    "es": r"cuando|mientras(?:\s+que)?|hasta\s+que",
    "fr": r"quand|lorsqu(?:e|')|pendant\s+que|tant\s+que|jusqu'a\s+ce\s+qu(?:e|')",
    "de": r"wenn|falls|sobald|solange|wahrend|bevor|nachdem|sofern",
    "it": r"quando|mentre|finche",
    "pt": r"quando|enquanto",
}
# The conjunctions above that, opening a question, are its question word ("cuándo" folded).
_ASKING_OPENERS = frozenset({"cuando", "quand", "quando"})
_HOW_TO = {
    # a verb of the asker's ("¿Cómo obtengo...?", "¿cómo lo hacemos?", "¿cómo se configura?"),
    # not "¿Cómo es...?" nor "¿Cómo se llama...?"
    "es": r"^\W*como\s+(?:se\s+(?!llama)\w+|(?:(?:lo|la|los|las|le|les|me|nos)\s+)?"
    r"\w+(?:o|amos|emos|imos))\b",
    # "Comment puis-je...", "comment est-ce qu'on...", "comment obtenir", not "comment
    # s'appelle..."
    "fr": r"^\W*comment\s+(?:est-ce\s+qu(?:e|')\s*(?:je|j'|on|nous)|(?:\w+\s+)?(?:je|j'|on|nous)"
    r"\b|\w+-(?:je|on|nous)\b|\w+(?:er|ir|re)\b)",
    "de": r"^\W*wie\s+(?:\w+\s+){0,2}?(?:ich|man|wir)\b",
    "it": r"^\W*come\s+(?:\w+\s+)?(?:posso|possiamo|si|faccio|devo)\b",
    "pt": r"^\W*como\s+(?:\w+\s+)?(?:posso|podemos|se|fa[cç]o|devo)\b",
}
# The adjective "current" (not the adverb "currently": "Wie lange cacht Chromium aktuell...")
# and "still", as the rules above write them.
_CURRENT = {
    "es": r"actual(?:es)?",
    "fr": r"actuel(?:le|s|les)?",
    "de": r"aktuell(?:e|en|er|es|em)|derzeitig\w*|gegenwartig(?:e|en|er|es|em)",
    "it": r"attual[ei]",
    "pt": r"a?c?tua(?:l|is)",
}
_STILL_WORD = {
    "es": r"todavia|aun",
    "fr": r"encore|toujours",
    "de": r"noch",
    "it": r"ancora|tuttora",
    "pt": r"ainda",
}
_OPTIONS = re.IGNORECASE | re.UNICODE
# The language is told by the question's opening (a question is short; reading a long text's
# every word for its language costs time the wording rules do not need).
_DETECT_CHARS = 1000


def _alternatives(patterns: tuple[str, ...] | str) -> str:
    parts = (patterns,) if isinstance(patterns, str) else patterns
    return "|".join(part for part in parts if part)


_ASKS = {
    code: lazy_compile(
        r"(?<![\w'])(?:"
        + _alternatives((*_TOPIC[code], *_MOMENT[code], *_STILL[code]))
        + r"|"
        + _LAST[code]
        + r"\s+(?:\w+\s+)?(?:"
        + _RELEASED[code]
        + r"))(?![\w])",
        _OPTIONS,
    )
    for code in _TOPIC
}
_OWN = {
    code: lazy_compile(r"(?<![\w'])(?:" + rule + r")(?!\w)", _OPTIONS)
    for code, rule in _OWN_LANGUAGE_ONLY.items()
    if rule
}
_NAMING = {code: lazy_compile(rule, _OPTIONS) for code, rule in _PRESENT_NAMING.items()}
_SCENARIO_CLAUSE = {
    code: lazy_compile(rf"(?<![\w'])(?:{rule})(?!\w)[^,;:?!.]*", _OPTIONS)
    for code, rule in _SCENARIO.items()
}
_HOW_TO_ASK = {code: lazy_compile(rule, _OPTIONS) for code, rule in _HOW_TO.items()}
_IN_SCENARIO = {
    code: lazy_compile(rf"(?<![\w'])(?:{_CURRENT[code]}|{_STILL_WORD[code]})(?!\w)", _OPTIONS)
    for code in _SCENARIO
}
_CURRENT_ADJECTIVE = {
    code: lazy_compile(rf"(?<![\w'])(?:{rule})(?!\w)", _OPTIONS) for code, rule in _CURRENT.items()
}
_YEAR = lazy_compile(r"(?<![\d.,/-])(?:19|20|21)\d\d(?![\d.,/-]?\d)")
# English's function words but the letters Portuguese, Spanish and Italian write as words too.
_ENGLISH = STOPWORDS - {"a", "e", "o"}


def _folded(text: str) -> str:
    """`text` without its accents, case kept, a typographic apostrophe as "'"."""
    decomposed = unicodedata.normalize("NFKD", text.replace("’", "'"))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _without_references(code: str, text: str) -> str:
    """`text` without the "still" and "current" of a clause of time, and without the "current"
    of a how-to question (see `_SCENARIO`): they do not ask about now."""

    def condition(match: re.Match[str]) -> str:
        opens = not text[: match.start()].strip(" \t\n\"'(¿¡")
        if opens and match.group().split()[0].lower() in _ASKING_OPENERS:
            return match.group()  # "¿Cuándo sigue abierta...?", "Quand est-ce que...": asked
        return _IN_SCENARIO[code].sub(" ", match.group())

    text = _SCENARIO_CLAUSE[code].sub(condition, text)
    if _HOW_TO_ASK[code].search(text):
        text = _CURRENT_ADJECTIVE[code].sub(" ", text)
    return text


def _asks_in(code: str, text: str, *, own_language: bool) -> bool:
    text = _without_references(code, _NAMING[code].sub(" ", text))
    own = _OWN.get(code)
    return bool(_ASKS[code].search(text) or (own_language and own and own.search(text)))


def names_time_in_language(question: str, *, now: dt.datetime | None = None) -> bool:
    """True when `question`, in Spanish, French, German, Italian or Portuguese, asks for a
    price, a cost, a subscription, funding, a market figure or news, or about the present
    moment (now, today, current, latest, this week or year, still), unless every year it
    names is past (as of `now`)."""
    if not isinstance(question, str) or not question.strip():
        return False
    codes = question_language(question[:_DETECT_CHARS]).codes
    if not codes and _ENGLISH & {word.lower() for word in words(question)}:
        return False  # English, or too short to tell and written with English words
    text = _folded(question)
    if not any(_asks_in(code, text, own_language=bool(codes)) for code in codes or _TOPIC):
        return False
    years = [int(match.group()) for match in _YEAR.finditer(text)]
    this_year = (now or dt.datetime.now(dt.UTC)).year
    return not years or any(year >= this_year for year in years)

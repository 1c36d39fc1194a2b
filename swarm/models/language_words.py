"""The words of Spanish, French, German, Italian and Portuguese questions that the offline
answers read as English ones (`swarm.models.question_language`): interrogatives and what they
ask for, negations, opposites, money and count words, month names, verb endings, the
prepositions a place follows. Closed classes of each language, not any wiki's words.
"""

from __future__ import annotations

from bm25s import stopwords as _lists

__all__ = [
    "CONTAINER_PREPOSITIONS",
    "COUNT_WORDS",
    "ENGLISH_MONTHS",
    "HOW",
    "INTERROGATIVES",
    "KINDS",
    "LANGUAGE_STOPWORDS",
    "MIN_ROOT",
    "MONEY_WORDS",
    "MONTHS",
    "NAMING",
    "NEGATIONS",
    "NOT_CONTAINERS",
    "OPPOSITES",
    "PLACE_PREPOSITIONS",
    "RELATIVE_TIME",
    "STOPWORD_COLLISIONS",
    "TEMPORAL_RELATION",
    "TYPE_NOUNS",
    "VERB_ENDINGS",
]

# Interrogatives and question phrasing each language adds to its stopword list (Snowball's,
# as bm25s ships them), and the words that say "not".
INTERROGATIVES = {
    "es": "qué cuál cuáles quién quiénes cuándo cuánto cuánta cuántos cuántas dónde adónde "
    "cómo dime hago hace hacemos hacer",
    "fr": "quand où combien quel quelle quels quelles comment pourquoi qui que quoi lequel "
    "laquelle lesquels lesquelles est-ce fais fait faire",
    "de": "wann wo wohin woher wer wen wem wessen was welche welcher welches welchen welchem "
    "wie warum wieso weshalb viel viele wofür wozu wodurch womit woran worin worauf woraus "
    "wonach worüber worum wovon wovor",
    "it": "quando dove chi cosa che quale quali quanto quanta quanti quante come perché",
    "pt": "quando onde aonde quem que qual quais quanto quanta quantos quantas como porque quê "
    "faço faz fazer",
}
# Words asking for an amount of money (price, cost, pay, charge, fee), as English's MONEY:
# a currency amount states them.
MONEY_WORDS = {
    "es": "precio precios coste costes costo cuesta cuestan costó costaron pagar pago paga "
    "pagamos pagué pagan cobra cobran cobró importe",
    "fr": "prix coût coûte coûtent coûté payer paie paye payé payons facture facturé tarif",
    "de": "preis preise kosten kostet kostete bezahlen zahlen zahle zahlt bezahlt gebühr",
    "it": "prezzo prezzi costo costa costano costato pagare pago paga paghiamo pagato",
    "pt": "preço preços custo custa custam custou pagar pago paga pagamos paguei cobra",
}
# Words asking for a count or a number, as English's COUNTING ("number", "total"): any
# figure states them.
COUNT_WORDS = {
    "es": "número números total cantidad tamaño",
    "fr": "nombre numéro numéros total quantité taille",
    "de": "anzahl nummer gesamt insgesamt menge größe",
    "it": "numero numeri totale quantità dimensione",
    "pt": "número números total quantidade tamanho",
}
# "¿Cómo se llama...?", "Comment s'appelle...", "Wie heißt / nennt man...": the verb of a
# naming question is no word the answer writes ("What is X called": "called").
NAMING = {
    "es": r"\bcómo\s+se\s+(llam\w*)",
    "fr": r"\bcomment\s+(?:s'|se\s+)?(appel\w*)",
    "de": r"\bwie\s+(hei(?:ß|ss)\w*|nenn\w*)",
    "it": r"\bcome\s+si\s+(chiam\w*)",
    "pt": r"\bcomo\s+se\s+(cham\w*)",
}
# Prepositions written as a phrase ("à partir de": from, "au cours de": during, "a partir
# de"): their noun or verb is no word an answer writes, as English's "from", "during",
# "about", "because" are stopwords ("À partir de combien d'habitants...").
PREPOSITION_PHRASES = {
    "es": r"\ba\s+(partir)\s+de\b|\ba\s+(causa)\s+de\b",
    "fr": r"\bà\s+(partir)\s+d|\bau\s+(cours)\s+d|\bà\s+(propos)\s+d|\bà\s+(cause)\s+d",
    "de": r"",
    "it": r"\ba\s+(partire)\s+da|\ba\s+(causa)\s+d",
    "pt": r"\ba\s+(partir)\s+de\b|\bpor\s+(causa)\s+d",
}
LANGUAGE_STOPWORDS = {
    "es": _lists.STOPWORDS_SPANISH,
    # Snowball's list and, as English's stopwords hold "can", "should", "have", "be", "do",
    # the modal verbs ("doit", "peut", "faut": must, can, need), the auxiliaries' and "faire"'s
    # infinitives, and "elles" (its list holds "elle"): "Peut-on...", "doit-elle avoir..."
    # ask with them, a page states the rule in its own words ("Il n'est pas possible de...").
    "fr": (
        *_lists.STOPWORDS_FRENCH,
        *"doit doivent dois devons devez devra devront devrait devraient faut fallait faudra "
        "faudrait peut peuvent peux pouvons pouvez pourra pourront pourrait pourraient avoir "
        "être faire elles".split(),
    ),
    # Snowball's list less German's pronominal adverbs (dafür, darin: "for it", "in it"),
    # a few prepositions (ab, laut, je, gemäß: "from", "according to", "per") and modal
    # particles (eigentlich, ja, mal, wohl: no content), which English's stopwords hold.
    "de": (
        *_lists.STOPWORDS_GERMAN,
        *"dabei dadurch dafür dagegen danach daran darauf daraus darin darüber darum darunter "
        "davon davor dazu ab laut je gemäß mittels bezüglich wegen eigentlich ja mal wohl bloß "
        "ruhig überhaupt".split(),
        # hedges, intensifiers and adverbs of frequency, as English's GENERIC ("really",
        # "exactly", "usually", "already", "roughly"): no word a passage must repeat
        *"wirklich genau gewöhnlich normalerweise typischerweise generell grundsätzlich "
        "unbedingt ungefähr etwa circa jemals bereits schon sogar eben halt oft häufig "
        "meistens manchmal".split(),
    ),
    "it": _lists.STOPWORDS_ITALIAN,
    "pt": _lists.STOPWORDS_PORTUGUESE,
}
NEGATIONS = {
    "es": "no nunca jamás sin ni ningún ninguna ninguno nada",
    "fr": "ne pas non jamais sans aucun aucune ni rien",
    "de": "nicht kein keine keinen keinem keiner keines nie niemals ohne weder",
    "it": "non mai senza nessun nessuno nessuna né niente",
    "pt": "não nunca jamais sem nem nenhum nenhuma nada",
}
# Opposites a near-miss question swaps (before/after, first/last, most/least...).
OPPOSITES = {
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
KINDS: dict[str, tuple[tuple[str, str], ...]] = {
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
            r"uhrzeit|zeitpunkt)\b|\bum\s+wie\s*viel\s+uhr\b",
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
HOW = {
    "es": r"^\W*(?:y\s+)?cómo\b(?!\s+se\s+llam)",
    "fr": r"^\W*comment\b(?!\s+(?:s'|se\s+)?appel|\s+dit-on)",
    "de": r"^\W*wie\b(?!\s*viele?\b|\s+(?:lange?|alt|oft|weit|hoch|groß|gross|teuer|schwer|"
    r"schnell|tief|breit|heißt|heisst|spät|spat)\b)",
    "it": r"^\W*come\b(?!\s+si\s+chiam)",
    "pt": r"^\W*como\b(?!\s+se\s+cham)",
}
# "¿En qué año...?", "quelle ville", "welcher Tag": the noun names the kind of answer asked
# for (a date, a place), as English "in what year" does; no word the passage must repeat.
TYPE_NOUNS = {
    "es": r"\b(?:qué|que|cuál|cual)\s+(año|fecha|día|mes|hora|ciudad|país|pueblo|lugar|sitio|"
    r"porcentaje|tamaño)\b",
    "fr": r"\bquel(?:le)?s?\s+(année|an|date|jour|mois|heure|ville|pays|endroit|lieu|"
    r"pourcentage|taille)\b",
    "de": r"\bwelche[mnrs]?\s+(jahr|datum|tag|monat|uhrzeit|zeitpunkt|stadt|land|ort)\b",
    "it": r"\b(?:che|quale|quali)\s+(anno|data|giorno|mese|ora|città|paese|luogo|percentuale)\b",
    "pt": r"\b(?:que|qual)\s+(ano|data|dia|mês|hora|cidade|país|lugar|percentagem|porcentagem)\b",
}
# Prepositions a place follows ("en Valencia", "à Grenoble", "in München"), and the articles
# between ("a la Alhambra"): read as English "in", the where- and who-rules see the place.
PLACE_PREPOSITIONS = {
    "es": ("en|a|al|desde|hacia", "el|la|los|las"),
    "fr": ("à|au|aux|en|dans|chez|vers", "le|la|les"),
    "de": ("in|im|am|an|bei|beim|nach|zu|zum|zur|auf|aus", "der|die|das|dem|den"),
    "it": ("a|in|nel|nella|nello|al|alla|allo|presso", "il|lo|la|i|gli|le"),
    "pt": ("em|no|na|nos|nas|ao|à", "o|a|os|as"),
}
# Prepositions (with the article they take) before a thing where something is kept, its
# noun in lowercase ("debajo del fregadero", "en el bar", "dans le tiroir", "nel cassetto",
# "debaixo da pia"): read as English "in the", the where-rule sees a container as in "under
# the sink". German writes its nouns capitalised: PLACE_PREPOSITIONS reads those.
CONTAINER_PREPOSITIONS = {
    "es": r"en\s+(?:el|la|los|las)|(?:debajo|detrás|encima|dentro|delante|cerca|al\s+lado)\s+"
    r"(?:del|de\s+la|de\s+los|de\s+las)|junto\s+(?:al|a\s+la|a\s+los|a\s+las)",
    "fr": r"dans\s+(?:le|la|les|l')|(?:sous|derrière|sur)\s+(?:le|la|les|l')|"
    r"(?:à\s+côté|près)\s+(?:du|de\s+la|des|de\s+l')",
    "it": r"nel|nella|nello|nei|nelle|(?:sotto|dietro|sopra)\s+(?:il|la|lo|i|le|l')|sul|sulla|"
    r"accanto\s+(?:al|alla)",
    "pt": r"no|na|nos|nas|(?:debaixo|atrás|dentro|em\s+cima|ao\s+lado)\s+(?:do|da|dos|das)",
}
# ...but not before a time or a manner ("en la mañana", "dans la semaine", "nel frattempo",
# "no fim"): these nouns are no container.
NOT_CONTAINERS = {
    "es": "mañana tarde noche día días semana semanas mes meses año años momento momentos vez "
    "veces caso casos fin final principio medio mismo misma pasado futuro fondo fecha hora",
    "fr": "matin matinée soir soirée nuit jour jours semaine semaines mois année années an ans "
    "moment fois cas fin début milieu même passé futur fond date heure cours",
    "it": "mattina sera notte giorno giorni settimana mese mesi anno anni momento volta caso "
    "fine inizio mezzo frattempo passato futuro fondo data ora corso",
    "pt": "manhã tarde noite dia dias semana mês meses ano anos momento vez vezes caso fim "
    "início meio passado futuro fundo data hora",
}
# Verb endings (tense, participle, infinitive) the English stemmer leaves on: "fundó",
# "fundado" and "fundar" share the root "fund", "gegründet" and "gründete" share "gründ".
VERB_ENDINGS = {
    "es": "ieron aron ábamos aban aba ando iendo ados adas idos idas ado ada ido ida aste iste "
    "amos emos imos ará erá irá ar er ir ió ó é í",
    "fr": "èrent aient ait ant ées és ée é er ir",
    "de": "eten ete test ten te et en st t",
    "it": "arono erono irono ato ata ati ate uto uta uti ute ito ita iti ite ando endo are ere "
    "ire ò ì è",
    "pt": "aram eram iram avam ava ando endo indo ados adas idos idas ado ada ido ida ou eu iu ar "
    "er ir amos emos imos",
}
MIN_ROOT = 4
# Month names, January to December: "el 14 de marzo", "am 2. März" are dates as "14 March"
# is to the English rules.
MONTHS = {
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
    "diciembre",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "de": "januar februar märz april mai juni juli august september oktober november dezember",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
    "dicembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro "
    "dezembro",
}
ENGLISH_MONTHS = (
    "January February March April May June July August September October November December"
).split()
# "¿Cuándo... antes de la guerra?": words relating the date asked to another event, and the
# words a passage relates dates with (as English before / after and until / since / then).
RELATIVE_TIME = {
    "es": "antes después previo previa anterior posterior tras",
    "fr": "avant après précédent précédente suivant suivante",
    "de": "vor bevor nachdem vorher nachher davor danach",
    "it": "prima dopo precedente successivo successiva",
    "pt": "antes depois anterior posterior após",
}
TEMPORAL_RELATION = {
    "es": "antes después previo previa anterior posterior tras hasta desde luego entonces "
    "previamente anteriormente",
    "fr": "avant après précédent précédente suivant suivante jusqu depuis puis ensuite auparavant",
    "de": "vor bevor nachdem vorher nachher davor danach bis seit dann zuvor",
    "it": "prima dopo precedente successivo successiva fino da poi allora",
    "pt": "antes depois anterior posterior após até desde então",
}
# Content words of a language that English's stopword list drops: French "an" (a year: "par
# an" is not "par mois"), Spanish "once" (eleven).
STOPWORD_COLLISIONS = {"es": "once", "fr": "an", "de": "", "it": "", "pt": ""}

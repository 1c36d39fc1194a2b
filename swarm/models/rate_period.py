"""The period of a rate asked ("how much is X paying us a month", "what do we pay per
hour", "combien par mois"), for the offline evidence rule: a passage answers with a figure
for that period ("€1,200 a month", "$95/h", "monthly fee", under a "Monthly costs" heading),
not with a one-off sum ("a discovery sprint at €14,000"). English, French, Spanish, German.
"""

from __future__ import annotations

import re

from swarm.lazy_re import lazy_compile

__all__ = ["period_unstated"]

_I = re.IGNORECASE
# Each period: how a question asks for a rate of it, and the ways a passage writes one.
_PERIODS: tuple[tuple[str, str], ...] = (
    (
        r"(?:a|per|each|every|one)\s+month|monthly|par\s+mois|chaque\s+mois|mensuel\w*|"
        r"al\s+mes|por\s+mes|cada\s+mes|mensual\w*|pro\s+monat|im\s+monat|monatlich\w*",
        r"months?|monthly|mo|mth|pm|p\.m\.|mois|mensuel\w*|mes|mensual\w*|monat\w*|"
        r"monatlich\w*",
    ),
    (
        r"(?:a|per|each|every|one)\s+year|yearly|annually|annual|par\s+an|chaque\s+ann[ée]e|"
        r"annuel\w*|al\s+a[ñn]o|por\s+a[ñn]o|cada\s+a[ñn]o|anual\w*|pro\s+jahr|im\s+jahr|"
        r"j[äa]hrlich\w*",
        r"years?|yearly|annual|annually|yrs?|/\s*y|p\.a\.|(?:par\s+|/\s*)an|ans|ann[ée]e|"
        r"annuel\w*|a[ñn]o|anual\w*|jahr\w*|j[äa]hrlich\w*",
    ),
    (
        r"(?:a|per|each|every|one)\s+week|weekly|par\s+semaine|hebdomadaire|por\s+semana|"
        r"semanal\w*|pro\s+woche|w[öo]chentlich\w*",
        r"weeks?|weekly|wk|/\s*w|semaine|hebdomadaire|semana|semanal\w*|woche|w[öo]chentlich\w*",
    ),
    (
        r"(?:an|per|each|every|one)\s+hour|hourly|by\s+the\s+hour|de\s+l['’]heure|"
        r"par\s+heure|por\s+hora|pro\s+stunde|st[üu]ndlich\w*",
        r"hours?|hourly|hr|hrs|h|heure|hora|stunde|st[üu]ndlich\w*",
    ),
    (
        r"(?:a|per|each|every|one)\s+night|nightly|par\s+nuit|por\s+noche|pro\s+nacht",
        r"nights?|nightly|nuit|nuits|noche|noches|nacht|n[äa]chte",
    ),
    (
        r"(?:a|per|each|every|one)\s+day|daily|par\s+jour|por\s+d[íi]a|pro\s+tag|t[äa]glich\w*",
        r"days?|daily|diem|jour|jours|d[íi]a|d[íi]as|tag|tage|t[äa]glich\w*",
    ),
)
_ASKED = tuple(lazy_compile(rf"\b(?:{asked})\b", _I) for asked, _ in _PERIODS)
_WRITTEN = tuple(
    lazy_compile(rf"(?<![^\W\d_])(?:{written})(?![^\W\d_])", _I) for _, written in _PERIODS
)


def period_unstated(question: str, text: str) -> bool:
    """`question` asks for a rate of a period ("a month", "per hour", "par mois") and
    `text` (a passage with its headings) never writes that period in any form."""
    return any(
        asked.search(question) and not written.search(text)
        for asked, written in zip(_ASKED, _WRITTEN, strict=True)
    )

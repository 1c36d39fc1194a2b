"""Whether a passage names a country, for "which country" and "which city" questions: a city
("an instrument maker in Glasgow") is no answer to "which country", a country ("grown in
Japan") none to "which city". Prose rarely says which a name is, so the countries are listed:
the world's states and the historical and constituent ones writers still name.

Pure functions over English text.
"""

from __future__ import annotations

import re
from collections.abc import Set

from swarm.lazy_re import lazy_compile
from swarm.wiki.tokens import tokenize

__all__ = ["place_type_unfit"]

_COUNTRIES = (
    "Afghanistan|Albania|Algeria|Andorra|Angola|Antigua|Argentina|Armenia|Australia|Austria|"
    "Azerbaijan|Bahamas|Bahrain|Bangladesh|Barbados|Belarus|Belgium|Belize|Benin|Bhutan|"
    "Bolivia|Bosnia|Botswana|Brazil|Brunei|Bulgaria|Burkina Faso|Burundi|Cambodia|Cameroon|"
    "Canada|Cape Verde|Chad|Chile|China|Colombia|Comoros|Congo|Costa Rica|Croatia|Cuba|"
    "Cyprus|Czechia|Czech Republic|Denmark|Djibouti|Dominica|Dominican Republic|Ecuador|"
    "Egypt|El Salvador|Eritrea|Estonia|Eswatini|Ethiopia|Fiji|Finland|France|Gabon|Gambia|"
    "Georgia|Germany|Ghana|Greece|Grenada|Guatemala|Guinea|Guyana|Haiti|Honduras|Hungary|"
    "Iceland|India|Indonesia|Iran|Iraq|Ireland|Israel|Italy|Ivory Coast|Jamaica|Japan|Jordan|"
    "Kazakhstan|Kenya|Kiribati|Korea|Kosovo|Kuwait|Kyrgyzstan|Laos|Latvia|Lebanon|Lesotho|"
    "Liberia|Libya|Liechtenstein|Lithuania|Luxembourg|Madagascar|Malawi|Malaysia|Maldives|"
    "Mali|Malta|Mauritania|Mauritius|Mexico|Moldova|Monaco|Mongolia|Montenegro|Morocco|"
    "Mozambique|Myanmar|Namibia|Nauru|Nepal|Netherlands|New Zealand|Nicaragua|Niger|Nigeria|"
    "North Macedonia|Norway|Oman|Pakistan|Palau|Panama|Papua New Guinea|Paraguay|Peru|"
    "Philippines|Poland|Portugal|Qatar|Romania|Russia|Rwanda|Samoa|San Marino|Saudi Arabia|"
    "Senegal|Serbia|Seychelles|Sierra Leone|Singapore|Slovakia|Slovenia|Somalia|South Africa|"
    "Spain|Sri Lanka|Sudan|Suriname|Sweden|Switzerland|Syria|Taiwan|Tajikistan|Tanzania|"
    "Thailand|Togo|Tonga|Trinidad|Tunisia|Turkey|Turkmenistan|Tuvalu|Uganda|Ukraine|"
    "United Arab Emirates|United Kingdom|United States|Uruguay|Uzbekistan|Vanuatu|"
    "Venezuela|Vietnam|Yemen|Zambia|Zimbabwe|"
    # constituent, former and historical countries, and the short names writers use
    "England|Scotland|Wales|Britain|Great Britain|Holland|America|USA|UK|Prussia|Bohemia|"
    "Bavaria|Saxony|Persia|Gaul|Burma|Ceylon|Siam|Abyssinia|Rhodesia|Yugoslavia|"
    "Czechoslovakia|Soviet Union|USSR|Ottoman Empire|Austria-Hungary|Flanders|Castile|Aragon|"
    "Navarre|Burgundy|Lombardy|Sardinia|Sicily|Naples|Venice|Hanover|Poland-Lithuania"
)
_COUNTRY = lazy_compile(rf"(?<![\w-])(?:{_COUNTRIES})(?![\w-])")
# A capitalised word within a sentence: a name (a sentence's opening capital is none).
_NAME = re.compile(r"(?<=[\w,;(] )[A-Z][\w'-]+")

_COUNTRY_TYPES = frozenset(tokenize("country countries nation nations"))
_CITY_TYPES = frozenset(tokenize("city cities town towns village villages"))


def place_type_unfit(type_words: Set[str], text: str, asked: Set[str]) -> frozenset[str]:
    """The place types among `type_words` (stems) that `text` names no instance of: "which
    country" with no country named; "which city" when every name `text` writes, beyond the
    question's own words (`asked`), is a country's."""
    unfit: set[str] = set()
    countries = [
        m.group() for m in _COUNTRY.finditer(text) if not set(tokenize(m.group())) <= asked
    ]
    country_types = type_words & _COUNTRY_TYPES
    if country_types and not countries:
        unfit |= country_types
    city_types = type_words & _CITY_TYPES
    if city_types and countries:
        others = {
            name
            for name in _NAME.findall(_COUNTRY.sub(" ", text))
            if not set(tokenize(name)) <= asked
        }
        if not others:
            unfit |= city_types
    return frozenset(unfit)

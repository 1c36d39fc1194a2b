"""A where-question in Spanish or French answered by a container written in lowercase after
its preposition ("debajo del fregadero", "dans le tiroir"), through `query(model="offline")`,
as English "under the sink" is. Its near miss: a passage saying when, not where ("en la
mañana del día de salida")."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import assert_level, page_wiki

from swarm.wiki_query import query

AGUA = """# Agua

Llave de paso general: debajo del fregadero, a la izquierda.

La factura llega cada dos meses. El contador está a nombre del casero. Averías 24 h: llamar
a la compañía de aguas.
"""
REFUGIO = """# Refugio

La llave del refugio se recoge en la mañana del día de salida y se devuelve por la tarde.

Caben doce personas. Hay que llevar saco de dormir. La leña se paga aparte.
"""
CAVE = """# Maison

La clé de la cave est dans le tiroir de l'entrée.

Le compteur d'eau est relevé en mars. La chaudière est révisée chaque automne. Les poubelles
sortent le mardi soir.
"""


@pytest.mark.parametrize(
    ("pages", "question", "confidence", "must_hold"),
    [
        pytest.param(
            {"piso/agua.md": AGUA},
            "¿Dónde está la llave de paso general del agua?",
            "high",
            "debajo del fregadero",
            id="spanish-under-the-sink",
        ),
        pytest.param(
            {"club/refugio.md": REFUGIO},
            "¿Dónde se recoge la llave del refugio?",
            "not high",
            "",
            id="spanish-in-the-morning-is-no-place",
        ),
        pytest.param(
            {"maison.md": CAVE},
            "Où est la clé de la cave ?",
            "high",
            "dans le tiroir",
            id="french-in-the-drawer",
        ),
    ],
)
def test_container_places(
    tmp_path: Path, pages: dict[str, str], question: str, confidence: str, must_hold: str
) -> None:
    wiki = page_wiki(tmp_path, pages)

    result = query(question, time_sensitive=False, model="offline", wiki_dir=wiki)

    assert_level(result, confidence, must_hold)

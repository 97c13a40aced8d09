"""Field labels for people, from the one catalogue server and web both read (`contract/field-labels.json`).

A field is looked up by its domain name or its wire key (`hsCode`, `isSWBL`: their snake_case), the
specification's misspellings through the catalogue's aliases; a field the catalogue lacks reads as its words.
Labels are keyed by language (`en`, `fa`); a label the catalogue lacks in a language reads the English one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

CATALOGUE = Path(__file__).resolve().parents[2] / "contract" / "field-labels.json"

_RAW: dict[str, Any] = json.loads(CATALOGUE.read_text(encoding="utf-8"))

# `person`: the fields `profile` words as a company's (`name`), said of a person's login instead.
Area = Literal["booking", "profile", "person"]
LABELS: dict[str, dict[str, dict[str, str]]] = {area: _RAW[area] for area in ("booking", "profile", "person")}
ALIASES: dict[str, str] = _RAW["aliases"]


def snake(key: str) -> str:
    """`hsCode` -> `hs_code`, `EconimocCode` -> `econimoc_code`, `isSWBL` -> `is_swbl`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key).replace("-", "_").lower()


def field_label(key: str, area: Area = "booking", language: str = "en") -> str:
    name = snake(key)
    name = ALIASES.get(name, name)
    known = LABELS[area].get(name)
    if known is not None:
        return known.get(language) or known["en"]
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else key

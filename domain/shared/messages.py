"""Validation messages from the one catalogue the server and the web's zod schemas both read.

`contract/validation-messages.json` maps readable keys (`booking.quantity.min`) to the text a user sees;
`{name}` marks a value filled in at the time (`message("common.text.max", max=200)`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CATALOGUE = Path(__file__).resolve().parents[2] / "contract" / "validation-messages.json"

MESSAGES: dict[str, str] = json.loads(CATALOGUE.read_text(encoding="utf-8"))


def message(key: str, **values: Any) -> str:
    """The catalogue's text for `key`, with its `{name}` placeholders filled from `values`."""
    text = MESSAGES[key]
    return text.format(**values)

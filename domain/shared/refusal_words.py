"""The words of a refusal about a thing no lifecycle file speaks for (an API key, a webhook subscription, a
tracking event...) and of an act a lifecycle file has no trigger for, from contract/refusal-words.json: the
English the domain raises here, the Persian the edge answers it in (api/edge/languages.py), one catalogue
for both (decision 3847)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.shared.errors import IllegalTransition, NotFound

CATALOGUE = Path(__file__).resolve().parents[2] / "contract" / "refusal-words.json"

THINGS: dict[str, dict[str, Any]] = json.loads(CATALOGUE.read_text(encoding="utf-8"))["things"]


def named(thing: str) -> str:
    """The thing's name as a sentence says it inside: "API key", "webhook subscription". A thing the
    catalogue does not name is a mistake of the code that asks (KeyError)."""
    return str(THINGS[thing]["label"])


def act(thing: str, trigger: str) -> str:
    """The words of `trigger` with the thing as their object: "rotate the secret of"."""
    return str(THINGS[thing]["triggers"][trigger]["label"])


def refused(thing: str, state: str, trigger: str, code: int | None = None) -> IllegalTransition:
    """`trigger` may not be done to the thing in `state` (a 409): "Cannot revoke an API key in state revoked".
    A thing with a lifecycle file keeps its file's name ("a rate request")."""
    noun = THINGS[thing].get("label")
    return IllegalTransition(thing, state, trigger, code, action=act(thing, trigger), noun=noun)


def not_found(thing: str) -> NotFound:
    """No such thing, or not the caller's (a 404): "API key not found"."""
    noun = named(thing)
    return NotFound(f"{noun[:1].upper()}{noun[1:]} not found")

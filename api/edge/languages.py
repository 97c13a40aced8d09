"""Error descriptions in the language of the request's `Accept-Language` (English or Persian).

The domain and the edge write their errors in English from the catalogues (contract/validation-messages.json,
contract/error-messages.json); this reads an English text back to its catalogue entry, its `{name}` values
included, and writes the Persian entry (contract/validation-messages.fa.json) with the same values. Field
keys and the envelope stay as they are; a text no catalogue holds is answered as it was written.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from fastapi.responses import JSONResponse

from api.edge.envelope import failure
from domain.shared.languages import DEFAULT, from_accept_language
from domain.shared.messages import MESSAGES

CONTRACT = Path(__file__).resolve().parents[2] / "contract"
PERSIAN_MESSAGES: dict[str, str] = json.loads(
    (CONTRACT / "validation-messages.fa.json").read_text(encoding="utf-8")
)
ERROR_MESSAGES: dict[str, dict[str, str]] = json.loads(
    (CONTRACT / "error-messages.json").read_text(encoding="utf-8")
)["messages"]
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def request_language(headers: Any) -> str:
    """The language of an answer: the first of `Accept-Language` the portal speaks, else English."""
    return from_accept_language(headers.get("accept-language")) or DEFAULT


@cache
def _catalogue(language: str) -> tuple[dict[str, str], list[tuple[re.Pattern[str], str]]]:
    """English text -> the language's text, exact for fixed texts and as patterns for texts with values."""
    pairs = [(english, PERSIAN_MESSAGES.get(key, english)) for key, english in MESSAGES.items()]
    pairs += [(said["en"], said.get(language, said["en"])) for said in ERROR_MESSAGES.values()]
    exact: dict[str, str] = {}
    patterns: list[tuple[re.Pattern[str], str]] = []
    for english, translated in pairs:
        if _PLACEHOLDER.search(english) is None:
            exact.setdefault(english, translated)
            continue
        parts = _PLACEHOLDER.split(english)  # text, name, text, name, ..., text
        regex = "".join(
            re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)" for index, part in enumerate(parts)
        )
        patterns.append((re.compile(f"^{regex}$", re.DOTALL), translated))
    return exact, patterns


def translated(text: str, language: str) -> str:
    """`text` in `language` where a catalogue holds it (its values translated too where they are words of
    a catalogue, as pydantic's `Expected string received number`), else `text` as it is."""
    if language == DEFAULT or not text:
        return text
    exact, patterns = _catalogue(language)
    if text in exact:
        return exact[text]
    for pattern, target in patterns:
        found = pattern.match(text)
        if found is not None:
            values = {name: exact.get(value, value) for name, value in found.groupdict().items()}
            return target.format_map(values)
    return text


def translated_error(
    description: str, fields: dict[str, str] | None, language: str
) -> tuple[str, dict[str, str] | None]:
    """An error's description and field messages in `language`; a description built from the field
    messages (`name: message; ...`) has each message translated in place."""
    if language == DEFAULT:
        return description, fields
    said = {name: translated(text, language) for name, text in (fields or {}).items()}
    whole = translated(description, language)
    if whole == description:
        for name, text in (fields or {}).items():
            whole = whole.replace(f"{name}: {text}", f"{name}: {said[name]}")
    return whole, (said if fields is not None else None)


def failure_in_language(
    asked: Any, status: int, description: str, fields: dict[str, str] | None = None, **more: Any
) -> JSONResponse:
    """A failure envelope in the language the request's headers (`asked`) accept, which it names in
    Content-Language; the field keys stay the wire's; `more` is the envelope's (`headers`, `retry_after`).
    Every error answer leaves through here."""
    language = request_language(asked)
    description, fields = translated_error(description, fields, language)
    answer = failure(status, description, fields, **more)
    answer.headers["Content-Language"] = language
    return answer

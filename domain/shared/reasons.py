"""The reasons the system itself gives for what it records (`audit_fields`), worded once in
`contract/audit-reasons.json`.

An event stores its reason in English, as the record was written; `system_reason` is the one way the domain
words one. A reader in another language reads it through `reason_in`, which knows a stored reason by its
English template and says it in theirs. Words a person typed (a staff member's reason) match no template and
are shown as typed.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from domain.emails.words import digits
from domain.shared.languages import DEFAULT

_CATALOGUE: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[2] / "contract" / "audit-reasons.json").read_text(encoding="utf-8")
)
REASONS: dict[str, dict[str, Any]] = _CATALOGUE["reasons"]
# A slot's listed values and their words, the same wherever a slot of that name appears.
SLOT_VALUES: dict[str, dict[str, str]] = _CATALOGUE["slots"]
_SLOT = re.compile(r"\{(\w+)\}")


def system_reason(key: str, **values: object) -> str:
    """The stored (English) words of the reason `key`, its slots filled; a slot left unfilled is an error."""
    template: str = REASONS[key][DEFAULT]
    wanted = set(_SLOT.findall(template))
    if wanted != set(values):
        raise KeyError(f"reason {key!r} takes {sorted(wanted)}, not {sorted(values)}")
    return template.format(**values)


def _pattern(said: dict[str, Any]) -> re.Pattern[str]:
    """The English template as a pattern; a slot with listed values matches only those, a counted one only
    "<number> <noun>" (so "password set with a reset link" is not a link "set with a reset")."""
    parts = _SLOT.split(said[DEFAULT])
    counted = said.get("counted", {})

    def slot(name: str) -> str:
        if name in SLOT_VALUES:
            return f"(?P<{name}>{'|'.join(re.escape(value) for value in SLOT_VALUES[name])})"
        return f"(?P<{name}>\\d+ [a-z]+)" if name in counted else f"(?P<{name}>.+?)"

    # split() alternates literal text and slot names: escape the one, capture the other.
    body = "".join(re.escape(part) if i % 2 == 0 else slot(part) for i, part in enumerate(parts))
    return re.compile(f"^{body}$", re.DOTALL)


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((_pattern(said), key) for key, said in REASONS.items())


def _slot_in(key: str, slot: str, value: str, language: str) -> str:
    named = SLOT_VALUES.get(slot, {}).get(value)
    if named is not None:
        return named
    noun = REASONS[key].get("counted", {}).get(slot)
    if noun is not None:
        return f"{digits(value.split(' ', 1)[0], language)} {noun}"
    # A number is written in the reader's digits; a person's words stay as they were typed.
    return digits(value, language) if value.isdigit() else value


def reason_in(text: str | None, language: str) -> str | None:
    """A stored reason in `language`: the system's own reasons translated, anything else as stored."""
    if not text or language == DEFAULT:
        return text
    for pattern, key in _patterns():
        found = pattern.match(text)
        if found is None:
            continue
        template = REASONS[key].get(language)
        if template is None:
            return text
        slots = {slot: _slot_in(key, slot, value, language) for slot, value in found.groupdict().items()}
        return str(template).format(**slots)
    return text

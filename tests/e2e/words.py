"""The words a screen shows, in either language, from where the app takes them: the i18next catalogues
(web/src/i18n/locales/<lang>; `reference:` the seeded rows' names of contract/reference-names.json; `field:` a
booking field's words of contract/field-labels.json, by its snake_case name: `field:hs_code`; `profile:` and
`person:` a person's field's, as the accounts forms, the team and the staff review say them: `profile:phone`),
the lifecycles' state labels (state-machines, `label` / `labelFa`) and the
staff actions' console titles (contract/staff-actions.json). A browser test finds an element by its key, so
one test body walks the portal in English and in Persian: `words("fa")("booking:actions.accept")`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any, Literal

from tests.live_server import ROOT

Language = Literal["en", "fa"]
LANGUAGES: tuple[Language, ...] = ("en", "fa")
LOCALES = ROOT / "web" / "src" / "i18n" / "locales"
PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")
TAG = re.compile(r"</?\w+>")
# Persian writes numbers in its own digits, with its own group and decimal separators (Intl's fa-IR).
PERSIAN_NUMBERS = str.maketrans("0123456789,.", "".join(chr(0x06F0 + d) for d in range(10)) + "\u066c\u066b")


@cache
def _catalogue(language: Language, namespace: str) -> dict[str, Any]:
    if namespace == "reference":  # the seeded reference rows' names, shared with the server
        names = json.loads((ROOT / "contract" / "reference-names.json").read_text(encoding="utf-8"))
        return {
            section: {key: said.get(language, said["en"]) for key, said in rows.items()}
            for section, rows in names.items()
            if isinstance(rows, dict)
        }
    if namespace in ("field", "profile", "person"):  # a field's words, the one catalogue the server reads too
        labels = json.loads((ROOT / "contract" / "field-labels.json").read_text(encoding="utf-8"))
        area = "booking" if namespace == "field" else namespace
        return {name: said.get(language, said["en"]) for name, said in labels[area].items()}
    found: dict[str, Any] = json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))
    return found


def text(language: Language, key: str, **values: object) -> str:
    """The catalogue's words for `namespace:dotted.key`; `{{name}}` placeholders filled from `values` (a
    number in the language's digits, as the app's formatter writes it), the others left as they are."""
    namespace, path = key.split(":", 1)
    node: Any = _catalogue(language, namespace)
    for part in path.split("."):
        node = node[part]
    assert isinstance(node, str), key

    def value(found: re.Match[str]) -> str:
        if found.group(1) not in values:
            return found.group(0)
        given = values[found.group(1)]
        if isinstance(given, int | float):
            return number(language, str(given))
        # In Persian a Latin value is isolated, as the app's interpolation writes it (decision 3884).
        latin = re.search(r"[A-Za-z0-9]", str(given)) and not re.search("[\u2066-\u2068]", str(given))
        return f"\u2068{given}\u2069" if language == "fa" and latin else str(given)

    # A sentence's tags mark what a screen draws in an element of its own (`<who>` a name): the words stay.
    return TAG.sub("", PLACEHOLDER.sub(value, node))


def words(language: Language) -> Callable[..., str]:
    """The catalogue of `language` as a function of a key (and placeholder values)."""
    return lambda key, **values: text(language, key, **values)


def state_label(language: Language, machine: str, state: str) -> str:
    """A lifecycle state's label as screens print it (state-machines/<machine>.json)."""
    table = json.loads((ROOT / "state-machines" / f"{machine}.json").read_text(encoding="utf-8"))
    row = next(s for s in table["states"] if s["name"] == state)
    return str(row["labelFa" if language == "fa" else "label"])


def staff_action(language: Language, trigger: str) -> str:
    """A staff action's button and dialog title in the operations console (contract/staff-actions.json)."""
    table = json.loads((ROOT / "contract" / "staff-actions.json").read_text(encoding="utf-8"))
    console = next(r["console"] for r in table["actions"] if r["trigger"] == trigger and r.get("console"))
    return str(console["fa"]["title"] if language == "fa" else console["title"])


def audit_what(language: Language, event: str) -> str:
    """An audit trail entry's title as the server words it for its reader: a staff action's (its row in
    contract/staff-actions.json) or any other event's (contract/audit-words.json)."""
    actions = json.loads((ROOT / "contract" / "staff-actions.json").read_text(encoding="utf-8"))
    row = next((r for r in actions["actions"] if r["event"] == event), None)
    if row is not None:
        return str(row["trailFa" if language == "fa" else "trail"])
    table = json.loads((ROOT / "contract" / "audit-words.json").read_text(encoding="utf-8"))
    return str(table["what"][event][language])


def audit_role(language: Language, role: str) -> str:
    """An actor's role as the audit trail says it (contract/audit-words.json `roles`)."""
    table = json.loads((ROOT / "contract" / "audit-words.json").read_text(encoding="utf-8"))
    return str(table["roles"][role][language])


def number(language: Language, written: str) -> str:
    """A number as the app writes it in `language`, from its English writing ("$3,700.00")."""
    return written.translate(PERSIAN_NUMBERS) if language == "fa" else written


def pattern(language: Language, key: str, **values: object) -> re.Pattern[str]:
    """The catalogue's words as a pattern, each filled value allowed its Unicode isolation marks (FSI ... PDI:
    a Latin name inside Persian words is isolated so it keeps its own direction); an unfilled placeholder
    matches anything."""
    written = text(language, key)
    parts: list[str] = []
    at = 0
    for found in PLACEHOLDER.finditer(written):
        parts.append(re.escape(written[at : found.start()]))
        given = values.get(found.group(1))
        if given is None:
            parts.append(".*?")
        else:
            shown = number(language, str(given)) if isinstance(given, int | float) else str(given)
            parts.append("\u2068?" + re.escape(shown) + "\u2069?")
        at = found.end()
    parts.append(re.escape(written[at:]))
    return re.compile("".join(parts))


# The English catalogue: the default of the helpers that take a screen's words.
english = words("en")

"""Which fields of an event are personal data (the domain names them; the store seals them).

An event class declares:
- `personal_fields`: dotted paths into its fields (`"profile"`, `"details.parties"`); every string inside
  such a value is personal (numbers, flags and the value's shape are not, so they stay business facts);
- `personal_paths(state)` (a static method, optional): more such paths for one event's own fields;
- `personal_identifiers`: the paths among those that must stay unique once erased (a login name);
- `clear_fields`: paths inside those values that are no one's personal data (a profile's language), kept in
  clear (decision 3883; such a field an earlier event holds sealed stays sealed and opens as before);
- `personal_owner`: the field (a dotted path) naming what the aggregate belongs to: an account, or another
  aggregate that belongs to one (its data is erased with that account's); without one, the aggregate is
  its own owner;
- `personal_subject`: the field naming whose data the personal fields are, where that is not the aggregate's
  own (a company team's colleague): they are sealed under a key of that person in that aggregate
  (`member_subject`), which the person owns, so his erasure takes it; the aggregate's owner's erasure names
  it too (one company's team is its data, while the same person in another company's team is not).

Reads of a person's data after erasure answer `ERASED` (an identifier: `ERASED` and a short tag of its own).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

from domain.shared.ids import name_based_id

_ERASED_PERSON: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[2] / "contract" / "erased-person.json").read_text(encoding="utf-8")
)
ERASED: str = _ERASED_PERSON["marker"]


# Per class: its declared paths and its `personal_paths` (a class declares them once; every stored event is
# asked, twice when decoded, so a rebuild asked the class's attributes ~100,000 times per 50,000 events).
_DECLARED: dict[type[Any], tuple[tuple[str, ...], Any]] = {}


def personal_fields(event_class: type[Any], state: dict[str, Any] | None = None) -> tuple[str, ...]:
    """The class's personal paths, and those its `personal_paths(state)` adds for one event's fields."""
    known = _DECLARED.get(event_class)
    if known is None:
        more = getattr(event_class, "personal_paths", None)
        known = _DECLARED[event_class] = (
            tuple(getattr(event_class, "personal_fields", ())),
            more if callable(more) else None,
        )
    declared, more = known
    if state is not None and more is not None:
        declared += tuple(more(state))
    return declared


def personal_identifiers(event_class: type[Any]) -> tuple[str, ...]:
    return tuple(getattr(event_class, "personal_identifiers", ()))


def clear_fields(event_class: type[Any]) -> tuple[str, ...]:
    return tuple(getattr(event_class, "clear_fields", ()))


def personal_owner(event_class: type[Any]) -> str | None:
    owner = getattr(event_class, "personal_owner", None)
    return owner if isinstance(owner, str) else None


def personal_subject(event_class: type[Any]) -> str | None:
    subject = getattr(event_class, "personal_subject", None)
    return subject if isinstance(subject, str) else None


def is_erased(value: object) -> bool:
    """Whether a value reads as erased: the marker, or an erased identifier."""
    return isinstance(value, str) and (value == ERASED or value.startswith(ERASED + " "))


def erased_identifier(subject: str) -> str:
    """An erased login name or identity: unique (the read models keep them unique), naming no one."""
    return f"{ERASED} {subject.replace('-', '')[:12]}"


def own_identifier(value: str, subject: str) -> str:
    """`value`, or where it reads as erased, `subject`'s own erased identifier: an erased name reads as its
    key's owner's marker (a company's login and each of its colleagues' alike), and a table that keeps names
    unique keeps one per row."""
    return erased_identifier(subject) if is_erased(value) else value


def person_name(first: object = None, last: object = None, company: object = None) -> str:
    """How a person or company is named: a company's name, else the first and last names; '' for none.

    An erased person's parts each read `ERASED`: the name says it once, not "erased person erased person"."""
    if company:
        return str(company).strip()
    parts = [str(part).strip() for part in (first, last) if part and str(part).strip()]
    if parts and all(part == ERASED for part in parts):
        return ERASED
    return " ".join(parts)


def person_in(text: str, language: str) -> str:
    """Personal text as a reader of `language` is told it: an erased person's marker in her words."""
    if ERASED not in text:
        return text
    return text.replace(ERASED, _ERASED_PERSON["words"].get(language) or _ERASED_PERSON["words"]["en"])


def member_subject(aggregate_id: UUID | str, member_id: str) -> str:
    """The subject a person's data in another's aggregate is sealed under: one per aggregate and person."""
    return str(name_based_id("member-data", f"{aggregate_id}:{member_id}"))

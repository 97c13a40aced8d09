"""A booking's audit trail in words: who did what, when, and the values it set, named by
label with every id resolved to what it stands for (a port's name, a container's type, a file's name).

The read model (`projections.booking_trail`) keeps the events' domain facts; this module alone turns them into
the sentences and labels an auditor reads. Nothing here prints an id or JSON: a value that cannot be said in
words (an internal id) is left out, and the raw event stays one click away in the per-aggregate log.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path
from typing import Any

from api.presenters.keys import keys_of
from api.schemas import audit as shapes
from domain.accounts.account import (
    DOMESTIC_COMPANY,
    FOREIGN_COMPANY,
    INDIVIDUAL,
    NOT_PERSONAL,
    STAFF_ACCOUNT_TYPE,
    a_company_s_own,
)
from domain.booking.amendment_requests import Amendments
from domain.booking.amendments import AMENDMENT, CANCELLATION
from domain.booking.cancellation_requests import CancellationRequests
from domain.booking.reference import port_named, seeded_name
from domain.booking.staff_actions import STAFF_ACTIONS
from domain.booking.values import PARTY_NAMES, FreightType
from domain.emails.words import WORDS as EMAIL_WORDS
from domain.emails.words import day_in, digits, isolated, number, say, time_utc
from domain.emails.words import money as in_dollars
from domain.shared.aggregate import ActorEvent
from domain.shared.field_labels import ALIASES, LABELS, Area, field_label, snake
from domain.shared.languages import DEFAULT, LANGUAGES
from domain.shared.lifecycle import lifecycle
from domain.shared.personal import is_erased, person_in
from domain.shared.reasons import reason_in
from projections.booking_trail import BookingSummary, BookingTrail, ReferenceNames
from projections.event_log import LoggedEvent

# The wire keys of the trail's shapes (api/schemas/audit.py), derived once.
VALUE = keys_of(shapes.TrailValue)
ENTRY = keys_of(shapes.TrailEntry)
FOUND = keys_of(shapes.BookingFound)
TRAIL = keys_of(shapes.BookingTrail)

# The trail's words in every language the portal speaks (contract/audit-words.json); a staff action's event
# is named by its row (contract/staff-actions.json), so each wording has one home.
_CATALOGUE: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parents[2] / "contract" / "audit-words.json").read_text(encoding="utf-8")
)
_NUMBER = "{number}"
# An act said without its amendment's number: the slot goes, and with it the Persian ezafe that tied the noun
# to the number ("اصلاحیهٔ {number} درخواست شد" -> "اصلاحیه درخواست شد", no "اصلاحیهٔ" left hanging).
_NUMBER_SLOT = re.compile("\u0654? \\{number\\}")


def _without_number(text: str) -> str:
    return _NUMBER_SLOT.sub("", text, count=1)


def _in(section: str, language: str) -> dict[str, str]:
    return {key: said.get(language, said["en"]) for key, said in _CATALOGUE[section].items()}


def _kind_and_type(key: str) -> tuple[str, str]:
    kind, _, event_type = key.partition(".")
    return kind, event_type


# (aggregate kind, event type) -> what happened, as a staff member or customer would say it, per language.
_WHAT_IN: dict[str, dict[tuple[str, str], str]] = {
    language: {
        **{_kind_and_type(key): text for key, text in _in("what", language).items()},
        **{
            (action.machine, action.event_name): action.trail_fa if language == "fa" else action.trail
            for action in STAFF_ACTIONS
        },
    }
    for language in LANGUAGES
}
# The English words without an amendment's number (as the trail says an event that carries none).
_WHAT: dict[tuple[str, str], str] = {key: _without_number(text) for key, text in _WHAT_IN[DEFAULT].items()}

PARTS_IN: dict[str, dict[str, str]] = {language: _in("parts", language) for language in LANGUAGES}
ROLES_IN: dict[str, dict[str, str]] = {language: _in("roles", language) for language in LANGUAGES}
# {language: {lifecycle: {state: words}}}: the booking's states as the booking screens say them; any other
# state (a shipping order's, an amendment's, a cancellation request's) reads its lifecycle file's label.
STATE_WORDS_IN: dict[str, dict[str, dict[str, str]]] = {
    language: {
        machine: {state: said.get(language, said["en"]) for state, said in states.items()}
        for machine, states in _CATALOGUE["states"].items()
    }
    for language in LANGUAGES
}
WORDS_IN: dict[str, dict[str, str]] = {language: _in("words", language) for language in LANGUAGES}
PARTS = PARTS_IN[DEFAULT]
ROLES = ROLES_IN[DEFAULT]


# Facts that are ids or bookkeeping of the system, said elsewhere on the trail (the heading names the
# booking and its customer) or not at all.
_UNSAID = {
    "customer_id",
    "customer_username",
    "rate_request_id",
    "booking_content",
    "edited_order",
    "original",
    "changed",
    "event_id",
    "owner_id",
    "storage_name",
    "sha256",
    "upload_key",
    "body",
    "previous",
    "key",
}

# A tracking event's codes (DCSA's event type, milestone and classifier) as words, per language.
TRACKING_WORDS_IN: dict[str, dict[str, str]] = {language: _in("tracking", language) for language in LANGUAGES}
_TRACKING_WORDS = TRACKING_WORDS_IN[DEFAULT]


def milestone_words(event_type: str, subtype: str | None, classifier: str | None) -> str:
    """A tracking event's codes as words: "Container gated in", "Vessel departed (planned)"."""
    kind = _TRACKING_WORDS.get(event_type, event_type)
    what = _TRACKING_WORDS.get(subtype or "", subtype or "")
    text = f"{kind} {what[:1].lower()}{what[1:]}" if what else kind
    planned = _TRACKING_WORDS.get(classifier or "", "") if classifier in ("PLN", "EST") else ""
    return f"{text} ({planned.lower()})" if planned else text


_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)
_INSTANT = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def moment_words(text: str, language: str = DEFAULT) -> str:
    """The one date format of the screens with the time and its zone: `2026/12/01 14:05 UTC`; in Persian in
    the Solar Hijri calendar with Persian digits, as the audit log's screens write a time."""
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return text
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return time_utc(moment, language)


def day_words(text: str, language: str = DEFAULT) -> str:
    try:
        return day_in(date.fromisoformat(text[:10]), language)
    except ValueError:
        return text


def money(value: Any, language: str = DEFAULT) -> str:
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    return in_dollars(amount, language)


def label(field: str, language: str = DEFAULT) -> str:
    """A field's label from the catalogue (contract/field-labels.json); another word (a role, a state, a
    part) as its words, ids left out."""
    if snake(field) in LABELS["booking"] or snake(field) in ALIASES:
        return field_label(field, language=language)
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", field).replace("_", " ").strip().lower()
    words = re.sub(r"\b(id|ids)\b", "", words).strip()
    return words[:1].upper() + words[1:] if words else field


def state_words(state: str, machine: str = "rate_request", language: str = DEFAULT) -> str:
    """A state said by its own lifecycle (`requested` is a different state of a booking, of an amendment and
    of a cancellation request): the catalogue's words for it, else its lifecycle file's label."""
    own = STATE_WORDS_IN[language].get(machine, {}).get(state)
    return own or _lifecycle_labels(machine, language).get(state) or label(state, language)


# The label of a lifecycle file's state in a language other than English (`label` is the English one).
_LABEL_IN = {"fa": "labelFa"}


@cache
def _lifecycle_labels(machine: str, language: str) -> dict[str, str]:
    """{state: label} of a lifecycle file in `language`; English in the trail's sentence case ("Cancellation
    Requested" -> "Cancellation requested"), a word in capitals (an abbreviation) kept."""
    try:
        states = lifecycle(machine).spec["states"]
    except (KeyError, FileNotFoundError):
        return {}
    key = _LABEL_IN.get(language)
    return {s["name"]: str(s.get(key) or "") if key else _sentence_case(str(s["label"])) for s in states}


def _sentence_case(text: str) -> str:
    first, *rest = text.split(" ")
    return " ".join([first, *(word if word.isupper() and len(word) > 1 else word.lower() for word in rest)])


# The changes to a confirmed booking that are parts of its rate request, each under a lifecycle of its own
# (decision 0032): an event of one says the change's number and state (`state`), except where it carries
# the change's state beside the booking's (a confirmation's `cancellation_state`; its `state` the booking's).
_CHANGES = {"amendment": (Amendments, AMENDMENT.id), "cancellation": (CancellationRequests, CANCELLATION.id)}
_CHANGE_OF_EVENT: dict[str, str] = {
    name: change
    for change, (part, _machine) in _CHANGES.items()
    for name, declared in vars(part).items()
    if isinstance(declared, type) and issubclass(declared, ActorEvent)
}
# A change's state carried beside the booking's, by its field (`cancellation_state`), and its lifecycle.
_CHANGE_STATES = {f"{change}_state": machine for change, (_part, machine) in _CHANGES.items()}


def _change_of(aggregate_kind: str, event_type: str) -> str | None:
    return _CHANGE_OF_EVENT.get(event_type) if aggregate_kind == "rate_request" else None


def _state_machine(aggregate_kind: str, event_type: str, field: str, fields: Mapping[str, Any]) -> str | None:
    """The lifecycle whose state `field` of this event names; None for a field that is no state."""
    if field in _CHANGE_STATES:
        return _CHANGE_STATES[field]
    if field != "state":
        return None
    change = _change_of(aggregate_kind, event_type)
    if change is not None and f"{change}_state" not in fields:
        return _CHANGES[change][1]
    return aggregate_kind


def label_key(aggregate_kind: str, event_type: str, field: str) -> str:
    """The catalogue key the trail labels an event's field by: a change's own (`cancellation_number`) where
    the catalogue has one, else the field's. A state is labelled a state: its words name its lifecycle."""
    change = _change_of(aggregate_kind, event_type)
    own = f"{change}_{field}"
    return own if change is not None and field != "state" and own in LABELS["booking"] else field


class _Words:
    """Says the values of one booking's events, with the booking's reference names at hand."""

    def __init__(self, names: ReferenceNames, language: str = DEFAULT) -> None:
        self.names = names
        self.language = language

    def say(self, key: str, **slots: Any) -> str:
        """A built word of the trail (`Yes`, `per container`) in the reader's language."""
        return WORDS_IN[self.language][key].format(**slots)

    def count(self, value: int | float | Decimal) -> str:
        """A number in the reader's digits: `1,250`, `18,000.5`."""
        return number(f"{value:,}" if isinstance(value, int) else f"{float(value):,g}", self.language)

    def listed(self, items: Iterable[str], between: str = "items") -> str | None:
        """Items one after another, with the reader's separator (`; ` between items, `, ` between fields)."""
        return self.say(f"{between}_separator").join(items) or None

    def port(self, value: Any) -> str | None:
        found = self.names.ports.get(_int(value))
        return None if found is None else f"{found[0]} ({found[1]})"

    def named(self, field: str, value: Any) -> str | None:
        """A fact by its field's meaning; None when it is not to be said (an id with no name, an empty)."""
        if value is None or value == "" or value == [] or value == {}:
            return None
        if field in ("pol_id", "pod_id"):
            return self.port(value)
        if field in ("load_port", "discharge_port"):
            return port_named(str(value))
        if field == "container_type_id":
            seeded = seeded_name("containerTypes", _int(value), self.language)
            return seeded or self.names.container_types.get(_int(value))
        if field == "container_size_id":
            seeded = seeded_name("containerSizes", _int(value), self.language)
            if seeded and self.language != DEFAULT:
                return seeded  # the language's own words for the size ("۲۰ فوتی"); English says "20 ft"
            size = self.names.container_sizes.get(_int(value))
            return f"{size} ft" if size is not None and size.isdigit() else size
        if field in ("msds", "file_id", "msds_file_id"):
            return self.file(value)
        if field == "document_type_id":
            seeded = seeded_name("documentTypes", _int(value), self.language)
            return seeded or self.names.document_types.get(_int(value))
        if field == "container_id":
            return self.names.containers.get(_int(value))
        if field == "freight_type":
            try:
                return self.say(FreightType(_int(value)).name.lower())
            except ValueError:
                return None
        if field == "party_type":
            return self.say(PARTY_NAMES.get(_int(value), "party").replace(" ", "_"))
        if field == "state":
            return state_words(str(value), language=self.language)
        if field in _CHANGE_STATES:
            return state_words(str(value), _CHANGE_STATES[field], self.language)
        if field in ("price", "amount", "total", "total_price"):
            return money(value, self.language)
        if field in ("event_type", "event_subtype", "classifier"):
            return TRACKING_WORDS_IN[self.language].get(str(value), str(value))
        if field == "charges" and isinstance(value, list):
            return self.listed(self.charge(c) for c in value if isinstance(c, dict))
        if field == "cut_offs" and isinstance(value, list):
            return self.listed(self.cut_off(c) for c in value if isinstance(c, dict))
        if field == "documents" and isinstance(value, list):
            return self.listed(self.document(d) for d in value if isinstance(d, dict))
        if field == "parties" and isinstance(value, list):
            return self.listed(self.party(p) for p in value if isinstance(p, dict))
        if field == "containers" and isinstance(value, list):
            return self.listed(self.container(c) for c in value if isinstance(c, dict))
        if field == "revise" and isinstance(value, dict):
            return self.listed(
                f"{label(_snake(k), self.language)}: {self.plain(v)}" for k, v in value.items()
            )
        return self.plain(value, field)

    def plain(self, value: Any, field: str = "") -> str | None:
        if isinstance(value, bool):
            return self.say("yes" if value else "no")
        if isinstance(value, int | float | Decimal):
            return self.count(value)
        if isinstance(value, str):
            if _UUID.match(value):
                return None
            if _INSTANT.match(value):
                return moment_words(value, self.language)
            if _DAY.match(value):
                return day_words(value, self.language)
            return value
        if isinstance(value, dict):
            said = [
                f"{label(k, self.language)}: {text}"
                for k, v in value.items()
                if k not in _UNSAID and (text := self.named(_snake(k), v)) is not None
            ]
            return self.listed(said, "fields")
        if isinstance(value, list):
            return self.listed(text for v in value if (text := self.plain(v)) is not None)
        return str(value)

    def item(self, field: str, item: dict[str, Any]) -> dict[str, str]:
        if field == "parties":
            kind, _, said = self.party(item).partition(": ")
            return {VALUE["label"]: kind, VALUE["value"]: said}
        number = self.named("container_id", item.get("container_id"))
        said = self.container(item)
        return {
            VALUE["label"]: (
                self.say("container_numbered", number=number) if number else self.say("container")
            ),
            VALUE["value"]: said.partition(": ")[2] or said,
        }

    def charge(self, charge: dict[str, Any]) -> str:
        per = str(charge.get("per"))
        per_words = self.say(f"per_{per}") if per in ("container", "booking") else ""
        # A charge a tariff names by its code, as every screen and e-mail says it (the words of
        # contract/email-messages.json, which the web's catalogue equals); another by the name it was given.
        code = f"charge.{charge.get('code')}"
        name = (
            say(code, self.language) if code in EMAIL_WORDS else str(charge.get("name") or self.say("charge"))
        )
        return " ".join(p for p in (name, money(charge.get("amount"), self.language), per_words) if p)

    def cut_off(self, cut_off: dict[str, Any]) -> str:
        """A sailing's cut-off by what it closes (its DCSA code said as the screens and e-mails say it)."""
        code = str(cut_off.get("code") or "")
        name = say(f"cutOff.{code}", self.language) if f"cutOff.{code}" in EMAIL_WORDS else code
        at = self.plain(cut_off.get("at"))
        return f"{name}: {at}" if at else name

    def file(self, file_id: Any) -> str:
        """A file by the name it was sent under, isolated in a Persian sentence (a Persian name with a Latin
        extension, or a Latin one, reads whole); "a file" when it is not known."""
        name = self.names.files.get(str(file_id))
        return self.say("a_file") if name is None else isolated(name, self.language)

    def document(self, document: dict[str, Any]) -> str:
        kind = self.named("document_type_id", document.get("document_type_id")) or self.say("document")
        return f"{kind}: {self.file(document.get('file_id'))}"

    def party(self, party: dict[str, Any]) -> str:
        kind = self.named("party_type", party.get("party_type")) or self.say("party")
        details = [str(party.get(k)) for k in ("name", "address") if party.get(k)]
        if party.get("phone_number"):
            details.append(self.say("phone", number=party["phone_number"]))
        if party.get("fax"):
            details.append(self.say("fax", number=party["fax"]))
        side = f" ({self.say('sea_waybill')})" if party.get("is_for_swbl") else ""
        return f"{kind}{side}: {self.listed(details, 'fields') or ''}"

    def container(self, container: dict[str, Any]) -> str:
        number = self.named("container_id", container.get("container_id")) or self.say("container")
        details = []
        if container.get("seal"):
            details.append(self.say("seal", seal=container["seal"]))
        if container.get("count") is not None:
            details.append(self.say("packages", count=self.count(_int(container["count"]))))
        for key, word in (("gross_weight", "gross"), ("net_weight", "net")):
            if container.get(key) is not None:
                details.append(self.say(word, weight=self.count(float(container[key]))))
        return f"{number}: {self.listed(details, 'fields')}" if details else number


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


# An order's events that carry its content: whole (`details`) or the fields sent again (`changes`).
_ORDER_CONTENT = {"Created": "details", "Resubmitted": "details", "Edited": "changes", "Updated": "changes"}
_BEFORE = "_before"  # what an order's changed fields were, set by `_said_as_changes`


def _said_as_changes(events: list[LoggedEvent]) -> list[LoggedEvent]:
    """The booking's events (oldest first), each edit of its order narrowed to what it changed, with what
    those fields were before (the order's content as its events before it left it): an edit sends the whole
    form again, and an auditor reads what the customer changed, not the order once more."""
    content: dict[str, dict[str, Any]] = {}
    said = []
    for event in events:
        key = _ORDER_CONTENT.get(event.type) if event.aggregate_kind == "shipping_order" else None
        sent = event.changes.get(key) if key else None
        if key is None or not isinstance(sent, dict):
            said.append(event)
            continue
        before = content.get(event.aggregate_id)
        content[event.aggregate_id] = dict(sent) if key == "details" else {**(before or {}), **sent}
        if key == "details" or before is None:
            said.append(event)
            continue
        changed = {field: value for field, value in sent.items() if before.get(field) != value}
        kept = {k: v for k, v in event.changes.items() if k != "replaced"}  # `_BEFORE` says it
        was: dict[str, Any] = {field: before.get(field) for field in changed}
        narrowed: dict[str, Any] = {**kept, key: changed, _BEFORE: was}
        said.append(replace(event, changes=narrowed))
    return said


def _values(event: LoggedEvent, words: _Words) -> list[dict[str, str]]:
    changes = dict(event.changes)
    earlier: dict[str, Any] = changes.pop(_BEFORE, None) or {}
    out: list[dict[str, str]] = []
    if event.type == "AmendmentRequested":
        original, amended = changes.get("original") or {}, changes.get("amended") or {}
        for field in changes.get("changed") or []:
            before, after = words.named(field, original.get(field)), words.named(field, amended.get(field))
            out.append(
                {
                    VALUE["label"]: label(field, words.language),
                    VALUE["value"]: f"{before or words.say('not_set')} → {after or words.say('not_set')}",
                }
            )
        changes = {k: v for k, v in changes.items() if k not in ("original", "amended", "changed")}
    # The order's or the request's own fields (`details` on create, `changes` on an edit) read as fields.
    for nested in ("details", "changes", "facts", "values"):
        inner = changes.pop(nested, None)
        if isinstance(inner, dict):
            changes = {**inner, **changes}
    if event.aggregate_kind == "tracking_event" and "booking_reference" in changes:
        changes.pop("booking_reference")
    kind, event_type = event.aggregate_kind, event.type
    for field, value in changes.items():
        if field in _UNSAID or field.endswith("_hash"):
            continue
        if field in ("parties", "containers") and isinstance(value, list):
            # One line per party (labelled by its role) and per container (by its number); of an edit, the
            # ones it changed or added.
            kept = earlier.get(field) or []
            new = (item for item in value if isinstance(item, dict) and item not in kept)
            out.extend(words.item(field, item) for item in new)
            continue
        machine = _state_machine(kind, event_type, field, changes)
        text = (
            words.named(field, value)
            if machine is None or value is None
            else state_words(str(value), machine, words.language)
        )
        if text is not None:
            said = label(label_key(kind, event_type, field), words.language)
            if field in earlier:  # an edit's change, as an amendment's reads: before → after
                was = words.named(field, earlier[field])
                text = f"{was or words.say('not_set')} → {text}"
            out.append({VALUE["label"]: said, VALUE["value"]: text})
    return out


def what(event: LoggedEvent, language: str = DEFAULT) -> str:
    known = _WHAT_IN[language].get((event.aggregate_kind, event.type))
    number = event.changes.get("number")
    if known is not None and _NUMBER in known and isinstance(number, int) and not isinstance(number, bool):
        return known.replace(_NUMBER, digits(str(number), language))
    return kind_of_act(event.aggregate_kind, event.type, language)


def kind_of_act(aggregate_kind: str, event_type: str, language: str = DEFAULT) -> str:
    """What an event of this type says happened ("Price quoted"), without its particulars."""
    known = _WHAT_IN[language].get((aggregate_kind, event_type))
    if known is not None:
        return _without_number(known)
    # An event the catalogue lacks: its type's words (English, as the event names it) after its part.
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", event_type).lower()
    part = part_words(aggregate_kind, language)
    return WORDS_IN[language]["other"].format(part=part, words=words)


def part_words(aggregate_kind: str, language: str = DEFAULT) -> str:
    return PARTS_IN[language].get(aggregate_kind) or label(aggregate_kind, language)


def role_words(role: str, language: str = DEFAULT) -> str:
    return ROLES_IN[language].get(role) or label(role, language)


def overview(
    days: int, counts: list[tuple[str, str, int]], latest: list[LoggedEvent], language: str = DEFAULT
) -> dict[str, Any]:
    summed: dict[str, int] = {}
    for kind, event_type, count in counts:
        act = kind_of_act(kind, event_type, language)
        summed[act] = summed.get(act, 0) + count
    return {
        "days": days,
        "decisions": [
            {"what": w, "count": n} for w, n in sorted(summed.items(), key=lambda i: (-i[1], i[0]))
        ],
        "latest": [
            {
                "position": e.position,
                "aggregateId": e.aggregate_id,
                "aggregateKind": e.aggregate_kind,
                "when": moment_words(e.recorded_at, language),
                "who": who(e, language),
                "what": what(e, language),
                "bookingReference": e.booking_reference,
            }
            for e in latest
        ],
    }


def who(event: LoggedEvent, language: str = DEFAULT) -> str:
    if event.actor_role == "system" or event.actor_id in (None, "system"):
        return ROLES_IN[language]["system"]
    if _UUID.match(event.actor_name or ""):
        return ROLES_IN[language].get(event.actor_role or "", WORDS_IN[language]["someone"])
    name = person_in(event.actor_name, language)
    if event.actor_team_role and event.actor_company is not None:
        # A company's colleague: "Reza Tehrani (booker, Pars Export Co.)", the role in the reader's words.
        words = WORDS_IN[language]
        role = words.get(f"team_{event.actor_team_role}") or event.actor_team_role
        return words["member"].format(name=name, role=role, company=person_in(event.actor_company, language))
    return name


def entry(event: LoggedEvent, words: _Words) -> dict[str, Any]:
    language = words.language
    return {
        ENTRY["position"]: event.position,
        ENTRY["recorded_at"]: event.recorded_at,
        ENTRY["when"]: moment_words(event.recorded_at, language),
        ENTRY["who"]: who(event, language),
        ENTRY["role"]: role_words(event.actor_role or "system", language),
        ENTRY["part"]: part_words(event.aggregate_kind, language),
        ENTRY["what"]: what(event, language),
        ENTRY["reason"]: reason_in(event.reason, language) or None,
        # An erased person's data (a party's name, an address) is said as erased, in the reader's words.
        ENTRY["values"]: [
            {**value, VALUE["value"]: person_in(value[VALUE["value"]], language)}
            for value in _values(event, words)
        ],
    }


# The fields whose values are ids or codes a person cannot read (a port's id, a container's, a freight
# type's).
NAMED_FIELDS = frozenset(
    {
        "pol_id",
        "pod_id",
        "load_port",
        "discharge_port",
        "container_type_id",
        "container_size_id",
        "document_type_id",
        "container_id",
        "freight_type",
        "party_type",
        "msds",
        "file_id",
        "msds_file_id",
    }
)


# The catalogue area that names a record's fields: a booking's parts by the booking's labels, a person's
# records by the profile's. Any other field is left to the audit screen's own words (the web's catalogue),
# which a label worked out here from the field's English name would hide from a Persian reader.
_AREA_OF_KIND: dict[str, Area] = {
    **{kind: "booking" for kind in _CATALOGUE["parts"]},
    "registration": "profile",
    "account": "profile",
    "profile_edit_request": "profile",
}
# An account's kind (a sign-up's `kind`, an account's `account_type`): its code said in words.
_CUSTOMER_KINDS = {
    STAFF_ACCOUNT_TYPE: "staff_account",
    INDIVIDUAL: "individual",
    DOMESTIC_COMPANY: "domestic_company",
    FOREIGN_COMPANY: "foreign_company",
}
# A party's roles in an address-book entry, by the trail's words for the parties.
_PARTY_ROLES = {"shipper": "shipper", "consignee": "consignee", "notify": "notify_party"}


def _coded(kind: str, field: str, value: Any) -> str | None:
    """The words key of a code only its record's kind gives a meaning to, or None."""
    if field == "account_type" or (field == "kind" and kind == "registration"):
        return _CUSTOMER_KINDS.get(_int(value))
    if field == "roles" and kind == "address_book_entry":
        return _PARTY_ROLES.get(str(value))
    if kind == "account" and field in NOT_PERSONAL and is_erased(value):
        # No one's data, sealed inside a profile before decision 3883 kept it in clear: gone with the
        # person's, and not the person (the marker would read "Erased person").
        return "erased_with_person"
    if kind == "account" and field == "language" and f"language_{value}" in WORDS_IN[DEFAULT]:
        return f"language_{value}"
    return None


def _known_label(field: str, area: Area, language: str) -> str | None:
    name = snake(field)
    return field_label(field, area, language) if ALIASES.get(name, name) in LABELS[area] else None


def _areas_of(kind: str, company_s_own: bool) -> tuple[Area, ...]:
    """The catalogue areas naming a record's fields, the first that names a field saying it: an account's
    `name` is a company's only on a company's own login, a person's (the `person` area's) on any other."""
    area = _AREA_OF_KIND.get(kind)
    if area is None:
        return ()
    return ("person", area) if kind == "account" and not company_s_own else (area,)


def _company_s_own_login(events: list[LoggedEvent]) -> bool:
    """Whether these events' account is a company's own login: its type as it was opened and the company its
    profile names (a colleague's login names his company's, set again when he is invited back)."""
    account_type, company_id, login = -1, "", ""
    for event in events:
        if event.aggregate_kind != "account":
            continue
        login = event.aggregate_id
        changes = dict(event.changes)
        account_type = _int(changes["account_type"]) if "account_type" in changes else account_type
        for record in (changes.get("profile"), changes.get("values")):
            if isinstance(record, dict) and "company_id" in record:
                company_id = str(record["company_id"] or "")
    return a_company_s_own(account_type, company_id, login)


def value_words(
    events: list[LoggedEvent], names: ReferenceNames, language: str = DEFAULT
) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """For the record's timeline, which folds the values itself: {field: {value as text: its words}} for
    every id or code in these events' values at any depth, and {field: its label} for every field its
    record's catalogue area names, so the timeline says them as the trail does ("Port of loading: Shanghai
    (CNSHA)", not "Pol id: 214")."""
    words = _Words(names, language)
    found: dict[str, dict[str, str]] = {}
    labels: dict[str, str] = {}
    company_s_own = _company_s_own_login(events)

    def walk(field: str, value: Any, kind: str) -> None:
        areas = _areas_of(kind, company_s_own)
        said_label = next(filter(None, (_known_label(field, area, language) for area in areas)), None)
        if said_label is not None:
            labels[field] = said_label
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(key, inner, kind)
            return
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                for key, deeper in item.items():
                    walk(key, deeper, kind)
            elif (
                field in NAMED_FIELDS and item is not None and (said := words.named(field, item)) is not None
            ):
                found.setdefault(field, {})[str(item)] = said
            elif (key := _coded(kind, field, item)) is not None:
                found.setdefault(field, {})[str(item)] = words.say(key)

    for event in events:
        for field, value in dict(event.changes).items():
            walk(field, value, event.aggregate_kind)
    return found, labels


def summary(
    booking: BookingSummary, matched: list[str] | None = None, language: str = DEFAULT
) -> dict[str, Any]:
    return {
        FOUND["booking_id"]: booking.booking_id,
        FOUND["reference"]: booking.reference,
        FOUND["customer_name"]: person_in(booking.customer_name, language),
        FOUND["state"]: state_words(booking.state, language=language),
        FOUND["created_at"]: moment_words(booking.created_at, language),
        FOUND["updated_at"]: moment_words(booking.updated_at, language),
        FOUND["matched_people"]: matched or [],
    }


def booking_trail(trail: BookingTrail, language: str = DEFAULT) -> dict[str, Any]:
    words = _Words(trail.names, language)
    return {
        **summary(trail.booking, language=language),
        TRAIL["entries"]: [entry(e, words) for e in _said_as_changes(trail.events)],
    }

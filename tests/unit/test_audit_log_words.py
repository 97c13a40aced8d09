"""The audit log in Persian names every event the domain stores: its words are the trail's
(contract/audit-words.json, read by the web's audit screens too; tests/unit/test_audit_words.py holds every
stored event to it), and the web's catalogue (`audit` namespace) names the kind of its aggregate, so no event
reads as English split words (`AmendmentDeclined` -> "Amendment declined") on a Persian screen."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from api.presenters.audit_trail import _AREA_OF_KIND
from domain.shared.field_labels import ALIASES, LABELS, snake
from projections.history import _names
from tests.unit.test_event_classes import NESTED

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "web" / "src" / "i18n" / "locales"
AUDIT_WORDS = json.loads((ROOT / "contract" / "audit-words.json").read_text(encoding="utf-8"))
# The domain's shared bases: their events are recorded by the aggregates built on them, under those names.
BASES = {"domain_aggregate", "lifecycle_aggregate"}


def stored_events() -> set[tuple[str, str]]:
    """(aggregate kind, event type) of every event class an aggregate of the domain records."""
    named = {_names(event_class)[:2] for event_class in NESTED}
    return {(kind, event_type) for kind, event_type in named if kind not in BASES}


def catalogue(language: str) -> dict[str, dict[str, str]]:
    return dict(json.loads((LOCALES / language / "audit.json").read_text(encoding="utf-8")))


def test_the_domain_is_seen() -> None:
    events = stored_events()
    assert ("rate_request", "PriceAccepted") in events and ("account", "Created") in events
    assert len(events) > 80, len(events)


def test_every_stored_event_s_kind_has_persian_words_in_the_audit_log() -> None:
    fa = catalogue("fa")
    missing = sorted({f"kinds.{kind}" for kind, _ in stored_events() if kind not in fa["kinds"]})
    assert not missing, missing


def test_english_and_persian_name_the_same_kinds_and_fields() -> None:
    en, fa = catalogue("en"), catalogue("fa")
    for section in ("kinds", "fields"):
        assert set(en[section]) == set(fa[section]), section


# What every event carries beside its values: the record's own bookkeeping, shown apart or not at all.
_BOOKKEEPING = {
    "originator_id",
    "originator_version",
    "originator_topic",
    "timestamp",
    "actor_id",
    "actor_role",
    "reason",
}


def test_every_value_an_event_stores_has_a_persian_label() -> None:
    """A record's values are labelled by the server's catalogue for its kind (a booking's, a person's); any
    other record's by the audit screen's own (`fields`), else by the server's catalogue in any area (the web's
    `fieldLabel`, web/src/features/audit/lib/fold.ts); a field none names reads as its English name on a
    Persian screen."""
    fields = catalogue("fa")["fields"]
    missing = set()
    for event_class in NESTED:
        kind = _names(event_class)[0]
        for field in dataclasses.fields(event_class):
            name = ALIASES.get(snake(field.name), snake(field.name))
            named = any(name in labels for labels in LABELS.values())
            if field.name in _BOOKKEEPING or field.name in fields or named:
                continue
            missing.add(f"{kind}.{field.name}")
    assert not missing, sorted(missing)


def test_every_fact_a_tracking_event_keeps_has_a_persian_label() -> None:
    """A tracking event stores its facts as one mapping (not fields of its class), so the walk above does not
    see them; the trail labels each by the booking's catalogue (a booking's sailing adds its arrival)."""
    from domain.tracking.milestone import BookingMatch, _facts
    from tests.api.tracking_support import equipment

    document = equipment("e-1", "GTIN", "MSCU1234566", "2026-12-01T07:37:00Z", "IRBND", "FB-2026-000001")
    match = BookingMatch("rr-1", "customer-1", "FB-2026-000001", "2027-01-12T12:00:00Z", "DEHAM")
    facts = _facts(document, match)
    assert {"planned_arrival", "arrival_port", "event_subtype"} <= set(facts)
    unsaid = {"rate_request_id", "customer_id", "event_id"}  # ids: the trail says none of them
    missing = [f for f in facts if f not in unsaid and "fa" not in LABELS["booking"].get(f, {})]
    assert not missing, missing


# What a booking's trail never says as a value of its own: a record it reads as its fields (`details`, an
# edit's `changes`, a milestone's `facts`) or an amendment's before and after (said field by field).
_READ_AS_FIELDS = {"details", "changes", "facts", "values", "amended"}


def test_every_field_the_booking_trail_says_is_labelled_by_the_catalogue_in_both_languages() -> None:
    """The trail labels a booking's values from `contract/field-labels.json` (both languages, checked there):
    a field the catalogue lacks reads as its English name on a Persian trail. Every event of the booking's
    lifecycles (the booking's, its shipping order's, its amendments' and cancellation requests') and the parts
    of a sailing are walked; a change's number is labelled as that change's."""
    from api.presenters.audit_trail import _UNSAID, label_key
    from domain.booking.schedules import Sailing

    missing = set()
    for event_class in NESTED:
        kind, event_type = _names(event_class)[:2]
        if kind not in ("rate_request", "shipping_order"):
            continue
        for field in dataclasses.fields(event_class):
            name = field.name
            if name in _BOOKKEEPING or name in _UNSAID or name in _READ_AS_FIELDS or name.endswith("_hash"):
                continue
            key = label_key(kind, event_type, name)
            if ALIASES.get(snake(key), snake(key)) not in LABELS["booking"]:
                missing.add(f"{kind}.{event_type}.{name}")
    for field in dataclasses.fields(Sailing):
        if field.name not in LABELS["booking"]:
            missing.add(f"sailing.{field.name}")
    assert not missing, sorted(missing)
    # A cancellation request's number is not an amendment's.
    amendment, cancellation = (
        LABELS["booking"][label_key("rate_request", event_type, "number")]
        for event_type in ("AmendmentRequested", "CancellationRequested")
    )
    assert amendment["en"] != cancellation["en"] and amendment["fa"] != cancellation["fa"]


def test_the_web_names_a_person_s_records_fields_by_the_profile_s_labels_as_the_server_does() -> None:
    """The web's audit screens label a record's fields by the area of contract/field-labels.json its kind
    reads (a booking's parts by `parts` of the trail's catalogue, which both read; a person's records by a
    list each side keeps): the web's list is the server's."""
    source = (ROOT / "web" / "src" / "features" / "audit" / "lib" / "fold.ts").read_text(encoding="utf-8")
    found = re.search(r"PERSON_KINDS[^=]*= new Set\(\[([^\]]*)\]\)", source)
    assert found, "PERSON_KINDS not found in fold.ts"
    web = set(re.findall(r"'(\w+)'", found.group(1)))
    server = {kind for kind, area in _AREA_OF_KIND.items() if area == "profile"}
    assert web == server
    assert {kind for kind, area in _AREA_OF_KIND.items() if area == "booking"} == set(AUDIT_WORDS["parts"])

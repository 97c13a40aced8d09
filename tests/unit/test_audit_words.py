"""The audit trail's catalogue (contract/audit-words.json) and the staff actions' trail words: every entry in
both languages with the same placeholders, the Persian in Persian words."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from api.presenters import audit_trail
from domain.booking.staff_actions import STAFF_ACTIONS
from domain.shared.field_labels import LABELS
from domain.shared.lifecycle import lifecycle
from domain.shared.personal import ERASED
from projections.booking_trail import ReferenceNames
from projections.event_log import LoggedEvent
from tests.unit.test_audit_log_words import stored_events

CATALOGUE = Path(__file__).resolve().parents[2] / "contract" / "audit-words.json"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
LATIN = re.compile("[A-Za-z]")


def test_every_entry_is_said_in_both_languages_with_the_same_placeholders() -> None:
    raw = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    sections = [name for name in raw if name != "description"]
    assert sections == ["what", "parts", "roles", "states", "words", "tracking"]
    # `states` is keyed by lifecycle first: a state's name alone does not say which state it is.
    entries = [
        (section, key, said)
        for section in sections
        if section != "states"
        for key, said in raw[section].items()
    ]
    entries += [
        ("states", f"{machine}.{state}", said)
        for machine, states in raw["states"].items()
        for state, said in states.items()
    ]
    assert set(raw["states"]) <= set(BOOKING_LIFECYCLES)
    for section, key, said in entries:
        assert set(said) == {"en", "fa"}, (section, key)
        assert said["en"].strip() and said["fa"].strip(), (section, key)
        names = [set(PLACEHOLDER.findall(said[language])) for language in ("en", "fa")]
        assert names[0] == names[1], (section, key)
        assert not LATIN.search(PLACEHOLDER.sub("", said["fa"]).replace("API", "")), (section, key)


def test_each_staff_action_names_its_event_in_persian_too() -> None:
    for action in STAFF_ACTIONS:
        assert action.trail_fa.strip() and not LATIN.search(action.trail_fa), action.name
        key = (action.machine, action.event_name)
        assert audit_trail._WHAT_IN["fa"][key] == action.trail_fa
        assert audit_trail._WHAT_IN["en"][key] == action.trail


def test_an_event_the_catalogue_lacks_reads_as_its_type_after_its_part_in_either_language() -> None:
    assert audit_trail.kind_of_act("shipping_order", "SomethingNew") == "Shipping order: something new"
    assert audit_trail.kind_of_act("shipping_order", "SomethingNew", "fa") == "دستور حمل: something new"


def test_an_event_said_without_its_amendment_s_number_leaves_no_ezafe_hanging() -> None:
    """The overview counts an act without its number: the Persian ezafe that tied "اصلاحیهٔ" to the number
    goes with it ("اصلاحیه درخواست شد", not "اصلاحیهٔ درخواست شد")."""
    assert audit_trail.kind_of_act("rate_request", "AmendmentRequested", "fa") == "اصلاحیه درخواست شد"
    assert audit_trail.kind_of_act("rate_request", "AmendmentRequoted", "fa") == "برای اصلاحیه نرخ اعلام شد"
    assert audit_trail.kind_of_act("rate_request", "AmendmentPriceExpired") == "Amendment's new price expired"
    # Every such event: the ezafe before the number goes, any other ezafe stays.
    for (kind, event_type), said in audit_trail._WHAT_IN["fa"].items():
        if "{number}" in said:
            without = audit_trail.kind_of_act(kind, event_type, "fa")
            assert said.count("\u0654") - without.count("\u0654") == said.count("\u0654 {number}"), said


# The lifecycles a booking's trail tells: the booking's own, its shipping order's, and its changes'.
BOOKING_LIFECYCLES = ("rate_request", "shipping_order", "booking_amendment", "booking_cancellation")
PERSIAN = re.compile("[\u0600-\u06ff]")


def test_every_state_of_a_booking_is_said_by_its_own_lifecycle_in_both_languages() -> None:
    for machine in BOOKING_LIFECYCLES:
        for state in lifecycle(machine).codes:
            english, farsi = (audit_trail.state_words(state, machine, language) for language in ("en", "fa"))
            assert PERSIAN.search(farsi) and not LATIN.search(farsi), (machine, state, farsi)
            assert english[:1].isupper() and "_" not in english and english != farsi, (machine, state)
    # One name in three lifecycles is three states: a change's request is no booking waiting for a price.
    requested = {
        (machine, language): audit_trail.state_words("requested", machine, language)
        for machine in ("rate_request", "booking_amendment", "booking_cancellation")
        for language in ("en", "fa")
    }
    assert len(set(requested.values())) == len(requested)
    # A change's states are its lifecycle file's labels (one source), in the trail's sentence case.
    assert audit_trail.state_words("requested", "booking_cancellation") == "Cancellation requested"
    assert audit_trail.state_words("confirmed", "booking_cancellation", "fa") == "لغو تأیید شد"
    assert audit_trail.state_words("requested", "booking_amendment", "fa") == "درخواست اصلاح"
    # The booking's own, as the booking screens say it.
    assert audit_trail.state_words("requested") == "Waiting for a price"


def _logged(kind: str, event_type: str, **changes: Any) -> LoggedEvent:
    return LoggedEvent(
        position=1,
        aggregate_id="rr-1",
        aggregate_kind=kind,
        version=1,
        type=event_type,
        recorded_at="2026-12-02T15:32:00Z",
        actor_id="staff-1",
        actor_role="admin",
        actor_name="admin",
        reason=None,
        changes=changes,
    )


def _said(event: LoggedEvent, language: str) -> dict[str, str]:
    entry = audit_trail.entry(event, audit_trail._Words(ReferenceNames(), language))
    return {value["label"]: value["value"] for value in entry["values"]}


def test_a_cancellation_is_said_by_its_own_lifecycle_and_labels_in_both_languages() -> None:
    requested = _logged(
        "rate_request", "CancellationRequested", number=1, state="requested", customer_id="c-1"
    )
    assert _said(requested, "en") == {"Cancellation request number": "1", "State": "Cancellation requested"}
    assert _said(requested, "fa") == {"شمارهٔ درخواست لغو": persian("1"), "وضعیت": "درخواست لغو"}
    # Confirmed: the request's state and the booking's, each by its lifecycle.
    confirmed = _logged(
        "rate_request",
        "CancellationConfirmed",
        number=1,
        cancellation_state="confirmed",
        state="cancelled",
        customer_id="c-1",
    )
    assert _said(confirmed, "en") == {
        "Cancellation request number": "1",
        "State of the cancellation request": "Cancellation confirmed",
        "State": "Cancelled",
    }
    assert _said(confirmed, "fa") == {
        "شمارهٔ درخواست لغو": persian("1"),
        "وضعیت درخواست لغو": "لغو تأیید شد",
        "وضعیت": "لغو شد",
    }
    # An amendment's number and state are the amendment's.
    withdrawn = _logged(
        "rate_request", "AmendmentWithdrawn", number=2, state="withdrawn", for_cancellation=True
    )
    assert _said(withdrawn, "en")["Amendment number"] == "2"
    assert _said(withdrawn, "en")["State"] == "Amendment withdrawn"
    assert not [w for w in _said(withdrawn, "fa").items() if LATIN.search("".join(w))]


SAILING = {
    "service_code": "FE1",
    "service_name": "Far East Express",
    "vessel_imo_number": "9321483",
    "vessel_name": "MAERSK ESSEX",
    "export_voyage": "2301W",
    "import_voyage": "2301E",
    "load_port": "CNSHA",
    "load_call_reference": "CNSHA-2301",
    "departure": "2026-12-22T12:00:00Z",
    "discharge_port": "SGSIN",
    "discharge_call_reference": "SGSIN-2301",
    "arrival": "2027-01-12T12:00:00Z",
    "cut_offs": [
        {"code": "DCO", "at": "2026-12-19T12:00:00Z"},
        {"code": "VCO", "at": "2026-12-20T12:00:00Z"},
        {"code": "FCO", "at": "2026-12-21T12:00:00Z"},
    ],
    "universal_service_reference": "SR00001D",
    "estimated": True,
}
# Persian digits and separators, as a Persian trail writes a number (tests/e2e/words.py writes them so too).
PERSIAN_NUMBERS = str.maketrans("0123456789,.", "".join(chr(0x06F0 + d) for d in range(10)) + "\u066c\u066b")


def persian(number: str) -> str:
    return number.translate(PERSIAN_NUMBERS)


# What the trail keeps as data in any language: UN/LOCODE port names, times in UTC, the carrier's names and
# codes, and a trade's abbreviation (VGM, FCL) beside its words.
DATA = re.compile(
    r"[A-Z][a-z]+ \([A-Z]{5}\)|\d{4}/\d{2}/\d{2} \d{2}:\d{2} UTC"
    r"|MAERSK ESSEX|Far East Express|\b[A-Z0-9-]{2,}\b"
)


def test_a_sailing_and_a_quote_s_charges_are_said_in_the_reader_s_words() -> None:
    chosen = _logged("rate_request", "SailingChosen", sailing=SAILING, customer_id="c-1")
    english, farsi = _said(chosen, "en")["Sailing"], _said(chosen, "fa")["سفر دریایی"]
    # The cut-offs by what they close (contract/email-messages.json, as every screen names them).
    assert "Shipping instructions (documentation): 2026/12/19 12:00 UTC" in english
    # In Persian, as its screens write a time: the Solar Hijri day (28 Azar 1405) in Persian digits, isolated.
    assert f"دستورالعمل حمل (اسناد): \u2068{persian('1405/09/28 12:00')} به وقت UTC\u2069" in farsi
    assert "Port of loading: Shanghai (CNSHA)" in english and "Departure: 2026/12/22 12:00 UTC" in english
    assert "Code" not in english and "DCO" not in english + farsi
    assert not LATIN.search(DATA.sub("", farsi)), DATA.sub("", farsi)
    # A charge by its code, as the customer's screens name it; a code the catalogue lacks by its stored name.
    charges = [
        {"code": "ocean_freight", "name": "Ocean freight", "amount": "3700.00", "per": "container"},
        {"code": "port_dues", "name": "Port dues", "amount": "20.00", "per": "booking"},
    ]
    quoted = _logged("rate_request", "Quoted", price="3700.00", charges=charges, state="quoted")
    assert (
        _said(quoted, "en")["Charges"]
        == "Ocean freight $3,700.00 per container; Port dues $20.00 per booking"
    )
    assert (
        _said(quoted, "fa")[LABELS["booking"]["charges"]["fa"]]
        == f"کرایهٔ دریایی {persian('3,700.00')} دلار برای هر کانتینر؛"
        f" Port dues {persian('20.00')} دلار برای هر رزرو"
    )


def test_every_event_the_domain_stores_is_said_by_the_catalogue() -> None:
    """No event falls through to its type's English words (`Account: password set` on a Persian screen): each
    has its `what` (or its staff action's `trail`), which the first test holds to both languages."""
    missing = sorted(event for event in stored_events() if event not in audit_trail._WHAT_IN["en"])
    assert not missing, missing


def test_a_language_sealed_in_an_erased_person_s_profile_is_said_gone_with_it_not_as_a_person() -> None:
    """A profile change stored before decision 3883 sealed the language with the name: once the person is
    erased it cannot be read again. The record says it went with his data, not "Language: Erased person";
    one kept in clear reads as the language by its name."""
    old = _logged("account", "ProfileUpdated", values={"name": ERASED, "language": ERASED})
    new = _logged("account", "ProfileUpdated", values={"name": ERASED, "language": "fa"})
    for language in ("en", "fa"):
        names, _ = audit_trail.value_words([old, new], ReferenceNames(), language)
        words = audit_trail.WORDS_IN[language]
        assert names["language"] == {ERASED: words["erased_with_person"], "fa": words["language_fa"]}
    assert audit_trail.value_words([new], ReferenceNames())[0]["language"] == {"fa": "Persian"}

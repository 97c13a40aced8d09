"""Every field of the shipping order has its place in the bill-of-lading standard: an order made on the
screens is written as the standard's shipping instructions (`instructions`) and read back from them
(`order_draft`) with the same values, or the field is named below as one the screens' instructions do not
carry. A field added to the order and forgotten at the door fails here, rather than going missing from the
instructions unseen (no API test sends a field it does not know of)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from api.dcsa.ebl import documents
from domain.booking.reference import REFRIGERATED
from domain.booking.values import CONSIGNEE, SUPPLIER, OrderDraft, order_fields

# Read from the shipper's instructions but not written for an order made on the screens: none since dangerous
# goods and reefer settings are written too (decision 3877). A field left out again is named here.
NOT_WRITTEN: set[str] = set()
# A value for each field the rules take; any other (free text) field is given its own name as its value.
SAMPLE: dict[str, Any] = {
    "is_swbl": True,
    "freight_type": 2,
    "cargo_description": "Raw pistachios",
    "imco_class": "9",
    "un_number": "3082",
    "temperature": -18,
    "humidity": 60,
    "has_ventilation": True,
}
NUMBERS = {7: "MSCU1234565"}
BOOKING = {"id": "rr-1", "reference": "FB-2026-000123", "hs_code": "080251", "commodity": "Pistachios",
           "pol_code": "IRBND"}  # fmt: skip


def _own_fields() -> list[str]:
    return [f.name for f in fields(OrderDraft) if f.name not in ("parties", "containers")]


def _order() -> dict[str, Any]:
    draft = OrderDraft(**{name: SAMPLE.get(name, f"{name}-1") for name in _own_fields()})
    own, errors = order_fields(draft, is_danger=True, container_type_value=REFRIGERATED)
    assert errors == {}, "give the new field a valid value in SAMPLE"
    party = {"name": "Pars Nuts", "address": "Valiasr Street 12, Tehran", "phone_number": "989121234567",
             "fax": None, "is_for_swbl": False}  # fmt: skip
    parties = [{**party, "party_type": SUPPLIER}, {**party, "name": "Hamburg Nuts", "party_type": CONSIGNEE}]
    container = {
        "container_id": 7,
        "seal": "S1",
        "count": 10,
        "type": 1,
        "gross_weight": 1987,
        "net_weight": 1800,
    }
    return {**own, "parties": parties, "containers": [container]}


def _read_back(details: dict[str, Any]) -> dict[str, Any]:
    written = documents._screens_instructions(details, BOOKING, NUMBERS)
    draft, errors = documents.order_draft(written, {n: i for i, n in NUMBERS.items()})
    assert errors == []
    back, _ = order_fields(draft, is_danger=True, container_type_value=REFRIGERATED)
    return back


def test_every_field_of_an_order_made_on_the_screens_travels_in_the_instructions() -> None:
    details = _order()
    back = _read_back(details)
    lost = {name: (details[name], back[name]) for name in _own_fields() if name not in NOT_WRITTEN
            and back[name] != details[name]}  # fmt: skip
    assert lost == {}, "write the field in _screens_instructions and read it in order_draft (api/dcsa/ebl)"


def test_the_fields_not_written_are_the_order_s_and_are_indeed_not_written() -> None:
    assert set(_own_fields()) >= NOT_WRITTEN
    details = _order()
    back = _read_back(details)
    # One written since: take it off the list, so the test above watches it.
    assert {name for name in NOT_WRITTEN if back[name] == details[name]} == set()


def test_the_round_trip_sees_a_field_lost() -> None:
    details = _order()
    back = _read_back({**details, "cargo_description": None})
    assert back["cargo_description"] != details["cargo_description"]

"""Booking content from the DCSA door: ISO codes, the derived rate-request details, and old events."""

from __future__ import annotations

from datetime import date

import pytest

from domain.booking.booking_content import (
    BookingRequestContent,
    Commodity,
    DangerousGood,
    ReeferSettings,
    RequestedEquipment,
    ShipmentLocation,
    Weight,
    rate_request_details,
)
from domain.booking.iso_equipment import equipment_kind, iso_code_for
from domain.booking.rate_request import RateRequest
from domain.booking.reference import SeedCatalog
from domain.shared.errors import ValidationFailed

TODAY = date(2026, 11, 23)


def content(*equipments: RequestedEquipment, pol: str = "NLAMS", pod: str = "SGSIN") -> BookingRequestContent:
    return BookingRequestContent(
        locations=(ShipmentLocation("POL", pol), ShipmentLocation("POD", pod)),
        equipments=equipments or (RequestedEquipment("22GP", 2, False),),
    )


@pytest.mark.parametrize(
    ("code", "pair"),
    [("22GP", (1, 1)), ("22G1", (1, 1)), ("42G1", (1, 2)), ("45G1", (1, 3)), ("L5G1", (1, 4)),
     ("22RT", (2, 1)), ("45R1", (2, 3)), ("22UT", (3, 1)), ("42PF", (4, 2)), ("22TN", (5, 1)),
     ("45r1", (2, 3))],
)  # fmt: skip
def test_iso_size_type_codes_map_onto_the_portals_type_and_size(code: str, pair: tuple[int, int]) -> None:
    kind = equipment_kind(code)
    assert kind is not None and (kind.container_type_id, kind.container_size_id) == pair
    named = equipment_kind(iso_code_for(*pair) or "")
    assert named is not None and (named.container_type_id, named.container_size_id) == pair


@pytest.mark.parametrize("code", ["99XX", "22VH", "", "2"])
def test_codes_the_portal_does_not_offer_map_to_nothing(code: str) -> None:
    assert equipment_kind(code) is None


def test_details_are_derived_from_the_content() -> None:
    reefer = RequestedEquipment(
        "22RT",
        3,
        False,
        ReeferSettings(-18.0, "CEL"),
        (Commodity("Fish", ("030389",), Weight(9000.0, "KGM"), (DangerousGood("1950", "AEROSOLS", "2.2"),)),),
    )
    details = rate_request_details(content(reefer), TODAY, SeedCatalog())
    catalog = SeedCatalog()
    assert (details["pol_id"], details["pod_id"]) == (catalog.port_id("NLAMS"), catalog.port_id("SGSIN"))
    assert (details["container_type_id"], details["container_size_id"], details["quantity"]) == (2, 1, 3)
    assert (details["commodity"], details["hs_code"], details["is_danger"]) == ("Fish", "030389", True)


def test_each_fault_is_named_by_its_place_in_the_content() -> None:
    lines = (RequestedEquipment("22GP", 600, False), RequestedEquipment("45G1", 1, False))
    with pytest.raises(ValidationFailed) as failed:
        rate_request_details(content(*lines, pod="ZZZZZ"), TODAY, SeedCatalog())
    assert set(failed.value.fields) == {"locations.1.un_location_code", "equipments.1.iso_code"}
    with pytest.raises(ValidationFailed) as too_many:
        rate_request_details(
            content(RequestedEquipment("22GP", 600, False), RequestedEquipment("22G1", 401, False)),
            TODAY,
            SeedCatalog(),
        )
    assert set(too_many.value.fields) == {"equipments.1.units"}
    with pytest.raises(ValidationFailed) as same_port:
        rate_request_details(content(pol="SGSIN"), TODAY, SeedCatalog())
    assert set(same_port.value.fields) == {"locations"}


def test_content_survives_its_record_form() -> None:
    made = content(RequestedEquipment("22RT", 1, True, ReeferSettings(5.0, "CEL"), (Commodity("Fish"),)))
    assert BookingRequestContent.from_record(made.to_record()) == made


def test_a_created_event_written_before_the_dcsa_door_still_loads() -> None:
    request = RateRequest(
        customer_id="c1",
        customer_username="alice",
        details={"quantity": 1},
        reference="FB-2026-000001",
        state="requested",
        actor_id="c1",
        actor_role="customer",
        reason=None,
    )
    stored = dict(request.collect_events()[0].__dict__)
    del stored["booking_content"]  # a version 2 event as stored: no such key at all
    RateRequest.Created.upcast_v2_v3(stored)
    old = object.__new__(RateRequest.Created)
    old.__dict__.update(stored)
    again = old.mutate(None)
    assert again is not None and again.content is None and again.reference == "FB-2026-000001"

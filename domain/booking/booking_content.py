"""What a booking request made through the industry standard (DCSA Booking 2.0) says, as typed values.

The API maps the standard's body onto these values; the rate request keeps them beside the portal's own
details (which are derived from them: ports, container type and size, quantity, commodity). `as_sent` is
the request as the sender wrote it, kept whole and never interpreted here, so that every field the sender
sent reads back unchanged (vessel, voyage, service contract and the many other optional terms).

Events carry the record form (`to_record`); `from_record` reads it back, so the event stays plain data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

from domain.booking.iso_equipment import EquipmentKind, equipment_kind
from domain.booking.reference import ReferenceCatalog
from domain.booking.values import last_shipping_day
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message


def as_sent_personal(at: str) -> tuple[str, ...]:
    """The personal paths of a standard's body kept as sent under `at` (a booking request's or shipping
    instructions'): its document parties and contacts (names, addresses, phones and e-mails of people and
    companies) and the emergency contacts of its dangerous goods, sealed as the screens' parties are."""
    return tuple(
        f"{at}.as_sent.{path}"
        for path in (
            "documentParties",
            "partyContactDetails",
            "requestedEquipments.commodities.outerPackaging.dangerousGoods.emergencyContactDetails",
            "consignmentItems.cargoItems.outerPackaging.dangerousGoods.emergencyContactDetails",
        )
    )


# The personal paths of an event that carries a booking's content (`to_record`): its parties, typed and as
# sent.
CONTENT_PERSONAL = ("booking_content.parties.name", *as_sent_personal("booking_content"))


@dataclass(frozen=True)
class Weight:
    value: float
    unit: str


@dataclass(frozen=True)
class DangerousGood:
    un_number: str | None
    proper_shipping_name: str
    imo_class: str


@dataclass(frozen=True)
class Commodity:
    commodity_type: str
    hs_codes: tuple[str, ...] = ()
    gross_weight: Weight | None = None
    dangerous_goods: tuple[DangerousGood, ...] = ()


@dataclass(frozen=True)
class ReeferSettings:
    temperature_setpoint: float
    temperature_unit: str


@dataclass(frozen=True)
class RequestedEquipment:
    iso_code: str
    units: int
    is_shipper_owned: bool
    reefer: ReeferSettings | None = None
    commodities: tuple[Commodity, ...] = ()


@dataclass(frozen=True)
class ShipmentLocation:
    type_code: str  # POL, POD, PRE (place of receipt), PDE (place of delivery), ...
    un_location_code: str | None


@dataclass(frozen=True)
class DocumentParty:
    function: str  # bookingAgent, shipper, consignee, ... as the standard names the role
    name: str


@dataclass(frozen=True)
class Reference:
    type: str
    value: str


@dataclass(frozen=True)
class BookingRequestContent:
    locations: tuple[ShipmentLocation, ...]
    equipments: tuple[RequestedEquipment, ...]
    parties: tuple[DocumentParty, ...] = ()
    references: tuple[Reference, ...] = ()
    expected_departure_date: str | None = None
    # The window in which the shipper expects the cargo at the place of delivery (start, end: YYYY-MM-DD).
    expected_arrival_start: str | None = None
    expected_arrival_end: str | None = None
    as_sent: Mapping[str, Any] = field(default_factory=dict)
    # The transport document asked for: a sea waybill (True) or a bill of lading (False); None: not said.
    sea_waybill: bool | None = None

    @property
    def units(self) -> int:
        return sum(e.units for e in self.equipments)

    @property
    def commodities(self) -> tuple[Commodity, ...]:
        return tuple(c for e in self.equipments for c in e.commodities)

    @property
    def is_dangerous(self) -> bool:
        return any(c.dangerous_goods for c in self.commodities)

    def location(self, *type_codes: str) -> ShipmentLocation | None:
        """The first location of the first of these kinds that the request names."""
        for code in type_codes:
            found = next((loc for loc in self.locations if loc.type_code == code), None)
            if found is not None:
                return found
        return None

    def to_record(self) -> dict[str, Any]:
        return asdict(self) | {"as_sent": dict(self.as_sent)}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> BookingRequestContent:
        def equipment(raw: Mapping[str, Any]) -> RequestedEquipment:
            reefer = raw.get("reefer")
            return RequestedEquipment(
                iso_code=raw["iso_code"],
                units=int(raw["units"]),
                is_shipper_owned=bool(raw["is_shipper_owned"]),
                reefer=ReeferSettings(**reefer) if reefer else None,
                commodities=tuple(commodity(c) for c in raw.get("commodities", ())),
            )

        def commodity(raw: Mapping[str, Any]) -> Commodity:
            weight = raw.get("gross_weight")
            return Commodity(
                commodity_type=raw["commodity_type"],
                hs_codes=tuple(raw.get("hs_codes", ())),
                gross_weight=Weight(**weight) if weight else None,
                dangerous_goods=tuple(DangerousGood(**d) for d in raw.get("dangerous_goods", ())),
            )

        return cls(
            locations=tuple(ShipmentLocation(**loc) for loc in record.get("locations", ())),
            equipments=tuple(equipment(e) for e in record.get("equipments", ())),
            parties=tuple(DocumentParty(**p) for p in record.get("parties", ())),
            references=tuple(Reference(**r) for r in record.get("references", ())),
            as_sent=dict(record.get("as_sent", {})),
        )


# Where a failure is, in the content's own terms; the API names the standard's field for each.
LOCATIONS = "locations"
MAX_UNITS = 1000


def _arrival_window_faults(content: BookingRequestContent, today: date, last_today: date) -> dict[str, str]:
    """The expected arrival dates hold the departure's horizon (a sailing later than that is not booked),
    none precedes the expected departure (the goods reach the place of delivery after they are loaded at the
    port of loading; the same day is left possible) and the window starts no later than it ends; each fault
    keyed by the date it is about."""
    faults: dict[str, str] = {}
    given = content.expected_departure_date
    departure = date.fromisoformat(given) if given else None
    days = {
        key: date.fromisoformat(text)
        for key, text in (
            ("expected_arrival_start", content.expected_arrival_start),
            ("expected_arrival_end", content.expected_arrival_end),
        )
        if text
    }
    for key, day in days.items():
        if day < today:
            faults[key] = message("booking.arrival.past")
        elif day > last_shipping_day(last_today):
            faults[key] = message("booking.arrival.far")
        elif departure and day < departure:
            faults[key] = message("booking.arrival.beforeDeparture")
    start, end = days.get("expected_arrival_start"), days.get("expected_arrival_end")
    if not faults and start and end and start > end:
        faults["expected_arrival_start"] = message("booking.arrival.order")
    return faults


def rate_request_details(
    content: BookingRequestContent,
    today: date,
    catalog: ReferenceCatalog,
    last_today: date | None = None,
) -> dict[str, Any]:
    """The portal's rate-request details that a standard booking request means, or `ValidationFailed`
    keyed by content paths (`equipments.0.iso_code`, `locations.1.un_location_code`, ...). Its dates are
    judged as the form's are: `today` the earliest day it is anywhere, `last_today` the latest.

    One rate request quotes one kind of equipment: lines of the same kind add up their units, a line of
    another kind is refused (send it as its own booking). Every UN/LOCODE must be a location the portal knows.
    """
    errors: dict[str, str] = {}
    ports: dict[int, int] = {}
    for index, location in enumerate(content.locations):
        code = (location.un_location_code or "").strip().upper()
        if not code:
            continue
        port_id = catalog.port_id(code)
        if port_id is None:
            errors[f"locations.{index}.un_location_code"] = message("booking.location.unknown", code=code)
        else:
            ports[index] = port_id
    loading = _port_of(content, ports, "POL", "PRE")
    discharge = _port_of(content, ports, "POD", "PDE")
    if loading is None and not errors:
        errors[LOCATIONS] = message("booking.loading.required")
    if discharge is None and not errors:
        errors[LOCATIONS] = message("booking.discharge.required")
    if loading is not None and loading == discharge:
        errors[LOCATIONS] = message("booking.discharge.same")
    kind: EquipmentKind | None = None
    for index, line in enumerate(content.equipments):
        found = equipment_kind(line.iso_code)
        if found is None:
            errors[f"equipments.{index}.iso_code"] = message("booking.equipment.unknown", code=line.iso_code)
        elif kind is None:
            kind = found
        elif (found.container_type_id, found.container_size_id) != (
            kind.container_type_id,
            kind.container_size_id,
        ):
            errors[f"equipments.{index}.iso_code"] = message("booking.equipment.oneKind")
    if content.units > MAX_UNITS:
        errors[f"equipments.{len(content.equipments) - 1}.units"] = message(
            "booking.units.max", max=MAX_UNITS, asked=content.units
        )
    departure: date | None = None
    if content.expected_departure_date:
        departure = date.fromisoformat(content.expected_departure_date)
        if departure < today:
            errors["expected_departure_date"] = message("booking.departure.past")
        elif departure > last_shipping_day(last_today or today):  # as on the portal's own form
            errors["expected_departure_date"] = message("booking.departure.far")
    errors.update(_arrival_window_faults(content, today, last_today or today))
    if errors:
        raise ValidationFailed(errors)
    assert kind is not None and loading is not None and discharge is not None
    commodities = content.commodities
    return {
        **cargo_details(
            [c.commodity_type for c in commodities], [h for c in commodities for h in c.hs_codes]
        ),
        "preferred_shipping_date": departure.isoformat() if departure else None,
        "is_swbl": bool(content.sea_waybill),
        "quantity": content.units,
        "is_danger": content.is_dangerous,
        # The standard's dangerous-goods declaration (UN number, IMO class, emergency contact) stands in
        # for the safety data sheet the screens ask for.
        "msds": None,
        "additional_comment": None,
        "pol_id": loading,
        "pod_id": discharge,
        "container_type_id": kind.container_type_id,
        "container_size_id": kind.container_size_id,
    }


def cargo_details(commodity_types: list[str], hs_codes: list[str]) -> dict[str, str]:
    """The portal's one commodity text and HS code for the standard's commodities (their types and codes)."""
    return {
        "commodity": "; ".join(dict.fromkeys(commodity_types))[:200] or "General cargo",
        "hs_code": hs_codes[0] if hs_codes else "",
    }


def _port_of(content: BookingRequestContent, ports: dict[int, int], *type_codes: str) -> int | None:
    for code in type_codes:
        for index, location in enumerate(content.locations):
            if location.type_code == code and index in ports:
                return ports[index]
    return None

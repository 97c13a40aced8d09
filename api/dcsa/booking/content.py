"""The standard's booking body onto the domain's typed content, and the domain's faults back onto the
standard's jsonPaths."""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from pydantic import BaseModel, RootModel

from api.dcsa.booking.models import CreateBooking, DangerousGoods, RequestedEquipmentShipper, UpdateBooking
from api.dcsa.errors import DetailedError
from domain.booking import booking_content as content
from domain.booking.iso_equipment import equipment_kind
from domain.booking.schedules import SailingChoice
from domain.shared.moments import date_problem, instant_problem

# The content's own paths (domain/booking/booking_content.py) and the standard's names for them.
_PATHS = [
    (re.compile(r"^locations\.(\d+)\.un_location_code$"), "$.shipmentLocations[{0}].location.UNLocationCode"),
    (re.compile(r"^locations$"), "$.shipmentLocations"),
    (re.compile(r"^equipments\.(\d+)\.iso_code$"), "$.requestedEquipments[{0}].ISOEquipmentCode"),
    (re.compile(r"^equipments\.(\d+)\.units$"), "$.requestedEquipments[{0}].units"),
    (re.compile(r"^expected_departure_date$"), "$.expectedDepartureDate"),
    (re.compile(r"^expected_arrival_start$"), "$.expectedArrivalAtPlaceOfDeliveryStartDate"),
    (re.compile(r"^expected_arrival_end$"), "$.expectedArrivalAtPlaceOfDeliveryEndDate"),
    (re.compile(r"^pol_id$"), "$.shipmentLocations"),  # the port of loading among them
    # The sailing a booking names: by route, or by vessel and voyage / service and date.
    (re.compile(r"^sailing\.routing_reference$"), "$.routingReference"),
    (re.compile(r"^sailing$"), "$.carrierExportVoyageNumber"),
]


def content_errors(fields: dict[str, str], as_sent: dict[str, Any]) -> list[DetailedError]:
    """A domain `ValidationFailed` on booking content as DCSA errors (an unknown UN/LOCODE or equipment code
    is 7003, a broken rule 7004), each with the jsonPath and the value sent there."""
    out = []
    for key, message in fields.items():
        path = "$"
        for pattern, template in _PATHS:
            match = pattern.match(key)
            if match:
                path = template.format(*match.groups())
                break
        value = _value_at(as_sent, path)
        unknown = key.endswith("un_location_code") or (
            key.endswith("iso_code") and equipment_kind(str(value or "")) is None
        )
        out.append(DetailedError(7003 if unknown else 7004, message, path, value))
    return out


def dates_outside_window(value: Any, path: str = "$") -> list[DetailedError]:
    """Every date and date-time of a parsed body outside the business's window, by jsonPath: the
    standard lets a body name year 9999; this portal neither stores nor converts such a date."""
    found: list[DetailedError] = []
    if isinstance(value, datetime):
        problem = instant_problem(value)
    elif isinstance(value, date):
        problem = date_problem(value)
    else:
        problem = None
        if isinstance(value, RootModel):
            found.extend(dates_outside_window(value.root, path))
        elif isinstance(value, BaseModel):
            # The fields' values as parsed (`vars`): reading a deprecated one as an attribute warns.
            for name, item in vars(value).items():
                found.extend(dates_outside_window(item, f"{path}.{name}"))
        elif isinstance(value, list | tuple):
            for index, item in enumerate(value):
                found.extend(dates_outside_window(item, f"{path}[{index}]"))
    if problem:
        found.append(DetailedError(7003, problem, path, value.isoformat()))
    return found


def _value_at(document: Any, path: str) -> Any:
    value = document
    for name, index in re.findall(r"\.(\w+)|\[(\d+)\]", path):
        try:
            value = value[int(index)] if index else value[name]
        except (KeyError, IndexError, TypeError):
            return None
    return None if value is document else value


def _equipment(line: RequestedEquipmentShipper) -> content.RequestedEquipment:
    reefer = line.activeReeferSettings
    return content.RequestedEquipment(
        iso_code=line.ISOEquipmentCode,
        units=line.units,
        is_shipper_owned=line.isShipperOwned,
        reefer=(
            content.ReeferSettings(reefer.temperatureSetpoint, reefer.temperatureUnit) if reefer else None
        ),
        commodities=tuple(
            content.Commodity(
                commodity_type=c.commodityType,
                # `HSCodes` is deprecated in 2.0.5 (read without the warning an attribute access gives).
                hs_codes=tuple(h.root for h in (vars(c).get("HSCodes") or []))
                + tuple(h.root for h in (c.extendedHSCodes or [])),
                gross_weight=(
                    content.Weight(c.cargoGrossWeight.value, c.cargoGrossWeight.unit)
                    if c.cargoGrossWeight
                    else None
                ),
                dangerous_goods=tuple(
                    _dangerous(d) for d in ((c.outerPackaging and c.outerPackaging.dangerousGoods) or [])
                ),
            )
            for c in line.commodities or []
        ),
    )


def _dangerous(goods: DangerousGoods) -> content.DangerousGood:
    declared = goods.root
    return content.DangerousGood(
        un_number=getattr(declared, "UNNumber", None),
        proper_shipping_name=declared.properShippingName,
        imo_class=declared.imoClass,
    )


def booking_content(
    body: CreateBooking | UpdateBooking, as_sent: dict[str, Any]
) -> content.BookingRequestContent:
    parties = body.documentParties
    named: list[content.DocumentParty] = []
    if parties is not None:
        for function in (
            "bookingAgent",
            "shipper",
            "consignee",
            "serviceContractOwner",
            "carrierBookingOffice",
        ):
            party = getattr(parties, function, None)
            if party is not None:
                named.append(content.DocumentParty(function, party.partyName))
        if parties.issueTo is not None:
            named.append(content.DocumentParty("issueTo", parties.issueTo.partyName))
        for other in parties.other or []:
            named.append(content.DocumentParty(other.partyFunction, other.party.partyName))
    return content.BookingRequestContent(
        locations=tuple(
            content.ShipmentLocation(loc.locationTypeCode, loc.location.UNLocationCode)
            for loc in body.shipmentLocations
        ),
        equipments=tuple(_equipment(line) for line in body.requestedEquipments),
        parties=tuple(named),
        references=tuple(content.Reference(r.type, r.value) for r in body.references or []),
        expected_departure_date=(
            body.expectedDepartureDate.isoformat() if body.expectedDepartureDate else None
        ),
        expected_arrival_start=_day(body.expectedArrivalAtPlaceOfDeliveryStartDate),
        expected_arrival_end=_day(body.expectedArrivalAtPlaceOfDeliveryEndDate),
        as_sent=as_sent,
        sea_waybill=(
            None if body.transportDocumentTypeCode is None else body.transportDocumentTypeCode == "SWB"
        ),
    )


def _day(day: date | None) -> str | None:
    return day.isoformat() if day else None


def sailing_choice(body: CreateBooking | UpdateBooking) -> SailingChoice:
    """The sailing a booking names in the standard's terms: a route's `routingReference`, a
    vessel's IMO number and export voyage, or a service and the expected departure date."""
    return SailingChoice(
        vessel_imo_number=body.vessel.vesselIMONumber if body.vessel else None,
        export_voyage=body.carrierExportVoyageNumber,
        service_code=body.carrierServiceCode,
        departure_date=body.expectedDepartureDate.isoformat() if body.expectedDepartureDate else None,
        routing_reference=body.routingReference,
    )

"""DCSA Commercial Schedules 1.0.0 on the wire: the shapes the portal answers (and staff publish), the check
of a published body against the standard's own document, and the mapping onto the domain's schedule values.

The document (`contract/dcsa/cs/CS_v1.0.0.yaml`, Apache-2.0) is the judge of a publication: a body it refuses
is refused with the JSON path of each fault, before anything is recorded.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from jsonschema import Draft4Validator
from pydantic import BaseModel, ConfigDict, Field
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4

from domain.booking.schedules import (
    MAX_CALLS_PER_PUBLICATION,
    MAX_CALLS_PER_VESSEL,
    CallTime,
    CutOff,
    PortCall,
    Sailing,
    ServiceScheduleValues,
    Vessel,
    VesselSchedule,
    parse_time,
    utc_text,
)
from domain.shared.messages import message
from domain.shared.moments import instant_problem

CS_DOCUMENT = Path(__file__).resolve().parents[3] / "contract" / "dcsa" / "cs" / "CS_v1.0.0.yaml"
CS_VERSION = "1.0.0"
_URI = "urn:dcsa:cs:1.0.0"
Text = Annotated[str, Field(pattern=r"^\S(?:.*\S)?$")]
LocationCode = Annotated[str, Field(pattern=r"^[A-Z]{2}[A-Z2-9]{3}$", min_length=5, max_length=5)]


# -- the standard's shapes (what the portal answers; the document is the reference) -------------------------
class _Shape(BaseModel):
    model_config = ConfigDict(extra="allow")


class CsVessel(_Shape):
    vesselIMONumber: Annotated[str | None, Field(pattern=r"^\d{7,8}$")] = None
    MMSINumber: Annotated[str | None, Field(pattern=r"^\d{9}$")] = None
    name: Annotated[str | None, Field(max_length=50)] = None
    flag: Annotated[str | None, Field(pattern=r"^[A-Z]{2}$")] = None
    callSign: Annotated[str | None, Field(max_length=10)] = None
    operatorCarrierCode: Annotated[str | None, Field(max_length=10)] = None
    operatorCarrierCodeListProvider: Literal["SMDG", "NMFTA"] | None = None


class CsTimestamp(_Shape):
    eventTypeCode: Literal["ARRI", "DEPA"]
    eventClassifierCode: Literal["PLN", "EST", "ACT"]
    eventDateTime: str


class CsCutOffTime(_Shape):
    cutOffDateTimeCode: Annotated[str, Field(max_length=3)]
    cutOffDateTime: str


class CsTransportCallLocation(_Shape):
    locationName: Annotated[str | None, Field(max_length=100)] = None
    UNLocationCode: LocationCode | None = None
    facilitySMDGCode: Annotated[str | None, Field(max_length=6)] = None


class CsTransportCall(_Shape):
    portVisitReference: Annotated[str | None, Field(max_length=50)] = None
    transportCallReference: Annotated[str, Field(max_length=100)]
    carrierImportVoyageNumber: Annotated[str, Field(max_length=50)]
    carrierExportVoyageNumber: Annotated[str | None, Field(max_length=50)] = None
    universalImportVoyageReference: str | None = None
    universalExportVoyageReference: str | None = None
    cutOffTimes: list[CsCutOffTime] | None = None
    location: CsTransportCallLocation | None = None
    timestamps: list[CsTimestamp]


class CsVesselSchedule(_Shape):
    vessel: CsVessel | None = None
    isDummyVessel: bool
    transportCalls: list[CsTransportCall] | None = None


class CsServiceSchedule(_Shape):
    """The standard's `ServiceSchedule`: a service with its vessels' schedules."""

    carrierServiceName: Annotated[str, Field(max_length=50)]
    carrierServiceCode: Annotated[str, Field(max_length=11)]
    universalServiceReference: Annotated[str | None, Field(pattern=r"^SR\d{5}[A-Z]$")] = None
    vesselSchedules: list[CsVesselSchedule]


class CsServicePartnerSchedule(_Shape):
    carrierServiceName: str
    carrierServiceCode: str
    carrierImportVoyageNumber: str
    carrierExportVoyageNumber: str


class CsSchedule(_Shape):
    servicePartners: list[CsServicePartnerSchedule]
    vessel: CsVessel | None = None
    isDummyVessel: bool
    timestamps: list[CsTimestamp]
    cutOffTimes: list[CsCutOffTime] | None = None


class CsPortScheduleLocation(_Shape):
    locationName: str | None = None
    UNLocationCode: LocationCode | None = None


class CsPortSchedule(_Shape):
    """The standard's `PortSchedule`: the calls at one port on one day."""

    location: CsPortScheduleLocation
    vesselSchedules: list[CsSchedule] | None = None


class CsLocation(_Shape):
    locationName: str | None = None
    UNLocationCode: LocationCode | None = None


class CsPlace(_Shape):
    facilityTypeCode: Annotated[str, Field(max_length=4)]
    location: CsLocation
    dateTime: str


class CsVesselTransport(_Shape):
    modeOfTransport: Literal["VESSEL"]
    transportCallReference: str | None = None
    servicePartners: list[dict[str, Any]] | None = None
    vessel: CsVessel | None = None


class CsLeg(_Shape):
    sequenceNumber: int | None = None
    transport: CsVesselTransport | None = None
    departure: CsPlace
    arrival: CsPlace


class CsPointToPoint(_Shape):
    """The standard's `PointToPoint` route: place of receipt to place of delivery, leg by leg."""

    placeOfReceipt: CsPlace
    placeOfDelivery: CsPlace
    receiptTypeAtOrigin: Literal["CY", "SD", "CFS"] | None = None
    deliveryTypeAtDestination: Literal["CY", "SD", "CFS"] | None = None
    cutOffTimes: list[CsCutOffTime] | None = None
    solutionNumber: int | None = None
    routingReference: str | None = None
    transitTime: int | None = None
    legs: list[CsLeg]


# -- the document as judge ----------------------------------------------------------------------------------
@cache
def _registry() -> Registry:
    document = yaml.safe_load(CS_DOCUMENT.read_text(encoding="utf-8"))
    # OpenAPI 3.0 schemas read as JSON Schema draft 4; every `$ref` resolves inside the document itself.
    registry: Registry = Registry().with_resource(
        _URI, Resource.from_contents(document, default_specification=DRAFT4)
    )
    return registry


@cache
def _validator(schema_name: str, as_list: bool) -> Draft4Validator:
    reference = {"$ref": f"{_URI}#/components/schemas/{schema_name}"}
    return Draft4Validator(
        {"type": "array", "items": reference} if as_list else reference,
        registry=_registry(),
        format_checker=Draft4Validator.FORMAT_CHECKER,
    )


def json_path(path: Any) -> str:
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def document_faults(instance: Any, schema_name: str, as_list: bool = False) -> dict[str, str]:
    """{JSON path: what is wrong} of `instance` against the CS document's schema; empty when valid."""
    errors = sorted(
        _validator(schema_name, as_list).iter_errors(instance), key=lambda e: list(e.absolute_path)
    )
    faults: dict[str, str] = {}
    for error in errors:
        faults.setdefault(json_path(error.absolute_path), error.message[:300])
    return faults


def oversize(body: Any) -> dict[str, str]:
    """The vessel schedules with more calls than a schedule may have, and the publication when it has more
    than one may have, by JSON path (looked at before anything else reads the calls)."""
    faults: dict[str, str] = {}
    total = 0
    for s, service in enumerate(body if isinstance(body, list) else []):
        schedules = service.get("vesselSchedules") if isinstance(service, dict) else None
        for v, schedule in enumerate(schedules if isinstance(schedules, list) else []):
            calls = schedule.get("transportCalls") if isinstance(schedule, dict) else None
            count = len(calls) if isinstance(calls, list) else 0
            total += count
            if count > MAX_CALLS_PER_VESSEL:
                faults[f"$[{s}].vesselSchedules[{v}].transportCalls"] = message(
                    "schedules.calls.vessel", max=MAX_CALLS_PER_VESSEL, sent=count
                )
    if total > MAX_CALLS_PER_PUBLICATION:
        faults["$"] = message("schedules.calls.publication", max=MAX_CALLS_PER_PUBLICATION, sent=total)
    return faults


def publication_faults(body: Any) -> dict[str, str]:
    """What is wrong with a publication: the document's verdict first, then the portal's own rules (times
    that read as times, one service named once, calls in time order)."""
    faults = document_faults(body, "ServiceSchedule", as_list=True)
    if faults:
        return faults
    if not body:
        return {"$": "Publish at least one service"}
    seen: set[str] = set()
    for s, service in enumerate(body):
        if service["carrierServiceCode"] in seen:
            faults[f"$[{s}].carrierServiceCode"] = message("schedules.service.twice")
        seen.add(service["carrierServiceCode"])
        for v, schedule in enumerate(service["vesselSchedules"]):
            for c, call in enumerate(schedule.get("transportCalls") or []):
                here = f"$[{s}].vesselSchedules[{v}].transportCalls[{c}]"
                for t, stamp in enumerate(call["timestamps"]):
                    problem = _time_problem(stamp["eventDateTime"])
                    if problem:
                        faults[f"{here}.timestamps[{t}].eventDateTime"] = problem
                for t, cut in enumerate(call.get("cutOffTimes") or []):
                    problem = _time_problem(cut["cutOffDateTime"])
                    if problem:
                        faults[f"{here}.cutOffTimes[{t}].cutOffDateTime"] = problem
    return faults


def _time_problem(text: str) -> str | None:
    """Why a schedule's time is not one this portal takes: not a date-time with an offset, or outside the
    business's window (checked before any conversion to UTC, which would overflow for a far one)."""
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return "Not a date-time with an offset"
    if moment.tzinfo is None or not ("Z" in text or "+" in text[10:] or "-" in text[10:]):
        return "Not a date-time with an offset"
    return instant_problem(moment)


# -- wire <-> domain ----------------------------------------------------------------------------------------
def _vessel(raw: dict[str, Any] | None) -> Vessel | None:
    if not raw:
        return None
    return Vessel(
        imo_number=raw.get("vesselIMONumber"),
        name=raw.get("name"),
        mmsi_number=raw.get("MMSINumber"),
        flag=raw.get("flag"),
        call_sign=raw.get("callSign"),
        operator_carrier_code=raw.get("operatorCarrierCode"),
        operator_code_list_provider=raw.get("operatorCarrierCodeListProvider"),
    )


def _call(raw: dict[str, Any]) -> PortCall:
    location = raw.get("location") or {}
    return PortCall(
        transport_call_reference=raw["transportCallReference"],
        import_voyage=raw["carrierImportVoyageNumber"],
        export_voyage=raw.get("carrierExportVoyageNumber"),
        port_visit_reference=raw.get("portVisitReference"),
        universal_import_voyage=raw.get("universalImportVoyageReference"),
        universal_export_voyage=raw.get("universalExportVoyageReference"),
        un_location_code=location.get("UNLocationCode"),
        location_name=location.get("locationName"),
        facility_smdg_code=location.get("facilitySMDGCode"),
        times=tuple(
            CallTime(t["eventTypeCode"], t["eventClassifierCode"], utc_text(parse_time(t["eventDateTime"])))
            for t in raw["timestamps"]
        ),
        cut_offs=tuple(
            CutOff(c["cutOffDateTimeCode"], utc_text(parse_time(c["cutOffDateTime"])))
            for c in raw.get("cutOffTimes") or []
        ),
    )


def schedule_values(body: list[dict[str, Any]]) -> list[ServiceScheduleValues]:
    """A valid publication (see `publication_faults`) as the domain's values."""
    return [
        ServiceScheduleValues(
            service_code=s["carrierServiceCode"],
            service_name=s["carrierServiceName"],
            universal_service_reference=s.get("universalServiceReference"),
            vessel_schedules=tuple(
                VesselSchedule(
                    is_dummy_vessel=bool(v["isDummyVessel"]),
                    vessel=_vessel(v.get("vessel")),
                    calls=tuple(_call(c) for c in v.get("transportCalls") or []),
                )
                for v in s["vesselSchedules"]
            ),
        )
        for s in body
    ]


def _drop_none(document: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in document.items() if v is not None and v != []}


def wire_vessel(vessel: Vessel | None) -> dict[str, Any] | None:
    if vessel is None:
        return None
    return (
        _drop_none(
            {
                "vesselIMONumber": vessel.imo_number,
                "MMSINumber": vessel.mmsi_number,
                "name": vessel.name,
                "flag": vessel.flag,
                "callSign": vessel.call_sign,
                "operatorCarrierCode": vessel.operator_carrier_code,
                "operatorCarrierCodeListProvider": vessel.operator_code_list_provider,
            }
        )
        or None
    )


def wire_timestamps(call: PortCall) -> list[dict[str, Any]]:
    return [
        {"eventTypeCode": t.kind, "eventClassifierCode": t.classifier, "eventDateTime": t.at}
        for t in call.times
    ]


def wire_cut_offs(cut_offs: tuple[CutOff, ...]) -> list[dict[str, Any]]:
    return [{"cutOffDateTimeCode": c.code, "cutOffDateTime": c.at} for c in cut_offs]


def wire_call(call: PortCall) -> dict[str, Any]:
    location = _drop_none(
        {
            "locationName": call.location_name,
            "UNLocationCode": call.un_location_code,
            "facilitySMDGCode": call.facility_smdg_code,
        }
    )
    return _drop_none(
        {
            "portVisitReference": call.port_visit_reference,
            "transportCallReference": call.transport_call_reference,
            "carrierImportVoyageNumber": call.import_voyage,
            "carrierExportVoyageNumber": call.export_voyage,
            "universalImportVoyageReference": call.universal_import_voyage,
            "universalExportVoyageReference": call.universal_export_voyage,
            "cutOffTimes": wire_cut_offs(call.cut_offs),
            "location": location or None,
            "timestamps": wire_timestamps(call),
        }
    ) | {"timestamps": wire_timestamps(call)}


def wire_service(values: ServiceScheduleValues) -> dict[str, Any]:
    return _drop_none(
        {
            "carrierServiceName": values.service_name,
            "carrierServiceCode": values.service_code,
            "universalServiceReference": values.universal_service_reference,
        }
    ) | {
        "vesselSchedules": [
            _drop_none(
                {
                    "vessel": wire_vessel(v.vessel),
                    "isDummyVessel": v.is_dummy_vessel,
                    "transportCalls": [wire_call(c) for c in v.calls],
                }
            )
            for v in values.vessel_schedules
        ]
    }


def wire_port_schedule(
    un_location_code: str, name: str | None, calls: list[tuple[dict[str, Any], PortCall]]
) -> dict[str, Any]:
    schedules = []
    for row, call in calls:
        vessel = wire_vessel(Vessel(imo_number=row["vessel_imo"], name=row["vessel_name"]))
        schedules.append(
            _drop_none(
                {
                    "servicePartners": [
                        {
                            "carrierServiceName": row["service_name"],
                            "carrierServiceCode": row["service_code"],
                            "carrierImportVoyageNumber": call.import_voyage,
                            "carrierExportVoyageNumber": call.voyage,
                        }
                    ],
                    "vessel": vessel,
                    "isDummyVessel": False,
                    "timestamps": wire_timestamps(call),
                    "cutOffTimes": wire_cut_offs(call.cut_offs),
                }
            )
            | {"timestamps": wire_timestamps(call)}
        )
    location = _drop_none({"locationName": name, "UNLocationCode": un_location_code})
    return {"location": location, "vesselSchedules": schedules}


def wire_route(sailing: Sailing, solution: int) -> dict[str, Any]:
    """A direct sailing as the standard's point-to-point route (one leg, port terminal to port terminal)."""
    vessel = wire_vessel(Vessel(imo_number=sailing.vessel_imo_number, name=sailing.vessel_name))
    receipt = {
        "facilityTypeCode": "POTE",
        "location": {"UNLocationCode": sailing.load_port},
        "dateTime": sailing.departure,
    }
    delivery = {
        "facilityTypeCode": "POTE",
        "location": {"UNLocationCode": sailing.discharge_port},
        "dateTime": sailing.arrival,
    }
    transport = _drop_none(
        {
            "modeOfTransport": "VESSEL",
            "transportCallReference": sailing.load_call_reference,
            "servicePartners": [
                {
                    "carrierServiceName": sailing.service_name,
                    "carrierServiceCode": sailing.service_code,
                    "carrierImportVoyageNumber": sailing.import_voyage,
                    "carrierExportVoyageNumber": sailing.export_voyage,
                }
            ],
            "vessel": vessel,
        }
    )
    return _drop_none(
        {
            "placeOfReceipt": receipt,
            "placeOfDelivery": delivery,
            "receiptTypeAtOrigin": "CY",
            "deliveryTypeAtDestination": "CY",
            "cutOffTimes": wire_cut_offs(sailing.cut_offs),
            "solutionNumber": solution,
            "routingReference": sailing.routing_reference,
            "transitTime": sailing.transit_days,
            "legs": [
                {"sequenceNumber": 1, "transport": transport, "departure": receipt, "arrival": delivery}
            ],
        }
    )
